/* SPDX-License-Identifier: MIT */
/*
 * The hex map text format of `napfire los` (doc/los-map-format.md): a
 * bounded parser over bytes in memory, and a loader that reads a file into
 * memory with a size bound first. The limits below are the ones the
 * format's documentation lists (tests/hostile checks the two agree).
 */
#ifndef NAPFIRE_CLI_MAP_H
#define NAPFIRE_CLI_MAP_H

#include <stddef.h>
#include <stdint.h>

#include <napfire_hex.h>

#define CLI_MAP_MAX 512                       /* columns, and rows, of a map */
#define CLI_MAP_LINE_MAX 8192                 /* bytes of one line, line end excluded */
#define CLI_MAP_FILE_MAX (4L * 1024L * 1024L) /* bytes of a map file */
#define CLI_MAP_ELEVATION_MAX 9999            /* elevations -9999..9999 */
#define CLI_MAP_SIDE_MAX 9999                 /* unit sides 0..9999 */

struct cli_map {
    int32_t layout, columns, rows;
    napfire_hex_info *cells; /* columns * rows, row by row; free with cli_map_free */
};

/* Where and why a map was refused: line and column from 1 (column 0: the
 * line as a whole; line 0: the file as a whole). */
struct cli_map_error {
    long line, column;
    char message[200];
};

/* The lines of a text file in memory, one significant line (comment cut,
 * blanks trimmed) at a time, every byte checked on the way: the map's
 * and the scene's (scene.c) reader, made by cli_lines_open(). */
struct cli_lines {
    const char *text;
    size_t len, at;
    long line;
    long indent; /* column of buf[0] in the line, from 1 */
    const char *what;
    char buf[CLI_MAP_LINE_MAX + 1];
};

/* A reader of @p len bytes at @p text (kept by pointer) to free(); its
 * messages name @p what ("a map is text"). NULL when out of memory. */
struct cli_lines *cli_lines_open(const char *text, size_t len, const char *what);

/* 1: a significant line in r->buf; 0: end of the text; -1: error (NUL or
 * control bytes, bytes past ASCII outside a comment, a line longer than
 * CLI_MAP_LINE_MAX: column 0). */
int cli_next_line(struct cli_lines *r, struct cli_map_error *err);

/* The next blank-separated token of r->buf from *at; NULL at the end. The
 * token is NUL-terminated in place; *col receives its column. */
char *cli_next_token(struct cli_lines *r, size_t *at, long *col);

/* Fill @p err (line, column, the formatted message) and return -1: how
 * the map's and the scene's readers refuse. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
int cli_text_fail(struct cli_map_error *err, long line, long column, const char *fmt, ...);

/* Parse @p len bytes (NUL bytes included: they are refused). 0 and a map
 * to free, or -1 with @p err filled and nothing to free. */
int cli_map_parse(const char *text, size_t len, struct cli_map *m, struct cli_map_error *err);

/* Read and parse the file @p path; on failure prints
 * "napfire los: PATH:LINE:COLUMN: message" (or what made the file
 * unreadable) to stderr. Returns CLI_RESOLVED or CLI_BAD_INPUT. */
int cli_map_load(const char *path, struct cli_map *m);

void cli_map_free(struct cli_map *m);

/* A whole input file of at most @p limit bytes, malloc'ed (free it), its
 * length in *len. On failure NULL, after "napfire CMD: ..." on stderr
 * naming WHAT ("map", "rules file") and PATH: cannot open (with the
 * reason), a directory, cannot read (with the reason), larger than the
 * limit (@p limit_name says which). Shared by the map and rules loaders. */
char *cli_read_file(const char *cmd, const char *what, const char *path, size_t limit, const char *limit_name,
                    size_t *len);

/* The map's description of a hex; off the map: clear ground, elevation 0,
 * no unit. @p col and @p row receive the offset coordinates. */
napfire_hex_info cli_map_cell(const struct cli_map *m, napfire_hex h, int32_t *col, int32_t *row);

#endif
