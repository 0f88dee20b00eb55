/* SPDX-License-Identifier: MIT */
/*
 * Figure-scale benchmark: napfire_shot_resolve, napfire_resolve_many per
 * shot and napfire_shot_distribution. Prints medians of several runs, one
 * "name ns_per_op" line each, for tests/bench/bench_fire.py to set beside
 * its baselines. Never a test: run by `meson benchmark`.
 *
 * The rules data is MADE UP for the benchmark (complete tables are needed
 * so that every shot resolves); it is not from any rulebook.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "napfire.h"

#define RUNS 9
#define BATCH 1024

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

static void made_up_rules(napfire_rules *r) {
    napfire_rules_init(r, sizeof *r);
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            napfire_rules_set_musketry(r, row, col, row * 2 + col * 2 + (col % 2), 0);
}

/* Varied shots: formations, figures, distances, screens and classes. */
static void make_shots(napfire_shot *shots, int n) {
    static const int32_t formations[] = {
        NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, NAPFIRE_FORMATION_SQUARE,
        NAPFIRE_FORMATION_OPEN_ORDER};
    for (int i = 0; i < n; i++) {
        napfire_unit f, t;
        napfire_unit_init(&f, sizeof f, NAPFIRE_ARM_LINE_INFANTRY);
        napfire_unit_set(&f, NAPFIRE_UNIT_CLASS, i % 7);
        napfire_unit_set(&f, NAPFIRE_UNIT_NATION, i % 9);
        napfire_unit_set(&f, NAPFIRE_UNIT_FORMATION, formations[i % 4]);
        napfire_unit_set(&f, NAPFIRE_UNIT_FIGURES, 10 + i % 45);
        napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY);
        napfire_unit_set(&t, NAPFIRE_UNIT_FORMATION, formations[(i / 4) % 4]);
        napfire_unit_set(&t, NAPFIRE_UNIT_COVER, i % 3);
        napfire_shot_init(&shots[i], sizeof shots[i], &f, &t);
        napfire_shot_set(&shots[i], NAPFIRE_SHOT_DISTANCE, 20 + (i * 7) % 180);
        if (i % 5 == 0) {
            napfire_shot_set(&shots[i], NAPFIRE_SHOT_SCREEN, 1);
            napfire_shot_set(&shots[i], NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
        }
    }
}

int main(void) {
    static napfire_shot shots[BATCH];
    static napfire_result results[BATCH];
    static int32_t rolls[BATCH], dice[BATCH], statuses[BATCH];
    napfire_rules rules;
    made_up_rules(&rules);
    make_shots(shots, BATCH);
    for (int i = 0; i < BATCH; i++) {
        rolls[i] = 2 + (i * 5) % 11;
        dice[i] = 1 + (i * 3) % 6;
    }
    double single[RUNS], many[RUNS], dist[RUNS];
    volatile int32_t sink = 0;
    for (int run = 0; run < RUNS; run++) {
        const int reps = 200;
        double t0 = now_ns();
        for (int k = 0; k < reps; k++)
            for (int i = 0; i < BATCH; i++) {
                napfire_shot_resolve(&shots[i], &rules, rolls[i], dice[i], &results[i]);
                sink += results[i].casualties;
            }
        double t1 = now_ns();
        single[run] = (t1 - t0) / (reps * BATCH);
        t0 = now_ns();
        for (int k = 0; k < reps; k++) {
            napfire_resolve_many(shots, BATCH, &rules, rolls, dice, results, statuses);
            sink += results[k].casualties;
        }
        t1 = now_ns();
        many[run] = (t1 - t0) / (reps * BATCH);
        napfire_outcome out[32];
        size_t count;
        const int dreps = 20;
        t0 = now_ns();
        for (int k = 0; k < dreps; k++)
            for (int i = 0; i < BATCH; i++) {
                napfire_shot_distribution(&shots[i], &rules, out, 32, &count, NULL);
                sink += (int32_t)count;
            }
        t1 = now_ns();
        dist[run] = (t1 - t0) / (dreps * BATCH);
    }
    printf("resolve_ns %.1f\n", median(single, RUNS));
    printf("resolve_many_ns_per_shot %.1f\n", median(many, RUNS));
    printf("distribution_ns %.1f\n", median(dist, RUNS));
    return sink == -1;
}
