/* SPDX-License-Identifier: MIT */
/*
 * napfire los --fov: everything a firer sees within a radius (H-LOS,
 * H-ELV), one napfire_fov_grid() call: for every hex at distance
 * 1..radius the rule napfire_los_grid() would give with it as the target.
 * Text (a count per rule and the map, one letter per hex), --json (every
 * hex asked, with its rule) or --svg (the hexes seen shaded, the others
 * marked by their rule). Exit status 0, 2 bad input, 4 the output could
 * not be written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "los_fov.h"
#include "out.h"
#include "picture.h"
#include "svg.h"

#define RULES 7 /* NONE .. GRAZING */

/* One letter per rule, for the text map and the picture's key. */
static const char *const letter[RULES] = {".", "F", "T", "W", "U", "S", "G"};

/* Storage aligned as malloc returns, which the library requires. */
static int fov_compute(const struct cli_map *m, const struct los_fov_request *r, uint8_t *rule) {
    size_t ps = napfire_fov_plan_size(r->radius);
    void *buf = ps ? malloc(ps) : NULL, *work = NULL;
    const napfire_fov_plan *plan = NULL;
    int st = buf ? napfire_fov_plan_init(buf, ps, r->radius, &plan) : NAPFIRE_ENOSPC;
    if (st == NAPFIRE_OK) {
        size_t ws = napfire_fov_work_size(plan);
        work = malloc(ws);
        st = work ? napfire_fov_grid(plan, work, ws, &r->q, m->layout, m->columns, m->rows, m->cells, rule)
                  : NAPFIRE_ENOSPC;
    }
    free(work);
    free(buf);
    if (st != NAPFIRE_OK)
        fprintf(stderr, "napfire los: %s\n", napfire_strerror(st));
    return st == NAPFIRE_OK ? CLI_RESOLVED : CLI_BAD_INPUT;
}

static void count_rules(const struct cli_map *m, const uint8_t *rule, long counts[RULES]) {
    memset(counts, 0, RULES * sizeof counts[0]);
    for (size_t i = 0; i < (size_t)m->columns * (size_t)m->rows; i++)
        if (rule[i] < RULES)
            counts[rule[i]]++;
}

/* "seen 12; hidden 30:" and "3 by a town [H-LOS-5, H-ELV-5], ..." (without
 * the rule IDs when ids is 0): words, as the playground says them. */
static void summary(const long counts[RULES], int ids, char *seen, char *why, size_t cap) {
    long hidden = 0;
    size_t n = 0;
    why[0] = '\0';
    for (int r = 1; r < RULES; r++) {
        hidden += counts[r];
        if (counts[r] && n < cap)
            n += (size_t)snprintf(why + n, cap - n, "%s%ld %s%s%s%s", n ? ", " : "", counts[r], pic_hidden_words(r),
                                  ids ? " [" : "", ids ? napfire_los_rule_id(r) : "", ids ? "]" : "");
    }
    snprintf(seen, cap, "seen %ld; hidden %ld%s", counts[0], hidden, hidden ? ":" : "");
}

static void fov_text(const struct cli_map *m, const struct los_fov_request *r, const uint8_t *rule) {
    long counts[RULES];
    char seen[512], why[512];
    count_rules(m, rule, counts);
    summary(counts, 1, seen, why, sizeof seen);
    printf("field of view of %d,%d (axial %d,%d), radius %d, front hexsides", r->col, r->row, r->q.firer.q,
           r->q.firer.r, r->radius);
    for (int i = 0; i < 6; i++)
        if (r->q.front_mask & (1u << i))
            printf(" %d", i);
    printf("\n%s %s\n\n", seen, why);
    for (int32_t row = 0; row < m->rows; row++) {
        printf("  row %3d ", row);
        for (int32_t col = 0; col < m->columns; col++) {
            uint8_t x = rule[(size_t)row * (size_t)m->columns + (size_t)col];
            printf(" %s", col == r->col && row == r->row ? "@" : x < RULES ? letter[x] : " ");
        }
        printf("\n");
    }
    printf("\n  (@ the firer; . seen; hidden by F front hexside (H-LOS-4), T town, W woods or walls,\n"
           "   U unit (H-LOS-5), S slope (H-ELV-4), G along a hexside (H-LOS-3); blank: beyond the radius)\n");
}

static void fov_json(const struct cli_map *m, const struct los_fov_request *r, const uint8_t *rule) {
    struct out *o = out_stdout();
    long counts[RULES];
    count_rules(m, rule, counts);
    out_fmt(o, "{\n  \"firer\": {\"col\": %d, \"row\": %d, \"q\": %d, \"r\": %d},\n  \"radius\": %d,\n", r->col, r->row,
            r->q.firer.q, r->q.firer.r, r->radius);
    out_s(o, "  \"counts\": {");
    for (int k = 0; k < RULES; k++)
        out_fmt(o, "%s\"%s\": %d", k ? ", " : "", napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, k), (int)counts[k]);
    out_s(o, "},\n  \"hexes\": [");
    int first = 1;
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            uint8_t x = rule[(size_t)row * (size_t)m->columns + (size_t)col];
            napfire_hex h;
            if (x >= RULES || napfire_hex_from_offset(m->layout, col, row, &h) != NAPFIRE_OK)
                continue;
            out_fmt(o,
                    "%s\n    {\"col\": %d, \"row\": %d, \"q\": %d, \"r\": %d, \"rule\": \"%s\", \"rule_id\": \"%s\"}",
                    first ? "" : ",", col, row, h.q, h.r, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, x),
                    napfire_los_rule_id(x));
            first = 0;
        }
    out_s(o, "\n  ]\n}\n");
}

static int draw_view(struct out *o, const void *pic) {
    return svg_los(o, pic);
}

static int fov_svg(const char *path, const struct cli_map *m, const struct los_fov_request *r, const uint8_t *rule) {
    static struct svg_los_pic pic;
    long counts[RULES];
    memset(&pic, 0, sizeof pic);
    pic.map = (struct svg_map){m->layout, m->columns, m->rows, m->cells};
    pic.firer = r->q.firer;
    pic.front_mask = r->q.front_mask;
    pic.view = rule;
    pic.legend = 1;
    snprintf(pic.lines[SVG_LOS_HEADING], sizeof pic.lines[0], "Field of view of %d,%d, radius %d (H-LOS, H-ELV)",
             r->col, r->row, r->radius);
    count_rules(m, rule, counts);
    summary(counts, 0, pic.lines[SVG_LOS_VERDICT], pic.lines[SVG_LOS_NOTE], sizeof pic.lines[0]);
    return cli_write_file("los", path, draw_view, &pic);
}

int cli_los_fov(const struct cli_map *m, const struct los_fov_request *r) {
    uint8_t *rule = malloc((size_t)m->columns * (size_t)m->rows);
    if (!rule) {
        fprintf(stderr, "napfire los: %s\n", "out of memory");
        return CLI_BAD_INPUT;
    }
    int rc = fov_compute(m, r, rule);
    if (rc == CLI_RESOLVED && r->svg)
        rc = fov_svg(r->svg, m, r, rule);
    if (rc == CLI_RESOLVED) {
        if (r->json)
            fov_json(m, r, rule);
        else
            fov_text(m, r, rule);
    }
    free(rule);
    return rc;
}
