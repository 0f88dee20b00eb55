/* SPDX-License-Identifier: MIT */
/*
 * napfire los: line of sight on a hex map (H-LOS, H-ELV, H-FACE).
 *
 * Reads a map in the text format of doc/los-map-format.md, traces the line
 * from the firer's hex to the target's hex, prints every step (hex crossed,
 * hexside run along, vertex touched) and the verdict with its rule ID.
 * Exit status: 0 clear, 1 blocked, 2 bad input (3, "not applicable", is
 * never returned by this command).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "svg.h" /* --svg */

#define MAP_MAX 512     /* columns and rows of a map file */
#define MAP_LINE_MAX 8192  /* characters of one map line */

struct map {
    int32_t layout, columns, rows;
    napfire_hex_info *cells;
};

static void usage(FILE *to) {
    fprintf(to,
            "usage: napfire los [OPTIONS] MAP FIRER TARGET\n"
            "\n"
            "Trace the line of sight from FIRER to TARGET on the hex map MAP\n"
            "(format: doc/los-map-format.md) and judge it by RULES H-LOS and H-ELV.\n"
            "FIRER and TARGET are 0-based offset coordinates COL,ROW in the map's\n"
            "layout (printed maps numbered from 01: subtract one from each).\n"
            "\n"
            "options:\n"
            "  --front LIST         front hexsides of the firer: digits 0-5 separated by\n"
            "                       commas, or 'all' (default: all six)\n"
            "  --facing FORM:F      front hexsides from a formation and facing (H-FACE):\n"
            "                       FORM column|artillery|line|tirailleur|square,\n"
            "                       F 0..11 (2i faces hexside i, 2v+1 faces vertex v)\n"
            "  --firer-side N       the firer's side (default: the unit in its hex, else 1)\n"
            "  --target-side N      the target's side (default: the unit in its hex, else 2)\n"
            "  --friend-target-side a unit adjacent to the target is 'friendly' when on\n"
            "                       the target's side (H-ELV-2; default: the firer's side)\n"
            "  --json               print the result as JSON\n"
            "  --svg FILE           also draw the map, trace and verdict as SVG into FILE\n"
            "  --help               this text\n"
            "\n"
            "Exit status: 0 clear, 1 blocked (the rules forbid it), 2 bad input.\n");
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
#endif
static int bad(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "napfire los: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return CLI_BAD_INPUT;
}

static int parse_int(const char *s, long lo, long hi, int32_t *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) return 0;
    *out = (int32_t)v;
    return 1;
}

/* "COL,ROW" */
static int parse_pair(const char *s, int32_t *a, int32_t *b) {
    char buf[64];
    const char *comma = strchr(s, ',');
    if (!comma || (size_t)(comma - s) >= sizeof buf) return 0;
    memcpy(buf, s, (size_t)(comma - s));
    buf[comma - s] = '\0';
    return parse_int(buf, -NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX, a) &&
           parse_int(comma + 1, -NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX, b);
}

static int parse_front(const char *s, uint32_t *mask) {
    if (!strcmp(s, "all")) {
        *mask = 0x3F;
        return 1;
    }
    uint32_t m = 0;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '5' && (p[1] == ',' || p[1] == '\0'))
            m |= 1u << (*p - '0');
        else if (*p != ',' || p == s || p[1] == '\0')
            return 0;
    }
    *mask = m;
    return 1;
}

static int parse_facing(const char *s, uint32_t *mask) {
    static const char *const names[] = {"column", "artillery", "line", "tirailleur", "square"};
    const char *colon = strchr(s, ':');
    int32_t facing;
    if (!colon || !parse_int(colon + 1, 0, 11, &facing)) return 0;
    for (int32_t f = 0; f < 5; f++)
        if (strlen(names[f]) == (size_t)(colon - s) && !strncmp(s, names[f], (size_t)(colon - s)))
            return napfire_hex_facing(f, facing, mask, NULL, NULL) == NAPFIRE_OK;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The map file */

static int parse_cell(const char *tok, napfire_hex_info *c) {
    memset(c, 0, sizeof *c);
    const char *p = tok;
    switch (*p++) {
    case '.': c->terrain = NAPFIRE_TERRAIN_CLEAR; break;
    case 'W': c->terrain = NAPFIRE_TERRAIN_BLOCKING; break;
    case 'T': c->terrain = NAPFIRE_TERRAIN_TOWN; break;
    case 'S': c->terrain = NAPFIRE_TERRAIN_SLOPE; break;
    default: return 0;
    }
    if (*p == '-' || (*p >= '0' && *p <= '9')) {
        char *end;
        long e = strtol(p, &end, 10);
        if (end == p || e < -9999 || e > 9999) return 0;
        c->elevation = (int32_t)e;
        p = end;
    }
    if (*p == 'u' || *p == 'r' || *p == 'l') {
        c->presence = *p == 'u' ? NAPFIRE_PRESENCE_COMBAT
                      : *p == 'r' ? NAPFIRE_PRESENCE_ROUTED
                                  : NAPFIRE_PRESENCE_LEADER_ONLY;
        p++;
        if (*p >= '0' && *p <= '9') {
            char *end;
            long side = strtol(p, &end, 10);
            if (side > 9999) return 0;
            c->unit_side = (int32_t)side;
            p = end;
        }
    }
    return *p == '\0';
}

/* Next significant line (comments and blank lines skipped); 0 at the end. */
static int next_line(FILE *f, char *buf, size_t cap, long *lineno) {
    while (fgets(buf, (int)cap, f)) {
        (*lineno)++;
        size_t n = strlen(buf);
        if (n == cap - 1 && buf[n - 1] != '\n' && !feof(f)) return -1;
        char *hash = strchr(buf, '#');
        if (hash) *hash = '\0';
        char *p = buf;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (*p) {
            memmove(buf, p, strlen(p) + 1);
            return 1;
        }
    }
    return 0;
}

static int map_error(const char *path, long line, const char *what) {
    fprintf(stderr, "napfire los: %s:%ld: %s\n", path, line, what);
    return CLI_BAD_INPUT;
}

static int load_map(const char *path, struct map *m) {
    static const char *const layouts[] = {"odd-q", "even-q", "odd-r", "even-r"};
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "napfire los: cannot open map '%s': %s\n", path, strerror(errno));
        return CLI_BAD_INPUT;
    }
    char *buf = malloc(MAP_LINE_MAX);
    long line = 0;
    int rc = CLI_BAD_INPUT;
    char word[32];
    m->cells = NULL;
    m->layout = -1;
    if (!buf) goto out;
    if (next_line(f, buf, MAP_LINE_MAX, &line) != 1 || strncmp(buf, "napfire-map 1", 13) != 0 ||
        strspn(buf + 13, " \t\r\n") != strlen(buf + 13)) {
        rc = map_error(path, line, "the first line must be 'napfire-map 1'");
        goto out;
    }
    if (next_line(f, buf, MAP_LINE_MAX, &line) != 1 || sscanf(buf, "layout %31s", word) != 1) {
        rc = map_error(path, line, "expected 'layout odd-q|even-q|odd-r|even-r'");
        goto out;
    }
    for (int32_t i = 0; i < 4; i++)
        if (!strcmp(word, layouts[i])) m->layout = i;
    if (m->layout < 0) {
        rc = map_error(path, line, "unknown layout (odd-q, even-q, odd-r or even-r)");
        goto out;
    }
    int cols, rows;
    char extra;
    if (next_line(f, buf, MAP_LINE_MAX, &line) != 1 || sscanf(buf, "size %d %d %c", &cols, &rows, &extra) != 2 ||
        cols < 1 || rows < 1 || cols > MAP_MAX || rows > MAP_MAX) {
        rc = map_error(path, line, "expected 'size COLUMNS ROWS', each 1..512");
        goto out;
    }
    m->columns = cols;
    m->rows = rows;
    m->cells = calloc((size_t)cols * (size_t)rows, sizeof *m->cells);
    if (!m->cells) goto out;
    for (int r = 0; r < rows; r++) {
        int got = next_line(f, buf, MAP_LINE_MAX, &line);
        if (got != 1) {
            rc = map_error(path, line, got < 0 ? "line too long" : "fewer rows than 'size' says");
            goto out;
        }
        int c = 0;
        for (char *tok = strtok(buf, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n"), c++) {
            if (c >= cols || !parse_cell(tok, &m->cells[(size_t)r * (size_t)cols + (size_t)c])) {
                char msg[160];
                if (c >= cols)
                    snprintf(msg, sizeof msg, "row %d has more than %d cells", r, cols);
                else
                    snprintf(msg, sizeof msg, "row %d: bad cell '%.20s' (see doc/los-map-format.md)", r, tok);
                rc = map_error(path, line, msg);
                goto out;
            }
        }
        if (c != cols) {
            char msg[64];
            snprintf(msg, sizeof msg, "row %d has %d cells, not %d", r, c, cols);
            rc = map_error(path, line, msg);
            goto out;
        }
    }
    if (next_line(f, buf, MAP_LINE_MAX, &line) != 0) {
        rc = map_error(path, line, "more rows than 'size' says");
        goto out;
    }
    rc = CLI_RESOLVED;
out:
    free(buf);
    fclose(f);
    if (rc != CLI_RESOLVED) {
        free(m->cells);
        m->cells = NULL;
    }
    return rc;
}

/* The map's description of a hex; off the map: clear ground. */
static napfire_hex_info cell_at(const struct map *m, napfire_hex h, int32_t *col, int32_t *row) {
    napfire_hex_info none;
    memset(&none, 0, sizeof none);
    if (napfire_hex_to_offset(h, m->layout, col, row) != NAPFIRE_OK) return none;
    if (*col < 0 || *col >= m->columns || *row < 0 || *row >= m->rows) return none;
    return m->cells[(size_t)*row * (size_t)m->columns + (size_t)*col];
}

/* ------------------------------------------------------------------ */
/* Output */

static const char *step_name(int32_t kind) {
    return kind == NAPFIRE_STEP_HEX ? "hex" : kind == NAPFIRE_STEP_HEXSIDE ? "hexside" : "vertex";
}

static void describe(const napfire_hex_info *c, char *buf, size_t cap) {
    static const char *const terrain[] = {"clear", "woods/wall", "town", "slope"};
    static const char *const unit[] = {"", ", combat unit", ", routed", ", leader only"};
    char side[24] = "";
    if (c->presence != NAPFIRE_PRESENCE_NONE) snprintf(side, sizeof side, " (side %d)", c->unit_side);
    snprintf(buf, cap, "%s, elevation %d%s%s", terrain[c->terrain], c->elevation, unit[c->presence],
             c->presence != NAPFIRE_PRESENCE_NONE ? side : "");
}

static void print_mask(FILE *o, uint32_t mask, const char *sep) {
    int first = 1;
    for (int i = 0; i < 6; i++)
        if (mask & (1u << i)) {
            fprintf(o, "%s%d", first ? "" : sep, i);
            first = 0;
        }
    if (first && sep[0] == ',') fprintf(o, "none");
}

static void json_hex(const struct map *m, napfire_hex h) {
    int32_t col = 0, row = 0;
    (void)cell_at(m, h, &col, &row);
    printf("{\"col\": %d, \"row\": %d, \"q\": %d, \"r\": %d}", col, row, h.q, h.r);
}

/* ------------------------------------------------------------------ */

int napfire_cmd_los(int argc, char **argv) {
    uint32_t front = 0x3F;
    int json = 0, have_firer_side = 0, have_target_side = 0;
    int32_t firer_side = 1, target_side = 2;
    uint32_t policy = 0;
    const char *pos[3];
    int npos = 0;
    const char *svg_path = NULL; /* --svg */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return CLI_RESOLVED;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--svg")) { /* --svg */
            if (i + 1 >= argc) return bad("%s needs a value", a);
            svg_path = argv[++i];
        } else if (!strcmp(a, "--friend-target-side")) {
            policy |= NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE;
        } else if (!strcmp(a, "--front") || !strcmp(a, "--facing") || !strcmp(a, "--firer-side") ||
                   !strcmp(a, "--target-side")) {
            if (i + 1 >= argc) return bad("%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--front") && !parse_front(v, &front))
                return bad("--front takes hexsides 0-5 separated by commas, or 'all'; not '%s'", v);
            if (!strcmp(a, "--facing") && !parse_facing(v, &front))
                return bad("--facing takes FORMATION:FACING, e.g. line:1 (column and artillery face a "
                           "hexside, an even number; line and tirailleur a vertex, odd); not '%s'", v);
            if (!strcmp(a, "--firer-side")) {
                if (!parse_int(v, INT32_MIN, INT32_MAX, &firer_side)) return bad("bad side '%s'", v);
                have_firer_side = 1;
            }
            if (!strcmp(a, "--target-side")) {
                if (!parse_int(v, INT32_MIN, INT32_MAX, &target_side)) return bad("bad side '%s'", v);
                have_target_side = 1;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            return bad("unknown option '%s' (see --help)", a);
        } else {
            if (npos == 3) return bad("unexpected argument '%s' (MAP FIRER TARGET)", a);
            pos[npos++] = a;
        }
    }
    if (npos != 3) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    int32_t fc, fr, tc, tr;
    if (!parse_pair(pos[1], &fc, &fr)) return bad("FIRER must be COL,ROW; not '%s'", pos[1]);
    if (!parse_pair(pos[2], &tc, &tr)) return bad("TARGET must be COL,ROW; not '%s'", pos[2]);

    struct map m;
    int rc = load_map(pos[0], &m);
    if (rc != CLI_RESOLVED) return rc;

    napfire_los_query q;
    memset(&q, 0, sizeof q);
    if (napfire_hex_from_offset(m.layout, fc, fr, &q.firer) != NAPFIRE_OK ||
        napfire_hex_from_offset(m.layout, tc, tr, &q.target) != NAPFIRE_OK) {
        free(m.cells);
        return bad("%s", "a hex is outside the coordinate bound");
    }
    if (q.firer.q == q.target.q && q.firer.r == q.target.r) {
        free(m.cells);
        return bad("%s", "firer and target are the same hex");
    }
    int32_t col, row;
    napfire_hex_info fi = cell_at(&m, q.firer, &col, &row), ti = cell_at(&m, q.target, &col, &row);
    if (!have_firer_side && fi.presence != NAPFIRE_PRESENCE_NONE) firer_side = fi.unit_side;
    if (!have_target_side && ti.presence != NAPFIRE_PRESENCE_NONE) target_side = ti.unit_side;
    q.front_mask = front;
    q.firer_side = firer_side;
    q.target_side = target_side;
    q.policy = policy;

    napfire_los_result res;
    int st = napfire_los_grid(&q, m.layout, m.columns, m.rows, m.cells, &res);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire los: %s\n", napfire_strerror(st));
        free(m.cells);
        return CLI_BAD_INPUT;
    }

    if (svg_path) { /* --svg */
        struct svg_map sm = {m.layout, m.columns, m.rows, m.cells};
        if (svg_los_file(svg_path, &sm, &q, &res) != 0) {
            free(m.cells);
            return CLI_BAD_INPUT;
        }
    }

    napfire_trace it;
    napfire_trace_step s;
    int32_t more;
    napfire_trace_init(&it, sizeof it, q.firer, q.target);
    const char *rule = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res.rule);
    const char *cause = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res.cause);
    const char *elev = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res.elevation);
    static const char *const elev_id[] = {"", "H-ELV-3", "H-ELV-3", "H-ELV-1/2", "H-ELV-2"};

    if (json) {
        printf("{\n  \"firer\": ");
        json_hex(&m, q.firer);
        printf(",\n  \"target\": ");
        json_hex(&m, q.target);
        printf(",\n  \"distance\": %d,\n  \"front_hexsides\": [", res.distance);
        print_mask(stdout, front, ", ");
        printf("],\n  \"exit_hexsides\": [");
        print_mask(stdout, res.exit_mask, ", ");
        printf("],\n  \"trace\": [");
        int first = 1;
        while (napfire_trace_next(&it, &s, &more) == NAPFIRE_OK && more) {
            printf("%s\n    {\"kind\": \"%s\", \"hexes\": [", first ? "" : ",", step_name(s.kind));
            json_hex(&m, s.hex);
            if (s.kind == NAPFIRE_STEP_HEXSIDE) {
                printf(", ");
                json_hex(&m, s.other);
            }
            printf("], \"from_firer\": %d, \"to_target\": %d}", s.from_start, s.to_end);
            first = 0;
        }
        printf("\n  ],\n  \"clear\": %s,\n  \"rule\": \"%s\",\n  \"rule_id\": \"%s\",\n", res.clear ? "true" : "false",
               rule, napfire_los_rule_id(res.rule));
        printf("  \"cause\": \"%s\",\n  \"elevation\": \"%s\",\n  \"elevation_rule_id\": \"%s\",\n", cause, elev,
               elev_id[res.elevation]);
        printf("  \"blocker\": ");
        if (res.blocker_kind == 0) {
            printf("null");
        } else {
            printf("[");
            json_hex(&m, res.blocker);
            if (res.blocker_kind == NAPFIRE_STEP_HEXSIDE) {
                printf(", ");
                json_hex(&m, res.blocker_other);
            }
            printf("]");
        }
        printf(",\n  \"lifted\": %d\n}\n", res.lifted);
    } else {
        char d[96];
        describe(&fi, d, sizeof d);
        printf("firer   %d,%d (axial %d,%d): %s; side %d; front hexsides ", fc, fr, q.firer.q, q.firer.r, d,
               firer_side);
        print_mask(stdout, front, ",");
        describe(&ti, d, sizeof d);
        printf("\ntarget  %d,%d (axial %d,%d): %s; side %d\n", tc, tr, q.target.q, q.target.r, d, target_side);
        printf("distance %d; leaves the firing hex through hexside%s ", res.distance,
               (res.exit_mask & (res.exit_mask - 1)) ? "s" : "");
        print_mask(stdout, res.exit_mask, " and ");
        printf("%s\n\ntrace (firer to target):\n", (res.exit_mask & (res.exit_mask - 1)) ? " (a vertex)" : "");
        int n = 0;
        while (napfire_trace_next(&it, &s, &more) == NAPFIRE_OK && more) {
            int32_t c1, r1, c2, r2;
            napfire_hex_info a = cell_at(&m, s.hex, &c1, &r1), b = cell_at(&m, s.other, &c2, &r2);
            char where[48];
            if (s.kind == NAPFIRE_STEP_HEXSIDE)
                snprintf(where, sizeof where, "%d,%d | %d,%d", c1, r1, c2, r2);
            else
                snprintf(where, sizeof where, "%d,%d", c1, r1);
            describe(&a, d, sizeof d);
            printf("  %2d  %-7s  %-15s  %2d/%-2d  %s", ++n, step_name(s.kind), where, s.from_start, s.to_end, d);
            if (s.kind == NAPFIRE_STEP_HEXSIDE) {
                describe(&b, d, sizeof d);
                printf(" | %s  (H-LOS-3: either blocks)", d);
            }
            if (s.kind == NAPFIRE_STEP_VERTEX) printf("  (touched only: not passed through, H-LOS-2)");
            printf("\n");
        }
        printf("  (columns: step, kind, hex(es) COL,ROW, hexes from firer/to target, map)\n\n");
        if (res.clear) {
            printf("verdict: CLEAR line of sight");
            if (res.lifted)
                printf(" (%d blocker%s seen over by elevation, H-ELV-1/2)", res.lifted, res.lifted > 1 ? "s" : "");
            printf("\n");
        } else if (res.rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) {
            printf("verdict: BLOCKED: %s [%s]: the line leaves through no front hexside\n", rule,
                   napfire_los_rule_id(res.rule));
        } else {
            int32_t c1, r1, c2, r2;
            (void)cell_at(&m, res.blocker, &c1, &r1);
            (void)cell_at(&m, res.blocker_other, &c2, &r2);
            printf("verdict: BLOCKED: %s [%s] at %d,%d", rule, napfire_los_rule_id(res.rule), c1, r1);
            if (res.blocker_kind == NAPFIRE_STEP_HEXSIDE)
                printf(" (hexside with %d,%d; the blocker: %s [%s])", c2, r2, cause, napfire_los_rule_id(res.cause));
            printf("\n");
            if (res.elevation != NAPFIRE_LOS_ELV_NONE)
                printf("         elevation does not lift it: %s [%s]\n", elev, elev_id[res.elevation]);
            if (res.lifted)
                printf("         (%d blocker%s before it seen over by elevation, H-ELV-1/2)\n", res.lifted,
                       res.lifted > 1 ? "s" : "");
        }
    }
    free(m.cells);
    return res.clear ? CLI_RESOLVED : CLI_FORBIDDEN;
}
