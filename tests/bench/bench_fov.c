/* SPDX-License-Identifier: MIT */
/*
 * Field-of-view benchmark (`meson test -C build --benchmark --suite hex`):
 * napfire_fov_grid() against one napfire_los_grid() per hex within the
 * radius, measured in the same run, interleaved, in thread CPU time
 * (medians of several runs), on a 512 x 512 La Bataille map:
 *
 *   realistic  about 15 % woods and towns in clumps, hills with slopes
 *              around them, 5 % units (of two sides, some routed, some
 *              leaders alone);
 *   open       clear ground at one level.
 *
 * Firers: on flat ground (radius 30), on a hilltop (radius 100, H-ELV-1
 * lifts the near half of every line), on open ground (radius 100); all
 * fronts. Both answers are compared hex by hex before timing. Then the
 * plan's build time and the plan and workspace bytes per radius, and the
 * view's cost per hex as the radius grows. Floating point only for the
 * report; the library has none.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "napfire.h"
#include "../hex/fov_maps.h"

#define SIDE 512
#define RUNS 7

static volatile uint64_t sink;

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint32_t rnd(uint32_t n) {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1Dull) >> 33) % n;
}

static napfire_hex_info *at(napfire_hex_info *cells, napfire_hex h) {
    int32_t col, row;
    napfire_hex_to_offset(h, NAPFIRE_HEX_ODD_Q, &col, &row);
    if (col < 0 || col >= SIDE || row < 0 || row >= SIDE)
        return NULL;
    return &cells[row * SIDE + col];
}

/* Paint a disc of radius r around h with terrain t (clear hexes only). */
static void clump(napfire_hex_info *cells, napfire_hex h, int32_t r, int32_t t) {
    for (int32_t dq = -r; dq <= r; dq++)
        for (int32_t dr = -r; dr <= r; dr++) {
            napfire_hex x = {h.q + dq, h.r + dr};
            int32_t d;
            napfire_hex_distance(h, x, &d);
            napfire_hex_info *c = d <= r ? at(cells, x) : NULL;
            if (c && c->terrain == NAPFIRE_TERRAIN_CLEAR && rnd(4) != 0)
                c->terrain = t;
        }
}

/* Hills: cones of levels; a hex next to a lower one is a slope. Returns
 * the top of the highest hill. */
static napfire_hex hills(napfire_hex_info *cells) {
    napfire_hex top = {0, 0};
    int32_t best = -1;
    for (int i = 0; i < 60; i++) {
        napfire_hex c;
        napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, (int32_t)rnd(SIDE), (int32_t)rnd(SIDE), &c);
        int32_t height = 1 + (int32_t)rnd(4), step = 3 + (int32_t)rnd(4);
        for (int32_t dq = -height * step; dq <= height * step; dq++)
            for (int32_t dr = -height * step; dr <= height * step; dr++) {
                napfire_hex x = {c.q + dq, c.r + dr};
                int32_t d;
                napfire_hex_distance(c, x, &d);
                napfire_hex_info *h = at(cells, x);
                int32_t e = height - d / step;
                if (h && e > h->elevation)
                    h->elevation = e;
            }
        if (height > best && c.q > 150 && c.q < 360) {
            best = height;
            top = c;
        }
    }
    for (int32_t row = 0; row < SIDE; row++)
        for (int32_t col = 0; col < SIDE; col++) {
            napfire_hex h, n;
            napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, col, row, &h);
            for (int32_t dir = 0; dir < 6; dir++) {
                napfire_hex_neighbour(h, dir, &n);
                napfire_hex_info *o = at(cells, n);
                if (o && o->elevation < cells[row * SIDE + col].elevation)
                    cells[row * SIDE + col].terrain = NAPFIRE_TERRAIN_SLOPE;
            }
        }
    return top;
}

static napfire_hex realistic(napfire_hex_info *cells) {
    memset(cells, 0, (size_t)SIDE * SIDE * sizeof *cells);
    napfire_hex top = hills(cells);
    for (int i = 0; i < 2600; i++) {
        napfire_hex c;
        napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, (int32_t)rnd(SIDE), (int32_t)rnd(SIDE), &c);
        clump(cells, c, i % 5 == 0 ? 1 : 2 + (int32_t)rnd(2),
              i % 5 == 0 ? NAPFIRE_TERRAIN_TOWN : NAPFIRE_TERRAIN_BLOCKING);
    }
    for (int32_t i = 0; i < SIDE * SIDE; i++)
        if (rnd(100) < 5) {
            uint32_t p = rnd(10);
            cells[i].presence = p < 8   ? NAPFIRE_PRESENCE_COMBAT
                                : p < 9 ? NAPFIRE_PRESENCE_ROUTED
                                        : NAPFIRE_PRESENCE_LEADER_ONLY;
            cells[i].unit_side = 1 + (int32_t)rnd(2);
        }
    return top;
}

/* A flat firer: the hex nearest the map's centre at elevation 0 that is
 * clear. */
static napfire_hex flat_firer(napfire_hex_info *cells) {
    for (int32_t k = 0; k < SIDE / 2; k++) {
        napfire_hex h;
        napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, SIDE / 2 + k, SIDE / 2, &h);
        napfire_hex_info *c = at(cells, h);
        if (c->elevation == 0 && c->terrain == NAPFIRE_TERRAIN_CLEAR)
            return h;
    }
    return (napfire_hex){SIDE / 2, 0};
}

struct view {
    const char *name;
    const napfire_hex_info *cells;
    napfire_los_query q;
    int32_t radius;
    const napfire_fov_plan *plan;
    void *work;
    size_t work_size;
    uint8_t *rule;
    napfire_hex *targets;
    int32_t ntargets;
};

static const napfire_fov_plan *plan_of(int32_t radius, double *build_ns) {
    size_t n = napfire_fov_plan_size(radius);
    void *buf = fm_zalloc(n);
    const napfire_fov_plan *plan = NULL;
    double t0 = thread_ns();
    if (napfire_fov_plan_init(buf, n, radius, &plan) != NAPFIRE_OK)
        exit(1);
    if (build_ns)
        *build_ns = thread_ns() - t0;
    return plan;
}

/* The hexes of the map within the radius, for the baseline. */
static void setup(struct view *v) {
    int32_t r = v->radius, n = 0;
    v->plan = plan_of(r, NULL);
    v->work_size = napfire_fov_work_size(v->plan);
    v->work = fm_zalloc(v->work_size);
    v->rule = fm_zalloc((size_t)SIDE * SIDE);
    v->targets = fm_zalloc(sizeof *v->targets * (size_t)(3 * r * (r + 1)));
    for (int32_t dq = -r; dq <= r; dq++)
        for (int32_t dr = -r; dr <= r; dr++) {
            napfire_hex h = {v->q.firer.q + dq, v->q.firer.r + dr};
            int32_t d;
            napfire_hex_distance(v->q.firer, h, &d);
            if (d >= 1 && d <= r && at((napfire_hex_info *)(uintptr_t)v->cells, h))
                v->targets[n++] = h;
        }
    v->ntargets = n;
}

static uint64_t run_los(const struct view *v, uint8_t *out) {
    uint64_t acc = 0;
    for (int32_t i = 0; i < v->ntargets; i++) {
        napfire_los_query q = v->q;
        napfire_los_result res;
        q.target = v->targets[i];
        napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, SIDE, SIDE, v->cells, &res);
        acc += (uint64_t)res.rule;
        if (out)
            out[i] = (uint8_t)res.rule;
    }
    return acc;
}

static uint64_t run_fov(const struct view *v) {
    napfire_fov_grid(v->plan, v->work, v->work_size, &v->q, NAPFIRE_HEX_ODD_Q, SIDE, SIDE, v->cells, v->rule);
    return v->rule[0];
}

/* Both answers, hex by hex; counts the clear ones. */
static int check(const struct view *v, int32_t *clear) {
    uint8_t *want = fm_zalloc((size_t)v->ntargets);
    run_los(v, want);
    run_fov(v);
    *clear = 0;
    for (int32_t i = 0; i < v->ntargets; i++) {
        if (v->rule[at((napfire_hex_info *)(uintptr_t)v->cells, v->targets[i]) - v->cells] != want[i]) {
            fprintf(stderr, "%s: fov and los disagree at (%d,%d)\n", v->name, v->targets[i].q, v->targets[i].r);
            return 1;
        }
        *clear += want[i] == NAPFIRE_LOS_RULE_NONE;
    }
    free(want);
    return 0;
}

/* Interleaved medians: ns per view for both, and their ratio. */
static void compare(struct view *v, double *ratio) {
    double tl[RUNS], tf[RUNS];
    int32_t clear;
    setup(v);
    if (check(v, &clear) != 0)
        exit(1);
    int reps = 2000000 / (v->ntargets * (v->radius + 4)) + 1;
    for (int run = 0; run < RUNS; run++) {
        double t0 = thread_ns();
        for (int k = 0; k < reps; k++)
            sink += run_los(v, NULL);
        double t1 = thread_ns();
        for (int k = 0; k < reps * 4; k++)
            sink += run_fov(v);
        double t2 = thread_ns();
        tl[run] = (t1 - t0) / reps;
        tf[run] = (t2 - t1) / (reps * 4);
    }
    double l = median(tl, RUNS), f = median(tf, RUNS);
    *ratio = l / f;
    printf("%-24s %4d %7d %6.1f%% %10.1f %8.1f %10.1f %8.1f %7.1fx\n", v->name, v->radius, v->ntargets,
           100.0 * clear / v->ntargets, l / 1e3, l / v->ntargets, f / 1e3, f / v->ntargets, *ratio);
}

/* Plan and workspace bytes, and the plan's build time, per radius. */
static void sizes(void) {
    static const int32_t radii[] = {10, 30, 100, 256};
    printf("\n%6s %12s %12s %14s\n", "R", "plan bytes", "work bytes", "plan build us");
    for (size_t i = 0; i < sizeof radii / sizeof radii[0]; i++) {
        double t[3];
        const napfire_fov_plan *plan = NULL;
        for (int run = 0; run < 3; run++) {
            plan = plan_of(radii[i], &t[run]);
            if (run < 2)
                free((void *)(uintptr_t)plan);
        }
        printf("%6d %12zu %12zu %14.1f\n", radii[i], napfire_fov_plan_size(radii[i]), napfire_fov_work_size(plan),
               median(t, 3) / 1e3);
        free((void *)(uintptr_t)plan);
    }
}

/* The view's cost as the radius grows, for the three firers. */
static void growth(const struct view *base) {
    static const int32_t radii[] = {10, 20, 30, 50, 100, 150, 200, 256};
    printf("\nfov per view as R grows: us per view (ns per hex asked)\n%6s", "R");
    for (int k = 0; k < 3; k++)
        printf(" %26s", base[k].name);
    printf("\n");
    for (size_t i = 0; i < sizeof radii / sizeof radii[0]; i++) {
        printf("%6d", radii[i]);
        for (int k = 0; k < 3; k++) {
            struct view v = base[k];
            double t[RUNS];
            v.radius = radii[i];
            setup(&v);
            int reps = 1000000 / (3 * v.radius * v.radius + 1000) + 1;
            for (int run = 0; run < RUNS; run++) {
                double t0 = thread_ns();
                for (int rep = 0; rep < reps; rep++)
                    sink += run_fov(&v);
                t[run] = (thread_ns() - t0) / reps;
            }
            double f = median(t, RUNS);
            printf(" %16.1f (%6.1f)", f / 1e3, f / v.ntargets);
            free((void *)(uintptr_t)v.plan);
            free(v.work);
            free(v.rule);
            free(v.targets);
        }
        printf("\n");
    }
}

int main(void) {
    napfire_hex_info *real = fm_zalloc((size_t)SIDE * SIDE * sizeof *real),
                     *open = fm_zalloc((size_t)SIDE * SIDE * sizeof *open);
    napfire_hex top = realistic(real);
    long woods = 0, towns = 0, slopes = 0, units = 0;
    for (int32_t i = 0; i < SIDE * SIDE; i++) {
        woods += real[i].terrain == NAPFIRE_TERRAIN_BLOCKING;
        towns += real[i].terrain == NAPFIRE_TERRAIN_TOWN;
        slopes += real[i].terrain == NAPFIRE_TERRAIN_SLOPE;
        units += real[i].presence != NAPFIRE_PRESENCE_NONE;
    }
    printf("field-of-view benchmark: %dx%d map, woods %.1f%%, towns %.1f%%, slopes %.1f%%, units %.1f%%; "
           "thread CPU time, median of %d interleaved runs\n",
           SIDE, SIDE, 100.0 * (double)woods / (SIDE * SIDE), 100.0 * (double)towns / (SIDE * SIDE),
           100.0 * (double)slopes / (SIDE * SIDE), 100.0 * (double)units / (SIDE * SIDE), RUNS);
    printf("%-24s %4s %7s %7s %10s %8s %10s %8s %8s\n", "view", "R", "hexes", "clear", "los us", "ns/hex", "fov us",
           "ns/hex", "ratio");
    struct view v[3];
    memset(v, 0, sizeof v);
    v[0].name = "realistic, flat firer";
    v[0].cells = real;
    v[0].q.firer = flat_firer(real);
    v[0].radius = 30;
    v[1].name = "realistic, hill firer";
    v[1].cells = real;
    v[1].q.firer = top;
    v[1].radius = 100;
    v[2].name = "open ground";
    v[2].cells = open;
    napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, SIDE / 2, SIDE / 2, &v[2].q.firer);
    v[2].radius = 100;
    static const double goals[3] = {3, 6, 60};
    int met = 1;
    for (int i = 0; i < 3; i++) {
        double ratio;
        v[i].q.front_mask = 0x3F;
        v[i].q.firer_side = 1;
        v[i].q.target_side = 2;
        compare(&v[i], &ratio);
        met &= ratio >= goals[i];
    }
    printf("goals 3x, 6x, 60x: %s\n", met ? "met" : "NOT met");
    sizes();
    growth(v);
    return 0;
}
