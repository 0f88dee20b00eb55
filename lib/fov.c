/* SPDX-License-Identifier: MIT */
/*
 * Field of view (H-LOS-1..6, H-ELV-1..6): the rule napfire_los_grid()
 * gives for every hex within a radius, with the work shared between the
 * targets. It rests on three facts about the exact trace (the tests check
 * them exhaustively): a hex B is judged on the line to a target T exactly
 * when B lies on a nearer ring than T and T's direction lies in B's cone
 * (fov.h); every judged hex is m hexes from the firer and n - m from the
 * target (n the line's length), so the elevation exceptions depend on the
 * two ring numbers only; rings never decrease along the line and at most
 * two judged steps share one, in an order fixed by the two hexes.
 *
 * So one pass marks, for every direction, the rings of the hexes that
 * could block some target (towns, woods and walls, combat units, slopes
 * off the firer's level) in a bitmap, and the first town ring. A target
 * then asks the bitmap for the next candidate ring in the part of the line
 * where blockers count (H-ELV-1/2), and judges only that ring's one or two
 * steps in full, as the line-of-sight call would; a candidate that does
 * not block this target (a slope at its level, a lifted unit) sends it to
 * the next candidate.
 */
#include "common.h"
#include "fov.h"

#include <string.h>

/* What a call shares between its targets. */
struct nf_run {
    const struct nf_fov_hex *hex;
    const uint64_t *bits; /* ring bitmap: bit m of direction d in bits[d * words + m / 64] */
    const struct nf_fov_cell *cell;
    const uint16_t *town; /* first town ring of each direction, or 0xFFFF */
    uint32_t ndir, words;
    int32_t ef, friend_side;
    uint32_t front;
};

/* One target: ring n, wedge s, position k, direction d, elevation et. */
struct nf_target {
    int32_t n, s, k, et;
    uint32_t d;
};

static int cell_valid(const napfire_hex_info *h) {
    if (h->terrain < NAPFIRE_TERRAIN_CLEAR || h->terrain > NAPFIRE_TERRAIN_SLOPE)
        return 0;
    if (h->presence < NAPFIRE_PRESENCE_NONE || h->presence > NAPFIRE_PRESENCE_LEADER_ONLY)
        return 0;
    return (h->reserved[0] | h->reserved[1] | h->reserved[2] | h->reserved[3]) == 0;
}

/* Floor of x / 2 for either sign (C's division truncates). */
static int64_t half_down(int64_t x) {
    return (x - (x % 2 != 0)) / 2;
}

/* The grid index of the axial hex (q, r), or -1 off the grid. */
static int64_t grid_index(int32_t layout, int64_t columns, int64_t rows, int64_t q, int64_t r) {
    int64_t c = q, w = r;
    switch (layout) {
        case NAPFIRE_HEX_ODD_Q:
            w = r + half_down(q);
            break;
        case NAPFIRE_HEX_EVEN_Q:
            w = r + half_down(q + 1);
            break;
        case NAPFIRE_HEX_ODD_R:
            c = q + half_down(r);
            break;
        default:
            c = q + half_down(r + 1);
            break;
    }
    if (c < 0 || c >= columns || w < 0 || w >= rows)
        return -1;
    return w * columns + c;
}

struct nf_grid {
    int32_t layout, columns, rows;
    int64_t fq, fr;
    const napfire_hex_info *cells;
};

/* Copy what the judgement needs of every hex within the radius; a bad
 * cell is EDOMAIN. */
static int load(const struct nf_grid *g, int32_t radius, struct nf_fov_cell *cell) {
    for (int32_t m = 1; m <= radius; m++)
        for (int32_t i = 0; i < 6 * m; i++) {
            int32_t q, r;
            struct nf_fov_cell *c = &cell[nf_fov_index(m, i)];
            nf_fov_coords(m, i / m, i % m, &q, &r);
            int64_t at = grid_index(g->layout, g->columns, g->rows, g->fq + q, g->fr + r);
            memset(c, 0, sizeof *c);
            if (at < 0)
                continue;
            const napfire_hex_info *h = &g->cells[at];
            if (!cell_valid(h))
                return NAPFIRE_EDOMAIN;
            c->elevation = h->elevation;
            c->side = h->unit_side;
            c->terrain = (uint8_t)h->terrain;
            c->presence = (uint8_t)h->presence;
            c->on_grid = 1;
        }
    return NAPFIRE_OK;
}

/* Could this hex block some target (H-LOS-5, H-ELV-4)? A slope at the
 * firer's level never does. */
static int may_block(const struct nf_fov_cell *c, int32_t ef) {
    return c->terrain == NAPFIRE_TERRAIN_TOWN || c->terrain == NAPFIRE_TERRAIN_BLOCKING ||
           c->presence == NAPFIRE_PRESENCE_COMBAT || (c->terrain == NAPFIRE_TERRAIN_SLOPE && c->elevation != ef);
}

/* Mark ring m in the directions lo .. lo + len - 1 (cyclic): row is the
 * word of ring m of direction 0, words apart from direction to direction. */
static void mark(uint64_t *row, size_t words, uint32_t ndir, uint32_t lo, uint32_t len, uint64_t bit) {
    uint32_t end = len <= ndir - lo ? lo + len : ndir;
    for (uint32_t d = lo; d < end; d++)
        row[d * words] |= bit;
    for (uint32_t d = 0; d < len - (end - lo); d++)
        row[d * words] |= bit;
}

static void lower(uint16_t *town, uint32_t ndir, uint32_t lo, uint32_t len, uint16_t m) {
    for (uint32_t j = 0, d = lo; j < len; j++, d = d + 1 == ndir ? 0 : d + 1)
        if (town[d] > m)
            town[d] = m;
}

/* The bitmap of candidate rings and the first town ring, per direction.
 * Hexes on the last ring are never between the firer and a target. */
static void paint(const struct napfire_fov_plan *p, int32_t ef, const struct nf_fov_cell *cell, uint64_t *bits,
                  uint16_t *town) {
    const struct nf_fov_hex *hex = nf_fov_hexes(p);
    size_t words = nf_fov_words(p->radius);
    memset(bits, 0, p->ndir * words * sizeof *bits);
    memset(town, 0xFF, (size_t)p->ndir * sizeof *town);
    for (int32_t m = 1; m < p->radius; m++) {
        uint64_t *row = bits + (m >> 6), bit = (uint64_t)1 << (m & 63);
        for (uint32_t h = nf_fov_index(m, 0), end = nf_fov_index(m + 1, 0); h < end; h++) {
            uint32_t lo = hex[h].lo, len = hex[h].len_first & NF_FOV_LEN;
            if (!may_block(&cell[h], ef) || lo >= p->ndir || len > p->ndir)
                continue;
            mark(row, words, p->ndir, lo, len, bit);
            if (cell[h].terrain == NAPFIRE_TERRAIN_TOWN)
                lower(town, p->ndir, lo, len, (uint16_t)m);
        }
    }
}

/* Index of the lowest set bit of a non-zero word, without compiler
 * builtins: the de Bruijn multiplication. */
static int32_t lowest_bit(uint64_t x) {
    static const int8_t pos[64] = {0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
                                   62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
                                   63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
                                   46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return pos[((x & (0 - x)) * 0x03F79D71B4CB0A89ull) >> 58];
}

/* The first candidate ring of direction d in from .. until - 1, or until. */
static int32_t next_ring(const struct nf_run *run, uint32_t d, int32_t from, int32_t until) {
    for (int32_t w = from >> 6; w * 64 < until; w++) {
        uint64_t word = run->bits[(size_t)d * run->words + (size_t)w];
        if (w == from >> 6)
            word &= ~(uint64_t)0 << (from & 63);
        if (word != 0) {
            int32_t m = w * 64 + lowest_bit(word);
            return m < until ? m : until;
        }
    }
    return until;
}

/* What would block in this hex, elevation aside (H-LOS-5, H-ELV-4): the
 * first of woods or walls, a slope at neither end's level, a combat unit. */
static int32_t own_cause(const struct nf_fov_cell *c, int32_t ef, int32_t et) {
    if (c->terrain == NAPFIRE_TERRAIN_BLOCKING)
        return NAPFIRE_LOS_RULE_TERRAIN;
    if (c->terrain == NAPFIRE_TERRAIN_SLOPE && c->elevation != ef && c->elevation != et)
        return NAPFIRE_LOS_RULE_SLOPE;
    return c->presence == NAPFIRE_PRESENCE_COMBAT ? NAPFIRE_LOS_RULE_UNIT : NAPFIRE_LOS_RULE_NONE;
}

/* Does this hex block the line to t (H-LOS-5, H-ELV-1..5)? As the
 * line-of-sight call judges it, m hexes from the firer, n - m from t. */
static int32_t judge(const struct nf_run *run, const struct nf_fov_cell *c, const struct nf_target *t, int32_t m) {
    int32_t ef = run->ef, et = t->et, n = t->n;
    if (c->terrain == NAPFIRE_TERRAIN_TOWN)
        return NAPFIRE_LOS_RULE_TOWN; /* H-ELV-5 */
    int32_t cause = own_cause(c, ef, et);
    if (cause == NAPFIRE_LOS_RULE_NONE || !((ef > et && 2 * m < n) || (ef < et && 2 * m > n)))
        return cause;
    /* H-ELV-1/2 lift it, but for a friendly unit next to the target. */
    return ef < et && c->presence == NAPFIRE_PRESENCE_COMBAT && n - m == 1 && c->side == run->friend_side
               ? NAPFIRE_LOS_RULE_UNIT
               : NAPFIRE_LOS_RULE_NONE;
}

static uint32_t ring_hex(int32_t m, int64_t i) {
    int64_t size = 6 * (int64_t)m;
    return nf_fov_index(m, (int32_t)(((i % size) + size) % size));
}

static int in_cone(const struct nf_run *run, uint32_t h, uint32_t d) {
    uint32_t lo = run->hex[h].lo, len = run->hex[h].len_first & NF_FOV_LEN;
    return (d >= lo ? d - lo : d + run->ndir - lo) < len;
}

/* The steps of ring m on the line to t, judged in trace order. Along a
 * diagonal the line meets a hex centre on even rings and runs along a
 * hexside on odd ones (H-LOS-3: either hex blocks). Otherwise it crosses
 * one or two neighbouring hexes of the ring, near where it meets the ring
 * of centres, m / n of the way to t. */
static int32_t judge_ring(const struct nf_run *run, const struct nf_target *t, int32_t m) {
    int32_t a = t->n - t->k, b = t->k;
    if (a == b) {
        int64_t i = (int64_t)t->s * m + m / 2;
        if (m % 2 == 0)
            return judge(run, &run->cell[ring_hex(m, i)], t, m);
        int32_t x = judge(run, &run->cell[ring_hex(m, i)], t, m), y = judge(run, &run->cell[ring_hex(m, i + 1)], t, m);
        return x != NAPFIRE_LOS_RULE_NONE || y != NAPFIRE_LOS_RULE_NONE ? NAPFIRE_LOS_RULE_GRAZING
                                                                        : NAPFIRE_LOS_RULE_NONE;
    }
    int64_t base = (int64_t)t->s * m + (int64_t)m * b / t->n - 1;
    uint32_t found[2];
    int nf = 0;
    for (int64_t i = base; i < base + 4 && nf < 2; i++) {
        uint32_t h = ring_hex(m, i);
        if (in_cone(run, h, t->d))
            found[nf++] = h;
    }
    if (nf == 2 && !(run->hex[found[0]].len_first & NF_FOV_FIRST)) {
        uint32_t x = found[0];
        found[0] = found[1];
        found[1] = x;
    }
    for (int j = 0; j < nf; j++) {
        int32_t rule = judge(run, &run->cell[found[j]], t, m);
        if (rule != NAPFIRE_LOS_RULE_NONE)
            return rule;
    }
    return NAPFIRE_LOS_RULE_NONE;
}

/* The first candidate ring in from .. until - 1 that blocks t. */
static int32_t scan(const struct nf_run *run, const struct nf_target *t, int32_t from, int32_t until) {
    for (int32_t m = next_ring(run, t->d, from, until); m < until; m = next_ring(run, t->d, m + 1, until)) {
        int32_t rule = judge_ring(run, t, m);
        if (rule != NAPFIRE_LOS_RULE_NONE)
            return rule;
    }
    return NAPFIRE_LOS_RULE_NONE;
}

/* Beyond the near half a lower firer sees over everything but towns and a
 * friendly unit next to the target (H-ELV-2): the first town ring, and
 * ring n - 1. */
static int32_t far_half(const struct nf_run *run, const struct nf_target *t) {
    int32_t town = run->town[t->d], near = t->n - 1;
    int32_t first = town < near ? town : near, second = town < near ? near : town;
    int32_t rule = first < t->n && 2 * first > t->n ? judge_ring(run, t, first) : NAPFIRE_LOS_RULE_NONE;
    if (rule == NAPFIRE_LOS_RULE_NONE && second < t->n && second != first && 2 * second > t->n)
        rule = judge_ring(run, t, second);
    return rule;
}

/* The rule for one target beyond the adjacent ring (H-LOS-5, H-ELV). */
static int32_t blocked(const struct nf_run *run, const struct nf_target *t) {
    if (run->ef > t->et) {
        /* H-ELV-1: on the near half only towns block, so the first town
         * decides; from the middle on every candidate counts. */
        int32_t half = (t->n + 1) / 2, town = run->town[t->d];
        int32_t rule = town < half ? judge_ring(run, t, town) : NAPFIRE_LOS_RULE_NONE;
        return rule != NAPFIRE_LOS_RULE_NONE ? rule : scan(run, t, half, t->n);
    }
    if (run->ef < t->et) {
        int32_t rule = scan(run, t, 1, t->n / 2 + 1);
        return rule != NAPFIRE_LOS_RULE_NONE ? rule : far_half(run, t);
    }
    return scan(run, t, 1, t->n);
}

/* H-LOS-4: the line leaves the firing hex through hexside s (nearer
 * e[s]), s + 1 (nearer e[s+1]), or through the vertex between them. */
static uint32_t exit_mask(int32_t s, int32_t a, int32_t b) {
    uint32_t lo = 1u << s, hi = 1u << (s == 5 ? 0 : s + 1);
    return b < a ? lo : b > a ? hi : lo | hi;
}

static uint8_t view(const struct nf_run *run, int32_t n, int32_t s, int32_t k, uint32_t h) {
    if ((exit_mask(s, n - k, k) & run->front) == 0)
        return NAPFIRE_LOS_RULE_FRONT_HEXSIDE;
    if (n == 1) /* H-LOS-6 */
        return NAPFIRE_LOS_RULE_NONE;
    struct nf_target t = {n, s, k, run->cell[h].elevation, run->hex[h].dir};
    if (t.d >= run->ndir)
        return NAPFIRE_LOS_RULE_NONE;
    return (uint8_t)blocked(run, &t);
}

static void views(const struct nf_run *run, const struct nf_grid *g, int32_t radius, uint8_t *rule) {
    memset(rule, NAPFIRE_FOV_NOT_ASKED, (size_t)g->columns * (size_t)g->rows);
    for (int32_t m = 1; m <= radius; m++)
        for (int32_t i = 0; i < 6 * m; i++) {
            uint32_t h = nf_fov_index(m, i);
            if (!run->cell[h].on_grid)
                continue;
            int32_t s = i / m, k = i % m, q, r;
            nf_fov_coords(m, s, k, &q, &r);
            rule[grid_index(g->layout, g->columns, g->rows, g->fq + q, g->fr + r)] = view(run, m, s, k, h);
        }
}

static int query_valid(const napfire_los_query *q, int32_t layout, int32_t columns, int32_t rows) {
    if (!nf_in_bound(q->firer.q, q->firer.r) || (q->front_mask & ~0x3Fu) != 0 ||
        (q->policy & ~(uint32_t)NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) != 0)
        return 0;
    if ((q->reserved[0] | q->reserved[1] | q->reserved[2] | q->reserved[3]) != 0)
        return 0;
    if (layout < NAPFIRE_HEX_ODD_Q || layout > NAPFIRE_HEX_EVEN_R || columns < 1 || columns > NAPFIRE_HEX_GRID_MAX ||
        rows < 1 || rows > NAPFIRE_HEX_GRID_MAX)
        return 0;
    return (uint64_t)columns * (uint64_t)rows <= SIZE_MAX / sizeof(napfire_hex_info);
}

/* The firer's elevation (off the grid: 0), or EDOMAIN for a bad cell. */
static int firer_elevation(const struct nf_grid *g, int32_t *ef) {
    int64_t at = grid_index(g->layout, g->columns, g->rows, g->fq, g->fr);
    *ef = 0;
    if (at < 0)
        return NAPFIRE_OK;
    if (!cell_valid(&g->cells[at]))
        return NAPFIRE_EDOMAIN;
    *ef = g->cells[at].elevation;
    return NAPFIRE_OK;
}

int napfire_fov_grid(const napfire_fov_plan *plan, void *work, size_t work_size, const napfire_los_query *q,
                     int32_t layout, int32_t columns, int32_t rows, const napfire_hex_info *cells, uint8_t *rule) {
    if (!plan || !work || !q || !cells || !rule)
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED2(plan, work))
        return NAPFIRE_EALIGN;
    if (!nf_fov_plan_ok(plan))
        return NAPFIRE_ESTATE;
    if (work_size < napfire_fov_work_size(plan))
        return NAPFIRE_ENOSPC;
    if (!query_valid(q, layout, columns, rows))
        return NAPFIRE_EDOMAIN;
    struct nf_grid g = {layout, columns, rows, q->firer.q, q->firer.r, cells};
    uint64_t *bits = work;
    struct nf_fov_cell *cell = (struct nf_fov_cell *)(void *)(bits + (size_t)plan->ndir * nf_fov_words(plan->radius));
    uint16_t *town = (uint16_t *)(void *)(cell + plan->nhex);
    struct nf_run run = {nf_fov_hexes(plan),         bits, cell, town,         plan->ndir,
                         nf_fov_words(plan->radius), 0,    0,    q->front_mask};
    int rc = firer_elevation(&g, &run.ef);
    if (rc == NAPFIRE_OK)
        rc = load(&g, plan->radius, cell);
    if (rc != NAPFIRE_OK)
        return rc;
    run.friend_side = (q->policy & NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE) ? q->target_side : q->firer_side;
    paint(plan, run.ef, cell, bits, town);
    views(&run, &g, plan->radius, rule);
    return NAPFIRE_OK;
}
