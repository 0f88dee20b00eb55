/* SPDX-License-Identifier: MIT */
/*
 * Hex grid (H-HEX) and the exact trace of the line of fire
 * (H-LOS-1..3). Integer arithmetic only; see hex_internal.h for the frame.
 *
 * The trace walks hex by hex instead of sampling the line: from the hex the
 * line is in, it finds where the line leaves it. For a direction strictly
 * within 30 degrees of direction j, the line can only leave through
 * hexsides j-1, j, j+1 or the two vertices between them, and which one is
 * decided by the signs of the line's cross product with those two vertices.
 * The other direction family, exactly along a diagonal w[v], runs from
 * centre to vertex, along a hexside to the next vertex, to the next centre.
 * Every step costs a few multiplications, and nothing is ever rounded.
 */
#include "common.h"
#include "hex_internal.h"

#include <string.h>

static int64_t cross(int64_t aq, int64_t ar, int64_t bq, int64_t br) {
    return aq * br - ar * bq;
}

static int32_t mod6(int32_t x) {
    return ((x % 6) + 6) % 6;
}

static int hex_ok(napfire_hex h) {
    return nf_in_bound(h.q, h.r);
}

/* ------------------------------------------------------------------ */
/* Grid */

int napfire_hex_check(napfire_hex h) {
    return hex_ok(h) ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
}

int napfire_hex_direction(int32_t direction, napfire_hex *delta) {
    if (!delta)
        return NAPFIRE_EINVAL;
    if (direction < 0 || direction > 5)
        return NAPFIRE_EDOMAIN;
    delta->q = nf_eq(direction);
    delta->r = nf_er(direction);
    return NAPFIRE_OK;
}

int napfire_hex_neighbour(napfire_hex h, int32_t direction, napfire_hex *out) {
    if (!out)
        return NAPFIRE_EINVAL;
    if (direction < 0 || direction > 5 || !hex_ok(h))
        return NAPFIRE_EDOMAIN;
    int64_t q = (int64_t)h.q + nf_eq(direction), r = (int64_t)h.r + nf_er(direction);
    if (!nf_in_bound(q, r))
        return NAPFIRE_EDOMAIN;
    out->q = (int32_t)q;
    out->r = (int32_t)r;
    return NAPFIRE_OK;
}

int napfire_hex_side_towards(napfire_hex a, napfire_hex b, int32_t *side) {
    if (!side)
        return NAPFIRE_EINVAL;
    if (!hex_ok(a) || !hex_ok(b))
        return NAPFIRE_EDOMAIN;
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    for (int32_t dir = 0; dir < 6; dir++) {
        if (dq == nf_eq(dir) && dr == nf_er(dir)) {
            *side = dir;
            return NAPFIRE_OK;
        }
    }
    return NAPFIRE_EDOMAIN;
}

int napfire_hex_vertex_hexes(napfire_hex h, int32_t vertex, napfire_hex out[2]) {
    if (!out)
        return NAPFIRE_EINVAL;
    napfire_hex a, b;
    if (vertex < 0 || vertex > 5)
        return NAPFIRE_EDOMAIN;
    int rc = napfire_hex_neighbour(h, vertex, &a);
    if (rc == NAPFIRE_OK)
        rc = napfire_hex_neighbour(h, mod6(vertex + 1), &b);
    if (rc != NAPFIRE_OK)
        return rc;
    out[0] = a;
    out[1] = b;
    return NAPFIRE_OK;
}

int napfire_hex_distance(napfire_hex a, napfire_hex b, int32_t *distance) {
    if (!distance)
        return NAPFIRE_EINVAL;
    if (!hex_ok(a) || !hex_ok(b))
        return NAPFIRE_EDOMAIN;
    *distance = (int32_t)nf_len((int64_t)b.q - a.q, (int64_t)b.r - a.r);
    return NAPFIRE_OK;
}

/* 1 for an odd number, of either sign. Offsets then divide even numbers
 * only, so C's truncating division is exact. */
static int64_t odd(int64_t x) {
    return x % 2 != 0;
}

int napfire_hex_to_offset(napfire_hex h, int32_t layout, int32_t *col, int32_t *row) {
    if (!col || !row)
        return NAPFIRE_EINVAL;
    if (!hex_ok(h))
        return NAPFIRE_EDOMAIN;
    int64_t q = h.q, r = h.r, c, w;
    switch (layout) {
        case NAPFIRE_HEX_ODD_Q:
            c = q;
            w = r + (q - odd(q)) / 2;
            break;
        case NAPFIRE_HEX_EVEN_Q:
            c = q;
            w = r + (q + odd(q)) / 2;
            break;
        case NAPFIRE_HEX_ODD_R:
            c = q + (r - odd(r)) / 2;
            w = r;
            break;
        case NAPFIRE_HEX_EVEN_R:
            c = q + (r + odd(r)) / 2;
            w = r;
            break;
        default:
            return NAPFIRE_EDOMAIN;
    }
    *col = (int32_t)c;
    *row = (int32_t)w;
    return NAPFIRE_OK;
}

int napfire_hex_from_offset(int32_t layout, int32_t col, int32_t row, napfire_hex *out) {
    if (!out)
        return NAPFIRE_EINVAL;
    int64_t c = col, w = row, q, r;
    switch (layout) {
        case NAPFIRE_HEX_ODD_Q:
            q = c;
            r = w - (c - odd(c)) / 2;
            break;
        case NAPFIRE_HEX_EVEN_Q:
            q = c;
            r = w - (c + odd(c)) / 2;
            break;
        case NAPFIRE_HEX_ODD_R:
            r = w;
            q = c - (w - odd(w)) / 2;
            break;
        case NAPFIRE_HEX_EVEN_R:
            r = w;
            q = c - (w + odd(w)) / 2;
            break;
        default:
            return NAPFIRE_EDOMAIN;
    }
    if (!nf_in_bound(q, r))
        return NAPFIRE_EDOMAIN;
    out->q = (int32_t)q;
    out->r = (int32_t)r;
    return NAPFIRE_OK;
}

/* ------------------------------------------------------------------ */
/* The walker */

/* The walker is inlined into its loops (NF_HOT_INLINE): per step it is a
 * handful of multiplications, and a call would cost as much again. */

/* The direction class of d, from the signs of the cube differences
 * x - y, y - z, z - x (cube (x, y, z) = (q, -q-r, r)). The diagonals w[v]
 * are exactly where one difference is zero; between two neighbouring
 * diagonals, around e[j], the three signs form one of six patterns. */
NF_HOT_INLINE void walk_classify(int64_t dq, int64_t dr, int32_t *mode, int32_t *j) {
    /* sector by pattern 4*(x-y > 0) + 2*(y-z > 0) + (z-x > 0); 0 and 7 cannot occur */
    static const int32_t sector[8] = {0, 4, 2, 3, 0, 5, 1, 0};
    int64_t a = 2 * dq + dr, b = -dq - 2 * dr, c = dr - dq;
    if (dq == 0 && dr == 0) {
        *mode = NF_WALK_SINGLE;
        *j = 0;
    } else if (a == 0 || b == 0 || c == 0) {
        *mode = NF_WALK_DIAGONAL;
        *j = b == 0 ? (a > 0 ? 0 : 3) : a == 0 ? (b > 0 ? 1 : 4) : (a < 0 ? 2 : 5);
    } else {
        *mode = NF_WALK_SECTOR;
        *j = sector[4 * (a > 0) + 2 * (b > 0) + (c > 0)];
    }
}

NF_HOT_INLINE void walk_begin(struct nf_walk *w, napfire_hex from, napfire_hex to) {
    memset(w, 0, sizeof *w);
    w->magic = NF_TRACE_MAGIC;
    w->fq = from.q;
    w->fr = from.r;
    w->dq = to.q - from.q;
    w->dr = to.r - from.r;
    w->n = (int32_t)nf_len(w->dq, w->dr);
    w->pend = -1;
    walk_classify(w->dq, w->dr, &w->mode, &w->j);
}

void napfire__walk_start(struct nf_walk *w, napfire_hex from, napfire_hex to) {
    walk_begin(w, from, to);
}

/* Neighbouring directions without a division. */
static int32_t prev6(int32_t x) {
    return x == 0 ? 5 : x - 1;
}
static int32_t next6(int32_t x) {
    return x == 5 ? 0 : x + 1;
}

/* Distances of relative hexes: within 2^22, so 32 bits suffice. */
static int32_t len32(int32_t q, int32_t r) {
    uint32_t a = q < 0 ? 0u - (uint32_t)q : (uint32_t)q, b = r < 0 ? 0u - (uint32_t)r : (uint32_t)r;
    int32_t s = q + r;
    uint32_t c = s < 0 ? 0u - (uint32_t)s : (uint32_t)s;
    return (int32_t)((a + b + c) / 2u);
}

NF_HOT_INLINE void walk_emit(const struct nf_walk *w, napfire_trace_step *s, int32_t kind, int32_t side, int64_t q,
                             int64_t r, int64_t oq, int64_t orr) {
    s->kind = kind;
    s->side = side;
    s->hex.q = (int32_t)(w->fq + q);
    s->hex.r = (int32_t)(w->fr + r);
    s->other.q = (int32_t)(w->fq + oq);
    s->other.r = (int32_t)(w->fr + orr);
    s->from_start = len32((int32_t)q, (int32_t)r);
    s->to_end = len32((int32_t)(w->dq - q), (int32_t)(w->dr - r));
}

/* Enter the hex at h + (q, r) and emit it. */
NF_HOT_INLINE void walk_enter(struct nf_walk *w, napfire_trace_step *s, int32_t q, int32_t r) {
    w->hq += q;
    w->hr += r;
    walk_emit(w, s, NAPFIRE_STEP_HEX, -1, w->hq, w->hr, w->hq, w->hr);
    if (w->hq == w->dq && w->hr == w->dr)
        w->phase = 2;
}

/* Through vertex v: the hexside between the neighbours e[v] and e[v+1]
 * continues the ray from the centre through v, and e[v] lies on its
 * positive side. The line enters the neighbour on its side of that
 * hexside and only touches the other (H-LOS-2). */
NF_HOT_INLINE void walk_vertex(struct nf_walk *w, napfire_trace_step *s, int64_t hq, int64_t hr, int32_t vertex) {
    int32_t v1 = next6(vertex);
    int32_t enter, touch, touch_vertex;
    if (cross(nf_wq(vertex), nf_wr(vertex), w->dq, w->dr) > 0) {
        enter = vertex;
        touch = v1;
        touch_vertex = mod6(vertex + 4);
    } else {
        enter = v1;
        touch = vertex;
        touch_vertex = mod6(vertex + 2);
    }
    int64_t tq = hq + nf_eq(touch), tr = hr + nf_er(touch);
    walk_emit(w, s, NAPFIRE_STEP_VERTEX, touch_vertex, tq, tr, tq, tr);
    w->pend = enter;
}

NF_HOT_INLINE int walk_next(struct nf_walk *w, napfire_trace_step *s) {
    if (w->phase == 2)
        return 0;
    w->emitted++;
    if (w->phase == 0) {
        w->phase = w->mode == NF_WALK_SINGLE ? 2 : 1;
        walk_emit(w, s, NAPFIRE_STEP_HEX, -1, 0, 0, 0, 0);
        return 1;
    }
    int32_t j = w->j;
    if (w->pend >= 0) {
        int32_t p = w->pend;
        w->pend = -1;
        if (p == 6)
            walk_enter(w, s, nf_wq(j), nf_wr(j));
        else
            walk_enter(w, s, nf_eq(p), nf_er(p));
        return 1;
    }
    int64_t hq = w->hq, hr = w->hr;
    if (w->mode == NF_WALK_DIAGONAL) {
        /* Centre to vertex j, then along the hexside between the two
         * neighbours at that vertex; e[j] lies right of w[j]. */
        int32_t k = next6(j);
        walk_emit(w, s, NAPFIRE_STEP_HEXSIDE, next6(k), hq + nf_eq(j), hr + nf_er(j), hq + nf_eq(k), hr + nf_er(k));
        w->pend = 6;
        return 1;
    }
    /* Sector j: the forward chain of the hex boundary runs from vertex
     * j-2 (left of the line) over hexside j-1, vertex j-1, hexside j,
     * vertex j, hexside j+1 to vertex j+1 (right of it). The side of
     * vertex v is the sign of cross(d, 3h + w[v]), which falls strictly
     * along the chain; the line leaves where it stops being positive. */
    int32_t lo = prev6(j);
    int64_t c3 = 3 * cross(w->dq, w->dr, hq, hr);
    int64_t a1 = c3 + cross(w->dq, w->dr, nf_wq(lo), nf_wr(lo)); /* vertex j-1 */
    int64_t a2 = c3 + cross(w->dq, w->dr, nf_wq(j), nf_wr(j));   /* vertex j */
    if (a1 != 0 && a2 != 0) {
        /* Through hexside j-1 (a1 < 0), j (a2 < 0 < a1) or j+1: counted
         * without branches, as the choice is unpredictable. */
        int32_t k = lo + (a1 > 0) + (a2 > 0);
        if (k >= 6)
            k -= 6;
        walk_enter(w, s, nf_eq(k), nf_er(k));
        return 1;
    }
    walk_vertex(w, s, hq, hr, a1 == 0 ? lo : j);
    return 1;
}

int napfire__walk_step(struct nf_walk *w, napfire_trace_step *s) {
    return walk_next(w, s);
}

/* v within [0, end] or [end, 0]. */
static int within(int64_t v, int64_t end) {
    return end < 0 ? v >= end && v <= 0 : v >= 0 && v <= end;
}

/* What a step from caller storage relies on, and no more: every field in
 * its range (so every table index and every product is defined), a
 * pending move forward, the
 * segment as walk_begin() set it (ends in bound, its length and direction
 * class), the current hex and the hex a pending move enters inside the
 * segment's bounding box (every hex the line crosses is: a hex's corners
 * lie within 2/3 of its centre in each axial coordinate), the phase in
 * step with the position, and the step count within 4n + 1.
 * A state that passes may not be one walk_next() would reach, but it emits
 * hexes next to the segment and ends within 4n + 2 calls. */
static int segment_ok(const struct nf_walk *w) {
    int64_t dq = w->dq, dr = w->dr;
    int32_t mode, j;
    if (!nf_in_bound(w->fq, w->fr) || !nf_in_bound(w->fq + dq, w->fr + dr))
        return 0;
    walk_classify(dq, dr, &mode, &j);
    return w->n == nf_len(dq, dr) && mode == w->mode && j == w->j;
}

static int progress_ok(const struct nf_walk *w) {
    return w->phase >= 0 && w->phase <= 2 && w->pend >= -1 && w->pend <= 6 && w->emitted >= 0 &&
           w->emitted <= 4 * (int64_t)w->n + 1;
}

/* A pending move goes forward: along w[j] on a diagonal, through hexside
 * j-1, j or j+1 in a sector (pend already in -1..6). */
static int pend_forward(const struct nf_walk *w) {
    if (w->pend == -1)
        return 1;
    if (w->mode == NF_WALK_DIAGONAL)
        return w->pend == 6;
    return w->mode == NF_WALK_SECTOR && w->pend < 6 && mod6(w->pend - w->j + 1) <= 2;
}

static int inside_box(const struct nf_walk *w) {
    int64_t hq = w->hq, hr = w->hr, pq = hq, pr = hr; /* pq, pr: the hex a pending move enters */
    if (w->pend == 6) {
        pq += nf_wq(w->j);
        pr += nf_wr(w->j);
    } else if (w->pend >= 0) {
        pq += nf_eq(w->pend);
        pr += nf_er(w->pend);
    }
    return within(hq, w->dq) && within(hr, w->dr) && within(pq, w->dq) && within(pr, w->dr);
}

/* The phase agrees with the position: fresh at the first hex with no
 * move pending, walking with the last hex still ahead, over at the last. */
static int phase_ok(const struct nf_walk *w) {
    int at_start = w->hq == 0 && w->hr == 0, at_end = w->hq == w->dq && w->hr == w->dr;
    if (w->phase == 0)
        return at_start && w->pend == -1;
    if (w->phase == 1)
        return w->pend >= 0 || !at_end;
    return at_end && w->pend == -1;
}

int napfire__walk_valid(const struct nf_walk *w) {
    return w->magic == NF_TRACE_MAGIC && segment_ok(w) && progress_ok(w) && pend_forward(w) && inside_box(w) &&
           phase_ok(w);
}

/* ------------------------------------------------------------------ */
/* Public trace */

size_t napfire_trace_size(void) {
    return sizeof(napfire_trace);
}

#define NF_WALK(it) ((struct nf_walk *)(void *)(it)->opaque_)

int napfire_trace_init(napfire_trace *it, size_t size, napfire_hex from, napfire_hex to) {
    if (!it)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_trace))
        return NAPFIRE_ESIZE;
    if (NF_MISALIGNED(it))
        return NAPFIRE_EALIGN;
    if (!hex_ok(from) || !hex_ok(to))
        return NAPFIRE_EDOMAIN;
    memset(it, 0, sizeof *it);
    walk_begin(NF_WALK(it), from, to);
    return NAPFIRE_OK;
}

int napfire_trace_next(napfire_trace *it, napfire_trace_step *step, int32_t *more) {
    if (!it || !step || !more)
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED(it))
        return NAPFIRE_EALIGN;
    struct nf_walk *w = NF_WALK(it);
    if (!napfire__walk_valid(w))
        return NAPFIRE_ESTATE;
    napfire_trace_step s;
    if (!walk_next(w, &s)) {
        *more = 0;
        return NAPFIRE_OK;
    }
    *step = s;
    *more = 1;
    return NAPFIRE_OK;
}

int napfire_trace_steps(napfire_hex from, napfire_hex to, napfire_trace_step *steps, size_t cap, size_t *count) {
    if (!count || (!steps && cap > 0))
        return NAPFIRE_EINVAL;
    if (!hex_ok(from) || !hex_ok(to))
        return NAPFIRE_EDOMAIN;
    struct nf_walk w;
    napfire_trace_step s;
    size_t k;
    walk_begin(&w, from, to);
    /* Write straight away when the array surely suffices; otherwise count
     * first, as a short array must stay untouched. One loop for both keeps
     * the walker inlined in it. */
    int write = cap >= 4 * (size_t)w.n + 1;
    for (;;) {
        k = 0;
        while (walk_next(&w, &s)) {
            if (write)
                steps[k] = s;
            k++;
        }
        if (write)
            break;
        if (k > cap) {
            *count = k;
            return NAPFIRE_ENOSPC;
        }
        walk_begin(&w, from, to);
        write = 1;
    }
    *count = k;
    return NAPFIRE_OK;
}
