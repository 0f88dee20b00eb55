/* SPDX-License-Identifier: MIT */
/*
 * Pictures of a line of sight and of a shot's odds, as plain SVG.
 *
 * svg.c draws with integer coordinates and writes only integers, so the
 * same input gives the same bytes on every platform (the tests compare
 * files). It uses no stdio and no allocation: the CLI (svg_file.c) writes
 * the bytes to a file, the browser playground (examples/web) compiles the
 * same svg.c to WebAssembly and hands the bytes to the page.
 */
#ifndef NAPFIRE_CLI_SVG_H
#define NAPFIRE_CLI_SVG_H

#include <stddef.h>
#include <stdint.h>

#include <napfire.h>

/* Where the bytes go. write returns 0, or non-zero to stop: `failed` then
 * stays set and later output is dropped. */
struct svg_out {
    int (*write)(void *ctx, const char *data, size_t len);
    void *ctx;
    int failed;
};

/* Formatted output with %d, %u, %s and %% only (no libc formatting, so
 * the WebAssembly build needs none); and a JSON string literal. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void svg_fmt(struct svg_out *o, const char *fmt, ...);
void svg_json_string(struct svg_out *o, const char *s);

/* A dense offset-grid map, as napfire_los_grid() takes it. */
struct svg_map {
    int32_t layout, columns, rows;
    const napfire_hex_info *cells;
};

/* The hex map (terrain, elevation, units). With q and res: the firer's
 * front hexsides, the exact trace (hexes crossed, hexsides run along,
 * vertices touched), the blocking hex and the verdict with its rule.
 * q and res may both be NULL (the map alone). Returns 0, or -1 when the
 * map is malformed or the output failed. */
int svg_los(struct svg_out *o, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res);

/* The outcomes of a shot over what is known (napfire_shot_distribution_known):
 * rolls needing unknown data are counted apart (*unknown, out of 216)
 * instead of failing the whole distribution; *missing receives the
 * library's verdict, naming the first unknown datum (missing ==
 * NAPFIRE_MISSING_NONE when none). Returns NAPFIRE_OK (also when some data
 * is unknown) or the library's error status (NAPFIRE_ENOSPC when more than
 * cap distinct outcomes). */
int svg_odds_compute(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *out, size_t cap, size_t *n,
                     int32_t *unknown, napfire_result *missing);

/* The distribution as bars: one per (target, screen) outcome, one for the
 * unknown share; the expected value when nothing is unknown. title and
 * rules_name are free text (escaped). Returns 0, or -1 when the weights do
 * not sum to 216 or the output failed. */
int svg_odds(struct svg_out *o, const char *title, const char *rules_name, const napfire_outcome *out, size_t n,
             int32_t unknown, int32_t permitted, const char *verdict);

/* What an NAPFIRE_EUNKNOWN result lacks, in the library's words
 * (napfire_missing_describe, SENTENCE); always NUL-terminated. */
void svg_missing_text(const napfire_result *r, char *buf, size_t cap);

/* The library's sentence, and in patch its rules-text line with one '?';
 * returns 1. For a result that names nothing: returns 0, patch "". */
int svg_missing_describe(const napfire_result *r, char *sentence, size_t scap, char *patch, size_t pcap);

/* The CLI's wrappers (svg_file.c): compute, draw into the file at path,
 * report a failure on stderr as "napfire CMD: ...". Return 0, or the CLI's
 * bad-input status. */
int svg_los_file(const char *path, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res);
int svg_odds_file(const char *path, const char *cmd, const napfire_shot *s, const napfire_rules *rules);

#endif
