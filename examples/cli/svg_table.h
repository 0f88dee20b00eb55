/* SPDX-License-Identifier: MIT */
/*
 * The picture of a shot on the table (`napfire musketry/artillery --scene
 * FILE --svg OUT`): the footprints, the measured range, the battery's
 * sector of fire and its 10 cm zones, the line of fire, the measured
 * facts in words and the verdict.
 *
 * Like svg.c it computes nothing of the rules: the facts and the verdict
 * come from the library (napfire_shot_measure, napfire_shot_resolve);
 * the lines it draws (the closest points of the range, the sector's rays)
 * are for the eye. Integer arithmetic only, so the same scene gives the
 * same bytes on every platform; no stdio, no allocation.
 */
#ifndef NAPFIRE_CLI_SVG_TABLE_H
#define NAPFIRE_CLI_SVG_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include <napfire_table.h>

#include "out.h"

#define SVG_TABLE_LINES 16

struct svg_table_pic {
    napfire_scene scene;
    int artillery;     /* draw the sector of fire and the zones */
    int32_t range;     /* the measured DISTANCE, -1: not measured */
    int32_t clearance; /* F-ART-5's threshold in the measure; <= 0: no zones drawn */
    const char *unit;  /* "mm", "tenths" */
    int32_t permitted; /* 1, 0, -1 undecided: the verdict's colour */
    char title[160];
    char verdict[256];
    char lines[SVG_TABLE_LINES][200]; /* the measured facts, in words */
    size_t nlines;
};

/* Returns 0, or -1 when the scene is empty or the output failed. */
int svg_table(struct out *o, const struct svg_table_pic *p);

#endif
