/* SPDX-License-Identifier: MIT */
/*
 * The hex grid (H-HEX-1, H-HEX-2, H-HEX-3): directions, neighbours,
 * vertices, distance, offset layouts, the coordinate bound; and the misuse
 * of each function.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

#define M NAPFIRE_HEX_COORD_MAX

static napfire_hex H(int32_t q, int32_t r) {
    napfire_hex h = {q, r};
    return h;
}

/* H-HEX-2: the pinned direction vectors. */
START_TEST(directions) {
    static const int32_t want[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    for (int32_t d = 0; d < 6; d++) {
        napfire_hex v;
        ck_assert_int_eq(napfire_hex_direction(d, &v), NAPFIRE_OK);
        ck_assert_int_eq(v.q, want[d][0]);
        ck_assert_int_eq(v.r, want[d][1]);
        napfire_hex n;
        ck_assert_int_eq(napfire_hex_neighbour(H(10, -4), d, &n), NAPFIRE_OK);
        ck_assert_int_eq(n.q, 10 + want[d][0]);
        ck_assert_int_eq(n.r, -4 + want[d][1]);
        int32_t side = -1;
        ck_assert_int_eq(napfire_hex_side_towards(H(10, -4), n, &side), NAPFIRE_OK);
        ck_assert_int_eq(side, d);
        ck_assert_int_eq(napfire_hex_side_towards(n, H(10, -4), &side), NAPFIRE_OK);
        ck_assert_int_eq(side, (d + 3) % 6);
    }
}
END_TEST

/* H-HEX-2: vertex v is shared with the neighbours across hexsides v, v+1;
 * those two are neighbours of each other. */
START_TEST(vertices) {
    for (int32_t v = 0; v < 6; v++) {
        napfire_hex two[2], a, b;
        ck_assert_int_eq(napfire_hex_vertex_hexes(H(-3, 8), v, two), NAPFIRE_OK);
        ck_assert_int_eq(napfire_hex_neighbour(H(-3, 8), v, &a), NAPFIRE_OK);
        ck_assert_int_eq(napfire_hex_neighbour(H(-3, 8), (v + 1) % 6, &b), NAPFIRE_OK);
        ck_assert(two[0].q == a.q && two[0].r == a.r && two[1].q == b.q && two[1].r == b.r);
        int32_t d;
        ck_assert_int_eq(napfire_hex_distance(a, b, &d), NAPFIRE_OK);
        ck_assert_int_eq(d, 1);
    }
}
END_TEST

/* H-HEX-1: distance is the cube distance; symmetric; extreme values. */
START_TEST(distance) {
    int32_t d;
    ck_assert_int_eq(napfire_hex_distance(H(0, 0), H(0, 0), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 0);
    ck_assert_int_eq(napfire_hex_distance(H(0, 0), H(3, -1), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 3);
    ck_assert_int_eq(napfire_hex_distance(H(0, 0), H(-8, 7), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 8);
    ck_assert_int_eq(napfire_hex_distance(H(2, 2), H(-2, -2), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 8);
    ck_assert_int_eq(napfire_hex_distance(H(-M, 0), H(M, 0), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 2 * M);
    ck_assert_int_eq(napfire_hex_distance(H(M, -M), H(-M, M), &d), NAPFIRE_OK);
    ck_assert_int_eq(d, 2 * M);
    for (int32_t q = -5; q <= 5; q++)
        for (int32_t r = -5; r <= 5; r++) {
            int32_t a, b;
            ck_assert_int_eq(napfire_hex_distance(H(1, 2), H(q, r), &a), NAPFIRE_OK);
            ck_assert_int_eq(napfire_hex_distance(H(q, r), H(1, 2), &b), NAPFIRE_OK);
            ck_assert_int_eq(a, b);
            int32_t x = q - 1, z = r - 2, y = -x - z;
            int32_t m = abs(x) > abs(y) ? abs(x) : abs(y);
            ck_assert_int_eq(a, m > abs(z) ? m : abs(z));
        }
}
END_TEST

/* H-HEX-1: offset layouts, both ways, over a 64 x 64 map and around the
 * origin (negative offsets), for the four layouts. */
START_TEST(offset_round_trip) {
    for (int32_t layout = NAPFIRE_HEX_ODD_Q; layout <= NAPFIRE_HEX_EVEN_R; layout++) {
        long wrong = 0;
        for (int32_t row = -8; row < 64; row++)
            for (int32_t col = -8; col < 64; col++) {
                napfire_hex h;
                int32_t c = -1, w = -1;
                wrong += napfire_hex_from_offset(layout, col, row, &h) != NAPFIRE_OK;
                wrong += napfire_hex_to_offset(h, layout, &c, &w) != NAPFIRE_OK;
                wrong += c != col || w != row;
                /* Neighbours on the map are neighbours in axial. */
                napfire_hex h2;
                wrong += napfire_hex_from_offset(layout, col, row + 1, &h2) != NAPFIRE_OK;
                int32_t d = -1;
                wrong += napfire_hex_distance(h, h2, &d) != NAPFIRE_OK || d != 1;
            }
        for (int32_t q = -40; q <= 40; q++)
            for (int32_t r = -40; r <= 40; r++) {
                napfire_hex h;
                int32_t c, w;
                wrong += napfire_hex_to_offset(H(q, r), layout, &c, &w) != NAPFIRE_OK;
                wrong += napfire_hex_from_offset(layout, c, w, &h) != NAPFIRE_OK;
                wrong += h.q != q || h.r != r;
            }
        ck_assert_int_eq(wrong, 0);
    }
}
END_TEST

/* H-HEX-1: which columns/rows are shifted. */
START_TEST(offset_shifts) {
    napfire_hex h;
    /* flat-top: axial (1,0) is down-right of (0,0). ODD_Q: odd column 1
     * is shifted down, so it is in row 0; EVEN_Q: column 0 is shifted, so
     * (1,0) is a row lower. */
    int32_t c, w;
    ck_assert_int_eq(napfire_hex_to_offset(H(1, 0), NAPFIRE_HEX_ODD_Q, &c, &w), NAPFIRE_OK);
    ck_assert(c == 1 && w == 0);
    ck_assert_int_eq(napfire_hex_to_offset(H(1, 0), NAPFIRE_HEX_EVEN_Q, &c, &w), NAPFIRE_OK);
    ck_assert(c == 1 && w == 1);
    /* pointy-top: axial (0,1) is down-right of (0,0). */
    ck_assert_int_eq(napfire_hex_to_offset(H(0, 1), NAPFIRE_HEX_ODD_R, &c, &w), NAPFIRE_OK);
    ck_assert(c == 0 && w == 1);
    ck_assert_int_eq(napfire_hex_to_offset(H(0, 1), NAPFIRE_HEX_EVEN_R, &c, &w), NAPFIRE_OK);
    ck_assert(c == 1 && w == 1);
    /* Negative odd column/row. */
    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, -1, 0, &h), NAPFIRE_OK);
    ck_assert(h.q == -1 && h.r == 1);
    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_EVEN_R, 0, -1, &h), NAPFIRE_OK);
    ck_assert(h.q == 0 && h.r == -1);
}
END_TEST

/* H-HEX-3: the bound, on q, r and q + r. */
START_TEST(bound) {
    ck_assert_int_eq(napfire_hex_check(H(M, 0)), NAPFIRE_OK);
    ck_assert_int_eq(napfire_hex_check(H(-M, M)), NAPFIRE_OK);
    ck_assert_int_eq(napfire_hex_check(H(0, -M)), NAPFIRE_OK);
    ck_assert_int_eq(napfire_hex_check(H(M + 1, 0)), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_check(H(0, -M - 1)), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_check(H(M, 1)), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_check(H(-1, -M)), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_check(H(INT32_MIN, 0)), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_check(H(INT32_MAX, INT32_MIN)), NAPFIRE_EDOMAIN);
    napfire_hex n;
    ck_assert_int_eq(napfire_hex_neighbour(H(M, 0), 0, &n), NAPFIRE_EDOMAIN); /* q */
    ck_assert_int_eq(napfire_hex_neighbour(H(M, 0), 5, &n), NAPFIRE_EDOMAIN); /* q + r */
    ck_assert_int_eq(napfire_hex_neighbour(H(M, 0), 4, &n), NAPFIRE_OK);
    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, M + 1, 0, &n), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_ODD_R, INT32_MAX, INT32_MAX, &n), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_EVEN_Q, INT32_MIN, INT32_MIN, &n), NAPFIRE_EDOMAIN);
}
END_TEST

/* Misuse matrix: NULL outputs, bad enums, out-of-bound hexes; outputs
 * untouched. */
START_TEST(grid_misuse) {
    const napfire_hex ok = H(1, 1), out = H(M + 1, 0);
    napfire_hex h = H(0x5A5A, 0x5A5A), two[2] = {H(7, 7), H(7, 7)};
    int32_t a = 0x5A5A, b = 0x5A5A;

    ck_assert_int_eq(napfire_hex_direction(0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_direction(-1, &h), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_direction(6, &h), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_neighbour(ok, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_neighbour(ok, -1, &h), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_neighbour(ok, 6, &h), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_neighbour(out, 3, &h), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_side_towards(ok, H(2, 1), NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_side_towards(ok, ok, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_side_towards(ok, H(3, 1), &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_side_towards(out, H(M, 0), &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_side_towards(H(M, 0), out, &a), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_vertex_hexes(ok, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_vertex_hexes(ok, 6, two), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_vertex_hexes(ok, -1, two), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_vertex_hexes(out, 0, two), NAPFIRE_EDOMAIN);
    /* vertex 0 of (M, -1): (M+1, -1) is out, (M+1, -2) too */
    ck_assert_int_eq(napfire_hex_vertex_hexes(H(M, -1), 0, two), NAPFIRE_EDOMAIN);
    /* vertex 5 of (M, -1): neighbours (M, 0) in, (M+1, -1) out */
    ck_assert_int_eq(napfire_hex_vertex_hexes(H(M, -1), 5, two), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_distance(ok, ok, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_distance(out, ok, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_distance(ok, out, &a), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_to_offset(ok, NAPFIRE_HEX_ODD_Q, NULL, &b), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_to_offset(ok, NAPFIRE_HEX_ODD_Q, &a, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_to_offset(ok, -1, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_to_offset(ok, 4, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_to_offset(out, NAPFIRE_HEX_ODD_Q, &a, &b), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(napfire_hex_from_offset(NAPFIRE_HEX_ODD_Q, 0, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_hex_from_offset(-1, 0, 0, &h), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_hex_from_offset(4, 0, 0, &h), NAPFIRE_EDOMAIN);

    ck_assert_int_eq(h.q, 0x5A5A);
    ck_assert_int_eq(h.r, 0x5A5A);
    ck_assert_int_eq(a, 0x5A5A);
    ck_assert_int_eq(b, 0x5A5A);
    ck_assert(two[0].q == 7 && two[0].r == 7 && two[1].q == 7 && two[1].r == 7);
}
END_TEST

static Suite *grid_suite(void) {
    Suite *s = suite_create("hex-grid");
    TCase *tc = tcase_create("grid");
    tcase_add_test(tc, directions);
    tcase_add_test(tc, vertices);
    tcase_add_test(tc, distance);
    tcase_add_test(tc, offset_round_trip);
    tcase_add_test(tc, offset_shifts);
    tcase_add_test(tc, bound);
    tcase_add_test(tc, grid_misuse);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(grid_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
