/* SPDX-License-Identifier: MIT */
/* napfire_hex.h first: self-contained (see test_header_c.c). */
#include <napfire_hex.h>
#include <napfire_hex.h>

int header_hex_first(void);

int header_hex_first(void) {
    napfire_hex h = {0, 0};
    return napfire_hex_check(h);
}
