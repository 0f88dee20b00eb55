/* SPDX-License-Identifier: MIT */
/*
 * Line of sight (H-LOS, H-ELV) at hex scale, and the names of the
 * hex-scale enumerations. The geometry is the exact trace of hex.c; this
 * file only applies the rules to its steps. Facing and fire value are in
 * facing.c.
 */
#include "common.h"
#include "hex_internal.h"

#include <string.h>

/* The map, in any of its three forms. */
struct nf_map {
    napfire_hex_info_fn fn;         /* non-NULL: callback form */
    napfire_hex_info_ref_fn fn_ref; /* non-NULL: callback form, the hex by pointer */
    void *ctx;
    int32_t layout, columns, rows;
    const napfire_hex_info *cells;
};

static int info_valid(const napfire_hex_info *h) {
    if (h->terrain < NAPFIRE_TERRAIN_CLEAR || h->terrain > NAPFIRE_TERRAIN_SLOPE)
        return 0;
    if (h->presence < NAPFIRE_PRESENCE_NONE || h->presence > NAPFIRE_PRESENCE_LEADER_ONLY)
        return 0;
    for (size_t i = 0; i < NF_COUNT(h->reserved); i++)
        if (h->reserved[i] != 0)
            return 0;
    return 1;
}

static int map_read(const struct nf_map *m, napfire_hex h, napfire_hex_info *out) {
    memset(out, 0, sizeof *out);
    if (m->fn || m->fn_ref) {
        /* The callback gets a copy: what it does to it changes no step. */
        napfire_hex at = h;
        int rc = m->fn ? m->fn(m->ctx, h, out) : m->fn_ref(m->ctx, &at, out);
        if (rc != 0)
            return rc;
    } else {
        int32_t col, row;
        int rc = napfire_hex_to_offset(h, m->layout, &col, &row);
        if (rc != NAPFIRE_OK)
            return rc;
        /* Off the grid: clear ground, no unit (the zero fill). */
        if (col >= 0 && col < m->columns && row >= 0 && row < m->rows)
            *out = m->cells[(size_t)row * (size_t)m->columns + (size_t)col];
    }
    return info_valid(out) ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
}

/* What the judgement of one hex needs from the question. */
struct nf_los {
    int32_t firer_elevation, target_elevation;
    int32_t friend_side;
};

/* H-ELV-1: a higher firer sees over blockers nearer itself; H-ELV-2: a
 * lower firer over blockers nearer the target. */
static int elevation_lifts(int32_t ef, int32_t et, int32_t from_firer, int32_t to_target) {
    return (ef > et && from_firer < to_target) || (ef < et && to_target < from_firer);
}

/* A friendly combat unit adjacent to the target (H-ELV-2). */
static int friend_adjacent(const struct nf_los *c, const napfire_hex_info *h, int32_t to_target) {
    return h->presence == NAPFIRE_PRESENCE_COMBAT && to_target == 1 && h->unit_side == c->friend_side;
}

/* Why elevation did not lift a blocker (H-ELV-3, or the uncovered half). */
static int32_t kept_by(int32_t ef, int32_t et, int32_t from_firer, int32_t to_target) {
    if (ef == et)
        return NAPFIRE_LOS_ELV_EQUAL;
    return from_firer == to_target ? NAPFIRE_LOS_ELV_EQUIDISTANT : NAPFIRE_LOS_ELV_OTHER_HALF;
}

/* Does this hex block (H-LOS-5, H-ELV-1..5)? Returns the blocking rule or
 * NONE; *elevation says why H-ELV did not lift it, *lifted how many of its
 * blocker features (woods or walls, an off-level slope, a combat unit)
 * H-ELV-1/2 lifted. A town is judged by no elevation rule (H-ELV-5). */
static int32_t judge(const struct nf_los *c, const napfire_hex_info *h, int32_t from_firer, int32_t to_target,
                     int32_t *elevation, int32_t *lifted) {
    int32_t ef = c->firer_elevation, et = c->target_elevation;
    *elevation = NAPFIRE_LOS_ELV_NONE;
    *lifted = 0;
    if (h->terrain == NAPFIRE_TERRAIN_TOWN)
        return NAPFIRE_LOS_RULE_TOWN; /* H-ELV-5 */
    int terrain = h->terrain == NAPFIRE_TERRAIN_BLOCKING;
    /* H-ELV-4: firing along a slope, at either end's level, is not blocked. */
    int slope = h->terrain == NAPFIRE_TERRAIN_SLOPE && h->elevation != ef && h->elevation != et;
    int unit = h->presence == NAPFIRE_PRESENCE_COMBAT;
    if (!terrain && !slope && !unit)
        return NAPFIRE_LOS_RULE_NONE;
    if (elevation_lifts(ef, et, from_firer, to_target)) {
        /* H-ELV-2's own exception: a friendly unit adjacent to the target. */
        int friend = ef < et && friend_adjacent(c, h, to_target);
        *lifted = terrain + slope + (friend ? 0 : unit);
        if (!friend)
            return NAPFIRE_LOS_RULE_NONE;
        *elevation = NAPFIRE_LOS_ELV_FRIEND_ADJACENT;
        return NAPFIRE_LOS_RULE_UNIT;
    }
    *elevation = kept_by(ef, et, from_firer, to_target);
    return terrain ? NAPFIRE_LOS_RULE_TERRAIN : slope ? NAPFIRE_LOS_RULE_SLOPE : NAPFIRE_LOS_RULE_UNIT;
}

/* The fixed order of causes that names the blocking hex of a pair: a town
 * (no elevation exception) first, then woods or walls, a slope, a unit,
 * as within one hex. Mirror images of a map give the same cause. */
static int cause_rank(int32_t rule) {
    switch (rule) {
        case NAPFIRE_LOS_RULE_TOWN:
            return 0;
        case NAPFIRE_LOS_RULE_TERRAIN:
            return 1;
        case NAPFIRE_LOS_RULE_SLOPE:
            return 2;
        case NAPFIRE_LOS_RULE_UNIT:
            return 3;
        default:
            return 4;
    }
}

static int query_valid(const napfire_los_query *q) {
    if (!nf_in_bound(q->firer.q, q->firer.r) || !nf_in_bound(q->target.q, q->target.r))
        return 0;
    if (q->firer.q == q->target.q && q->firer.r == q->target.r)
        return 0;
    if ((q->front_mask & ~0x3Fu) != 0 || (q->policy & ~(uint32_t)NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) != 0)
        return 0;
    for (size_t i = 0; i < NF_COUNT(q->reserved); i++)
        if (q->reserved[i] != 0)
            return 0;
    return 1;
}

/* Bit of the firer's hexside towards an adjacent hex. */
static uint32_t side_bit(napfire_hex firer, napfire_hex h) {
    int32_t side = 0;
    (void)napfire_hex_side_towards(firer, h, &side);
    return 1u << side;
}

/* Judge one step between firer and target: a hex, or both hexes of a
 * hexside pair (always both, so that what is lifted and what is named do
 * not depend on which side of the line a hex lies). On a blocker fill the
 * result. */
static int judge_step(const struct nf_los *c, const struct nf_map *m, const napfire_trace_step *s,
                      napfire_los_result *res, int *blocked) {
    napfire_hex hexes[2] = {s->hex, s->other};
    int32_t rule[2] = {NAPFIRE_LOS_RULE_NONE, NAPFIRE_LOS_RULE_NONE};
    int32_t elevation[2] = {NAPFIRE_LOS_ELV_NONE, NAPFIRE_LOS_ELV_NONE};
    int n = s->kind == NAPFIRE_STEP_HEXSIDE ? 2 : 1;
    for (int i = 0; i < n; i++) {
        napfire_hex_info info;
        int32_t lifted;
        int rc = map_read(m, hexes[i], &info);
        if (rc != NAPFIRE_OK)
            return rc;
        rule[i] = judge(c, &info, s->from_start, s->to_end, &elevation[i], &lifted);
        res->lifted += lifted;
    }
    /* H-LOS-3: either hex blocks; the stronger cause names the pair, the
     * first in trace order on a tie (then both name the same cause). */
    int k = n == 2 && cause_rank(rule[1]) < cause_rank(rule[0]) ? 1 : 0;
    if (rule[k] == NAPFIRE_LOS_RULE_NONE)
        return NAPFIRE_OK;
    *blocked = 1;
    res->clear = 0;
    res->cause = rule[k];
    res->elevation = elevation[k];
    res->blocker_kind = s->kind;
    res->blocker = hexes[k];
    res->blocker_other = n == 2 ? hexes[1 - k] : s->other;
    res->rule = s->kind == NAPFIRE_STEP_HEXSIDE ? NAPFIRE_LOS_RULE_GRAZING : rule[k]; /* H-LOS-3 */
    return NAPFIRE_OK;
}

static int line_of_sight(const napfire_los_query *q, const struct nf_map *m, napfire_los_result *out) {
    napfire_los_result res;
    memset(&res, 0, sizeof res);
    res.clear = 1;
    res.blocker = res.blocker_other = q->firer;

    struct nf_walk w;
    napfire_trace_step s;
    napfire__walk_start(&w, q->firer, q->target);
    res.distance = w.n;
    (void)napfire__walk_step(&w, &s); /* the firing hex */
    (void)napfire__walk_step(&w, &s); /* leaving it: a hex, or a hexside pair through a vertex */
    res.exit_mask = side_bit(q->firer, s.hex);
    if (s.kind == NAPFIRE_STEP_HEXSIDE)
        res.exit_mask |= side_bit(q->firer, s.other);

    if ((res.exit_mask & q->front_mask) == 0) { /* H-LOS-4 */
        res.clear = 0;
        res.rule = NAPFIRE_LOS_RULE_FRONT_HEXSIDE;
    } else if (w.n > 1) { /* adjacent: nothing between, elevation ignored (H-LOS-6) */
        napfire_hex_info firer, target;
        int rc = map_read(m, q->firer, &firer);
        if (rc == NAPFIRE_OK)
            rc = map_read(m, q->target, &target);
        if (rc != NAPFIRE_OK)
            return rc;
        struct nf_los c;
        c.firer_elevation = firer.elevation;
        c.target_elevation = target.elevation;
        c.friend_side = (q->policy & NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) ? q->target_side : q->firer_side;
        /* Steps strictly between: everything before the target but vertex
         * touches (H-LOS-2). The walk is at most 4n + 1 steps long. */
        int blocked = 0;
        do {
            if (s.kind == NAPFIRE_STEP_VERTEX)
                continue;
            if (s.kind == NAPFIRE_STEP_HEX && s.to_end == 0)
                break;
            rc = judge_step(&c, m, &s, &res, &blocked);
            if (rc != NAPFIRE_OK)
                return rc;
        } while (!blocked && napfire__walk_step(&w, &s));
    }
    *out = res;
    return NAPFIRE_OK;
}

/* Both callback forms: the same checks, in the same order. */
static int los_callback(const napfire_los_query *q, const struct nf_map *m, napfire_los_result *out) {
    if (!q || !(m->fn || m->fn_ref) || !out)
        return NAPFIRE_EINVAL;
    if (!query_valid(q))
        return NAPFIRE_EDOMAIN;
    return line_of_sight(q, m, out);
}

int napfire_los_callback(const napfire_los_query *q, napfire_hex_info_fn fn, void *ctx, napfire_los_result *out) {
    struct nf_map m;
    memset(&m, 0, sizeof m);
    m.fn = fn;
    m.ctx = ctx;
    return los_callback(q, &m, out);
}

int napfire_los_callback_ref(const napfire_los_query *q, napfire_hex_info_ref_fn fn, void *ctx,
                             napfire_los_result *out) {
    struct nf_map m;
    memset(&m, 0, sizeof m);
    m.fn_ref = fn;
    m.ctx = ctx;
    return los_callback(q, &m, out);
}

int napfire_los_grid(const napfire_los_query *q, int32_t layout, int32_t columns, int32_t rows,
                     const napfire_hex_info *cells, napfire_los_result *out) {
    if (!q || !cells || !out)
        return NAPFIRE_EINVAL;
    if (!query_valid(q) || layout < NAPFIRE_HEX_ODD_Q || layout > NAPFIRE_HEX_EVEN_R || columns < 1 ||
        columns > NAPFIRE_HEX_GRID_MAX || rows < 1 || rows > NAPFIRE_HEX_GRID_MAX)
        return NAPFIRE_EDOMAIN;
    /* The caller's array holds columns * rows cells: it must be addressable. */
    if ((uint64_t)columns * (uint64_t)rows > SIZE_MAX / sizeof *cells)
        return NAPFIRE_EDOMAIN;
    struct nf_map m;
    memset(&m, 0, sizeof m);
    m.layout = layout;
    m.columns = columns;
    m.rows = rows;
    m.cells = cells;
    return line_of_sight(q, &m, out);
}

/* ------------------------------------------------------------------ */
/* Names */

static const char *const layout_names[] = {"ODD_Q", "EVEN_Q", "ODD_R", "EVEN_R"};
static const char *const step_names[] = {NULL, "HEX", "HEXSIDE", "VERTEX"};
static const char *const terrain_names[] = {"CLEAR", "BLOCKING", "TOWN", "SLOPE"};
static const char *const presence_names[] = {"NONE", "COMBAT", "ROUTED", "LEADER_ONLY"};
static const char *const rule_names[] = {"NONE", "FRONT_HEXSIDE", "TOWN", "TERRAIN", "UNIT", "SLOPE", "GRAZING"};
static const char *const elevation_names[] = {"NONE", "EQUAL", "EQUIDISTANT", "OTHER_HALF", "FRIEND_ADJACENT"};
static const char *const formation_names[] = {"COLUMN", "ARTILLERY", "LINE", "TIRAILLEUR", "SQUARE"};

/* Indexed by enum napfire_hex_enum. */
static const struct name_table hex_name_tables[] = {
    [NAPFIRE_HEX_ENUM_LAYOUT] = NAME_TABLE(layout_names),
    [NAPFIRE_HEX_ENUM_STEP] = NAME_TABLE(step_names),
    [NAPFIRE_HEX_ENUM_TERRAIN] = NAME_TABLE(terrain_names),
    [NAPFIRE_HEX_ENUM_PRESENCE] = NAME_TABLE(presence_names),
    [NAPFIRE_HEX_ENUM_LOS_RULE] = NAME_TABLE(rule_names),
    [NAPFIRE_HEX_ENUM_ELEVATION] = NAME_TABLE(elevation_names),
    [NAPFIRE_HEX_ENUM_FORMATION] = NAME_TABLE(formation_names),
};

const char *napfire_hex_enum_name(int32_t enumeration, int32_t value) {
    return napfire__name_of(hex_name_tables, NF_COUNT(hex_name_tables), enumeration, value);
}

const char *napfire_los_rule_id(int32_t rule) {
    static const char *const ids[] = {"", "H-LOS-4", "H-LOS-5, H-ELV-5", "H-LOS-5", "H-LOS-5", "H-ELV-4", "H-LOS-3"};
    if (rule < 0 || (size_t)rule >= NF_COUNT(ids))
        return "unknown";
    return ids[rule];
}
