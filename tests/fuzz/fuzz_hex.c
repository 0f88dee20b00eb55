/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the hex scale (H-*): geometry, the exact
 * trace (array and iterator), line of sight on a map decoded from the
 * input (grid and callback forms), facing, fire value and range, names.
 * Also linked into tests/fuzz/replay.c for the committed corpus
 * tests/fuzz/corpus/fuzz_hex/.
 *
 * Invariants checked (any violation aborts):
 *   - geometry agrees with the coordinate bound and the direction vectors
 *     of napfire_hex.h, computed here in 64 bits; offsets round-trip;
 *   - the iterator yields exactly the array's steps, then says 0 for good;
 *     a short array is refused untouched with the count;
 *   - each step is well formed (kind, side, other, its distances), steps
 *     are adjacent to their neighbours, distances monotone, the trace
 *     starts and ends at the centres, has at most 4n + 1 steps, and the
 *     trace from b to a is the mirror of the trace from a to b (the
 *     segment is the same, and the trace is exact);
 *   - the grid and a callback reading the same grid give the same status
 *     and result; a failing callback's status comes back unchanged; a
 *     result's blocker is a hex strictly between of the trace that the
 *     map says can block; failed calls leave the result untouched;
 *   - facing masks are disjoint with the documented sizes; fire values
 *     follow H-FIRE.
 */
#include "fuzz_util.h"

#define MAX_OPS 32
#define MAX_DIST 150 /* traces compared step by step */
#define MAX_STEPS (4 * MAX_DIST + 1)
#define MAX_SIDE 8 /* grid columns and rows */
#define BOUND NAPFIRE_HEX_COORD_MAX

static const int32_t DQ[6] = {1, 1, 0, -1, -1, 0};
static const int32_t DR[6] = {0, -1, -1, 0, 1, 1};

static int64_t abs64(int64_t x) {
    return x < 0 ? -x : x;
}

static int in_bound(int64_t q, int64_t r) {
    return abs64(q) <= BOUND && abs64(r) <= BOUND && abs64(q + r) <= BOUND;
}

static int hex_ok(napfire_hex h) {
    return in_bound(h.q, h.r);
}

static int64_t dist64(napfire_hex a, napfire_hex b) {
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    return (abs64(dq) + abs64(dr) + abs64(dq + dr)) / 2;
}

static int same(napfire_hex a, napfire_hex b) {
    return a.q == b.q && a.r == b.r;
}

static int popcount6(uint32_t m) {
    int n = 0;
    for (int i = 0; i < 32; i++)
        n += (int)((m >> i) & 1u);
    return n;
}

/* Near the origin, near a corner or edge of the coordinate bound, or any
 * 32-bit pair (mostly out of bound). */
static napfire_hex pick_hex(fz_in *in) {
    static const int32_t anchors[][2] = {
        {0, 0},
        {BOUND, 0},
        {-BOUND, 0},
        {0, BOUND},
        {0, -BOUND},
        {BOUND, -BOUND},
        {-BOUND, BOUND},
        {BOUND / 2, BOUND / 2},
        {-BOUND / 2, -BOUND / 2},
        {BOUND, -BOUND / 2},
    };
    uint8_t sel = fz_u8(in);
    napfire_hex h;
    if (sel < 240) {
        size_t a = sel < 140 ? 0 : (size_t)(sel % (sizeof anchors / sizeof anchors[0]));
        h.q = anchors[a][0] + fz_range(in, -16, 16);
        h.r = anchors[a][1] + fz_range(in, -16, 16);
    } else {
        h.q = fz_int(in);
        h.r = fz_int(in);
    }
    return h;
}

/* Another hex at most 2 * 120 away, or anywhere. */
static napfire_hex pick_near(fz_in *in, napfire_hex from) {
    uint8_t sel = fz_u8(in);
    if (sel >= 245)
        return pick_hex(in);
    int32_t span = sel < 128 ? 8 : sel < 230 ? 40 : 120;
    napfire_hex t = from;
    int32_t dq = fz_range(in, -span, span), dr = fz_range(in, -span, span);
    /* Clamp without overflow: out-of-bound results are fine, wrap is not. */
    if ((dq > 0 && t.q <= INT32_MAX - dq) || (dq <= 0 && t.q >= INT32_MIN - dq))
        t.q += dq;
    if ((dr > 0 && t.r <= INT32_MAX - dr) || (dr <= 0 && t.r >= INT32_MIN - dr))
        t.r += dr;
    return t;
}

/* ---- geometry --------------------------------------------------------- */

static void op_geometry(fz_in *in) {
    napfire_hex h = pick_hex(in), b = pick_near(in, h);
    int32_t dir = fz_u8(in) < 200 ? fz_range(in, 0, 5) : fz_int(in);
    int valid_dir = dir >= 0 && dir <= 5;
    napfire_hex out = {0x5A5A, 0x5A5A}, sentinel = out;

    FZ_MUST((napfire_hex_check(h) == NAPFIRE_OK) == hex_ok(h), "check agrees with the bound");
    FZ_MUST(napfire_hex_check(h) == NAPFIRE_OK || napfire_hex_check(h) == NAPFIRE_EDOMAIN, "check status");

    int st = napfire_hex_direction(dir, &out);
    FZ_MUST(valid_dir ? st == NAPFIRE_OK && out.q == DQ[dir] && out.r == DR[dir]
                      : st == NAPFIRE_EDOMAIN && same(out, sentinel),
            "direction");

    out = sentinel;
    st = napfire_hex_neighbour(h, dir, &out);
    int nb_ok = valid_dir && hex_ok(h) &&
                in_bound((int64_t)h.q + DQ[valid_dir ? dir : 0], (int64_t)h.r + DR[valid_dir ? dir : 0]);
    FZ_MUST(nb_ok ? st == NAPFIRE_OK : st == NAPFIRE_EDOMAIN, "neighbour status");
    if (st == NAPFIRE_OK) {
        FZ_MUST(out.q == h.q + DQ[dir] && out.r == h.r + DR[dir], "neighbour value");
        int32_t side = -7, back = -7;
        FZ_MUST(napfire_hex_side_towards(h, out, &side) == NAPFIRE_OK && side == dir, "side");
        FZ_MUST(napfire_hex_side_towards(out, h, &back) == NAPFIRE_OK && back == (dir + 3) % 6, "side back");
        int32_t d = -7;
        FZ_MUST(napfire_hex_distance(h, out, &d) == NAPFIRE_OK && d == 1, "neighbour at 1");
    } else {
        FZ_MUST(same(out, sentinel), "failed neighbour leaves out");
    }

    int32_t side = -7;
    st = napfire_hex_side_towards(h, b, &side);
    int adjacent = hex_ok(h) && hex_ok(b) && dist64(h, b) == 1;
    FZ_MUST(adjacent ? st == NAPFIRE_OK && side >= 0 && side <= 5 && h.q + DQ[side] == b.q && h.r + DR[side] == b.r
                     : st == NAPFIRE_EDOMAIN && side == -7,
            "side_towards");

    napfire_hex two[2] = {sentinel, sentinel};
    st = napfire_hex_vertex_hexes(h, dir, two);
    if (st == NAPFIRE_OK) {
        int v1 = (dir + 1) % 6;
        FZ_MUST(valid_dir && hex_ok(h), "vertex domain");
        FZ_MUST(two[0].q == h.q + DQ[dir] && two[0].r == h.r + DR[dir] && two[1].q == h.q + DQ[v1] &&
                    two[1].r == h.r + DR[v1],
                "vertex hexes");
    } else {
        FZ_MUST(st == NAPFIRE_EDOMAIN && same(two[0], sentinel) && same(two[1], sentinel),
                "failed vertex_hexes leaves out");
        FZ_MUST(!valid_dir || !hex_ok(h) || !in_bound((int64_t)h.q + DQ[dir], (int64_t)h.r + DR[dir]) ||
                    !in_bound((int64_t)h.q + DQ[(dir + 1) % 6], (int64_t)h.r + DR[(dir + 1) % 6]),
                "vertex refused only out of domain");
    }

    int32_t d = -7;
    st = napfire_hex_distance(h, b, &d);
    FZ_MUST(hex_ok(h) && hex_ok(b) ? st == NAPFIRE_OK && d == dist64(h, b) : st == NAPFIRE_EDOMAIN && d == -7,
            "distance");

    int32_t layout = fz_u8(in) < 240 ? fz_range(in, 0, 3) : fz_int(in);
    int32_t col = -7, row = -7;
    st = napfire_hex_to_offset(h, layout, &col, &row);
    int layout_ok = layout >= 0 && layout <= 3;
    FZ_MUST((st == NAPFIRE_OK) == (layout_ok && hex_ok(h)), "to_offset status");
    if (st == NAPFIRE_OK) {
        napfire_hex back = sentinel;
        FZ_MUST(napfire_hex_from_offset(layout, col, row, &back) == NAPFIRE_OK && same(back, h), "offset round trip");
    } else {
        FZ_MUST(st == NAPFIRE_EDOMAIN && col == -7 && row == -7, "failed to_offset leaves out");
    }
    col = fz_int(in);
    row = fz_int(in);
    napfire_hex back = sentinel;
    st = napfire_hex_from_offset(layout, col, row, &back);
    if (st == NAPFIRE_OK) {
        int32_t c2 = 0, r2 = 0;
        FZ_MUST(layout_ok && hex_ok(back), "from_offset gives a hex in bound");
        FZ_MUST(napfire_hex_to_offset(back, layout, &c2, &r2) == NAPFIRE_OK && c2 == col && r2 == row,
                "offset round trip back");
    } else {
        FZ_MUST(st == NAPFIRE_EDOMAIN && same(back, sentinel), "failed from_offset leaves out");
    }
}

/* ---- trace ------------------------------------------------------------ */

static napfire_trace_step steps[MAX_STEPS], back[MAX_STEPS], shortbuf[MAX_STEPS];

static void check_steps(napfire_hex from, napfire_hex to, const napfire_trace_step *s, size_t n) {
    int64_t dist = dist64(from, to);
    FZ_MUST(n >= 1 && n <= (size_t)(4 * dist + 1), "at most 4n + 1 steps");
    FZ_MUST(s[0].kind == NAPFIRE_STEP_HEX && same(s[0].hex, from), "starts at the first hex");
    FZ_MUST(s[n - 1].kind == NAPFIRE_STEP_HEX && same(s[n - 1].hex, to), "ends at the last hex");
    for (size_t i = 0; i < n; i++) {
        const napfire_trace_step *t = &s[i];
        FZ_MUST(t->from_start == dist64(from, t->hex) && t->to_end == dist64(t->hex, to), "step distances");
        switch (t->kind) {
            case NAPFIRE_STEP_HEX:
                FZ_MUST(t->side == -1 && same(t->other, t->hex), "hex step");
                break;
            case NAPFIRE_STEP_HEXSIDE:
                FZ_MUST(t->side >= 0 && t->side <= 5 && t->other.q == t->hex.q + DQ[t->side] &&
                            t->other.r == t->hex.r + DR[t->side],
                        "hexside step");
                FZ_MUST(dist64(from, t->other) == t->from_start && dist64(t->other, to) == t->to_end,
                        "hexside pair equidistant");
                break;
            case NAPFIRE_STEP_VERTEX:
                FZ_MUST(t->side >= 0 && t->side <= 5 && same(t->other, t->hex), "vertex step");
                FZ_MUST(i > 0 && i + 1 < n && s[i - 1].kind != NAPFIRE_STEP_VERTEX, "vertex touch between crossings");
                break;
            default:
                FZ_MUST(0, "step kind");
        }
        if (i > 0) {
            const napfire_trace_step *p = &s[i - 1];
            FZ_MUST(dist64(p->hex, t->hex) == 1 && dist64(p->other, t->hex) == 1 && dist64(p->hex, t->other) == 1 &&
                        dist64(p->other, t->other) == 1,
                    "consecutive steps adjacent");
            FZ_MUST(t->from_start >= p->from_start && t->to_end <= p->to_end, "distances monotone");
        }
    }
}

/* Reversing the segment reverses the steps; a pair's right and left swap. */
static void check_mirror(const napfire_trace_step *f, const napfire_trace_step *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const napfire_trace_step *x = &f[i], *y = &b[n - 1 - i];
        FZ_MUST(x->kind == y->kind && x->from_start == y->to_end && x->to_end == y->from_start,
                "mirror kind and distances");
        if (x->kind == NAPFIRE_STEP_HEXSIDE)
            FZ_MUST(same(x->hex, y->other) && same(x->other, y->hex) && y->side == (x->side + 3) % 6,
                    "mirror hexside pair");
        else
            FZ_MUST(same(x->hex, y->hex) && x->side == y->side, "mirror hex");
    }
}

static void op_trace(fz_in *in) {
    napfire_hex from = pick_hex(in), to = pick_near(in, from);
    int ok = hex_ok(from) && hex_ok(to);
    size_t count = 12345;
    napfire_trace it;
    int st = napfire_trace_init(&it, sizeof it, from, to);
    FZ_MUST(st == (ok ? NAPFIRE_OK : NAPFIRE_EDOMAIN), "trace_init status");
    if (!ok) {
        st = napfire_trace_steps(from, to, steps, MAX_STEPS, &count);
        FZ_MUST(st == NAPFIRE_EDOMAIN && count == 12345, "trace_steps refuses out of bound");
        return;
    }
    int64_t dist = dist64(from, to);
    if (dist > MAX_DIST) {
        /* Far: the iterator's first steps only, and the count for moderate
         * distances (counting walks the whole trace). */
        napfire_trace_step prev = {0, 0, {0, 0}, {0, 0}, 0, 0};
        for (int i = 0; i < 64; i++) {
            napfire_trace_step s;
            int32_t more = -1;
            FZ_MUST(napfire_trace_next(&it, &s, &more) == NAPFIRE_OK && more == 1, "far next");
            FZ_MUST(s.from_start == dist64(from, s.hex) && s.to_end == dist64(s.hex, to), "far step distances");
            if (i == 0)
                FZ_MUST(s.kind == NAPFIRE_STEP_HEX && same(s.hex, from), "far start");
            else
                FZ_MUST(dist64(prev.hex, s.hex) == 1 && s.from_start >= prev.from_start, "far steps adjacent");
            prev = s;
        }
        if (dist <= 20000) {
            st = napfire_trace_steps(from, to, steps, 8, &count);
            FZ_MUST(st == NAPFIRE_ENOSPC && count > (size_t)dist && count <= (size_t)(4 * dist + 1), "far count");
        }
        return;
    }

    st = napfire_trace_steps(from, to, steps, MAX_STEPS, &count);
    FZ_MUST(st == NAPFIRE_OK, "trace_steps");
    check_steps(from, to, steps, count);

    /* The iterator yields the same steps, then 0 for good. */
    for (size_t i = 0; i <= count + 1; i++) {
        napfire_trace_step s;
        memset(&s, 0xA5, sizeof s);
        napfire_trace_step before = s;
        int32_t more = -1;
        FZ_MUST(napfire_trace_next(&it, &s, &more) == NAPFIRE_OK, "trace_next");
        if (i < count)
            FZ_MUST(more == 1 && memcmp(&s, &steps[i], sizeof s) == 0, "iterator equals array");
        else
            FZ_MUST(more == 0 && memcmp(&s, &before, sizeof s) == 0, "iterator over");
    }

    /* Exact and one short: the count-first path writes the same, or nothing. */
    memset(shortbuf, 0xA5, sizeof shortbuf);
    size_t c2 = 0;
    FZ_MUST(napfire_trace_steps(from, to, shortbuf, count, &c2) == NAPFIRE_OK && c2 == count &&
                memcmp(shortbuf, steps, count * sizeof steps[0]) == 0,
            "exact capacity");
    memset(shortbuf, 0xA5, sizeof shortbuf);
    memcpy(back, shortbuf, sizeof back);
    c2 = 0;
    FZ_MUST(napfire_trace_steps(from, to, shortbuf, count - 1, &c2) == NAPFIRE_ENOSPC && c2 == count &&
                memcmp(shortbuf, back, sizeof back) == 0,
            "one short: ENOSPC");

    size_t nb = 0;
    FZ_MUST(napfire_trace_steps(to, from, back, MAX_STEPS, &nb) == NAPFIRE_OK && nb == count, "reverse trace count");
    check_mirror(steps, back, count);

    /* A corrupted iterator: refused or walked safely, never out of bounds. */
    napfire_trace bad = it;
    size_t at = fz_u8(in) % sizeof bad;
    ((unsigned char *)(void *)bad.opaque_)[at] ^= (unsigned char)(fz_u8(in) | 1u);
    for (int i = 0; i < 4 * MAX_DIST + 8; i++) {
        napfire_trace_step s;
        int32_t more = 0;
        st = napfire_trace_next(&bad, &s, &more);
        FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_ESTATE, "corrupt iterator status");
        if (st != NAPFIRE_OK || !more)
            break;
        FZ_MUST(s.kind >= NAPFIRE_STEP_HEX && s.kind <= NAPFIRE_STEP_VERTEX, "corrupt step kind");
    }
    FZ_MUST(napfire_trace_init(&it, sizeof it - 1, from, to) == NAPFIRE_ESIZE, "trace ESIZE");
}

/* ---- line of sight ---------------------------------------------------- */

struct map {
    int32_t layout, columns, rows;
    napfire_hex_info cells[MAX_SIDE * MAX_SIDE];
    int calls, fail_at, fail_code;
};

static const napfire_hex_info *map_cell(const struct map *m, napfire_hex h) {
    int32_t col, row;
    if (napfire_hex_to_offset(h, m->layout, &col, &row) != NAPFIRE_OK)
        return NULL;
    if (col < 0 || col >= m->columns || row < 0 || row >= m->rows)
        return NULL;
    return &m->cells[row * m->columns + col];
}

/* The grid, read through the callback interface. */
static int map_fn(void *ctx, napfire_hex h, napfire_hex_info *out) {
    struct map *m = ctx;
    FZ_MUST(m->calls < 100000, "callback calls bounded");
    if (m->calls++ == m->fail_at)
        return m->fail_code;
    static const napfire_hex_info zero;
    FZ_MUST(memcmp(out, &zero, sizeof zero) == 0, "callback output zero-filled");
    int32_t col, row;
    int st = napfire_hex_to_offset(h, m->layout, &col, &row);
    if (st != NAPFIRE_OK)
        return st;
    const napfire_hex_info *c = map_cell(m, h);
    if (c)
        *out = *c;
    return 0;
}

static void check_los(const napfire_los_query *q, const struct map *m, const napfire_los_result *r) {
    int64_t dist = dist64(q->firer, q->target);
    FZ_MUST(r->distance == dist && dist >= 1, "los distance");
    for (size_t i = 0; i < 4; i++)
        FZ_MUST(r->reserved[i] == 0, "los reserved");
    FZ_MUST(r->exit_mask != 0 && (r->exit_mask & ~0x3Fu) == 0 && popcount6(r->exit_mask) <= 2, "exit mask");
    FZ_MUST(r->clear == 0 || r->clear == 1, "clear 0/1");
    FZ_MUST((r->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) == ((r->exit_mask & q->front_mask) == 0),
            "H-LOS-4 iff no exit through the front");
    FZ_MUST(r->lifted >= 0, "lifted");
    if (r->clear || r->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) {
        FZ_MUST(r->clear ? r->rule == NAPFIRE_LOS_RULE_NONE : 1, "clear has no rule");
        FZ_MUST(r->cause == NAPFIRE_LOS_RULE_NONE && r->blocker_kind == 0 && r->elevation == NAPFIRE_LOS_ELV_NONE,
                "no blocker");
        FZ_MUST(same(r->blocker, q->firer) && same(r->blocker_other, q->firer), "blocker is the firer");
        return;
    }
    FZ_MUST(r->rule >= NAPFIRE_LOS_RULE_TOWN && r->rule <= NAPFIRE_LOS_RULE_GRAZING, "rule");
    FZ_MUST(dist >= 2, "an adjacent target has nothing between");
    FZ_MUST(r->elevation >= NAPFIRE_LOS_ELV_NONE && r->elevation <= NAPFIRE_LOS_ELV_FRIEND_ADJACENT, "elevation");
    FZ_MUST((r->rule == NAPFIRE_LOS_RULE_GRAZING) == (r->blocker_kind == NAPFIRE_STEP_HEXSIDE),
            "grazing iff along a hexside");
    FZ_MUST(r->blocker_kind == NAPFIRE_STEP_HEXSIDE || r->blocker_kind == NAPFIRE_STEP_HEX, "blocker kind");
    FZ_MUST(r->rule == NAPFIRE_LOS_RULE_GRAZING
                ? r->cause >= NAPFIRE_LOS_RULE_TOWN && r->cause <= NAPFIRE_LOS_RULE_SLOPE
                : r->cause == r->rule,
            "cause");
    if (r->blocker_kind == NAPFIRE_STEP_HEX)
        FZ_MUST(same(r->blocker, r->blocker_other), "hex blocker other");
    /* What the map says there must be able to block. */
    const napfire_hex_info *c = map_cell(m, r->blocker);
    napfire_hex_info info;
    memset(&info, 0, sizeof info);
    if (c)
        info = *c;
    switch (r->cause) {
        case NAPFIRE_LOS_RULE_TOWN:
            FZ_MUST(info.terrain == NAPFIRE_TERRAIN_TOWN, "town");
            break;
        case NAPFIRE_LOS_RULE_TERRAIN:
            FZ_MUST(info.terrain == NAPFIRE_TERRAIN_BLOCKING, "woods");
            break;
        case NAPFIRE_LOS_RULE_SLOPE:
            FZ_MUST(info.terrain == NAPFIRE_TERRAIN_SLOPE, "slope");
            break;
        default:
            FZ_MUST(info.presence == NAPFIRE_PRESENCE_COMBAT, "unit");
            break;
    }
    if (dist > MAX_DIST)
        return;
    size_t n = 0;
    FZ_MUST(napfire_trace_steps(q->firer, q->target, steps, MAX_STEPS, &n) == NAPFIRE_OK, "trace");
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) {
        const napfire_trace_step *s = &steps[i];
        if (s->kind != r->blocker_kind || s->from_start == 0 || s->to_end == 0)
            continue;
        if ((same(s->hex, r->blocker) && same(s->other, r->blocker_other)) ||
            (same(s->other, r->blocker) && same(s->hex, r->blocker_other)))
            found = 1;
    }
    FZ_MUST(found, "blocker is a step strictly between");
}

static void op_los(fz_in *in) {
    static struct map m;
    memset(&m, 0, sizeof m);
    uint8_t sel = fz_u8(in);
    m.layout = sel < 250 ? (int32_t)(sel % 4) : fz_int(in);
    m.columns = 1 + fz_u8(in) % MAX_SIDE;
    m.rows = 1 + fz_u8(in) % MAX_SIDE;
    for (int32_t i = 0; i < m.columns * m.rows; i++) {
        uint8_t b = fz_u8(in);
        napfire_hex_info *c = &m.cells[i];
        c->terrain = b & 3;
        c->presence = (b >> 2) & 3;
        c->unit_side = (b >> 4) & 1;
        c->elevation = (int32_t)(b >> 5) - 2;
    }
    /* A few bad cells: a value out of its enum, or a reserved word set. */
    int bad = fz_u8(in) % 8 == 0 ? 1 + fz_u8(in) % 2 : 0;
    for (int i = 0; i < bad; i++) {
        napfire_hex_info *c = &m.cells[fz_u8(in) % (m.columns * m.rows)];
        switch (fz_u8(in) % 3) {
            case 0:
                c->terrain = fz_int(in);
                break;
            case 1:
                c->presence = fz_int(in);
                break;
            default:
                c->reserved[fz_u8(in) % 4] = fz_int(in);
                break;
        }
    }

    napfire_los_query q;
    memset(&q, 0, sizeof q);
    int32_t geo = m.layout >= 0 && m.layout <= 3 ? m.layout : 0;
    if (fz_u8(in) < 200) {
        int32_t c1 = fz_range(in, -2, m.columns + 1), r1 = fz_range(in, -2, m.rows + 1);
        int32_t c2 = fz_range(in, -2, m.columns + 1), r2 = fz_range(in, -2, m.rows + 1);
        FZ_MUST(napfire_hex_from_offset(geo, c1, r1, &q.firer) == NAPFIRE_OK, "firer");
        FZ_MUST(napfire_hex_from_offset(geo, c2, r2, &q.target) == NAPFIRE_OK, "target");
    } else {
        q.firer = pick_hex(in);
        q.target = pick_near(in, q.firer);
        /* A line of sight walks every hex between: keep it short. */
        if (hex_ok(q.firer) && hex_ok(q.target) && dist64(q.firer, q.target) > MAX_DIST) {
            q.target.q = q.firer.q + (q.firer.q > 0 ? -MAX_DIST : MAX_DIST);
            q.target.r = q.firer.r;
        }
    }
    sel = fz_u8(in);
    q.front_mask = sel < 250 ? sel & 0x3Fu : fz_u32(in);
    q.firer_side = fz_range(in, 0, 2);
    q.target_side = fz_range(in, 0, 2);
    sel = fz_u8(in);
    q.policy = sel < 250 ? sel & 1u : fz_u32(in);
    if (fz_u8(in) >= 250)
        q.reserved[fz_u8(in) % 4] = fz_int(in);

    napfire_los_result rg, rc;
    memset(&rg, 0xA5, sizeof rg);
    memset(&rc, 0xA5, sizeof rc);
    napfire_los_result before = rg;
    int sg = napfire_los_grid(&q, m.layout, m.columns, m.rows, m.cells, &rg);
    m.calls = 0;
    m.fail_at = -1;
    int sc = napfire_los_callback(&q, map_fn, &m, &rc);
    int calls = m.calls;
    if (m.layout < 0 || m.layout > 3) {
        /* A bad layout is a bad argument of the grid form: refused before
         * any rule, whereas the callback may never need a cell. */
        FZ_MUST(sg == NAPFIRE_EDOMAIN, "grid refuses a bad layout");
        sc = sg;
        rc = rg;
    }
    if (sg != sc)
        fprintf(stderr, "grid %d, callback %d: layout %d, %dx%d, firer (%d,%d) target (%d,%d)\n", sg, sc, (int)m.layout,
                (int)m.columns, (int)m.rows, (int)q.firer.q, (int)q.firer.r, (int)q.target.q, (int)q.target.r);
    FZ_MUST(sg == sc, "grid and callback agree on the status");
    FZ_MUST(sg == NAPFIRE_OK || sg == NAPFIRE_EDOMAIN || sg == NAPFIRE_EINVAL, "los status");
    if (sg != NAPFIRE_OK) {
        FZ_MUST(memcmp(&rg, &before, sizeof rg) == 0 && memcmp(&rc, &before, sizeof rc) == 0,
                "failed los leaves the result");
    } else {
        FZ_MUST(memcmp(&rg, &rc, sizeof rg) == 0, "grid and callback agree on the result");
        check_los(&q, &m, &rg);
    }

    /* The callback's own failure comes back unchanged and writes nothing. */
    if (calls > 0) {
        m.calls = 0;
        m.fail_at = fz_u8(in) % calls;
        m.fail_code = fz_u8(in) < 128 ? 1 + m.fail_at : -100 - m.fail_at;
        napfire_los_result rf;
        memset(&rf, 0xA5, sizeof rf);
        int sf = napfire_los_callback(&q, map_fn, &m, &rf);
        FZ_MUST(sf == m.fail_code && memcmp(&rf, &before, sizeof rf) == 0, "callback failure returned unchanged");
    }
    FZ_MUST(napfire_los_callback(&q, NULL, &m, &rc) == NAPFIRE_EINVAL, "NULL callback");
    int sn = napfire_los_grid(&q, m.layout, m.columns, m.rows, NULL, &rg);
    FZ_MUST(sn == NAPFIRE_EINVAL || sn == NAPFIRE_EDOMAIN, "NULL cells");
}

/* ---- facing, fire, names ---------------------------------------------- */

static void op_facing(fz_in *in) {
    int32_t formation = fz_u8(in) < 240 ? fz_range(in, 0, 4) : fz_int(in);
    int32_t facing = fz_u8(in) < 240 ? fz_range(in, 0, 11) : fz_int(in);
    uint32_t front = 0xDEAD, flank = 0xDEAD, rear = 0xDEAD, front2 = 0xDEAD;
    int st = napfire_hex_facing(formation, facing, &front, &flank, &rear);
    int st2 = napfire_hex_facing(formation, facing, &front2, NULL, NULL);
    FZ_MUST(st == st2, "facing status without flank and rear");
    if (st != NAPFIRE_OK) {
        FZ_MUST(st == NAPFIRE_EDOMAIN && front == 0xDEAD && flank == 0xDEAD && rear == 0xDEAD && front2 == 0xDEAD,
                "failed facing leaves masks");
        return;
    }
    FZ_MUST(front == front2, "front alone");
    FZ_MUST(((front | flank | rear) & ~0x3Fu) == 0 && (front & flank) == 0 && (front & rear) == 0 &&
                (flank & rear) == 0,
            "masks disjoint");
    int nf = popcount6(front), nl = popcount6(flank), nr = popcount6(rear);
    int vertex = facing % 2 != 0;
    switch (formation) {
        case NAPFIRE_HEX_COLUMN:
        case NAPFIRE_HEX_ARTILLERY:
            FZ_MUST(!vertex && nf == 3 && nl == 2 && nr == 1, "column 3/2/1");
            FZ_MUST(front & (1u << (facing / 2)), "faces its hexside");
            break;
        case NAPFIRE_HEX_LINE:
            FZ_MUST(vertex && nf == 2 && nl == 2 && nr == 2, "line 2/2/2");
            break;
        case NAPFIRE_HEX_TIRAILLEUR:
            FZ_MUST(vertex && nf == 4 && nl == 2 && nr == 0, "4/2/0");
            break;
        case NAPFIRE_HEX_SQUARE:
            FZ_MUST(nf == 6 && nl == 0 && nr == 0, "square 6/0/0");
            break;
        default:
            FZ_MUST(0, "facing formation");
    }
}

static int32_t min32(int32_t a, int32_t b) {
    return a < b ? a : b;
}

static void op_fire(fz_in *in) {
    napfire_hex_fire f;
    memset(&f, 0, sizeof f);
    f.formation = fz_u8(in) < 240 ? fz_range(in, 0, 4) : fz_int(in);
    f.increments = fz_int(in);
    f.hexes = fz_u8(in) < 240 ? fz_range(in, 0, 4) : fz_int(in);
    f.multiple = fz_int(in);
    f.printed_value = fz_int(in);
    f.stack_position = fz_u8(in) < 240 ? fz_range(in, 0, 3) : fz_int(in);
    if (fz_u8(in) >= 250)
        f.reserved[fz_u8(in) % 2] = fz_int(in);
    int32_t v = -7;
    int st = napfire_hex_fire_value(&f, &v);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN, "fire value status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(v == -7, "failed fire value leaves value");
    } else {
        FZ_MUST(f.reserved[0] == 0 && f.reserved[1] == 0, "reserved refused");
        switch (f.formation) {
            case NAPFIRE_HEX_LINE:
                FZ_MUST(v == min32(f.increments, 4 * f.hexes) * f.multiple, "line fire value");
                break;
            case NAPFIRE_HEX_TIRAILLEUR:
                FZ_MUST(v == min32(f.increments, 3 * f.hexes) * f.multiple, "tirailleur fire value");
                break;
            case NAPFIRE_HEX_COLUMN:
                FZ_MUST(v == (f.stack_position == 0 ? f.printed_value : 0), "column fire value");
                break;
            default:
                FZ_MUST(0, "fire formation");
        }
    }
    int32_t formation = f.formation, tr = fz_u8(in) < 200 ? fz_range(in, 0, 5) : fz_int(in);
    int32_t range = -7;
    st = napfire_hex_fire_range(formation, tr, &range);
    if (st == NAPFIRE_OK)
        FZ_MUST(range == (formation == NAPFIRE_HEX_TIRAILLEUR ? (tr == 0 ? NAPFIRE_HEX_TIRAILLEUR_RANGE : tr) : 1),
                "fire range");
    else
        FZ_MUST(st == NAPFIRE_EDOMAIN && range == -7, "failed fire range leaves range");
}

static void op_names(fz_in *in) {
    int32_t a = fz_int(in), b = fz_int(in);
    fz_check_name(napfire_hex_enum_name(a, b));
    fz_check_name(napfire_hex_enum_name(a % 8, b % 16));
    const char *id = napfire_los_rule_id(a % 8);
    FZ_MUST(id != NULL && strlen(id) < 64, "rule id");
    FZ_MUST((id[0] == '\0') == (a % 8 == 0), "only NONE has an empty rule id");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size, 0};
    for (int ops = 0; ops < MAX_OPS && fz_more(&in); ops++) {
        switch (fz_u8(&in) % 6) {
            case 0:
                op_geometry(&in);
                break;
            case 1:
                op_trace(&in);
                break;
            case 2:
                op_los(&in);
                break;
            case 3:
                op_facing(&in);
                break;
            case 4:
                op_fire(&in);
                break;
            default:
                op_names(&in);
                break;
        }
    }
    return 0;
}
