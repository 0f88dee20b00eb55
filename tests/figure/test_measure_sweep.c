/* SPDX-License-Identifier: MIT */
/*
 * The table measure (F-GEO) swept: invariance of every fact under
 * translation, a quarter turn, mirroring (corner order mirrored) and the
 * relabelling of friends, over NAPFIRE_TEST_SWEEP-sized random scenes; and
 * the misuse of every argument, with the shot and the outputs unchanged,
 * in the documented order of the errors.
 */
#include "../sweep.h"
#include "nftest.h"
#include "table_scene.h"

#define MAX_FRIENDS 5

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static int32_t rnd(int32_t lo, int32_t hi) {
    return scene_rnd(&rng_state, lo, hi);
}

static napfire_footprint random_rect(int32_t cx, int32_t cy, int32_t size) {
    int32_t fx = rnd(-3, 3), fy = rnd(-3, 3);
    if (fx == 0 && fy == 0)
        fy = 1;
    int32_t n = abs(fx) > abs(fy) ? abs(fx) : abs(fy);
    return facing(cx, cy, fx, fy, rnd(size / 4, size) / n + 1, rnd(size / 4, size) / n + 1);
}

typedef struct {
    napfire_footprint firer, target, screen, friends[MAX_FRIENDS], others[2];
    size_t nf, no;
    int has_screen;
} scene_t;

static int overlap(const napfire_footprint *a, const napfire_footprint *b) {
    /* Through the library: a scene whose firer and target overlap is
     * refused with EDOMAIN, which the generator then retries. */
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_new(&s, &f, &t);
    napfire_scene sc = {a, b, NULL, NULL, 0, NULL, 0};
    size_t n;
    return napfire_shot_measure(&s, NULL, &sc, NULL, 0, &n) == NAPFIRE_EDOMAIN;
}

static scene_t random_scene(void) {
    scene_t sc;
    memset(&sc, 0, sizeof sc);
    sc.firer = facing(0, 0, 0, 1, rnd(5, 30), rnd(20, 60));
    int32_t tx, ty;
    do {
        tx = rnd(-300, 300);
        ty = rnd(40, 700);
        sc.target = random_rect(tx, ty, 120);
    } while (overlap(&sc.firer, &sc.target));
    sc.nf = (size_t)rnd(0, MAX_FRIENDS);
    for (size_t i = 0; i < sc.nf; i++) {
        int32_t t = rnd(0, 100);
        sc.friends[i] = random_rect(tx * t / 100 + rnd(-150, 150), ty * t / 100 + rnd(-150, 150), rnd(20, 80));
        sc.friends[i].level = rnd(0, 2);
    }
    sc.no = (size_t)rnd(0, 2);
    for (size_t i = 0; i < sc.no; i++)
        sc.others[i] = random_rect(rnd(-300, 300), rnd(0, 700), 50);
    sc.has_screen = rnd(0, 3) == 0;
    sc.screen = random_rect(tx + rnd(-80, 80), ty - rnd(0, 150), 50);
    sc.firer.level = rnd(0, 2);
    return sc;
}

static scene_t transformed(const scene_t *in, int how, int32_t dx, int32_t dy) {
    scene_t out = *in;
    out.firer = transform(&in->firer, how, dx, dy);
    out.target = transform(&in->target, how, dx, dy);
    out.screen = transform(&in->screen, how, dx, dy);
    for (size_t i = 0; i < in->nf; i++)
        out.friends[i] = transform(&in->friends[i], how, dx, dy);
    for (size_t i = 0; i < in->no; i++)
        out.others[i] = transform(&in->others[i], how, dx, dy);
    return out;
}

static int measure_scene(const scene_t *sc, napfire_measured *facts, size_t *n) {
    static napfire_rules r;
    static int ready;
    if (!ready)
        made_up_artillery(&r);
    ready = 1;
    napfire_unit f, t;
    napfire_shot s;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    shot_new(&s, &f, &t);
    napfire_scene scene = {&sc->firer, &sc->target, sc->has_screen ? &sc->screen : NULL, sc->friends, sc->nf,
                           sc->others, sc->no};
    return napfire_shot_measure(&s, &r, &scene, facts, NAPFIRE_MEASURED_MAX, n);
}

/* Every value the same; the deciders too unless told otherwise. */
static void same_facts(const napfire_measured *a, const napfire_measured *b, size_t n, int deciders, int skip_los,
                       const char *how, int round) {
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(a[i].value == b[i].value, "round %d, %s: %s %d against %d", round, how,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, a[i].param), (int)a[i].value, (int)b[i].value);
        if (!deciders || (skip_los && a[i].param == NAPFIRE_SHOT_CLEAR_LOS))
            continue;
        ck_assert_msg(a[i].decider == b[i].decider && a[i].decider_index == b[i].decider_index,
                      "round %d, %s: decider of %s", round, how, napfire_enum_name(NAPFIRE_ENUM_PARAM, a[i].param));
    }
}

/* F-GEO-1, F-GEO-2, F-GEO-14: the measure sees the table, not the frame
 * or the friends' order. */
/* F-GEO-1..14 */
START_TEST(invariance) {
    int rounds = sweep_rounds(3000);
    for (int round = 0; round < rounds; round++) {
        scene_t sc = random_scene();
        napfire_measured base[NAPFIRE_MEASURED_MAX], other[NAPFIRE_MEASURED_MAX];
        size_t n = 0, m = 0;
        int st = measure_scene(&sc, base, &n);
        ck_assert_int_eq(st, NAPFIRE_OK);
        scene_t moved = transformed(&sc, MOVE, rnd(-200000, 200000), rnd(-200000, 200000));
        ck_assert_int_eq(measure_scene(&moved, other, &m), st);
        same_facts(base, other, n, 1, 0, "moved", round);
        scene_t turned = transformed(&sc, TURN, 0, 0);
        ck_assert_int_eq(measure_scene(&turned, other, &m), st);
        same_facts(base, other, n, 1, 0, "turned", round);
        scene_t mirrored = transformed(&sc, MIRROR, 0, 0);
        ck_assert_int_eq(measure_scene(&mirrored, other, &m), st);
        same_facts(base, other, n, 1, 1, "mirrored", round);
        scene_t relabelled = sc;
        for (size_t i = 0; i < sc.nf; i++)
            relabelled.friends[i] = sc.friends[sc.nf - 1 - i];
        ck_assert_int_eq(measure_scene(&relabelled, other, &m), st);
        same_facts(base, other, n, 0, 0, "relabelled", round);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* Misuse: every argument, the shot and the outputs unchanged */

typedef struct {
    napfire_shot shot;
    napfire_rules rules;
    napfire_footprint firer, target, screen, friends[2], others[1];
    napfire_scene scene;
} fixture_t;

static void fixture(fixture_t *fx, int32_t target_formation) {
    made_up_artillery(&fx->rules);
    napfire_unit f, t;
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P6, 6);
    plain_target(&t, target_formation);
    shot_new(&fx->shot, &f, &t);
    fx->firer = up(-60, -40, 120, 40);
    fx->target = down(-150, 600, 300, 20);
    fx->screen = down(-150, 560, 300, 10);
    fx->friends[0] = down(-20, 480, 40, 20);
    fx->friends[1] = up(300, 100, 40, 40);
    fx->others[0] = up(-300, 300, 100, 50);
    napfire_scene sc = {&fx->firer, &fx->target, &fx->screen, fx->friends, 2, fx->others, 1};
    fx->scene = sc;
}

/* The call with the arguments given must return want and change nothing
 * (the shot, the facts, the count). */
static void refused(fixture_t *fx, napfire_shot *s, const napfire_rules *r, const napfire_scene *sc, size_t cap,
                    size_t *count, int want, const char *what) {
    napfire_shot before = fx->shot;
    napfire_measured facts[NAPFIRE_MEASURED_MAX], blank[NAPFIRE_MEASURED_MAX];
    memset(facts, SENTINEL_BYTE, sizeof facts);
    memset(blank, SENTINEL_BYTE, sizeof blank);
    size_t n = (size_t)SENTINEL_I32;
    int st = napfire_shot_measure(s, r, sc, facts, cap, count ? &n : NULL);
    ck_assert_msg(st == want, "%s: %s, want %s", what, napfire_status_name(st), napfire_status_name(want));
    ck_assert_msg(memcmp(&before, &fx->shot, sizeof before) == 0, "%s: the shot changed", what);
    ck_assert_msg(memcmp(facts, blank, sizeof facts) == 0, "%s: facts written", what);
    if (want != NAPFIRE_ENOSPC)
        ck_assert_msg(n == (size_t)SENTINEL_I32, "%s: count written", what);
    if (count)
        *count = n;
}

/* API contract: EINVAL, EALIGN, ESTATE, EDOMAIN, ENOSPC, in that order. */
/* F-GEO-1, F-GEO-2, F-GEO-12 */
START_TEST(misuse_every_argument) {
    fixture_t fx;
    fixture(&fx, NAPFIRE_FORMATION_LINE);
    size_t n;
    refused(&fx, NULL, &fx.rules, &fx.scene, 14, &n, NAPFIRE_EINVAL, "NULL shot");
    refused(&fx, &fx.shot, &fx.rules, NULL, 14, &n, NAPFIRE_EINVAL, "NULL scene");
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 14, NULL, NAPFIRE_EINVAL, "NULL count");
    napfire_scene bad = fx.scene;
    bad.firer = NULL;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EINVAL, "NULL firer");
    bad = fx.scene;
    bad.target = NULL;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EINVAL, "NULL target");
    bad = fx.scene;
    bad.friends = NULL;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EINVAL, "friends NULL with a count");
    bad = fx.scene;
    bad.others = NULL;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EINVAL, "others NULL with a count");

    /* ESTATE: a shot or rules that are not one; before any EDOMAIN. */
    napfire_shot garbage;
    memset(&garbage, 0x33, sizeof garbage);
    napfire_rules junk;
    memset(&junk, 0x33, sizeof junk);
    bad = fx.scene;
    bad.firer = &fx.screen; /* overlaps nothing, but ESTATE comes first */
    fx.firer.reserved[0] = 1;
    refused(&fx, &garbage, &fx.rules, &fx.scene, 14, &n, NAPFIRE_ESTATE, "garbage shot");
    refused(&fx, &fx.shot, &junk, &fx.scene, 14, &n, NAPFIRE_ESTATE, "garbage rules");
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 14, &n, NAPFIRE_EDOMAIN, "firer reserved word");
    fx.firer.reserved[0] = 0;

    /* EDOMAIN: each footprint in turn, and the scene's size. */
    napfire_footprint *each[] = {&fx.firer, &fx.target, &fx.screen, &fx.friends[1], &fx.others[0]};
    for (size_t i = 0; i < NF_NELEM(each); i++) {
        napfire_footprint keep = *each[i];
        napfire_point c0 = each[i]->corner[0];
        each[i]->corner[0] = each[i]->corner[1]; /* counter-clockwise, then degenerate */
        each[i]->corner[1] = c0;
        refused(&fx, &fx.shot, &fx.rules, &fx.scene, 0, &n, NAPFIRE_EDOMAIN, "counter-clockwise");
        *each[i] = keep;
        each[i]->corner[2].x = NAPFIRE_TABLE_COORD_MAX + 1;
        each[i]->corner[1].x = NAPFIRE_TABLE_COORD_MAX + 1;
        refused(&fx, &fx.shot, &fx.rules, &fx.scene, 0, &n, NAPFIRE_EDOMAIN, "beyond 2^18");
        *each[i] = keep;
        each[i]->reserved[2] = -1;
        refused(&fx, &fx.shot, &fx.rules, &fx.scene, 0, &n, NAPFIRE_EDOMAIN, "reserved word");
        *each[i] = keep;
        each[i]->corner[3] = each[i]->corner[0];
        refused(&fx, &fx.shot, &fx.rules, &fx.scene, 0, &n, NAPFIRE_EDOMAIN, "a corner twice");
        *each[i] = keep;
    }
    napfire_footprint inside = down(-20, 605, 40, 10); /* the firer within the target */
    bad = fx.scene;
    bad.firer = &inside;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EDOMAIN, "firer and target overlap");
    bad = fx.scene;
    bad.friend_count = NAPFIRE_MAX_SCENE - 3; /* with firer, target, screen, one other: one too many */
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EDOMAIN, "more than NAPFIRE_MAX_SCENE");
    bad.friend_count = SIZE_MAX;
    refused(&fx, &fx.shot, &fx.rules, &bad, 14, &n, NAPFIRE_EDOMAIN, "a count that wraps");

    /* ENOSPC: the count written, nothing else. */
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 13, &n, NAPFIRE_ENOSPC, "13 facts of room");
    ck_assert_uint_eq(n, 14);
    /* EDOMAIN before ENOSPC. */
    fx.others[0].reserved[1] = 7;
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 1, &n, NAPFIRE_EDOMAIN, "bad other, no room");
    fx.others[0].reserved[1] = 0;

    /* The largest coordinates are allowed. */
    fx.others[0] = up(NAPFIRE_TABLE_COORD_MAX - 10, -NAPFIRE_TABLE_COORD_MAX, 10, 10);
    ck_assert_int_eq(napfire_shot_measure(&fx.shot, &fx.rules, &fx.scene, NULL, 0, &n), NAPFIRE_OK);
    ck_assert_uint_eq(n, 14);
}
END_TEST

/* A screen the shot would refuse (a target in skirmish order) is refused
 * the same way: EDOMAIN, as napfire_shot_set(SCREEN = 1). */
/* F-GEO-12, F-SCR-1 */
START_TEST(misuse_screen_refused) {
    fixture_t fx;
    fixture(&fx, NAPFIRE_FORMATION_SKIRMISH);
    ck_assert_int_eq(napfire_shot_set(&fx.shot, NAPFIRE_SHOT_SCREEN, 1), NAPFIRE_EDOMAIN);
    size_t n;
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 14, &n, NAPFIRE_EDOMAIN, "screen at skirmishers");
    fx.scene.screen = NULL;
    ck_assert_int_eq(napfire_shot_measure(&fx.shot, &fx.rules, &fx.scene, NULL, 0, &n), NAPFIRE_OK);
}
END_TEST

/* A scene of NAPFIRE_MAX_SCENE footprints is measured. */
/* F-GEO-1 */
START_TEST(largest_scene) {
    static napfire_footprint crowd[NAPFIRE_MAX_SCENE];
    fixture_t fx;
    fixture(&fx, NAPFIRE_FORMATION_LINE);
    for (size_t i = 0; i < NF_NELEM(crowd); i++)
        crowd[i] = up(-2000 + (int32_t)(i % 64) * 60, 1000 + (int32_t)(i / 64) * 60, 50, 50);
    fx.scene.screen = NULL;
    fx.scene.friends = crowd;
    fx.scene.friend_count = NAPFIRE_MAX_SCENE - 2;
    fx.scene.other_count = 0;
    size_t n;
    napfire_measured facts[NAPFIRE_MEASURED_MAX];
    ck_assert_int_eq(napfire_shot_measure(&fx.shot, &fx.rules, &fx.scene, facts, 14, &n), NAPFIRE_OK);
    fx.scene.friend_count++;
    refused(&fx, &fx.shot, &fx.rules, &fx.scene, 14, &n, NAPFIRE_EDOMAIN, "one more");
}
END_TEST

static Suite *suite(void) {
    Suite *s = suite_create("measure-sweep");
    TCase *tc = tcase_create("measure-sweep");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, invariance);
    tcase_add_test(tc, misuse_every_argument);
    tcase_add_test(tc, misuse_screen_refused);
    tcase_add_test(tc, largest_scene);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return run_suite(suite());
}
