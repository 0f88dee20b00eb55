/* SPDX-License-Identifier: MIT */
/* napfire_table.h first: self-contained (see test_header_c.c). */
#include <napfire_table.h>
#include <napfire_table.h>

int header_table_first(void);

int header_table_first(void) {
    napfire_footprint f = {{{0, 1}, {1, 1}, {1, 0}, {0, 0}}, 0, {0, 0, 0}};
    napfire_scene sc = {&f, &f, NULL, NULL, 0, NULL, 0};
    size_t n = 0;
    /* No shot: EINVAL, and the declarations link. */
    return napfire_shot_measure(NULL, NULL, &sc, NULL, 0, &n) == NAPFIRE_EINVAL ? 0 : 1;
}
