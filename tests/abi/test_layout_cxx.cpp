// SPDX-License-Identifier: MIT
// The frozen layout checks of test_layout.c, compiled as C++11 (layout-cxx):
// a C++ caller must see the same sizes, alignments, offsets and values.
#include "test_layout.c"
