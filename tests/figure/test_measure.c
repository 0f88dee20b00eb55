/* SPDX-License-Identifier: MIT */
/*
 * The table measure, napfire_shot_measure (F-GEO-1..14): both sides of
 * every threshold, each fact's decider and rule, the worked examples
 * F-EX-1, F-EX-2 and F-EX-3 from footprints, and the errors. Invariance
 * and misuse sweeps are in test_measure_sweep.c; the independent oracle
 * in test_measure_oracle.py.
 */
#include "nftest.h"
#include "table_scene.h"

typedef struct {
    napfire_measured f[NAPFIRE_MEASURED_MAX];
    size_t n;
} facts_t;

static facts_t measure_st(napfire_shot *s, const napfire_rules *r, const napfire_scene *sc, int want) {
    facts_t m;
    memset(&m, SENTINEL_BYTE, sizeof m);
    int st = napfire_shot_measure(s, r, sc, m.f, NF_NELEM(m.f), &m.n);
    ck_assert_msg(st == want, "napfire_shot_measure returned %s, want %s", napfire_status_name(st),
                  napfire_status_name(want));
    return m;
}

static facts_t measure_ok(napfire_shot *s, const napfire_rules *r, const napfire_scene *sc) {
    return measure_st(s, r, sc, NAPFIRE_OK);
}

static const napfire_measured *fact(const facts_t *m, int32_t param) {
    for (size_t i = 0; i < m->n; i++)
        if (m->f[i].param == param)
            return &m->f[i];
    ck_abort_msg("no fact for %s", napfire_enum_name(NAPFIRE_ENUM_PARAM, param));
    return NULL;
}

static int32_t value(const facts_t *m, int32_t param) {
    return fact(m, param)->value;
}

static void decided(const facts_t *m, int32_t param, int32_t decider, int32_t index) {
    const napfire_measured *f = fact(m, param);
    ck_assert_msg(f->decider == decider && f->decider_index == index, "%s decided by %s %d, want %s %d",
                  napfire_enum_name(NAPFIRE_ENUM_PARAM, param), napfire_table_enum_name(0, f->decider),
                  (int)f->decider_index, napfire_table_enum_name(0, decider), (int)index);
}

static napfire_scene scene_of(const napfire_footprint *firer, const napfire_footprint *target,
                              const napfire_footprint *screen, const napfire_footprint *friends, size_t nf,
                              const napfire_footprint *others, size_t no) {
    napfire_scene sc = {firer, target, screen, friends, nf, others, no};
    return sc;
}

/* A battery (foot, the gun given) at a French infantry target. */
static void art_shot(napfire_shot *s, int32_t gun, int32_t ammo, int32_t target_formation) {
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, gun, 6);
    plain_target(&t, target_formation);
    shot_new(s, &f, &t);
    sset(s, NAPFIRE_SHOT_AMMO, ammo);
}

/* The battery of most scenes: 120 mm wide, its front on y = 0 (M at the
 * origin), and a target line 300 mm wide whose front is at y = ty. */
static const napfire_footprint *guns(void) {
    static napfire_footprint f;
    f = up(-60, -40, 120, 40);
    return &f;
}

/* ---------------------------------------------------------------- */
/* The worked examples from footprints */

/* F-EX-1: the British line 15 cm from the French column: DISTANCE 150
 * (long), roll 8 -> 11 -> 5 figures, halved, half die 6 -> 3. */
/* F-EX-1, F-GEO-3, F-GEO-4, F-GEO-13 */
START_TEST(fex1_from_footprints) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    shot_new(&s, &f, &t);
    napfire_footprint line = up(-100, -20, 200, 20), column = down(-40, 150, 80, 60);
    napfire_scene sc = scene_of(&line, &column, NULL, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_uint_eq(m.n, 4); /* an infantry firer: F-GEO-13 */
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 150);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_DISTANCE), 150);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_ENFILADE), 0);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN), 0);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN_DISTANCE), -1);
    napfire_result res = resolve_ok(&s, NULL, 8, 6);
    assert_permitted(&res);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_LONG);
    ck_assert_int_eq(res.casualties, 3);
    res = resolve_ok(&s, NULL, 8, 1);
    ck_assert_int_eq(res.casualties, 2);
}
END_TEST

/* F-EX-2: the 9pdr's canister at a French column behind its skirmisher
 * screen: the screen (30 mm off) does not stop it; total 4 -> screen 1,
 * column 3. */
/* F-EX-2, F-GEO-12, F-SCR-3, F-SCR-4 */
START_TEST(fex2_from_footprints) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 6);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_BRITAIN);
    infantry(&t, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, 36);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    napfire_footprint column = down(-50, 100, 100, 60), screen = down(-80, 60, 160, 10);
    napfire_scene sc = scene_of(guns(), &column, &screen, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, &r, &sc);
    ck_assert_uint_eq(m.n, 14);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 100);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN), 1);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN_DISTANCE), 30);
    decided(&m, NAPFIRE_SHOT_SCREEN_DISTANCE, NAPFIRE_DECIDER_SCREEN, -1);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_CLEAR_LOS), 1); /* the battery ignores the screen (F-GEO-9) */
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND), 0);
    napfire_result res = resolve_ok(&s, &r, 3, 0);
    assert_permitted(&res);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_CANISTER);
    assert_casualties(&res, 4, 3, 1);
}
END_TEST

/* F-EX-3 and RULES' own cases at 8 cm: long-range roundshot at an
 * Austrian 48-figure line. The French column 12 cm in front of it:
 * permitted. At 8 cm behind a wood that hides the line:
 * FRIEND_SCREENS_LONG_RANGE. At 8 cm with a clear line of sight and the
 * line's far end more than 10 cm from the column: permitted. */
/* F-EX-3, F-ART-5, F-GEO-5, F-GEO-7, F-GEO-9 */
START_TEST(fex3_from_footprints) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P12, 8);
    uset(&f, NAPFIRE_UNIT_NATION, NAPFIRE_NATION_FRANCE);
    infantry(&t, NAPFIRE_NATION_AUSTRIA, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 48);
    shot_new(&s, &f, &t);
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_ROUNDSHOT);
    napfire_footprint line = down(-150, 600, 300, 20);
    /* 12 cm: the column's near face 120 mm ahead of the line's front,
     * beside the corridor of fire (not overhead). */
    napfire_footprint column = down(135, 400, 80, 80);
    napfire_scene sc = scene_of(guns(), &line, NULL, &column, 1, NULL, 0);
    facts_t m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 600);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), -1);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_OVERHEAD), 0);
    napfire_result res = resolve_ok(&s, &r, 8, 4);
    assert_permitted(&res);
    ck_assert_int_eq(res.band, NAPFIRE_BAND_LONG);

    /* 8 cm, a wood across the line of sight. */
    column = down(140, 440, 80, 80);
    napfire_footprint wood = up(-300, 300, 600, 50);
    sc = scene_of(guns(), &line, NULL, &column, 1, &wood, 1);
    m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), 80);
    decided(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, NAPFIRE_DECIDER_FRIEND, 0);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_CLEAR_LOS), 0);
    decided(&m, NAPFIRE_SHOT_CLEAR_LOS, NAPFIRE_DECIDER_OTHER, 0);
    res = resolve_ok(&s, &r, 8, 4);
    assert_forbidden(&res, NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE));

    /* 8 cm, the wood gone: clear, and the line's far corner (-150, 620)
     * is sqrt(290^2 + 100^2) = 306.8 from the column's corner (140, 520). */
    sc = scene_of(guns(), &line, NULL, &column, 1, NULL, 0);
    m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_CLEAR_LOS), 1);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS), 307);
    res = resolve_ok(&s, &r, 8, 4);
    assert_permitted(&res);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Both sides of every threshold */

/* A friend exactly 100 mm in front of the target or the battery is within
 * F-ART-5's 10 cm; 101 mm is not. */
/* F-GEO-4, F-GEO-5, F-GEO-7, F-ART-5 */
START_TEST(zone_edges) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    napfire_footprint line = down(-150, 600, 300, 20);
    napfire_footprint near[] = {down(-20, 480, 40, 20), down(-20, 479, 40, 20), up(-20, 100, 40, 30),
                                up(-20, 101, 40, 30)};
    const int32_t want_target[] = {100, -1, -1, -1}, want_battery[] = {-1, -1, 100, -1};
    for (size_t i = 0; i < NF_NELEM(near); i++) {
        napfire_scene sc = scene_of(guns(), &line, NULL, &near[i], 1, NULL, 0);
        facts_t m = measure_ok(&s, NULL, &sc);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), want_target[i]);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY), want_battery[i]);
    }
    /* Touching the front edge: depth 0. Beside it, sharing only a corner
     * or an edge's end: not in front. */
    napfire_footprint touching = down(-20, 560, 40, 40), beside = down(150, 500, 60, 100);
    napfire_scene sc = scene_of(guns(), &line, NULL, &touching, 1, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), 0);
    sc = scene_of(guns(), &line, NULL, &beside, 1, NULL, 0);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), -1);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS), -1);
}
END_TEST

/* The 15-degree half-sector on the lattice points nearest its ray:
 * tan 15 = 2 - sqrt(3); 40545/151316 lies 1.9e-6 inside, 40546 outside;
 * 29681/110771 lies 5.2e-6 outside, 29680 inside; and their mirrors. */
/* F-GEO-6, F-ART-4 */
START_TEST(sector_edges) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_CANISTER, NAPFIRE_FORMATION_LINE);
    napfire_footprint battery_fp = up(-10, -20, 20, 20), far = down(-50, 160000, 100, 20);
    const struct {
        int32_t x, y, in;
    } corner[] = {{40545, 151316, 1}, {40546, 151316, 0}, {29680, 110771, 1}, {29681, 110771, 0}};
    for (size_t i = 0; i < NF_NELEM(corner); i++)
        for (int side = 0; side < 2; side++) {
            /* The friend's corner nearest the ray is (x, y): it reaches
             * outwards and back from there. */
            napfire_footprint fr = up(corner[i].x, corner[i].y - 30, 40, 30);
            if (side)
                fr = transform(&fr, MIRROR, 0, 0);
            napfire_scene sc = scene_of(&battery_fp, &far, NULL, &fr, 1, NULL, 0);
            facts_t m = measure_ok(&s, NULL, &sc);
            ck_assert_msg(value(&m, NAPFIRE_SHOT_FRIEND_IN_ARC) == corner[i].in, "corner (%d, %d) side %d",
                          (int)corner[i].x, (int)corner[i].y, side);
            decided(&m, NAPFIRE_SHOT_FRIEND_IN_ARC, corner[i].in ? NAPFIRE_DECIDER_FRIEND : NAPFIRE_DECIDER_NONE,
                    corner[i].in ? 0 : -1);
        }
    /* A bar across the sector, no corner inside: in, unless beyond the
     * circle through the target's farthest point. */
    napfire_footprint target = down(-50, 1000, 100, 20);
    napfire_footprint bar = up(-500, 900, 1000, 10), beyond = up(-500, 1100, 1000, 10);
    napfire_scene sc = scene_of(&battery_fp, &target, NULL, &bar, 1, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_IN_ARC), 1);
    sc = scene_of(&battery_fp, &target, NULL, &beyond, 1, NULL, 0);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_IN_ARC), 0);
}
END_TEST

/* A screen 50 mm off is ineffective, 51 mm effective (SCREENED). */
/* F-GEO-12, F-SCR-1, F-SCR-2 */
START_TEST(screen_edges) {
    napfire_rules r;
    rules_new(&r);
    made_up_musketry(&r);
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS);
    shot_new(&s, &f, &t);
    napfire_footprint line = up(-100, -20, 200, 20), column = down(-50, 200, 100, 40);
    napfire_footprint at50 = down(-60, 140, 120, 10), at51 = down(-60, 139, 120, 10);
    napfire_scene sc = scene_of(&line, &column, &at50, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN_DISTANCE), 50);
    napfire_result res = resolve_ok(&s, &r, 12, 6);
    assert_permitted(&res);
    sc = scene_of(&line, &column, &at51, NULL, 0, NULL, 0);
    m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_SCREEN_DISTANCE), 51);
    res = resolve_ok(&s, &r, 12, 6);
    assert_forbidden(&res, NAPFIRE_REASON_SCREENED, BIT(NAPFIRE_REASON_SCREENED));
    /* No screen: SCREEN 0 and SCREEN_DISTANCE not given again (F-GEO-13). */
    sc = scene_of(&line, &column, NULL, NULL, 0, NULL, 0);
    m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_SCREEN), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_SCREEN_DISTANCE), -1);
}
END_TEST

/* Fire over a friend 100 mm from the battery's front and from the enemy
 * is allowed; 99 mm to either is too close (rounded down, F-GEO-4). */
/* F-GEO-4, F-GEO-11, F-ART-7 */
START_TEST(overhead_edges) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    napfire_footprint firer = *guns(), line = down(-150, 300, 300, 20);
    firer.level = 2;
    napfire_footprint friends[] = {down(-20, 100, 40, 100), down(-20, 99, 40, 101), down(-20, 100, 40, 101)};
    const int32_t to_battery[] = {100, 99, 100}, to_enemy[] = {100, 100, 99};
    for (size_t i = 0; i < NF_NELEM(friends); i++) {
        napfire_scene sc = scene_of(&firer, &line, NULL, &friends[i], 1, NULL, 0);
        facts_t m = measure_ok(&s, &r, &sc);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_OVERHEAD), 1);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_BATTERY_HIGHER), 1);
        decided(&m, NAPFIRE_SHOT_BATTERY_HIGHER, NAPFIRE_DECIDER_FIRER, -1);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY), to_battery[i]);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY), to_enemy[i]);
        napfire_result res = resolve_ok(&s, &r, 8, 4);
        if (i == 0)
            assert_permitted(&res);
        else
            assert_forbidden(&res, NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, BIT(NAPFIRE_REASON_OVERHEAD_TOO_CLOSE));
    }
    /* A friend as high as the battery decides BATTERY_HIGHER = 0. */
    friends[0].level = 2;
    napfire_scene sc = scene_of(&firer, &line, NULL, friends, 1, NULL, 0);
    facts_t m = measure_ok(&s, &r, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_BATTERY_HIGHER), 0);
    decided(&m, NAPFIRE_SHOT_BATTERY_HIGHER, NAPFIRE_DECIDER_FRIEND, 0);
}
END_TEST

/* The range rounds up: 150.3 mm is 151 (F-GEO-4); a square firer measures
 * from its edge nearest the target (F-GEO-3). */
/* F-GEO-3, F-GEO-4 */
START_TEST(range_rounding_and_square) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_new(&s, &f, &t);
    /* The firer's front corner (100, 0) to the target's corner (190, 120):
     * exactly 150; to (190, 121): 150.6 -> 151. */
    napfire_footprint line = up(-100, -20, 200, 20);
    napfire_footprint at150 = down(190, 120, 60, 40), at151 = down(190, 121, 60, 40);
    napfire_scene sc = scene_of(&line, &at150, NULL, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 150);
    sc = scene_of(&line, &at151, NULL, NULL, 0, NULL, 0);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 151);
    /* A square 60 mm across at the origin; the target to its right: the
     * range from the right face (x = 30), and enfilade from its centre. */
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_SQUARE, 24);
    shot_new(&s, &f, &t);
    napfire_footprint square = up(-30, -30, 60, 60), right = down(130, -20, 100, 40);
    sc = scene_of(&square, &right, NULL, NULL, 0, NULL, 0);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_DISTANCE), 100);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_ENFILADE), 1); /* (30, 0) lies in the target's flank */
}
END_TEST

/* Enfilade: the centre of the firer's front strictly between the lines of
 * the target's front and rear, not inside it; base contact counts; a
 * square has no flank. */
/* F-GEO-8, F-MOD-9 */
START_TEST(enfilade_edges) {
    napfire_unit f, t;
    napfire_shot s;
    infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 24);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_new(&s, &f, &t);
    napfire_footprint line = up(-50, -20, 100, 20);
    /* Facing +x: front x = x0 + 100, rear x = x0. */
    const struct {
        int32_t x0, y0, want;
    } cases[] = {{-50, 100, 1}, {-1, 100, 1}, {0, 100, 0}, {-100, 100, 0}, {-50, 0, 1}};
    for (size_t i = 0; i < NF_NELEM(cases); i++) {
        napfire_footprint tg;
        memset(&tg, 0, sizeof tg);
        int32_t x = cases[i].x0, y = cases[i].y0;
        tg.corner[0] = (napfire_point){x + 100, y + 40};
        tg.corner[1] = (napfire_point){x + 100, y};
        tg.corner[2] = (napfire_point){x, y};
        tg.corner[3] = (napfire_point){x, y + 40};
        napfire_scene sc = scene_of(&line, &tg, NULL, NULL, 0, NULL, 0);
        facts_t m = measure_ok(&s, NULL, &sc);
        ck_assert_msg(value(&m, NAPFIRE_SHOT_ENFILADE) == cases[i].want, "case %zu", i);
        decided(&m, NAPFIRE_SHOT_ENFILADE, NAPFIRE_DECIDER_TARGET, -1);
    }
    plain_target(&t, NAPFIRE_FORMATION_SQUARE);
    shot_new(&s, &f, &t);
    napfire_footprint sq = down(-50, 100, 100, 100);
    sq = transform(&sq, TURN, 0, 0); /* faces +x, flank towards the firer */
    sq = transform(&sq, MOVE, 0, 0);
    napfire_scene sc = scene_of(&line, &sq, NULL, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_ENFILADE), 0);
}
END_TEST

/* A square target has four fronts: a friend before its side face is in
 * front of it; before a line's flank it is not. */
/* F-GEO-2, F-GEO-5 */
START_TEST(square_target_fronts) {
    napfire_shot s;
    napfire_footprint target = down(-50, 600, 100, 100), side = up(-200, 620, 100, 40);
    napfire_scene sc = scene_of(guns(), &target, NULL, &side, 1, NULL, 0);
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_SQUARE);
    facts_t m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), 50);
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), -1);
}
END_TEST

/* Penetration: a friend behind the target on the line of fire within the
 * long range is hit; beyond it, or with canister, not. The built-in data
 * has no long range: EUNKNOWN naming it, only when a friend is behind. */
/* F-GEO-10, F-ART-6, F-DATA */
START_TEST(penetration_and_unknown_range) {
    napfire_rules r;
    made_up_artillery(&r); /* long range 800 mm */
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    napfire_footprint line = down(-150, 600, 300, 20);
    napfire_footprint behind[] = {up(-30, 700, 60, 40), up(-30, 800, 60, 40), up(200, 700, 60, 40)};
    const int32_t hit[] = {1, 0, 0};
    for (size_t i = 0; i < NF_NELEM(behind); i++) {
        napfire_scene sc = scene_of(guns(), &line, NULL, &behind[i], 1, NULL, 0);
        facts_t m = measure_ok(&s, &r, &sc);
        ck_assert_int_eq(value(&m, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND), hit[i]);
        decided(&m, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, hit[i] ? NAPFIRE_DECIDER_FRIEND : NAPFIRE_DECIDER_NONE,
                hit[i] ? 0 : -1);
    }
    napfire_scene sc = scene_of(guns(), &line, NULL, &behind[0], 1, NULL, 0);
    napfire_shot before = s;
    facts_t m = measure_st(&s, NULL, &sc, NAPFIRE_EUNKNOWN);
    ck_assert_mem_eq(&s, &before, sizeof s);
    ck_assert_uint_eq(m.n, 14);
    const napfire_measured *p = fact(&m, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND);
    ck_assert_int_eq(p->missing, NAPFIRE_MISSING_RANGE);
    ck_assert_int_eq(p->missing_index[0], NAPFIRE_GUN_P6);
    ck_assert_int_eq(p->missing_index[1], NAPFIRE_MEASURE_METRIC);
    ck_assert_int_eq(p->missing_index[2], NAPFIRE_ARM_FOOT_ARTILLERY);
    ck_assert_int_eq(p->missing_index[3], NAPFIRE_BAND_LONG);
    ck_assert_int_eq(fact(&m, NAPFIRE_SHOT_DISTANCE)->missing, NAPFIRE_MISSING_NONE);
    /* No friend behind: no long range needed. */
    sc = scene_of(guns(), &line, NULL, &behind[2], 1, NULL, 0);
    measure_ok(&s, NULL, &sc);
    /* Canister: no penetration fact to measure. */
    sset(&s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
    sc = scene_of(guns(), &line, NULL, &behind[0], 1, NULL, 0);
    m = measure_ok(&s, NULL, &sc);
    ck_assert_int_eq(value(&m, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND), 0);
}
END_TEST

/* Every fact names its rule; the names and IDs are static text. */
/* F-GEO-13, F-GEO-14 */
START_TEST(rules_and_names) {
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    napfire_footprint line = down(-150, 600, 300, 20);
    napfire_scene sc = scene_of(guns(), &line, NULL, NULL, 0, NULL, 0);
    facts_t m = measure_ok(&s, NULL, &sc);
    const int32_t params[] = {102, 103, 105, 106, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118};
    const int32_t rules[] = {3, 8, 12, 12, 6, 7, 7, 7, 9, 10, 11, 11, 11, 11};
    ck_assert_uint_eq(m.n, NF_NELEM(params));
    for (size_t i = 0; i < m.n; i++) {
        ck_assert_int_eq(m.f[i].param, params[i]);
        ck_assert_int_eq(m.f[i].rule, rules[i]);
        ck_assert_int_eq(m.f[i].missing, NAPFIRE_MISSING_NONE);
        for (int k = 0; k < 4; k++)
            ck_assert_int_eq(m.f[i].missing_index[k], -1);
        for (size_t k = 0; k < NF_NELEM(m.f[i].reserved); k++)
            ck_assert_int_eq(m.f[i].reserved[k], 0);
        ck_assert_int_eq(m.f[i].value, sget(&s, m.f[i].param)); /* set on the shot (F-GEO-13) */
    }
    ck_assert_str_eq(napfire_table_rule_id(NAPFIRE_TABLE_RULE_SECTOR), "F-GEO-6, F-ART-4");
    ck_assert_str_eq(napfire_table_rule_id(0), "unknown");
    ck_assert_str_eq(napfire_table_rule_id(13), "unknown");
    ck_assert_str_eq(napfire_table_rule_id(-1), "unknown");
    ck_assert_str_eq(napfire_table_enum_name(NAPFIRE_TABLE_ENUM_DECIDER, NAPFIRE_DECIDER_FRIEND), "FRIEND");
    ck_assert_str_eq(napfire_table_enum_name(NAPFIRE_TABLE_ENUM_RULE, NAPFIRE_TABLE_RULE_CLEAR_LOS), "CLEAR_LOS");
    ck_assert_str_eq(napfire_table_enum_name(NAPFIRE_TABLE_ENUM_RULE, 4), "unknown");
    ck_assert_str_eq(napfire_table_enum_name(2, 0), "unknown");
    ck_assert_str_eq(napfire_table_enum_name(NAPFIRE_TABLE_ENUM_DECIDER, 6), "unknown");
}
END_TEST

/* F-GEO-13: a measure leaves nothing of an earlier scene. */
/* F-GEO-13 */
START_TEST(nothing_survives) {
    napfire_rules r;
    made_up_artillery(&r);
    napfire_shot s;
    art_shot(&s, NAPFIRE_GUN_P6, NAPFIRE_AMMO_ROUNDSHOT, NAPFIRE_FORMATION_LINE);
    napfire_footprint line = down(-150, 600, 300, 20), friend_fp = down(-20, 480, 40, 20);
    napfire_scene sc = scene_of(guns(), &line, NULL, &friend_fp, 1, NULL, 0);
    measure_ok(&s, &r, &sc);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_IN_ARC), 1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD), 1);
    sc = scene_of(guns(), &line, NULL, NULL, 0, NULL, 0);
    measure_ok(&s, &r, &sc);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_IN_ARC), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD), 0);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY), -1);
    ck_assert_int_eq(sget(&s, NAPFIRE_SHOT_CLEAR_LOS), 1);
}
END_TEST

static Suite *suite(void) {
    Suite *s = suite_create("measure");
    TCase *tc = tcase_create("measure");
    tcase_add_test(tc, fex1_from_footprints);
    tcase_add_test(tc, fex2_from_footprints);
    tcase_add_test(tc, fex3_from_footprints);
    tcase_add_test(tc, zone_edges);
    tcase_add_test(tc, sector_edges);
    tcase_add_test(tc, screen_edges);
    tcase_add_test(tc, overhead_edges);
    tcase_add_test(tc, range_rounding_and_square);
    tcase_add_test(tc, enfilade_edges);
    tcase_add_test(tc, square_target_fronts);
    tcase_add_test(tc, penetration_and_unknown_range);
    tcase_add_test(tc, rules_and_names);
    tcase_add_test(tc, nothing_survives);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return run_suite(suite());
}
