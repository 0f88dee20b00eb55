/* SPDX-License-Identifier: MIT */
/*
 * Hex-scale benchmark (`meson benchmark -C build --suite hex`): the exact
 * trace (array and iterator) and line of sight, per hex traversed, for
 * distances 1..32, beside the usual floating-point line drawing measured
 * in the same run: cube lerp with the nudge (+1e-6, +2e-6, -3e-6), N + 1
 * samples, cube rounding. Also counts the hexes that baseline misses
 * (H-LOS-2: hexes the exact trace crosses or runs along that it never
 * samples).
 *
 * "Per hex" divides each method's time by the hexes it reports: the exact
 * trace's crossed hexes plus both hexes of each hexside pair (vertex
 * touches are reported but not counted), the baseline's N + 1 samples.
 * Times are medians of several runs. Floating point is fine here; the
 * library has none.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "napfire.h"

#define MAXD 32
#define RUNS 9
#define MAXSTEPS (4 * MAXD + 1)

static volatile int64_t sink;

/* Round to nearest with an inline conversion, so the baseline pays no
 * libm call: a fast baseline. */
static double rnd(double x) {
    return (double)(int64_t)(x + (x >= 0 ? 0.5 : -0.5));
}

/* The baseline: the folklore hex line drawing in cube coordinates. */
static int lerp_line(napfire_hex a, napfire_hex b, int n, napfire_hex *out) {
    double ax = a.q + 1e-6, ay = -a.q - a.r + 2e-6, az = a.r - 3e-6;
    double bx = b.q + 1e-6, by = -b.q - b.r + 2e-6, bz = b.r - 3e-6;
    double step = n > 0 ? 1.0 / n : 0.0;
    for (int i = 0; i <= n; i++) {
        double t = step * i;
        double x = ax + (bx - ax) * t, y = ay + (by - ay) * t, z = az + (bz - az) * t;
        double rx = rnd(x), ry = rnd(y), rz = rnd(z);
        double dx = rx > x ? rx - x : x - rx, dy = ry > y ? ry - y : y - ry, dz = rz > z ? rz - z : z - rz;
        if (dx > dy && dx > dz)
            rx = -ry - rz;
        else if (dy > dz)
            ry = -rx - rz;
        else
            rz = -rx - ry;
        out[i].q = (int32_t)rx;
        out[i].r = (int32_t)rz;
    }
    return n + 1;
}

static int exact_hexes(const napfire_trace_step *s, size_t n) {
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i].kind == NAPFIRE_STEP_HEX ? 1 : s[i].kind == NAPFIRE_STEP_HEXSIDE ? 2 : 0;
    return k;
}

static int contains(const napfire_hex *v, int n, napfire_hex h) {
    for (int i = 0; i < n; i++)
        if (v[i].q == h.q && v[i].r == h.r)
            return 1;
    return 0;
}

int main(void) {
    const napfire_hex origin = {1000, -2000};
    static napfire_hex targets[6 * MAXD];
    napfire_hex_info open_ground;
    memset(&open_ground, 0, sizeof open_ground);

    printf("hex-scale benchmark: ns per hex, median of %d runs; targets = the ring at distance d\n", RUNS);
    printf("%3s %6s %8s %8s %8s %8s %8s %7s %9s\n", "d", "hexes", "exact", "iter", "los", "lerp", "ratio", "missed",
           "miss/line");
    double sum_ratio = 0, worst = 0;
    long missed_total = 0, lines_total = 0, lines_missing = 0;
    for (int d = 1; d <= MAXD; d++) {
        /* the ring: start at d * e4, walk d steps in each direction */
        int nt = 0;
        napfire_hex h = {origin.q - d, origin.r + d};
        for (int32_t dir = 0; dir < 6; dir++)
            for (int i = 0; i < d; i++) {
                targets[nt++] = h;
                napfire_hex_neighbour(h, dir, &h);
            }
        int reps = 20000 / (nt * d) + 1;

        /* hexes per method, and the baseline's misses */
        long exact_n = 0, lerp_n = 0, missed = 0;
        for (int t = 0; t < nt; t++) {
            napfire_trace_step s[MAXSTEPS];
            napfire_hex l[MAXD + 1];
            size_t n = 0;
            if (napfire_trace_steps(origin, targets[t], s, MAXSTEPS, &n) != NAPFIRE_OK)
                return 1;
            int nl = lerp_line(origin, targets[t], d, l);
            exact_n += exact_hexes(s, n);
            lerp_n += nl;
            int miss = 0;
            for (size_t i = 0; i < n; i++) {
                if (s[i].kind == NAPFIRE_STEP_VERTEX)
                    continue;
                miss += !contains(l, nl, s[i].hex);
                if (s[i].kind == NAPFIRE_STEP_HEXSIDE)
                    miss += !contains(l, nl, s[i].other);
            }
            missed += miss;
            lines_missing += miss > 0;
            lines_total++;
        }
        missed_total += missed;

        double te[RUNS], ti[RUNS], tl[RUNS], tb[RUNS];
        for (int run = 0; run < RUNS; run++) {
            int64_t acc = 0;
            double t0 = thread_ns();
            for (int rep = 0; rep < reps; rep++)
                for (int t = 0; t < nt; t++) {
                    napfire_trace_step s[MAXSTEPS];
                    size_t n = 0;
                    napfire_trace_steps(origin, targets[t], s, MAXSTEPS, &n);
                    acc += s[n - 1].hex.q + (int64_t)n;
                }
            double t1 = thread_ns();
            for (int rep = 0; rep < reps; rep++)
                for (int t = 0; t < nt; t++) {
                    napfire_trace it;
                    napfire_trace_step s;
                    int32_t more;
                    napfire_trace_init(&it, sizeof it, origin, targets[t]);
                    while (napfire_trace_next(&it, &s, &more) == NAPFIRE_OK && more)
                        acc += s.hex.q;
                }
            double t2 = thread_ns();
            for (int rep = 0; rep < reps; rep++)
                for (int t = 0; t < nt; t++) {
                    napfire_los_query q;
                    napfire_los_result r;
                    memset(&q, 0, sizeof q);
                    q.firer = origin;
                    q.target = targets[t];
                    q.front_mask = 0x3F;
                    napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, 1, 1, &open_ground, &r);
                    acc += r.clear;
                }
            double t3 = thread_ns();
            for (int rep = 0; rep < reps; rep++)
                for (int t = 0; t < nt; t++) {
                    napfire_hex l[MAXD + 1];
                    int n = lerp_line(origin, targets[t], d, l);
                    acc += l[n - 1].q + n;
                }
            double t4 = thread_ns();
            sink += acc;
            te[run] = (t1 - t0) / ((double)reps * (double)exact_n);
            ti[run] = (t2 - t1) / ((double)reps * (double)exact_n);
            tl[run] = (t3 - t2) / ((double)reps * (double)exact_n);
            tb[run] = (t4 - t3) / ((double)reps * (double)lerp_n);
        }
        double e = median(te, RUNS), it = median(ti, RUNS), lo = median(tl, RUNS), b = median(tb, RUNS);
        double ratio = e / b;
        sum_ratio += ratio;
        if (ratio > worst)
            worst = ratio;
        printf("%3d %6.1f %8.2f %8.2f %8.2f %8.2f %8.2f %7ld %9.2f\n", d, (double)exact_n / nt, e, it, lo, b, ratio,
               missed, (double)missed / nt);
    }
    printf("exact/baseline time per hex: mean ratio %.2f, worst %.2f (goal <= 2)\n", sum_ratio / MAXD, worst);
    printf("baseline misses %ld hexes in total; %ld of %ld lines miss at least one\n", missed_total, lines_missing,
           lines_total);
    return 0;
}
