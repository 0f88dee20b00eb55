/* SPDX-License-Identifier: MIT */
/* The `napfire los` map reader: see map.h and doc/los-map-format.md. */
#define _POSIX_C_SOURCE 200809L /* fstat, fileno */

#include "map.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "number.h"

int cli_text_fail(struct cli_map_error *err, long line, long column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    err->line = line;
    err->column = column;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

#define fail cli_text_fail

/* Every byte of a line: no control character but tab (a CR only as the
 * line's end), and bytes past ASCII only in a comment (UTF-8 comments). */
static int check_bytes(const unsigned char *p, size_t n, long line, const char *what, struct cli_map_error *err) {
    int comment = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        long col = (long)i + 1;
        if (c == '#')
            comment = 1;
        if (c == '\0')
            return fail(err, line, col, "NUL byte (a %s is text)", what);
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            return fail(err, line, col, "control character 0x%02X (only tab is allowed)", c);
        if (c >= 0x80 && !comment)
            return fail(err, line, col,
                        "byte 0x%02X outside a comment (a %s is ASCII; "
                        "UTF-8 only in comments)",
                        c, what);
    }
    return 0;
}

int cli_next_line(struct cli_lines *r, struct cli_map_error *err) {
    while (r->at < r->len) {
        const char *start = r->text + r->at;
        size_t rest = r->len - r->at;
        const char *nl = memchr(start, '\n', rest);
        size_t n = nl ? (size_t)(nl - start) : rest;
        r->at += n + (nl != NULL);
        r->line++;
        if (n > 0 && start[n - 1] == '\r')
            n--;
        /* A bad byte within the limit is named first: a file of NUL bytes is
         * "NUL byte", not "line too long". */
        if (check_bytes((const unsigned char *)start, n > CLI_MAP_LINE_MAX ? CLI_MAP_LINE_MAX : n, r->line, r->what,
                        err))
            return -1;
        if (n > CLI_MAP_LINE_MAX)
            return fail(err, r->line, 0, "line %ld is longer than %d bytes", r->line, CLI_MAP_LINE_MAX);
        const char *hash = memchr(start, '#', n);
        if (hash)
            n = (size_t)(hash - start);
        size_t b = 0;
        while (b < n && (start[b] == ' ' || start[b] == '\t'))
            b++;
        while (n > b && (start[n - 1] == ' ' || start[n - 1] == '\t'))
            n--;
        if (n > b) {
            memcpy(r->buf, start + b, n - b);
            r->buf[n - b] = '\0';
            r->indent = (long)b + 1;
            return 1;
        }
    }
    return 0;
}

char *cli_next_token(struct cli_lines *r, size_t *at, long *col) {
    char *p = r->buf + *at;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return NULL;
    char *tok = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    *col = r->indent + (long)(tok - r->buf);
    *at = (size_t)(p - r->buf) + (*p != '\0');
    *p = '\0';
    return tok;
}

/* TERRAIN[ELEVATION][UNIT[SIDE]] */
static int parse_cell(const char *tok, napfire_hex_info *c) {
    memset(c, 0, sizeof *c);
    const char *p = tok;
    switch (*p++) {
        case '.':
            c->terrain = NAPFIRE_TERRAIN_CLEAR;
            break;
        case 'W':
            c->terrain = NAPFIRE_TERRAIN_BLOCKING;
            break;
        case 'T':
            c->terrain = NAPFIRE_TERRAIN_TOWN;
            break;
        case 'S':
            c->terrain = NAPFIRE_TERRAIN_SLOPE;
            break;
        default:
            return -1;
    }
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
        p = cli_number(p, -CLI_MAP_ELEVATION_MAX, CLI_MAP_ELEVATION_MAX, &c->elevation);
        if (!p)
            return -1;
    }
    if (*p == 'u' || *p == 'r' || *p == 'l') {
        c->presence = *p == 'u'   ? NAPFIRE_PRESENCE_COMBAT
                      : *p == 'r' ? NAPFIRE_PRESENCE_ROUTED
                                  : NAPFIRE_PRESENCE_LEADER_ONLY;
        p++;
        if (*p >= '0' && *p <= '9') {
            p = cli_number(p, 0, CLI_MAP_SIDE_MAX, &c->unit_side);
            if (!p)
                return -1;
        }
    }
    return *p == '\0' ? 0 : -1;
}

/* The next significant line as up to four tokens (a fourth is a stray
 * one), their columns in col[]; returns next_line's answer. */
static int tokens(struct cli_lines *r, struct cli_map_error *err, char *tok[4], long col[4]) {
    int got = cli_next_line(r, err);
    size_t at = 0;
    for (int i = 0; i < 4; i++) {
        col[i] = 0;
        tok[i] = got == 1 && (i == 0 || tok[i - 1]) ? cli_next_token(r, &at, &col[i]) : NULL;
    }
    return got;
}

static int parse_magic(struct cli_lines *r, struct cli_map_error *err) {
    char *t[4];
    long col[4];
    int got = tokens(r, err, t, col);
    if (got < 0)
        return -1;
    if (got == 0)
        return fail(err, r->line, 0, "no map: expected the header line 'napfire-map 1'");
    if (!t[0] || strcmp(t[0], "napfire-map") || !t[1] || strcmp(t[1], "1") || t[2])
        return fail(err, r->line, 0, "the first line must be 'napfire-map 1' (format and version)");
    return 0;
}

static int parse_layout(struct cli_lines *r, struct cli_map *m, struct cli_map_error *err) {
    static const char *const layouts[] = {"odd-q", "even-q", "odd-r", "even-r"};
    char *t[4];
    long col[4];
    int got = tokens(r, err, t, col);
    if (got < 0)
        return -1;
    if (!t[0] || strcmp(t[0], "layout") || !t[1] || t[2])
        return fail(err, r->line, 0, "expected 'layout L', L one of odd-q, even-q, odd-r, even-r");
    for (int32_t i = 0; i < 4; i++)
        if (!strcmp(t[1], layouts[i]))
            m->layout = i;
    if (m->layout < 0)
        return fail(err, r->line, col[1],
                    "layout '%.40s' is not allowed: give odd-q, even-q, "
                    "odd-r or even-r",
                    t[1]);
    return 0;
}

static int parse_size(struct cli_lines *r, struct cli_map *m, struct cli_map_error *err) {
    char *t[4];
    long col[4];
    int32_t cols, rows;
    int got = tokens(r, err, t, col);
    if (got < 0)
        return -1;
    if (!t[0] || strcmp(t[0], "size") || !t[1] || !t[2] || t[3])
        return fail(err, r->line, 0, "expected 'size COLUMNS ROWS', each 1..%d", CLI_MAP_MAX);
    if (cli_whole_number(t[1], 1, CLI_MAP_MAX, &cols))
        return fail(err, r->line, col[1],
                    "size: COLUMNS '%.40s' is not allowed: give a whole "
                    "number 1..%d",
                    t[1], CLI_MAP_MAX);
    if (cli_whole_number(t[2], 1, CLI_MAP_MAX, &rows))
        return fail(err, r->line, col[2],
                    "size: ROWS '%.40s' is not allowed: give a whole "
                    "number 1..%d",
                    t[2], CLI_MAP_MAX);
    m->columns = cols;
    m->rows = rows;
    return 0;
}

static int parse_header(struct cli_lines *r, struct cli_map *m, struct cli_map_error *err) {
    if (parse_magic(r, err) || parse_layout(r, m, err) || parse_size(r, m, err))
        return -1;
    return 0;
}

static int parse_rows(struct cli_lines *r, struct cli_map *m, struct cli_map_error *err) {
    for (int32_t row = 0; row < m->rows; row++) {
        int got = cli_next_line(r, err);
        if (got < 0)
            return -1;
        if (got == 0)
            return fail(err, r->line, 0, "%d rows, not %d as 'size' says", row, m->rows);
        size_t at = 0;
        long col = 0;
        int32_t c = 0;
        for (char *tok; (tok = cli_next_token(r, &at, &col)) != NULL; c++) {
            if (c >= m->columns)
                return fail(err, r->line, col, "row %d has more than %d cells", row, m->columns);
            if (parse_cell(tok, &m->cells[(size_t)row * (size_t)m->columns + (size_t)c]))
                return fail(err, r->line, col,
                            "row %d: bad cell '%.20s' (TERRAIN . W T S, then "
                            "ELEVATION -%d..%d, then u, r or l and SIDE 0..%d)",
                            row, tok, CLI_MAP_ELEVATION_MAX, CLI_MAP_ELEVATION_MAX, CLI_MAP_SIDE_MAX);
        }
        if (c != m->columns)
            return fail(err, r->line, 0, "row %d has %d cells, not %d", row, c, m->columns);
    }
    int got = cli_next_line(r, err);
    if (got < 0)
        return -1;
    if (got > 0)
        return fail(err, r->line, 0, "more rows than the %d 'size' says", m->rows);
    return 0;
}

struct cli_lines *cli_lines_open(const char *text, size_t len, const char *what) {
    struct cli_lines *r = malloc(sizeof *r);
    if (r) {
        r->text = text;
        r->len = len;
        r->at = 0;
        r->line = 0;
        r->indent = 1;
        r->what = what;
    }
    return r;
}

int cli_map_parse(const char *text, size_t len, struct cli_map *m, struct cli_map_error *err) {
    m->layout = -1;
    m->columns = m->rows = 0;
    m->cells = NULL;
    err->line = err->column = 0;
    err->message[0] = '\0';
    if (len > (size_t)CLI_MAP_FILE_MAX)
        return fail(err, 0, 0, "larger than %ld bytes", CLI_MAP_FILE_MAX);
    struct cli_lines *r = cli_lines_open(text, len, "map");
    if (!r)
        return fail(err, 0, 0, "out of memory");
    int rc = parse_header(r, m, err);
    if (rc == 0) {
        m->cells = calloc((size_t)m->columns * (size_t)m->rows, sizeof *m->cells);
        rc = m->cells ? parse_rows(r, m, err) : fail(err, 0, 0, "out of memory");
    }
    free(r);
    if (rc != 0)
        cli_map_free(m);
    return rc;
}

void cli_map_free(struct cli_map *m) {
    free(m->cells);
    m->cells = NULL;
}

char *cli_read_file(const char *cmd, const char *what, const char *path, size_t limit, const char *limit_name,
                    size_t *len) {
    /* A plain blocking open, as cat's: a FIFO waits for its writer (which
     * may start after us); what the writer sends is bounded below. */
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "napfire %s: cannot open %s '%s': %s\n", cmd, what, path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "napfire %s: %s '%s' is a directory, not a file\n", cmd, what, path);
        fclose(f);
        return NULL;
    }
    char *buf = malloc(limit + 1);
    if (!buf) {
        fprintf(stderr, "napfire %s: out of memory reading %s '%s'\n", cmd, what, path);
        fclose(f);
        return NULL;
    }
    /* One byte past the limit tells a larger file (or a device that never
     * ends) from one exactly at it, without reading on. */
    size_t n = fread(buf, 1, limit + 1, f);
    int read_error = ferror(f);
    int e = errno;
    fclose(f);
    if (read_error) {
        fprintf(stderr, "napfire %s: cannot read %s '%s': %s\n", cmd, what, path, strerror(e));
        free(buf);
        return NULL;
    }
    if (n > limit) {
        fprintf(stderr, "napfire %s: %s '%s' is larger than %zu bytes (%s)\n", cmd, what, path, limit, limit_name);
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int cli_map_load(const char *path, struct cli_map *m) {
    size_t len = 0;
    m->cells = NULL;
    char *text = cli_read_file("los", "map", path, (size_t)CLI_MAP_FILE_MAX, "the map file limit", &len);
    if (!text)
        return CLI_BAD_INPUT;
    struct cli_map_error err;
    int rc = cli_map_parse(text, len, m, &err);
    free(text);
    if (rc == 0)
        return CLI_RESOLVED;
    if (err.column > 0)
        fprintf(stderr, "napfire los: %s:%ld:%ld: %s\n", path, err.line, err.column, err.message);
    else
        fprintf(stderr, "napfire los: %s:%ld: %s\n", path, err.line, err.message);
    return CLI_BAD_INPUT;
}

napfire_hex_info cli_map_cell(const struct cli_map *m, napfire_hex h, int32_t *col, int32_t *row) {
    napfire_hex_info none;
    memset(&none, 0, sizeof none);
    if (napfire_hex_to_offset(h, m->layout, col, row) != NAPFIRE_OK)
        return none;
    if (*col < 0 || *col >= m->columns || *row < 0 || *row >= m->rows)
        return none;
    return m->cells[(size_t)*row * (size_t)m->columns + (size_t)*col];
}
