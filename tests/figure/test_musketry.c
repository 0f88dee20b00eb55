/* SPDX-License-Identifier: MIT */
/*
 * Figure-scale musketry: range bands (F-RNG), modifiers (F-MOD with F-MOD-G,
 * F-MOD-X, F-MOD-S, F-MOD-E), table row and column (F-TAB), verdicts and
 * their precedence (API contract), and the worked example F-EX-1 verbatim.
 */
#include "nftest.h"

/* A firer with no modifier of its own: French line class LINE, in line. */
static void base_firer(napfire_unit *u, int32_t figures) {
    infantry(u, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, figures);
}

/* ---------------------------------------------------------------- */
/* F-RNG */

static int32_t band_at(int32_t weapon, int32_t measure, int32_t d, const napfire_rules *r) {
    napfire_unit f, t;
    napfire_shot s;
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_WEAPON, weapon);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, measure, d);
    int32_t band = band_of(&s, r);
    /* resolve reports the same band (made-up table: every cell known) */
    napfire_rules mu;
    rules_new(&mu);
    made_up_musketry(&mu);
    if (r != NULL) {
        /* copy the ranges of r into mu */
        for (int32_t w = 0; w <= 2; w++)
            for (int32_t m = 0; m <= 1; m++) {
                int32_t e, l;
                ck_assert_int_eq(napfire_rules_get_range(r, w, m, &e, &l), NAPFIRE_OK);
                ck_assert_int_eq(napfire_rules_set_range(&mu, w, m, e, l), NAPFIRE_OK);
            }
    }
    napfire_result res = resolve_ok(&s, &mu, 7, 4);
    ck_assert_int_eq(res.band, band);
    if (band == NAPFIRE_BAND_NONE)
        assert_forbidden(&res, NAPFIRE_REASON_OUT_OF_RANGE, BIT(NAPFIRE_REASON_OUT_OF_RANGE));
    else
        assert_permitted(&res);
    return band;
}

#define EFF NAPFIRE_BAND_EFFECTIVE
#define LNG NAPFIRE_BAND_LONG
#define NON NAPFIRE_BAND_NONE

/* F-RNG-1/2: musket, both sides of 100 and 200 mm, 60 and 120 tenths. */
START_TEST(musket_bands) {
    const int32_t M = NAPFIRE_WEAPON_MUSKET;
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 0, NULL), EFF);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 100, NULL), EFF);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 101, NULL), LNG);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 200, NULL), LNG);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 201, NULL), NON);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, NAPFIRE_MAX_DISTANCE, NULL), NON);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 0, NULL), EFF);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 60, NULL), EFF);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 61, NULL), LNG);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 120, NULL), LNG);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 121, NULL), NON);
    /* F-RNG-1: not a conversion: 150 tenths (15") is out of range, 150 mm is long */
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_IMPERIAL, 150, NULL), NON);
    ck_assert_int_eq(band_at(M, NAPFIRE_MEASURE_METRIC, 150, NULL), LNG);
}
END_TEST

/* F-RNG: rifle 0-12 / 13-24 cm, 0-7" / 8-14". */
START_TEST(rifle_bands) {
    const int32_t R = NAPFIRE_WEAPON_RIFLE;
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_METRIC, 120, NULL), EFF);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_METRIC, 121, NULL), LNG);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_METRIC, 240, NULL), LNG);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_METRIC, 241, NULL), NON);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_IMPERIAL, 70, NULL), EFF);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_IMPERIAL, 71, NULL), LNG);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_IMPERIAL, 140, NULL), LNG);
    ck_assert_int_eq(band_at(R, NAPFIRE_MEASURE_IMPERIAL, 141, NULL), NON);
}
END_TEST

/* F-RNG-3: sharpshooters, one effective band 0-28 cm (0-17"), no long band. */
START_TEST(sharpshooter_bands) {
    const int32_t S = NAPFIRE_WEAPON_SHARPSHOOTER;
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_METRIC, 0, NULL), EFF);
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_METRIC, 201, NULL), EFF);
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_METRIC, 280, NULL), EFF);
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_METRIC, 281, NULL), NON);
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_IMPERIAL, 170, NULL), EFF);
    ck_assert_int_eq(band_at(S, NAPFIRE_MEASURE_IMPERIAL, 171, NULL), NON);
}
END_TEST

/* F-DATA: ranges are rules data; a custom table changes the bands. */
START_TEST(custom_ranges) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 50, 150), NAPFIRE_OK);
    ck_assert_int_eq(band_at(NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 50, &r), EFF);
    ck_assert_int_eq(band_at(NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 51, &r), LNG);
    ck_assert_int_eq(band_at(NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 150, &r), LNG);
    ck_assert_int_eq(band_at(NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 151, &r), NON);
    /* imperial untouched */
    ck_assert_int_eq(band_at(NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_IMPERIAL, 120, &r), LNG);
}
END_TEST

/* F-DATA: an unknown range gives EUNKNOWN naming it; the band is untouched. */
START_TEST(unknown_range) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(
        napfire_rules_set_range(&r, NAPFIRE_WEAPON_RIFLE, NAPFIRE_MEASURE_IMPERIAL, NAPFIRE_UNKNOWN, NAPFIRE_UNKNOWN),
        NAPFIRE_OK);
    napfire_unit f, t;
    napfire_shot s;
    unit_new(&f, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&f, NAPFIRE_UNIT_WEAPON, NAPFIRE_WEAPON_RIFLE);
    uset(&f, NAPFIRE_UNIT_FIGURES, 20);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 30);
    int32_t band = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_band(&s, &r, &band), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(band, SENTINEL_I32);
    napfire_result res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_RANGE);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_WEAPON_RIFLE);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_IMPERIAL);
    ck_assert_int_eq(res.missing_index[2], NAPFIRE_ARM_LIGHT_INFANTRY);
    ck_assert_msg(res.missing_index[3] == NAPFIRE_BAND_EFFECTIVE || res.missing_index[3] == NAPFIRE_BAND_LONG,
                  "missing band %d", (int)res.missing_index[3]);
    /* the metric table of the same weapon still works */
    sset(&s, NAPFIRE_SHOT_MEASURE, NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(band_of(&s, &r), NAPFIRE_BAND_EFFECTIVE);
}
END_TEST

/* F-TAB-6: cavalry fire has no band (EDOMAIN from shot_band). */
START_TEST(cavalry_has_no_band) {
    napfire_unit f, t;
    napfire_shot s;
    unit_new(&f, NAPFIRE_ARM_CAVALRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    int32_t band = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_band(&s, NULL, &band), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(band, SENTINEL_I32);
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-MOD */

/* The breakdown of a shot at 50 mm; cross-checked against resolve (its
 * net_modifier and modified_roll) with the made-up complete table. */
static mods_t mods_for(const napfire_unit *f, const napfire_unit *t, int32_t enfilade, int32_t extra,
                       const napfire_rules *r) {
    napfire_shot s;
    shot_at(&s, f, t, NAPFIRE_MEASURE_METRIC, 50);
    sset(&s, NAPFIRE_SHOT_ENFILADE, enfilade);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
    mods_t m = mods_of(&s, r);
    mods_consistent(&m);

    napfire_rules mu;
    if (r != NULL)
        memcpy(&mu, r, sizeof mu);
    else
        rules_new(&mu);
    made_up_musketry(&mu);
    napfire_result res = resolve_ok(&s, &mu, 7, 4);
    ck_assert_int_eq(res.net_modifier, m.net);
    ck_assert_int_eq(res.modified_roll, 7 + m.net);
    return m;
}

/* No class bonus: GUARD, ELITE, RAW absent; STEADY, if listed, is 0. */
static void no_class_bonus(const mods_t *m) {
    mod_absent(m, NAPFIRE_MOD_GUARD);
    mod_absent(m, NAPFIRE_MOD_ELITE);
    mod_absent(m, NAPFIRE_MOD_RAW);
    const napfire_modifier *st = mod_find(m, NAPFIRE_MOD_STEADY);
    if (st != NULL) {
        ck_assert_int_eq(st->value, 0);
        ck_assert_int_eq(st->applied, 1);
    }
}

/* Only a class item (STEADY 0 at most) and nothing else. */
static void only_class_items(const mods_t *m) {
    for (size_t i = 0; i < m->count; i++)
        ck_assert_msg(m->items[i].id >= NAPFIRE_MOD_GUARD && m->items[i].id <= NAPFIRE_MOD_RAW,
                      "unexpected modifier %s", napfire_modifier_name(m->items[i].id));
}

/* F-MOD-1, F-MOD-2, F-MOD-3 (Decision: 0), F-MOD-4: class modifiers. */
START_TEST(class_modifiers) {
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    const struct {
        int32_t cls, id, value;
    } cases[] = {
        {NAPFIRE_CLASS_GUARD, NAPFIRE_MOD_GUARD, 2},
        {NAPFIRE_CLASS_ELITE, NAPFIRE_MOD_ELITE, 1},
        {NAPFIRE_CLASS_CONSCRIPT, NAPFIRE_MOD_RAW, -2},
        {NAPFIRE_CLASS_MILITIA, NAPFIRE_MOD_RAW, -2},
    };
    for (size_t i = 0; i < NF_NELEM(cases); i++) {
        infantry(&f, NAPFIRE_NATION_FRANCE, cases[i].cls, NAPFIRE_FORMATION_LINE, 24);
        mods_t m = mods_for(&f, &t, 0, 0, NULL);
        mod_applied(&m, cases[i].id, cases[i].value);
        ck_assert_int_eq(m.net, cases[i].value);
        ck_assert_uint_eq(m.count, 1);
    }
    const int32_t steady[] = {NAPFIRE_CLASS_VETERAN, NAPFIRE_CLASS_LINE, NAPFIRE_CLASS_SECOND_RATE};
    for (size_t i = 0; i < NF_NELEM(steady); i++) {
        infantry(&f, NAPFIRE_NATION_FRANCE, steady[i], NAPFIRE_FORMATION_LINE, 24);
        mods_t m = mods_for(&f, &t, 0, 0, NULL);
        no_class_bonus(&m);
        only_class_items(&m);
        ck_assert_int_eq(m.net, 0);
    }
    /* the light infantry arm gets the same class modifiers */
    unit_new(&f, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&f, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_ELITE);
    uset(&f, NAPFIRE_UNIT_FIGURES, 20);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_ELITE, 1);
}
END_TEST

/* F-MOD-5: British/KGL in line or column of divisions; not other
 * formations (open order included), not in buildings, not other nations. */
START_TEST(british_line) {
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    for (int32_t n = NAPFIRE_NATION_OTHER; n <= NAPFIRE_NATION_RUSSIA; n++)
        for (int32_t form = NAPFIRE_FORMATION_LINE; form <= NAPFIRE_FORMATION_OPEN_ORDER; form++) {
            infantry(&f, n, NAPFIRE_CLASS_VETERAN, form, 30);
            int want = (n == NAPFIRE_NATION_BRITAIN || n == NAPFIRE_NATION_KGL) &&
                       (form == NAPFIRE_FORMATION_LINE || form == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
            mods_t m = mods_for(&f, &t, 0, 0, NULL);
            if (want) {
                mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
                ck_assert_int_eq(m.net, 1);
            } else {
                ck_assert_msg(mod_find(&m, NAPFIRE_MOD_BRITISH_LINE) == NULL, "BRITISH_LINE for %s in %s",
                              napfire_enum_name(NAPFIRE_ENUM_NATION, n),
                              napfire_enum_name(NAPFIRE_ENUM_FORMATION, form));
                ck_assert_int_eq(m.net, 0);
            }
        }
    /* the firer in buildings: no +1; in (ordinary) cover: still +1 */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_VETERAN, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_BRITISH_LINE);
    uset(&f, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    /* KGL in column of divisions (Decision) */
    infantry(&f, NAPFIRE_NATION_KGL, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 30);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    /* British light infantry in line */
    unit_new(&f, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    uset(&f, NAPFIRE_UNIT_FIGURES, 30);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    /* Portugal: none */
    infantry(&f, NAPFIRE_NATION_PORTUGAL, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_BRITISH_LINE);
    ck_assert_int_eq(m.net, 1);
}
END_TEST

/* F-MOD-6 and F-MOD-7 on and off. */
START_TEST(fired_last_turn_and_disordered) {
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    base_firer(&f, 24);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_FIRED_LAST_TURN);
    mod_absent(&m, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, 0);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2);
    ck_assert_int_eq(m.net, -2);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 0);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_DISORDERED, -4);
    ck_assert_int_eq(m.net, -4);
}
END_TEST

/* F-MOD-8..16: every target condition on, each alone: F-MOD-8 column,
 * F-MOD-9 square, F-MOD-10 mass (any nation), F-MOD-13 open order (F-OO-2),
 * F-MOD-14 skirmishers, F-MOD-16 buildings. */
START_TEST(target_conditions) {
    napfire_unit f, t;
    base_firer(&f, 24);

    /* off: a plain target in line in the open */
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    only_class_items(&m);
    ck_assert_int_eq(m.net, 0);

    const struct {
        int32_t formation, id, value;
    } forms[] = {
        {NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, NAPFIRE_MOD_COLUMN, 1},
        {NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, NAPFIRE_MOD_COLUMN, 1},
        {NAPFIRE_FORMATION_MASSED_COLUMN, NAPFIRE_MOD_COLUMN, 2},
        {NAPFIRE_FORMATION_SQUARE, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2},
        {NAPFIRE_FORMATION_MASS, NAPFIRE_MOD_MASS, 2},
        {NAPFIRE_FORMATION_OPEN_ORDER, NAPFIRE_MOD_OPEN_ORDER, -2},
        {NAPFIRE_FORMATION_SKIRMISH, NAPFIRE_MOD_SKIRMISHERS, -4},
    };
    for (size_t i = 0; i < NF_NELEM(forms); i++) {
        plain_target(&t, forms[i].formation);
        m = mods_for(&f, &t, 0, 0, NULL);
        mod_applied(&m, forms[i].id, forms[i].value);
        ck_assert_int_eq(m.net, forms[i].value);
        no_class_bonus(&m);
    }

    /* F-MOD-8 applies to cavalry in column too */
    unit_new(&t, NAPFIRE_ARM_CAVALRY);
    uset(&t, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    uset(&t, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    uset(&t, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LINE);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_COLUMN);
    ck_assert_int_eq(m.net, 0);

    /* F-MOD-12 charging cavalry, on and off */
    mod_absent(&m, NAPFIRE_MOD_CHARGING_CAVALRY);
    uset(&t, NAPFIRE_UNIT_CHARGING, 1);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_CHARGING_CAVALRY, -2);
    ck_assert_int_eq(m.net, -2);

    /* F-MOD-9 enfilade */
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    m = mods_for(&f, &t, 1, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    ck_assert_int_eq(m.net, 2);

    /* F-MOD-15, F-MOD-16 cover */
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_COVER, -2);
    ck_assert_int_eq(m.net, -2);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_COVER, -1);
    ck_assert_int_eq(m.net, -1);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_BUILDINGS, -4);
    mod_absent(&m, NAPFIRE_MOD_COVER);
    ck_assert_int_eq(m.net, -4);
}
END_TEST

/* F-MOD-11: artillery in position -2; nothing when massed or limbered. */
START_TEST(artillery_target) {
    napfire_unit f, t;
    base_firer(&f, 24);
    const int32_t arms[] = {NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_ARM_HORSE_ARTILLERY};
    for (size_t i = 0; i < 2; i++) {
        battery(&t, arms[i], NAPFIRE_GUN_P6, 6);
        mods_t m = mods_for(&f, &t, 0, 0, NULL);
        mod_applied(&m, NAPFIRE_MOD_ARTILLERY, -2);
        ck_assert_int_eq(m.net, -2);

        uset(&t, NAPFIRE_UNIT_MASSED_BATTERY, 1);
        m = mods_for(&f, &t, 0, 0, NULL);
        mod_absent(&m, NAPFIRE_MOD_ARTILLERY);
        ck_assert_int_eq(m.net, 0);

        uset(&t, NAPFIRE_UNIT_MASSED_BATTERY, 0);
        uset(&t, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
        m = mods_for(&f, &t, 0, 0, NULL);
        mod_absent(&m, NAPFIRE_MOD_ARTILLERY);
        ck_assert_int_eq(m.net, 0);
    }
}
END_TEST

/* F-MOD-9 Decision: square or enfilade once; F-MOD-S: column + enfilade = +3. */
START_TEST(stacking) {
    napfire_unit f, t;
    base_firer(&f, 24);
    plain_target(&t, NAPFIRE_FORMATION_SQUARE);
    mods_t m = mods_for(&f, &t, 1, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    ck_assert_int_eq(m.net, 2);

    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    m = mods_for(&f, &t, 1, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    ck_assert_int_eq(m.net, 3);

    plain_target(&t, NAPFIRE_FORMATION_MASSED_COLUMN);
    m = mods_for(&f, &t, 1, 0, NULL);
    ck_assert_int_eq(m.net, 4);

    /* several negatives add: fired last turn, conscripts, target in cover
     * and open order: -2 -2 -2 -2 */
    infantry(&f, NAPFIRE_NATION_SPAIN, NAPFIRE_CLASS_CONSCRIPT, NAPFIRE_FORMATION_LINE, 24);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_OPEN_ORDER);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_RAW, -2);
    mod_applied(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2);
    mod_applied(&m, NAPFIRE_MOD_OPEN_ORDER, -2);
    mod_applied(&m, NAPFIRE_MOD_COVER, -2);
    ck_assert_int_eq(m.net, -8);
}
END_TEST

/* F-MOD-G: British Guard in line: +2, BRITISH_LINE suppressed by GUARD_CAP. */
START_TEST(guard_cap) {
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    const int32_t nations[] = {NAPFIRE_NATION_BRITAIN, NAPFIRE_NATION_KGL};
    const int32_t forms[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS};
    for (size_t i = 0; i < 2; i++)
        for (size_t j = 0; j < 2; j++) {
            infantry(&f, nations[i], NAPFIRE_CLASS_GUARD, forms[j], 30);
            mods_t m = mods_for(&f, &t, 0, 0, NULL);
            mod_applied(&m, NAPFIRE_MOD_GUARD, 2);
            mod_suppressed(&m, NAPFIRE_MOD_BRITISH_LINE, 1, NAPFIRE_MOD_GUARD_CAP);
            ck_assert_int_eq(m.net, 2);
        }
    /* fired last turn is not a firer bonus: it still applies */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_suppressed(&m, NAPFIRE_MOD_BRITISH_LINE, 1, NAPFIRE_MOD_GUARD_CAP);
    mod_applied(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2);
    ck_assert_int_eq(m.net, 0);
    /* target bonuses are not capped: British Guard in line at a column = 2 + 1 */
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 0);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    m = mods_for(&f, &t, 0, 0, NULL);
    ck_assert_int_eq(m.net, 3);
    /* F-MOD-E: EXTRA is outside the cap */
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    m = mods_for(&f, &t, 0, 2, NULL);
    mod_suppressed(&m, NAPFIRE_MOD_BRITISH_LINE, 1, NAPFIRE_MOD_GUARD_CAP);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, 2);
    ck_assert_int_eq(m.net, 4);
    /* non-Guard British elite: +1 +1, no cap */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_ELITE, 1);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    ck_assert_int_eq(m.net, 2);
    /* French Guard: no BRITISH_LINE item at all */
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 30);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_BRITISH_LINE);
    ck_assert_int_eq(m.net, 2);
}
END_TEST

/* F-MOD-G cap is rules data: a cap of 3 lets the British Guard have +3. */
START_TEST(guard_cap_is_data) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, 3), NAPFIRE_OK);
    napfire_unit f, t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 30);
    mods_t m = mods_for(&f, &t, 0, 0, &r);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    ck_assert_int_eq(m.net, 3);
}
END_TEST

/* F-MOD-X: a disordered firer: no other negative; positives apply. */
START_TEST(exclusive_disordered) {
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_CONSCRIPT, NAPFIRE_FORMATION_LINE, 24);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_OPEN_ORDER);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_DISORDERED, -4);
    mod_suppressed(&m, NAPFIRE_MOD_RAW, -2, NAPFIRE_MOD_DISORDERED);
    mod_suppressed(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2, NAPFIRE_MOD_DISORDERED);
    mod_suppressed(&m, NAPFIRE_MOD_OPEN_ORDER, -2, NAPFIRE_MOD_DISORDERED);
    mod_suppressed(&m, NAPFIRE_MOD_BUILDINGS, -4, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, -4);

    /* positives still apply: disordered Guard at an enfiladed column in cover */
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 24);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
    m = mods_for(&f, &t, 1, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_GUARD, 2);
    mod_applied(&m, NAPFIRE_MOD_DISORDERED, -4);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    mod_suppressed(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2, NAPFIRE_MOD_DISORDERED);
    mod_suppressed(&m, NAPFIRE_MOD_COVER, -1, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, 1);

    /* F-MOD-E: a negative EXTRA is outside the exclusivity */
    m = mods_for(&f, &t, 1, -3, NULL);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, -3);
    ck_assert_int_eq(m.net, -2);

    /* F-MOD-11 artillery target with a disordered firer: suppressed */
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    battery(&t, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 6);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_suppressed(&m, NAPFIRE_MOD_ARTILLERY, -2, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, -4);
    /* F-MOD-12 charging cavalry likewise */
    unit_new(&t, NAPFIRE_ARM_CAVALRY);
    uset(&t, NAPFIRE_UNIT_CHARGING, 1);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_suppressed(&m, NAPFIRE_MOD_CHARGING_CAVALRY, -2, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, -4);
}
END_TEST

/* F-MOD-X: a skirmisher target: only its -4 among the negatives. */
START_TEST(exclusive_skirmishers) {
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_MILITIA, NAPFIRE_FORMATION_LINE, 24);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_SKIRMISHERS, -4);
    mod_suppressed(&m, NAPFIRE_MOD_RAW, -2, NAPFIRE_MOD_SKIRMISHERS);
    mod_suppressed(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2, NAPFIRE_MOD_SKIRMISHERS);
    mod_suppressed(&m, NAPFIRE_MOD_COVER, -2, NAPFIRE_MOD_SKIRMISHERS);
    ck_assert_int_eq(m.net, -4);

    /* in buildings */
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_suppressed(&m, NAPFIRE_MOD_BUILDINGS, -4, NAPFIRE_MOD_SKIRMISHERS);
    ck_assert_int_eq(m.net, -4);

    /* positives apply: elite firer, enfilade, EXTRA (outside) */
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 24);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    m = mods_for(&f, &t, 1, -1, NULL);
    mod_applied(&m, NAPFIRE_MOD_ELITE, 1);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, -1);
    mod_suppressed(&m, NAPFIRE_MOD_FIRED_LAST_TURN, -2, NAPFIRE_MOD_SKIRMISHERS);
    ck_assert_int_eq(m.net, 1 - 4 + 2 - 1);
}
END_TEST

/* F-MOD-X both: DISORDERED applied, SKIRMISHERS suppressed by it. */
START_TEST(exclusive_both) {
    napfire_unit f, t;
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_DISORDERED, -4);
    mod_suppressed(&m, NAPFIRE_MOD_SKIRMISHERS, -4, NAPFIRE_MOD_DISORDERED);
    ck_assert_int_eq(m.net, -4);

    /* with other negatives: each suppressed (by one of the two -4s) */
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = mods_for(&f, &t, 0, 0, NULL);
    mod_applied(&m, NAPFIRE_MOD_DISORDERED, -4);
    mod_suppressed(&m, NAPFIRE_MOD_SKIRMISHERS, -4, NAPFIRE_MOD_DISORDERED);
    const int32_t others[] = {NAPFIRE_MOD_FIRED_LAST_TURN, NAPFIRE_MOD_COVER};
    for (size_t i = 0; i < 2; i++) {
        const napfire_modifier *it = mod_find(&m, others[i]);
        ck_assert_ptr_nonnull(it);
        ck_assert_int_eq(it->applied, 0);
        ck_assert(it->suppressed_by == NAPFIRE_MOD_DISORDERED || it->suppressed_by == NAPFIRE_MOD_SKIRMISHERS);
    }
    ck_assert_int_eq(m.net, -4);
}
END_TEST

/* F-MOD-E: EXTRA_MODIFIER listed as item EXTRA, last, only when non-zero. */
START_TEST(extra_modifier) {
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_SQUARE);
    mods_t m = mods_for(&f, &t, 0, 0, NULL);
    mod_absent(&m, NAPFIRE_MOD_EXTRA);
    ck_assert_int_eq(m.net, 4);
    m = mods_for(&f, &t, 0, 10, NULL);
    ck_assert_int_eq(m.items[m.count - 1].id, NAPFIRE_MOD_EXTRA);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, 10);
    ck_assert_int_eq(m.net, 14);
    m = mods_for(&f, &t, 0, -10, NULL);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, -10);
    ck_assert_int_eq(m.net, -6);
}
END_TEST

/* F-DATA: modifier values come from the rules data. */
START_TEST(modifier_values_are_data) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_ELITE, 0, 3), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_COVER, 1, -3), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_COLUMN, 1, 5), NAPFIRE_OK);
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_MASSED_COLUMN);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
    mods_t m = mods_for(&f, &t, 0, 0, &r);
    mod_applied(&m, NAPFIRE_MOD_ELITE, 3);
    mod_applied(&m, NAPFIRE_MOD_COVER, -3);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 5);
    ck_assert_int_eq(m.net, 5);
    /* the variant-0 values are untouched */
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = mods_for(&f, &t, 0, 0, &r);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    mod_applied(&m, NAPFIRE_MOD_COVER, -2);
}
END_TEST

/* F-DATA: an unknown modifier value that is needed gives EUNKNOWN naming
 * it; items are written (the unknown one with applied = -1), net untouched. */
START_TEST(unknown_modifier) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(
        napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_COVER, 1, NAPFIRE_MODIFIER_UNKNOWN),
        NAPFIRE_OK);
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    /* condition off: not needed */
    mods_t m = mods_of(&s, &r);
    ck_assert_int_eq(m.net, 1);

    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    napfire_modifier items[32];
    size_t count = 999;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(&s, &r, items, 32, &count, &net), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(net, SENTINEL_I32);
    ck_assert_uint_ge(count, 2);
    ck_assert_uint_le(count, 32);
    int seen = 0;
    for (size_t i = 0; i < count; i++) {
        if (items[i].id == NAPFIRE_MOD_COVER) {
            ck_assert_int_eq(items[i].applied, -1);
            seen = 1;
        } else if (items[i].id == NAPFIRE_MOD_ELITE) {
            ck_assert_int_eq(items[i].applied, 1);
            ck_assert_int_eq(items[i].value, 1);
        }
    }
    ck_assert(seen);

    napfire_result res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MODIFIER);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_FIRE_MUSKETRY);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MOD_COVER);
    ck_assert_int_eq(res.missing_index[2], 1);
    ck_assert_int_eq(res.missing_index[3], -1);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
}
END_TEST

/* shot_modifiers: ENOSPC reports the count and writes no item; cap 0 with
 * NULL items asks for the count. */
/* F-MOD breakdown, API contract Errors (ENOSPC), F-TAB-6 */
START_TEST(modifiers_enospc) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
    napfire_modifier items[3];
    memset(items, SENTINEL_BYTE, sizeof items);
    size_t count = 999;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, items, 2, &count, &net), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(count, 3);
    ck_assert_int_eq(net, SENTINEL_I32);
    napfire_modifier sentinel[3];
    memset(sentinel, SENTINEL_BYTE, sizeof sentinel);
    ck_assert_int_eq(memcmp(items, sentinel, sizeof items), 0);
    count = 999;
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, NULL, 0, &count, &net), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(count, 3);
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, items, 3, &count, &net), NAPFIRE_OK);
    ck_assert_uint_eq(count, 3);
    ck_assert_int_eq(net, 3);
    ck_assert_int_eq(items[0].id, NAPFIRE_MOD_ELITE);
    ck_assert_int_eq(items[1].id, NAPFIRE_MOD_BRITISH_LINE);
    ck_assert_int_eq(items[2].id, NAPFIRE_MOD_COLUMN);

    /* a shot the documents do not cover has no items */
    unit_new(&f, NAPFIRE_ARM_CAVALRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    count = 999;
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, NULL, 0, &count, &net), NAPFIRE_OK);
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(net, 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-TAB */

/* Row and column used by a shot from the made-up complete table. */
static napfire_result resolve_made_up(const napfire_shot *s, int32_t roll, int32_t die) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    return resolve_ok(s, &r, roll, die);
}

static int32_t row_for(int32_t formation, int32_t figures, int32_t firing) {
    napfire_unit f, t;
    napfire_shot s;
    base_firer(&f, figures);
    uset(&f, NAPFIRE_UNIT_FORMATION, formation);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    sset(&s, NAPFIRE_SHOT_FIRING_FIGURES, firing);
    napfire_result res = resolve_made_up(&s, 8, 4);
    assert_permitted(&res);
    return res.row;
}

/* F-TAB-1: rows by firing figures, both sides of 12, 20, 28, 36. */
START_TEST(rows_by_figures) {
    const int32_t L = NAPFIRE_FORMATION_LINE;
    ck_assert_int_eq(row_for(L, 1, 0), 0);
    ck_assert_int_eq(row_for(L, 11, 0), 0);
    ck_assert_int_eq(row_for(L, 12, 0), 1);
    ck_assert_int_eq(row_for(L, 19, 0), 1); /* the table's note: a line of 18 fires as column of divisions */
    ck_assert_int_eq(row_for(L, 20, 0), 2);
    ck_assert_int_eq(row_for(L, 27, 0), 2);
    ck_assert_int_eq(row_for(L, 28, 0), 3);
    ck_assert_int_eq(row_for(L, 35, 0), 3);
    ck_assert_int_eq(row_for(L, 36, 0), 4);
    ck_assert_int_eq(row_for(L, NAPFIRE_MAX_FIGURES, 0), 4);
    /* F-TAB-5, F-OO-2: open order by figures, like line */
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_OPEN_ORDER, 36, 0), 4);
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_OPEN_ORDER, 11, 0), 0);
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_OPEN_ORDER, 28, 0), 3);
}
END_TEST

/* F-TAB-2: formation caps. */
START_TEST(rows_by_formation) {
    const int32_t capped0[] = {NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, NAPFIRE_FORMATION_SQUARE,
                               NAPFIRE_FORMATION_MASSED_COLUMN, NAPFIRE_FORMATION_MASS};
    for (size_t i = 0; i < NF_NELEM(capped0); i++) {
        ck_assert_int_eq(row_for(capped0[i], 48, 0), 0);
        ck_assert_int_eq(row_for(capped0[i], 12, 0), 0);
        ck_assert_int_eq(row_for(capped0[i], 5, 0), 0);
    }
    const int32_t D = NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS;
    ck_assert_int_eq(row_for(D, 48, 0), 1);
    ck_assert_int_eq(row_for(D, 20, 0), 1);
    ck_assert_int_eq(row_for(D, 12, 0), 1);
    ck_assert_int_eq(row_for(D, 11, 0), 0); /* the smaller of the two */
}
END_TEST

/* F-TAB-2: FIRING_FIGURES overrides the unit's figures for the row. */
START_TEST(rows_firing_figures) {
    const int32_t L = NAPFIRE_FORMATION_LINE;
    ck_assert_int_eq(row_for(L, 40, 0), 4);
    ck_assert_int_eq(row_for(L, 40, 40), 4);
    ck_assert_int_eq(row_for(L, 40, 36), 4);
    ck_assert_int_eq(row_for(L, 40, 35), 3);
    ck_assert_int_eq(row_for(L, 40, 12), 1);
    ck_assert_int_eq(row_for(L, 40, 11), 0);
    ck_assert_int_eq(row_for(L, 40, 1), 0);
    /* caps still apply */
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 40, 36), 1);
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 40, 11), 0);
    ck_assert_int_eq(row_for(NAPFIRE_FORMATION_SQUARE, 40, 40), 0);
}
END_TEST

/* F-TAB-1 row bands are rules data. */
START_TEST(rows_are_data) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_ROW_2, 0, 10), NAPFIRE_OK);
    napfire_unit f, t;
    napfire_shot s;
    base_firer(&f, 10);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    napfire_result res = resolve_ok(&s, &r, 8, 4);
    ck_assert_int_eq(res.row, 1);
    /* an unknown row threshold that is needed: EUNKNOWN naming it */
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_ROW_2, 0, NAPFIRE_UNKNOWN), NAPFIRE_OK);
    res = resolve_st(&s, &r, 8, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_ROW_2);
}
END_TEST

static napfire_result at_modified_roll(int32_t modified, int32_t figures) {
    napfire_unit f, t;
    napfire_shot s;
    int32_t roll, extra;
    roll_for(modified, &roll, &extra);
    base_firer(&f, figures);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
    napfire_result res = resolve_made_up(&s, roll, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.modified_roll, modified);
    return res;
}

/* F-TAB-3: columns by modified roll; below 1 no effect; above 18 → 17-18. */
START_TEST(columns_by_modified_roll) {
    for (int32_t m = 1; m <= 18; m++) {
        napfire_result res = at_modified_roll(m, 40);
        ck_assert_msg(res.column == (m - 1) / 2, "modified roll %d: column %d", (int)m, (int)res.column);
        ck_assert_int_eq(res.row, 4);
    }
    const int32_t low[] = {0, -1, -8};
    for (size_t i = 0; i < NF_NELEM(low); i++) {
        napfire_result res = at_modified_roll(low[i], 40);
        ck_assert_int_eq(res.column, -1);
        ck_assert_int_eq(res.table_halves, 0);
        ck_assert_int_eq(res.halves, 0);
        ck_assert_int_eq(res.half_die_used, 0);
        ck_assert_int_eq(res.half_pending, 0);
        assert_casualties(&res, 0, 0, 0);
    }
    const int32_t high[] = {19, 20, 22};
    for (size_t i = 0; i < NF_NELEM(high); i++) {
        napfire_result res = at_modified_roll(high[i], 40);
        ck_assert_int_eq(res.column, 8);
        ck_assert_int_eq(res.table_halves, mu_halves(4, 8));
    }
}
END_TEST

/* F-TAB-3 with the built-in data: 0 → no effect; 1 and 2 → the first
 * column ("-"), all status OK because no unknown cell is needed. */
START_TEST(columns_builtin_edges) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_CONSCRIPT, NAPFIRE_FORMATION_LINE, 40);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    napfire_result res = resolve_ok(&s, NULL, 2, 0); /* 2 - 2 = 0 */
    assert_permitted(&res);
    ck_assert_int_eq(res.modified_roll, 0);
    ck_assert_int_eq(res.column, -1);
    assert_casualties(&res, 0, 0, 0);
    res = resolve_ok(&s, NULL, 3, 0); /* 1 */
    ck_assert_int_eq(res.column, 0);
    ck_assert_int_eq(res.row, 4);
    assert_casualties(&res, 0, 0, 0);
    res = resolve_ok(&s, NULL, 4, 0); /* 2 */
    ck_assert_int_eq(res.column, 0);
    res = resolve_st(&s, NULL, 5, 0, NAPFIRE_EUNKNOWN); /* 3: row 4 column 1 unknown */
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MUSKETRY_CELL);
    ck_assert_int_eq(res.missing_index[0], 4);
    ck_assert_int_eq(res.missing_index[1], 1);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Verdicts (API contract precedence; F-TAB-6, F-ART-2/3, F-RNG, F-SCR-2) */

static void verdict_shot(napfire_shot *s, napfire_unit *f, int32_t distance) {
    napfire_unit t;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(s, f, &t, NAPFIRE_MEASURE_METRIC, distance);
}

START_TEST(verdict_not_covered) {
    napfire_unit f;
    napfire_shot s;
    /* cavalry fire */
    unit_new(&f, NAPFIRE_ARM_CAVALRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    verdict_shot(&s, &f, 50);
    napfire_result res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_NOT_COVERED, BIT(NAPFIRE_REASON_NOT_COVERED));
    /* and no modifier is guessed for it: an empty breakdown, net 0 */
    mods_t m = mods_of(&s, NULL);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_int_eq(m.net, 0);
    /* skirmish-order fire (both infantry arms) */
    base_firer(&f, 12);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SKIRMISH);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_NOT_COVERED, BIT(NAPFIRE_REASON_NOT_COVERED));
    m = mods_of(&s, NULL);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_int_eq(m.net, 0);
    unit_new(&f, NAPFIRE_ARM_LIGHT_INFANTRY);
    uset(&f, NAPFIRE_UNIT_FIGURES, 12);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SKIRMISH);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_NOT_COVERED, BIT(NAPFIRE_REASON_NOT_COVERED));
}
END_TEST

/* F-TAB-6, F-ART-2, F-ART-3 (infantry Decision), F-RNG-2 */
START_TEST(verdict_single_clauses) {
    napfire_unit f;
    napfire_shot s;
    napfire_result res;

    base_firer(&f, 0);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 12, 6); /* roll 12 would need an unknown cell */
    assert_forbidden(&res, NAPFIRE_REASON_NO_FIGURES, BIT(NAPFIRE_REASON_NO_FIGURES));

    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_ALREADY_FIRED, BIT(NAPFIRE_REASON_ALREADY_FIRED));

    /* F-ART-3 Decision: infantry that moved more than half may not fire */
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_MOVED_TOO_FAR, BIT(NAPFIRE_REASON_MOVED_TOO_FAR));
    /* ... but up to half is fine (F-EX-1) */
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 2, 6);
    assert_permitted(&res);

    base_firer(&f, 24);
    verdict_shot(&s, &f, 201);
    res = resolve_ok(&s, NULL, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_OUT_OF_RANGE, BIT(NAPFIRE_REASON_OUT_OF_RANGE));
    ck_assert_int_eq(res.band, NAPFIRE_BAND_NONE);
}
END_TEST

/* Several clauses: reason is the first in enum order, reasons has each. */
/* API contract reason precedence, F-TAB-6, F-ART-2/3, F-RNG, F-SCR-2 */
START_TEST(verdict_precedence) {
    napfire_unit f, t;
    napfire_shot s;
    napfire_result res;

    /* NO_FIGURES + ALREADY_FIRED + MOVED_TOO_FAR + OUT_OF_RANGE */
    base_firer(&f, 0);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    verdict_shot(&s, &f, 250);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_NO_FIGURES,
                     BIT(NAPFIRE_REASON_NO_FIGURES) | BIT(NAPFIRE_REASON_ALREADY_FIRED) |
                         BIT(NAPFIRE_REASON_MOVED_TOO_FAR) | BIT(NAPFIRE_REASON_OUT_OF_RANGE));

    /* ALREADY_FIRED + MOVED_TOO_FAR */
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_ALREADY_FIRED,
                     BIT(NAPFIRE_REASON_ALREADY_FIRED) | BIT(NAPFIRE_REASON_MOVED_TOO_FAR));

    /* MOVED_TOO_FAR + SCREENED */
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 80);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_MOVED_TOO_FAR,
                     BIT(NAPFIRE_REASON_MOVED_TOO_FAR) | BIT(NAPFIRE_REASON_SCREENED));

    /* OUT_OF_RANGE + SCREENED */
    base_firer(&f, 24);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 201);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 51);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_OUT_OF_RANGE,
                     BIT(NAPFIRE_REASON_OUT_OF_RANGE) | BIT(NAPFIRE_REASON_SCREENED));

    /* NOT_COVERED first: cavalry with no figures that fired and moved */
    unit_new(&f, NAPFIRE_ARM_CAVALRY);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_NOT_COVERED,
                     BIT(NAPFIRE_REASON_NOT_COVERED) | BIT(NAPFIRE_REASON_NO_FIGURES) |
                         BIT(NAPFIRE_REASON_ALREADY_FIRED) | BIT(NAPFIRE_REASON_MOVED_TOO_FAR));

    /* NOT_COVERED: skirmish-order firer that already fired */
    base_firer(&f, 24);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SKIRMISH);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    verdict_shot(&s, &f, 50);
    res = resolve_ok(&s, NULL, 7, 3);
    assert_forbidden(&res, NAPFIRE_REASON_NOT_COVERED,
                     BIT(NAPFIRE_REASON_NOT_COVERED) | BIT(NAPFIRE_REASON_ALREADY_FIRED));
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-EX-1 verbatim, built-in data (rules NULL and an initialised object). */

static void fex1_shot(napfire_shot *s, int32_t measure, int32_t distance) {
    napfire_unit f, t;
    /* British elite battalion, 30 figures, line, moved half its move. */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    /* Target: a French column. */
    infantry(&t, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 36);
    shot_at(s, &f, &t, measure, distance);
}

static void fex1_check(const napfire_result *res, int32_t die) {
    assert_permitted(res);
    ck_assert_int_eq(res->band, NAPFIRE_BAND_LONG);
    ck_assert_int_eq(res->net_modifier, 3); /* +1 elite, +1 British line, +1 column */
    ck_assert_int_eq(res->modified_roll, 11);
    ck_assert_int_eq(res->row, 3);           /* medium line */
    ck_assert_int_eq(res->column, 5);        /* 11-12 */
    ck_assert_int_eq(res->table_halves, 10); /* 5 figures */
    ck_assert_int_eq(res->halves, 5);        /* long range: 2½ */
    if (die == 0) {
        ck_assert_int_eq(res->half_pending, 1);
        ck_assert_int_eq(res->half_die_used, 0);
        assert_casualties(res, 2, 2, 0);
    } else {
        ck_assert_int_eq(res->half_pending, 0);
        ck_assert_int_eq(res->half_die_used, 1);
        int32_t want = die >= 4 ? 3 : 2;
        assert_casualties(res, want, want, 0);
    }
    ck_assert_int_eq(res->missing, NAPFIRE_MISSING_NONE);
    assert_reserved_zero(res);
}

START_TEST(fex1_metric) {
    napfire_shot s;
    fex1_shot(&s, NAPFIRE_MEASURE_METRIC, 150);
    napfire_rules r;
    rules_new(&r);
    const napfire_rules *both[] = {NULL, &r};
    for (size_t k = 0; k < 2; k++) {
        ck_assert_int_eq(band_of(&s, both[k]), NAPFIRE_BAND_LONG);
        for (int32_t die = 0; die <= 6; die++) {
            napfire_result res = resolve_ok(&s, both[k], 8, die);
            fex1_check(&res, die);
        }
    }
    /* The breakdown: exactly ELITE, BRITISH_LINE, COLUMN, each +1. */
    mods_t m = mods_of(&s, NULL);
    ck_assert_uint_eq(m.count, 3);
    mod_applied(&m, NAPFIRE_MOD_ELITE, 1);
    mod_applied(&m, NAPFIRE_MOD_BRITISH_LINE, 1);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    ck_assert_int_eq(m.net, 3);
}
END_TEST

/* The same shot in inches: 9" = 90 tenths, the imperial table: long. */
/* F-EX-1, F-RNG-1 */
START_TEST(fex1_imperial) {
    napfire_shot s;
    fex1_shot(&s, NAPFIRE_MEASURE_IMPERIAL, 90);
    ck_assert_int_eq(band_of(&s, NULL), NAPFIRE_BAND_LONG);
    napfire_result res = resolve_ok(&s, NULL, 8, 6);
    fex1_check(&res, 6);
    res = resolve_ok(&s, NULL, 8, 3);
    fex1_check(&res, 3);
    res = resolve_ok(&s, NULL, 8, 0);
    fex1_check(&res, 0);
}
END_TEST

/* F-EX-1 at effective range: 5 figures, no die. */
START_TEST(fex1_effective) {
    napfire_shot s;
    fex1_shot(&s, NAPFIRE_MEASURE_METRIC, 100);
    napfire_result res = resolve_ok(&s, NULL, 8, 0);
    assert_permitted(&res);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.table_halves, 10);
    ck_assert_int_eq(res.halves, 10);
    ck_assert_int_eq(res.half_pending, 0);
    ck_assert_int_eq(res.half_die_used, 0);
    assert_casualties(&res, 5, 5, 0);
}
END_TEST

/* F-DATA: unknown cells on the built-in data → EUNKNOWN naming the cell,
 * the result filled as far as computed. */
START_TEST(fex1_unknown_cells) {
    napfire_shot s;
    fex1_shot(&s, NAPFIRE_MEASURE_METRIC, 150);
    for (int32_t roll = 2; roll <= 12; roll++) {
        int32_t mr = roll + 3;
        int32_t col = (mr - 1) / 2;
        int known = (col == 0 || col == 1 || col == 5);
        napfire_result res = resolve_st(&s, NULL, roll, 4, known ? NAPFIRE_OK : NAPFIRE_EUNKNOWN);
        ck_assert_int_eq(res.band, NAPFIRE_BAND_LONG);
        ck_assert_int_eq(res.net_modifier, 3);
        ck_assert_int_eq(res.modified_roll, mr);
        ck_assert_int_eq(res.row, 3);
        ck_assert_int_eq(res.column, col);
        if (!known) {
            ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MUSKETRY_CELL);
            ck_assert_int_eq(res.missing_index[0], 3);
            ck_assert_int_eq(res.missing_index[1], col);
            ck_assert_int_eq(res.missing_index[2], -1);
            ck_assert_int_eq(res.missing_index[3], -1);
        }
    }
    /* Every one of the 29 unknown cells is reported as such. */
    for (int32_t row = 0; row < 5; row++) {
        static const int32_t figs[] = {10, 15, 24, 30, 40};
        for (int32_t col = 0; col < 9; col++) {
            napfire_unit f, t;
            napfire_shot q;
            int32_t roll, extra;
            roll_for(2 * col + 1, &roll, &extra);
            base_firer(&f, figs[row]);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            shot_at(&q, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
            sset(&q, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
            int32_t h, star;
            int known = napfire_rules_get_musketry(NULL, row, col, &h, &star) == NAPFIRE_OK;
            napfire_result res = resolve_st(&q, NULL, roll, 4, known ? NAPFIRE_OK : NAPFIRE_EUNKNOWN);
            ck_assert_int_eq(res.row, row);
            ck_assert_int_eq(res.column, col);
            if (known) {
                ck_assert_int_eq(res.table_halves, h);
            } else {
                ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MUSKETRY_CELL);
                ck_assert_int_eq(res.missing_index[0], row);
                ck_assert_int_eq(res.missing_index[1], col);
            }
        }
    }
}
END_TEST

/* A verdict that forbids the shot wins over unknown data (status OK). */
/* F-DATA, F-ART-2, API contract Errors and verdicts */
START_TEST(verdict_before_unknown) {
    napfire_shot s;
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    napfire_result res = resolve_ok(&s, NULL, 12, 4);
    assert_forbidden(&res, NAPFIRE_REASON_ALREADY_FIRED, BIT(NAPFIRE_REASON_ALREADY_FIRED));
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_NONE);
}
END_TEST

/* The Guard cap is rules data; unknown, it is needed only for a Guard
 * firer, and EUNKNOWN names it. shot_modifiers lists what it built. */
/* F-MOD-G, F-DATA, API contract Errors and verdicts */
START_TEST(guard_cap_unknown) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, NAPFIRE_UNKNOWN), NAPFIRE_OK);
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    napfire_result res = resolve_st(&s, &r, 8, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_NONE);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_GUARD_CAP);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(res.missing_index[2], -1);
    ck_assert_int_eq(res.missing_index[3], -1);

    /* The items are known (GUARD +2, BRITISH_LINE +1) but the cap that
     * decides between them is not: no net modifier. */
    napfire_modifier items[8];
    size_t count = 999;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(&s, &r, items, 8, &count, &net), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(net, SENTINEL_I32);
    ck_assert_uint_eq(count, 2);
    ck_assert_int_eq(items[0].id, NAPFIRE_MOD_GUARD);
    ck_assert_int_eq(items[0].value, 2);
    ck_assert_int_eq(items[1].id, NAPFIRE_MOD_BRITISH_LINE);
    ck_assert_int_eq(items[1].value, 1);

    /* An Elite firer needs no cap: F-EX-1's +1 +1 at a line, roll 8 = 10. */
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    res = resolve_ok(&s, &r, 8, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.net_modifier, 2);
    ck_assert_int_eq(res.modified_roll, 10);
}
END_TEST

/*
 * F-MOD-G caps the firer's *bonuses*. MADE-UP HOUSE RULE, NOT FROM ANY
 * RULEBOOK: Guard worth -1 and a cap of 0. The -1 is no bonus: it neither
 * counts against the cap nor makes room under it, so the British line +1
 * is still over the cap and suppressed; the net is -1, not 0.
 */
START_TEST(guard_cap_ignores_penalties) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(napfire_rules_set_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, -1), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, 0), NAPFIRE_OK);
    napfire_unit f, t;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 30);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    mods_t m = mods_for(&f, &t, 0, 0, &r);
    mod_applied(&m, NAPFIRE_MOD_GUARD, -1);
    mod_suppressed(&m, NAPFIRE_MOD_BRITISH_LINE, 1, NAPFIRE_MOD_GUARD_CAP);
    ck_assert_int_eq(m.net, -1);
}
END_TEST

/* F-TAB-4: the star's 48 figures are rules data; unknown, only a starred
 * cell needs them. Made-up table row 5 (index 4): 7-8 is "4*", 17-18 a
 * plain 9. */
/* F-TAB-4, F-DATA */
START_TEST(star_threshold_unknown) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, NAPFIRE_UNKNOWN), NAPFIRE_OK);
    ck_assert(mu_star(4, 3));
    ck_assert(!mu_star(4, 8));
    napfire_unit f, t;
    napfire_shot s;
    base_firer(&f, 40);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    /* roll 8, no modifier: column 3 (7-8), a starred cell */
    napfire_result res = resolve_st(&s, &r, 8, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_STAR_FIGURES);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(res.row, 4);
    ck_assert_int_eq(res.column, 3);
    /* roll 12 + 6 = 18: column 8, plain 9 figures, no threshold needed */
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 6);
    res = resolve_ok(&s, &r, 12, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.column, 8);
    ck_assert_int_eq(res.table_halves, 18);
    assert_casualties(&res, 9, 9, 0);
}
END_TEST

/* With several unknowns the first in precedence order is named: the band
 * (F-RNG) comes before the screen threshold (F-SCR-2). */
/* F-DATA, F-RNG-1, F-SCR-2 */
START_TEST(first_unknown_named) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    ck_assert_int_eq(
        napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN, NAPFIRE_UNKNOWN),
        NAPFIRE_OK);
    napfire_unit f, t;
    napfire_shot s;
    base_firer(&f, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, 50);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 30);
    napfire_result res = resolve_st(&s, &r, 8, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_RANGE);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_WEAPON_MUSKET);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(res.missing_index[2], NAPFIRE_ARM_LINE_INFANTRY);
    ck_assert_int_eq(res.missing_index[3], NAPFIRE_BAND_EFFECTIVE);
    /* the range known again (F-RNG: 100 / 200 mm): now the threshold */
    ck_assert_int_eq(napfire_rules_set_range(&r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, 100, 200), NAPFIRE_OK);
    res = resolve_st(&s, &r, 8, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_SCREEN);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
}
END_TEST

static Suite *musketry_suite(void) {
    Suite *s = suite_create("musketry");
    TCase *tr = tcase_create("ranges");
    tcase_add_test(tr, musket_bands);
    tcase_add_test(tr, rifle_bands);
    tcase_add_test(tr, sharpshooter_bands);
    tcase_add_test(tr, custom_ranges);
    tcase_add_test(tr, unknown_range);
    tcase_add_test(tr, cavalry_has_no_band);
    suite_add_tcase(s, tr);

    TCase *tm = tcase_create("modifiers");
    tcase_add_test(tm, class_modifiers);
    tcase_add_test(tm, british_line);
    tcase_add_test(tm, fired_last_turn_and_disordered);
    tcase_add_test(tm, target_conditions);
    tcase_add_test(tm, artillery_target);
    tcase_add_test(tm, stacking);
    tcase_add_test(tm, guard_cap);
    tcase_add_test(tm, guard_cap_is_data);
    tcase_add_test(tm, guard_cap_unknown);
    tcase_add_test(tm, guard_cap_ignores_penalties);
    tcase_add_test(tm, exclusive_disordered);
    tcase_add_test(tm, exclusive_skirmishers);
    tcase_add_test(tm, exclusive_both);
    tcase_add_test(tm, extra_modifier);
    tcase_add_test(tm, modifier_values_are_data);
    tcase_add_test(tm, unknown_modifier);
    tcase_add_test(tm, modifiers_enospc);
    suite_add_tcase(s, tm);

    TCase *tt = tcase_create("table");
    tcase_add_test(tt, rows_by_figures);
    tcase_add_test(tt, rows_by_formation);
    tcase_add_test(tt, rows_firing_figures);
    tcase_add_test(tt, rows_are_data);
    tcase_add_test(tt, star_threshold_unknown);
    tcase_add_test(tt, columns_by_modified_roll);
    tcase_add_test(tt, columns_builtin_edges);
    suite_add_tcase(s, tt);

    TCase *tv = tcase_create("verdicts");
    tcase_add_test(tv, verdict_not_covered);
    tcase_add_test(tv, verdict_single_clauses);
    tcase_add_test(tv, verdict_precedence);
    tcase_add_test(tv, verdict_before_unknown);
    tcase_add_test(tv, first_unknown_named);
    suite_add_tcase(s, tv);

    TCase *te = tcase_create("fex1");
    tcase_add_test(te, fex1_metric);
    tcase_add_test(te, fex1_imperial);
    tcase_add_test(te, fex1_effective);
    tcase_add_test(te, fex1_unknown_cells);
    suite_add_tcase(s, te);
    return s;
}

int main(void) {
    return run_suite(musketry_suite());
}
