/* SPDX-License-Identifier: MIT */
/*
 * Units and shots: defaults, per-arm validation, parameter bounds, shot
 * parameters and their checks against the copied units, open-order
 * eligibility. napfire.h; F-OO-1, F-TAB-2 (firing
 * figures), F-SCR-1 (screen), F-ART (artillery parameters).
 */
#include "nftest.h"

static const int32_t all_arms[] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_ARM_CAVALRY,
                                   NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_ARM_HORSE_ARTILLERY};

static int is_infantry(int32_t arm) {
    return arm == NAPFIRE_ARM_LINE_INFANTRY || arm == NAPFIRE_ARM_LIGHT_INFANTRY;
}

static int is_artillery(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

/* Set must fail with EDOMAIN and leave every byte of the unit unchanged. */
static void unit_refuses(napfire_unit *u, int32_t param, int32_t value) {
    napfire_unit before;
    memcpy(&before, u, sizeof before);
    int st = napfire_unit_set(u, param, value);
    ck_assert_msg(st == NAPFIRE_EDOMAIN, "unit_set(%s=%d) on arm %s returned %s, want EDOMAIN",
                  napfire_enum_name(NAPFIRE_ENUM_PARAM, param), (int)value,
                  napfire_enum_name(NAPFIRE_ENUM_ARM, uget(u, NAPFIRE_UNIT_ARM)), napfire_status_name(st));
    ck_assert_msg(memcmp(&before, u, sizeof before) == 0, "refused set changed the unit");
}

static void shot_refuses(napfire_shot *s, int32_t param, int32_t value) {
    napfire_shot before;
    memcpy(&before, s, sizeof before);
    int st = napfire_shot_set(s, param, value);
    ck_assert_msg(st == NAPFIRE_EDOMAIN, "shot_set(%s=%d) returned %s, want EDOMAIN",
                  napfire_enum_name(NAPFIRE_ENUM_PARAM, param), (int)value, napfire_status_name(st));
    ck_assert_msg(memcmp(&before, s, sizeof before) == 0, "refused set changed the shot");
}

/* napfire.h defaults after init, for each arm. */
START_TEST(unit_defaults_each_arm) {
    int32_t arm = all_arms[_i];
    napfire_unit u;
    memset(&u, 0xA5, sizeof u);
    unit_new(&u, arm);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_ARM), arm);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_NATION), NAPFIRE_NATION_OTHER);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_CLASS), NAPFIRE_CLASS_LINE);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FORMATION),
                     is_artillery(arm) ? NAPFIRE_FORMATION_UNLIMBERED : NAPFIRE_FORMATION_LINE);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FIGURES), 0);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_WEAPON), NAPFIRE_WEAPON_MUSKET);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_GUN), NAPFIRE_GUN_P6);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_COVER), NAPFIRE_COVER_NONE);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_MOVED), NAPFIRE_MOVED_NONE);
    for (int32_t p = NAPFIRE_UNIT_DISORDERED; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++)
        ck_assert_int_eq(uget(&u, p), 0);
}
END_TEST

/* *_init refuses a size mismatch (ESIZE) and an unknown arm (EDOMAIN). */
/* API contract Principles (ESIZE) */
START_TEST(unit_init_size_and_arm) {
    napfire_unit u;
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u - 1, NAPFIRE_ARM_CAVALRY), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u + 8, NAPFIRE_ARM_CAVALRY), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_unit_init(&u, 0, NAPFIRE_ARM_CAVALRY), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u, -1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u, 5), NAPFIRE_EDOMAIN);
    napfire_shot s;
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s - 8, &f, &t), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_shot_init(&s, 128, &f, &t), NAPFIRE_ESIZE);
    napfire_rules r;
    ck_assert_int_eq(napfire_rules_init(&r, sizeof r - 1), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_rules_init(&r, 512), NAPFIRE_ESIZE);
}
END_TEST

/* ARM is readable, never settable (not even to its own value). */
/* napfire.h (ARM) */
START_TEST(arm_read_only) {
    napfire_unit u;
    unit_new(&u, NAPFIRE_ARM_LIGHT_INFANTRY);
    unit_refuses(&u, NAPFIRE_UNIT_ARM, NAPFIRE_ARM_CAVALRY);
    unit_refuses(&u, NAPFIRE_UNIT_ARM, NAPFIRE_ARM_LIGHT_INFANTRY);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_ARM), NAPFIRE_ARM_LIGHT_INFANTRY);
}
END_TEST

/* GUN artillery only; WEAPON infantry only; CHARGING cavalry only;
 * MASSED_BATTERY artillery only; UNLIMBERED_THIS_TURN foot artillery only;
 * SECOND_CLASS_FIRERS infantry only. */
/* napfire.h; F-TAB-2, F-CAS-2, F-MOD-11/12, F-ART-3 */
START_TEST(arm_specific_params) {
    int32_t arm = all_arms[_i];
    napfire_unit u;
    unit_new(&u, arm);

    if (is_artillery(arm)) {
        for (int32_t g = NAPFIRE_GUN_LIGHT; g <= NAPFIRE_GUN_HOWITZER; g++) {
            uset(&u, NAPFIRE_UNIT_GUN, g);
            ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_GUN), g);
        }
        uset(&u, NAPFIRE_UNIT_MASSED_BATTERY, 1);
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_MASSED_BATTERY), 1);
    } else {
        unit_refuses(&u, NAPFIRE_UNIT_GUN, NAPFIRE_GUN_P12);
        unit_refuses(&u, NAPFIRE_UNIT_MASSED_BATTERY, 1);
    }

    if (is_infantry(arm)) {
        for (int32_t w = NAPFIRE_WEAPON_MUSKET; w <= NAPFIRE_WEAPON_SHARPSHOOTER; w++) {
            uset(&u, NAPFIRE_UNIT_WEAPON, w);
            ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_WEAPON), w);
        }
        uset(&u, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 1);
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_SECOND_CLASS_FIRERS), 1);
    } else {
        unit_refuses(&u, NAPFIRE_UNIT_WEAPON, NAPFIRE_WEAPON_RIFLE);
        unit_refuses(&u, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 1);
    }

    if (arm == NAPFIRE_ARM_CAVALRY) {
        uset(&u, NAPFIRE_UNIT_CHARGING, 1);
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_CHARGING), 1);
    } else {
        unit_refuses(&u, NAPFIRE_UNIT_CHARGING, 1);
    }

    if (arm == NAPFIRE_ARM_FOOT_ARTILLERY) {
        uset(&u, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN), 1);
    } else {
        unit_refuses(&u, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
    }

    /* Parameters common to every arm. */
    uset(&u, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_RUSSIA);
    uset(&u, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_MILITIA);
    uset(&u, NAPFIRE_UNIT_FIGURES, NAPFIRE_MAX_FIGURES);
    uset(&u, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    uset(&u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    uset(&u, NAPFIRE_UNIT_DISORDERED, 1);
    uset(&u, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    uset(&u, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_NATION), NAPFIRE_NATION_RUSSIA);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_CLASS), NAPFIRE_CLASS_MILITIA);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FIGURES), NAPFIRE_MAX_FIGURES);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_COVER), NAPFIRE_COVER_BUILDINGS);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_MOVED), NAPFIRE_MOVED_MORE);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_DISORDERED), 1);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FIRED_LAST_TURN), 1);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FIRED_THIS_TURN), 1);
    /* Non-applicable parameters kept their defaults. */
    if (!is_artillery(arm))
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_GUN), NAPFIRE_GUN_P6);
    if (!is_infantry(arm))
        ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_WEAPON), NAPFIRE_WEAPON_MUSKET);
}
END_TEST

/* Formations allowed per arm (napfire.h): infantry LINE..SKIRMISH; cavalry
 * LINE, COLUMN_OF_COMPANIES, COLUMN_OF_DIVISIONS; artillery LIMBERED,
 * UNLIMBERED. */
START_TEST(formations_per_arm) {
    int32_t arm = all_arms[_i];
    napfire_unit u;
    unit_new(&u, arm);
    for (int32_t f = NAPFIRE_FORMATION_LINE; f <= NAPFIRE_FORMATION_UNLIMBERED; f++) {
        int allowed;
        if (is_infantry(arm))
            allowed = f <= NAPFIRE_FORMATION_SKIRMISH;
        else if (arm == NAPFIRE_ARM_CAVALRY)
            allowed = f == NAPFIRE_FORMATION_LINE || f == NAPFIRE_FORMATION_COLUMN_OF_COMPANIES ||
                      f == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS;
        else
            allowed = f == NAPFIRE_FORMATION_LIMBERED || f == NAPFIRE_FORMATION_UNLIMBERED;
        if (allowed) {
            uset(&u, NAPFIRE_UNIT_FORMATION, f);
            ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_FORMATION), f);
        } else {
            unit_refuses(&u, NAPFIRE_UNIT_FORMATION, f);
        }
    }
}
END_TEST

struct bounds {
    int32_t param, lo, hi;
};

/* Expected bounds (napfire.h). F-RNG-4 distances: hi is NAPFIRE_MAX_DISTANCE;
 * lo is checked separately (see distance_params). */
static const struct bounds unit_bounds[] = {
    {NAPFIRE_UNIT_ARM, 0, 4},
    {NAPFIRE_UNIT_NATION, 0, 8},
    {NAPFIRE_UNIT_CLASS, 0, 6},
    {NAPFIRE_UNIT_FORMATION, 0, 9},
    {NAPFIRE_UNIT_FIGURES, 0, NAPFIRE_MAX_FIGURES},
    {NAPFIRE_UNIT_WEAPON, 0, 2},
    {NAPFIRE_UNIT_GUN, 0, 4},
    {NAPFIRE_UNIT_COVER, 0, 3},
    {NAPFIRE_UNIT_MOVED, 0, 2},
    {NAPFIRE_UNIT_DISORDERED, 0, 1},
    {NAPFIRE_UNIT_FIRED_LAST_TURN, 0, 1},
    {NAPFIRE_UNIT_FIRED_THIS_TURN, 0, 1},
    {NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 0, 1},
    {NAPFIRE_UNIT_CHARGING, 0, 1},
    {NAPFIRE_UNIT_MASSED_BATTERY, 0, 1},
    {NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 0, 1},
};

static const struct bounds shot_bounds[] = {
    {NAPFIRE_SHOT_MEASURE, 0, 1},
    {NAPFIRE_SHOT_ENFILADE, 0, 1},
    {NAPFIRE_SHOT_FIRING_FIGURES, 0, NAPFIRE_MAX_FIGURES},
    {NAPFIRE_SHOT_SCREEN, 0, 1},
    {NAPFIRE_SHOT_AMMO, 0, 1},
    {NAPFIRE_SHOT_EXTRA_MODIFIER, -10, 10},
    {NAPFIRE_SHOT_FRIEND_IN_ARC, 0, 1},
    {NAPFIRE_SHOT_FRIEND_NEAR_TARGET, -1, NAPFIRE_MAX_DISTANCE},
    {NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, -1, NAPFIRE_MAX_DISTANCE},
    {NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, -1, NAPFIRE_MAX_DISTANCE},
    {NAPFIRE_SHOT_CLEAR_LOS, 0, 1},
    {NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 0, 1},
    {NAPFIRE_SHOT_OVERHEAD, 0, 1},
    {NAPFIRE_SHOT_BATTERY_HIGHER, 0, 1},
};

/* Distances whose "not given" value -1 may or may not be settable. */
static const int32_t distance_params[] = {NAPFIRE_SHOT_DISTANCE, NAPFIRE_SHOT_SCREEN_DISTANCE,
                                          NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY,
                                          NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY};

/* API contract "Parameters, not fields" (napfire_param_bounds) */
START_TEST(param_bounds_every_param) {
    int32_t lo, hi;
    for (size_t i = 0; i < NF_NELEM(unit_bounds); i++) {
        lo = hi = SENTINEL_I32;
        ck_assert_int_eq(napfire_param_bounds(unit_bounds[i].param, &lo, &hi), NAPFIRE_OK);
        ck_assert_msg(lo == unit_bounds[i].lo && hi == unit_bounds[i].hi, "bounds of %s: %d..%d, want %d..%d",
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, unit_bounds[i].param), (int)lo, (int)hi,
                      (int)unit_bounds[i].lo, (int)unit_bounds[i].hi);
    }
    for (size_t i = 0; i < NF_NELEM(shot_bounds); i++) {
        lo = hi = SENTINEL_I32;
        ck_assert_int_eq(napfire_param_bounds(shot_bounds[i].param, &lo, &hi), NAPFIRE_OK);
        ck_assert_msg(lo == shot_bounds[i].lo && hi == shot_bounds[i].hi, "bounds of %s: %d..%d, want %d..%d",
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, shot_bounds[i].param), (int)lo, (int)hi,
                      (int)shot_bounds[i].lo, (int)shot_bounds[i].hi);
    }
    /* Distances: 0..MAX, with -1 ("not given") allowed or not. */
    for (size_t i = 0; i < NF_NELEM(distance_params); i++) {
        lo = hi = SENTINEL_I32;
        ck_assert_int_eq(napfire_param_bounds(distance_params[i], &lo, &hi), NAPFIRE_OK);
        ck_assert_int_eq(hi, NAPFIRE_MAX_DISTANCE);
        ck_assert_msg(lo == -1 || lo == 0, "bounds of %s: lo %d",
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, distance_params[i]), (int)lo);
    }
    /* Unknown parameters. */
    const int32_t bad[] = {0, 17, 99, 100, 119, -1, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad); i++) {
        lo = hi = SENTINEL_I32;
        ck_assert_int_eq(napfire_param_bounds(bad[i], &lo, &hi), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(lo, SENTINEL_I32);
        ck_assert_int_eq(hi, SENTINEL_I32);
    }
}
END_TEST

/* Values just outside the bounds are refused and leave the unit as it was;
 * the bounds themselves are accepted where the arm allows the parameter. */
/* API contract "Parameters, not fields" */
START_TEST(unit_set_outside_bounds) {
    int32_t arm = all_arms[_i];
    for (size_t i = 1; i < NF_NELEM(unit_bounds); i++) { /* skip ARM */
        int32_t p = unit_bounds[i].param;
        napfire_unit u;
        unit_new(&u, arm);
        unit_refuses(&u, p, unit_bounds[i].lo - 1);
        unit_refuses(&u, p, unit_bounds[i].hi + 1);
        unit_refuses(&u, p, INT32_MIN);
        unit_refuses(&u, p, INT32_MAX);
    }
    napfire_unit u;
    unit_new(&u, arm);
    unit_refuses(&u, 0, 0);
    unit_refuses(&u, 17, 0);
    unit_refuses(&u, NAPFIRE_SHOT_MEASURE, 0); /* a shot parameter */
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_get(&u, 17, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_get(&u, 0, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_get(&u, NAPFIRE_SHOT_DISTANCE, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, SENTINEL_I32);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Shots */

/* Defaults: METRIC, no distance (-1), 0 for flags, -1 for the optional
 * distances (header "Unset distances read as -1"). */
/* napfire.h (shot defaults) */
START_TEST(shot_defaults) {
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    memset(&s, 0xA5, sizeof s);
    shot_new(&s, &f, &t);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_MEASURE), NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_DISTANCE), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_ENFILADE), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FIRING_FIGURES), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_SCREEN), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_SCREEN_DISTANCE), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_AMMO), NAPFIRE_AMMO_ROUNDSHOT);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_EXTRA_MODIFIER), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_IN_ARC), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_CLEAR_LOS), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_BATTERY_HIGHER), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY), -1);
}
END_TEST

/* Shot parameter round trip and bounds, with an artillery firer and an
 * infantry target (every parameter but FIRING_FIGURES applies). */
/* API contract "Parameters, not fields", F-MOD-E, F-ART-4..7 */
START_TEST(shot_set_bounds) {
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_LIGHT, 4);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    shot_new(&s, &f, &t);
    for (size_t i = 0; i < NF_NELEM(shot_bounds); i++) {
        int32_t p = shot_bounds[i].param;
        if (p == NAPFIRE_SHOT_FIRING_FIGURES)
            continue;
        shot_refuses(&s, p, shot_bounds[i].lo - 1);
        shot_refuses(&s, p, shot_bounds[i].hi + 1);
        sset(&s, p, shot_bounds[i].hi);
        ck_assert_int_eq(sget(&s, p), shot_bounds[i].hi);
        sset(&s, p, shot_bounds[i].lo);
        ck_assert_int_eq(sget(&s, p), shot_bounds[i].lo);
    }
    for (size_t i = 0; i < NF_NELEM(distance_params); i++) {
        int32_t p = distance_params[i];
        shot_refuses(&s, p, -2);
        shot_refuses(&s, p, NAPFIRE_MAX_DISTANCE + 1);
        sset(&s, p, NAPFIRE_MAX_DISTANCE);
        ck_assert_int_eq(sget(&s, p), NAPFIRE_MAX_DISTANCE);
        sset(&s, p, 0);
        ck_assert_int_eq(sget(&s, p), 0);
    }
    shot_refuses(&s, 100, 0);
    shot_refuses(&s, 119, 0);
    shot_refuses(&s, NAPFIRE_UNIT_FIGURES, 3); /* a unit parameter */
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_get(&s, 119, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_shot_get(&s, NAPFIRE_UNIT_ARM, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, SENTINEL_I32);
}
END_TEST

static const int32_t artillery_shot_params[] = {
    NAPFIRE_SHOT_AMMO,
    NAPFIRE_SHOT_FRIEND_IN_ARC,
    NAPFIRE_SHOT_FRIEND_NEAR_TARGET,
    NAPFIRE_SHOT_FRIEND_NEAR_BATTERY,
    NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS,
    NAPFIRE_SHOT_CLEAR_LOS,
    NAPFIRE_SHOT_PENETRATION_HITS_FRIEND,
    NAPFIRE_SHOT_OVERHEAD,
    NAPFIRE_SHOT_BATTERY_HIGHER,
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY,
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY,
};

/* AMMO and the artillery facts (F-ART-4..7) only with an artillery firer. */
START_TEST(artillery_params_need_artillery_firer) {
    const int32_t firer_arms[] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_ARM_CAVALRY};
    napfire_unit t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    for (size_t a = 0; a < NF_NELEM(firer_arms); a++) {
        napfire_unit f;
        napfire_shot s;
        unit_new(&f, firer_arms[a]);
        uset(&f, NAPFIRE_UNIT_FIGURES, 20);
        shot_new(&s, &f, &t);
        shot_refuses(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
        for (size_t i = 1; i < NF_NELEM(artillery_shot_params); i++)
            shot_refuses(&s, artillery_shot_params[i], 1);
    }
    napfire_unit f;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 8);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    for (size_t i = 1; i < NF_NELEM(artillery_shot_params); i++) {
        sset(&s, artillery_shot_params[i], 1);
        ck_assert_int_eq(sget(&s, artillery_shot_params[i]), 1);
    }
}
END_TEST

/* F-TAB-2: FIRING_FIGURES only with an infantry firer, at most its figures. */
START_TEST(firing_figures_checks) {
    napfire_unit f, t;
    napfire_shot s;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 30);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, 30);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FIRING_FIGURES), 30);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, 1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FIRING_FIGURES), 1);
    shot_refuses(&s, NAPFIRE_SHOT_FIRING_FIGURES, 31);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FIRING_FIGURES), 0);

    unit_new(&f, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, 12);
    shot_refuses(&s, NAPFIRE_SHOT_FIRING_FIGURES, 13);

    unit_new(&f, NAPFIRE_ARM_CAVALRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_FIRING_FIGURES, 6);

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_FIRING_FIGURES, 3);
}
END_TEST

/* F-SCR-1: SCREEN only for an infantry target not in skirmish order. */
START_TEST(screen_needs_formed_infantry_target) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);

    const int32_t ok_formations[] = {NAPFIRE_FORMATION_LINE,
                                     NAPFIRE_FORMATION_COLUMN_OF_COMPANIES,
                                     NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
                                     NAPFIRE_FORMATION_MASSED_COLUMN,
                                     NAPFIRE_FORMATION_SQUARE,
                                     NAPFIRE_FORMATION_MASS,
                                     NAPFIRE_FORMATION_OPEN_ORDER};
    for (size_t i = 0; i < NF_NELEM(ok_formations); i++) {
        plain_target(&t, ok_formations[i]);
        shot_new(&s, &f, &t);
        sset(&s, NAPFIRE_SHOT_SCREEN, 1);
        ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_SCREEN), 1);
    }
    /* light infantry target too */
    unit_new(&t, NAPFIRE_ARM_LIGHT_INFANTRY);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);

    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_SCREEN, 1);

    unit_new(&t, NAPFIRE_ARM_CAVALRY);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_SCREEN, 1);

    battery(&t, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_SCREEN, 1);

    battery(&t, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P6, 6);
    shot_new(&s, &f, &t);
    shot_refuses(&s, NAPFIRE_SHOT_SCREEN, 1);
}
END_TEST

/* DISTANCE is required: band and resolve without it are EINVAL; SCREEN = 1
 * requires SCREEN_DISTANCE. */
/* F-RNG-4 (the caller's distance is required), F-SCR-1 */
START_TEST(required_settings) {
    napfire_unit f, t;
    napfire_shot s;
    napfire_result res;
    int32_t band = SENTINEL_I32;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_new(&s, &f, &t);
    memset(&res, SENTINEL_BYTE, sizeof res);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 7, 4, &res), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_band(&s, NULL, &band), NAPFIRE_EINVAL);
    ck_assert_int_eq(band, SENTINEL_I32);

    sset(&s, NAPFIRE_SHOT_DISTANCE, 50);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 7, 4, &res), NAPFIRE_EINVAL);
    napfire_result untouched;
    memset(&untouched, SENTINEL_BYTE, sizeof untouched);
    ck_assert_int_eq(memcmp(&res, &untouched, sizeof res), 0);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 2, 4, &res), NAPFIRE_OK);

    /* Setting the distance back to "not given" (if allowed) requires it again. */
    if (napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, -1) == NAPFIRE_OK)
        ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 2, 4, &res), NAPFIRE_EINVAL);
}
END_TEST

/* The shot copies both units: changing them afterwards changes nothing. */
/* napfire.h (shot copies units), F-EX-1 */
START_TEST(shot_copies_units) {
    napfire_unit f, t;
    napfire_shot s;
    /* F-EX-1 firer and target, at long range: 3 casualties with die 6. */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
    napfire_shot copy;
    memcpy(&copy, &s, sizeof copy);

    uset(&f, NAPFIRE_UNIT_FIGURES, 5);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    uset(&f, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_MILITIA);
    uset(&t, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SKIRMISH);
    memset(&f, 0, sizeof f); /* even destroying the units */
    memset(&t, 0, sizeof t);

    ck_assert_int_eq(memcmp(&copy, &s, sizeof s), 0);
    napfire_result res = resolve_ok(&s, NULL, 8, 6);
    assert_permitted(&res);
    ck_assert_int_eq(res.net_modifier, 3);
    ck_assert_int_eq(res.casualties, 3);
}
END_TEST

/* Refused shot sets do not disturb existing settings. */
/* API contract "Parameters, not fields" */
START_TEST(shot_refused_keeps_values) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 61);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -3);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, 20);
    shot_refuses(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 11);
    shot_refuses(&s, NAPFIRE_SHOT_FIRING_FIGURES, 25);
    shot_refuses(&s, NAPFIRE_SHOT_MEASURE, 2);
    shot_refuses(&s, NAPFIRE_SHOT_DISTANCE, -5);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_EXTRA_MODIFIER), -3);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FIRING_FIGURES), 20);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_MEASURE), NAPFIRE_MEASURE_IMPERIAL);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_DISTANCE), 61);
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-OO-1: open-order eligibility. */

static int32_t may_oo(int32_t arm, int32_t nation, int32_t cls, int32_t year) {
    napfire_unit u;
    unit_new(&u, arm);
    uset(&u, NAPFIRE_UNIT_NATION, nation);
    uset(&u, NAPFIRE_UNIT_CLASS, cls);
    int32_t yes = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_may_open_order(&u, year, &yes), NAPFIRE_OK);
    ck_assert_msg(yes == 0 || yes == 1, "yes = %d", (int)yes);
    return yes;
}

static int good_class(int32_t cls) {
    return cls == NAPFIRE_CLASS_VETERAN || cls == NAPFIRE_CLASS_ELITE || cls == NAPFIRE_CLASS_GUARD;
}

static int coalition(int32_t nation) {
    return nation >= NAPFIRE_NATION_BRITAIN && nation <= NAPFIRE_NATION_RUSSIA;
}

/* F-OO-1a: light infantry of any nation, Veteran/Elite/Guard, any year. */
START_TEST(open_order_light_infantry) {
    for (int32_t n = NAPFIRE_NATION_OTHER; n <= NAPFIRE_NATION_RUSSIA; n++)
        for (int32_t c = NAPFIRE_CLASS_GUARD; c <= NAPFIRE_CLASS_MILITIA; c++) {
            ck_assert_int_eq(may_oo(NAPFIRE_ARM_LIGHT_INFANTRY, n, c, 1805), good_class(c));
            ck_assert_int_eq(may_oo(NAPFIRE_ARM_LIGHT_INFANTRY, n, c, 1811), good_class(c));
        }
}
END_TEST

/* F-OO-1b: French line battalions (and the Imperial Guard), Veteran/Elite/Guard. */
START_TEST(open_order_french_line) {
    for (int32_t c = NAPFIRE_CLASS_GUARD; c <= NAPFIRE_CLASS_MILITIA; c++) {
        ck_assert_int_eq(may_oo(NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_FRANCE, c, 1796), good_class(c));
        ck_assert_int_eq(may_oo(NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_FRANCE, c, 1811), good_class(c));
    }
}
END_TEST

/* F-OO-1c: from 1812 (included), Coalition line battalions; OTHER is not
 * Coalition. Both sides of the year: 1811 / 1812. */
START_TEST(open_order_allied_line_1812) {
    for (int32_t n = NAPFIRE_NATION_OTHER; n <= NAPFIRE_NATION_RUSSIA; n++) {
        if (n == NAPFIRE_NATION_FRANCE)
            continue;
        for (int32_t c = NAPFIRE_CLASS_GUARD; c <= NAPFIRE_CLASS_MILITIA; c++) {
            int want = good_class(c) && coalition(n);
            ck_assert_msg(may_oo(NAPFIRE_ARM_LINE_INFANTRY, n, c, 1811) == 0, "%s %s line infantry in 1811",
                          napfire_enum_name(NAPFIRE_ENUM_NATION, n), napfire_enum_name(NAPFIRE_ENUM_CLASS, c));
            ck_assert_msg(may_oo(NAPFIRE_ARM_LINE_INFANTRY, n, c, 1812) == want, "%s %s line infantry in 1812",
                          napfire_enum_name(NAPFIRE_ENUM_NATION, n), napfire_enum_name(NAPFIRE_ENUM_CLASS, c));
            ck_assert_int_eq(may_oo(NAPFIRE_ARM_LINE_INFANTRY, n, c, 1815), want);
        }
    }
}
END_TEST

/* Cavalry and artillery never deploy in open order; year domain 1..9999. */
/* F-OO-1 */
START_TEST(open_order_other_arms_and_year) {
    ck_assert_int_eq(may_oo(NAPFIRE_ARM_CAVALRY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_GUARD, 1813), 0);
    ck_assert_int_eq(may_oo(NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_ELITE, 1813), 0);
    ck_assert_int_eq(may_oo(NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_VETERAN, 1813), 0);
    ck_assert_int_eq(may_oo(NAPFIRE_ARM_LIGHT_INFANTRY, NAPFIRE_NATION_OTHER, NAPFIRE_CLASS_VETERAN, 1), 1);
    ck_assert_int_eq(may_oo(NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_NATION_SPAIN, NAPFIRE_CLASS_VETERAN, 9999), 1);

    napfire_unit u;
    unit_new(&u, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&u, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE);
    int32_t yes = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_may_open_order(&u, 0, &yes), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_may_open_order(&u, -1812, &yes), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_may_open_order(&u, 10000, &yes), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(yes, SENTINEL_I32);
}
END_TEST

/* F-OO-3: resolving does not re-check eligibility: an ineligible unit in
 * open order still fires (as close order, F-TAB-5). */
START_TEST(open_order_not_rechecked_on_resolve) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_OTHER, NAPFIRE_CLASS_MILITIA, NAPFIRE_FORMATION_OPEN_ORDER, 10);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    /* Militia -2; roll 11 → 9 → row 0 column 4 = ½ (built-in); die 5 → 1. */
    napfire_result res = resolve_ok(&s, NULL, 11, 5);
    assert_permitted(&res);
    ck_assert_int_eq(res.row, 0);
    ck_assert_int_eq(res.column, 4);
    ck_assert_int_eq(res.casualties, 1);
}
END_TEST

static Suite *units_suite(void) {
    Suite *s = suite_create("units");
    TCase *tc = tcase_create("units");
    tcase_add_loop_test(tc, unit_defaults_each_arm, 0, 5);
    tcase_add_test(tc, unit_init_size_and_arm);
    tcase_add_test(tc, arm_read_only);
    tcase_add_loop_test(tc, arm_specific_params, 0, 5);
    tcase_add_loop_test(tc, formations_per_arm, 0, 5);
    tcase_add_test(tc, param_bounds_every_param);
    tcase_add_loop_test(tc, unit_set_outside_bounds, 0, 5);
    suite_add_tcase(s, tc);

    TCase *ts = tcase_create("shots");
    tcase_add_test(ts, shot_defaults);
    tcase_add_test(ts, shot_set_bounds);
    tcase_add_test(ts, artillery_params_need_artillery_firer);
    tcase_add_test(ts, firing_figures_checks);
    tcase_add_test(ts, screen_needs_formed_infantry_target);
    tcase_add_test(ts, required_settings);
    tcase_add_test(ts, shot_copies_units);
    tcase_add_test(ts, shot_refused_keeps_values);
    suite_add_tcase(s, ts);

    TCase *to = tcase_create("open_order");
    tcase_add_test(to, open_order_light_infantry);
    tcase_add_test(to, open_order_french_line);
    tcase_add_test(to, open_order_allied_line_1812);
    tcase_add_test(to, open_order_other_arms_and_year);
    tcase_add_test(to, open_order_not_rechecked_on_resolve);
    suite_add_tcase(s, to);
    return s;
}

int main(void) {
    return run_suite(units_suite());
}
