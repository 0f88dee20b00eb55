/* SPDX-License-Identifier: MIT */
/* What every refusal of the CLI's text readers (the map, the scene) must
 * be, for fuzz_map.c and fuzz_scene.c. */
#ifndef NAPFIRE_FUZZ_TEXT_H
#define NAPFIRE_FUZZ_TEXT_H

#include "fuzz_util.h"

#include "map.h"

static inline long fz_count_lines(const uint8_t *d, size_t n) {
    long lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += d[i] == '\n';
    return lines;
}

/* A message of printable ASCII, a line in lowest..the input's line count
 * and a column in lowest..CLI_MAP_LINE_MAX + 1. */
static inline void fz_check_text_refusal(const struct cli_map_error *err, const uint8_t *d, size_t n, long lowest) {
    size_t len = strnlen(err->message, sizeof err->message);
    FZ_MUST(len > 0 && len < sizeof err->message, "a refusal has a message");
    for (size_t i = 0; i < len; i++)
        FZ_MUST(err->message[i] >= 0x20 && err->message[i] < 0x7F, "the message is printable ASCII");
    FZ_MUST(err->line >= lowest && err->line <= fz_count_lines(d, n), "the line is in the input");
    FZ_MUST(err->column >= lowest && err->column <= CLI_MAP_LINE_MAX + 1, "the column is in a line");
}

#endif
