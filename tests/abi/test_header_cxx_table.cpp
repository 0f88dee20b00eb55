// SPDX-License-Identifier: MIT
// napfire_table.h first: self-contained in C++ (see test_header_cxx.cpp).
#include <napfire_table.h>
#include <napfire_table.h>

int header_table_first_cxx();

int header_table_first_cxx() {
    napfire_footprint f = {{{0, 1}, {1, 1}, {1, 0}, {0, 0}}, 0, {0, 0, 0}};
    napfire_scene sc = {&f, &f, nullptr, nullptr, 0, nullptr, 0};
    size_t n = 0;
    return napfire_shot_measure(nullptr, nullptr, &sc, nullptr, 0, &n) == NAPFIRE_EINVAL ? 0 : 1;
}
