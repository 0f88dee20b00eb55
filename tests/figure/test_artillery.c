/* SPDX-License-Identifier: MIT */
/*
 * Figure-scale artillery: F-ART-1..8, F-SCR-3/4, F-EX-2, F-EX-3
 * and our own F-EX cases. No artillery number is known (F-DATA), so the
 * tests use MADE-UP artillery data defined in nftest.h (gun band maxima,
 * a formula for every cell, modifier values) — not from any rulebook.
 *
 * Made-up bands, every gun: metric canister 0..150 mm, effective ..400,
 * long ..800; imperial 0..90, ..240, ..480 tenths.
 */
#include "nftest.h"

#define D_CAN 100  /* a canister-band distance (mm) */
#define D_EFF 300  /* effective */
#define D_LONG 600 /* long */

/* A British 9pdr foot battery of 6 models at a French line of 36 figures,
 * metric, roundshot, at `distance`. */
static void art_shot(napfire_shot *s, int32_t ammo, int32_t distance) {
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, distance);
    sset(s, NAPFIRE_SHOT_AMMO, ammo);
}

static napfire_result art_resolve(const napfire_shot *s, int32_t roll, int32_t die) {
    napfire_rules r;
    made_up_artillery(&r);
    return resolve_ok(s, &r, roll, die);
}

static void art_permitted(const napfire_shot *s) {
    napfire_result res = art_resolve(s, 7, 4);
    assert_permitted(&res);
}

static void art_forbidden(const napfire_shot *s, int32_t reason, uint32_t mask) {
    napfire_result res = art_resolve(s, 7, 4);
    assert_forbidden(&res, reason, mask);
}

/* ---------------------------------------------------------------- */
/* F-ART-1: bands, table, casualties */

START_TEST(bands) {
    napfire_rules r;
    made_up_artillery(&r);
    const struct {
        int32_t measure, d, band;
    } cases[] = {
        {NAPFIRE_MEASURE_METRIC, 0, NAPFIRE_BAND_CANISTER},
        {NAPFIRE_MEASURE_METRIC, ART_CAN_MM, NAPFIRE_BAND_CANISTER},
        {NAPFIRE_MEASURE_METRIC, ART_CAN_MM + 1, NAPFIRE_BAND_EFFECTIVE},
        {NAPFIRE_MEASURE_METRIC, ART_EFF_MM, NAPFIRE_BAND_EFFECTIVE},
        {NAPFIRE_MEASURE_METRIC, ART_EFF_MM + 1, NAPFIRE_BAND_LONG},
        {NAPFIRE_MEASURE_METRIC, ART_LONG_MM, NAPFIRE_BAND_LONG},
        {NAPFIRE_MEASURE_METRIC, ART_LONG_MM + 1, NAPFIRE_BAND_NONE},
        {NAPFIRE_MEASURE_IMPERIAL, ART_CAN_IN, NAPFIRE_BAND_CANISTER},
        {NAPFIRE_MEASURE_IMPERIAL, ART_CAN_IN + 1, NAPFIRE_BAND_EFFECTIVE},
        {NAPFIRE_MEASURE_IMPERIAL, ART_EFF_IN, NAPFIRE_BAND_EFFECTIVE},
        {NAPFIRE_MEASURE_IMPERIAL, ART_EFF_IN + 1, NAPFIRE_BAND_LONG},
        {NAPFIRE_MEASURE_IMPERIAL, ART_LONG_IN, NAPFIRE_BAND_LONG},
        {NAPFIRE_MEASURE_IMPERIAL, ART_LONG_IN + 1, NAPFIRE_BAND_NONE},
    };
    for (size_t i = 0; i < NF_NELEM(cases); i++) {
        napfire_shot s;
        art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, cases[i].d);
        sset(&s, NAPFIRE_SHOT_MEASURE, cases[i].measure);
        ck_assert_msg(band_of(&s, &r) == cases[i].band, "case %zu", i);
        napfire_result res = resolve_ok(&s, &r, 7, 4);
        ck_assert_int_eq(res.band, cases[i].band);
        if (cases[i].band == NAPFIRE_BAND_NONE)
            assert_forbidden(&res, NAPFIRE_REASON_OUT_OF_RANGE, BIT(NAPFIRE_REASON_OUT_OF_RANGE));
        else
            assert_permitted(&res);
    }
    /* an empty band (equal maxima): no effective band for the howitzer */
    ck_assert_int_eq(napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P9, NAPFIRE_MEASURE_METRIC, 150, 150, 800),
                     NAPFIRE_OK);
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, 151);
    ck_assert_int_eq(band_of(&s, &r), NAPFIRE_BAND_LONG);
}
END_TEST

/* F-ART-1: every reachable cell (gun × ammunition × band × column):
 * table total, no long-range halving, ½ by the half die. */
START_TEST(table_sweep) {
    napfire_rules r;
    made_up_artillery(&r);
    const int32_t dist[4] = {0, D_CAN, D_EFF, D_LONG};
    int checked = 0;
    for (int32_t gun = NAPFIRE_GUN_LIGHT; gun <= NAPFIRE_GUN_HOWITZER; gun++)
        for (int32_t ammo = 0; ammo <= 1; ammo++)
            for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++) {
                if (ammo == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER)
                    continue;
                for (int32_t col = 0; col < 9; col++) {
                    napfire_unit f, t;
                    napfire_shot s;
                    int32_t roll, extra;
                    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, gun, 4);
                    plain_target(&t, NAPFIRE_FORMATION_LINE);
                    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, dist[band]);
                    sset(&s, NAPFIRE_SHOT_AMMO, ammo);
                    roll_for(2 * col + 2, &roll, &extra);
                    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
                    int32_t h = art_halves(gun, ammo, band, col);
                    for (int32_t die = 0; die <= 6; die += 3) {
                        napfire_result res = resolve_ok(&s, &r, roll, die);
                        assert_permitted(&res);
                        ck_assert_int_eq(res.band, band);
                        ck_assert_int_eq(res.column, col);
                        ck_assert_int_eq(res.table_halves, h);
                        ck_assert_int_eq(res.halves, h); /* no long-range halving */
                        int32_t want = h / 2 + ((h % 2 == 1 && die >= 4) ? 1 : 0);
                        ck_assert_int_eq(res.casualties, want);
                        ck_assert_int_eq(res.target_casualties, want);
                        ck_assert_int_eq(res.screen_casualties, 0);
                        ck_assert_int_eq(res.half_pending, h % 2 == 1 && die == 0);
                        ck_assert_int_eq(res.half_die_used, h % 2 == 1 && die != 0);
                        checked++;
                    }
                }
            }
    ck_assert_int_eq(checked, 5 * 4 * 9 * 3);
}
END_TEST

/* F-TAB-3 applied to artillery columns: below 1 no effect, above 18 → last. */
START_TEST(column_clamps) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -2);
    napfire_result res = art_resolve(&s, 2, 6);
    assert_permitted(&res);
    ck_assert_int_eq(res.modified_roll, 0);
    ck_assert_int_eq(res.column, -1);
    assert_casualties(&res, 0, 0, 0);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -1);
    res = art_resolve(&s, 2, 6);
    ck_assert_int_eq(res.column, 0);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 7);
    res = art_resolve(&s, 12, 6);
    ck_assert_int_eq(res.modified_roll, 19);
    ck_assert_int_eq(res.column, 8);
    ck_assert_int_eq(res.table_halves, art_halves(NAPFIRE_GUN_P9, 0, NAPFIRE_BAND_EFFECTIVE, 8));
}
END_TEST

/* F-ART-1: no star, no 2nd-class rule for batteries. */
START_TEST(no_star_no_second_class) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    /* Russian second-rate battery, 48 models; P9 roundshot effective col 1 = 5 halves */
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 48);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_RUSSIA);
    uset(&f, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_SECOND_RATE);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    ck_assert_int_eq(art_halves(NAPFIRE_GUN_P9, 0, NAPFIRE_BAND_EFFECTIVE, 1), 5);
    napfire_result res = resolve_ok(&s, &r, 3, 6);
    ck_assert_int_eq(res.table_halves, 5);
    ck_assert_int_eq(res.half_die_used, 1);
    ck_assert_int_eq(res.casualties, 3);
    res = resolve_ok(&s, &r, 3, 0);
    ck_assert_int_eq(res.half_pending, 1);
    ck_assert_int_eq(res.casualties, 2);
    res = resolve_ok(&s, &r, 3, 2);
    ck_assert_int_eq(res.casualties, 2);
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-ART-1/3: artillery modifiers — target conditions, MOVED_HALF, EXTRA;
 * they simply add (no Guard cap, no exclusive -4, no firer-class items). */

static mods_t art_mods(const napfire_unit *f, const napfire_unit *t, int32_t enfilade, int32_t extra) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_shot s;
    shot_at(&s, f, t, NAPFIRE_MEASURE_METRIC, D_EFF);
    sset(&s, NAPFIRE_SHOT_ENFILADE, enfilade);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, extra);
    mods_t m = mods_of(&s, &r);
    mods_consistent(&m);
    for (size_t i = 0; i < m.count; i++) {
        ck_assert_int_eq(m.items[i].applied, 1);
        ck_assert_int_eq(m.items[i].suppressed_by, 0);
        int32_t id = m.items[i].id;
        ck_assert_msg((id >= NAPFIRE_MOD_COLUMN && id <= NAPFIRE_MOD_BUILDINGS) || id == NAPFIRE_MOD_MOVED_HALF ||
                          id == NAPFIRE_MOD_EXTRA,
                      "artillery breakdown lists %s", napfire_modifier_name(id));
    }
    napfire_result res = resolve_ok(&s, &r, 7, 4);
    ck_assert_int_eq(res.net_modifier, m.net);
    ck_assert_int_eq(res.modified_roll, 7 + m.net);
    return m;
}

START_TEST(artillery_modifiers) {
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);

    plain_target(&t, NAPFIRE_FORMATION_LINE);
    mods_t m = art_mods(&f, &t, 0, 0);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_int_eq(m.net, 0);

    const struct {
        int32_t formation, id, value;
    } forms[] = {
        {NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, NAPFIRE_MOD_COLUMN, 1},
        {NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, NAPFIRE_MOD_COLUMN, 1},
        {NAPFIRE_FORMATION_MASSED_COLUMN, NAPFIRE_MOD_COLUMN, 3},
        {NAPFIRE_FORMATION_SQUARE, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2},
        {NAPFIRE_FORMATION_MASS, NAPFIRE_MOD_MASS, 2},
        {NAPFIRE_FORMATION_OPEN_ORDER, NAPFIRE_MOD_OPEN_ORDER, -2},
        {NAPFIRE_FORMATION_SKIRMISH, NAPFIRE_MOD_SKIRMISHERS, -3},
    };
    for (size_t i = 0; i < NF_NELEM(forms); i++) {
        plain_target(&t, forms[i].formation);
        m = art_mods(&f, &t, 0, 0);
        mod_applied(&m, forms[i].id, forms[i].value);
        ck_assert_uint_eq(m.count, 1);
        ck_assert_int_eq(m.net, forms[i].value);
    }
    /* cover, limited cover, buildings */
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    m = art_mods(&f, &t, 0, 0);
    mod_applied(&m, NAPFIRE_MOD_COVER, -2);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
    m = art_mods(&f, &t, 0, 0);
    mod_applied(&m, NAPFIRE_MOD_COVER, -1);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_BUILDINGS);
    m = art_mods(&f, &t, 0, 0);
    mod_applied(&m, NAPFIRE_MOD_BUILDINGS, -3);
    mod_absent(&m, NAPFIRE_MOD_COVER);
    /* enfilade; column + enfilade stack */
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    m = art_mods(&f, &t, 1, 0);
    mod_applied(&m, NAPFIRE_MOD_COLUMN, 1);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    ck_assert_int_eq(m.net, 3);
    /* counter-battery: artillery in position; not massed, not limbered */
    napfire_unit b;
    battery(&b, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_LIGHT, 4);
    m = art_mods(&f, &b, 0, 0);
    mod_applied(&m, NAPFIRE_MOD_ARTILLERY, -1);
    uset(&b, NAPFIRE_UNIT_MASSED_BATTERY, 1);
    m = art_mods(&f, &b, 0, 0);
    mod_absent(&m, NAPFIRE_MOD_ARTILLERY);
    uset(&b, NAPFIRE_UNIT_MASSED_BATTERY, 0);
    uset(&b, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
    m = art_mods(&f, &b, 0, 0);
    mod_absent(&m, NAPFIRE_MOD_ARTILLERY);
    /* charging cavalry */
    napfire_unit c;
    unit_new(&c, NAPFIRE_ARM_CAVALRY);
    uset(&c, NAPFIRE_UNIT_CHARGING, 1);
    m = art_mods(&f, &c, 0, 0);
    mod_applied(&m, NAPFIRE_MOD_CHARGING_CAVALRY, -1);
}
END_TEST

/* No exclusivity and no firer-side items: skirmishers in cover both
 * count; a Guard / disordered / conscript / fired-last-turn battery has
 * no class items. */
/* F-ART-1 (modifiers stack), F-MOD-S, F-MOD-E */
START_TEST(artillery_modifiers_simply_add) {
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 6);
    uset(&f, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_GUARD);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    uset(&f, NAPFIRE_UNIT_DISORDERED, 1);
    uset(&f, NAPFIRE_UNIT_FIRED_LAST_TURN, 1);
    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    mods_t m = art_mods(&f, &t, 1, -2);
    mod_applied(&m, NAPFIRE_MOD_SKIRMISHERS, -3);
    mod_applied(&m, NAPFIRE_MOD_COVER, -2);
    mod_applied(&m, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 2);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, -2);
    ck_assert_uint_eq(m.count, 4);
    ck_assert_int_eq(m.net, -5);

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 6);
    uset(&f, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_MILITIA);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    m = art_mods(&f, &t, 0, 0);
    ck_assert_uint_eq(m.count, 0);
}
END_TEST

/* F-ART-3: MOVED_HALF when the battery moved up to half its move. */
START_TEST(moved_half_modifier) {
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P6, 6);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    plain_target(&t, NAPFIRE_FORMATION_MASS);
    mods_t m = art_mods(&f, &t, 0, 3);
    mod_applied(&m, NAPFIRE_MOD_MASS, 2);
    mod_applied(&m, NAPFIRE_MOD_MOVED_HALF, -1);
    mod_applied(&m, NAPFIRE_MOD_EXTRA, 3);
    ck_assert_int_eq(m.items[m.count - 1].id, NAPFIRE_MOD_EXTRA);
    ck_assert_int_eq(m.net, 4);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_NONE);
    m = art_mods(&f, &t, 0, 0);
    mod_absent(&m, NAPFIRE_MOD_MOVED_HALF);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Verdicts */

/* F-ART-2/3 band-independent verdicts. */
START_TEST(static_verdicts) {
    napfire_unit f, t;
    napfire_shot s;
    plain_target(&t, NAPFIRE_FORMATION_LINE);

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_LIMBERED, BIT(NAPFIRE_REASON_LIMBERED));

    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_MOVED_TOO_FAR, BIT(NAPFIRE_REASON_MOVED_TOO_FAR));

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_UNLIMBERED_THIS_TURN, BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN));

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_ALREADY_FIRED, BIT(NAPFIRE_REASON_ALREADY_FIRED));

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 0);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_NO_FIGURES, BIT(NAPFIRE_REASON_NO_FIGURES));

    /* moved half: permitted (with the penalty); horse artillery never
     * has "unlimbered this turn" */
    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_permitted(&s);

    /* all of them at once, plus out of range */
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 0);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    uset(&f, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 1);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, ART_LONG_MM + 1);
    art_forbidden(&s, NAPFIRE_REASON_NO_FIGURES,
                  BIT(NAPFIRE_REASON_NO_FIGURES) | BIT(NAPFIRE_REASON_ALREADY_FIRED) | BIT(NAPFIRE_REASON_LIMBERED) |
                      BIT(NAPFIRE_REASON_MOVED_TOO_FAR) | BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN) |
                      BIT(NAPFIRE_REASON_OUT_OF_RANGE));
    uset(&f, NAPFIRE_UNIT_FIGURES, 6);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_ALREADY_FIRED,
                  BIT(NAPFIRE_REASON_ALREADY_FIRED) | BIT(NAPFIRE_REASON_LIMBERED) | BIT(NAPFIRE_REASON_MOVED_TOO_FAR) |
                      BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN));
    uset(&f, NAPFIRE_UNIT_FIRED_THIS_TURN, 0);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    art_forbidden(&s, NAPFIRE_REASON_LIMBERED,
                  BIT(NAPFIRE_REASON_LIMBERED) | BIT(NAPFIRE_REASON_MOVED_TOO_FAR) |
                      BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN));
}
END_TEST

/* F-ART-1 Decision: canister only at canister range; roundshot any band. */
START_TEST(canister_beyond_range) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_CANISTER, 0);
    art_permitted(&s);
    art_shot(&s, NAPFIRE_AMMO_CANISTER, ART_CAN_MM);
    art_permitted(&s);
    art_shot(&s, NAPFIRE_AMMO_CANISTER, ART_CAN_MM + 1);
    art_forbidden(&s, NAPFIRE_REASON_CANISTER_BEYOND_RANGE, BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE));
    art_shot(&s, NAPFIRE_AMMO_CANISTER, D_LONG);
    art_forbidden(&s, NAPFIRE_REASON_CANISTER_BEYOND_RANGE, BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE));
    art_shot(&s, NAPFIRE_AMMO_CANISTER, ART_CAN_IN + 1);
    sset(&s, NAPFIRE_SHOT_MEASURE, NAPFIRE_MEASURE_IMPERIAL);
    art_forbidden(&s, NAPFIRE_REASON_CANISTER_BEYOND_RANGE, BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE));
    sset(&s, NAPFIRE_SHOT_DISTANCE, ART_CAN_IN);
    art_permitted(&s);
    /* out of range comes first */
    art_shot(&s, NAPFIRE_AMMO_CANISTER, ART_LONG_MM + 1);
    napfire_result res = art_resolve(&s, 7, 4);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_OUT_OF_RANGE);
    ck_assert(res.reasons & BIT(NAPFIRE_REASON_OUT_OF_RANGE));
    /* roundshot at every band */
    const int32_t d[] = {0, D_CAN, D_EFF, D_LONG, ART_LONG_MM};
    for (size_t i = 0; i < NF_NELEM(d); i++) {
        art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, d[i]);
        art_permitted(&s);
    }
}
END_TEST

/* F-ART-4: canister with a friend in the arc; roundshot is not affected. */
START_TEST(friend_in_arc) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_CANISTER, D_CAN);
    sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
    art_forbidden(&s, NAPFIRE_REASON_FRIEND_IN_ARC, BIT(NAPFIRE_REASON_FRIEND_IN_ARC));
    sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 0);
    art_permitted(&s);
    const int32_t d[] = {D_CAN, D_EFF, D_LONG};
    for (size_t i = 0; i < NF_NELEM(d); i++) {
        art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, d[i]);
        sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
        art_permitted(&s);
    }
    /* canister beyond range with a friend in the arc: both */
    art_shot(&s, NAPFIRE_AMMO_CANISTER, D_EFF);
    sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
    art_forbidden(&s, NAPFIRE_REASON_CANISTER_BEYOND_RANGE,
                  BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE) | BIT(NAPFIRE_REASON_FRIEND_IN_ARC));
}
END_TEST

/* F-ART-5: friends within 10 cm (6") in front of target or battery forbid
 * long-range fire, unless clear LOS and the target extends > 10 cm. */
static void long_range_case(int32_t measure, int32_t distance, int32_t near_target, int32_t near_battery, int32_t clear,
                            int32_t far, int forbidden) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, distance);
    sset(&s, NAPFIRE_SHOT_MEASURE, measure);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, near_target);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, near_battery);
    sset(&s, NAPFIRE_SHOT_CLEAR_LOS, clear);
    sset(&s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, far);
    napfire_result res = art_resolve(&s, 7, 4);
    if (forbidden) {
        ck_assert_msg(res.permitted == 0 && res.reason == NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE &&
                          res.reasons == BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE),
                      "measure %d d %d target %d battery %d clear %d far %d: permitted %d reason %s", (int)measure,
                      (int)distance, (int)near_target, (int)near_battery, (int)clear, (int)far, (int)res.permitted,
                      napfire_reason_name(res.reason));
        assert_casualties(&res, 0, 0, 0);
    } else {
        ck_assert_msg(res.permitted == 1 && res.reasons == 0,
                      "measure %d d %d target %d battery %d clear %d far %d: forbidden by %s", (int)measure,
                      (int)distance, (int)near_target, (int)near_battery, (int)clear, (int)far,
                      napfire_reason_name(res.reason));
    }
}

START_TEST(friend_screens_long_range_thresholds) {
    const int32_t M = NAPFIRE_MEASURE_METRIC, I = NAPFIRE_MEASURE_IMPERIAL;
    /* in front of the target: 99/100 within, 101 not; 0 within; -1 none */
    long_range_case(M, D_LONG, 99, -1, 0, -1, 1);
    long_range_case(M, D_LONG, 100, -1, 0, -1, 1);
    long_range_case(M, D_LONG, 101, -1, 0, -1, 0);
    long_range_case(M, D_LONG, 0, -1, 0, -1, 1);
    long_range_case(M, D_LONG, -1, -1, 0, -1, 0);
    /* in front of the battery */
    long_range_case(M, D_LONG, -1, 99, 0, -1, 1);
    long_range_case(M, D_LONG, -1, 100, 0, -1, 1);
    long_range_case(M, D_LONG, -1, 101, 0, -1, 0);
    long_range_case(M, D_LONG, -1, 0, 0, -1, 1);
    long_range_case(M, D_LONG, 200, 100, 0, -1, 1);
    long_range_case(M, D_LONG, 100, 200, 0, -1, 1);
    /* imperial 59/60/61 tenths */
    long_range_case(I, 300, 59, -1, 0, -1, 1);
    long_range_case(I, 300, 60, -1, 0, -1, 1);
    long_range_case(I, 300, 61, -1, 0, -1, 0);
    long_range_case(I, 300, -1, 60, 0, -1, 1);
    long_range_case(I, 300, -1, 61, 0, -1, 0);
    /* the exception: clear LOS and some part of the target > 10 cm away */
    long_range_case(M, D_LONG, 80, -1, 1, 101, 0);
    long_range_case(M, D_LONG, 80, -1, 1, 100, 1);
    long_range_case(M, D_LONG, 80, -1, 1, 99, 1);
    long_range_case(M, D_LONG, 80, -1, 0, 150, 1); /* no clear LOS */
    long_range_case(M, D_LONG, 80, -1, 1, -1, 1);  /* extent not given */
    long_range_case(M, D_LONG, -1, 50, 1, 150, 0);
    long_range_case(I, 300, 30, -1, 1, 61, 0);
    long_range_case(I, 300, 30, -1, 1, 60, 1);
    /* F-ART-5 b: not at effective or canister range */
    long_range_case(M, D_EFF, 50, 50, 0, -1, 0);
    long_range_case(M, ART_EFF_MM, 0, 0, 0, -1, 0);
    long_range_case(M, D_CAN, 50, 50, 0, -1, 0);
    long_range_case(M, ART_EFF_MM + 1, 100, -1, 0, -1, 1);
}
END_TEST

/* F-EX-3 and our own cases: long-range roundshot at an Austrian 48-figure
 * line; the nearest friendly (French) column 12 cm from it → permitted;
 * at 8 cm, no clear LOS → FRIEND_SCREENS_LONG_RANGE; at 8 cm with a clear
 * LOS and the line's far end 15 cm from the column → permitted. */
START_TEST(fex3) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 8);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_FRANCE);
    infantry(&t, NAPFIRE_NATION_AUSTRIA, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 48);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_LONG);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_ROUNDSHOT);
    ck_assert_int_eq(band_of(&s, &r), NAPFIRE_BAND_LONG);

    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 120);
    napfire_result res = resolve_ok(&s, &r, 8, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_LONG);
    ck_assert_int_gt(res.casualties, 0);

    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 80);
    res = resolve_ok(&s, &r, 8, 4);
    assert_forbidden(&res, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE));

    sset(&s, NAPFIRE_SHOT_CLEAR_LOS, 1);
    sset(&s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 150);
    res = resolve_ok(&s, &r, 8, 4);
    assert_permitted(&res);
}
END_TEST

/* The clearance threshold is rules data. */
/* F-ART-5, F-DATA */
START_TEST(long_range_clearance_is_data) {
    napfire_rules r;
    made_up_artillery(&r);
    ck_assert_int_eq(
        napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, NAPFIRE_MEASURE_METRIC, 50),
        NAPFIRE_OK);
    napfire_shot s;
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_LONG);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 60);
    napfire_result res = resolve_ok(&s, &r, 7, 4);
    assert_permitted(&res);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
    res = resolve_ok(&s, &r, 7, 4);
    assert_forbidden(&res, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE));
}
END_TEST

/* F-ART-6: penetration into friends forbids roundshot only. */
START_TEST(penetration) {
    napfire_shot s;
    const int32_t d[] = {D_CAN, D_EFF, D_LONG};
    for (size_t i = 0; i < NF_NELEM(d); i++) {
        art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, d[i]);
        sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
        art_forbidden(&s, NAPFIRE_REASON_PENETRATION, BIT(NAPFIRE_REASON_PENETRATION));
        sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 0);
        art_permitted(&s);
    }
    art_shot(&s, NAPFIRE_AMMO_CANISTER, D_CAN);
    sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
    art_permitted(&s);
    /* long range: screened by friends and penetration */
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_LONG);
    sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, 10);
    art_forbidden(&s, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE,
                  BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE) | BIT(NAPFIRE_REASON_PENETRATION));
}
END_TEST

/* F-ART-7: overhead fire. */
static void overhead(napfire_shot *s, int32_t ammo, int32_t distance, int32_t higher, int32_t to_battery,
                     int32_t to_enemy) {
    art_shot(s, ammo, distance);
    sset(s, NAPFIRE_SHOT_OVERHEAD, 1);
    sset(s, NAPFIRE_SHOT_BATTERY_HIGHER, higher);
    sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, to_battery);
    sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, to_enemy);
}

START_TEST(overhead_clauses) {
    napfire_shot s;
    const uint32_t CLOSE = BIT(NAPFIRE_REASON_OVERHEAD_TOO_CLOSE);
    /* permitted: higher ground, friends 10 cm or more from both */
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 100, 100);
    art_permitted(&s);
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 101, 400);
    art_permitted(&s);
    /* too close: 99 mm to either */
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 99, 100);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, CLOSE);
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 100, 99);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, CLOSE);
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 0, 0);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, CLOSE);
    /* imperial 59/60/61 tenths */
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, 200, 1, 59, 60);
    sset(&s, NAPFIRE_SHOT_MEASURE, NAPFIRE_MEASURE_IMPERIAL);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, CLOSE);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 60);
    art_permitted(&s);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 59);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, CLOSE);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 61);
    art_permitted(&s);
    /* not from higher ground */
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 0, 200, 200);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_NOT_HIGHER, BIT(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER));
    /* canister, never */
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 1, 200, 200);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_CANISTER, BIT(NAPFIRE_REASON_OVERHEAD_CANISTER));
    /* all three */
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 0, 50, 50);
    art_forbidden(&s, NAPFIRE_REASON_OVERHEAD_NOT_HIGHER,
                  BIT(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER) | CLOSE | BIT(NAPFIRE_REASON_OVERHEAD_CANISTER));
    /* too close + canister, with a friend in the arc */
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 1, 50, 200);
    sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
    art_forbidden(&s, NAPFIRE_REASON_FRIEND_IN_ARC,
                  BIT(NAPFIRE_REASON_FRIEND_IN_ARC) | CLOSE | BIT(NAPFIRE_REASON_OVERHEAD_CANISTER));
    /* OVERHEAD = 0: the overhead facts are ignored */
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 0, 0, 0);
    sset(&s, NAPFIRE_SHOT_OVERHEAD, 0);
    art_permitted(&s);
}
END_TEST

/* F-ART-7: OVERHEAD = 1 requires both overhead distances (EINVAL). */
START_TEST(overhead_requires_distances) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_shot s;
    napfire_result res, untouched;
    memset(&untouched, SENTINEL_BYTE, sizeof untouched);
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF);
    sset(&s, NAPFIRE_SHOT_OVERHEAD, 1);
    sset(&s, NAPFIRE_SHOT_BATTERY_HIGHER, 1);
    memset(&res, SENTINEL_BYTE, sizeof res);
    ck_assert_int_eq(napfire_shot_resolve(&s, &r, 7, 4, &res), NAPFIRE_EINVAL);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 200);
    ck_assert_int_eq(napfire_shot_resolve(&s, &r, 7, 4, &res), NAPFIRE_EINVAL);
    ck_assert_int_eq(memcmp(&res, &untouched, sizeof res), 0);
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF);
    sset(&s, NAPFIRE_SHOT_OVERHEAD, 1);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 200);
    ck_assert_int_eq(napfire_shot_resolve(&s, &r, 7, 4, &res), NAPFIRE_EINVAL);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 200);
    sset(&s, NAPFIRE_SHOT_BATTERY_HIGHER, 1);
    ck_assert_int_eq(napfire_shot_resolve(&s, &r, 7, 4, &res), NAPFIRE_OK);
    assert_permitted(&res);
}
END_TEST

/* Precedence across static and band clauses. */
/* F-ART-1/3/5/6/7, API contract reason precedence; F-ART-8: every violated
 * clause is in reasons */
START_TEST(precedence_mixed) {
    napfire_unit f, t;
    napfire_shot s;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    /* limbered, at long range with friends near, penetration, overhead not higher */
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_LONG);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
    sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
    sset(&s, NAPFIRE_SHOT_OVERHEAD, 1);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 150);
    sset(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 150);
    art_forbidden(&s, NAPFIRE_REASON_LIMBERED,
                  BIT(NAPFIRE_REASON_LIMBERED) | BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE) |
                      BIT(NAPFIRE_REASON_PENETRATION) | BIT(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER));
    /* unlimbered: the band clauses lead */
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_UNLIMBERED);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_LONG);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
    sset(&s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
    art_forbidden(&s, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE,
                  BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE) | BIT(NAPFIRE_REASON_PENETRATION));
    /* moved too far + canister beyond range + friend in arc */
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    sset(&s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
    art_forbidden(&s, NAPFIRE_REASON_MOVED_TOO_FAR,
                  BIT(NAPFIRE_REASON_MOVED_TOO_FAR) | BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE) |
                      BIT(NAPFIRE_REASON_FRIEND_IN_ARC));
}
END_TEST

/* ---------------------------------------------------------------- */
/* F-SCR-3, F-SCR-4 and F-EX-2 */

/* F-EX-2: British 9pdr battery, canister at close range at a French
 * column covered by skirmishers: total 4 → skirmishers 1, column 3. */
START_TEST(fex2) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    infantry(&t, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, 36);
    const int32_t screen[] = {30, 50, 51, 200}; /* a screen never prevents artillery fire */
    for (size_t i = 0; i < NF_NELEM(screen); i++) {
        shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_CAN);
        sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
        sset(&s, NAPFIRE_SHOT_SCREEN, 1);
        sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, screen[i]);
        /* roll 3, column +1 (made up) = 4 → column 1 → made-up cell 8 halves */
        napfire_result res = resolve_ok(&s, &r, 3, 0);
        assert_permitted(&res);
        ck_assert_int_eq(res.band, NAPFIRE_BAND_CANISTER);
        ck_assert_int_eq(res.net_modifier, 1);
        ck_assert_int_eq(res.column, 1);
        ck_assert_int_eq(res.table_halves, 8);
        assert_casualties(&res, 4, 3, 1);
        ck_assert_int_eq(res.half_pending, 0);
    }
}
END_TEST

/* F-SCR-3: roundshot: the skirmishers take nothing; canister with 0 or
 * odd totals; fire at skirmishers hits only them. */
START_TEST(screens_and_artillery) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_CAN);
    sset(&s, NAPFIRE_SHOT_SCREEN, 1);
    sset(&s, NAPFIRE_SHOT_SCREEN_DISTANCE, 30);
    /* roundshot at canister band: P9 roundshot canister col 1 = 6 halves */
    napfire_result res = resolve_ok(&s, &r, 3, 6);
    assert_permitted(&res);
    ck_assert_int_eq(res.table_halves, art_halves(NAPFIRE_GUN_P9, 0, NAPFIRE_BAND_CANISTER, 1));
    assert_casualties(&res, 3, 3, 0);
    /* roundshot, effective: all to the column */
    sset(&s, NAPFIRE_SHOT_DISTANCE, D_EFF);
    res = resolve_ok(&s, &r, 3, 6);
    assert_permitted(&res);
    ck_assert_int_eq(res.screen_casualties, 0);
    ck_assert_int_eq(res.target_casualties, res.casualties);
    /* canister, odd total: 7 halves (col 0): die 2 → 3 (1 + 2); die 5 → 4 */
    sset(&s, NAPFIRE_SHOT_DISTANCE, D_CAN);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -2);
    res = resolve_ok(&s, &r, 2, 2); /* 2 + 1 - 2 = 1 → column 0 */
    ck_assert_int_eq(res.table_halves, 7);
    assert_casualties(&res, 3, 2, 1);
    res = resolve_ok(&s, &r, 2, 5);
    assert_casualties(&res, 4, 3, 1);
    /* canister with no effect */
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -5);
    res = resolve_ok(&s, &r, 2, 5);
    ck_assert_int_eq(res.column, -1);
    assert_casualties(&res, 0, 0, 0);

    /* fire at the skirmishers themselves: all to them */
    plain_target(&t, NAPFIRE_FORMATION_SKIRMISH);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_CAN);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    res = resolve_ok(&s, &r, 12, 4); /* 12 - 3 = 9 → column 4 */
    assert_permitted(&res);
    ck_assert_int_eq(res.column, 4);
    int32_t h = art_halves(NAPFIRE_GUN_P9, 1, NAPFIRE_BAND_CANISTER, 4);
    ck_assert_int_eq(res.table_halves, h);
    assert_casualties(&res, h / 2 + (h % 2), h / 2 + (h % 2), 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Built-in data: no artillery number is known (F-DATA). */

/* Band-independent verdicts are still reported, with status OK. */
/* F-DATA, F-ART-2/3/4/6/7 */
START_TEST(builtin_band_independent_verdicts) {
    napfire_unit f, t;
    napfire_shot s;
    napfire_result res;
    plain_target(&t, NAPFIRE_FORMATION_LINE);

    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    res = resolve_ok(&s, NULL, 7, 4);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_LIMBERED);
    ck_assert(res.reasons & BIT(NAPFIRE_REASON_LIMBERED));
    assert_casualties(&res, 0, 0, 0);

    const struct {
        int32_t param, value, reason;
    } unit_cases[] = {
        {NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE, NAPFIRE_REASON_MOVED_TOO_FAR},
        {NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1, NAPFIRE_REASON_UNLIMBERED_THIS_TURN},
        {NAPFIRE_UNIT_FIRED_THIS_TURN, 1, NAPFIRE_REASON_ALREADY_FIRED},
        {NAPFIRE_UNIT_FIGURES, 0, NAPFIRE_REASON_NO_FIGURES},
    };
    for (size_t i = 0; i < NF_NELEM(unit_cases); i++) {
        battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
        uset(&f, unit_cases[i].param, unit_cases[i].value);
        shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
        res = resolve_ok(&s, NULL, 7, 4);
        ck_assert_int_eq(res.permitted, 0);
        ck_assert_int_eq(res.reason, unit_cases[i].reason);
    }

    const struct {
        int32_t ammo, param, value, reason;
    } shot_cases[] = {
        {NAPFIRE_AMMO_CANISTER, NAPFIRE_SHOT_FRIEND_IN_ARC, 1, NAPFIRE_REASON_FRIEND_IN_ARC},
        {NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1, NAPFIRE_REASON_PENETRATION},
    };
    for (size_t i = 0; i < NF_NELEM(shot_cases); i++) {
        art_shot(&s, shot_cases[i].ammo, D_CAN);
        sset(&s, shot_cases[i].param, shot_cases[i].value);
        res = resolve_ok(&s, NULL, 7, 4);
        ck_assert_int_eq(res.permitted, 0);
        ck_assert_int_eq(res.reason, shot_cases[i].reason);
        ck_assert(res.reasons & BIT(shot_cases[i].reason));
    }

    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 0, 200, 200);
    res = resolve_ok(&s, NULL, 7, 4);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_OVERHEAD_NOT_HIGHER);
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 99, 200);
    res = resolve_ok(&s, NULL, 7, 4);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE);
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 1, 200, 200);
    res = resolve_ok(&s, NULL, 7, 4);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_OVERHEAD_CANISTER);
    ck_assert_uint_eq(res.reasons & BIT(NAPFIRE_REASON_OVERHEAD_CANISTER), BIT(NAPFIRE_REASON_OVERHEAD_CANISTER));
}
END_TEST

/* Otherwise EUNKNOWN naming the missing range, cell or modifier. */
/* F-DATA, F-ART-1/3, API contract Errors (EUNKNOWN) */
START_TEST(builtin_unknowns) {
    napfire_unit f, t;
    napfire_shot s;
    napfire_result res;
    battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P12, 6);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 100);
    int32_t band = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_band(&s, NULL, &band), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(band, SENTINEL_I32);
    res = resolve_st(&s, NULL, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_RANGE);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_GUN_P12);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_IMPERIAL);
    ck_assert_int_eq(res.missing_index[2], NAPFIRE_ARM_HORSE_ARTILLERY);
    ck_assert_msg(res.missing_index[3] >= NAPFIRE_BAND_CANISTER && res.missing_index[3] <= NAPFIRE_BAND_LONG,
                  "missing band %d", (int)res.missing_index[3]);
    /* friends near at an unknown band: not a verdict, still EUNKNOWN */
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 10);
    res = resolve_st(&s, NULL, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_RANGE);

    /* ranges known, cells unknown: the cell is named */
    napfire_rules r;
    rules_new(&r);
    made_up_gun_ranges(&r);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_ARTILLERY_CELL);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_GUN_P12);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_AMMO_ROUNDSHOT);
    ck_assert_int_eq(res.missing_index[2], NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.missing_index[3], 3);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.net_modifier, 0);
    ck_assert_int_eq(res.modified_roll, 7);
    ck_assert_int_eq(res.column, 3);

    /* ranges and cells known, modifiers unknown: needed ones are named */
    made_up_artillery_cells(&r);
    res = resolve_ok(&s, &r, 7, 4); /* no modifier needed */
    assert_permitted(&res);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MODIFIER);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_FIRE_ARTILLERY);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MOD_MOVED_HALF);
    ck_assert_int_eq(res.missing_index[2], 0);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);

    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_NONE);
    plain_target(&t, NAPFIRE_FORMATION_MASSED_COLUMN);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MODIFIER);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_FIRE_ARTILLERY);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MOD_COLUMN);
    ck_assert_int_eq(res.missing_index[2], 1);
    /* shot_modifiers: items written, the unknown one applied = -1 */
    napfire_modifier items[8];
    size_t count = 0;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(&s, &r, items, 8, &count, &net), NAPFIRE_EUNKNOWN);
    ck_assert_uint_eq(count, 1);
    ck_assert_int_eq(items[0].id, NAPFIRE_MOD_COLUMN);
    ck_assert_int_eq(items[0].applied, -1);
    ck_assert_int_eq(net, SENTINEL_I32);
}
END_TEST

/* The F-ART-5 and F-ART-7 clearances are rules data, one per measure.
 * Unknown, a clearance is needed only when its clause is in play, and
 * EUNKNOWN names it (API contract: verdicts first, then the data they need). */
/* F-ART-5, F-ART-7, F-DATA */
START_TEST(clearances_unknown) {
    napfire_rules r;
    made_up_artillery(&r);
    ck_assert_int_eq(napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, NAPFIRE_MEASURE_METRIC,
                                                 NAPFIRE_UNKNOWN),
                     NAPFIRE_OK);
    ck_assert_int_eq(
        napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
        NAPFIRE_OK);
    napfire_shot s;
    /* Long range, a friend 80 mm in front of the target: F-ART-5 applies. */
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_LONG);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 80);
    napfire_result res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.reason, NAPFIRE_REASON_NONE);
    ck_assert_uint_eq(res.reasons, 0u);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_LONG);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(res.missing_index[2], -1);
    ck_assert_int_eq(res.missing_index[3], -1);
    /* The imperial clearance is still the default 60 tenths: 50 is within. */
    sset(&s, NAPFIRE_SHOT_MEASURE, NAPFIRE_MEASURE_IMPERIAL);
    sset(&s, NAPFIRE_SHOT_DISTANCE, 400); /* made-up imperial long band */
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
    res = resolve_ok(&s, &r, 7, 4);
    assert_forbidden(&res, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE));
    /* No friend near (both -1): the clearance is not needed. */
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_LONG);
    res = resolve_ok(&s, &r, 7, 4);
    assert_permitted(&res);
    /* Effective range: F-ART-5 does not apply, friends or not. */
    art_shot(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF);
    sset(&s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, 80);
    res = resolve_ok(&s, &r, 7, 4);
    assert_permitted(&res);

    /* Overhead fire needs its clearance whatever the distances. */
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 300, 300);
    res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.permitted, 0);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_EFFECTIVE);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_THRESHOLD);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    /* ... unless a data-free clause already forbids it: overhead canister. */
    overhead(&s, NAPFIRE_AMMO_CANISTER, D_CAN, 1, 300, 300);
    res = resolve_ok(&s, &r, 7, 4);
    assert_forbidden(&res, NAPFIRE_REASON_OVERHEAD_CANISTER, BIT(NAPFIRE_REASON_OVERHEAD_CANISTER));
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_NONE);
}
END_TEST

/* Built-in data (no gun range known) with the overhead clearance unknown
 * too: the band comes first in precedence, so the range is named. */
/* F-DATA, F-ART-1, F-ART-7 */
START_TEST(first_unknown_is_the_band) {
    napfire_rules r;
    rules_new(&r);
    ck_assert_int_eq(
        napfire_rules_set_threshold(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN),
        NAPFIRE_OK);
    napfire_shot s;
    overhead(&s, NAPFIRE_AMMO_ROUNDSHOT, D_EFF, 1, 300, 300);
    napfire_result res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_NONE);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_RANGE);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_GUN_P9);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(res.missing_index[2], NAPFIRE_ARM_FOOT_ARTILLERY);
    ck_assert_int_eq(res.missing_index[3], NAPFIRE_BAND_CANISTER);
}
END_TEST

/* Several unknown modifiers: every needed item is listed (applied = -1),
 * EXTRA too (F-MOD-E), and the first in id order is the one named. */
/* F-ART-1, F-MOD-E, F-DATA */
START_TEST(several_unknown_modifiers) {
    napfire_rules r;
    rules_new(&r);
    made_up_gun_ranges(&r);
    made_up_artillery_cells(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    plain_target(&t, NAPFIRE_FORMATION_MASSED_COLUMN);
    uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_COVER);
    shot_at(&s, &f, &t, NAPFIRE_MEASURE_METRIC, D_EFF);
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 2);
    napfire_modifier items[8];
    size_t count = 0;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(&s, &r, items, 8, &count, &net), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(net, SENTINEL_I32);
    ck_assert_uint_eq(count, 3);
    ck_assert_int_eq(items[0].id, NAPFIRE_MOD_COLUMN);
    ck_assert_int_eq(items[0].applied, -1);
    ck_assert_int_eq(items[1].id, NAPFIRE_MOD_COVER);
    ck_assert_int_eq(items[1].applied, -1);
    ck_assert_int_eq(items[2].id, NAPFIRE_MOD_EXTRA);
    ck_assert_int_eq(items[2].value, 2);
    ck_assert_int_eq(items[2].applied, 1);
    napfire_result res = resolve_st(&s, &r, 7, 4, NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(res.missing, NAPFIRE_MISSING_MODIFIER);
    ck_assert_int_eq(res.missing_index[0], NAPFIRE_FIRE_ARTILLERY);
    ck_assert_int_eq(res.missing_index[1], NAPFIRE_MOD_COLUMN);
    ck_assert_int_eq(res.missing_index[2], 1); /* massed column: variant 1 */
    /* With the made-up values: massed column +3, cover -2, extra +2 = +3. */
    made_up_artillery_modifiers(&r);
    res = resolve_ok(&s, &r, 7, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.net_modifier, 3);
    ck_assert_int_eq(res.modified_roll, 10);
}
END_TEST

static Suite *artillery_suite(void) {
    Suite *s = suite_create("artillery");
    TCase *tt = tcase_create("table");
    tcase_set_timeout(tt, 60);
    tcase_add_test(tt, bands);
    tcase_add_test(tt, table_sweep);
    tcase_add_test(tt, column_clamps);
    tcase_add_test(tt, no_star_no_second_class);
    suite_add_tcase(s, tt);
    TCase *tm = tcase_create("modifiers");
    tcase_add_test(tm, artillery_modifiers);
    tcase_add_test(tm, artillery_modifiers_simply_add);
    tcase_add_test(tm, moved_half_modifier);
    tcase_add_test(tm, several_unknown_modifiers);
    suite_add_tcase(s, tm);
    TCase *tv = tcase_create("verdicts");
    tcase_add_test(tv, static_verdicts);
    tcase_add_test(tv, canister_beyond_range);
    tcase_add_test(tv, friend_in_arc);
    tcase_add_test(tv, friend_screens_long_range_thresholds);
    tcase_add_test(tv, fex3);
    tcase_add_test(tv, long_range_clearance_is_data);
    tcase_add_test(tv, penetration);
    tcase_add_test(tv, overhead_clauses);
    tcase_add_test(tv, overhead_requires_distances);
    tcase_add_test(tv, precedence_mixed);
    suite_add_tcase(s, tv);
    TCase *ts = tcase_create("screens");
    tcase_add_test(ts, fex2);
    tcase_add_test(ts, screens_and_artillery);
    suite_add_tcase(s, ts);
    TCase *tb = tcase_create("builtin");
    tcase_add_test(tb, builtin_band_independent_verdicts);
    tcase_add_test(tb, builtin_unknowns);
    tcase_add_test(tb, first_unknown_is_the_band);
    tcase_add_test(tv, clearances_unknown);
    suite_add_tcase(s, tb);
    return s;
}

int main(void) {
    return run_suite(artillery_suite());
}
