/* SPDX-License-Identifier: MIT */
/*
 * Figure-scale benchmark: the library against a hand-written floor, in one
 * process, interleaved, in thread CPU time.
 *
 * The floor is what a programmer would write for exactly these shots with
 * no library: plain structs, the musketry rules for the cases the shots
 * use, no validation, no explanation. It is the practical lower bound for
 * a resolution, so the figures that matter are the ratios library / floor,
 * measured round by round on the same shots (the machine is shared; wall
 * clock is noise, and even thread CPU time drifts between rounds, which
 * the per-round ratio cancels). Before timing, the floor is checked
 * against the library on every shot, roll and half die, and on every
 * distribution: a floor that computes something else would make the
 * ratios meaningless, so a disagreement fails the benchmark.
 *
 * The dice batch (napfire_resolve_many_dice) is set beside a floor that
 * rolls with its own copy of PCG32 (the algorithm napfire.h documents)
 * and draws the half die only when a half remains, as the library does.
 *
 * Output, one "name value" line each (tests/bench/bench_fire.py reads it):
 * the median over the rounds of ns per operation for the library and the
 * floor, and the median of the per-round ratios.
 *
 * The shots and their made-up rules data are fire_shots.h's.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "fire_shots.h"
#include "napfire.h"

#define ROUNDS 11
#define BATCH 1024

static napfire_shot shots[BATCH];
static struct spec specs[BATCH];

/* ---- the floor --------------------------------------------------------- */

/* What the floor needs of a shot, decided once (as a hand-written game
 * would keep it): net modifier, table row, long range, second-class. */
struct floor_shot {
    int32_t net, row, long_range, second_class, screened;
};

struct floor_out {
    int32_t target, screen;
};

static struct floor_shot floor_prepare(const struct spec *s) {
    static const int32_t class_mod[7] = {2, 1, 0, 0, 0, -2, -2};
    struct floor_shot f;
    int32_t firer = class_mod[s->cls];
    if ((s->nation == NAPFIRE_NATION_BRITAIN || s->nation == NAPFIRE_NATION_KGL) &&
        (s->formation == NAPFIRE_FORMATION_LINE || s->formation == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS))
        firer += 1;
    if (s->cls == NAPFIRE_CLASS_GUARD && firer > 2)
        firer = 2;
    int32_t target = 0;
    if (s->tformation == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS)
        target = 1;
    else if (s->tformation == NAPFIRE_FORMATION_SQUARE)
        target = 2;
    else if (s->tformation == NAPFIRE_FORMATION_OPEN_ORDER)
        target = -2;
    target -= s->cover == NAPFIRE_COVER_COVER ? 2 : s->cover == NAPFIRE_COVER_LIMITED ? 1 : 0;
    f.net = firer + target;
    int32_t row = (s->figures >= 12) + (s->figures >= 20) + (s->figures >= 28) + (s->figures >= 36);
    int32_t cap = s->formation == NAPFIRE_FORMATION_SQUARE                ? 0
                  : s->formation == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS ? 1
                                                                          : 4;
    f.row = row < cap ? row : cap;
    f.long_range = s->distance > 100;
    f.second_class = s->cls == NAPFIRE_CLASS_SECOND_RATE || s->nation == NAPFIRE_NATION_RUSSIA;
    f.screened = s->screen;
    return f;
}

/* Half figures from the table at this roll, after long-range halving. */
static int32_t floor_halves(const struct floor_shot *f, int32_t roll) {
    int32_t m = roll + f->net;
    if (m < 1)
        return 0;
    int32_t col = m > 18 ? 8 : (m - 1) / 2;
    int32_t halves = made_up_cell(f->row, col);
    return f->long_range ? halves / 2 : halves;
}

static struct floor_out floor_split(const struct floor_shot *f, int32_t whole) {
    struct floor_out o;
    o.screen = f->screened && whole > 0;
    o.target = whole - o.screen;
    return o;
}

static struct floor_out floor_resolve(const struct floor_shot *f, int32_t roll, int32_t die) {
    int32_t halves = floor_halves(f, roll);
    int32_t whole = halves / 2 + ((halves & 1) && !f->second_class && die >= 4);
    return floor_split(f, whole);
}

/* Outcomes as the library orders them: by target, then screen casualties.
 * Weights are counted by whole figures over the range the rolls reach
 * (only that range is cleared), then split into target and screen: the
 * split keeps the order, so nothing is sorted. */
static size_t floor_distribution(const struct floor_shot *f, napfire_outcome *out) {
    int32_t halves[11], w[64];
    int32_t lo = 63, hi = 0;
    for (int32_t roll = 2; roll <= 12; roll++) {
        int32_t h = floor_halves(f, roll);
        halves[roll - 2] = h;
        int32_t up = h / 2 + ((h & 1) && !f->second_class);
        lo = h / 2 < lo ? h / 2 : lo;
        hi = up > hi ? up : hi;
    }
    for (int32_t k = lo; k <= hi; k++)
        w[k] = 0;
    for (int32_t roll = 2; roll <= 12; roll++) {
        int32_t weight = (6 - abs(roll - 7)) * 6, h = halves[roll - 2];
        if ((h & 1) && !f->second_class) {
            w[h / 2] += weight / 2;
            w[h / 2 + 1] += weight / 2;
        } else {
            w[h / 2] += weight;
        }
    }
    size_t n = 0;
    for (int32_t k = lo; k <= hi; k++)
        if (w[k]) {
            struct floor_out o = floor_split(f, k);
            out[n].target_casualties = o.target;
            out[n].screen_casualties = o.screen;
            out[n].weight = w[k];
            out[n].reserved = 0;
            n++;
        }
    return n;
}

/* PCG32 as napfire.h documents it, for the floor of the dice batch. */
struct pcg {
    uint64_t state, inc;
};

static uint32_t pcg_next(struct pcg *g) {
    uint64_t old = g->state;
    g->state = old * 6364136223846793005ull + g->inc;
    uint32_t x = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (x >> rot) | (x << ((32u - rot) & 31u));
}

static struct pcg pcg_seed(uint64_t seed, uint64_t stream) {
    struct pcg g = {0, (stream << 1u) | 1u};
    pcg_next(&g);
    g.state += seed;
    pcg_next(&g);
    return g;
}

static int32_t pcg_d6(struct pcg *g) {
    uint32_t x;
    do
        x = pcg_next(g);
    while (x >= 4294967292u);
    return (int32_t)(x % 6u) + 1;
}

/* The dice batch by hand: 2D6 per shot, the half die only when needed. */
static int32_t floor_dice_batch(const struct spec *sp, int n, struct pcg *g, struct floor_out *out) {
    int32_t acc = 0;
    for (int i = 0; i < n; i++) {
        struct floor_shot f = floor_prepare(&sp[i]);
        int32_t roll = pcg_d6(g);
        roll += pcg_d6(g);
        int32_t halves = floor_halves(&f, roll);
        int32_t whole = halves / 2;
        if ((halves & 1) && !f.second_class && pcg_d6(g) >= 4)
            whole++;
        out[i] = floor_split(&f, whole);
        acc += whole;
    }
    return acc;
}

/* ---- agreement: the floor must compute what the library computes ------ */

static int check_floor(const struct floor_shot *fl, const napfire_rules *rules) {
    for (int i = 0; i < BATCH; i++) {
        for (int32_t roll = 2; roll <= 12; roll++)
            for (int32_t die = 1; die <= 6; die++) {
                napfire_result r;
                int st = napfire_shot_resolve(&shots[i], rules, roll, die, &r);
                struct floor_out o = floor_resolve(&fl[i], roll, die);
                if (st != NAPFIRE_OK || !r.permitted || r.target_casualties != o.target ||
                    r.screen_casualties != o.screen) {
                    fprintf(stderr,
                            "floor disagrees with the library: shot %d roll %d die %d: "
                            "library status %d permitted %d (%d, %d), floor (%d, %d)\n",
                            i, (int)roll, (int)die, st, (int)r.permitted, (int)r.target_casualties,
                            (int)r.screen_casualties, (int)o.target, (int)o.screen);
                    return 0;
                }
            }
        napfire_outcome lib[64], flo[64];
        size_t n = 0;
        if (napfire_shot_distribution(&shots[i], rules, lib, 64, &n, NULL) != NAPFIRE_OK ||
            n != floor_distribution(&fl[i], flo) || memcmp(lib, flo, n * sizeof *lib) != 0) {
            fprintf(stderr, "floor distribution disagrees with the library: shot %d\n", i);
            return 0;
        }
    }
    /* The dice batch: same seed, same casualties, shot by shot. */
    static struct floor_out fo[BATCH];
    static napfire_result res[BATCH];
    static int32_t st[BATCH];
    for (uint64_t seed = 1; seed <= 4; seed++) {
        napfire_dice d;
        napfire_dice_init(&d, sizeof d, seed, 54);
        struct pcg g = pcg_seed(seed, 54);
        floor_dice_batch(specs, BATCH, &g, fo);
        if (napfire_resolve_many_dice(shots, BATCH, rules, &d, res, st, NULL, NULL) != NAPFIRE_OK)
            return 0;
        for (int i = 0; i < BATCH; i++)
            if (st[i] != NAPFIRE_OK || res[i].target_casualties != fo[i].target ||
                res[i].screen_casualties != fo[i].screen) {
                fprintf(stderr, "floor dice batch disagrees with the library: seed %d shot %d\n", (int)seed, i);
                return 0;
            }
    }
    return 1;
}

/* ---- the timed loops ----------------------------------------------------- */

static struct floor_shot floors[BATCH];
static napfire_result results[BATCH];
static int32_t rolls[BATCH], dice[BATCH], statuses[BATCH];
static volatile int32_t sink;

enum {
    M_RESOLVE,
    M_MANY,
    M_DIST,
    M_DICE,
    M_COUNT
};
static const char *const names[M_COUNT] = {"resolve", "resolve_many", "distribution", "resolve_many_dice"};
static const int reps[M_COUNT] = {100, 100, 10, 100};

/* The floor's single call decides the per-shot facts each time, as a
 * library call must: it gets the shot's plain inputs, not a cached form. */
static double time_floor(int m) {
    napfire_outcome out[64];
    static struct floor_out fo[BATCH];
    int32_t acc = 0;
    struct pcg g = pcg_seed(7, 54);
    double t0 = thread_ns();
    for (int k = 0; k < reps[m]; k++) {
        if (m == M_DICE) {
            acc += floor_dice_batch(specs, BATCH, &g, fo);
            continue;
        }
        for (int i = 0; i < BATCH; i++) {
            struct floor_shot f = floor_prepare(&specs[i]);
            if (m == M_DIST) {
                acc += (int32_t)floor_distribution(&f, out);
            } else {
                struct floor_out o = floor_resolve(&f, rolls[i], dice[i]);
                acc += o.target + o.screen;
            }
        }
    }
    double t1 = thread_ns();
    sink += acc;
    return (t1 - t0) / ((double)reps[m] * BATCH);
}

static double time_library(int m, const napfire_rules *rules) {
    napfire_outcome out[64];
    int32_t acc = 0;
    napfire_dice d;
    napfire_dice_init(&d, sizeof d, 7, 54);
    double t0 = thread_ns();
    for (int k = 0; k < reps[m]; k++) {
        if (m == M_DICE) {
            napfire_resolve_many_dice(shots, BATCH, rules, &d, results, statuses, NULL, NULL);
            acc += results[k].casualties;
            continue;
        }
        if (m == M_MANY) {
            napfire_resolve_many(shots, BATCH, rules, rolls, dice, results, statuses);
            acc += results[k].casualties;
            continue;
        }
        for (int i = 0; i < BATCH; i++) {
            if (m == M_DIST) {
                size_t n = 0;
                napfire_shot_distribution(&shots[i], rules, out, 64, &n, NULL);
                acc += (int32_t)n;
            } else {
                napfire_shot_resolve(&shots[i], rules, rolls[i], dice[i], &results[i]);
                acc += results[i].casualties;
            }
        }
    }
    double t1 = thread_ns();
    sink += acc;
    return (t1 - t0) / ((double)reps[m] * BATCH);
}

int main(void) {
    napfire_rules rules;
    made_up_rules(&rules);
    for (int i = 0; i < BATCH; i++) {
        specs[i] = spec_of(i);
        make_shot(&shots[i], &specs[i]);
        floors[i] = floor_prepare(&specs[i]);
        rolls[i] = mix_roll(i);
        dice[i] = mix_die(i);
    }
    if (!check_floor(floors, &rules))
        return 1;

    double lib[M_COUNT][ROUNDS], flo[M_COUNT][ROUNDS], ratio[M_COUNT][ROUNDS];
    for (int round = 0; round < ROUNDS; round++)
        for (int m = 0; m < M_COUNT; m++) {
            /* Alternate the order so neither side always runs warm. */
            if (round % 2) {
                lib[m][round] = time_library(m, &rules);
                flo[m][round] = time_floor(m);
            } else {
                flo[m][round] = time_floor(m);
                lib[m][round] = time_library(m, &rules);
            }
            ratio[m][round] = lib[m][round] / flo[m][round];
        }
    for (int m = 0; m < M_COUNT; m++) {
        printf("%s_ns %.1f\n", names[m], median(lib[m], ROUNDS));
        printf("%s_floor_ns %.1f\n", names[m], median(flo[m], ROUNDS));
        printf("%s_ratio %.2f\n", names[m], median(ratio[m], ROUNDS));
    }
    return 0;
}
