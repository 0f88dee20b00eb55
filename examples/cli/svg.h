/* SPDX-License-Identifier: MIT */
/*
 * Pictures of a line of sight and of a shot's odds, as plain SVG.
 *
 * svg.c draws what a command computed (picture.h fills the two structs
 * below with library calls) and computes nothing of the rules itself: it
 * places hexes, bars and words. It draws with integer coordinates and
 * writes only integers, so the same input gives the same bytes on every
 * platform (the tests compare files). It uses no stdio and no allocation:
 * the CLI writes the bytes to a file (out_file.c), the browser playground
 * (examples/web) compiles the same svg.c to WebAssembly and hands the bytes
 * to the page.
 */
#ifndef NAPFIRE_CLI_SVG_H
#define NAPFIRE_CLI_SVG_H

#include <stddef.h>
#include <stdint.h>

#include <napfire.h>

#include "out.h"

/* A dense offset-grid map, as napfire_los_grid() takes it. */
struct svg_map {
    int32_t layout, columns, rows;
    const napfire_hex_info *cells;
};

/* The lines of words under a line-of-sight picture. */
enum svg_los_line {
    SVG_LOS_HEADING, /* the question; the map alone: what map it is */
    SVG_LOS_VERDICT, /* the verdict with its rule */
    SVG_LOS_NOTE,    /* what elevation did; "" for nothing */
    SVG_LOS_LINES
};

/* A line of sight as the command judged it. With shot == 0, the map alone
 * (terrain, elevation, units) and its heading; the rest unused. */
struct svg_los_pic {
    struct svg_map map;
    int shot;
    napfire_hex firer, target;
    uint32_t front_mask;             /* the firer's front hexsides */
    uint32_t exit_mask;              /* the hexsides the line leaves through */
    const napfire_trace_step *steps; /* the exact trace (napfire_trace_steps) */
    size_t nsteps;
    int clear;
    int no_front;         /* blocked because it leaves through no front hexside */
    int32_t blocker_kind; /* 0: none drawn; else a napfire_step_kind */
    napfire_hex blocker, blocker_other;
    const char *rule; /* the verdict's rule name (data-rule) */
    char lines[SVG_LOS_LINES][256];
    /* The field of view from firer (napfire_fov_grid), or NULL: a rule per
     * cell, NAPFIRE_FOV_NOT_ASKED outside it. Drawn with shot == 0: the
     * hexes seen shaded, the others marked by their rule; the heading, the
     * verdict and the note lines say what it is and what hid the rest. */
    const uint8_t *view;
    /* 1: under the words, the full key (terrain, elevation, units, the
     * marks drawn), for a picture read on its own; 0: the short key of
     * the marks, where a page shows its own legend beside it. */
    int legend;
};

/* Returns 0, or -1 when the map is malformed or the output failed. */
int svg_los(struct out *o, const struct svg_los_pic *p);

/* A shot's odds over what is known (napfire_shot_distribution_known):
 * one bar per (target, screen) outcome and one for the unknown share. */
struct svg_odds_pic {
    char title[96], rules_name[64];
    char verdict[256]; /* a "; " in it starts a second line */
    napfire_outcome out[64];
    size_t n;
    int32_t unknown; /* weight of the rolls needing unknown data, of 216 */
    int32_t permitted;
    int expected_known; /* napfire_shot_expected() answered */
    int32_t expected_num, expected_den;
};

/* Returns 0, or -1 when the weights do not sum to 216 or the output
 * failed. */
int svg_odds(struct out *o, const struct svg_odds_pic *p);

#endif
