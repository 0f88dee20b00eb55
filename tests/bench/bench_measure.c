/* SPDX-License-Identifier: MIT */
/*
 * Benchmark of napfire_shot_measure (F-GEO) on scenes of 4, 64 and 1024
 * footprints (a battery, its target, friends and other units scattered
 * over two metres of table), in ns per footprint, beside a floor: a
 * straightforward double-precision measure of the same conventions
 * written here (range, enfilade, sector, zones, far part, line of sight,
 * penetration, overhead), which rounds and compares in floating point and
 * so is not exact on the thresholds. Thread CPU time, the two interleaved
 * per round, medians over rounds and the median of the per-round ratios.
 */
#define _POSIX_C_SOURCE 199309L

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "../figure/table_scene.h"

#define ROUNDS 15
#define MAX_FP 1024

static uint64_t state = 88172645463325252u;
static int32_t rnd(int32_t lo, int32_t hi) {
    return scene_rnd(&state, lo, hi);
}

static napfire_footprint fps[MAX_FP];

/* n footprints: the battery, the target, three quarters friends, the
 * rest others, over a 2 m square. */
static napfire_scene make_scene(size_t n) {
    fps[0] = facing(0, -20, 0, 1, 20, 60);
    fps[1] = facing(rnd(-100, 100), 700, 0, -1, 10, 150);
    for (size_t i = 2; i < n; i++) {
        int32_t fx = rnd(-3, 3), fy = rnd(-3, 3);
        if (fx == 0 && fy == 0)
            fy = 1;
        int32_t k = abs(fx) > abs(fy) ? abs(fx) : abs(fy);
        fps[i] = facing(rnd(-1000, 1000), rnd(100, 2000), fx, fy, rnd(5, 20) / k + 1, rnd(10, 40) / k + 1);
        fps[i].level = rnd(0, 1);
    }
    size_t friends = (n - 2) * 3 / 4;
    napfire_scene sc = {&fps[0], &fps[1], NULL, &fps[2], friends, &fps[2 + friends], n - 2 - friends};
    return sc;
}

/* ---------------------------------------------------------------- */
/* The floor: the same conventions in double precision. */

typedef struct {
    double x, y;
} pt;
static pt P(napfire_point p) {
    return (pt){p.x, p.y};
}
static pt sub(pt a, pt b) {
    return (pt){a.x - b.x, a.y - b.y};
}
static double cross(pt a, pt b) {
    return a.x * b.y - a.y * b.x;
}
static double dot(pt a, pt b) {
    return a.x * b.x + a.y * b.y;
}

static double pt_seg(pt p, pt a, pt b) {
    pt d = sub(b, a);
    double t = dot(sub(p, a), d) / dot(d, d);
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    pt q = {a.x + t * d.x, a.y + t * d.y};
    return sqrt(dot(sub(p, q), sub(p, q)));
}

static int inside(const napfire_footprint *f, pt p) {
    for (int i = 0; i < 4; i++)
        if (cross(sub(P(f->corner[(i + 1) % 4]), P(f->corner[i])), sub(p, P(f->corner[i]))) > 0)
            return 0;
    return 1;
}

static double seg_poly(pt a, pt b, const napfire_footprint *f) {
    if (inside(f, a) || inside(f, b))
        return 0;
    double best = 1e300;
    for (int i = 0; i < 4; i++) {
        pt c = P(f->corner[i]), d = P(f->corner[(i + 1) % 4]);
        double o1 = cross(sub(b, a), sub(c, a)), o2 = cross(sub(b, a), sub(d, a));
        double o3 = cross(sub(d, c), sub(a, c)), o4 = cross(sub(d, c), sub(b, c));
        if (o1 * o2 < 0 && o3 * o4 < 0)
            return 0;
        double v[4] = {pt_seg(a, c, d), pt_seg(b, c, d), pt_seg(c, a, b), pt_seg(d, a, b)};
        for (int k = 0; k < 4; k++)
            best = v[k] < best ? v[k] : best;
    }
    return best;
}

/* The least depth of f in front of the edge a->b within lim, or -1. */
static double zone(pt a, pt b, const napfire_footprint *f, double lim) {
    pt e = sub(b, a);
    double len = sqrt(dot(e, e));
    pt u = {e.x / len, e.y / len}, n = {-u.y, u.x};
    pt poly[12];
    int m = 4;
    for (int i = 0; i < 4; i++)
        poly[i] = (pt){dot(sub(P(f->corner[i]), a), u), dot(sub(P(f->corner[i]), a), n)};
    for (int k = 0; k < 3 && m > 0; k++) {
        pt out[12];
        int o = 0;
        for (int i = 0; i < m; i++) {
            pt p = poly[i], q = poly[(i + 1) % m];
            double sp = k == 0 ? -p.y : (k == 1 ? -p.x : p.x - len), sq = k == 0 ? -q.y : (k == 1 ? -q.x : q.x - len);
            if (sp <= 0)
                out[o++] = p;
            if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
                double t = sp / (sp - sq);
                out[o++] = (pt){p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
            }
        }
        memcpy(poly, out, sizeof(pt) * (size_t)o);
        m = o;
    }
    double h = 1e300;
    for (int i = 0; i < m; i++)
        h = poly[i].y < h ? poly[i].y : h;
    return m > 0 && h <= lim ? h : -1;
}

static int in_sector(pt m, pt nn, pt ee, double r, const napfire_footprint *f) {
    const double k = 0.2679491924311227;
    if (inside(f, m))
        return 1;
    for (int i = 0; i < 4; i++) {
        pt v = sub(P(f->corner[i]), m);
        double fw = dot(v, nn), l = dot(v, ee);
        if (fabs(l) <= k * fw && dot(v, v) <= r * r)
            return 1;
        pt w = sub(P(f->corner[(i + 1) % 4]), P(f->corner[i]));
        for (int s = -1; s <= 1; s += 2) {
            pt ray = {nn.x + s * k * ee.x, nn.y + s * k * ee.y};
            double den = cross(ray, w);
            if (den == 0)
                continue;
            double t = cross(sub(P(f->corner[i]), m), w) / den, q = cross(sub(P(f->corner[i]), m), ray) / den;
            if (t >= 0 && q >= 0 && q <= 1 && t * sqrt(dot(ray, ray)) <= r)
                return 1;
        }
    }
    return 0;
}

/* The angular interval of f seen from m about the reference direction. */
static void interval(pt m, pt ref, const napfire_footprint *f, double *lo, double *hi) {
    *lo = 1e9;
    *hi = -1e9;
    for (int i = 0; i < 4; i++) {
        pt v = sub(P(f->corner[i]), m);
        double a = atan2(cross(ref, v), dot(ref, v));
        *lo = a < *lo ? a : *lo;
        *hi = a > *hi ? a : *hi;
    }
}

static int cmp_pair(const void *a, const void *b) {
    const double *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static int ray_through(pt m, pt d, const napfire_footprint *f, double *t0, double *t1) {
    double lo = -1e300, hi = 1e300;
    for (int i = 0; i < 4; i++) {
        pt a = P(f->corner[i]), e = sub(P(f->corner[(i + 1) % 4]), a);
        double k = cross(e, d), c = cross(e, sub(m, a));
        if (k == 0) {
            if (c >= 0)
                return 0;
        } else if (k > 0) {
            hi = -c / k < hi ? -c / k : hi;
        } else {
            lo = -c / k > lo ? -c / k : lo;
        }
    }
    *t0 = lo;
    *t1 = hi;
    return lo < hi;
}

static double pairs[2 * MAX_FP];

static int floor_measure(const napfire_scene *sc, int32_t out[14]) {
    const napfire_footprint *fi = sc->firer, *tg = sc->target;
    pt a = P(fi->corner[0]), b = P(fi->corner[1]), m = {(a.x + b.x) / 2, (a.y + b.y) / 2};
    pt e = sub(b, a);
    double len = sqrt(dot(e, e));
    pt ee = {e.x / len, e.y / len}, nn = {-ee.y, ee.x};
    out[0] = (int32_t)ceil(seg_poly(a, b, tg));
    pt t0 = P(tg->corner[0]), t1 = P(tg->corner[1]);
    out[1] = cross(sub(t1, t0), sub(m, t0)) < 0 && !inside(tg, m);
    out[2] = 0;
    out[3] = -1;
    double r = 0;
    for (int i = 0; i < 4; i++) {
        double d = sqrt(dot(sub(P(tg->corner[i]), m), sub(P(tg->corner[i]), m)));
        r = d > r ? d : r;
    }
    double near_t = 1e300, near_b = 1e300, far = 1e300;
    out[4] = 0;
    for (size_t i = 0; i < sc->friend_count; i++) {
        const napfire_footprint *f = &sc->friends[i];
        out[4] |= in_sector(m, nn, ee, r, f);
        double zt = zone(t0, t1, f, 100), zb = zone(a, b, f, 100);
        if (zt >= 0 && zt < near_t)
            near_t = zt;
        if (zb >= 0 && zb < near_b)
            near_b = zb;
        if (zt >= 0 || zb >= 0) {
            double worst = 0;
            for (int k = 0; k < 4; k++) {
                pt c = P(tg->corner[k]);
                double d = inside(f, c) ? 0 : 1e300;
                for (int j = 0; j < 4 && d > 0; j++) {
                    double v = pt_seg(c, P(f->corner[j]), P(f->corner[(j + 1) % 4]));
                    d = v < d ? v : d;
                }
                worst = d > worst ? d : worst;
            }
            far = worst < far ? worst : far;
        }
    }
    out[5] = near_t < 1e300 ? (int32_t)ceil(near_t) : -1;
    out[6] = near_b < 1e300 ? (int32_t)ceil(near_b) : -1;
    out[7] = far < 1e300 ? (int32_t)ceil(far) : -1;
    /* Clear line of sight: the blockers' intervals swept in order. */
    pt ref = sub((pt){(t0.x + P(tg->corner[2]).x) / 2, (t0.y + P(tg->corner[2]).y) / 2}, m);
    double lo, hi;
    interval(m, ref, tg, &lo, &hi);
    size_t np = 0;
    size_t nb = sc->friend_count + sc->other_count;
    for (size_t i = 0; i < nb; i++) {
        const napfire_footprint *f = i < sc->friend_count ? &sc->friends[i] : &sc->others[i - sc->friend_count];
        double l, h;
        interval(m, ref, f, &l, &h);
        if (h > lo && l < hi && seg_poly(m, P(f->corner[0]), tg) > 0) {
            pairs[2 * np] = l;
            pairs[2 * np + 1] = h;
            np++;
        }
    }
    qsort(pairs, np, 2 * sizeof(double), cmp_pair);
    double cur = lo;
    int clear = 0;
    for (size_t i = 0; i < np && !clear; i++) {
        if (pairs[2 * i] >= cur)
            clear = 1;
        cur = pairs[2 * i + 1] > cur ? pairs[2 * i + 1] : cur;
    }
    out[8] = clear || cur < hi;
    /* Penetration and overhead. */
    pt dir = sub((pt){(t0.x + t1.x) / 2, (t0.y + t1.y) / 2}, m);
    double ta, tb, fa, fb;
    out[9] = 0;
    out[10] = 0;
    double ob = 1e300, oe = 1e300;
    int have_t = ray_through(m, dir, tg, &ta, &tb);
    for (size_t i = 0; i < sc->friend_count; i++) {
        const napfire_footprint *f = &sc->friends[i];
        if (have_t && ray_through(m, dir, f, &fa, &fb) && fb > tb && fa * sqrt(dot(dir, dir)) < 800)
            out[9] = 1;
        double lo_f, hi_f;
        interval(m, ref, f, &lo_f, &hi_f);
        if (hi_f > lo && lo_f < hi && dot(sub(P(f->corner[0]), m), ref) < dot(ref, ref)) {
            out[10] = 1;
            double d1 = seg_poly(a, b, f), d2 = seg_poly(t0, t1, f);
            ob = d1 < ob ? d1 : ob;
            oe = d2 < oe ? d2 : oe;
        }
    }
    out[11] = fi->level > tg->level;
    out[12] = out[10] ? (int32_t)floor(ob) : -1;
    out[13] = out[10] ? (int32_t)floor(oe) : -1;
    return 0;
}

/* ---------------------------------------------------------------- */

static volatile int32_t sink;

int main(void) {
    napfire_unit f, t;
    napfire_shot s;
    napfire_rules r;
    napfire_unit_init(&f, sizeof f, NAPFIRE_ARM_FOOT_ARTILLERY);
    napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_shot_init(&s, sizeof s, &f, &t);
    napfire_rules_init(&r, sizeof r);
    napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_METRIC, 150, 400, 800);
    static const size_t sizes[] = {4, 64, 1024};
    printf("napfire_shot_measure, artillery, roundshot; ns per footprint (thread CPU time, median of %d rounds)\n",
           ROUNDS);
    printf("%10s %14s %14s %8s\n", "footprints", "exact", "double floor", "ratio");
    for (size_t z = 0; z < 3; z++) {
        size_t n = sizes[z];
        napfire_scene sc = make_scene(n);
        int reps = (int)(200000 / n) + 10;
        double exact[ROUNDS], fl[ROUNDS], ratio[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            napfire_measured facts[NAPFIRE_MEASURED_MAX];
            size_t count;
            double t0 = thread_ns();
            for (int i = 0; i < reps; i++) {
                if (napfire_shot_measure(&s, &r, &sc, facts, NAPFIRE_MEASURED_MAX, &count) != NAPFIRE_OK)
                    return 1;
                sink = facts[0].value;
            }
            double t1 = thread_ns();
            int32_t out[14];
            for (int i = 0; i < reps; i++) {
                floor_measure(&sc, out);
                sink = out[0];
            }
            double t2 = thread_ns();
            exact[round] = (t1 - t0) / reps / (double)n;
            fl[round] = (t2 - t1) / reps / (double)n;
            ratio[round] = exact[round] / fl[round];
        }
        printf("%10zu %14.1f %14.1f %8.2f\n", n, median(exact, ROUNDS), median(fl, ROUNDS), median(ratio, ROUNDS));
    }
    return 0;
}
