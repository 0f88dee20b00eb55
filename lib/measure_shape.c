/* SPDX-License-Identifier: MIT */
/* Convex shapes on the table (F-GEO-1, F-GEO-2): loading a footprint,
 * inside, overlap and distance, exactly, by integer cross products. */
#include "measure.h"

#define NEXT(p, i) ((p)->v[((i) + 1) % (p)->n])

int napfire__poly_load(const napfire_footprint *f, nf_poly *p) {
    if (f->reserved[0] || f->reserved[1] || f->reserved[2])
        return NAPFIRE_EDOMAIN;
    for (int i = 0; i < 4; i++) {
        int32_t x = f->corner[i].x, y = f->corner[i].y;
        if (x < -NAPFIRE_TABLE_COORD_MAX || x > NAPFIRE_TABLE_COORD_MAX || y < -NAPFIRE_TABLE_COORD_MAX ||
            y > NAPFIRE_TABLE_COORD_MAX)
            return NAPFIRE_EDOMAIN;
        p->v[i].x = 2 * (int64_t)x;
        p->v[i].y = 2 * (int64_t)y;
    }
    p->n = 4;
    /* Four right turns make a strictly convex quadrilateral: a
     * self-crossing one turns both ways, and four turns of less than a
     * half turn each cannot wind twice. */
    for (int i = 0; i < 4; i++)
        if (napfire__orient(p->v[i], p->v[(i + 1) % 4], p->v[(i + 2) % 4]) >= 0)
            return NAPFIRE_EDOMAIN;
    return NAPFIRE_OK;
}

nf_poly napfire__poly_of(const napfire_footprint *f) {
    nf_poly p;
    for (int i = 0; i < 4; i++) {
        p.v[i].x = 2 * (int64_t)f->corner[i].x;
        p.v[i].y = 2 * (int64_t)f->corner[i].y;
    }
    p.n = 4;
    return p;
}

nf_poly napfire__segment(nf_pt a, nf_pt b) {
    nf_poly s;
    memset(&s, 0, sizeof s);
    s.v[0] = a;
    s.v[1] = b;
    s.n = 2;
    return s;
}

nf_front napfire__front(const nf_poly *p, int edge) {
    nf_front f;
    f.a = p->v[edge];
    f.b = p->v[(edge + 1) % p->n];
    f.e.x = (f.b.x - f.a.x) / 2;
    f.e.y = (f.b.y - f.a.y) / 2;
    f.n = napfire__left(f.e);
    f.len2 = napfire__dot(f.e, f.e);
    return f;
}

/* The largest cross product of an edge of s with a point: <= 0 in the
 * closed shape, < 0 inside (interior to the right of every edge). */
static int64_t outside_by(const nf_poly *s, nf_pt p) {
    int64_t worst = INT64_MIN;
    for (int i = 0; i < s->n; i++) {
        int64_t c = napfire__orient(s->v[i], NEXT(s, i), p);
        worst = c > worst ? c : worst;
    }
    return worst;
}

int napfire__inside(const nf_poly *s, nf_pt p) {
    if (s->n == 2)
        return outside_by(s, p) == 0 && napfire__dot(napfire__pt_sub(p, s->v[0]), napfire__pt_sub(p, s->v[1])) <= 0;
    return outside_by(s, p) <= 0;
}

int napfire__inside_open(const nf_poly *s, nf_pt p) {
    return s->n == 4 && outside_by(s, p) < 0;
}

/* An edge of a with every point of b beyond its line: strictly (closed
 * shapes apart) or on it too (interiors apart). */
static int edge_separates(const nf_poly *a, const nf_poly *b, int strict) {
    for (int i = 0; i < a->n; i++) {
        int all = 1;
        for (int j = 0; j < b->n && all; j++) {
            int64_t c = napfire__orient(a->v[i], NEXT(a, i), b->v[j]);
            all = strict ? c > 0 : c >= 0;
        }
        if (all)
            return 1;
    }
    return 0;
}

/* Separating axes: two convex shapes are apart exactly when the line of
 * an edge of one of them separates them. */
int napfire__meet(const nf_poly *a, const nf_poly *b) {
    return !edge_separates(a, b, 1) && !edge_separates(b, a, 1);
}

int napfire__interiors_meet(const nf_poly *a, const nf_poly *b) {
    return !edge_separates(a, b, 0) && !edge_separates(b, a, 0);
}

nf_ratio napfire__segment_distance(nf_pt p, nf_pt a, nf_pt b, int *where) {
    nf_pt ab = napfire__pt_sub(b, a), ap = napfire__pt_sub(p, a);
    int64_t t = napfire__dot(ap, ab), len2 = napfire__dot(ab, ab);
    nf_ratio d = {napfire__u128(0), napfire__u128(1)};
    if (t <= 0) {
        *where = 0;
        d.p = napfire__u128((uint64_t)napfire__dot(ap, ap));
    } else if (t >= len2) {
        nf_pt bp = napfire__pt_sub(p, b);
        *where = 1;
        d.p = napfire__u128((uint64_t)napfire__dot(bp, bp));
    } else {
        /* cross^2 <= 2^82 over len2 <= 2^41 (exact.h). */
        *where = 2;
        d.p = napfire__sq64(napfire__cross(ab, ap));
        d.q = napfire__u128((uint64_t)len2);
    }
    return d;
}

/* The nearest of the points of a to the edges of b. */
static nf_ratio vertices_to_edges(const nf_poly *a, const nf_poly *b, nf_ratio best) {
    int edges = b->n == 2 ? 1 : b->n, where;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < edges; j++) {
            nf_ratio d = napfire__segment_distance(a->v[i], b->v[j], NEXT(b, j), &where);
            if (napfire__cmp_ratio(d, best) < 0)
                best = d;
        }
    return best;
}

nf_ratio napfire__distance(const nf_poly *a, const nf_poly *b) {
    nf_ratio zero = {napfire__u128(0), napfire__u128(1)};
    if (napfire__meet(a, b))
        return zero;
    /* Apart, the distance is between a vertex of one and an edge of the
     * other. */
    nf_ratio far = {napfire__u128(UINT64_MAX), napfire__u128(1)};
    return vertices_to_edges(b, a, vertices_to_edges(a, b, far));
}

nf_ratio napfire__point_distance(nf_pt p, const nf_poly *s) {
    nf_poly dot = napfire__segment(p, p);
    dot.n = 1;
    if (napfire__inside(s, p)) {
        nf_ratio zero = {napfire__u128(0), napfire__u128(1)};
        return zero;
    }
    nf_ratio far = {napfire__u128(UINT64_MAX), napfire__u128(1)};
    return vertices_to_edges(&dot, s, far);
}
