/* SPDX-License-Identifier: MIT */
/*
 * Field of view (H-LOS-1..6, H-ELV-1..6): napfire_fov_grid() against one
 * napfire_los_grid() per hex, on random maps (all four layouts, negative
 * elevations, up to 40 slope levels, woods, towns, units of three sides,
 * routed units and leaders alone, firers on hills, in valleys, on the edge
 * and off the grid, every formation's front, both friend policies) and on
 * maps with a single blocker at every position; and the misuse of the four
 * functions, each leaving every output untouched.
 *
 * 600 random maps, a tenth with NAPFIRE_TEST_SWEEP=small (sweep.h);
 * NAPFIRE_FOV_MAPS sets another number.
 */
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "../sweep.h"
#include "fov_maps.h"

#define ALIGN 64

/* Plans by radius, built on first use. */
static const napfire_fov_plan *plans[NAPFIRE_FOV_RADIUS_MAX + 1];

static const napfire_fov_plan *plan_for(int32_t radius) {
    if (!plans[radius]) {
        size_t n = napfire_fov_plan_size(radius);
        void *buf = fm_zalloc(n);
        ck_assert_int_eq(napfire_fov_plan_init(buf, n, radius, &plans[radius]), NAPFIRE_OK);
        ck_assert_ptr_eq(plans[radius], buf);
    }
    return plans[radius];
}

static int32_t maps_wanted(void) {
    const char *env = getenv("NAPFIRE_FOV_MAPS");
    if (!env || !*env)
        return sweep_rounds(600);
    char *end = NULL;
    long v = strtol(env, &end, 10);
    ck_assert_msg(*end == '\0' && v >= 1 && v <= 1000000, "NAPFIRE_FOV_MAPS must be 1..1000000");
    return (int32_t)v;
}

/* fov and the reference on one map; returns the hexes asked, counts the
 * rules seen. */
static long agree(const struct fm_map *m, const napfire_fov_plan *plan, long seen[7]) {
    size_t n = (size_t)m->columns * (size_t)m->rows, ws = napfire_fov_work_size(plan);
    uint8_t *got = fm_zalloc(n), *want = fm_zalloc(n);
    void *work = fm_zalloc(ws);
    memset(work, 0xA5, ws); /* the workspace's contents on entry do not matter */
    ck_assert_int_eq(napfire_fov_grid(plan, work, ws, &m->q, m->layout, m->columns, m->rows, m->cells, got),
                     NAPFIRE_OK);
    long asked = fm_reference(m, want);
    ck_assert_int_ge(asked, 0);
    /* Check reports every assertion to its parent: assert once a map. */
    size_t bad = n;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i] && bad == n)
            bad = i;
        if (want[i] < 7)
            seen[want[i]]++;
    }
    if (bad < n)
        ck_abort_msg("cell %zu of a %dx%d layout %d map, firer (%d,%d), radius %d: fov %u, los %u", bad, m->columns,
                     m->rows, m->layout, m->q.firer.q, m->q.firer.r, m->radius, got[bad], want[bad]);
    free(got);
    free(want);
    free(work);
    return asked;
}

/* H-LOS-1..6, H-ELV-1..6: every hex of every random map, and every rule
 * of napfire_los_rule met on both sides (some hexes get it, some not). */
START_TEST(random_maps_agree) {
    int32_t maps = maps_wanted();
    uint64_t seed = 0x6A09E667F3BCC908ull;
    long hexes = 0, seen[7] = {0};
    for (int32_t i = 0; i < maps; i++) {
        struct fm_map m;
        /* Every 50th map has a radius over 64 (more than one bitmap word). */
        if (i % 50 == 25)
            fm_make(&seed, &m, 160, 65, 150);
        else
            fm_make(&seed, &m, i % 10 == 0 ? 90 : 40, 1, i % 10 == 0 ? 60 : 24);
        hexes += agree(&m, plan_for(m.radius), seen);
        free(m.cells);
    }
    printf("fov agreement: %d maps, %ld hexes asked, rules NONE %ld FRONT %ld TOWN %ld TERRAIN %ld UNIT %ld "
           "SLOPE %ld GRAZING %ld\n",
           maps, hexes, seen[0], seen[1], seen[2], seen[3], seen[4], seen[5], seen[6]);
    if (maps >= 100)
        for (int r = 0; r < 7; r++)
            ck_assert_msg(seen[r] > 0 && seen[r] < hexes, "rule %d never or always met", r);
}
END_TEST

/* H-LOS-2/3, H-ELV-1..5: one blocker of each kind at every position of a
 * 41 x 41 map around a firer at its centre, the firer higher, lower and
 * level: every hex agrees. Covers each hex's cone edge by edge. */
START_TEST(single_blockers_agree) {
    static const int32_t kinds[][3] = {
        /* terrain, presence, elevation */
        {NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0},  {NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0},
        {NAPFIRE_TERRAIN_SLOPE, NAPFIRE_PRESENCE_NONE, 1}, {NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, 0},
        {NAPFIRE_TERRAIN_SLOPE, NAPFIRE_PRESENCE_NONE, 0},
    };
    const int32_t side = 41, radius = 12, firer_elevation[3] = {0, 2, -2};
    const int32_t step = maps_wanted() >= 100 ? 1 : 7; /* fewer in a small sweep */
    long seen[7] = {0}, hexes = 0;
    struct fm_map m;
    memset(&m, 0, sizeof m);
    m.layout = _i % 4;
    m.columns = m.rows = side;
    m.radius = radius;
    m.cells = fm_zalloc((size_t)side * (size_t)side * sizeof *m.cells);
    napfire_hex_from_offset(m.layout, side / 2, side / 2, &m.q.firer);
    m.q.front_mask = 0x3F;
    m.q.firer_side = 1;
    m.q.target_side = 2;
    napfire_hex_info *firer = &m.cells[(side / 2) * side + side / 2];
    for (int32_t e = 0; e < 3; e++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            for (int32_t at = 0; at < side * side; at += step) {
                napfire_hex h;
                int32_t d;
                napfire_hex_from_offset(m.layout, at % side, at / side, &h);
                napfire_hex_distance(m.q.firer, h, &d);
                if (d < 1 || d >= radius)
                    continue;
                memset(m.cells, 0, (size_t)side * (size_t)side * sizeof *m.cells);
                firer->elevation = firer_elevation[e];
                m.cells[at].terrain = kinds[k][0];
                m.cells[at].presence = kinds[k][1];
                m.cells[at].elevation = kinds[k][2];
                hexes += agree(&m, plan_for(radius), seen);
            }
    ck_assert_int_gt(seen[NAPFIRE_LOS_RULE_TOWN], 0);
    ck_assert_int_gt(seen[NAPFIRE_LOS_RULE_GRAZING], 0);
    ck_assert_int_gt(hexes, 0);
    free(m.cells);
}
END_TEST

/* A plan holds no pointers: a byte copy elsewhere gives the same view;
 * q->target is ignored, even out of bound. */
START_TEST(plan_copy_and_target_ignored) {
    uint64_t seed = 99;
    struct fm_map m;
    fm_make(&seed, &m, 30, 1, 20);
    const napfire_fov_plan *plan = plan_for(m.radius);
    size_t ps = napfire_fov_plan_size(m.radius), ws = napfire_fov_work_size(plan),
           n = (size_t)m.columns * (size_t)m.rows;
    void *copy = fm_zalloc(ps), *work = fm_zalloc(ws);
    memcpy(copy, plan, ps);
    uint8_t *a = fm_zalloc(n), *b = fm_zalloc(n);
    ck_assert_int_eq(napfire_fov_grid(plan, work, ws, &m.q, m.layout, m.columns, m.rows, m.cells, a), NAPFIRE_OK);
    m.q.target.q = INT32_MAX;
    ck_assert_uint_eq(napfire_fov_work_size(copy), ws);
    ck_assert_int_eq(napfire_fov_grid(copy, work, ws, &m.q, m.layout, m.columns, m.rows, m.cells, b), NAPFIRE_OK);
    ck_assert_mem_eq(a, b, n);
    free(copy);
    free(work);
    free(a);
    free(b);
    free(m.cells);
}
END_TEST

/* Sizes: 0 outside 1..NAPFIRE_FOV_RADIUS_MAX, growing with the radius. */
START_TEST(sizes) {
    ck_assert_uint_eq(napfire_fov_plan_size(0), 0);
    ck_assert_uint_eq(napfire_fov_plan_size(-1), 0);
    ck_assert_uint_eq(napfire_fov_plan_size(INT32_MIN), 0);
    ck_assert_uint_eq(napfire_fov_plan_size(NAPFIRE_FOV_RADIUS_MAX + 1), 0);
    ck_assert_uint_gt(napfire_fov_plan_size(NAPFIRE_FOV_RADIUS_MAX), napfire_fov_plan_size(NAPFIRE_FOV_RADIUS_MAX - 1));
    ck_assert_uint_gt(napfire_fov_plan_size(1), 0);
    ck_assert_uint_gt(napfire_fov_work_size(plan_for(2)), napfire_fov_work_size(plan_for(1)));
    ck_assert_uint_gt(napfire_fov_work_size(plan_for(2)), 0);
    ck_assert_uint_eq(napfire_fov_work_size(NULL), 0);
    static uint64_t junk[64];
    memset(junk, 0x3C, sizeof junk);
    ck_assert_uint_eq(napfire_fov_work_size((const napfire_fov_plan *)(void *)junk), 0);
}
END_TEST

/* plan_init misuse: buf and *plan untouched on every error. */
START_TEST(plan_init_misuse) {
    size_t n = napfire_fov_plan_size(5);
    unsigned char *buf = fm_zalloc(n + ALIGN), *zero = fm_zalloc(n + ALIGN);
    const napfire_fov_plan *sentinel = (const napfire_fov_plan *)(void *)zero, *plan = sentinel;
    ck_assert_int_eq(napfire_fov_plan_init(NULL, n, 5, &plan), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_fov_plan_init(buf, n, 5, NULL), NAPFIRE_EINVAL);
    /* Storage not on an 8-byte boundary: EALIGN, after the NULL checks. */
    ck_assert_int_eq(napfire_fov_plan_init(buf + 1, n, 5, &plan), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_fov_plan_init(buf + 4, n, 5, &plan), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_fov_plan_init(buf + 4, n, 0, &plan), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_fov_plan_init(buf, n, 0, &plan), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_fov_plan_init(buf, n, NAPFIRE_FOV_RADIUS_MAX + 1, &plan), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_fov_plan_init(buf, n - 1, 5, &plan), NAPFIRE_ENOSPC);
    ck_assert_int_eq(napfire_fov_plan_init(buf, 0, 5, &plan), NAPFIRE_ENOSPC);
    ck_assert_ptr_eq(plan, sentinel);
    ck_assert_mem_eq(buf, zero, n + ALIGN);
    /* 8 bytes are enough: a plan works at buf + 8 as at buf. */
    ck_assert_int_eq(napfire_fov_plan_init(buf + 8, n, 5, &plan), NAPFIRE_OK);
    ck_assert_ptr_eq(plan, (void *)(buf + 8));
    ck_assert_uint_eq(napfire_fov_work_size((const napfire_fov_plan *)(void *)(buf + 4)), 0);
    ck_assert_int_eq(napfire_fov_plan_init(buf, n, 5, &plan), NAPFIRE_OK);
    ck_assert_ptr_eq(plan, (void *)buf);
    free(buf);
    free(zero);
}
END_TEST

/* A small map for the misuse of napfire_fov_grid(). */
struct misuse {
    const napfire_fov_plan *plan;
    size_t ws;
    unsigned char *work;
    napfire_hex_info cells[12 * 10];
    napfire_los_query q;
    uint8_t rule[12 * 10 + 1];
};

static void misuse_setup(struct misuse *u) {
    memset(u, 0, sizeof *u);
    u->plan = plan_for(3);
    u->ws = napfire_fov_work_size(u->plan);
    u->work = fm_zalloc(u->ws + ALIGN);
    napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, 5, 5, &u->q.firer);
    u->q.front_mask = 0x3F;
    memset(u->rule, 0x5A, sizeof u->rule);
}

static void assert_untouched(const struct misuse *u) {
    for (size_t i = 0; i < sizeof u->rule; i++)
        ck_assert_uint_eq(u->rule[i], 0x5A);
}

static int grid(struct misuse *u, const napfire_fov_plan *plan, void *work, size_t ws) {
    return napfire_fov_grid(plan, work, ws, &u->q, NAPFIRE_HEX_ODD_Q, 12, 10, u->cells, u->rule);
}

/* EINVAL for NULLs, EALIGN for a misaligned plan or workspace, ESTATE for storage that is
 * no plan, ENOSPC for a short workspace; rule untouched. */
START_TEST(grid_misuse_pointers) {
    struct misuse u;
    misuse_setup(&u);
    ck_assert_int_eq(grid(&u, NULL, u.work, u.ws), NAPFIRE_EINVAL);
    ck_assert_int_eq(grid(&u, u.plan, NULL, u.ws), NAPFIRE_EINVAL);
    ck_assert_int_eq(grid(&u, u.plan, u.work + 1, u.ws), NAPFIRE_EALIGN);
    ck_assert_int_eq(grid(&u, u.plan, u.work + 4, u.ws), NAPFIRE_EALIGN);
    ck_assert_int_eq(grid(&u, u.plan, u.work + 4, 0), NAPFIRE_EALIGN);
    ck_assert_int_eq(grid(&u, (const napfire_fov_plan *)(const void *)((const char *)u.plan + 4), u.work, u.ws),
                     NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_fov_grid(u.plan, u.work, u.ws, NULL, 0, 12, 10, u.cells, u.rule), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_fov_grid(u.plan, u.work, u.ws, &u.q, 0, 12, 10, NULL, u.rule), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_fov_grid(u.plan, u.work, u.ws, &u.q, 0, 12, 10, u.cells, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws - 1), NAPFIRE_ENOSPC);
    ck_assert_int_eq(grid(&u, u.plan, u.work, 0), NAPFIRE_ENOSPC);
    /* Storage that is no plan, and plans with one header field changed. */
    size_t ps = napfire_fov_plan_size(3);
    uint32_t *fake = fm_zalloc(ps);
    ck_assert_int_eq(grid(&u, (const napfire_fov_plan *)(void *)fake, u.work, u.ws), NAPFIRE_ESTATE);
    for (int field = 0; field < 6; field++) {
        memcpy(fake, u.plan, ps);
        fake[field] ^= 4;
        ck_assert_int_eq(grid(&u, (const napfire_fov_plan *)(void *)fake, u.work, u.ws), NAPFIRE_ESTATE);
        ck_assert_uint_eq(napfire_fov_work_size((const napfire_fov_plan *)(void *)fake), 0);
    }
    assert_untouched(&u);
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_OK);
    free(fake);
    free(u.work);
}
END_TEST

/* EDOMAIN as napfire_los_grid() for the query, layout and sizes; rule
 * untouched. */
START_TEST(grid_misuse_query) {
    struct misuse u;
    misuse_setup(&u);
    napfire_los_query good = u.q;
    u.q.front_mask = 0x40;
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_EDOMAIN);
    u.q = good;
    u.q.policy = 2;
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_EDOMAIN);
    u.q = good;
    u.q.reserved[3] = 1;
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_EDOMAIN);
    u.q = good;
    u.q.firer.q = NAPFIRE_HEX_COORD_MAX + 1;
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_EDOMAIN);
    u.q = good;
    static const int32_t bad_sizes[][3] = {{-1, 12, 10}, {4, 12, 10}, {0, 0, 10},    {0, 12, 0},
                                           {0, -5, 10},  {0, 12, -5}, {0, 65537, 1}, {0, 1, 65537}};
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++)
        ck_assert_int_eq(napfire_fov_grid(u.plan, u.work, u.ws, &u.q, bad_sizes[i][0], bad_sizes[i][1], bad_sizes[i][2],
                                          u.cells, u.rule),
                         NAPFIRE_EDOMAIN);
    assert_untouched(&u);
    free(u.work);
}
END_TEST

/* A bad cell within the radius (the firer's own included) is EDOMAIN,
 * beyond it ignored, as napfire_los_grid() never reads it. */
START_TEST(grid_bad_cells) {
    struct misuse u;
    misuse_setup(&u);
    const int32_t at[][2] = {{5, 5}, {6, 5}, {8, 5}, {5, 2}}; /* distances 0, 1, 3, 3 */
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        for (int bad = 0; bad < 5; bad++) {
            napfire_hex_info *c = &u.cells[at[i][1] * 12 + at[i][0]];
            memset(c, 0, sizeof *c);
            if (bad == 0)
                c->terrain = 4;
            else if (bad == 1)
                c->terrain = -1;
            else if (bad == 2)
                c->presence = 4;
            else if (bad == 3)
                c->presence = -1;
            else
                c->reserved[bad - 4] = 7;
            ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_EDOMAIN);
            memset(c, 0, sizeof *c);
        }
    assert_untouched(&u);
    u.cells[5 * 12 + 9].terrain = 9; /* distance 4, beyond the radius */
    ck_assert_int_eq(grid(&u, u.plan, u.work, u.ws), NAPFIRE_OK);
    ck_assert_uint_eq(u.rule[5 * 12 + 9], NAPFIRE_FOV_NOT_ASKED);
    ck_assert_uint_eq(u.rule[5 * 12 + 5], NAPFIRE_FOV_NOT_ASKED);
    ck_assert_uint_eq(u.rule[5 * 12 + 8], NAPFIRE_LOS_RULE_NONE);
    ck_assert_uint_eq(u.rule[12 * 10], 0x5A); /* nothing past columns * rows */
    free(u.work);
}
END_TEST

int main(void) {
    Suite *s = suite_create("fov");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_maps_agree);
    tcase_add_loop_test(tc, single_blockers_agree, 0, 4);
    tcase_add_test(tc, plan_copy_and_target_ignored);
    tcase_add_test(tc, sizes);
    tcase_add_test(tc, plan_init_misuse);
    tcase_add_test(tc, grid_misuse_pointers);
    tcase_add_test(tc, grid_misuse_query);
    tcase_add_test(tc, grid_bad_cells);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
