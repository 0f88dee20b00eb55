// SPDX-License-Identifier: MIT
// napfire_hex.h first: self-contained in C++ (see test_header_cxx.cpp).
#include <napfire_hex.h>
#include <napfire_hex.h>

int header_hex_first_cxx();

int header_hex_first_cxx() {
    napfire_hex h = {0, 0};
    return napfire_hex_check(h);
}
