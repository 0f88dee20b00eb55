/* SPDX-License-Identifier: MIT */
/*
 * napfire los: line of sight on a hex map (H-LOS, H-ELV, H-FACE).
 *
 * Reads a map in the text format of doc/los-map-format.md, traces the line
 * from the firer's hex to the target's hex, prints every step (hex crossed,
 * hexside run along, vertex touched) and the verdict with its rule ID.
 * Exit status: 0 clear, 1 blocked, 2 bad input, 4 the output could not be
 * written (3, "not applicable", is never returned by this command). With
 * --fov, everything the firer sees within a radius (cmd_los_fov.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "los_fov.h"
#include "map.h"
#include "number.h"
#include "opts.h"
#include "picture.h"
#include "svg.h"

enum los_row {
    L_FRONT,
    L_FACING,
    L_FIRER_SIDE,
    L_TARGET_SIDE,
    L_FRIEND_TARGET_SIDE,
    L_JSON,
    L_SVG,
    L_FOV,
    L_RADIUS,
    L_ROWS
};

/* One row per option (opts.h); the order is enum los_row's. */
static const struct cli_opt los_opts[] = {
    [L_FRONT] = {.name = "front-mask",
                 .alias = "front",
                 .metavar = "LIST",
                 .type = CLI_TEXT,
                 .help = "front hexsides of the firer: digits 0-5 "
                         "separated by commas, or 'all' (default: all six)"},
    [L_FACING] = {.name = "facing",
                  .metavar = "FORM:F",
                  .type = CLI_TEXT,
                  .help = "front hexsides from a formation and facing "
                          "(H-FACE): FORM column, artillery, line, "
                          "tirailleur or square; F 0..11 (2i faces "
                          "hexside i, 2v+1 faces vertex v)"},
    [L_FIRER_SIDE] = {.name = "firer-side",
                      .metavar = "N",
                      .type = CLI_INT,
                      .lo = 0,
                      .hi = CLI_MAP_SIDE_MAX,
                      .help = "the firer's side (default: the unit in its "
                              "hex, else 1)"},
    [L_TARGET_SIDE] = {.name = "target-side",
                       .metavar = "N",
                       .type = CLI_INT,
                       .lo = 0,
                       .hi = CLI_MAP_SIDE_MAX,
                       .help = "the target's side (default: the unit in its "
                               "hex, else 2)"},
    [L_FRIEND_TARGET_SIDE] = {.name = "friend-is-target-side",
                              .alias = "friend-target-side",
                              .type = CLI_FLAG,
                              .help = "a unit adjacent to the target is 'friendly' "
                                      "when on the target's side (H-ELV-2; "
                                      "default: the firer's side)"},
    [L_JSON] = {.name = "json", .type = CLI_FLAG, .help = "print the result as JSON"},
    [L_SVG] = {.name = "svg",
               .metavar = "FILE",
               .type = CLI_TEXT,
               .help = "also draw the map, trace and verdict as SVG into FILE"},
    [L_FOV] = {.name = "fov",
               .type = CLI_FLAG,
               .help = "field of view: what FIRER sees of every hex within the "
                       "radius, each hex judged as a TARGET would be (give no TARGET)"},
    [L_RADIUS] = {.name = "radius",
                  .metavar = "R",
                  .type = CLI_INT,
                  .lo = 1,
                  .hi = NAPFIRE_FOV_RADIUS_MAX,
                  .needs = "fov",
                  .help = "the field of view's radius in hexes (default: 10)"},
};

static const struct cli_spec los_spec = {
    .cmd = "los",
    .usage = "[OPTIONS] MAP FIRER TARGET\n   or: napfire los --fov [--radius R] [OPTIONS] MAP FIRER",
    .about = "Trace the line of sight from FIRER to TARGET on the hex map MAP\n"
             "(format: doc/los-map-format.md) and judge it by rules H-LOS and H-ELV.\n"
             "FIRER and TARGET are 0-based offset coordinates COL,ROW in the map's\n"
             "layout (printed maps numbered from 01: subtract one from each); put\n"
             "'--' before them when a coordinate is negative. With --fov, every hex\n"
             "within the radius is judged as a target, in one library call.",
    .epilog = "\nExit status: 0 clear (--fov: the view was computed), 1 blocked (the\n"
              "rules forbid it), 2 bad input (option, map file, coordinates), 4 the\n"
              "output could not be written.\n",
    .opts = los_opts,
    .nopts = L_ROWS,
    .scope = 1u,
    .min_pos = 2,
    .max_pos = 3,
};

/* "COL,ROW": two numbers of the one syntax (number.h), one comma. */
static int parse_pair(const char *s, int32_t *a, int32_t *b) {
    const char *p = cli_number(s, -NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX, a);
    return p && *p == ',' && cli_whole_number(p + 1, -NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX, b) == 0;
}

/* Hexsides 0..5 separated by commas. At least one hexside: an empty list
 * would be a firer that sees nothing, which no formation has (H-FACE). */
static int parse_front(const char *s, uint32_t *mask) {
    if (!strcmp(s, "all")) {
        *mask = 0x3F;
        return 1;
    }
    uint32_t m = 0;
    for (const char *p = s;; p++) {
        int32_t side;
        p = cli_number(p, 0, 5, &side);
        if (!p)
            return 0;
        m |= 1u << side;
        if (*p == '\0')
            break;
        if (*p != ',')
            return 0;
    }
    *mask = m;
    return 1;
}

static int parse_facing(const char *s, uint32_t *mask) {
    static const char *const names[] = {"column", "artillery", "line", "tirailleur", "square"};
    const char *colon = strchr(s, ':');
    int32_t facing;
    if (!colon || cli_whole_number(colon + 1, 0, 11, &facing) != 0)
        return 0;
    for (int32_t f = 0; f < 5; f++)
        if (strlen(names[f]) == (size_t)(colon - s) && !strncmp(s, names[f], (size_t)(colon - s)))
            return napfire_hex_facing(f, facing, mask, NULL, NULL) == NAPFIRE_OK;
    return 0;
}

/* What the command line asks. */
struct los_args {
    const char *map;
    int32_t fc, fr, tc, tr;
    uint32_t front, policy;
    int json, have_firer_side, have_target_side;
    int32_t firer_side, target_side;
    const char *svg; /* --svg FILE, or NULL */
    int fov;
    int32_t radius;
};

static int los_options(int argc, char **argv, struct los_args *a) {
    struct cli_arg args[L_ROWS];
    const char *pos[3];
    int npos = 0;
    int rc = cli_parse(&los_spec, argc, argv, args, pos, &npos);
    if (rc != CLI_RESOLVED)
        return rc;
    memset(a, 0, sizeof *a);
    a->front = 0x3F;
    a->firer_side = args[L_FIRER_SIDE].given ? args[L_FIRER_SIDE].value : 1;
    a->target_side = args[L_TARGET_SIDE].given ? args[L_TARGET_SIDE].value : 2;
    a->have_firer_side = args[L_FIRER_SIDE].given;
    a->have_target_side = args[L_TARGET_SIDE].given;
    a->json = args[L_JSON].given;
    a->svg = args[L_SVG].given ? args[L_SVG].text : NULL;
    a->policy = args[L_FRIEND_TARGET_SIDE].given ? NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE : 0;
    a->fov = args[L_FOV].given;
    a->radius = args[L_RADIUS].given ? args[L_RADIUS].value : 10;
    if (npos != (a->fov ? 2 : 3))
        return cli_error("los", "%s", a->fov ? "--fov takes MAP FIRER (no TARGET)" : "give MAP FIRER TARGET");
    if (args[L_FRONT].given && args[L_FACING].given)
        return cli_error("los", "--front-mask '%s' and --facing '%s': give one of them, not both", args[L_FRONT].text,
                         args[L_FACING].text);
    if (args[L_FRONT].given && !parse_front(args[L_FRONT].text, &a->front))
        return cli_error("los",
                         "--front-mask: '%s' is not allowed: give hexsides 0-5 separated by "
                         "commas (at least one), or 'all'",
                         args[L_FRONT].text);
    if (args[L_FACING].given && !parse_facing(args[L_FACING].text, &a->front))
        return cli_error("los",
                         "--facing: '%s' is not allowed: give FORMATION:FACING, e.g. line:1 "
                         "(column, artillery and square face a hexside, an even number 0..10; "
                         "line and tirailleur a vertex, odd 1..11)",
                         args[L_FACING].text);
    a->map = pos[0];
    if (!parse_pair(pos[1], &a->fc, &a->fr))
        return cli_error("los", "FIRER: '%s' is not allowed: give COL,ROW, each -%d..%d", pos[1], NAPFIRE_HEX_COORD_MAX,
                         NAPFIRE_HEX_COORD_MAX);
    if (!a->fov && !parse_pair(pos[2], &a->tc, &a->tr))
        return cli_error("los", "TARGET: '%s' is not allowed: give COL,ROW, each -%d..%d", pos[2],
                         NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX);
    return CLI_RESOLVED;
}

/* The question from the arguments and the map; sides from the units in
 * the two hexes unless given. */
static int los_query(const struct los_args *a, const struct cli_map *m, napfire_los_query *q) {
    memset(q, 0, sizeof *q);
    if (napfire_hex_from_offset(m->layout, a->fc, a->fr, &q->firer) != NAPFIRE_OK ||
        (!a->fov && napfire_hex_from_offset(m->layout, a->tc, a->tr, &q->target) != NAPFIRE_OK))
        return cli_error("los", "%s", "a hex is outside the coordinate bound");
    if (a->fov)
        q->target = q->firer; /* each hex in turn; its side is the one given, or 2 */
    else if (q->firer.q == q->target.q && q->firer.r == q->target.r)
        return cli_error("los", "%s", "firer and target are the same hex");
    int32_t col, row;
    napfire_hex_info fi = cli_map_cell(m, q->firer, &col, &row);
    napfire_hex_info ti = cli_map_cell(m, q->target, &col, &row);
    q->firer_side = !a->have_firer_side && fi.presence != NAPFIRE_PRESENCE_NONE ? fi.unit_side : a->firer_side;
    q->target_side =
        !a->fov && !a->have_target_side && ti.presence != NAPFIRE_PRESENCE_NONE ? ti.unit_side : a->target_side;
    q->front_mask = a->front;
    q->policy = a->policy;
    return CLI_RESOLVED;
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
    if (c->presence != NAPFIRE_PRESENCE_NONE)
        snprintf(side, sizeof side, " (side %d)", c->unit_side);
    snprintf(buf, cap, "%s, elevation %d%s%s", terrain[c->terrain], c->elevation, unit[c->presence],
             c->presence != NAPFIRE_PRESENCE_NONE ? side : "");
}

static void print_mask(struct out *o, uint32_t mask, const char *sep) {
    int first = 1;
    for (int i = 0; i < 6; i++)
        if (mask & (1u << i)) {
            out_fmt(o, "%s%d", first ? "" : sep, i);
            first = 0;
        }
    /* Text output says "none"; JSON leaves the list empty: []. */
    if (first && sep[0] == ',' && sep[1] == '\0')
        out_s(o, "none");
}

/* What the command found: the map, the question, the answer, the trace. */
struct los_answer {
    const struct cli_map *map;
    const napfire_los_query *q;
    const napfire_los_result *res;
    const napfire_trace_step *steps;
    size_t nsteps;
};

static void json_hex(struct out *o, const struct cli_map *m, napfire_hex h) {
    int32_t col = 0, row = 0;
    (void)cli_map_cell(m, h, &col, &row);
    out_fmt(o, "{\"col\": %d, \"row\": %d, \"q\": %d, \"r\": %d}", col, row, h.q, h.r);
}

static void json_trace(struct out *o, const struct los_answer *a) {
    out_s(o, "],\n  \"trace\": [");
    for (size_t i = 0; i < a->nsteps; i++) {
        const napfire_trace_step *s = &a->steps[i];
        out_fmt(o, "%s\n    {\"kind\": \"%s\", \"hexes\": [", i ? "," : "", step_name(s->kind));
        json_hex(o, a->map, s->hex);
        if (s->kind == NAPFIRE_STEP_HEXSIDE) {
            out_s(o, ", ");
            json_hex(o, a->map, s->other);
        }
        out_fmt(o, "], \"from_firer\": %d, \"to_target\": %d}", s->from_start, s->to_end);
    }
    out_s(o, "\n  ],\n");
}

static void print_los_json(const struct los_answer *a) {
    struct out *o = out_stdout();
    const napfire_los_result *res = a->res;
    out_s(o, "{\n  \"firer\": ");
    json_hex(o, a->map, a->q->firer);
    out_s(o, ",\n  \"target\": ");
    json_hex(o, a->map, a->q->target);
    out_fmt(o, ",\n  \"distance\": %d,\n  \"front_hexsides\": [", res->distance);
    print_mask(o, a->q->front_mask, ", ");
    out_s(o, "],\n  \"exit_hexsides\": [");
    print_mask(o, res->exit_mask, ", ");
    json_trace(o, a);
    out_fmt(o, "  \"clear\": %s,\n  \"rule\": \"%s\",\n  \"rule_id\": \"%s\",\n", res->clear ? "true" : "false",
            napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->rule), napfire_los_rule_id(res->rule));
    out_fmt(o, "  \"cause\": \"%s\",\n  \"elevation\": \"%s\",\n  \"elevation_rule_id\": \"%s\",\n",
            napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->cause),
            napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res->elevation), pic_elevation_id(res->elevation));
    out_s(o, "  \"blocker\": ");
    if (res->blocker_kind == 0) {
        out_s(o, "null");
    } else {
        out_s(o, "[");
        json_hex(o, a->map, res->blocker);
        if (res->blocker_kind == NAPFIRE_STEP_HEXSIDE) {
            out_s(o, ", ");
            json_hex(o, a->map, res->blocker_other);
        }
        out_s(o, "]");
    }
    out_fmt(o, ",\n  \"lifted\": %d\n}\n", res->lifted);
}

static void print_trace_text(const struct los_answer *a) {
    char d[96];
    for (size_t i = 0; i < a->nsteps; i++) {
        const napfire_trace_step *s = &a->steps[i];
        int32_t c1, r1, c2, r2;
        napfire_hex_info h1 = cli_map_cell(a->map, s->hex, &c1, &r1), h2 = cli_map_cell(a->map, s->other, &c2, &r2);
        char where[48];
        if (s->kind == NAPFIRE_STEP_HEXSIDE)
            snprintf(where, sizeof where, "%d,%d | %d,%d", c1, r1, c2, r2);
        else
            snprintf(where, sizeof where, "%d,%d", c1, r1);
        describe(&h1, d, sizeof d);
        printf("  %2d  %-7s  %-15s  %2d/%-2d  %s", (int)i + 1, step_name(s->kind), where, s->from_start, s->to_end, d);
        if (s->kind == NAPFIRE_STEP_HEXSIDE) {
            describe(&h2, d, sizeof d);
            printf(" | %s  (H-LOS-3: either blocks)", d);
        }
        if (s->kind == NAPFIRE_STEP_VERTEX)
            printf("  (touched only: not passed through, H-LOS-2)");
        printf("\n");
    }
    printf("  (columns: step, kind, hex(es) COL,ROW, hexes from firer/to target, map)\n\n");
}

static void print_verdict_text(const struct cli_map *m, const napfire_los_result *res) {
    char verdict[256];
    pic_los_verdict(res, m->layout, verdict, sizeof verdict);
    printf("verdict: %s\n", verdict);
    if (res->clear || res->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE)
        return;
    if (res->elevation != NAPFIRE_LOS_ELV_NONE)
        printf("         elevation does not lift it: %s [%s]\n",
               napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res->elevation), pic_elevation_id(res->elevation));
    if (res->lifted)
        printf("         (%d blocker%s before it seen over by elevation, H-ELV-1/2)\n", res->lifted,
               res->lifted > 1 ? "s" : "");
}

static void print_los_text(const struct los_args *a, const struct los_answer *ans) {
    char d[96];
    int32_t col, row;
    const napfire_los_query *q = ans->q;
    const napfire_los_result *res = ans->res;
    napfire_hex_info fi = cli_map_cell(ans->map, q->firer, &col, &row),
                     ti = cli_map_cell(ans->map, q->target, &col, &row);
    describe(&fi, d, sizeof d);
    printf("firer   %d,%d (axial %d,%d): %s; side %d; front hexsides ", a->fc, a->fr, q->firer.q, q->firer.r, d,
           q->firer_side);
    print_mask(out_stdout(), q->front_mask, ",");
    describe(&ti, d, sizeof d);
    printf("\ntarget  %d,%d (axial %d,%d): %s; side %d\n", a->tc, a->tr, q->target.q, q->target.r, d, q->target_side);
    int vertex = (res->exit_mask & (res->exit_mask - 1)) != 0;
    printf("distance %d; leaves the firing hex through hexside%s ", res->distance, vertex ? "s" : "");
    print_mask(out_stdout(), res->exit_mask, " and ");
    printf("%s\n\ntrace (firer to target):\n", vertex ? " (a vertex)" : "");
    print_trace_text(ans);
    print_verdict_text(ans->map, res);
}

static int draw_los(struct out *o, const void *pic) {
    return svg_los(o, pic);
}

/* --svg FILE: the picture of what the command found, drawn by svg.c. */
static int los_svg(const char *path, const struct los_answer *a) {
    static struct svg_los_pic pic;
    struct svg_map sm = {a->map->layout, a->map->columns, a->map->rows, a->map->cells};
    pic_los(&pic, &sm, a->q, a->res, a->steps, a->nsteps);
    pic.legend = 1;
    return cli_write_file("los", path, draw_los, &pic);
}

/* The exact trace from the firer to the target (malloc'ed: free it), or
 * NULL after a message. */
static napfire_trace_step *trace(const napfire_los_query *q, size_t *n) {
    size_t need = 0;
    napfire_trace_step *steps = NULL;
    int st = napfire_trace_steps(q->firer, q->target, NULL, 0, &need);
    if (st == NAPFIRE_ENOSPC && need > 0) {
        steps = malloc(need * sizeof *steps);
        st = steps ? napfire_trace_steps(q->firer, q->target, steps, need, n) : NAPFIRE_ENOSPC;
    }
    if (st != NAPFIRE_OK || !steps) {
        fprintf(stderr, "napfire los: cannot trace the line: %s\n", napfire_strerror(st));
        free(steps);
        return NULL;
    }
    return steps;
}

/* Judge the line, then answer: --svg first (a picture that cannot be
 * written is the command's failure), then the text or JSON. */
static int answer(const struct los_args *a, const struct cli_map *m, const napfire_los_query *q) {
    napfire_los_result res;
    int st = napfire_los_grid(q, m->layout, m->columns, m->rows, m->cells, &res);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire los: %s\n", napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    struct los_answer ans = {m, q, &res, NULL, 0};
    napfire_trace_step *steps = trace(q, &ans.nsteps);
    if (!steps)
        return CLI_BAD_INPUT;
    ans.steps = steps;
    int rc = a->svg ? los_svg(a->svg, &ans) : CLI_RESOLVED;
    if (rc == CLI_RESOLVED) {
        if (a->json)
            print_los_json(&ans);
        else
            print_los_text(a, &ans);
        rc = res.clear ? CLI_RESOLVED : CLI_FORBIDDEN;
    }
    free(steps);
    return rc;
}

int napfire_cmd_los(int argc, char **argv) {
    struct los_args a;
    int rc = los_options(argc, argv, &a);
    if (rc == CLI_HELP_SHOWN)
        return CLI_RESOLVED;
    if (rc != CLI_RESOLVED)
        return rc;
    const struct cli_input inputs[] = {{"map", a.map}};
    if (a.svg && cli_check_output("los", "--svg", a.svg, inputs, 1) != CLI_RESOLVED)
        return CLI_BAD_INPUT;
    struct cli_map m;
    rc = cli_map_load(a.map, &m);
    if (rc != CLI_RESOLVED)
        return rc;
    napfire_los_query q;
    rc = los_query(&a, &m, &q);
    if (rc == CLI_RESOLVED && a.fov) {
        struct los_fov_request r = {a.fc, a.fr, a.radius, q, a.json, a.svg};
        rc = cli_los_fov(&m, &r);
    } else if (rc == CLI_RESOLVED) {
        rc = answer(&a, &m, &q);
    }
    cli_map_free(&m);
    return rc;
}
