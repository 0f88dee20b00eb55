/* SPDX-License-Identifier: MIT */
/*
 * The instruction gate's workloads (doc/performance.md, "The instruction
 * gate"). tests/perf/run.py runs each under callgrind with collection
 * toggled on in its entry point only, so the count is the library's
 * instructions for those calls and nothing of this program's start-up,
 * set-up or checks; it divides by the units this program reports.
 *
 *   perf_work --list                 name, entry point and unit of each
 *   perf_work --build                the toolchain this build measures
 *   perf_work NAME ROUNDS [EXTRA]    ROUNDS + EXTRA identical rounds
 *
 * A run prints "units N", the units of ROUNDS rounds: EXTRA rounds are
 * executed but not reported, which is how the gate's self-test plants a
 * regression of EXTRA / ROUNDS in real library instructions. Every
 * round gives the same answers (the dice are seeded again each round),
 * so each round costs the same. Every answer of the last round is
 * checked against another entry point's (a library that returned early
 * would look cheap): any disagreement fails the run.
 *
 * The figure-scale workloads resolve fire_shots.h's first 64 shots (the
 * made-up rules); the hex-scale ones a 64 x 64 map with woods, towns,
 * slopes and units, a firer in the middle, a level above the ground; the
 * table measure a line and a battery before lines of friends and of other
 * units, each of its scenes measured into its own shot.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/fire_shots.h"
#include "../hex/fov_maps.h"
#include "napfire.h"
/* The table measure's workload needs its header; a tree without it
 * leaves that workload out. */
#if defined(__has_include)
#  if __has_include("napfire_table.h")
#    include "napfire_table.h"
#    define PERF_TABLE 1
#  endif
#endif
#ifndef PERF_TABLE
#  define PERF_TABLE 0
#endif

#ifndef PERF_BUILD
#  define PERF_BUILD "unknown"
#endif

#define MIX 64    /* shots of the figure-scale mix; one batch of them a round */
#define SIDE 64   /* the hex map's columns and rows */
#define RADIUS 20 /* the field of view's radius */
#define TARGETS 64

static napfire_rules rules;
static napfire_shot shots[MIX];
static int32_t rolls[MIX], dice[MIX];
static uint32_t order[MIX]; /* the indexed batch's trials: every shot once, in no order */

static napfire_hex_info *cells;
static napfire_los_query query;
static napfire_hex targets[TARGETS];
static const napfire_fov_plan *plan;
static void *work;
static size_t work_size;
static uint8_t *rule;
static long asked; /* hexes a view asks about */

static void fail(const char *what) {
    fprintf(stderr, "perf_work: %s\n", what);
    exit(1);
}

static void setup_fire(void) {
    made_up_rules(&rules);
    for (int i = 0; i < MIX; i++) {
        struct spec s = spec_of(i);
        make_shot(&shots[i], &s);
        rolls[i] = mix_roll(i);
        dice[i] = mix_die(i);
        order[i] = (uint32_t)(i * 37 % MIX);
    }
}

/* The map (flat, its firer a level up), the plan and 64 targets
 * at every distance of the view. */
static void setup_hex(void) {
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    cells = fm_zalloc((size_t)SIDE * SIDE * sizeof *cells);
    for (size_t i = 0; i < (size_t)SIDE * SIDE; i++)
        fm_cell(&seed, &cells[i], 0, 1, 12);
    napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, SIDE / 2, SIDE / 2, &query.firer);
    cells[(SIDE / 2) * SIDE + SIDE / 2].elevation = 1;
    query.front_mask = 0x3F;
    query.firer_side = 1;
    query.target_side = 2;
    size_t n = napfire_fov_plan_size(RADIUS);
    if (napfire_fov_plan_init(fm_zalloc(n), n, RADIUS, &plan) != NAPFIRE_OK)
        fail("fov plan");
    work_size = napfire_fov_work_size(plan);
    work = fm_zalloc(work_size);
    rule = fm_zalloc((size_t)SIDE * SIDE);
    for (int k = 0, found = 0; found < TARGETS; k++) {
        napfire_hex h;
        int32_t d;
        napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, SIDE / 2 - RADIUS + (k * 7) % 41, SIDE / 2 - RADIUS + (k * 13) % 41,
                                &h);
        napfire_hex_distance(query.firer, h, &d);
        if (d >= 1 && d <= RADIUS)
            targets[found++] = h;
    }
    asked = 3L * RADIUS * (RADIUS + 1);
}

/* ---- the table measure's scenes --------------------------------------- */

static long footprints; /* of all the scenes */
#if PERF_TABLE
#  define SCENES 4
#  define ROW 6 /* friends and others of a scene, each a row of footprints */

static napfire_shot measured[SCENES];
static napfire_footprint feet[SCENES][2 + 2 * ROW];
static napfire_scene scenes[SCENES];

/* A rectangle w wide and d deep, its front edge at y + d facing +y (up)
 * or at y facing -y. */
static napfire_footprint box(int32_t x, int32_t y, int32_t w, int32_t d, int up) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    napfire_point a = {x, y + d}, b = {x + w, y + d}, c = {x + w, y}, e = {x, y};
    f.corner[0] = up ? a : c;
    f.corner[1] = up ? b : e;
    f.corner[2] = up ? c : (napfire_point){x, y + d};
    f.corner[3] = up ? e : (napfire_point){x + w, y + d};
    return f;
}

/* Scene k: a line (k even) or a foot battery firing at a line 150 to
 * 600 mm ahead; friends in a row beside the firer and one before the
 * target, other units in a row between and beyond. */
static void setup_measure(void) {
    made_up_rules(&rules);
    for (int k = 0; k < SCENES; k++) {
        napfire_unit f, t;
        struct spec sp = spec_of(k);
        napfire_unit_init(&f, sizeof f, k % 2 ? NAPFIRE_ARM_FOOT_ARTILLERY : NAPFIRE_ARM_LINE_INFANTRY);
        napfire_unit_set(&f, NAPFIRE_UNIT_FIGURES, k % 2 ? 6 : sp.figures);
        napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY);
        napfire_unit_set(&t, NAPFIRE_UNIT_FORMATION, sp.tformation);
        napfire_shot_init(&measured[k], sizeof measured[k], &f, &t);
        napfire_footprint *ft = feet[k];
        int32_t ahead = 150 + 150 * k;
        ft[0] = k % 2 ? box(-60, -40, 120, 40, 1) : box(-150, -40, 300, 40, 1);
        ft[1] = box(-150 + 40 * k, ahead, 300, 60, 0);
        for (int i = 0; i < ROW; i++) {
            ft[2 + i] = i == ROW - 1 ? box(-50 + 40 * k, ahead - 100, 100, 40, 1)
                                     : box(200 + 250 * i, -40 - 20 * i, 200, 40, 1);
            ft[2 + ROW + i] = box(-750 + 300 * i, ahead / 2 + (i % 2) * 400, 150, 50, i % 2);
        }
        scenes[k] = (napfire_scene){&ft[0], &ft[1], NULL, &ft[2], ROW, &ft[2 + ROW], ROW};
        footprints += 2 + 2 * ROW;
    }
}
#endif

/* ---- the workloads: one round each ------------------------------------ */

static napfire_result results[MIX], other[MIX];
static int32_t statuses[MIX], casualties[MIX], got_rolls[MIX], got_dice[MIX];
static napfire_outcome outcomes[MIX][64];
static size_t counts[MIX];
static napfire_los_result los[TARGETS];

static void round_resolve(void) {
    for (int i = 0; i < MIX; i++)
        statuses[i] = napfire_shot_resolve(&shots[i], &rules, rolls[i], dice[i], &results[i]);
}

static void round_many(void) {
    if (napfire_resolve_many(shots, MIX, &rules, rolls, dice, results, statuses) != NAPFIRE_OK)
        fail("napfire_resolve_many");
}

static void round_many_dice(void) {
    napfire_dice d;
    napfire_dice_init(&d, sizeof d, 7, 54);
    if (napfire_resolve_many_dice(shots, MIX, &rules, &d, results, statuses, got_rolls, got_dice) != NAPFIRE_OK)
        fail("napfire_resolve_many_dice");
}

static void round_indexed_dice(void) {
    napfire_dice d;
    napfire_dice_init(&d, sizeof d, 7, 54);
    if (napfire_resolve_indexed_dice(shots, MIX, &rules, order, MIX, &d, statuses, casualties, NULL) != NAPFIRE_OK)
        fail("napfire_resolve_indexed_dice");
}

static void round_distribution(void) {
    for (int i = 0; i < MIX; i++)
        statuses[i] = napfire_shot_distribution(&shots[i], &rules, outcomes[i], 64, &counts[i], NULL);
}

static void round_los(void) {
    for (int i = 0; i < TARGETS; i++) {
        napfire_los_query q = query;
        q.target = targets[i];
        statuses[i] = napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, SIDE, SIDE, cells, &los[i]);
    }
}

#if PERF_TABLE
static napfire_measured facts[SCENES][NAPFIRE_MEASURED_MAX];

static void round_measure(void) {
    for (int k = 0; k < SCENES; k++)
        statuses[k] =
            napfire_shot_measure(&measured[k], &rules, &scenes[k], facts[k], NAPFIRE_MEASURED_MAX, &counts[k]);
}
#endif

static void round_fov(void) {
    if (napfire_fov_grid(plan, work, work_size, &query, NAPFIRE_HEX_ODD_Q, SIDE, SIDE, cells, rule) != NAPFIRE_OK)
        fail("napfire_fov_grid");
}

/* ---- the checks of the last round's answers --------------------------- */

static void all_ok(int n) {
    for (int i = 0; i < n; i++)
        if (statuses[i] != NAPFIRE_OK)
            fail("a call of the workload was refused");
}

/* The single calls' results against the batch's (same rolls and dice). */
static void check_against_batch(const int32_t *r, const int32_t *h) {
    int32_t st[MIX];
    all_ok(MIX);
    if (napfire_resolve_many(shots, MIX, &rules, r, h, other, st) != NAPFIRE_OK)
        fail("napfire_resolve_many");
    for (int i = 0; i < MIX; i++)
        if (st[i] != NAPFIRE_OK || memcmp(&results[i], &other[i], sizeof other[i]) != 0 || !results[i].permitted)
            fail("the answers differ from the other entry point's");
}

static void check_against_single(void) {
    all_ok(MIX);
    for (int i = 0; i < MIX; i++) {
        napfire_result r;
        if (napfire_shot_resolve(&shots[i], &rules, rolls[i], dice[i], &r) != NAPFIRE_OK ||
            memcmp(&r, &results[i], sizeof r) != 0 || !r.permitted)
            fail("the batch's answers differ from the single call's");
    }
}

static void check_resolve(void) {
    check_against_batch(rolls, dice);
}

static void check_many_dice(void) {
    check_against_batch(got_rolls, got_dice);
}

/* The indexed batch's casualties against the dice batch over the same
 * shots laid out, same seed. */
static void check_indexed(void) {
    static napfire_shot laid[MIX];
    int32_t st[MIX];
    napfire_dice d;
    all_ok(MIX);
    for (int i = 0; i < MIX; i++)
        laid[i] = shots[order[i]];
    napfire_dice_init(&d, sizeof d, 7, 54);
    if (napfire_resolve_many_dice(laid, MIX, &rules, &d, other, st, NULL, NULL) != NAPFIRE_OK)
        fail("napfire_resolve_many_dice");
    for (int i = 0; i < MIX; i++)
        if (st[i] != NAPFIRE_OK || other[i].casualties != casualties[i])
            fail("the indexed batch differs from the dice batch");
}

/* Each distribution: outcomes whose weights make 216, and its mean the
 * mean of the 216 single calls. */
static void check_distribution(void) {
    all_ok(MIX);
    for (int i = 0; i < MIX; i++) {
        int32_t weight = 0, mean = 0, single = 0;
        for (size_t k = 0; k < counts[i]; k++) {
            weight += outcomes[i][k].weight;
            mean += outcomes[i][k].weight * (outcomes[i][k].target_casualties + outcomes[i][k].screen_casualties);
        }
        for (int32_t roll = 2; roll <= 12; roll++)
            for (int32_t die = 1; die <= 6; die++) {
                napfire_result r;
                if (napfire_shot_resolve(&shots[i], &rules, roll, die, &r) != NAPFIRE_OK)
                    fail("napfire_shot_resolve");
                single += (6 - abs(roll - 7)) * r.casualties;
            }
        if (weight != NAPFIRE_OUTCOME_DENOMINATOR || mean != single)
            fail("a distribution differs from the single calls");
    }
}

/* The lines of sight against the field of view's rule at each target. */
static void check_hex(int fresh_los, int fresh_fov) {
    if (fresh_fov)
        round_fov();
    if (fresh_los)
        round_los();
    all_ok(TARGETS);
    long seen = 0;
    for (int i = 0; i < TARGETS; i++) {
        int32_t col, row;
        napfire_hex_to_offset(targets[i], NAPFIRE_HEX_ODD_Q, &col, &row);
        if (rule[row * SIDE + col] != los[i].rule)
            fail("the line of sight differs from the field of view");
        seen += los[i].rule == NAPFIRE_LOS_RULE_NONE;
    }
    if (seen == 0 || seen == TARGETS)
        fail("the map should hide some targets and show others");
}

static void check_los(void) {
    check_hex(0, 1);
}

static void check_fov(void) {
    check_hex(1, 0);
}

#if PERF_TABLE
/* Every fact the shot's arm needs, the shot holding each value set, and
 * the battery's facts decided by more than its own footprint. */
static void check_measure(void) {
    all_ok(SCENES);
    long decided_by_others = 0;
    for (int k = 0; k < SCENES; k++) {
        if (counts[k] != (k % 2 ? NAPFIRE_MEASURED_MAX : 4))
            fail("a measure set another number of facts");
        for (size_t i = 0; i < counts[k]; i++) {
            int32_t v = 0;
            if (napfire_shot_get(&measured[k], facts[k][i].param, &v) != NAPFIRE_OK || v != facts[k][i].value)
                fail("a measured fact differs from the shot's parameter");
            decided_by_others += facts[k][i].decider >= NAPFIRE_DECIDER_FRIEND;
        }
    }
    if (decided_by_others == 0)
        fail("no fact of the scenes was decided by a friend or another unit");
}
#endif

struct workload {
    const char *name, *entry, *unit;
    void (*setup)(void);
    void (*round)(void);
    void (*check)(void);
    long units; /* a round's; 0: the hexes a view asks about, -1: the scenes' footprints */
};

static const struct workload workloads[] = {
    {"resolve", "napfire_shot_resolve", "call", setup_fire, round_resolve, check_resolve, MIX},
    {"resolve_many", "napfire_resolve_many", "shot", setup_fire, round_many, check_against_single, MIX},
    {"resolve_many_dice", "napfire_resolve_many_dice", "shot", setup_fire, round_many_dice, check_many_dice, MIX},
    {"resolve_indexed_dice", "napfire_resolve_indexed_dice", "trial", setup_fire, round_indexed_dice, check_indexed,
     MIX},
    {"distribution", "napfire_shot_distribution", "call", setup_fire, round_distribution, check_distribution, MIX},
    {"los_grid", "napfire_los_grid", "call", setup_hex, round_los, check_los, TARGETS},
    {"fov_grid", "napfire_fov_grid", "hex", setup_hex, round_fov, check_fov, 0},
#if PERF_TABLE
    {"shot_measure", "napfire_shot_measure", "footprint", setup_measure, round_measure, check_measure, -1},
#endif
};
#define NWORKLOADS (sizeof workloads / sizeof workloads[0])

static long count(const char *s, long lo, long hi) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi)
        fail("a count out of its range");
    return v;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < NWORKLOADS; i++)
            printf("%s %s %s\n", workloads[i].name, workloads[i].entry, workloads[i].unit);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--build") == 0) {
        printf("%s\n", PERF_BUILD);
        return 0;
    }
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: perf_work --list | --build | NAME ROUNDS [EXTRA]\n");
        return 2;
    }
    const struct workload *w = NULL;
    for (size_t i = 0; i < NWORKLOADS; i++)
        if (strcmp(argv[1], workloads[i].name) == 0)
            w = &workloads[i];
    if (!w)
        fail("no such workload (--list names them)");
    long rounds = count(argv[2], 1, 100000), extra = argc == 4 ? count(argv[3], 0, 100000) : 0;
    w->setup();
    for (long k = 0; k < rounds + extra; k++)
        w->round();
    w->check();
    printf("units %ld\n", rounds * (w->units > 0 ? w->units : w->units == 0 ? asked : footprints));
    return 0;
}
