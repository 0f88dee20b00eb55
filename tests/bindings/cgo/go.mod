module napfire.example/fex1

go 1.19
