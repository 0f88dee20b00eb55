/* SPDX-License-Identifier: MIT */
/*
 * Facing (H-FACE), infantry fire value and range (H-FIRE-1..5), the names
 * of the hex-scale enumerations, and the misuse of each function.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

static int popcount6(uint32_t m) {
    int n = 0;
    for (unsigned i = 0; i < 6; i++)
        n += (int)((m >> i) & 1u);
    return n;
}

static napfire_hex_fire fire(int32_t formation, int32_t increments, int32_t hexes, int32_t multiple) {
    napfire_hex_fire f;
    memset(&f, 0, sizeof f);
    f.formation = formation;
    f.increments = increments;
    f.hexes = hexes;
    f.multiple = multiple;
    return f;
}

static int32_t value_of(napfire_hex_fire f) {
    int32_t v = -1;
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_OK);
    return v;
}

/* H-FACE: the documented masks. */
START_TEST(facing_masks) {
    uint32_t front, flank, rear;
    /* column facing hexside 0: front 5, 0, 1; flank 4, 2; rear 3 */
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_COLUMN, 0, &front, &flank, &rear), NAPFIRE_OK);
    ck_assert_uint_eq(front, 0x23u);
    ck_assert_uint_eq(flank, 0x14u);
    ck_assert_uint_eq(rear, 0x08u);
    /* artillery facing hexside 3: front 2, 3, 4 */
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_ARTILLERY, 6, &front, &flank, &rear), NAPFIRE_OK);
    ck_assert_uint_eq(front, 0x1Cu);
    ck_assert_uint_eq(rear, 0x01u);
    /* line facing vertex 0: front 0, 1; flank 5, 2; rear 3, 4 */
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_LINE, 1, &front, &flank, &rear), NAPFIRE_OK);
    ck_assert_uint_eq(front, 0x03u);
    ck_assert_uint_eq(flank, 0x24u);
    ck_assert_uint_eq(rear, 0x18u);
    /* tirailleurs facing vertex 0: front 5, 0, 1, 2; flank 3, 4 */
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_TIRAILLEUR, 1, &front, &flank, &rear), NAPFIRE_OK);
    ck_assert_uint_eq(front, 0x27u);
    ck_assert_uint_eq(flank, 0x18u);
    ck_assert_uint_eq(rear, 0u);
    /* square: all front, any facing */
    for (int32_t facing = 0; facing < 12; facing++) {
        ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_SQUARE, facing, &front, &flank, &rear), NAPFIRE_OK);
        ck_assert_uint_eq(front, 0x3Fu);
        ck_assert_uint_eq(flank | rear, 0u);
    }
    /* flank and rear are optional */
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_LINE, 3, &front, NULL, NULL), NAPFIRE_OK);
    ck_assert_uint_eq(front, 0x06u);
}
END_TEST

/* H-FACE: counts 3/2/1, 2/2/2, 4/2/0, 6/0/0 for every facing each
 * formation takes; the three masks partition the six hexsides; the front
 * is symmetric about the facing. */
START_TEST(facing_counts) {
    static const int counts[5][3] = {{3, 2, 1}, {3, 2, 1}, {2, 2, 2}, {4, 2, 0}, {6, 0, 0}};
    for (int32_t formation = NAPFIRE_HEX_COLUMN; formation <= NAPFIRE_HEX_SQUARE; formation++)
        for (int32_t facing = 0; facing < 12; facing++) {
            uint32_t front = 0, flank = 0, rear = 0;
            int rc = napfire_hex_facing(formation, facing, &front, &flank, &rear);
            int vertex = facing % 2;
            int takes = formation == NAPFIRE_HEX_SQUARE ||
                        (vertex == (formation == NAPFIRE_HEX_LINE || formation == NAPFIRE_HEX_TIRAILLEUR));
            if (!takes) {
                ck_assert_int_eq(rc, NAPFIRE_EDOMAIN);
                continue;
            }
            ck_assert_int_eq(rc, NAPFIRE_OK);
            ck_assert_int_eq(popcount6(front), counts[formation][0]);
            ck_assert_int_eq(popcount6(flank), counts[formation][1]);
            ck_assert_int_eq(popcount6(rear), counts[formation][2]);
            ck_assert_uint_eq(front | flank | rear, 0x3Fu);
            ck_assert_uint_eq(front & flank, 0u);
            ck_assert_uint_eq((front | flank) & rear, 0u);
            if (formation != NAPFIRE_HEX_SQUARE) {
                /* In 30-degree units hexside i lies at 2i and the facing
                 * at f; the mirror image of 2i about f is 2(f - i). */
                for (int32_t i = 0; i < 6; i++) {
                    int32_t mirror = ((facing - i) % 6 + 6) % 6;
                    ck_assert_uint_eq((front >> i) & 1u, (front >> mirror) & 1u);
                    ck_assert_uint_eq((rear >> i) & 1u, (rear >> mirror) & 1u);
                }
            }
        }
}
END_TEST

/* H-FACE with H-LOS-4: a line facing vertex 0 sees along the diagonal it
 * faces (leaving through that vertex) and straight through its two front
 * hexsides, not through its flanks. */
START_TEST(facing_with_los) {
    napfire_los_query q;
    memset(&q, 0, sizeof q);
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_LINE, 1, &q.front_mask, NULL, NULL), NAPFIRE_OK);
    napfire_hex_info cell;
    memset(&cell, 0, sizeof cell);
    static const struct {
        napfire_hex t;
        int clear;
    } cases[] = {{{4, -2}, 1}, {{3, 0}, 1}, {{2, -2}, 1}, {{0, -3}, 0}, {{0, 3}, 0}, {{-2, 0}, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        napfire_los_result r;
        q.target = cases[i].t;
        ck_assert_int_eq(napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, 1, 1, &cell, &r), NAPFIRE_OK);
        ck_assert_int_eq(r.clear, cases[i].clear);
        if (!r.clear)
            ck_assert_int_eq(r.rule, NAPFIRE_LOS_RULE_FRONT_HEXSIDE);
    }
}
END_TEST

/* H-FIRE-3, H-FIRE-5: the rules page's example and the line's edges. */
START_TEST(fire_line) {
    /* French Légère, 10 increments in line in two hexes, x3: 8 x 3 = 24 */
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 10, 2, 3)), 24);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 10, 1, 3)), 12);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 5, 2, 3)), 15);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 8, 2, 2)), 16);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 9, 2, 2)), 16);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 4, 1, 3)), 12);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 3, 1, 3)), 9);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 0, 1, 3)), 0);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, 10, 2, 0)), 0);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_LINE, NAPFIRE_HEX_FIRE_MAX, 2, NAPFIRE_HEX_FIRE_MAX)),
                     8 * NAPFIRE_HEX_FIRE_MAX);
    /* H-FIRE-5: two hexes need at least five increments */
    int32_t v = 77;
    napfire_hex_fire f = fire(NAPFIRE_HEX_LINE, 4, 2, 3);
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    f = fire(NAPFIRE_HEX_LINE, 10, 3, 3);
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    f = fire(NAPFIRE_HEX_LINE, 10, 0, 3);
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, 77);
}
END_TEST

/* H-FIRE-4: tirailleurs, three increments a hex. */
START_TEST(fire_tirailleurs) {
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_TIRAILLEUR, 4, 1, 2)), 6);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_TIRAILLEUR, 3, 1, 2)), 6);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_TIRAILLEUR, 2, 1, 2)), 4);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_TIRAILLEUR, 7, 2, 1)), 6);
    ck_assert_int_eq(value_of(fire(NAPFIRE_HEX_TIRAILLEUR, 2, 2, 3)), 6);
    int32_t v = 77;
    napfire_hex_fire f = fire(NAPFIRE_HEX_TIRAILLEUR, 2, 3, 3); /* a hex without an increment */
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    f = fire(NAPFIRE_HEX_TIRAILLEUR, 2, 0, 3);
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, 77);
}
END_TEST

/* H-FIRE-2: in column only the top unit fires, its printed value. */
START_TEST(fire_column) {
    napfire_hex_fire f = fire(NAPFIRE_HEX_COLUMN, 12, 1, 3);
    f.printed_value = 7;
    ck_assert_int_eq(value_of(f), 7);
    f.stack_position = 1;
    ck_assert_int_eq(value_of(f), 0);
    f.stack_position = 3;
    ck_assert_int_eq(value_of(f), 0);
    int32_t v = 77;
    f.stack_position = 0;
    f.hexes = 2;
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    /* A stack position means nothing outside column. */
    f = fire(NAPFIRE_HEX_LINE, 10, 2, 3);
    f.stack_position = 1;
    ck_assert_int_eq(napfire_hex_fire_value(&f, &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, 77);
}
END_TEST

/* H-FIRE-1: ranges. */
START_TEST(fire_range) {
    int32_t r = -1;
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_LINE, 0, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_COLUMN, 5, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_SQUARE, 0, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_TIRAILLEUR, 0, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, NAPFIRE_HEX_TIRAILLEUR_RANGE);
    ck_assert_int_eq(r, 2);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_TIRAILLEUR, 3, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, 3);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_TIRAILLEUR, 1, &r), NAPFIRE_OK);
    ck_assert_int_eq(r, 1);
}
END_TEST

/* Misuse matrix for facing and fire. */
START_TEST(fire_misuse) {
    uint32_t front = 0x5A, flank = 0x5A, rear = 0x5A;
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_LINE, 1, NULL, &flank, &rear), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_facing(-1, 1, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_facing(5, 1, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_SQUARE, -1, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_SQUARE, 12, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_COLUMN, 1, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_facing(NAPFIRE_HEX_LINE, 0, &front, &flank, &rear), NAPFIRE_EDOMAIN);
    ck_assert(front == 0x5A && flank == 0x5A && rear == 0x5A);

    int32_t v = 77;
    napfire_hex_fire ok = fire(NAPFIRE_HEX_LINE, 10, 2, 3);
    ck_assert_int_eq(napfire_hex_fire_value(NULL, &v), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_fire_value(&ok, NULL), NAPFIRE_EINVAL);
    napfire_hex_fire bad[10];
    for (int i = 0; i < 10; i++)
        bad[i] = ok;
    bad[0].formation = NAPFIRE_HEX_ARTILLERY;
    bad[1].formation = NAPFIRE_HEX_SQUARE;
    bad[2].formation = 5;
    bad[3].increments = -1;
    bad[4].increments = NAPFIRE_HEX_FIRE_MAX + 1;
    bad[5].multiple = -1;
    bad[6].multiple = NAPFIRE_HEX_FIRE_MAX + 1;
    bad[7].reserved[1] = 1;
    bad[8].printed_value = -1;
    bad[9].stack_position = -1;
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(napfire_hex_fire_value(&bad[i], &v), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(v, 77);

    int32_t r = 77;
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_LINE, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_ARTILLERY, 0, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_fire_range(-1, 0, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_fire_range(5, 0, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_TIRAILLEUR, -1, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_fire_range(NAPFIRE_HEX_LINE, NAPFIRE_HEX_FIRE_MAX + 1, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(r, 77);
}
END_TEST

/* Every enumeration value has a name; unknown ones say "unknown". */
START_TEST(names) {
    static const int32_t last[] = {NAPFIRE_HEX_EVEN_R,       NAPFIRE_STEP_VERTEX,
                                   NAPFIRE_TERRAIN_SLOPE,    NAPFIRE_PRESENCE_LEADER_ONLY,
                                   NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_ELV_FRIEND_ADJACENT,
                                   NAPFIRE_HEX_SQUARE};
    static const int32_t first[] = {0, NAPFIRE_STEP_HEX, 0, 0, 0, 0, 0};
    for (int32_t e = NAPFIRE_HEX_ENUM_LAYOUT; e <= NAPFIRE_HEX_ENUM_FORMATION; e++) {
        for (int32_t v = first[e]; v <= last[e]; v++) {
            const char *n = napfire_hex_enum_name(e, v);
            ck_assert_ptr_nonnull(n);
            ck_assert_str_ne(n, "unknown");
        }
        ck_assert_str_eq(napfire_hex_enum_name(e, last[e] + 1), "unknown");
        ck_assert_str_eq(napfire_hex_enum_name(e, first[e] - 1), "unknown");
    }
    ck_assert_str_eq(napfire_hex_enum_name(7, 0), "unknown");
    ck_assert_str_eq(napfire_hex_enum_name(-1, 0), "unknown");
    ck_assert_str_eq(napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, NAPFIRE_LOS_RULE_GRAZING), "GRAZING");
    ck_assert_str_eq(napfire_hex_enum_name(NAPFIRE_HEX_ENUM_STEP, NAPFIRE_STEP_HEXSIDE), "HEXSIDE");
    ck_assert_str_eq(napfire_los_rule_id(NAPFIRE_LOS_RULE_GRAZING), "H-LOS-3");
    ck_assert_str_eq(napfire_los_rule_id(NAPFIRE_LOS_RULE_FRONT_HEXSIDE), "H-LOS-4");
    ck_assert_str_eq(napfire_los_rule_id(NAPFIRE_LOS_RULE_SLOPE), "H-ELV-4");
    ck_assert_str_eq(napfire_los_rule_id(NAPFIRE_LOS_RULE_NONE), "");
    ck_assert_str_eq(napfire_los_rule_id(7), "unknown");
    ck_assert_str_eq(napfire_los_rule_id(-1), "unknown");
}
END_TEST

static Suite *fire_suite(void) {
    Suite *s = suite_create("hex-fire");
    TCase *tc = tcase_create("fire");
    tcase_add_test(tc, facing_masks);
    tcase_add_test(tc, facing_counts);
    tcase_add_test(tc, facing_with_los);
    tcase_add_test(tc, fire_line);
    tcase_add_test(tc, fire_tirailleurs);
    tcase_add_test(tc, fire_column);
    tcase_add_test(tc, fire_range);
    tcase_add_test(tc, fire_misuse);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(fire_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
