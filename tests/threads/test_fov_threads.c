/* SPDX-License-Identifier: MIT */
/*
 * Field of view under threads (H-LOS, H-ELV): four threads share one
 * const plan and const maps, each with its own workspace and output, and
 * must reproduce the single-threaded views byte for byte. CI runs it in a
 * -Db_sanitize=thread build too, where TSan reports any shared write (the
 * plan is read-only after napfire_fov_plan_init()).
 *
 * 24 maps, fewer with NAPFIRE_TEST_SWEEP=small (sweep.h); NAPFIRE_FOV_MAPS
 * sets another number.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "../hex/fov_maps.h"
#include "../sweep.h"

#define NTHREADS 4
#define RADIUS 40
#define PASSES 3

static const napfire_fov_plan *plan;
static struct fm_map *maps;
static uint8_t **expected;
static int32_t nmaps;
static pthread_barrier_t start_line;

struct worker {
    pthread_t thread;
    int id;
    long mismatches, calls;
};

static void *worker_main(void *arg) {
    struct worker *w = arg;
    size_t ws = napfire_fov_work_size(plan);
    void *work = fm_zalloc(ws);
    uint8_t *rule = fm_zalloc((size_t)160 * 160);
    pthread_barrier_wait(&start_line);
    for (int pass = 0; pass < PASSES; pass++)
        for (int32_t k = 0; k < nmaps; k++) {
            /* Each thread starts at another map, so they overlap. */
            const struct fm_map *m = &maps[(k + w->id * 5) % nmaps];
            size_t n = (size_t)m->columns * (size_t)m->rows;
            int rc = napfire_fov_grid(plan, work, ws, &m->q, m->layout, m->columns, m->rows, m->cells, rule);
            w->calls++;
            if (rc != NAPFIRE_OK || memcmp(rule, expected[m - maps], n) != 0)
                w->mismatches++;
        }
    free(work);
    free(rule);
    return NULL;
}

static int prepare(void) {
    uint64_t seed = 0xB7E151628AED2A6Bull;
    size_t ps = napfire_fov_plan_size(RADIUS), ws;
    void *buf = fm_zalloc(ps);
    if (napfire_fov_plan_init(buf, ps, RADIUS, &plan) != NAPFIRE_OK)
        return 1;
    ws = napfire_fov_work_size(plan);
    void *work = fm_zalloc(ws);
    maps = fm_zalloc(sizeof *maps * (size_t)nmaps);
    expected = fm_zalloc(sizeof *expected * (size_t)nmaps);
    long blocked = 0, clear = 0;
    for (int32_t k = 0; k < nmaps; k++) {
        struct fm_map *m = &maps[k];
        fm_make(&seed, m, 120, RADIUS, RADIUS);
        size_t n = (size_t)m->columns * (size_t)m->rows;
        expected[k] = fm_zalloc(n);
        if (napfire_fov_grid(plan, work, ws, &m->q, m->layout, m->columns, m->rows, m->cells, expected[k]) !=
            NAPFIRE_OK)
            return 1;
        for (size_t i = 0; i < n; i++) {
            clear += expected[k][i] == NAPFIRE_LOS_RULE_NONE;
            blocked += expected[k][i] != NAPFIRE_LOS_RULE_NONE && expected[k][i] != NAPFIRE_FOV_NOT_ASKED;
        }
    }
    free(work);
    printf("expected views: %d maps, %ld hexes clear, %ld blocked\n", nmaps, clear, blocked);
    return clear == 0 || blocked == 0;
}

int main(void) {
    const char *env = getenv("NAPFIRE_FOV_MAPS");
    nmaps = sweep_rounds(24);
    if (env && *env) {
        char *end = NULL;
        long v = strtol(env, &end, 10);
        if (*end != '\0' || v < 1 || v > 1000) {
            fprintf(stderr, "NAPFIRE_FOV_MAPS must be 1..1000\n");
            return 1;
        }
        nmaps = (int32_t)v;
    }
    if (prepare() != 0 || pthread_barrier_init(&start_line, NULL, NTHREADS) != 0)
        return 1;
    static struct worker workers[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        workers[i].id = i;
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
    }
    long calls = 0, mismatches = 0;
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(workers[i].thread, NULL);
        calls += workers[i].calls;
        mismatches += workers[i].mismatches;
    }
    pthread_barrier_destroy(&start_line);
    printf("%d threads sharing one plan: %ld views, %ld differ from the single-threaded ones\n", NTHREADS, calls,
           mismatches);
    for (int32_t k = 0; k < nmaps; k++) {
        free(maps[k].cells);
        free(expected[k]);
    }
    free(maps);
    free(expected);
    free((void *)(uintptr_t)plan);
    return mismatches == 0 && calls == (long)NTHREADS * PASSES * nmaps ? 0 : 1;
}
