/* SPDX-License-Identifier: MIT */
/*
 * Four threads share const rules data and one const map, and must get
 * byte-for-byte the answers one thread got alone (API contract Principles:
 * "Pure ... Same inputs, same outputs, from any thread"; no global mutable
 * state; opaque value types read through const pointers). Built normally it
 * is a cheap determinism check; CI builds it with -fsanitize=thread, where
 * any write the library made to shared state, or any hidden static scratch,
 * would be reported as a data race.
 *
 * Covered, each from four threads at once: napfire_shot_resolve (F-RNG,
 * F-MOD, F-TAB, F-CAS, F-SCR, F-ART-1..7), napfire_shot_modifiers (F-MOD,
 * F-ART-1/3), napfire_shot_distribution and napfire_shot_expected, and
 * napfire_resolve_many (API contract Probability and dice), with the built-in
 * data (NULL and an initialised object, F-DATA) and with a completed rules
 * object; napfire_rules_format / napfire_rules_parse of shared rules
 * (F-DATA text); napfire_trace_steps and the trace iterator (H-HEX,
 * H-LOS-1..3); napfire_los_grid and napfire_los_callback (H-LOS-1..6,
 * H-ELV-1..6) over one shared map; per-thread dice (API contract, dice);
 * napfire_shot_measure (F-GEO-1..14) of shared scenes into each thread's
 * copy of a shared shot.
 *
 * The completed rules object holds MADE-UP TEST DATA, not from any
 * rulebook: the source's musketry table is damaged and no artillery number
 * is known (F-DATA), and without it most shots stop at
 * NAPFIRE_EUNKNOWN and the arithmetic paths would never run concurrently.
 *
 * Every output is zeroed before the call, so untouched bytes compare equal
 * too. NAPFIRE_THREADS_PASSES (1..1000, default below) sets how often each
 * thread repeats the whole workload.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "napfire_table.h"

#define NTHREADS 4
#define DEFAULT_PASSES 8
#define MAX_PASSES 1000
#define MAX_REPORTS 10 /* mismatches printed per thread; all are counted */

#define NRULES 3 /* NULL (built-in), built-in object, made-up completion */
#define NSHOTS 64
#define NMUSKETRY 44 /* shots 0..43 musketry, 44..63 artillery */
#define NROLLS 11    /* 2D6: 2..12 */
#define NHALF 3
static const int32_t half_dice[NHALF] = {0, 2, 5}; /* not rolled, dropped, kept */
#define NMODS 32
#define NOUTCOMES 128
#define BATCH (NSHOTS * NROLLS)

#define GRID_COLS 20
#define GRID_ROWS 16
#define GRID_LAYOUT NAPFIRE_HEX_ODD_Q
#define NPAIRS 48
#define MAX_STEPS 256 /* 4n + 1 for the longest line, n < 50 here */
#define NDICE 64
#define TEXT_CAP 65536

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Answers carry no implicit padding, so memcmp compares values only. */
struct resolve_answer {
    int32_t status;
    napfire_result res;
};
struct mods_answer {
    int32_t status, net;
    uint64_t count;
    napfire_modifier items[NMODS];
};
struct dist_answer {
    int32_t status, reserved_;
    uint64_t count;
    napfire_result verdict;
    napfire_outcome outcomes[NOUTCOMES];
};
struct expected_answer {
    int32_t status, numerator, denominator, reserved_;
    double value;
};
struct los_answer {
    int32_t grid_status, callback_status;
    napfire_los_result grid, callback;
};
struct trace_answer {
    int32_t status, iter_status;
    uint64_t count, iter_count;
    napfire_trace_step steps[MAX_STEPS];
    napfire_trace_step iter_steps[MAX_STEPS];
};
struct batch_answer {
    int32_t status, reserved_;
    napfire_result results[BATCH];
    int32_t statuses[BATCH];
};

/* ------------------------------------------------------------------ */
/* Shared inputs: written by main before any thread starts (pthread_create
 * orders those writes before the threads' reads), then only read. */

static napfire_rules builtin_rules, made_up_rules;
static const napfire_rules *rules_list[NRULES];
static napfire_shot shots[NSHOTS];
/* Table scenes: firer, target, three friends, two others each. */
#define NSCENES 16
#define SCENE_FOOTPRINTS 7
static napfire_footprint scenes[NSCENES][SCENE_FOOTPRINTS];
static napfire_shot batch_shots[BATCH];
static int32_t batch_rolls[BATCH], batch_half[BATCH];
static napfire_hex_info grid[GRID_ROWS * GRID_COLS];
static napfire_los_query queries[NPAIRS];
static char text_builtin[TEXT_CAP], text_made_up[TEXT_CAP];
static size_t len_builtin, len_made_up;

/* Expected answers, computed single-threaded. */
static struct resolve_answer exp_resolve[NSHOTS][NRULES][NROLLS][NHALF];
static struct mods_answer exp_mods[NSHOTS][NRULES];
static struct dist_answer exp_dist[NSHOTS][NRULES];
static struct expected_answer exp_expected[NSHOTS][NRULES];
static struct batch_answer exp_batch[NRULES];
static struct los_answer exp_los[NPAIRS];
static struct trace_answer exp_trace[NPAIRS];
static int32_t exp_dice[NDICE];

static pthread_barrier_t start_line;
static int32_t passes = DEFAULT_PASSES;

/* ------------------------------------------------------------------ */
/* Deterministic inputs: a fixed LCG, so every run tests the same shots. */

static uint32_t lcg_state = 12345u;
static uint32_t lcg(void) {
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}
static int32_t pick(const int32_t *values, size_t n) {
    return values[lcg() % n];
}
#define PICK(a) pick((a), NELEM(a))

/* Setters may refuse a combination (e.g. a formation the arm cannot take);
 * the object then keeps its default, which is as good an input. */
static void uset(napfire_unit *u, int32_t param, int32_t value) {
    (void)napfire_unit_set(u, param, value);
}
static void sset(napfire_shot *s, int32_t param, int32_t value) {
    (void)napfire_shot_set(s, param, value);
}

static int make_musketry_shot(napfire_shot *s) {
    static const int32_t arms[] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LIGHT_INFANTRY};
    static const int32_t nations[] = {NAPFIRE_NATION_OTHER, NAPFIRE_NATION_BRITAIN, NAPFIRE_NATION_FRANCE,
                                      NAPFIRE_NATION_RUSSIA};
    static const int32_t classes[] = {NAPFIRE_CLASS_GUARD, NAPFIRE_CLASS_ELITE, NAPFIRE_CLASS_LINE,
                                      NAPFIRE_CLASS_CONSCRIPT};
    static const int32_t figures[] = {6, 14, 22, 30, 40, 52};
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                         NAPFIRE_FORMATION_OPEN_ORDER};
    static const int32_t weapons[] = {NAPFIRE_WEAPON_MUSKET, NAPFIRE_WEAPON_MUSKET, NAPFIRE_WEAPON_RIFLE};
    static const int32_t target_arms[] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_CAVALRY,
                                          NAPFIRE_ARM_FOOT_ARTILLERY};
    static const int32_t target_formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                                NAPFIRE_FORMATION_MASSED_COLUMN, NAPFIRE_FORMATION_SQUARE};
    static const int32_t covers[] = {NAPFIRE_COVER_NONE, NAPFIRE_COVER_NONE, NAPFIRE_COVER_LIMITED,
                                     NAPFIRE_COVER_COVER};
    static const int32_t distances[] = {30, 100, 150, 220, 2000}; /* mm */
    static const int32_t extras[] = {-1, 0, 0, 1};
    napfire_unit firer, target;
    if (napfire_unit_init(&firer, sizeof firer, PICK(arms)) != NAPFIRE_OK)
        return -1;
    uset(&firer, NAPFIRE_UNIT_NATION, PICK(nations));
    uset(&firer, NAPFIRE_UNIT_CLASS, PICK(classes));
    uset(&firer, NAPFIRE_UNIT_FIGURES, PICK(figures));
    uset(&firer, NAPFIRE_UNIT_FORMATION, PICK(formations));
    uset(&firer, NAPFIRE_UNIT_WEAPON, PICK(weapons));
    uset(&firer, NAPFIRE_UNIT_MOVED, (int32_t)(lcg() % 2));
    uset(&firer, NAPFIRE_UNIT_FIRED_LAST_TURN, lcg() % 4 == 0);
    uset(&firer, NAPFIRE_UNIT_DISORDERED, lcg() % 8 == 0);
    if (napfire_unit_init(&target, sizeof target, PICK(target_arms)) != NAPFIRE_OK)
        return -1;
    uset(&target, NAPFIRE_UNIT_FORMATION, PICK(target_formations));
    uset(&target, NAPFIRE_UNIT_COVER, PICK(covers));
    uset(&target, NAPFIRE_UNIT_FIGURES, 24);
    if (napfire_shot_init(s, sizeof *s, &firer, &target) != NAPFIRE_OK)
        return -1;
    sset(s, NAPFIRE_SHOT_DISTANCE, PICK(distances));
    sset(s, NAPFIRE_SHOT_ENFILADE, lcg() % 6 == 0);
    sset(s, NAPFIRE_SHOT_EXTRA_MODIFIER, PICK(extras));
    if (lcg() % 4 == 0) {
        sset(s, NAPFIRE_SHOT_SCREEN, 1);
        sset(s, NAPFIRE_SHOT_SCREEN_DISTANCE, lcg() % 2 ? 30 : 80);
    }
    return 0;
}

static int make_artillery_shot(napfire_shot *s) {
    static const int32_t arms[] = {NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_ARM_HORSE_ARTILLERY};
    static const int32_t target_formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                                NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_OPEN_ORDER};
    static const int32_t distances[] = {50, 120, 300, 700, 1200}; /* mm */
    napfire_unit firer, target;
    if (napfire_unit_init(&firer, sizeof firer, PICK(arms)) != NAPFIRE_OK)
        return -1;
    uset(&firer, NAPFIRE_UNIT_GUN, (int32_t)(lcg() % 5));
    uset(&firer, NAPFIRE_UNIT_FIGURES, 1 + (int32_t)(lcg() % 6));
    uset(&firer, NAPFIRE_UNIT_MOVED, (int32_t)(lcg() % 2));
    if (napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY) != NAPFIRE_OK)
        return -1;
    uset(&target, NAPFIRE_UNIT_FORMATION, PICK(target_formations));
    uset(&target, NAPFIRE_UNIT_FIGURES, 30);
    if (napfire_shot_init(s, sizeof *s, &firer, &target) != NAPFIRE_OK)
        return -1;
    sset(s, NAPFIRE_SHOT_DISTANCE, PICK(distances));
    sset(s, NAPFIRE_SHOT_AMMO, lcg() % 3 == 0 ? NAPFIRE_AMMO_CANISTER : NAPFIRE_AMMO_ROUNDSHOT);
    sset(s, NAPFIRE_SHOT_FRIEND_IN_ARC, lcg() % 8 == 0);
    return 0;
}

/* MADE-UP TEST DATA (see the header): the built-in data with every unknown
 * musketry cell filled so rows still grow, plus artillery band maxima,
 * cells and modifiers. None of these numbers is from a rulebook. */
static int make_made_up_rules(napfire_rules *r) {
    int bad = napfire_rules_init(r, sizeof *r) != NAPFIRE_OK;
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t halves, star;
            if (napfire_rules_get_musketry(r, row, col, &halves, &star) == NAPFIRE_EUNKNOWN)
                bad |= napfire_rules_set_musketry(r, row, col, (row + 1) * col / 2 + col % 2, 0) != NAPFIRE_OK;
        }
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
        bad |= napfire_rules_set_gun_range(r, gun, NAPFIRE_MEASURE_METRIC, 150 + gun * 10, 400 + gun * 50,
                                           900 + gun * 100) != NAPFIRE_OK;
        bad |= napfire_rules_set_gun_range(r, gun, NAPFIRE_MEASURE_IMPERIAL, 60, 160, 360) != NAPFIRE_OK;
        for (int32_t ammo = NAPFIRE_AMMO_ROUNDSHOT; ammo <= NAPFIRE_AMMO_CANISTER; ammo++)
            for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++)
                /* canister is read only at canister range (F-ART-1) */
                for (int32_t col = 0; col < 9 && (ammo == 0 || band == NAPFIRE_BAND_CANISTER); col++)
                    bad |= napfire_rules_set_artillery(r, gun, ammo, band, col,
                                                       gun + ammo * 4 + (4 - band) * 2 + col) != NAPFIRE_OK;
    }
    for (int32_t id = NAPFIRE_MOD_COLUMN; id <= NAPFIRE_MOD_BUILDINGS; id++)
        bad |= napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, id, 0, id % 3 - 1) != NAPFIRE_OK;
    bad |= napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 0, -1) != NAPFIRE_OK;
    bad |= napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COLUMN, 1, 2) != NAPFIRE_OK;
    bad |= napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COVER, 1, -1) != NAPFIRE_OK;
    bad |= napfire_rules_set_provenance(r, NAPFIRE_PROVENANCE_NAME, "MADE-UP test data, not from any rulebook") !=
           NAPFIRE_OK;
    return bad ? -1 : 0;
}

/* A small battlefield: mostly clear, some woods, towns, slopes on three
 * levels, and units of both sides, some routed. */
static void make_map(void) {
    for (size_t i = 0; i < NELEM(grid); i++) {
        uint32_t t = lcg() % 20;
        napfire_hex_info *c = &grid[i];
        memset(c, 0, sizeof *c);
        c->elevation = (int32_t)(lcg() % 3);
        c->terrain = t < 16   ? NAPFIRE_TERRAIN_CLEAR
                     : t < 17 ? NAPFIRE_TERRAIN_BLOCKING
                     : t < 18 ? NAPFIRE_TERRAIN_TOWN
                              : NAPFIRE_TERRAIN_SLOPE;
        t = lcg() % 40;
        if (t < 2) {
            c->presence = NAPFIRE_PRESENCE_COMBAT;
            c->unit_side = 1 + (int32_t)(lcg() % 2);
        } else if (t < 3) {
            c->presence = NAPFIRE_PRESENCE_ROUTED;
        }
    }
}

/* Firer and target anywhere on the map or just off it (off-map hexes are
 * clear ground for both map forms). */
static int make_queries(void) {
    for (size_t i = 0; i < NPAIRS; i++) {
        napfire_los_query *q = &queries[i];
        memset(q, 0, sizeof *q);
        for (int tries = 0; tries < 100; tries++) {
            if (napfire_hex_from_offset(GRID_LAYOUT, (int32_t)(lcg() % (GRID_COLS + 4)) - 2,
                                        (int32_t)(lcg() % (GRID_ROWS + 4)) - 2, &q->firer) != NAPFIRE_OK ||
                napfire_hex_from_offset(GRID_LAYOUT, (int32_t)(lcg() % (GRID_COLS + 4)) - 2,
                                        (int32_t)(lcg() % (GRID_ROWS + 4)) - 2, &q->target) != NAPFIRE_OK)
                return -1;
            if (q->firer.q != q->target.q || q->firer.r != q->target.r)
                break;
        }
        if (q->firer.q == q->target.q && q->firer.r == q->target.r)
            return -1;
        q->front_mask = lcg() % 2 ? 0x3Fu : (lcg() % 63u) + 1u;
        q->firer_side = 1;
        q->target_side = 2;
        q->policy = lcg() % 4 == 0 ? (uint32_t)NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE : 0u;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* One function per call, used alike for the expected answers and by the
 * threads, so both sides do exactly the same thing. */

static void answer_resolve(const napfire_shot *s, const napfire_rules *r, int32_t roll, int32_t half_die,
                           struct resolve_answer *a) {
    memset(a, 0, sizeof *a);
    a->status = napfire_shot_resolve(s, r, roll, half_die, &a->res);
}

static void answer_mods(const napfire_shot *s, const napfire_rules *r, struct mods_answer *a) {
    size_t count = 0;
    memset(a, 0, sizeof *a);
    a->status = napfire_shot_modifiers(s, r, a->items, NMODS, &count, &a->net);
    a->count = count;
}

static void answer_dist(const napfire_shot *s, const napfire_rules *r, struct dist_answer *a) {
    size_t count = 0;
    memset(a, 0, sizeof *a);
    a->status = napfire_shot_distribution(s, r, a->outcomes, NOUTCOMES, &count, &a->verdict);
    a->count = count;
}

static void answer_expected(const napfire_shot *s, const napfire_rules *r, struct expected_answer *a) {
    memset(a, 0, sizeof *a);
    a->status = napfire_shot_expected(s, r, &a->numerator, &a->denominator, &a->value);
}

struct measure_answer {
    int status;
    size_t count;
    napfire_measured facts[NAPFIRE_MEASURED_MAX];
    napfire_shot shot;
};
static struct measure_answer exp_measure[NSCENES][NRULES];

/* Scene i measured into a copy of an artillery shot. */
static void answer_measure(size_t i, const napfire_rules *r, struct measure_answer *a) {
    memset(a, 0, sizeof *a);
    a->shot = shots[NMUSKETRY + i % (NSHOTS - NMUSKETRY)];
    const napfire_footprint *f = scenes[i];
    napfire_scene sc = {&f[0], &f[1], NULL, &f[2], 3, &f[5], 2};
    a->status = napfire_shot_measure(&a->shot, r, &sc, a->facts, NAPFIRE_MEASURED_MAX, &a->count);
}

static void answer_batch(const napfire_rules *r, struct batch_answer *a) {
    memset(a, 0, sizeof *a);
    a->status = napfire_resolve_many(batch_shots, BATCH, r, batch_rolls, batch_half, a->results, a->statuses);
}

/* The callback map: the same grid, looked up through offsets. ctx is the
 * calling thread's own counter; the grid itself is only read. */
struct map_ctx {
    uint64_t calls;
};

static int map_fn(void *ctx, napfire_hex h, napfire_hex_info *out) {
    struct map_ctx *m = ctx;
    int32_t col, row;
    m->calls++;
    if (napfire_hex_to_offset(h, GRID_LAYOUT, &col, &row) != NAPFIRE_OK)
        return 99;
    if (col >= 0 && col < GRID_COLS && row >= 0 && row < GRID_ROWS)
        *out = grid[row * GRID_COLS + col];
    return 0;
}

static void answer_los(const napfire_los_query *q, struct map_ctx *m, struct los_answer *a) {
    memset(a, 0, sizeof *a);
    a->grid_status = napfire_los_grid(q, GRID_LAYOUT, GRID_COLS, GRID_ROWS, grid, &a->grid);
    a->callback_status = napfire_los_callback(q, map_fn, m, &a->callback);
}

static void answer_trace(const napfire_los_query *q, struct trace_answer *a) {
    size_t count = 0;
    napfire_trace it;
    memset(a, 0, sizeof *a);
    a->status = napfire_trace_steps(q->firer, q->target, a->steps, MAX_STEPS, &count);
    a->count = count;
    a->iter_status = napfire_trace_init(&it, sizeof it, q->firer, q->target);
    for (size_t i = 0; a->iter_status == NAPFIRE_OK && i < MAX_STEPS; i++) {
        int32_t more = 0;
        a->iter_status = napfire_trace_next(&it, &a->iter_steps[i], &more);
        if (!more)
            break;
        a->iter_count++;
    }
}

static void answer_dice(int32_t out[NDICE]) {
    napfire_dice d;
    memset(out, 0, NDICE * sizeof out[0]);
    if (napfire_dice_init(&d, sizeof d, 42, 54) != NAPFIRE_OK)
        return;
    for (size_t i = 0; i < NDICE; i++)
        if (napfire_dice_2d6(&d, &out[i]) != NAPFIRE_OK)
            return;
}

/* ------------------------------------------------------------------ */
/* Threads */

struct worker {
    pthread_t thread;
    int32_t id;
    uint64_t calls, mismatches;
    struct map_ctx map;
    struct batch_answer batch; /* too big for a thread's stack under TSan */
    char text[TEXT_CAP];
    napfire_rules parsed;
};
static struct worker workers[NTHREADS];

static void mismatch(struct worker *w, const char *what, size_t index, int32_t pass) {
    w->mismatches++;
    if (w->mismatches <= MAX_REPORTS)
        fprintf(stderr, "thread %d pass %d: %s #%zu differs from the single-threaded answer\n", (int)w->id, (int)pass,
                what, index);
}

static void check_shots(struct worker *w, int32_t pass) {
    /* Each thread starts elsewhere in the same work, so at any moment the
     * threads are on different shots and rules, yet every thread does
     * every item. */
    size_t start = (size_t)w->id * NSHOTS / NTHREADS + (size_t)pass;
    for (size_t j = 0; j < NSHOTS; j++) {
        size_t i = (start + j) % NSHOTS;
        for (size_t k0 = 0; k0 < NRULES; k0++) {
            size_t k = (k0 + (size_t)w->id) % NRULES;
            const napfire_rules *r = rules_list[k];
            for (size_t roll = 0; roll < NROLLS; roll++)
                for (size_t h = 0; h < NHALF; h++) {
                    struct resolve_answer a;
                    answer_resolve(&shots[i], r, (int32_t)roll + 2, half_dice[h], &a);
                    w->calls++;
                    if (memcmp(&a, &exp_resolve[i][k][roll][h], sizeof a) != 0)
                        mismatch(w, "napfire_shot_resolve of shot", i, pass);
                }
            struct mods_answer m;
            answer_mods(&shots[i], r, &m);
            if (memcmp(&m, &exp_mods[i][k], sizeof m) != 0)
                mismatch(w, "napfire_shot_modifiers of shot", i, pass);
            struct dist_answer d;
            answer_dist(&shots[i], r, &d);
            if (memcmp(&d, &exp_dist[i][k], sizeof d) != 0)
                mismatch(w, "napfire_shot_distribution of shot", i, pass);
            struct expected_answer e;
            answer_expected(&shots[i], r, &e);
            if (memcmp(&e, &exp_expected[i][k], sizeof e) != 0)
                mismatch(w, "napfire_shot_expected of shot", i, pass);
            w->calls += 3;
        }
    }
    for (size_t k0 = 0; k0 < NRULES; k0++) {
        size_t k = (k0 + (size_t)w->id) % NRULES;
        answer_batch(rules_list[k], &w->batch);
        w->calls++;
        if (memcmp(&w->batch, &exp_batch[k], sizeof w->batch) != 0)
            mismatch(w, "napfire_resolve_many with rules", k, pass);
    }
}

static void check_hexes(struct worker *w, int32_t pass) {
    size_t start = (size_t)w->id * NPAIRS / NTHREADS + (size_t)pass;
    for (size_t j = 0; j < NPAIRS; j++) {
        size_t i = (start + j) % NPAIRS;
        struct los_answer l;
        struct trace_answer t;
        answer_los(&queries[i], &w->map, &l);
        if (memcmp(&l, &exp_los[i], sizeof l) != 0)
            mismatch(w, "line of sight of pair", i, pass);
        answer_trace(&queries[i], &t);
        if (memcmp(&t, &exp_trace[i], sizeof t) != 0)
            mismatch(w, "trace of pair", i, pass);
        w->calls += 4;
    }
}

static void check_table(struct worker *w, int32_t pass) {
    for (size_t j = 0; j < NSCENES; j++) {
        size_t i = (j + (size_t)w->id + (size_t)pass) % NSCENES;
        for (size_t k = 0; k < NRULES; k++) {
            struct measure_answer a;
            answer_measure(i, rules_list[k], &a);
            w->calls++;
            if (memcmp(&a, &exp_measure[i][k], sizeof a) != 0)
                mismatch(w, "napfire_shot_measure of scene", i, pass);
        }
    }
}

static void check_text_and_dice(struct worker *w, int32_t pass) {
    size_t len = 0;
    napfire_parse_error err;
    int32_t dice[NDICE];
    memset(w->text, 0, sizeof w->text);
    if (napfire_rules_format(rules_list[1], w->text, sizeof w->text, &len) != NAPFIRE_OK || len != len_builtin ||
        memcmp(w->text, text_builtin, len) != 0)
        mismatch(w, "napfire_rules_format of rules", 1, pass);
    /* Parse the shared text into this thread's own object and write it
     * back out: the made-up rules must survive the round trip. */
    memset(&err, 0, sizeof err);
    if (napfire_rules_init(&w->parsed, sizeof w->parsed) != NAPFIRE_OK ||
        napfire_rules_parse(&w->parsed, text_made_up, len_made_up, &err) != NAPFIRE_OK ||
        napfire_rules_format(&w->parsed, w->text, sizeof w->text, &len) != NAPFIRE_OK || len != len_made_up ||
        memcmp(w->text, text_made_up, len) != 0)
        mismatch(w, "napfire_rules_parse then format of rules", 2, pass);
    answer_dice(dice);
    if (memcmp(dice, exp_dice, sizeof dice) != 0)
        mismatch(w, "dice sequence", 0, pass);
    w->calls += 5;
}

static void *worker_main(void *arg) {
    struct worker *w = arg;
    /* All four threads leave together, so their work overlaps. */
    int rc = pthread_barrier_wait(&start_line);
    if (rc != 0 && rc != PTHREAD_BARRIER_SERIAL_THREAD) {
        w->mismatches++;
        return NULL;
    }
    for (int32_t pass = 0; pass < passes; pass++) {
        /* Vary which kind of work runs first, so every pairing of calls
         * happens at the same time somewhere. */
        switch ((pass + w->id) % 3) {
            case 0:
                check_table(w, pass);
                check_shots(w, pass);
                check_hexes(w, pass);
                check_text_and_dice(w, pass);
                break;
            case 1:
                check_hexes(w, pass);
                check_table(w, pass);
                check_text_and_dice(w, pass);
                check_shots(w, pass);
                break;
            default:
                check_text_and_dice(w, pass);
                check_table(w, pass);
                check_shots(w, pass);
                check_hexes(w, pass);
                break;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------ */

/* An axis-aligned footprint facing +y (up) or -y. */
static napfire_footprint box(int32_t x, int32_t y, int32_t w, int32_t d, int facing_up) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    napfire_point fl = {x, y + d}, fr = {x + w, y + d}, rr = {x + w, y}, rl = {x, y};
    napfire_point dl = {x + w, y}, dr = {x, y}, dr2 = {x, y + d}, dl2 = {x + w, y + d};
    f.corner[0] = facing_up ? fl : dl;
    f.corner[1] = facing_up ? fr : dr;
    f.corner[2] = facing_up ? rr : dr2;
    f.corner[3] = facing_up ? rl : dl2;
    return f;
}

static int32_t between(int32_t lo, int32_t hi) {
    return lo + (int32_t)(lcg() % (uint32_t)(hi - lo + 1));
}

static void make_scenes(void) {
    for (size_t i = 0; i < NSCENES; i++) {
        napfire_footprint *f = scenes[i];
        f[0] = box(-60, -40, 120, 40, 1);
        f[0].level = between(0, 2);
        int32_t ty = between(100, 700);
        f[1] = box(between(-200, 100), ty, between(60, 300), 20, 0);
        for (int k = 2; k < 5; k++) {
            f[k] = box(between(-200, 200), between(0, ty + 100), between(20, 80), between(20, 80), 1);
            f[k].level = between(0, 1);
        }
        for (int k = 5; k < 7; k++)
            f[k] = box(between(-300, 300), between(0, 700), 50, 30, 1);
    }
}

static int prepare(void) {
    if (napfire_rules_init(&builtin_rules, sizeof builtin_rules) != NAPFIRE_OK)
        return -1;
    if (make_made_up_rules(&made_up_rules) != 0) {
        fprintf(stderr, "made-up rules refused by the setters\n");
        return -1;
    }
    rules_list[0] = NULL;
    rules_list[1] = &builtin_rules;
    rules_list[2] = &made_up_rules;
    for (size_t i = 0; i < NSHOTS; i++)
        if ((i < NMUSKETRY ? make_musketry_shot(&shots[i]) : make_artillery_shot(&shots[i])) != 0)
            return -1;
    for (size_t i = 0; i < BATCH; i++) {
        batch_shots[i] = shots[i / NROLLS];
        batch_rolls[i] = (int32_t)(i % NROLLS) + 2;
        batch_half[i] = half_dice[(i / NROLLS) % NHALF];
    }
    make_map();
    make_scenes();
    if (make_queries() != 0)
        return -1;
    if (napfire_rules_format(rules_list[1], text_builtin, TEXT_CAP, &len_builtin) != NAPFIRE_OK ||
        napfire_rules_format(rules_list[2], text_made_up, TEXT_CAP, &len_made_up) != NAPFIRE_OK) {
        fprintf(stderr, "rules text does not fit %d bytes\n", TEXT_CAP);
        return -1;
    }
    return 0;
}

/* Single-threaded answers, with sanity checks that the workload really
 * reaches the successful arithmetic paths and not only EUNKNOWN. */
static int expect(void) {
    int bad = 0;
    unsigned ok_musketry = 0, ok_artillery = 0, permitted = 0, ok_dist = 0, clear = 0, blocked = 0;
    for (size_t i = 0; i < NSHOTS; i++)
        for (size_t k = 0; k < NRULES; k++) {
            for (size_t roll = 0; roll < NROLLS; roll++)
                for (size_t h = 0; h < NHALF; h++) {
                    struct resolve_answer *a = &exp_resolve[i][k][roll][h];
                    answer_resolve(&shots[i], rules_list[k], (int32_t)roll + 2, half_dice[h], a);
                    if (a->status == NAPFIRE_OK) {
                        if (i < NMUSKETRY)
                            ok_musketry++;
                        else
                            ok_artillery++;
                        permitted += a->res.permitted == 1;
                    }
                }
            answer_mods(&shots[i], rules_list[k], &exp_mods[i][k]);
            answer_dist(&shots[i], rules_list[k], &exp_dist[i][k]);
            answer_expected(&shots[i], rules_list[k], &exp_expected[i][k]);
            ok_dist += exp_dist[i][k].status == NAPFIRE_OK && exp_dist[i][k].count > 1;
        }
    for (size_t k = 0; k < NRULES; k++) {
        answer_batch(rules_list[k], &exp_batch[k]);
        bad |= exp_batch[k].status != NAPFIRE_OK;
        /* napfire_resolve_many is documented as the single calls. */
        for (size_t i = 0; i < BATCH; i++) {
            const struct resolve_answer *one = &exp_resolve[i / NROLLS][k][i % NROLLS][(i / NROLLS) % NHALF];
            if (exp_batch[k].statuses[i] != one->status ||
                memcmp(&exp_batch[k].results[i], &one->res, sizeof one->res) != 0) {
                fprintf(stderr, "resolve_many element %zu (rules %zu) differs from resolve\n", i, k);
                bad = 1;
            }
        }
    }
    for (size_t i = 0; i < NPAIRS; i++) {
        struct map_ctx m = {0};
        struct los_answer *l = &exp_los[i];
        answer_los(&queries[i], &m, l);
        answer_trace(&queries[i], &exp_trace[i]);
        /* The two map forms describe the same map, so must agree. */
        if (l->grid_status != NAPFIRE_OK || l->callback_status != NAPFIRE_OK ||
            memcmp(&l->grid, &l->callback, sizeof l->grid) != 0) {
            fprintf(stderr, "pair %zu: grid and callback line of sight disagree\n", i);
            bad = 1;
        }
        clear += l->grid.clear == 1;
        blocked += l->grid.clear == 0;
        const struct trace_answer *t = &exp_trace[i];
        if (t->status != NAPFIRE_OK || t->iter_status != NAPFIRE_OK || t->count != t->iter_count ||
            memcmp(t->steps, t->iter_steps, sizeof t->steps) != 0) {
            fprintf(stderr, "pair %zu: trace iterator and trace_steps disagree\n", i);
            bad = 1;
        }
    }
    unsigned measured = 0;
    for (size_t i = 0; i < NSCENES; i++)
        for (size_t k = 0; k < NRULES; k++) {
            answer_measure(i, rules_list[k], &exp_measure[i][k]);
            measured += exp_measure[i][k].status == NAPFIRE_OK;
        }
    if (measured == 0) {
        fprintf(stderr, "no scene measured: adjust the scenes\n");
        bad = 1;
    }
    answer_dice(exp_dice);
    printf("expected answers: %u musketry and %u artillery resolves OK (%u permitted), "
           "%u non-trivial distributions, lines of sight %u clear / %u blocked\n",
           ok_musketry, ok_artillery, permitted, ok_dist, clear, blocked);
    if (ok_musketry == 0 || ok_artillery == 0 || permitted == 0 || ok_dist == 0 || clear == 0 || blocked == 0) {
        fprintf(stderr, "the workload misses a successful path: adjust the inputs\n");
        bad = 1;
    }
    return bad ? -1 : 0;
}

int main(void) {
    const char *env = getenv("NAPFIRE_THREADS_PASSES");
    if (env && *env) {
        char *end = NULL;
        long v = strtol(env, &end, 10);
        if (*end != '\0' || v < 1 || v > MAX_PASSES) {
            fprintf(stderr, "NAPFIRE_THREADS_PASSES must be 1..%d\n", MAX_PASSES);
            return 1;
        }
        passes = (int32_t)v;
    }
    if (prepare() != 0 || expect() != 0)
        return 1;

    if (pthread_barrier_init(&start_line, NULL, NTHREADS) != 0)
        return 1;
    int started = 0;
    for (int i = 0; i < NTHREADS; i++) {
        workers[i].id = i;
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            /* The barrier would wait forever for the missing thread. */
            return 1;
        }
        started++;
    }
    uint64_t calls = 0, mismatches = 0;
    for (int i = 0; i < started; i++) {
        if (pthread_join(workers[i].thread, NULL) != 0)
            return 1;
        calls += workers[i].calls;
        mismatches += workers[i].mismatches;
        printf("thread %d: %llu calls, %llu callback map lookups, %llu mismatches\n", i,
               (unsigned long long)workers[i].calls, (unsigned long long)workers[i].map.calls,
               (unsigned long long)workers[i].mismatches);
    }
    pthread_barrier_destroy(&start_line);
    printf("%d threads x %d passes: %llu calls, %llu mismatches\n", NTHREADS, (int)passes, (unsigned long long)calls,
           (unsigned long long)mismatches);
    return mismatches == 0 ? 0 : 1;
}
