/* SPDX-License-Identifier: MIT */
/*
 * A campaign manager using libnapfire, built the two ways that need no
 * meson of its own (check.sh builds both; the meson-subproject consumer
 * has its own copy, as a standalone project must):
 *
 *   vendored sources, no build system, no generated file (NAPFIRE is the
 *   source tree):
 *     cc -std=c11 -DNAPFIRE_STATIC -I$NAPFIRE/include $NAPFIRE/lib/[a-z]*.c app.c
 *   an installed package:
 *     cc app.c $(pkg-config --cflags --libs napfire) -o app
 *
 * It resolves the worked
 * example F-EX-1 (doc/rules-figure.md) and checks the answer: 3 figures lost.
 */
#include <napfire.h>

#include <stdio.h>

static int must(int status, const char *what) {
    if (status != NAPFIRE_OK)
        fprintf(stderr, "%s: %s (%s)\n", what, napfire_status_name(status), napfire_strerror(status));
    return status != NAPFIRE_OK;
}

int main(void) {
    napfire_unit british, french;
    napfire_shot shot;
    napfire_result res;
    int bad = 0;

    bad |= must(napfire_unit_init(&british, sizeof british, NAPFIRE_ARM_LINE_INFANTRY), "unit");
    bad |= must(napfire_unit_set(&british, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN), "set");
    bad |= must(napfire_unit_set(&british, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE), "set");
    bad |= must(napfire_unit_set(&british, NAPFIRE_UNIT_FIGURES, 30), "set");
    bad |= must(napfire_unit_set(&british, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF), "set");
    bad |= must(napfire_unit_init(&french, sizeof french, NAPFIRE_ARM_LINE_INFANTRY), "unit");
    bad |= must(napfire_unit_set(&french, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS), "set");
    bad |= must(napfire_unit_set(&french, NAPFIRE_UNIT_FIGURES, 24), "set");
    bad |= must(napfire_shot_init(&shot, sizeof shot, &british, &french), "shot");
    bad |= must(napfire_shot_set(&shot, NAPFIRE_SHOT_DISTANCE, 150), "set");
    if (bad)
        return 1;
    if (must(napfire_shot_resolve(&shot, NULL, 8, 6, &res), "resolve"))
        return 1;
    printf("libnapfire %s: F-EX-1 roll 8, half die 6 -> %d figures lost\n", napfire_version_string(),
           (int)res.casualties);
    return res.casualties == 3 ? 0 : 1;
}
