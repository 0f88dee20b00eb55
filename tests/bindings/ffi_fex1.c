/* SPDX-License-Identifier: MIT */
/* napfire_ffi.h as a C compiler reads it (C99, no napfire.h): the worked
 * example F-EX-1 (3 casualties) and a refused misaligned unit
 * (NAPFIRE_EALIGN), so the flat declarations are the library's ABI. The
 * file brings no includes: the fixed-width types are the caller's. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "napfire_ffi.h"

static int failed(int st, const char *what) {
    if (st != NAPFIRE_OK)
        printf("FAIL %s: %s\n", what, napfire_status_name(st));
    return st != NAPFIRE_OK;
}

int main(void) {
    napfire_unit firer, target;
    napfire_shot shot;
    napfire_result res;
    int bad = failed(napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_LINE_INFANTRY), "unit_init");
    bad |= failed(napfire_unit_set(&firer, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN), "nation");
    bad |= failed(napfire_unit_set(&firer, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE), "class");
    bad |= failed(napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, 30), "figures");
    bad |= failed(napfire_unit_set(&firer, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF), "moved");
    bad |= failed(napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY), "unit_init");
    bad |= failed(napfire_unit_set(&target, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS), "form");
    bad |= failed(napfire_shot_init(&shot, sizeof shot, &firer, &target), "shot_init");
    bad |= failed(napfire_shot_set(&shot, NAPFIRE_SHOT_DISTANCE, 150), "distance");
    bad |= failed(napfire_shot_resolve(&shot, NULL, 8, 6, &res), "resolve");
    if (bad || res.casualties != 3) {
        printf("FAIL F-EX-1: %d casualties, expected 3\n", (int)res.casualties);
        return 1;
    }
    uint64_t words[17];
    if (napfire_unit_init((napfire_unit *)(void *)((char *)words + 4), sizeof(napfire_unit), 0) != NAPFIRE_EALIGN) {
        printf("FAIL a misaligned unit is not EALIGN\n");
        return 1;
    }
    printf("ok: F-EX-1 through napfire_ffi.h: %d casualties\n", (int)res.casualties);
    return 0;
}
