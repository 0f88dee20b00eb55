/* SPDX-License-Identifier: MIT */
/*
 * Simulation benchmark: the indexed batch (napfire_resolve_indexed_dice)
 * against the dice batch (napfire_resolve_many_dice) over the same trials,
 * in one process, interleaved, in thread CPU time.
 *
 * 64 kinds of shot; the trials name them in no order. The baseline is the
 * dice batch as a simulation would use it at its best: a buffer of 4,096
 * shots laid out from the indexes (shots[index[i]]) and reused call after
 * call, so the shots stay in the cache. Before timing, both are checked
 * to give the same statuses and casualties for the same seed.
 *
 * Output, one "name value" line each (tests/bench/bench_sim.py reads it):
 * the median over the rounds of ns per trial and the median of the
 * per-round ratios to the baseline; the bytes per trial of each.
 *
 * The rules data is MADE UP for the benchmark (complete musketry cells so
 * that every shot resolves); it is not from any rulebook.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "napfire.h"

#define ROUNDS 11
#define KINDS 64
#define BUFFER 4096 /* the baseline's reused buffer of laid-out shots */
#define REPS 16     /* calls of BUFFER trials a round */
#define MILLION 1000000

/* Kind k: a line, column, square or open-order firer of every class and
 * several nations and strengths, at effective or long range, a screen on
 * one kind in five. */
static void make_kind(napfire_shot *shot, int k) {
    static const int32_t formations[4] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                          NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_OPEN_ORDER};
    napfire_unit f, t;
    napfire_unit_init(&f, sizeof f, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_set(&f, NAPFIRE_UNIT_CLASS, k % 7);
    napfire_unit_set(&f, NAPFIRE_UNIT_NATION, (k * 5) % 9);
    napfire_unit_set(&f, NAPFIRE_UNIT_FORMATION, formations[k % 4]);
    napfire_unit_set(&f, NAPFIRE_UNIT_FIGURES, 8 + (k * 11) % 48);
    napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY);
    napfire_unit_set(&t, NAPFIRE_UNIT_FORMATION, formations[(k / 4) % 4]);
    napfire_shot_init(shot, sizeof *shot, &f, &t);
    napfire_shot_set(shot, NAPFIRE_SHOT_DISTANCE, 30 + (k * 13) % 170);
    if (k % 5 == 0) {
        napfire_shot_set(shot, NAPFIRE_SHOT_SCREEN, 1);
        napfire_shot_set(shot, NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
    }
}

static napfire_rules rules;
static napfire_shot kinds[KINDS], laid_out[BUFFER];
static napfire_result results[BUFFER];
static uint32_t idx[MILLION];
static int32_t statuses[MILLION], casualties[MILLION];
static volatile int32_t sink;

enum {
    M_DICE, /* the baseline */
    M_INDEXED,
    M_INDEXED_RESULTS,
    M_INDEXED_MILLION,
    M_COUNT
};
static const char *const names[M_COUNT] = {"many_dice_reused", "indexed", "indexed_results", "indexed_million"};

/* ns per trial of one measure. */
static double time_measure(int m, uint64_t seed) {
    napfire_dice d;
    napfire_dice_init(&d, sizeof d, seed, 54);
    int32_t acc = 0;
    double t0 = thread_ns();
    if (m == M_INDEXED_MILLION) {
        napfire_resolve_indexed_dice(kinds, KINDS, &rules, idx, MILLION, &d, statuses, casualties, NULL);
        acc += casualties[MILLION - 1];
    } else {
        for (int r = 0; r < REPS; r++) {
            if (m == M_DICE)
                napfire_resolve_many_dice(laid_out, BUFFER, &rules, &d, results, statuses, NULL, NULL);
            else
                napfire_resolve_indexed_dice(kinds, KINDS, &rules, idx, BUFFER, &d, statuses, casualties,
                                             m == M_INDEXED_RESULTS ? results : NULL);
            acc += statuses[r];
        }
    }
    double t1 = thread_ns();
    sink += acc;
    return (t1 - t0) / (m == M_INDEXED_MILLION ? (double)MILLION : (double)REPS * BUFFER);
}

/* Same seed, same outcome: the indexed batch against the dice batch over
 * the laid-out shots. */
static int check_same(void) {
    napfire_dice a, b;
    napfire_dice_init(&a, sizeof a, 1, 54);
    b = a;
    static int32_t st2[BUFFER];
    if (napfire_resolve_many_dice(laid_out, BUFFER, &rules, &a, results, statuses, NULL, NULL) != NAPFIRE_OK ||
        napfire_resolve_indexed_dice(kinds, KINDS, &rules, idx, BUFFER, &b, st2, casualties, NULL) != NAPFIRE_OK)
        return 0;
    long total = 0;
    for (int i = 0; i < BUFFER; i++) {
        if (statuses[i] != NAPFIRE_OK || st2[i] != NAPFIRE_OK || casualties[i] != results[i].casualties)
            return 0;
        total += casualties[i];
    }
    return total > 0 && memcmp(&a, &b, sizeof a) == 0;
}

int main(void) {
    napfire_rules_init(&rules, sizeof rules);
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            napfire_rules_set_musketry(&rules, row, col, row * 2 + col * 2 + (col % 2), 0);
    for (int k = 0; k < KINDS; k++)
        make_kind(&kinds[k], k);
    uint64_t x = 88172645463325252u; /* xorshift64: the trials' kinds, in no order */
    for (int i = 0; i < MILLION; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        idx[i] = (uint32_t)(x % KINDS);
    }
    for (int i = 0; i < BUFFER; i++)
        laid_out[i] = kinds[idx[i]];
    if (!check_same()) {
        fprintf(stderr, "bench_sim: the indexed batch and the dice batch disagree\n");
        return 1;
    }
    double ns[M_COUNT][ROUNDS], ratio[M_COUNT][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
        double t[M_COUNT];
        /* Alternate the order so that no measure always runs warm. */
        for (int j = 0; j < M_COUNT; j++) {
            int m = round % 2 ? M_COUNT - 1 - j : j;
            t[m] = time_measure(m, (uint64_t)round + 1);
        }
        for (int m = 0; m < M_COUNT; m++) {
            ns[m][round] = t[m];
            ratio[m][round] = t[m] / t[M_DICE];
        }
    }
    for (int m = 0; m < M_COUNT; m++) {
        printf("%s_ns %.2f\n", names[m], median(ns[m], ROUNDS));
        printf("%s_ratio %.3f\n", names[m], median(ratio[m], ROUNDS));
    }
    /* Bytes a trial needs beyond the distinct shots. */
    printf("many_dice_bytes %zu\n", sizeof(napfire_shot) + sizeof(napfire_result) + sizeof(int32_t));
    printf("indexed_bytes %zu\n", sizeof(uint32_t) + 2 * sizeof(int32_t));
    printf("indexed_results_bytes %zu\n", sizeof(uint32_t) + 2 * sizeof(int32_t) + sizeof(napfire_result));
    return 0;
}
