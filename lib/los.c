/* SPDX-License-Identifier: MIT */
/*
 * Line of sight (H-LOS, H-ELV), facing (H-FACE) and infantry fire
 * (H-FIRE) at hex scale. The geometry is the exact trace of hex.c; this
 * file only applies the rules to its steps.
 */
#include "internal.h"
#include "hex_internal.h"

#include <string.h>

/* The map, in either of its two forms. */
struct nf_map {
    napfire_hex_info_fn fn; /* non-NULL: callback form */
    void *ctx;
    int32_t layout, columns, rows;
    const napfire_hex_info *cells;
};

static int nf_info_valid(const napfire_hex_info *h) {
    if (h->terrain < NAPFIRE_TERRAIN_CLEAR || h->terrain > NAPFIRE_TERRAIN_SLOPE) return 0;
    if (h->presence < NAPFIRE_PRESENCE_NONE || h->presence > NAPFIRE_PRESENCE_LEADER_ONLY) return 0;
    for (size_t i = 0; i < NF_COUNT(h->reserved); i++)
        if (h->reserved[i] != 0) return 0;
    return 1;
}

static int nf_map_read(const struct nf_map *m, napfire_hex h, napfire_hex_info *out) {
    memset(out, 0, sizeof *out);
    if (m->fn) {
        int rc = m->fn(m->ctx, h, out);
        if (rc != 0) return rc;
    } else {
        int32_t col, row;
        int rc = napfire_hex_to_offset(h, m->layout, &col, &row);
        if (rc != NAPFIRE_OK) return rc;
        /* Off the grid: clear ground, no unit (the zero fill). */
        if (col >= 0 && col < m->columns && row >= 0 && row < m->rows)
            *out = m->cells[(size_t)row * (size_t)m->columns + (size_t)col];
    }
    return nf_info_valid(out) ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
}

/* What the judgement of one hex needs from the question. */
struct nf_los {
    int32_t firer_elevation, target_elevation;
    int32_t friend_side;
};

/* Does this hex block (H-LOS-5, H-ELV-1..5)? Returns the blocking rule or
 * NONE; *elevation says why H-ELV did not lift it, *lifted that it did. */
static int32_t nf_judge(const struct nf_los *c, const napfire_hex_info *h, int32_t from_firer,
                        int32_t to_target, int32_t *elevation, int32_t *lifted) {
    int32_t ef = c->firer_elevation, et = c->target_elevation;
    *elevation = NAPFIRE_LOS_ELV_NONE;
    *lifted = 0;
    if (h->terrain == NAPFIRE_TERRAIN_TOWN) return NAPFIRE_LOS_RULE_TOWN; /* H-ELV-5 */
    int terrain = h->terrain == NAPFIRE_TERRAIN_BLOCKING;
    /* H-ELV-4: firing along a slope, at either end's level, is not blocked. */
    int slope = h->terrain == NAPFIRE_TERRAIN_SLOPE && h->elevation != ef && h->elevation != et;
    int unit = h->presence == NAPFIRE_PRESENCE_COMBAT;
    if (!terrain && !slope && !unit) return NAPFIRE_LOS_RULE_NONE;
    if (ef > et && from_firer < to_target) { /* H-ELV-1 */
        *lifted = 1;
        return NAPFIRE_LOS_RULE_NONE;
    }
    if (ef < et && to_target < from_firer) { /* H-ELV-2 */
        if (unit && to_target == 1 && h->unit_side == c->friend_side) {
            *elevation = NAPFIRE_LOS_ELV_FRIEND_ADJACENT;
            return NAPFIRE_LOS_RULE_UNIT;
        }
        *lifted = 1;
        return NAPFIRE_LOS_RULE_NONE;
    }
    /* H-ELV-3, or a blocker on the half no exception covers. */
    *elevation = ef == et ? NAPFIRE_LOS_ELV_EQUAL
                 : from_firer == to_target ? NAPFIRE_LOS_ELV_EQUIDISTANT
                                           : NAPFIRE_LOS_ELV_OTHER_HALF;
    return terrain ? NAPFIRE_LOS_RULE_TERRAIN : slope ? NAPFIRE_LOS_RULE_SLOPE : NAPFIRE_LOS_RULE_UNIT;
}

static int nf_query_valid(const napfire_los_query *q) {
    if (!nf_in_bound(q->firer.q, q->firer.r) || !nf_in_bound(q->target.q, q->target.r)) return 0;
    if (q->firer.q == q->target.q && q->firer.r == q->target.r) return 0;
    if ((q->front_mask & ~0x3Fu) != 0 || (q->policy & ~(uint32_t)NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) != 0)
        return 0;
    for (size_t i = 0; i < NF_COUNT(q->reserved); i++)
        if (q->reserved[i] != 0) return 0;
    return 1;
}

/* Bit of the firer's hexside towards an adjacent hex. */
static uint32_t nf_side_bit(napfire_hex firer, napfire_hex h) {
    int32_t side = 0;
    (void)napfire_hex_side_towards(firer, h, &side);
    return 1u << side;
}

/* Judge one hex between firer and target; on a blocker fill the result. */
static int nf_step_hex(const struct nf_los *c, const struct nf_map *m, const napfire_trace_step *s,
                       int which, napfire_los_result *res, int *blocked) {
    napfire_hex h = which ? s->other : s->hex;
    napfire_hex_info info;
    int32_t elevation, lifted;
    int rc = nf_map_read(m, h, &info);
    if (rc != NAPFIRE_OK) return rc;
    int32_t rule = nf_judge(c, &info, s->from_start, s->to_end, &elevation, &lifted);
    res->lifted += lifted;
    if (rule == NAPFIRE_LOS_RULE_NONE) return NAPFIRE_OK;
    *blocked = 1;
    res->clear = 0;
    res->cause = rule;
    res->elevation = elevation;
    res->blocker_kind = s->kind;
    res->blocker = h;
    res->blocker_other = which ? s->hex : s->other;
    res->rule = s->kind == NAPFIRE_STEP_HEXSIDE ? NAPFIRE_LOS_RULE_GRAZING : rule; /* H-LOS-3 */
    return NAPFIRE_OK;
}

static int nf_los(const napfire_los_query *q, const struct nf_map *m, napfire_los_result *out) {
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
    res.exit_mask = nf_side_bit(q->firer, s.hex);
    if (s.kind == NAPFIRE_STEP_HEXSIDE) res.exit_mask |= nf_side_bit(q->firer, s.other);

    if ((res.exit_mask & q->front_mask) == 0) { /* H-LOS-4 */
        res.clear = 0;
        res.rule = NAPFIRE_LOS_RULE_FRONT_HEXSIDE;
    } else if (w.n > 1) { /* adjacent: nothing between, elevation ignored (H-LOS-6) */
        napfire_hex_info firer, target;
        int rc = nf_map_read(m, q->firer, &firer);
        if (rc == NAPFIRE_OK) rc = nf_map_read(m, q->target, &target);
        if (rc != NAPFIRE_OK) return rc;
        struct nf_los c;
        c.firer_elevation = firer.elevation;
        c.target_elevation = target.elevation;
        c.friend_side = (q->policy & NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) ? q->target_side : q->firer_side;
        /* Steps strictly between: everything before the target but vertex
         * touches (H-LOS-2). The walk is at most 4n + 1 steps long. */
        int blocked = 0;
        do {
            if (s.kind == NAPFIRE_STEP_VERTEX) continue;
            if (s.kind == NAPFIRE_STEP_HEX && s.to_end == 0) break;
            rc = nf_step_hex(&c, m, &s, 0, &res, &blocked);
            if (rc == NAPFIRE_OK && !blocked && s.kind == NAPFIRE_STEP_HEXSIDE)
                rc = nf_step_hex(&c, m, &s, 1, &res, &blocked);
            if (rc != NAPFIRE_OK) return rc;
        } while (!blocked && napfire__walk_step(&w, &s));
    }
    *out = res;
    return NAPFIRE_OK;
}

int napfire_los_callback(const napfire_los_query *q, napfire_hex_info_fn fn, void *ctx,
                         napfire_los_result *out) {
    if (!q || !fn || !out) return NAPFIRE_EINVAL;
    if (!nf_query_valid(q)) return NAPFIRE_EDOMAIN;
    struct nf_map m;
    memset(&m, 0, sizeof m);
    m.fn = fn;
    m.ctx = ctx;
    return nf_los(q, &m, out);
}

int napfire_los_grid(const napfire_los_query *q, int32_t layout, int32_t columns, int32_t rows,
                     const napfire_hex_info *cells, napfire_los_result *out) {
    if (!q || !cells || !out) return NAPFIRE_EINVAL;
    if (!nf_query_valid(q) || layout < NAPFIRE_HEX_ODD_Q || layout > NAPFIRE_HEX_EVEN_R ||
        columns < 1 || columns > NAPFIRE_HEX_GRID_MAX || rows < 1 || rows > NAPFIRE_HEX_GRID_MAX)
        return NAPFIRE_EDOMAIN;
    /* The caller's array holds columns * rows cells: it must be addressable. */
    if ((uint64_t)columns * (uint64_t)rows > SIZE_MAX / sizeof *cells) return NAPFIRE_EDOMAIN;
    struct nf_map m;
    memset(&m, 0, sizeof m);
    m.layout = layout;
    m.columns = columns;
    m.rows = rows;
    m.cells = cells;
    return nf_los(q, &m, out);
}

/* ------------------------------------------------------------------ */
/* H-FACE */

int napfire_hex_facing(int32_t formation, int32_t facing, uint32_t *front, uint32_t *flank,
                       uint32_t *rear) {
    if (!front) return NAPFIRE_EINVAL;
    if (facing < 0 || facing > 11) return NAPFIRE_EDOMAIN;
    int32_t k = facing / 2; /* the hexside faced, or the vertex faced */
    int vertex = facing % 2 != 0;
    /* Front, flank and rear as runs of hexsides counted from the first
     * front hexside, going round in direction order. */
    int32_t first, nfront, nflank;
    switch (formation) {
    case NAPFIRE_HEX_COLUMN:
    case NAPFIRE_HEX_ARTILLERY: /* 3/2/1 around hexside k */
        if (vertex) return NAPFIRE_EDOMAIN;
        first = k - 1;
        nfront = 3;
        nflank = 2;
        break;
    case NAPFIRE_HEX_LINE: /* 2/2/2: hexsides k and k+1 meet at vertex k */
        if (!vertex) return NAPFIRE_EDOMAIN;
        first = k;
        nfront = 2;
        nflank = 2;
        break;
    case NAPFIRE_HEX_TIRAILLEUR: /* 4/2/0 */
        if (!vertex) return NAPFIRE_EDOMAIN;
        first = k - 1;
        nfront = 4;
        nflank = 2;
        break;
    case NAPFIRE_HEX_SQUARE:
        first = 0;
        nfront = 6;
        nflank = 0;
        break;
    default:
        return NAPFIRE_EDOMAIN;
    }
    /* Flank hexsides sit either side of the front, the rear opposite it. */
    uint32_t fr = 0, fl = 0;
    for (int32_t i = 0; i < nfront; i++) fr |= 1u << ((first + i + 6) % 6);
    for (int32_t i = 0; i < nflank / 2; i++) {
        fl |= 1u << ((first - 1 - i + 12) % 6);
        fl |= 1u << ((first + nfront + i) % 6);
    }
    *front = fr;
    if (flank) *flank = fl;
    if (rear) *rear = 0x3Fu & ~(fr | fl);
    return NAPFIRE_OK;
}

/* ------------------------------------------------------------------ */
/* H-FIRE */

static int nf_fire_in(int32_t v) { return v >= 0 && v <= NAPFIRE_HEX_FIRE_MAX; }

int napfire_hex_fire_value(const napfire_hex_fire *fire, int32_t *value) {
    if (!fire || !value) return NAPFIRE_EINVAL;
    const napfire_hex_fire *f = fire;
    for (size_t i = 0; i < NF_COUNT(f->reserved); i++)
        if (f->reserved[i] != 0) return NAPFIRE_EDOMAIN;
    if (!nf_fire_in(f->increments) || !nf_fire_in(f->multiple) || !nf_fire_in(f->printed_value) ||
        !nf_fire_in(f->stack_position))
        return NAPFIRE_EDOMAIN;
    int32_t per_hex;
    switch (f->formation) {
    case NAPFIRE_HEX_COLUMN: /* H-FIRE-2: only the top unit fires, its printed value */
        if (f->hexes != 1) return NAPFIRE_EDOMAIN;
        *value = f->stack_position == 0 ? f->printed_value : 0;
        return NAPFIRE_OK;
    case NAPFIRE_HEX_LINE: /* H-FIRE-3, H-FIRE-5 */
        if (f->hexes < 1 || f->hexes > 2 || (f->hexes == 2 && f->increments < 5)) return NAPFIRE_EDOMAIN;
        per_hex = 4;
        break;
    case NAPFIRE_HEX_TIRAILLEUR: /* H-FIRE-4 */
        if (f->hexes < 1 || f->hexes > f->increments) return NAPFIRE_EDOMAIN;
        per_hex = 3;
        break;
    default: /* ARTILLERY, SQUARE: not infantry fire H-FIRE covers */
        return NAPFIRE_EDOMAIN;
    }
    if (f->stack_position != 0) return NAPFIRE_EDOMAIN;
    int32_t firing = f->increments < per_hex * f->hexes ? f->increments : per_hex * f->hexes;
    *value = firing * f->multiple;
    return NAPFIRE_OK;
}

int napfire_hex_fire_range(int32_t formation, int32_t tirailleur_range, int32_t *range) {
    if (!range) return NAPFIRE_EINVAL;
    if (tirailleur_range < 0 || tirailleur_range > NAPFIRE_HEX_FIRE_MAX) return NAPFIRE_EDOMAIN;
    switch (formation) {
    case NAPFIRE_HEX_COLUMN:
    case NAPFIRE_HEX_LINE:
    case NAPFIRE_HEX_SQUARE:
        *range = 1;
        return NAPFIRE_OK;
    case NAPFIRE_HEX_TIRAILLEUR:
        *range = tirailleur_range ? tirailleur_range : NAPFIRE_HEX_TIRAILLEUR_RANGE;
        return NAPFIRE_OK;
    default:
        return NAPFIRE_EDOMAIN;
    }
}

/* ------------------------------------------------------------------ */
/* Names */

const char *napfire_hex_enum_name(int32_t enumeration, int32_t value) {
    static const char *const layout[] = {"ODD_Q", "EVEN_Q", "ODD_R", "EVEN_R"};
    static const char *const step[] = {"unknown", "HEX", "HEXSIDE", "VERTEX"};
    static const char *const terrain[] = {"CLEAR", "BLOCKING", "TOWN", "SLOPE"};
    static const char *const presence[] = {"NONE", "COMBAT", "ROUTED", "LEADER_ONLY"};
    static const char *const rule[] = {"NONE", "FRONT_HEXSIDE", "TOWN", "TERRAIN",
                                       "UNIT", "SLOPE", "GRAZING"};
    static const char *const elevation[] = {"NONE", "EQUAL", "EQUIDISTANT", "OTHER_HALF",
                                            "FRIEND_ADJACENT"};
    static const char *const formation[] = {"COLUMN", "ARTILLERY", "LINE", "TIRAILLEUR", "SQUARE"};
    const char *const *names;
    size_t n;
    switch (enumeration) {
    case NAPFIRE_HEX_ENUM_LAYOUT: names = layout; n = NF_COUNT(layout); break;
    case NAPFIRE_HEX_ENUM_STEP: names = step; n = NF_COUNT(step); break;
    case NAPFIRE_HEX_ENUM_TERRAIN: names = terrain; n = NF_COUNT(terrain); break;
    case NAPFIRE_HEX_ENUM_PRESENCE: names = presence; n = NF_COUNT(presence); break;
    case NAPFIRE_HEX_ENUM_LOS_RULE: names = rule; n = NF_COUNT(rule); break;
    case NAPFIRE_HEX_ENUM_ELEVATION: names = elevation; n = NF_COUNT(elevation); break;
    case NAPFIRE_HEX_ENUM_FORMATION: names = formation; n = NF_COUNT(formation); break;
    default: return "unknown";
    }
    if (value < 0 || (size_t)value >= n) return "unknown";
    return names[value];
}

const char *napfire_los_rule_id(int32_t rule) {
    static const char *const ids[] = {"", "H-LOS-4", "H-LOS-5, H-ELV-5", "H-LOS-5",
                                      "H-LOS-5", "H-ELV-4", "H-LOS-3"};
    if (rule < 0 || (size_t)rule >= NF_COUNT(ids)) return "unknown";
    return ids[rule];
}
