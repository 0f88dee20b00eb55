/* SPDX-License-Identifier: MIT */
/*
 * Shared helpers of the figure-scale Check suites (tests/figure).
 *
 * Every helper asserts the status of the calls it makes, so a test reads as
 * the rule it checks. Nothing here knows the library's private layout.
 *
 * The "made-up" tables below are TEST DATA INVENTED FOR THESE TESTS. They
 * are not from any rulebook: the source's musketry table is damaged and no
 * artillery number is known (F-DATA). They only need to be
 * complete and to contain odd cells (halves), stars and distinct values so
 * that every lookup and arithmetic path is observable.
 */
#ifndef NFTEST_H
#define NFTEST_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

#define BIT(x) (1u << (unsigned)(x))
#define NF_NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Byte used to pre-fill outputs that an error must leave untouched. */
#define SENTINEL_BYTE 0x5A
#define SENTINEL_I32 ((int32_t)0x5A5A5A5A)

/* ---------------------------------------------------------------- */
/* Units */

static inline void unit_new(napfire_unit *u, int32_t arm) {
    ck_assert_int_eq(napfire_unit_init(u, sizeof *u, arm), NAPFIRE_OK);
}

static inline void uset(napfire_unit *u, int32_t param, int32_t value) {
    int st = napfire_unit_set(u, param, value);
    ck_assert_msg(st == NAPFIRE_OK, "napfire_unit_set(%s=%d) returned %s", napfire_enum_name(NAPFIRE_ENUM_PARAM, param),
                  (int)value, napfire_status_name(st));
}

static inline int32_t uget(const napfire_unit *u, int32_t param) {
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_get(u, param, &v), NAPFIRE_OK);
    return v;
}

/* An infantry unit (line infantry arm) with the given facts. */
static inline void infantry(napfire_unit *u, int32_t nation, int32_t cls, int32_t formation, int32_t figures) {
    unit_new(u, NAPFIRE_ARM_LINE_INFANTRY);
    uset(u, NAPFIRE_UNIT_NATION, nation);
    uset(u, NAPFIRE_UNIT_CLASS, cls);
    uset(u, NAPFIRE_UNIT_FORMATION, formation);
    uset(u, NAPFIRE_UNIT_FIGURES, figures);
}

/* A plain target: French line infantry in line, 36 figures, in the open. */
static inline void plain_target(napfire_unit *u, int32_t formation) {
    infantry(u, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, formation, 36);
}

/* A battery: arm FOOT or HORSE artillery, unlimbered, gun, models. */
static inline void battery(napfire_unit *u, int32_t arm, int32_t gun, int32_t models) {
    unit_new(u, arm);
    uset(u, NAPFIRE_UNIT_GUN, gun);
    uset(u, NAPFIRE_UNIT_FIGURES, models);
}

/* ---------------------------------------------------------------- */
/* Shots */

static inline void shot_new(napfire_shot *s, const napfire_unit *f, const napfire_unit *t) {
    ck_assert_int_eq(napfire_shot_init(s, sizeof *s, f, t), NAPFIRE_OK);
}

static inline void sset(napfire_shot *s, int32_t param, int32_t value) {
    int st = napfire_shot_set(s, param, value);
    ck_assert_msg(st == NAPFIRE_OK, "napfire_shot_set(%s=%d) returned %s", napfire_enum_name(NAPFIRE_ENUM_PARAM, param),
                  (int)value, napfire_status_name(st));
}

static inline int32_t sget(const napfire_shot *s, int32_t param) {
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_get(s, param, &v), NAPFIRE_OK);
    return v;
}

/* A shot at a distance (metric unless measure says otherwise). */
static inline void shot_at(napfire_shot *s, const napfire_unit *f, const napfire_unit *t, int32_t measure,
                           int32_t distance) {
    shot_new(s, f, t);
    sset(s, NAPFIRE_SHOT_MEASURE, measure);
    sset(s, NAPFIRE_SHOT_DISTANCE, distance);
}

static inline int32_t band_of(const napfire_shot *s, const napfire_rules *r) {
    int32_t band = SENTINEL_I32;
    int st = napfire_shot_band(s, r, &band);
    ck_assert_msg(st == NAPFIRE_OK, "napfire_shot_band returned %s", napfire_status_name(st));
    return band;
}

/* Resolve and require the given status; returns the result by value. */
static inline napfire_result resolve_st(const napfire_shot *s, const napfire_rules *r, int32_t roll, int32_t die,
                                        int want) {
    napfire_result res;
    memset(&res, SENTINEL_BYTE, sizeof res);
    int st = napfire_shot_resolve(s, r, roll, die, &res);
    ck_assert_msg(st == want, "napfire_shot_resolve(roll %d, die %d) returned %s, want %s", (int)roll, (int)die,
                  napfire_status_name(st), napfire_status_name(want));
    return res;
}

static inline napfire_result resolve_ok(const napfire_shot *s, const napfire_rules *r, int32_t roll, int32_t die) {
    return resolve_st(s, r, roll, die, NAPFIRE_OK);
}

/* A permitted result: reason NONE, empty mask. */
static inline void assert_permitted(const napfire_result *res) {
    ck_assert_msg(res->permitted == 1, "not permitted: reason %s, reasons 0x%x", napfire_reason_name(res->reason),
                  (unsigned)res->reasons);
    ck_assert_int_eq(res->reason, NAPFIRE_REASON_NONE);
    ck_assert_uint_eq(res->reasons, 0u);
    ck_assert_int_eq(res->missing, NAPFIRE_MISSING_NONE);
}

/* A forbidden result: first reason and the exact mask; nothing inflicted. */
static inline void assert_forbidden(const napfire_result *res, int32_t reason, uint32_t mask) {
    ck_assert_int_eq(res->permitted, 0);
    ck_assert_msg(res->reason == reason, "reason %s, want %s", napfire_reason_name(res->reason),
                  napfire_reason_name(reason));
    ck_assert_msg(res->reasons == mask, "reasons 0x%x, want 0x%x", (unsigned)res->reasons, (unsigned)mask);
    ck_assert_int_eq(res->casualties, 0);
    ck_assert_int_eq(res->target_casualties, 0);
    ck_assert_int_eq(res->screen_casualties, 0);
}

static inline void assert_casualties(const napfire_result *res, int32_t total, int32_t target, int32_t screen) {
    ck_assert_int_eq(res->casualties, total);
    ck_assert_int_eq(res->target_casualties, target);
    ck_assert_int_eq(res->screen_casualties, screen);
}

static inline void assert_reserved_zero(const napfire_result *res) {
    for (size_t i = 0; i < NF_NELEM(res->reserved); i++)
        ck_assert_int_eq(res->reserved[i], 0);
}

/* ---------------------------------------------------------------- */
/* Modifier breakdown */

typedef struct {
    napfire_modifier items[32];
    size_t count;
    int32_t net;
} mods_t;

static inline mods_t mods_of(const napfire_shot *s, const napfire_rules *r) {
    mods_t m;
    memset(&m, 0, sizeof m);
    m.net = SENTINEL_I32;
    int st = napfire_shot_modifiers(s, r, m.items, NF_NELEM(m.items), &m.count, &m.net);
    ck_assert_msg(st == NAPFIRE_OK, "napfire_shot_modifiers returned %s", napfire_status_name(st));
    ck_assert_uint_le(m.count, NF_NELEM(m.items));
    return m;
}

static inline const napfire_modifier *mod_find(const mods_t *m, int32_t id) {
    const napfire_modifier *found = NULL;
    for (size_t i = 0; i < m->count; i++) {
        if (m->items[i].id == id) {
            ck_assert_msg(found == NULL, "modifier %s listed twice", napfire_modifier_name(id));
            found = &m->items[i];
        }
    }
    return found;
}

/* The item must be listed with this value, applied, not suppressed. */
static inline void mod_applied(const mods_t *m, int32_t id, int32_t value) {
    const napfire_modifier *it = mod_find(m, id);
    ck_assert_msg(it != NULL, "modifier %s missing", napfire_modifier_name(id));
    ck_assert_msg(it->value == value, "modifier %s value %d, want %d", napfire_modifier_name(id), (int)it->value,
                  (int)value);
    ck_assert_msg(it->applied == 1, "modifier %s not applied (%d, suppressed_by %s)", napfire_modifier_name(id),
                  (int)it->applied, napfire_modifier_name(it->suppressed_by));
    ck_assert_int_eq(it->suppressed_by, 0);
}

/* The item must be listed with this value, not applied, suppressed by `by`. */
static inline void mod_suppressed(const mods_t *m, int32_t id, int32_t value, int32_t by) {
    const napfire_modifier *it = mod_find(m, id);
    ck_assert_msg(it != NULL, "modifier %s missing", napfire_modifier_name(id));
    ck_assert_int_eq(it->value, value);
    ck_assert_msg(it->applied == 0, "modifier %s applied=%d, want suppressed by %s", napfire_modifier_name(id),
                  (int)it->applied, napfire_modifier_name(by));
    ck_assert_msg(it->suppressed_by == by, "modifier %s suppressed_by %s, want %s", napfire_modifier_name(id),
                  napfire_modifier_name(it->suppressed_by), napfire_modifier_name(by));
}

static inline void mod_absent(const mods_t *m, int32_t id) {
    ck_assert_msg(mod_find(m, id) == NULL, "modifier %s listed but its condition is off", napfire_modifier_name(id));
}

/* Items are in id order with EXTRA last; the net is the sum of applied values. */
static inline void mods_consistent(const mods_t *m) {
    int32_t sum = 0;
    for (size_t i = 0; i < m->count; i++) {
        const napfire_modifier *it = &m->items[i];
        ck_assert_int_ge(it->id, NAPFIRE_MOD_GUARD);
        ck_assert_int_le(it->id, NAPFIRE_MOD_MOVED_HALF);
        ck_assert_int_ne(it->id, NAPFIRE_MOD_GUARD_CAP);
        if (i > 0 && it->id != NAPFIRE_MOD_EXTRA)
            ck_assert_int_gt(it->id, m->items[i - 1].id);
        if (it->id == NAPFIRE_MOD_EXTRA)
            ck_assert_uint_eq(i, m->count - 1);
        if (it->applied == 1)
            sum += it->value;
        else
            ck_assert_int_ne(it->suppressed_by, 0);
    }
    ck_assert_int_eq(m->net, sum);
}

/* ---------------------------------------------------------------- */
/* Rules */

static inline void rules_new(napfire_rules *r) {
    ck_assert_int_eq(napfire_rules_init(r, sizeof *r), NAPFIRE_OK);
}

/*
 * MADE-UP TEST DATA, NOT FROM ANY RULEBOOK: a complete musketry table,
 * non-decreasing along each row, with odd cells (½ figures) and starred
 * cells in row 4 (0-based; "large line") so that every F-TAB / F-CAS path
 * can be reached. Values are half figures; STAR marks an "N*" cell.
 */
#define STAR 1000
static const int32_t made_up_musketry_table[5][9] = {
    /*        1-2 3-4 5-6  7-8        9-10       11-12      13-14      15-16      17-18 */
    /* r0 */ {0, 0, 0, 0, 1, 2, 2, 3, 4},
    /* r1 */ {0, 0, 0, 1, 2, 3, 4, 5, 6},
    /* r2 */ {0, 0, 1, 2, 3, 4, 5, 6, 8},
    /* r3 */ {0, 1, 2, 4, 6, 10, 12, 14, 16},
    /* r4 */ {0, 2, 4, 8 + STAR, 10 + STAR, 12 + STAR, 12 + STAR, 14 + STAR, 18},
};

static inline int32_t mu_halves(int32_t row, int32_t col) {
    return made_up_musketry_table[row][col] % STAR;
}

static inline int32_t mu_star(int32_t row, int32_t col) {
    return made_up_musketry_table[row][col] >= STAR;
}

static inline void made_up_musketry(napfire_rules *r) {
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            ck_assert_int_eq(napfire_rules_set_musketry(r, row, col, mu_halves(row, col), mu_star(row, col)),
                             NAPFIRE_OK);
}

/*
 * MADE-UP TEST DATA, NOT FROM ANY RULEBOOK: gun band maxima (the same for
 * every gun), artillery cells as a formula, artillery modifier values.
 * Metric: canister 0..150 mm, effective ..400, long ..800.
 * Imperial: canister 0..90 tenths, effective ..240, long ..480.
 */
#define ART_CAN_MM 150
#define ART_EFF_MM 400
#define ART_LONG_MM 800
#define ART_CAN_IN 90
#define ART_EFF_IN 240
#define ART_LONG_IN 480

/* halves = column + 1 + gun + 2*ammo + (3 - band): distinct per row, odd and
 * even values. P9 canister at canister range, column 1 (rolls 3-4): 8 halves
 * = 4 figures (F-EX-2). */
static inline int32_t art_halves(int32_t gun, int32_t ammo, int32_t band, int32_t col) {
    return col + 1 + gun + 2 * ammo + (3 - band);
}

/* Made-up artillery modifier values (fire kind ARTILLERY). */
static const struct {
    int32_t id, variant, value;
} made_up_art_mods[] = {
    {NAPFIRE_MOD_COLUMN, 0, 1},      {NAPFIRE_MOD_COLUMN, 1, 3},       {NAPFIRE_MOD_SQUARE_OR_ENFILADE, 0, 2},
    {NAPFIRE_MOD_MASS, 0, 2},        {NAPFIRE_MOD_ARTILLERY, 0, -1},   {NAPFIRE_MOD_CHARGING_CAVALRY, 0, -1},
    {NAPFIRE_MOD_OPEN_ORDER, 0, -2}, {NAPFIRE_MOD_SKIRMISHERS, 0, -3}, {NAPFIRE_MOD_COVER, 0, -2},
    {NAPFIRE_MOD_COVER, 1, -1},      {NAPFIRE_MOD_BUILDINGS, 0, -3},   {NAPFIRE_MOD_MOVED_HALF, 0, -1},
};

static inline void made_up_gun_ranges(napfire_rules *r) {
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++) {
        ck_assert_int_eq(
            napfire_rules_set_gun_range(r, gun, NAPFIRE_MEASURE_METRIC, ART_CAN_MM, ART_EFF_MM, ART_LONG_MM),
            NAPFIRE_OK);
        ck_assert_int_eq(
            napfire_rules_set_gun_range(r, gun, NAPFIRE_MEASURE_IMPERIAL, ART_CAN_IN, ART_EFF_IN, ART_LONG_IN),
            NAPFIRE_OK);
    }
}

static inline void made_up_artillery_cells(napfire_rules *r) {
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++)
        for (int32_t ammo = NAPFIRE_AMMO_ROUNDSHOT; ammo <= NAPFIRE_AMMO_CANISTER; ammo++)
            for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++)
                for (int32_t col = 0; col < 9; col++)
                    /* Canister only at canister range (F-ART-1): the rules
                     * never read its other bands, which refuse a value. */
                    ck_assert_int_eq(
                        napfire_rules_set_artillery(r, gun, ammo, band, col, art_halves(gun, ammo, band, col)),
                        ammo == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER ? NAPFIRE_EDOMAIN : NAPFIRE_OK);
}

static inline void made_up_artillery_modifiers(napfire_rules *r) {
    for (size_t i = 0; i < NF_NELEM(made_up_art_mods); i++)
        ck_assert_int_eq(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, made_up_art_mods[i].id,
                                                    made_up_art_mods[i].variant, made_up_art_mods[i].value),
                         NAPFIRE_OK);
}

/* Built-in data plus the complete made-up artillery data. */
static inline void made_up_artillery(napfire_rules *r) {
    rules_new(r);
    made_up_gun_ranges(r);
    made_up_artillery_cells(r);
    made_up_artillery_modifiers(r);
}

/* Roll and EXTRA_MODIFIER that give a wanted modified roll when every
 * other modifier is 0: roll in 2..12, extra in -10..10. */
static inline void roll_for(int32_t modified, int32_t *roll, int32_t *extra) {
    int32_t rl = modified < 2 ? 2 : (modified > 12 ? 12 : modified);
    *roll = rl;
    *extra = modified - rl;
}

/* ---------------------------------------------------------------- */
/* Running a suite */

static inline int run_suite(Suite *s) {
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif /* NFTEST_H */
