/* SPDX-License-Identifier: MIT */
/*
 * The browser playground's WebAssembly exports, over the public API only.
 *
 * The page (app.js) keeps no rules of its own: it rebuilds units, shot and
 * map here from its form on every change, and shows what this file writes
 * into two buffers, a JSON answer (nfw_out) and an SVG picture (nfw_svg),
 * drawn by the same svg.c from the same picture.c as `napfire los/odds
 * --svg`, escaped by the same out.c. Every function
 * returns a napfire status; the page shows napfire_strerror() of a bad one
 * next to the field that caused it, and keeps its last good answer.
 *
 * State is static: a WebAssembly instance is single-threaded and owned by
 * one page, and the library itself keeps none.
 */
#include <string.h>

#include <napfire.h>

#include "../cli/out.h"
#include "../cli/picture.h"
#include "../cli/svg.h"
#include "napfire_web.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* The page's grid, as large as a printed La Bataille map with room to
 * spare; the library takes up to NAPFIRE_HEX_GRID_MAX. */
#define GRID_MAX 128
#define OUT_CAP (64 * 1024)
/* A full 128 x 128 map draws in about 3.3 MB. */
#define SVG_CAP (5 * 1024 * 1024)
#define TITLE_CAP 96
/* The page's largest view radius: any two hexes of the grid are nearer. */
#define FOV_RADIUS_MAX 192
/* napfire_fov_plan_size and napfire_fov_work_size grow as the square and
 * the cube of the radius; nfw_fov checks both against these. */
#define FOV_PLAN_CAP (2 * 1024 * 1024)
#define FOV_WORK_CAP (4 * 1024 * 1024)
/* The elevations and sides the page paints. */
#define ELEVATION_MAX 99
#define SIDE_MAX 9

/* The page's own fields that are no library parameter, for nfw_bounds. */
enum {
    FIELD_ROLL = 1001,
    FIELD_HALF_DIE,
    FIELD_ELEVATION,
    FIELD_SIDE,
    FIELD_GRID,
    FIELD_FOV_RADIUS
};

static char in_buf[NAPFIRE_RULES_TEXT_MAX + 1];
static char out_buf[OUT_CAP], svg_buf[SVG_CAP];
static char title_buf[TITLE_CAP];

static napfire_rules rules;
static int custom_rules;
static napfire_unit units[2];
static napfire_shot shot;
static napfire_hex_info cells[GRID_MAX * GRID_MAX];
static int32_t grid_layout = NAPFIRE_HEX_ODD_Q, grid_cols = 10, grid_rows = 7;

/* The field of view: its plan (for fov_radius), and the view, which
 * matches the grid and the firer it was computed for until the map
 * changes (nfw_map_init, nfw_map_set). */
static const napfire_fov_plan *fov_plan;
static int32_t fov_radius;
static uint8_t fov_view[GRID_MAX * GRID_MAX];
static int fov_valid;
static napfire_los_query fov_query;

static struct out_buffer out_sink, svg_sink;

static struct out *out_start(void) {
    static struct out o;
    return out_to_buffer(&o, &out_sink, out_buf, sizeof out_buf);
}

static struct out *svg_start(void) {
    static struct out o;
    return out_to_buffer(&o, &svg_sink, svg_buf, sizeof svg_buf);
}

static const napfire_rules *active_rules(void) {
    return custom_rules ? &rules : NULL;
}

EXPORT(nfw_in) char *nfw_in(void) {
    return in_buf;
}
EXPORT(nfw_in_cap) size_t nfw_in_cap(void) {
    return sizeof in_buf - 1;
}
EXPORT(nfw_out) const char *nfw_out(void) {
    return out_buf;
}
EXPORT(nfw_out_len) size_t nfw_out_len(void) {
    return out_sink.len;
}
EXPORT(nfw_svg) const char *nfw_svg(void) {
    return svg_buf;
}
EXPORT(nfw_svg_len) size_t nfw_svg_len(void) {
    return svg_sink.len;
}
EXPORT(nfw_strerror) const char *nfw_strerror(int st) {
    return napfire_strerror(st);
}
EXPORT(nfw_status_name) const char *nfw_status_name(int st) {
    return napfire_status_name(st);
}
EXPORT(nfw_enum_name) const char *nfw_enum_name(int32_t e, int32_t v) {
    return napfire_enum_name(e, v);
}
EXPORT(nfw_hex_enum_name) const char *nfw_hex_enum_name(int32_t e, int32_t v) {
    return napfire_hex_enum_name(e, v);
}
EXPORT(nfw_version) const char *nfw_version(void) {
    return napfire_version_string();
}
EXPORT(nfw_title) char *nfw_title(void) {
    return title_buf;
}
EXPORT(nfw_title_cap) size_t nfw_title_cap(void) {
    return sizeof title_buf - 1;
}

/* The values a field takes, as {"lo":..,"hi":..} in nfw_out: a unit or
 * shot parameter's from napfire_param_bounds, the dice's and the map's
 * from their documented ranges. */
EXPORT(nfw_bounds) int nfw_bounds(int32_t param) {
    int32_t lo = 0, hi = 0;
    int st = NAPFIRE_OK;
    switch (param) {
        case FIELD_ROLL:
            lo = 2, hi = 12;
            break;
        case FIELD_HALF_DIE:
            lo = 0, hi = 6;
            break;
        case FIELD_ELEVATION:
            lo = -ELEVATION_MAX, hi = ELEVATION_MAX;
            break;
        case FIELD_SIDE:
            lo = 0, hi = SIDE_MAX;
            break;
        case FIELD_GRID:
            lo = 1, hi = GRID_MAX;
            break;
        case FIELD_FOV_RADIUS:
            lo = 1, hi = FOV_RADIUS_MAX;
            break;
        default:
            st = napfire_param_bounds(param, &lo, &hi);
    }
    if (st != NAPFIRE_OK)
        return st;
    out_fmt(out_start(), "{\"lo\":%d,\"hi\":%d}", lo, hi);
    return NAPFIRE_OK;
}

/* The library's dice, seeded by the page (crypto.getRandomValues). */
static napfire_dice dice;
static int dice_seeded;

EXPORT(nfw_dice_seed) int nfw_dice_seed(uint32_t seed_lo, uint32_t seed_hi) {
    int st = napfire_dice_init(&dice, sizeof dice, (uint64_t)seed_hi << 32 | seed_lo, 0);
    dice_seeded = st == NAPFIRE_OK;
    return st;
}

/* A 2D6 roll and a half die, as {"roll":..,"half_die":..} in nfw_out. */
EXPORT(nfw_dice_roll) int nfw_dice_roll(void) {
    int32_t roll = 0, die = 0;
    if (!dice_seeded)
        return NAPFIRE_ESTATE;
    int st = napfire_dice_2d6(&dice, &roll);
    if (st == NAPFIRE_OK)
        st = napfire_dice_d6(&dice, &die);
    if (st != NAPFIRE_OK)
        return st;
    out_fmt(out_start(), "{\"roll\":%d,\"half_die\":%d}", roll, die);
    return NAPFIRE_OK;
}

/* Whether a hex-scale formation can take a facing (H-FACE). */
EXPORT(nfw_hex_facing) int nfw_hex_facing(int32_t formation, int32_t facing) {
    uint32_t front = 0;
    return napfire_hex_facing(formation, facing, &front, NULL, NULL);
}

/* ------------------------------------------------------------------ */
/* Rules data */

static void rules_name_json(struct out *o) {
    char name[64] = "";
    size_t len = 0;
    napfire_rules_get_provenance(active_rules(), NAPFIRE_PROVENANCE_NAME, name, sizeof name, &len);
    out_json_string(o, name);
}

/* ,"warnings":[...],"coverage":{...} of the rules in use: the library's
 * findings and sweep, the same sentences and figures as `napfire rules
 * --check` and `--coverage` and Python's Rules.check()/coverage(). */
static void rules_checked_json(struct out *o) {
    int32_t cursor = 0, check = NAPFIRE_CHECK_NONE, missing = 0, index[4];
    char text[256];
    size_t len = 0;
    out_fmt(o, ",\"warnings\":[");
    for (int n = 0; n < 256; n++) {
        if (napfire_rules_check_next(active_rules(), &cursor, &check, &missing, index, text, sizeof text, &len) !=
                NAPFIRE_OK ||
            check == NAPFIRE_CHECK_NONE)
            break;
        out_fmt(o, "%s", n ? "," : "");
        out_json_string(o, text);
    }
    int32_t shots[2] = {0, 0}, resolved[2] = {0, 0};
    size_t blocked = 0;
    napfire_rules_coverage(active_rules(), shots, resolved, NULL, 0, &blocked);
    out_fmt(o,
            "],\"coverage\":{\"musketry\":{\"shots\":%d,\"resolved\":%d},\"artillery\":{\"shots\":%d,\"resolved\":%d}}",
            shots[NAPFIRE_FIRE_MUSKETRY], resolved[NAPFIRE_FIRE_MUSKETRY], shots[NAPFIRE_FIRE_ARTILLERY],
            resolved[NAPFIRE_FIRE_ARTILLERY]);
}

/* The text in nfw_in()[0..len) over the built-in data (napfire_rules_parse
 * is atomic: on an error the rules in use stay as they were). */
EXPORT(nfw_rules_load) int nfw_rules_load(size_t len) {
    static napfire_rules next;
    napfire_parse_error err;
    struct out *o = out_start();
    if (len > sizeof in_buf - 1)
        return NAPFIRE_EINVAL;
    int st = napfire_rules_init(&next, sizeof next);
    if (st == NAPFIRE_OK)
        st = napfire_rules_parse(&next, in_buf, len, &err);
    if (st == NAPFIRE_ESYNTAX) {
        out_fmt(o, "{\"line\":%d,\"column\":%d,\"code\":", err.line, err.column);
        out_json_string(o, napfire_enum_name(NAPFIRE_ENUM_PARSE, err.code));
        out_fmt(o, ",\"message\":");
        out_json_string(o, err.message);
        out_fmt(o, "}");
        return st;
    }
    if (st != NAPFIRE_OK)
        return st;
    rules = next;
    custom_rules = 1;
    out_fmt(o, "{\"name\":");
    rules_name_json(o);
    rules_checked_json(o);
    out_fmt(o, "}");
    return NAPFIRE_OK;
}

EXPORT(nfw_rules_builtin) int nfw_rules_builtin(void) {
    custom_rules = 0;
    struct out *o = out_start();
    out_fmt(o, "{\"name\":");
    rules_name_json(o);
    rules_checked_json(o);
    out_fmt(o, "}");
    return NAPFIRE_OK;
}

/* ------------------------------------------------------------------ */
/* Figure scale: units, shot, resolution, odds */

EXPORT(nfw_fire_begin) int nfw_fire_begin(int32_t firer_arm, int32_t target_arm) {
    napfire_unit f, t;
    int st = napfire_unit_init(&f, sizeof f, firer_arm);
    if (st != NAPFIRE_OK)
        return st;
    st = napfire_unit_init(&t, sizeof t, target_arm);
    if (st != NAPFIRE_OK)
        return st;
    units[0] = f;
    units[1] = t;
    return NAPFIRE_OK;
}

EXPORT(nfw_unit_set) int nfw_unit_set(int32_t which, int32_t param, int32_t value) {
    if (which != 0 && which != 1)
        return NAPFIRE_EDOMAIN;
    return napfire_unit_set(&units[which], param, value);
}

EXPORT(nfw_shot_begin) int nfw_shot_begin(void) {
    return napfire_shot_init(&shot, sizeof shot, &units[0], &units[1]);
}

EXPORT(nfw_shot_set) int nfw_shot_set(int32_t param, int32_t value) {
    return napfire_shot_set(&shot, param, value);
}

static void missing_json(struct out *o, const napfire_result *r) {
    char text[256], patch[256];
    int described = pic_missing_describe(r, text, sizeof text, patch, sizeof patch);
    out_fmt(o, "\"missing\":");
    out_json_string(o, napfire_enum_name(NAPFIRE_ENUM_MISSING, r->missing));
    out_fmt(o, ",\"missing_index\":[%d,%d,%d,%d],\"missing_described\":%d,\"missing_text\":", r->missing_index[0],
            r->missing_index[1], r->missing_index[2], r->missing_index[3], described);
    out_json_string(o, text);
    out_fmt(o, ",\"missing_patch\":");
    out_json_string(o, patch);
}

/* The explained result of one roll as JSON (nfw_out), with the modifier
 * breakdown; NAPFIRE_EUNKNOWN still writes what could be computed. */
EXPORT(nfw_resolve) int nfw_resolve(int32_t roll, int32_t half_die) {
    napfire_result r;
    int st = napfire_shot_resolve(&shot, active_rules(), roll, half_die, &r);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    napfire_modifier items[32];
    size_t count = 0;
    int32_t net = 0;
    int mst = napfire_shot_modifiers(&shot, active_rules(), items, 32, &count, &net);
    int32_t second = 0, distance = -1, measure = 0;
    napfire_unit_get(&units[0], NAPFIRE_UNIT_SECOND_CLASS_FIRERS, &second);
    napfire_shot_get(&shot, NAPFIRE_SHOT_DISTANCE, &distance);
    napfire_shot_get(&shot, NAPFIRE_SHOT_MEASURE, &measure);
    struct out *o = out_start();
    out_fmt(o, "{\"status\":");
    out_json_string(o, napfire_status_name(st));
    out_fmt(o, ",\"permitted\":%d,\"reason\":", r.permitted);
    out_json_string(o, napfire_reason_name(r.reason));
    out_fmt(o, ",\"reasons\":[");
    int first = 1;
    for (int32_t i = 1; i < 32; i++)
        if (r.reasons & (1u << i)) {
            out_fmt(o, "%s", first ? "" : ",");
            out_json_string(o, napfire_reason_name(i));
            first = 0;
        }
    out_fmt(o, "],\"band\":");
    out_json_string(o, napfire_enum_name(NAPFIRE_ENUM_BAND, r.band));
    out_fmt(o, ",\"distance\":%d,\"measure\":", distance);
    out_json_string(o, napfire_enum_name(NAPFIRE_ENUM_MEASURE, measure));
    out_fmt(o, ",\"modifiers_status\":");
    out_json_string(o, napfire_status_name(mst));
    out_fmt(o, ",\"modifiers\":[");
    for (size_t i = 0; i < count && (mst == NAPFIRE_OK || mst == NAPFIRE_EUNKNOWN); i++) {
        out_fmt(o, "%s{\"id\":", i ? "," : "");
        out_json_string(o, napfire_modifier_name(items[i].id));
        out_fmt(o, ",\"number\":%d,\"value\":%d,\"applied\":%d,\"suppressed_by\":", items[i].id, items[i].value,
                items[i].applied);
        out_json_string(o, items[i].suppressed_by ? napfire_modifier_name(items[i].suppressed_by) : "");
        out_fmt(o, "}");
    }
    out_fmt(o,
            "],\"net_modifier\":%d,\"roll\":%d,\"half_die\":%d,\"modified_roll\":%d,\"row_index\":%d,"
            "\"column_index\":%d,"
            "\"table_halves\":%d,\"halves\":%d,\"half_die_used\":%d,\"half_pending\":%d,\"second_class\":%d,"
            "\"casualties\":%d,\"target_casualties\":%d,\"screen_casualties\":%d,",
            r.net_modifier, roll, half_die, r.modified_roll, r.row, r.column, r.table_halves, r.halves, r.half_die_used,
            r.half_pending, second, r.casualties, r.target_casualties, r.screen_casualties);
    missing_json(o, &r);
    out_fmt(o, ",\"rules\":");
    rules_name_json(o);
    out_fmt(o, "}");
    return o->failed ? NAPFIRE_ENOSPC : st;
}

/* The odds: the bars (picture.c, as `napfire odds --svg` computes them)
 * as JSON and as the CLI's SVG chart, and the library's own distribution
 * status beside them. */
EXPORT(nfw_odds) int nfw_odds(void) {
    static struct svg_odds_pic pic;
    napfire_outcome lib[64];
    size_t ln = 0;
    napfire_result miss, v;
    int32_t reason = 0;
    title_buf[sizeof title_buf - 1] = '\0';
    int st = pic_odds(&pic, title_buf[0] ? title_buf : "Outcomes over 2D6 x half die", &shot, active_rules(), &miss,
                      &reason);
    if (st != NAPFIRE_OK)
        return st;
    int lst = napfire_shot_distribution(&shot, active_rules(), lib, 64, &ln, &v);
    /* Both weigh the same rolls: where the library answers, they agree. */
    int agree = lst != NAPFIRE_OK || (ln == pic.n && memcmp(lib, pic.out, pic.n * sizeof *lib) == 0);
    int32_t num = 0, den = 1;
    if (lst == NAPFIRE_OK)
        napfire_shot_expected(&shot, active_rules(), &num, &den, NULL);
    struct out *o = out_start();
    out_fmt(o, "{\"status\":");
    out_json_string(o, napfire_status_name(lst));
    out_fmt(o, ",\"agree\":%d,\"permitted\":%d,\"reason\":", agree, pic.permitted);
    out_json_string(o, napfire_reason_name(reason));
    out_fmt(o, ",\"denominator\":%d,\"unknown\":%d,\"outcomes\":[", NAPFIRE_OUTCOME_DENOMINATOR, pic.unknown);
    for (size_t i = 0; i < pic.n; i++)
        out_fmt(o, "%s{\"target\":%d,\"screen\":%d,\"weight\":%d}", i ? "," : "", pic.out[i].target_casualties,
                pic.out[i].screen_casualties, pic.out[i].weight);
    out_fmt(o, "],\"expected\":[%d,%d],", num, den);
    missing_json(o, &miss);
    out_fmt(o, "}");
    if (svg_odds(svg_start(), &pic) != 0 || o->failed)
        return NAPFIRE_ENOSPC;
    return agree ? NAPFIRE_OK : NAPFIRE_ESTATE;
}

/* ------------------------------------------------------------------ */
/* Hex scale: the map and the line of sight */

EXPORT(nfw_grid_max) int32_t nfw_grid_max(void) {
    return GRID_MAX;
}

/* A new empty map: clear ground at elevation 0. */
EXPORT(nfw_map_init) int nfw_map_init(int32_t layout, int32_t columns, int32_t rows) {
    napfire_hex h;
    if (napfire_hex_from_offset(layout, 0, 0, &h) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    if (columns < 1 || rows < 1 || columns > GRID_MAX || rows > GRID_MAX)
        return NAPFIRE_EDOMAIN;
    memset(cells, 0, sizeof cells);
    fov_valid = 0;
    grid_layout = layout;
    grid_cols = columns;
    grid_rows = rows;
    return NAPFIRE_OK;
}

static int on_grid(int32_t col, int32_t row) {
    return col >= 0 && row >= 0 && col < grid_cols && row < grid_rows;
}

EXPORT(nfw_map_set)
int nfw_map_set(int32_t col, int32_t row, int32_t elevation, int32_t terrain, int32_t presence, int32_t side) {
    if (!on_grid(col, row) || elevation < -ELEVATION_MAX || elevation > ELEVATION_MAX ||
        terrain < NAPFIRE_TERRAIN_CLEAR || terrain > NAPFIRE_TERRAIN_SLOPE || presence < NAPFIRE_PRESENCE_NONE ||
        presence > NAPFIRE_PRESENCE_LEADER_ONLY || side < 0 || side > SIDE_MAX)
        return NAPFIRE_EDOMAIN;
    napfire_hex_info *c = &cells[row * grid_cols + col];
    fov_valid = 0;
    memset(c, 0, sizeof *c);
    c->elevation = elevation;
    c->terrain = terrain;
    c->presence = presence;
    c->unit_side = presence == NAPFIRE_PRESENCE_NONE ? 0 : side;
    return NAPFIRE_OK;
}

EXPORT(nfw_map_svg) int nfw_map_svg(void) {
    static struct svg_los_pic pic;
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_map(&pic, &m);
    return svg_los(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}

static void hex_json(struct out *o, napfire_hex h) {
    int32_t col = 0, row = 0;
    napfire_hex_to_offset(h, grid_layout, &col, &row);
    out_fmt(o, "{\"col\":%d,\"row\":%d}", col, row);
}

/* The question from the page's fields, or NAPFIRE_EDOMAIN (or the
 * library's status) with the field at fault in nfw_out's "field"; with
 * tc = -1 the firer and facing only. */
static int los_query(struct out *o, int32_t fc, int32_t fr, int32_t tc, int32_t tr, int32_t formation, int32_t facing,
                     napfire_los_query *q) {
    memset(q, 0, sizeof *q);
    if (!on_grid(fc, fr) || napfire_hex_from_offset(grid_layout, fc, fr, &q->firer) != NAPFIRE_OK) {
        out_fmt(o, "{\"field\":\"firer\"}");
        return NAPFIRE_EDOMAIN;
    }
    /* A field of view (tc = -1) has no target. */
    if (tc != -1 && (!on_grid(tc, tr) || napfire_hex_from_offset(grid_layout, tc, tr, &q->target) != NAPFIRE_OK)) {
        out_fmt(o, "{\"field\":\"target\"}");
        return NAPFIRE_EDOMAIN;
    }
    if (tc != -1 && q->firer.q == q->target.q && q->firer.r == q->target.r) {
        out_fmt(o, "{\"field\":\"same\"}");
        return NAPFIRE_EDOMAIN;
    }
    int st = napfire_hex_facing(formation, facing, &q->front_mask, NULL, NULL);
    if (st != NAPFIRE_OK)
        out_fmt(o, "{\"field\":\"facing\"}");
    return st;
}

static void los_json(struct out *o, const napfire_los_query *q, const napfire_los_result *res,
                     const napfire_trace_step *steps, size_t n) {
    out_fmt(o, "{\"clear\":%d,\"rule\":", res->clear);
    out_json_string(o, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->rule));
    out_fmt(o, ",\"rule_id\":");
    out_json_string(o, napfire_los_rule_id(res->rule));
    out_fmt(o, ",\"cause\":");
    out_json_string(o, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->cause));
    out_fmt(o, ",\"cause_id\":");
    out_json_string(o, napfire_los_rule_id(res->cause));
    out_fmt(o, ",\"elevation\":");
    out_json_string(o, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res->elevation));
    out_fmt(o, ",\"elevation_id\":");
    out_json_string(o, pic_elevation_id(res->elevation));
    out_fmt(o, ",\"blocker_kind\":%d,\"blocker\":", res->blocker_kind);
    hex_json(o, res->blocker);
    out_fmt(o, ",\"blocker_other\":");
    hex_json(o, res->blocker_other);
    out_fmt(o, ",\"front_mask\":%u,\"exit_mask\":%u,\"distance\":%d,\"lifted\":%d,\"trace\":[", q->front_mask,
            res->exit_mask, res->distance, res->lifted);
    for (size_t i = 0; i < n; i++) {
        out_fmt(o, "%s{\"kind\":", i ? "," : "");
        out_json_string(o, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_STEP, steps[i].kind));
        out_fmt(o, ",\"hex\":");
        hex_json(o, steps[i].hex);
        if (steps[i].kind == NAPFIRE_STEP_HEXSIDE) {
            out_fmt(o, ",\"other\":");
            hex_json(o, steps[i].other);
        }
        out_fmt(o, "}");
    }
    out_fmt(o, "]}");
}

/* ------------------------------------------------------------------ */
/* Field of view: the rule of every hex within a radius of the firer */

static _Alignas(16) unsigned char fov_plan_buf[FOV_PLAN_CAP];
static _Alignas(16) unsigned char fov_work[FOV_WORK_CAP];

EXPORT(nfw_fov_rules) const uint8_t *nfw_fov_rules(void) {
    return fov_view;
}

/* The plan for radius r, kept until the radius changes. */
static int fov_plan_for(int32_t r) {
    if (fov_plan && fov_radius == r)
        return NAPFIRE_OK;
    size_t n = napfire_fov_plan_size(r);
    if (n == 0 || r > FOV_RADIUS_MAX)
        return NAPFIRE_EDOMAIN;
    if (n > sizeof fov_plan_buf)
        return NAPFIRE_ENOSPC;
    fov_plan = NULL;
    int st = napfire_fov_plan_init(fov_plan_buf, sizeof fov_plan_buf, r, &fov_plan);
    if (st == NAPFIRE_OK)
        fov_radius = r;
    return st;
}

/* The counts per rule as JSON, and the picture's lines. */
static void fov_answer(struct out *o, struct svg_los_pic *pic) {
    int32_t counts[NAPFIRE_LOS_RULE_GRAZING + 1] = {0}, hidden = 0;
    for (int32_t i = 0; i < grid_cols * grid_rows; i++)
        if (fov_view[i] <= NAPFIRE_LOS_RULE_GRAZING)
            counts[fov_view[i]]++;
    struct out lo;
    struct out_buffer lb;
    struct out *line = out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_NOTE], sizeof pic->lines[0]);
    out_fmt(o, "{\"counts\":{");
    for (int32_t r = 0; r <= NAPFIRE_LOS_RULE_GRAZING; r++) {
        const char *name = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, r);
        out_fmt(o, "%s\"%s\":%d", r ? "," : "", name, counts[r]);
        if (r && counts[r])
            out_fmt(line, "%s%s %d", hidden ? ", " : "", name, counts[r]);
        hidden += r ? counts[r] : 0;
    }
    out_fmt(o, "},\"seen\":%d,\"hidden\":%d}", counts[0], hidden);
    out_fmt(out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_HEADING], sizeof pic->lines[0]),
            "Field of view of the firer (H-LOS, H-ELV)");
    out_fmt(out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_VERDICT], sizeof pic->lines[0]), "seen %d; hidden %d%s",
            counts[0], hidden, hidden ? " by:" : "");
}

/* What the firer at (fc, fr) sees within radius r (napfire_fov_grid):
 * nfw_fov_rules() gets the grid's columns * rows bytes, row by row, each a
 * napfire_los_rule or NAPFIRE_FOV_NOT_ASKED (the firer's hex, beyond the
 * radius); the counts per rule go to nfw_out. The next nfw_los from the
 * same firer draws the view under its line; nfw_fov_svg draws it alone.
 * Errors as nfw_los, the target aside, and NAPFIRE_EDOMAIN for r outside
 * 1..FOV_RADIUS_MAX. */
EXPORT(nfw_fov)
int nfw_fov(int32_t fc, int32_t fr, int32_t formation, int32_t facing, int32_t firer_side, int32_t target_side,
            uint32_t policy, int32_t r) {
    static struct svg_los_pic pic;
    struct out *o = out_start();
    napfire_los_query q;
    fov_valid = 0;
    int st = los_query(o, fc, fr, -1, -1, formation, facing, &q);
    if (st != NAPFIRE_OK)
        return st;
    st = fov_plan_for(r);
    if (st == NAPFIRE_OK && napfire_fov_work_size(fov_plan) > sizeof fov_work)
        st = NAPFIRE_ENOSPC;
    if (st != NAPFIRE_OK)
        return st;
    q.firer_side = firer_side;
    q.target_side = target_side;
    q.policy = policy;
    st = napfire_fov_grid(fov_plan, fov_work, sizeof fov_work, &q, grid_layout, grid_cols, grid_rows, cells, fov_view);
    if (st != NAPFIRE_OK)
        return st;
    fov_valid = 1;
    fov_query = q;
    fov_answer(o, &pic);
    return o->failed ? NAPFIRE_ENOSPC : NAPFIRE_OK;
}

/* The last field of view alone, as `napfire los --fov --svg` draws it. */
EXPORT(nfw_fov_svg) int nfw_fov_svg(void) {
    static struct svg_los_pic pic;
    if (!fov_valid)
        return NAPFIRE_ESTATE;
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_map(&pic, &m);
    pic.firer = fov_query.firer;
    pic.front_mask = fov_query.front_mask;
    pic.view = fov_view;
    struct out ignored;
    struct out_buffer ib;
    static char scratch[1024];
    fov_answer(out_to_buffer(&ignored, &ib, scratch, sizeof scratch), &pic);
    return svg_los(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}

/* Firer and target must be on the page's grid: off it the library would
 * take clear ground (napfire_los_grid), which the page cannot show. Returns
 * NAPFIRE_EDOMAIN with "firer", "target", "same" (firer and target in one
 * hex) or "facing" in nfw_out's "field". */
EXPORT(nfw_los)
int nfw_los(int32_t fc, int32_t fr, int32_t tc, int32_t tr, int32_t formation, int32_t facing, int32_t firer_side,
            int32_t target_side, uint32_t policy) {
    /* A trace over distance n has at most 4n + 1 steps; on the grid n is
     * below 2 * GRID_MAX. */
    static napfire_trace_step steps[4 * 2 * GRID_MAX + 1];
    static struct svg_los_pic pic;
    struct out *o = out_start();
    napfire_los_query q;
    int st = los_query(o, fc, fr, tc, tr, formation, facing, &q);
    if (st != NAPFIRE_OK)
        return st;
    q.firer_side = firer_side;
    q.target_side = target_side;
    q.policy = policy;
    napfire_los_result res;
    st = napfire_los_grid(&q, grid_layout, grid_cols, grid_rows, cells, &res);
    if (st != NAPFIRE_OK) {
        out_fmt(o, "{\"field\":\"target\"}");
        return st;
    }
    size_t n = 0;
    if (napfire_trace_steps(q.firer, q.target, steps, sizeof steps / sizeof steps[0], &n) != NAPFIRE_OK)
        return NAPFIRE_ENOSPC;
    los_json(o, &q, &res, steps, n);
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_los(&pic, &m, &q, &res, steps, n);
    pic.view = fov_valid && fov_query.firer.q == q.firer.q && fov_query.firer.r == q.firer.r ? fov_view : NULL;
    if (svg_los(svg_start(), &pic) != 0 || o->failed)
        return NAPFIRE_ENOSPC;
    return NAPFIRE_OK;
}
