// SPDX-License-Identifier: MIT
//
// ABI gate: the public headers compile as C++ (tests header-c++11 and
// header-c++17, -Wall -Wextra -Wpedantic -Werror) and link against the C
// library (extern "C"). napfire.h first here, napfire_hex.h first in
// test_header_cxx_hex.cpp.
#include <napfire.h>
#include <napfire.h>

#include <cstdio>
#include <type_traits>

int header_hex_first_cxx();
int header_table_first_cxx();

static_assert(std::is_standard_layout<napfire_result>::value, "napfire_result is standard-layout");
static_assert(std::is_trivially_copyable<napfire_unit>::value, "napfire_unit copies with memcpy");
static_assert(std::is_trivially_copyable<napfire_shot>::value, "napfire_shot copies with memcpy");
static_assert(std::is_trivially_copyable<napfire_rules>::value, "napfire_rules copies with memcpy");
static_assert(alignof(napfire_unit) == 8, "napfire_unit is 8-aligned in C++");

int main() {
    napfire_unit u;
    int status = napfire_unit_init(&u, sizeof u, NAPFIRE_ARM_LINE_INFANTRY);
    if (status != NAPFIRE_OK) {
        std::printf("napfire_unit_init: %s\n", napfire_strerror(status));
        return 1;
    }
    if (napfire_version_number() != NAPFIRE_VERSION_NUMBER || header_hex_first_cxx() != 0 ||
        header_table_first_cxx() != 0) {
        return 1;
    }
    std::printf("napfire.h, napfire_hex.h and napfire_table.h compile as C++ (__cplusplus %ld)\n",
                static_cast<long>(__cplusplus));
    return 0;
}
