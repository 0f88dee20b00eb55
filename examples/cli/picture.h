/* SPDX-License-Identifier: MIT */
/*
 * What the pictures (svg.h) and the answers show, computed with library
 * calls: the CLI's commands and the browser playground (examples/web)
 * fill svg.c's structs here, and svg.c only draws them. Like svg.c and
 * out.c, no stdio and no allocation (the WebAssembly build compiles it).
 */
#ifndef NAPFIRE_CLI_PICTURE_H
#define NAPFIRE_CLI_PICTURE_H

#include <stddef.h>
#include <stdint.h>

#include <napfire.h>

#include "svg.h"

/* The rule IDs of enum napfire_los_elevation, by value ("" for NONE). */
const char *pic_elevation_id(int32_t elevation);

/* Why the rules forbid a shot (enum napfire_reason), in the words the
 * playground uses, with the rule: "out of range (F-RNG)". */
const char *pic_reason_words(int32_t reason);

/* What hides a hex from the firer (enum napfire_los_rule), as a phrase
 * after a count of hexes: "behind the front hexsides", "by a town";
 * "seen" for NONE. */
const char *pic_hidden_words(int32_t rule);

/* The verdict of a line of sight in words, with its rule ("CLEAR line of
 * sight", "BLOCKED: ... [H-...] at COL,ROW ..."); offsets in @p layout. */
void pic_los_verdict(const napfire_los_result *res, int32_t layout, char *buf, size_t cap);

/* The picture of a judged line of sight: @p steps is its trace
 * (napfire_trace_steps from the firer to the target), kept by pointer. */
void pic_los(struct svg_los_pic *p, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res,
             const napfire_trace_step *steps, size_t nsteps);

/* The picture of the map alone. */
void pic_map(struct svg_los_pic *p, const struct svg_map *m);

/* The picture of a shot's odds over what is known
 * (napfire_shot_distribution_known): *missing receives the library's
 * verdict naming the first unknown datum, *reason the reason the rules
 * forbid the shot (0 when permitted). Returns NAPFIRE_OK (also when some
 * data is unknown) or the library's error status. */
int pic_odds(struct svg_odds_pic *p, const char *title, const napfire_shot *s, const napfire_rules *rules,
             napfire_result *missing, int32_t *reason);

/* What an NAPFIRE_EUNKNOWN result lacks, in the library's words
 * (napfire_missing_describe, SENTENCE); "nothing named" when it names
 * nothing; always NUL-terminated. */
void pic_missing_text(const napfire_result *r, char *buf, size_t cap);

/* The library's sentence, and in patch its rules-text line with one '?';
 * returns 1. For a result that names nothing: returns 0, patch "". */
int pic_missing_describe(const napfire_result *r, char *sentence, size_t scap, char *patch, size_t pcap);

#endif
