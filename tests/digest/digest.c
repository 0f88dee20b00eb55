/* SPDX-License-Identifier: MIT */
/* The golden digest: a fixed, seeded workload played through the public
 * API, every result hashed into one number that must be the same on every
 * machine (doc/hardening.md "The same answer on every machine").
 *
 *   digest            prints `digest HEX` and each section's hash
 *   digest HEX        the same, and exits 1 unless the digest is HEX
 *
 * The hash is FNV-1a 64 (offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3) over the results field by field, each integer as its
 * bytes from the least significant up (a uint64 as 8 bytes, a status or
 * int32 field as 4, a byte as 1), a text as its length (4 bytes) and its
 * bytes: never a struct's raw memory, whose padding and byte order are the
 * machine's. Each section hashes on its own; the digest hashes the
 * sections' hashes in order. So a difference names its section.
 *
 * The workload's parameters come from SplitMix64 (below), seeded per
 * section, never from the library: a generator fault shows in the dice
 * section, not everywhere. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "napfire_table.h"

struct embedded_text {
    const char *name;
    const unsigned char *bytes;
    size_t len;
};
#include "digest_texts.h"

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static void h_u8(uint64_t *h, unsigned v) {
    *h = (*h ^ (v & 0xffu)) * FNV_PRIME;
}

static void h_u32(uint64_t *h, uint32_t v) {
    for (int i = 0; i < 4; i++)
        h_u8(h, (unsigned)(v >> (8 * i)));
}

static void h_i32(uint64_t *h, int32_t v) {
    h_u32(h, (uint32_t)v);
}

static void h_u64(uint64_t *h, uint64_t v) {
    for (int i = 0; i < 8; i++)
        h_u8(h, (unsigned)(v >> (8 * i)));
}

static void h_text(uint64_t *h, const char *s, size_t len) {
    h_u32(h, (uint32_t)len);
    for (size_t i = 0; i < len; i++)
        h_u8(h, (unsigned char)s[i]);
}

/* SplitMix64 (Steele, Lea, Flood): the workload's own parameters. */
static uint64_t mix_next(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A value in lo..hi (hi - lo below 2^32). */
static int32_t mix_in(uint64_t *s, int32_t lo, int32_t hi) {
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1u;
    return (int32_t)((int64_t)lo + (int64_t)(mix_next(s) % span));
}

static void h_result(uint64_t *h, const napfire_result *r) {
    const int32_t f[] = {r->permitted,
                         r->reason,
                         (int32_t)r->reasons,
                         r->band,
                         r->net_modifier,
                         r->modified_roll,
                         r->row,
                         r->column,
                         r->table_halves,
                         r->halves,
                         r->half_die_used,
                         r->half_pending,
                         r->casualties,
                         r->target_casualties,
                         r->screen_casualties,
                         r->missing};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        h_i32(h, f[i]);
    for (int i = 0; i < 4; i++)
        h_i32(h, r->missing_index[i]);
    for (int i = 0; i < 12; i++)
        h_i32(h, r->reserved[i]);
}

/* ------------------------------------------------------------------ */
/* Rules: the made-up complete rules the shots use, and every rules text's
 * parse, format, unknowns, check findings and coverage. */

static napfire_rules made_up; /* tests/data/synthetic.txt over the built-in data */

static const struct embedded_text *text_named(const char *name) {
    for (size_t i = 0; i < sizeof embedded_texts / sizeof embedded_texts[0]; i++)
        if (strcmp(embedded_texts[i].name, name) == 0)
            return &embedded_texts[i];
    return NULL;
}

static int parse_text(napfire_rules *r, const struct embedded_text *t, uint64_t *h) {
    napfire_parse_error err;
    memset(&err, 0, sizeof err);
    if (napfire_rules_init(r, sizeof *r) != NAPFIRE_OK)
        return -1;
    int st = napfire_rules_parse(r, (const char *)t->bytes, t->len, &err);
    h_i32(h, st);
    h_i32(h, err.line);
    h_i32(h, err.column);
    h_i32(h, err.code);
    h_text(h, err.message, strlen(err.message));
    return st;
}

static char text_buf[65536];

static void hash_rules_format(const napfire_rules *r, uint64_t *h) {
    size_t len = 0;
    int st = napfire_rules_format(r, text_buf, sizeof text_buf, &len);
    h_i32(h, st);
    if (st == NAPFIRE_OK)
        h_text(h, text_buf, len);
}

static void hash_rules_unknowns(const napfire_rules *r, uint64_t *h) {
    int32_t cursor = 0, missing = 0, index[4];
    for (int guard = 0; guard < 4096; guard++) {
        int st = napfire_rules_next_unknown(r, &cursor, &missing, index);
        h_i32(h, st);
        h_i32(h, missing);
        for (int i = 0; i < 4; i++)
            h_i32(h, index[i]);
        if (st != NAPFIRE_OK || missing == NAPFIRE_MISSING_NONE)
            return;
        char line[256];
        size_t len = 0;
        for (int32_t style = NAPFIRE_DESCRIBE_PATCH; style <= NAPFIRE_DESCRIBE_SENTENCE; style++) {
            h_i32(h, napfire_missing_describe(missing, index, style, line, sizeof line, &len));
            h_text(h, line, len);
        }
    }
}

static void hash_rules_checks(const napfire_rules *r, uint64_t *h) {
    int32_t cursor = 0, check = 0, missing = 0, index[4];
    char msg[256];
    for (int guard = 0; guard < 4096; guard++) {
        size_t len = 0;
        int st = napfire_rules_check_next(r, &cursor, &check, &missing, index, msg, sizeof msg, &len);
        h_i32(h, st);
        h_i32(h, check);
        h_i32(h, missing);
        for (int i = 0; i < 4; i++)
            h_i32(h, index[i]);
        h_text(h, msg, st == NAPFIRE_OK ? len : 0);
        if (st != NAPFIRE_OK || check == NAPFIRE_CHECK_NONE)
            return;
    }
}

static void hash_rules_coverage(const napfire_rules *r, uint64_t *h) {
    static napfire_blocker blockers[NAPFIRE_COVERAGE_BLOCKERS_MAX];
    int32_t shots[2] = {0, 0}, resolved[2] = {0, 0};
    size_t count = 0;
    h_i32(h, napfire_rules_coverage(r, shots, resolved, blockers, NAPFIRE_COVERAGE_BLOCKERS_MAX, &count));
    h_i32(h, shots[0]);
    h_i32(h, shots[1]);
    h_i32(h, resolved[0]);
    h_i32(h, resolved[1]);
    h_u32(h, (uint32_t)count);
    for (size_t i = 0; i < count; i++) {
        h_i32(h, blockers[i].missing);
        for (int j = 0; j < 4; j++)
            h_i32(h, blockers[i].index[j]);
        h_i32(h, blockers[i].shots);
    }
}

static void section_rules(uint64_t *h) {
    static napfire_rules r;
    hash_rules_format(NULL, h);
    hash_rules_checks(NULL, h);
    for (size_t i = 0; i < sizeof embedded_texts / sizeof embedded_texts[0]; i++) {
        h_text(h, embedded_texts[i].name, strlen(embedded_texts[i].name));
        if (parse_text(&r, &embedded_texts[i], h) != NAPFIRE_OK)
            continue;
        hash_rules_format(&r, h);
        hash_rules_unknowns(&r, h);
        hash_rules_checks(&r, h);
        hash_rules_coverage(&r, h);
    }
}

/* ------------------------------------------------------------------ */
/* Shots: a fixed spread of firers, targets and shot facts, each setter's
 * status hashed (the refusals are results too). */

#define NSHOTS 512
static napfire_shot shots[NSHOTS];

static void make_unit(napfire_unit *u, uint64_t *s, uint64_t *h) {
    h_i32(h, napfire_unit_init(u, sizeof *u, mix_in(s, 0, 4)));
    h_i32(h, napfire_unit_set(u, NAPFIRE_UNIT_FIGURES, mix_in(s, 0, 60)));
    for (int32_t p = NAPFIRE_UNIT_NATION; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
        int32_t lo = 0, hi = 0;
        if (p == NAPFIRE_UNIT_FIGURES || mix_in(s, 0, 2) != 0)
            continue;
        h_i32(h, napfire_param_bounds(p, &lo, &hi));
        h_i32(h, napfire_unit_set(u, p, mix_in(s, lo, hi)));
    }
}

static int32_t shot_value(int32_t p, uint64_t *s) {
    int32_t lo = 0, hi = 0;
    (void)napfire_param_bounds(p, &lo, &hi);
    switch (p) {
        case NAPFIRE_SHOT_DISTANCE:
        case NAPFIRE_SHOT_SCREEN_DISTANCE:
        case NAPFIRE_SHOT_FRIEND_NEAR_TARGET:
        case NAPFIRE_SHOT_FRIEND_NEAR_BATTERY:
        case NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS:
        case NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY:
        case NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY:
            return mix_in(s, lo, lo + 1600); /* the bands' scale, mm or tenths */
        case NAPFIRE_SHOT_FIRING_FIGURES:
            return mix_in(s, 0, 40);
        default:
            return mix_in(s, lo, hi);
    }
}

static void make_shot(napfire_shot *shot, uint64_t *s, uint64_t *h) {
    napfire_unit firer, target;
    make_unit(&firer, s, h);
    make_unit(&target, s, h);
    h_i32(h, napfire_shot_init(shot, sizeof *shot, &firer, &target));
    h_i32(h, napfire_shot_set(shot, NAPFIRE_SHOT_DISTANCE, shot_value(NAPFIRE_SHOT_DISTANCE, s)));
    for (int32_t p = NAPFIRE_SHOT_MEASURE; p <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY; p++) {
        if (p == NAPFIRE_SHOT_DISTANCE || mix_in(s, 0, 3) != 0)
            continue;
        h_i32(h, napfire_shot_set(shot, p, shot_value(p, s)));
    }
    for (int32_t p = NAPFIRE_SHOT_MEASURE; p <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY; p++) {
        int32_t v = 0;
        h_i32(h, napfire_shot_get(shot, p, &v));
        h_i32(h, v);
    }
}

/* The trials: the same count on every machine (emulated runs included). */
#define TRIALS 1000000u
#define CHUNK 8192u
#define TRIAL_SHOTS 96u

static uint32_t trial_index[CHUNK];
static int32_t trial_status[CHUNK], trial_casualties[CHUNK], trial_rolls[CHUNK], trial_dice[CHUNK];
static napfire_result trial_results[CHUNK];
static napfire_shot trial_shots[CHUNK];

static napfire_shot trial_set[TRIAL_SHOTS];

/* Shots a game plays: infantry and artillery fire within their bands, so
 * that most trials resolve and inflict casualties. */
static void make_trial_shot(napfire_shot *shot, uint64_t *s, uint64_t *h) {
    static const int32_t arms[] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_ARM_FOOT_ARTILLERY,
                                   NAPFIRE_ARM_HORSE_ARTILLERY};
    napfire_unit firer, target;
    int32_t arm = arms[mix_in(s, 0, 3)];
    int guns = arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
    h_i32(h, napfire_unit_init(&firer, sizeof firer, arm));
    h_i32(h, napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, guns ? mix_in(s, 1, 8) : mix_in(s, 6, 48)));
    h_i32(h, napfire_unit_set(&firer, NAPFIRE_UNIT_CLASS, mix_in(s, 0, 6)));
    h_i32(h, napfire_unit_set(&firer, guns ? NAPFIRE_UNIT_GUN : NAPFIRE_UNIT_WEAPON, mix_in(s, 0, guns ? 4 : 2)));
    h_i32(h, napfire_unit_init(&target, sizeof target, mix_in(s, 0, 3)));
    h_i32(h, napfire_unit_set(&target, NAPFIRE_UNIT_FIGURES, mix_in(s, 4, 40)));
    h_i32(h, napfire_unit_set(&target, NAPFIRE_UNIT_FORMATION, mix_in(s, 0, 6)));
    h_i32(h, napfire_unit_set(&target, NAPFIRE_UNIT_COVER, mix_in(s, 0, 3)));
    h_i32(h, napfire_shot_init(shot, sizeof *shot, &firer, &target));
    h_i32(h, napfire_shot_set(shot, NAPFIRE_SHOT_DISTANCE, guns ? mix_in(s, 0, 1400) : mix_in(s, 0, 260)));
    h_i32(h, napfire_shot_set(shot, NAPFIRE_SHOT_ENFILADE, mix_in(s, 0, 1)));
    h_i32(h, napfire_shot_set(shot, NAPFIRE_SHOT_EXTRA_MODIFIER, mix_in(s, -2, 2)));
    if (guns)
        h_i32(h, napfire_shot_set(shot, NAPFIRE_SHOT_AMMO, mix_in(s, 0, 1)));
}

static void section_shots(uint64_t *h) {
    uint64_t s = 1;
    for (size_t i = 0; i < NSHOTS; i++)
        make_shot(&shots[i], &s, h);
    for (size_t i = 0; i < TRIAL_SHOTS; i++)
        make_trial_shot(&trial_set[i], &s, h);
}

/* Every roll and half die of each shot, its building blocks, and its exact
 * distributions: with the built-in data (unknown cells) and the made-up
 * complete rules. */
static void hash_shot_blocks(const napfire_shot *shot, const napfire_rules *r, uint64_t *h) {
    napfire_modifier items[24];
    size_t count = 0;
    int32_t band = -9, net = -99, row = -9, col = -9, halves = -9;
    h_i32(h, napfire_shot_band(shot, r, &band));
    h_i32(h, band);
    h_i32(h, napfire_shot_modifiers(shot, r, items, 24, &count, &net));
    h_u32(h, (uint32_t)count);
    h_i32(h, net);
    for (size_t i = 0; i < count && i < 24; i++) {
        h_i32(h, items[i].id);
        h_i32(h, items[i].value);
        h_i32(h, items[i].applied);
        h_i32(h, items[i].suppressed_by);
    }
    for (int32_t roll = -1; roll <= 20; roll += 3) {
        h_i32(h, napfire_shot_table(shot, r, roll, &row, &col, &halves));
        h_i32(h, row);
        h_i32(h, col);
        h_i32(h, halves);
    }
}

static void hash_outcomes(const napfire_outcome *o, size_t n, uint64_t *h) {
    h_u32(h, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        h_i32(h, o[i].target_casualties);
        h_i32(h, o[i].screen_casualties);
        h_i32(h, o[i].weight);
        h_i32(h, o[i].reserved);
    }
}

static void hash_distributions(const napfire_shot *shot, const napfire_rules *r, uint64_t *h) {
    napfire_outcome o[256];
    napfire_result verdict;
    size_t count = 0;
    int32_t unknown = -1, num = -1, den = -1;
    double value = -1.0;
    uint64_t bits;
    memset(&verdict, 0, sizeof verdict);
    int st = napfire_shot_distribution(shot, r, o, 256, &count, &verdict);
    h_i32(h, st);
    if (st == NAPFIRE_OK)
        hash_outcomes(o, count, h);
    if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN)
        h_result(h, &verdict);
    st = napfire_shot_distribution_known(shot, r, o, 256, &count, &unknown, &verdict);
    h_i32(h, st);
    if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN) {
        hash_outcomes(o, count, h);
        h_i32(h, unknown);
        h_result(h, &verdict);
    }
    st = napfire_shot_expected(shot, r, &num, &den, &value);
    h_i32(h, st);
    memcpy(&bits, &value, sizeof bits); /* IEEE binary64 of a correctly rounded quotient */
    h_i32(h, num);
    h_i32(h, den);
    h_u64(h, st == NAPFIRE_OK ? bits : 0);
}

static void hash_resolutions(const napfire_shot *shot, const napfire_rules *r, uint64_t *h) {
    for (int32_t roll = 2; roll <= 12; roll++)
        for (int32_t die = 0; die <= 6; die++) {
            napfire_result res;
            memset(&res, 0x5a, sizeof res);
            int st = napfire_shot_resolve(shot, r, roll, die, &res);
            h_i32(h, st);
            if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN)
                h_result(h, &res);
        }
}

static void section_distributions(uint64_t *h) {
    for (size_t i = 0; i < NSHOTS + TRIAL_SHOTS; i++) {
        const napfire_shot *shot = i < NSHOTS ? &shots[i] : &trial_set[i - NSHOTS];
        const napfire_rules *rules[2] = {NULL, &made_up};
        for (int k = 0; k < 2; k++) {
            hash_shot_blocks(shot, rules[k], h);
            hash_distributions(shot, rules[k], h);
            hash_resolutions(shot, rules[k], h);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Dice and trials. */

static void section_dice(uint64_t *h) {
    static const uint64_t seeds[][2] = {
        {0, 0}, {42, 54}, {1, 1}, {UINT64_MAX, UINT64_MAX}, {UINT64_C(0x0123456789abcdef), 7}};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        napfire_dice d;
        h_i32(h, napfire_dice_init(&d, sizeof d, seeds[k][0], seeds[k][1]));
        for (int i = 0; i < 2000; i++) {
            uint32_t x = 0;
            int32_t face = 0, roll = 0;
            h_i32(h, napfire_dice_next(&d, &x));
            h_u32(h, x);
            h_i32(h, napfire_dice_d6(&d, &face));
            h_i32(h, face);
            h_i32(h, napfire_dice_2d6(&d, &roll));
            h_i32(h, roll);
        }
    }
}

static void hash_trial_chunk(size_t n, int with_results, uint64_t *h) {
    for (size_t i = 0; i < n; i++) {
        h_i32(h, trial_status[i]);
        h_i32(h, trial_casualties[i]);
        if (with_results && (trial_status[i] == NAPFIRE_OK || trial_status[i] == NAPFIRE_EUNKNOWN))
            h_result(h, &trial_results[i]);
    }
}

static void section_trials(uint64_t *h) {
    napfire_dice d;
    uint64_t s = 2;
    h_i32(h, napfire_dice_init(&d, sizeof d, 1815, 618));
    for (uint32_t done = 0; done < TRIALS; done += CHUNK) {
        size_t n = TRIALS - done < CHUNK ? TRIALS - done : CHUNK;
        for (size_t i = 0; i < n; i++)
            trial_index[i] = (uint32_t)mix_in(&s, 0, (int32_t)TRIAL_SHOTS - 1);
        int with_results = done == 0;
        h_i32(h, napfire_resolve_indexed_dice(trial_set, TRIAL_SHOTS, &made_up, trial_index, n, &d, trial_status,
                                              trial_casualties, with_results ? trial_results : NULL));
        hash_trial_chunk(n, with_results, h);
    }
    /* One chunk through the other batches: the dice batch over the same
     * shots laid out, then its reported rolls replayed. */
    for (size_t i = 0; i < CHUNK; i++)
        trial_shots[i] = trial_set[trial_index[i]];
    h_i32(h, napfire_resolve_many_dice(trial_shots, CHUNK, &made_up, &d, trial_results, trial_status, trial_rolls,
                                       trial_dice));
    for (size_t i = 0; i < CHUNK; i++) {
        h_i32(h, trial_rolls[i]);
        h_i32(h, trial_dice[i]);
    }
    hash_trial_chunk(CHUNK, 1, h);
    h_i32(h, napfire_resolve_many(trial_shots, CHUNK, &made_up, trial_rolls, trial_dice, trial_results, trial_status));
    hash_trial_chunk(CHUNK, 1, h);
    uint32_t last = 0;
    h_i32(h, napfire_dice_next(&d, &last));
    h_u32(h, last);
}

/* ------------------------------------------------------------------ */
/* Hex scale: traces of fixed lines, line of sight and field of view on
 * fixed maps of every layout. */

static void h_hex(uint64_t *h, napfire_hex x) {
    h_i32(h, x.q);
    h_i32(h, x.r);
}

static void h_step(uint64_t *h, const napfire_trace_step *st) {
    h_i32(h, st->kind);
    h_i32(h, st->side);
    h_hex(h, st->hex);
    h_hex(h, st->other);
    h_i32(h, st->from_start);
    h_i32(h, st->to_end);
}

static napfire_trace_step trace_buf[4096];

static void hash_trace(napfire_hex a, napfire_hex b, uint64_t *h) {
    size_t count = 0;
    int st = napfire_trace_steps(a, b, trace_buf, sizeof trace_buf / sizeof trace_buf[0], &count);
    h_i32(h, st);
    h_u32(h, (uint32_t)count);
    for (size_t i = 0; st == NAPFIRE_OK && i < count; i++)
        h_step(h, &trace_buf[i]);
    /* The walker gives the same steps one at a time. */
    napfire_trace it;
    int32_t more = 1;
    st = napfire_trace_init(&it, sizeof it, a, b);
    h_i32(h, st);
    for (size_t i = 0; st == NAPFIRE_OK && more && i < 4096; i++) {
        napfire_trace_step step;
        st = napfire_trace_next(&it, &step, &more);
        h_i32(h, st);
        if (st == NAPFIRE_OK)
            h_step(h, &step);
    }
}

static void section_traces(uint64_t *h) {
    const napfire_hex origin = {0, 0};
    for (int32_t q = -9; q <= 9; q++)
        for (int32_t r = -9; r <= 9; r++)
            hash_trace(origin, (napfire_hex){q, r}, h);
    static const napfire_hex far[][2] = {
        {{0, 0}, {1000, -37}},
        {{-500, 250}, {499, -251}},
        {{3, -7}, {-1200, 600}},
        {{NAPFIRE_HEX_COORD_MAX - 3, 0}, {NAPFIRE_HEX_COORD_MAX, -3}},
        {{-NAPFIRE_HEX_COORD_MAX, NAPFIRE_HEX_COORD_MAX}, {-NAPFIRE_HEX_COORD_MAX + 5, NAPFIRE_HEX_COORD_MAX - 10}},
        {{0, 0}, {NAPFIRE_HEX_COORD_MAX + 1, 0}},
    };
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
        hash_trace(far[i][0], far[i][1], h);
}

#define MAP_COLS 23
#define MAP_ROWS 17
#define FOV_RADIUS 12
static napfire_hex_info map_cells[MAP_COLS * MAP_ROWS];
static uint8_t fov_rule[MAP_COLS * MAP_ROWS];
static _Alignas(max_align_t) unsigned char fov_plan_buf[1 << 16];
static _Alignas(max_align_t) unsigned char fov_work_buf[1 << 16];

static void make_map(uint64_t *s) {
    for (size_t i = 0; i < MAP_COLS * MAP_ROWS; i++) {
        napfire_hex_info *c = &map_cells[i];
        memset(c, 0, sizeof *c);
        int32_t t = mix_in(s, 0, 15);
        c->elevation = mix_in(s, 0, 3);
        c->terrain = t < 10   ? NAPFIRE_TERRAIN_CLEAR
                     : t < 12 ? NAPFIRE_TERRAIN_BLOCKING
                     : t < 13 ? NAPFIRE_TERRAIN_TOWN
                              : NAPFIRE_TERRAIN_SLOPE;
        int32_t p = mix_in(s, 0, 11);
        c->presence = p < 8 ? NAPFIRE_PRESENCE_NONE : p - 8;
        c->unit_side = mix_in(s, 0, 1);
    }
}

static void h_los(uint64_t *h, const napfire_los_result *o) {
    const int32_t f[] = {o->clear,    o->rule,  o->cause, o->elevation, o->blocker_kind, (int32_t)o->exit_mask,
                         o->distance, o->lifted};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        h_i32(h, f[i]);
    h_hex(h, o->blocker);
    h_hex(h, o->blocker_other);
    for (int i = 0; i < 4; i++)
        h_i32(h, o->reserved[i]);
}

static void hash_map_views(int32_t layout, const napfire_los_query *q, const napfire_fov_plan *plan, uint64_t *h) {
    for (int32_t row = 0; row < MAP_ROWS; row++)
        for (int32_t col = 0; col < MAP_COLS; col++) {
            napfire_los_query t = *q;
            napfire_los_result o;
            h_i32(h, napfire_hex_from_offset(layout, col, row, &t.target));
            int st = napfire_los_grid(&t, layout, MAP_COLS, MAP_ROWS, map_cells, &o);
            h_i32(h, st);
            if (st == NAPFIRE_OK)
                h_los(h, &o);
        }
    int st =
        napfire_fov_grid(plan, fov_work_buf, sizeof fov_work_buf, q, layout, MAP_COLS, MAP_ROWS, map_cells, fov_rule);
    h_i32(h, st);
    for (size_t i = 0; st == NAPFIRE_OK && i < sizeof fov_rule; i++)
        h_u8(h, fov_rule[i]);
}

static void section_sight(uint64_t *h) {
    const napfire_fov_plan *plan = NULL;
    uint64_t s = 3;
    h_i32(h, napfire_fov_plan_init(fov_plan_buf, sizeof fov_plan_buf, FOV_RADIUS, &plan));
    if (!plan)
        return;
    for (int32_t layout = NAPFIRE_HEX_ODD_Q; layout <= NAPFIRE_HEX_EVEN_R; layout++) {
        make_map(&s);
        for (int k = 0; k < 4; k++) {
            napfire_los_query q;
            memset(&q, 0, sizeof q);
            /* One draw per statement: the order of a call's arguments is the
             * compiler's. */
            int32_t col = mix_in(&s, -1, MAP_COLS);
            int32_t row = mix_in(&s, 0, MAP_ROWS - 1);
            h_i32(h, napfire_hex_from_offset(layout, col, row, &q.firer));
            q.front_mask = k == 0 ? 0x3fu : (uint32_t)mix_in(&s, 1, 0x3f);
            q.firer_side = mix_in(&s, 0, 1);
            q.target_side = 1 - q.firer_side;
            q.policy = k == 3 ? (uint32_t)NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE : 0u;
            hash_map_views(layout, &q, plan, h);
        }
    }
}

/* The hex grid's arithmetic, facing and fire values (H-HEX, H-FACE,
 * H-FIRE), over a spread of inputs and some out of their domains. */
static void hash_grid_of(napfire_hex a, napfire_hex b, uint64_t *h) {
    napfire_hex out[2] = {{0, 0}, {0, 0}};
    int32_t v = -1, col = 0, row = 0;
    h_i32(h, napfire_hex_check(a));
    h_i32(h, napfire_hex_distance(a, b, &v));
    h_i32(h, v);
    h_i32(h, napfire_hex_side_towards(a, b, &v));
    h_i32(h, v);
    for (int32_t k = -1; k <= 6; k++) {
        h_i32(h, napfire_hex_neighbour(a, k, &out[0]));
        h_hex(h, out[0]);
        h_i32(h, napfire_hex_vertex_hexes(a, k, out));
        h_hex(h, out[0]);
        h_hex(h, out[1]);
    }
    for (int32_t layout = -1; layout <= 4; layout++) {
        h_i32(h, napfire_hex_to_offset(a, layout, &col, &row));
        h_i32(h, col);
        h_i32(h, row);
        h_i32(h, napfire_hex_from_offset(layout, b.q, b.r, &out[0]));
        h_hex(h, out[0]);
    }
}

static void section_grid(uint64_t *h) {
    uint64_t s = 4;
    for (int i = 0; i < 2000; i++) {
        int32_t lim = i % 4 == 0 ? NAPFIRE_HEX_COORD_MAX + 2 : 40;
        napfire_hex a, b;
        a.q = mix_in(&s, -lim, lim);
        a.r = mix_in(&s, -lim, lim);
        b.q = mix_in(&s, -lim, lim);
        b.r = mix_in(&s, -lim, lim);
        hash_grid_of(a, b, h);
    }
    for (int32_t formation = -1; formation <= 5; formation++)
        for (int32_t facing = -1; facing <= 6; facing++) {
            uint32_t front = 0, flank = 0, rear = 0;
            h_i32(h, napfire_hex_facing(formation, facing, &front, &flank, &rear));
            h_u32(h, front);
            h_u32(h, flank);
            h_u32(h, rear);
        }
    for (int i = 0; i < 4000; i++) {
        napfire_hex_fire f;
        int32_t value = -1, range = -1;
        memset(&f, 0, sizeof f);
        f.formation = mix_in(&s, -1, 5);
        f.increments = mix_in(&s, -1, 30);
        f.hexes = mix_in(&s, 0, 4);
        f.multiple = mix_in(&s, -1, 12);
        f.printed_value = mix_in(&s, -1, 12);
        f.stack_position = mix_in(&s, 0, 3);
        h_i32(h, napfire_hex_fire_value(&f, &value));
        h_i32(h, value);
        h_i32(h, napfire_hex_fire_range(f.formation, mix_in(&s, -1, 4), &range));
        h_i32(h, range);
    }
}

/* ------------------------------------------------------------------ */
/* The table: seeded scenes of rectangles turned every way, measured
 * (napfire_shot_measure) and resolved; refusals (overlaps, a screen the
 * target cannot have) are results too. */

#define SCENES 400
#define SCENE_FRIENDS 4
#define SCENE_OTHERS 3

/* A rectangle of half-depth d and half-width w about (cx, cy), facing
 * (fx, fy): corners front-left, front-right, rear-right, rear-left. */
static void make_footprint(napfire_footprint *f, uint64_t *s) {
    int32_t cx = mix_in(s, -3000, 3000), cy = mix_in(s, -3000, 3000);
    int32_t fx = mix_in(s, -4, 4), fy = mix_in(s, -4, 4), d = mix_in(s, 2, 12), w = mix_in(s, 4, 40);
    if (fx == 0 && fy == 0)
        fy = 1;
    const int32_t rx = fy, ry = -fx; /* the facing turned a quarter clockwise */
    const int32_t sd[4] = {1, 1, -1, -1}, sw[4] = {-1, 1, 1, -1};
    memset(f, 0, sizeof *f);
    for (int i = 0; i < 4; i++) {
        f->corner[i].x = cx + sd[i] * d * fx + sw[i] * w * rx;
        f->corner[i].y = cy + sd[i] * d * fy + sw[i] * w * ry;
    }
    f->level = mix_in(s, 0, 2);
}

static void hash_measure(napfire_shot *shot, const napfire_scene *scene, uint64_t *h) {
    napfire_measured facts[NAPFIRE_MEASURED_MAX];
    size_t count = 0;
    memset(facts, 0, sizeof facts);
    h_i32(h, napfire_shot_measure(shot, &made_up, scene, facts, NAPFIRE_MEASURED_MAX, &count));
    h_u32(h, (uint32_t)count);
    for (size_t i = 0; i < count && i < NAPFIRE_MEASURED_MAX; i++) {
        const napfire_measured *m = &facts[i];
        const int32_t fields[] = {m->param,
                                  m->value,
                                  m->decider,
                                  m->decider_index,
                                  m->rule,
                                  m->missing,
                                  m->missing_index[0],
                                  m->missing_index[1],
                                  m->missing_index[2],
                                  m->missing_index[3]};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
            h_i32(h, fields[k]);
    }
    napfire_result r;
    memset(&r, 0, sizeof r);
    h_i32(h, napfire_shot_resolve(shot, &made_up, 7, 4, &r));
    h_result(h, &r);
}

static void section_table(uint64_t *h) {
    uint64_t s = 9;
    napfire_footprint firer, target, screen, friends[SCENE_FRIENDS], others[SCENE_OTHERS];
    for (int n = 0; n < SCENES; n++) {
        napfire_shot shot;
        make_trial_shot(&shot, &s, h);
        make_footprint(&firer, &s);
        make_footprint(&target, &s);
        make_footprint(&screen, &s);
        for (int i = 0; i < SCENE_FRIENDS; i++)
            make_footprint(&friends[i], &s);
        for (int i = 0; i < SCENE_OTHERS; i++)
            make_footprint(&others[i], &s);
        napfire_scene scene = {&firer,
                               &target,
                               mix_in(&s, 0, 3) == 0 ? &screen : NULL,
                               friends,
                               (size_t)mix_in(&s, 0, SCENE_FRIENDS),
                               others,
                               (size_t)mix_in(&s, 0, SCENE_OTHERS)};
        hash_measure(&shot, &scene, h);
    }
}

/* ------------------------------------------------------------------ */

struct section {
    const char *name;
    void (*run)(uint64_t *h);
};

/* In order: shots (which makes the shots the later sections use) before
 * distributions and trials. A new section is one function and one line. */
static const struct section sections[] = {
    {"rules", section_rules}, {"shots", section_shots},   {"distributions", section_distributions},
    {"dice", section_dice},   {"trials", section_trials}, {"traces", section_traces},
    {"sight", section_sight}, {"grid", section_grid},     {"table", section_table},
};

int main(int argc, char **argv) {
    if (argc > 2) {
        fprintf(stderr, "usage: %s [EXPECTED-DIGEST]\n", argv[0]);
        return 2;
    }
    const struct embedded_text *t = text_named("synthetic.txt");
    uint64_t ignored = FNV_OFFSET;
    if (!t || parse_text(&made_up, t, &ignored) != NAPFIRE_OK) {
        fprintf(stderr, "digest: the made-up rules do not parse\n");
        return 2;
    }
    uint64_t all = FNV_OFFSET;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
        uint64_t h = FNV_OFFSET;
        sections[i].run(&h);
        printf("section %-14s %016" PRIx64 "\n", sections[i].name, h);
        h_u64(&all, h);
    }
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, all);
    printf("digest %s\n", hex);
    if (argc == 2 && strcmp(argv[1], hex) != 0) {
        fprintf(stderr, "digest: %s, expected %s: some result differs on this machine (see the sections)\n", hex,
                argv[1]);
        return 1;
    }
    return 0;
}
