/* SPDX-License-Identifier: MIT */
/*
 * The exact trace (H-LOS-1, H-LOS-2, H-LOS-3) against the independent
 * reference of ref.c, its known cases, both interfaces, and their misuse.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "../sweep.h"
#include "ref.h"

#define NSTEPS 256

static const napfire_hex ORIGINS[] = {
    {0, 0},
    {5, -3},
    {-17, 29},
    /* at or near the coordinate bound (H-HEX-3): corners and edges */
    {NAPFIRE_HEX_COORD_MAX, -NAPFIRE_HEX_COORD_MAX},
    {NAPFIRE_HEX_COORD_MAX - 3, -NAPFIRE_HEX_COORD_MAX + 1},
    {-NAPFIRE_HEX_COORD_MAX, 0},
    {0, NAPFIRE_HEX_COORD_MAX},
    {-7, NAPFIRE_HEX_COORD_MAX - 5},
    {-NAPFIRE_HEX_COORD_MAX + 6, NAPFIRE_HEX_COORD_MAX - 9},
    {400000, 648576},
};

static int32_t hexdist(int32_t dq, int32_t dr) {
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
}

static int steps_equal(const napfire_trace_step *a, const napfire_trace_step *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i].kind != b[i].kind || a[i].side != b[i].side || a[i].hex.q != b[i].hex.q || a[i].hex.r != b[i].hex.r ||
            a[i].other.q != b[i].other.q || a[i].other.r != b[i].other.r || a[i].from_start != b[i].from_start ||
            a[i].to_end != b[i].to_end)
            return 0;
    }
    return 1;
}

static void dump(const char *what, const napfire_trace_step *s, size_t n) {
    fprintf(stderr, "%s:\n", what);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "  kind %d side %d (%d,%d) (%d,%d) %d/%d\n", s[i].kind, s[i].side, s[i].hex.q, s[i].hex.r,
                s[i].other.q, s[i].other.r, s[i].from_start, s[i].to_end);
}

/* Library trace (array form), also checked against the iterator. */
static size_t lib_trace(napfire_hex from, napfire_hex to, napfire_trace_step *out) {
    size_t n = 0;
    ck_assert_int_eq(napfire_trace_steps(from, to, out, NSTEPS, &n), NAPFIRE_OK);
    napfire_trace it;
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, from, to), NAPFIRE_OK);
    size_t k = 0;
    napfire_trace_step s;
    int32_t more = 0;
    for (;;) {
        ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_OK);
        if (!more)
            break;
        ck_assert_uint_lt(k, n);
        ck_assert(steps_equal(&s, &out[k], 1));
        k++;
    }
    ck_assert_uint_eq(k, n);
    /* An ended trace stays ended. */
    ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_OK);
    ck_assert_int_eq(more, 0);
    return n;
}

/* H-LOS-1, H-LOS-2, H-LOS-3: every target within 12 of every origin:
 * identical hexes, kinds, sides, distances and order. */
START_TEST(reference_all_within_12) {
    long compared = 0, refused = 0;
    for (size_t o = 0; o < sizeof ORIGINS / sizeof ORIGINS[0]; o++) {
        napfire_hex f = ORIGINS[o];
        for (int32_t dq = -12; dq <= 12; dq++)
            for (int32_t dr = -12; dr <= 12; dr++) {
                int32_t n = hexdist(dq, dr);
                if (n > 12)
                    continue;
                napfire_hex t = {f.q + dq, f.r + dr};
                napfire_trace_step a[NSTEPS], b[NSTEPS];
                size_t na = 0;
                if (napfire_hex_check(t) != NAPFIRE_OK) {
                    /* H-HEX-3: out of bound is refused, not traced */
                    ck_assert_int_eq(napfire_trace_steps(f, t, a, NSTEPS, &na), NAPFIRE_EDOMAIN);
                    refused++;
                    continue;
                }
                na = lib_trace(f, t, a);
                size_t nb = ref_trace(f, t, b, NSTEPS);
                if (na != nb || !steps_equal(a, b, na)) {
                    fprintf(stderr, "(%d,%d) -> (%d,%d)\n", f.q, f.r, t.q, t.r);
                    dump("library", a, na);
                    dump("reference", b, nb);
                    ck_abort_msg("trace differs from the reference");
                }
                ck_assert_uint_le(na, 4 * (size_t)n + 1);
                compared++;
            }
    }
    printf("trace reference: %ld origin/target pairs compared, all identical; %ld out of bound refused\n", compared,
           refused);
    ck_assert_int_gt(compared, 3000);
}
END_TEST

/* H-LOS-2: longer lines in many directions, from an origin near the bound. */
START_TEST(reference_long_lines) {
    long compared = 0;
    napfire_hex f = {NAPFIRE_HEX_COORD_MAX - 40, -NAPFIRE_HEX_COORD_MAX + 50};
    for (int32_t dq = -30; dq <= 30; dq += 1)
        for (int32_t dr = -30; dr <= 30; dr += 7) {
            if (hexdist(dq, dr) > 30 || hexdist(dq, dr) < 13)
                continue;
            napfire_hex t = {f.q + dq, f.r + dr};
            if (napfire_hex_check(t) != NAPFIRE_OK)
                continue;
            napfire_trace_step a[NSTEPS], b[NSTEPS];
            size_t na = lib_trace(f, t, a), nb = ref_trace(f, t, b, NSTEPS);
            ck_assert_uint_eq(na, nb);
            ck_assert(steps_equal(a, b, na));
            compared++;
        }
    printf("trace reference: %ld long lines (distance 13..30) compared, all identical\n", compared);
    ck_assert_int_gt(compared, 200);
}
END_TEST

/* H-LOS-3: a hexside is run along exactly when the direction is a
 * multiple of cube (2,-1,-1) or a permutation of it. */
START_TEST(grazing_exactly_diagonal) {
    napfire_hex f = {3, -8};
    int diagonals = 0;
    for (int32_t dq = -12; dq <= 12; dq++)
        for (int32_t dr = -12; dr <= 12; dr++) {
            if (hexdist(dq, dr) > 12)
                continue;
            int32_t x = dq, y = -dq - dr, z = dr;
            int diagonal =
                (x != 0 || z != 0) && ((x == y && z == -2 * x) || (y == z && x == -2 * y) || (z == x && y == -2 * z));
            napfire_hex t = {f.q + dq, f.r + dr};
            napfire_trace_step a[NSTEPS];
            size_t n = lib_trace(f, t, a);
            int sides = 0, vertices = 0;
            for (size_t i = 0; i < n; i++) {
                sides += a[i].kind == NAPFIRE_STEP_HEXSIDE;
                vertices += a[i].kind == NAPFIRE_STEP_VERTEX;
            }
            ck_assert_int_eq(sides > 0, diagonal);
            if (diagonal) {
                diagonals++;
                /* hex, pair, hex, pair, ..., hex: n + 1 steps for distance n */
                ck_assert_uint_eq(n, (size_t)hexdist(dq, dr) + 1);
                ck_assert_int_eq(vertices, 0);
                for (size_t i = 0; i < n; i++)
                    ck_assert_int_eq(a[i].kind, i % 2 ? NAPFIRE_STEP_HEXSIDE : NAPFIRE_STEP_HEX);
            }
        }
    ck_assert_int_eq(diagonals, 6 * 6); /* 6 diagonals, multiples 1..6 within 12 */
}
END_TEST

/* H-LOS-3: the pair is reported once, right hex first, with the hexside. */
START_TEST(grazing_pair) {
    napfire_hex f = {0, 0}, t = {4, -2}; /* cube (4,-2,-2) */
    napfire_trace_step a[NSTEPS];
    size_t n = lib_trace(f, t, a);
    ck_assert_uint_eq(n, 5);
    ck_assert_int_eq(a[1].kind, NAPFIRE_STEP_HEXSIDE);
    /* Looking east on a flat-top map, (1,0) is below the line: right. */
    ck_assert_int_eq(a[1].hex.q, 1);
    ck_assert_int_eq(a[1].hex.r, 0);
    ck_assert_int_eq(a[1].other.q, 1);
    ck_assert_int_eq(a[1].other.r, -1);
    ck_assert_int_eq(a[1].side, 2); /* (1,0) + direction 2 = (1,-1) */
    ck_assert_int_eq(a[1].from_start, 1);
    ck_assert_int_eq(a[1].to_end, 3);
    ck_assert_int_eq(a[2].kind, NAPFIRE_STEP_HEX);
    ck_assert_int_eq(a[2].hex.q, 2);
    ck_assert_int_eq(a[2].hex.r, -1);
}
END_TEST

/* H-LOS-2: the nudged lerp line from 0 to cube (-8,1,7) misses cube
 * (-4,0,4); the exact trace crosses it. */
START_TEST(lerp_counterexample) {
    napfire_hex f = {0, 0}, t = {-8, 7};
    napfire_trace_step a[NSTEPS];
    size_t n = lib_trace(f, t, a);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        if (a[i].kind == NAPFIRE_STEP_HEX && a[i].hex.q == -4 && a[i].hex.r == 4)
            found = 1;
    ck_assert(found);
}
END_TEST

/* H-LOS-2: to cube (5,-4,-1) the line passes through two vertices; the
 * third hex at each is only touched, and comes between the hex left and
 * the hex entered. */
START_TEST(vertex_touches) {
    napfire_hex f = {0, 0}, t = {5, -1};
    napfire_trace_step a[NSTEPS];
    size_t n = lib_trace(f, t, a);
    static const int32_t want[][4] = {
        /* kind, q, r, side */
        {NAPFIRE_STEP_HEX, 0, 0, -1},  {NAPFIRE_STEP_HEX, 1, 0, -1},  {NAPFIRE_STEP_VERTEX, 2, -1, 4},
        {NAPFIRE_STEP_HEX, 2, 0, -1},  {NAPFIRE_STEP_HEX, 3, -1, -1}, {NAPFIRE_STEP_VERTEX, 3, 0, 1},
        {NAPFIRE_STEP_HEX, 4, -1, -1}, {NAPFIRE_STEP_HEX, 5, -1, -1},
    };
    ck_assert_uint_eq(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(a[i].kind, want[i][0]);
        ck_assert_int_eq(a[i].hex.q, want[i][1]);
        ck_assert_int_eq(a[i].hex.r, want[i][2]);
        ck_assert_int_eq(a[i].side, want[i][3]);
        ck_assert(a[i].other.q == a[i].hex.q && a[i].other.r == a[i].hex.r);
    }
    /* The touched vertex is the point one third of the way: tripled
     * coordinates (5,-1), vertex 4 of (2,-1) = (6,-3) + (-1,2). */
}
END_TEST

/* H-LOS-1: the same hex, and neighbours. */
START_TEST(trivial_traces) {
    napfire_hex f = {7, 7};
    napfire_trace_step a[NSTEPS];
    ck_assert_uint_eq(lib_trace(f, f, a), 1);
    ck_assert_int_eq(a[0].kind, NAPFIRE_STEP_HEX);
    ck_assert_int_eq(a[0].from_start, 0);
    ck_assert_int_eq(a[0].to_end, 0);
    for (int32_t dir = 0; dir < 6; dir++) {
        napfire_hex t;
        ck_assert_int_eq(napfire_hex_neighbour(f, dir, &t), NAPFIRE_OK);
        ck_assert_uint_eq(lib_trace(f, t, a), 2);
        ck_assert_int_eq(a[1].hex.q, t.q);
        ck_assert_int_eq(a[1].hex.r, t.r);
    }
}
END_TEST

/* The longest trace, corner to corner of the coordinate bound, through the
 * iterator: bounded, exact at the ends. */
START_TEST(corner_to_corner) {
    napfire_hex f = {-NAPFIRE_HEX_COORD_MAX, 1}, t = {NAPFIRE_HEX_COORD_MAX, -3};
    napfire_trace it;
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, f, t), NAPFIRE_OK);
    napfire_trace_step s, last;
    int32_t more = 1, n = 0;
    size_t k = 0;
    ck_assert_int_eq(napfire_hex_distance(f, t, &n), NAPFIRE_OK);
    memset(&last, 0, sizeof last);
    /* Plain checks in the loop: Check's assertions cost microseconds each. */
    long wrong = 0;
    while (napfire_trace_next(&it, &s, &more) == NAPFIRE_OK && more) {
        wrong += s.from_start + s.to_end < n || s.from_start > n || s.to_end > n;
        last = s;
        k++;
    }
    ck_assert_int_eq(wrong, 0);
    ck_assert_int_eq(more, 0);
    ck_assert_uint_le(k, 4 * (size_t)n + 1);
    ck_assert_int_eq(last.hex.q, t.q);
    ck_assert_int_eq(last.hex.r, t.r);
    size_t count = 0;
    ck_assert_int_eq(napfire_trace_steps(f, t, NULL, 0, &count), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(count, k);
}
END_TEST

/* Misuse: NULL, sizes, bounds, short arrays; outputs untouched. */
START_TEST(trace_misuse) {
    napfire_hex ok = {0, 0}, far = {3, 1}, out = {NAPFIRE_HEX_COORD_MAX + 1, 0};
    napfire_hex bad_s = {NAPFIRE_HEX_COORD_MAX, 1}; /* q + r too large */
    napfire_trace it, before;
    memset(&it, 0x5A, sizeof it);
    before = it;
    ck_assert_uint_eq(napfire_trace_size(), sizeof(napfire_trace));
    ck_assert_int_eq(napfire_trace_init(NULL, sizeof it, ok, far), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it - 1, ok, far), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it + 8, ok, far), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, out, far), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, ok, bad_s), NAPFIRE_EDOMAIN);
    ck_assert(memcmp(&it, &before, sizeof it) == 0);

    /* Not initialised: ESTATE, outputs untouched. */
    napfire_trace_step s, s0;
    int32_t more = 77;
    memset(&s, 0x5A, sizeof s);
    s0 = s;
    ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_ESTATE);
    memset(&it, 0, sizeof it);
    ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_ESTATE);
    ck_assert(memcmp(&s, &s0, sizeof s) == 0);
    ck_assert_int_eq(more, 77);

    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, ok, far), NAPFIRE_OK);
    ck_assert_int_eq(napfire_trace_next(NULL, &s, &more), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_trace_next(&it, NULL, &more), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_trace_next(&it, &s, NULL), NAPFIRE_EINVAL);

    napfire_trace_step arr[4];
    size_t count = 99;
    memset(arr, 0x5A, sizeof arr);
    ck_assert_int_eq(napfire_trace_steps(ok, far, arr, 4, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_trace_steps(ok, far, NULL, 4, &count), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_trace_steps(out, far, arr, 4, &count), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_trace_steps(ok, bad_s, arr, 4, &count), NAPFIRE_EDOMAIN);
    ck_assert_uint_eq(count, 99);
    /* (0,0) -> (3,1): more than 4 steps; ENOSPC reports the count and
     * writes no step. */
    ck_assert_int_eq(napfire_trace_steps(ok, far, arr, 4, &count), NAPFIRE_ENOSPC);
    napfire_trace_step ref[NSTEPS];
    ck_assert_uint_eq(count, ref_trace(ok, far, ref, NSTEPS));
    for (size_t i = 0; i < sizeof arr; i++)
        ck_assert_int_eq(((unsigned char *)arr)[i], 0x5A);
    /* An exact-size array is enough. */
    napfire_trace_step exact[NSTEPS];
    size_t need = count;
    ck_assert_int_eq(napfire_trace_steps(ok, far, exact, need, &count), NAPFIRE_OK);
    ck_assert_uint_eq(count, need);
    ck_assert(steps_equal(exact, ref, need));
}
END_TEST

/* ESTATE for corrupted iterators: every 32-bit word of the storage is
 * damaged in turn, at every point of a walk (before the first step, on
 * the way, after the last), for the three kinds of line: through hexes
 * and vertices, along hexsides (a diagonal, H-LOS-3) and a single hex.
 * The library either refuses it or goes on with a state that is still a
 * valid walk, and in both cases ends within bound. */
START_TEST(trace_corrupted) {
    static const uint32_t damage[] = {1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 2u, 6u, 0x00100000u};
    static const napfire_hex lines[][2] = {
        {{2, 1}, {-5, 9}}, /* sector */
        {{1, 1}, {7, -2}}, /* diagonal: 3 * (2, -1) */
        {{3, 3}, {3, 3}},  /* single hex */
    };
    long refused = 0, survived = 0;
    for (size_t li = 0; li < sizeof lines / sizeof lines[0]; li++) {
        napfire_hex f = lines[li][0], t = lines[li][1];
        int32_t n;
        ck_assert_int_eq(napfire_hex_distance(f, t, &n), NAPFIRE_OK);
        /* 4n + 1 steps at most, then one more call that reports the end */
        for (int advance = 0; advance <= 4 * n + 2; advance++)
            for (size_t word = 0; word < NAPFIRE_TRACE_SIZE / 4; word++)
                for (size_t d = 0; d < sizeof damage / sizeof damage[0]; d++) {
                    napfire_trace it;
                    napfire_trace_step s;
                    int32_t more = 1;
                    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, f, t), NAPFIRE_OK);
                    for (int i = 0; i < advance; i++)
                        ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_OK);
                    uint32_t w;
                    memcpy(&w, ((unsigned char *)(void *)it.opaque_) + 4 * word, 4);
                    w ^= damage[d];
                    memcpy(((unsigned char *)(void *)it.opaque_) + 4 * word, &w, 4);
                    long k = 0;
                    int rc;
                    /* A state that passes validation is a valid walk: at most
                     * 4n + 1 steps with n <= 2^21; the cap below is looser. */
                    long wrong = 0;
                    while ((rc = napfire_trace_next(&it, &s, &more)) == NAPFIRE_OK && more) {
                        k++;
                        wrong += napfire_hex_check(s.hex) != NAPFIRE_OK || napfire_hex_check(s.other) != NAPFIRE_OK;
                        if (k > 4L * 4 * NAPFIRE_HEX_COORD_MAX + 1)
                            break;
                    }
                    ck_assert_int_le(k, 4L * 4 * NAPFIRE_HEX_COORD_MAX + 1);
                    ck_assert_int_eq(wrong, 0);
                    if (rc == NAPFIRE_ESTATE)
                        refused++;
                    else
                        survived++;
                }
    }
    /* The magic word is refused at least. */
    ck_assert_int_gt(refused, 6 * 7);
    printf("corrupted iterators: %ld refused (ESTATE), %ld still valid walks\n", refused, survived);

    /* Pure garbage. */
    uint64_t x = 88172645463325252ull;
    for (int i = 0, n = sweep_rounds(20000); i < n; i++) {
        napfire_trace it;
        for (size_t b = 0; b < sizeof it.opaque_; b += 8) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            memcpy(((unsigned char *)(void *)it.opaque_) + b, &x, 8);
        }
        napfire_trace_step s;
        int32_t more;
        ck_assert_int_eq(napfire_trace_next(&it, &s, &more), NAPFIRE_ESTATE);
    }
}
END_TEST

/* A copied iterator continues independently (value type). */
START_TEST(trace_copy) {
    napfire_hex f = {0, 0}, t = {7, -2};
    napfire_trace a, b;
    napfire_trace_step sa, sb;
    int32_t ma, mb;
    ck_assert_int_eq(napfire_trace_init(&a, sizeof a, f, t), NAPFIRE_OK);
    ck_assert_int_eq(napfire_trace_next(&a, &sa, &ma), NAPFIRE_OK);
    b = a;
    for (;;) {
        ck_assert_int_eq(napfire_trace_next(&a, &sa, &ma), NAPFIRE_OK);
        ck_assert_int_eq(napfire_trace_next(&b, &sb, &mb), NAPFIRE_OK);
        ck_assert_int_eq(ma, mb);
        if (!ma)
            break;
        ck_assert(steps_equal(&sa, &sb, 1));
    }
}
END_TEST

static Suite *trace_suite(void) {
    Suite *s = suite_create("hex-trace");
    TCase *tc = tcase_create("trace");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, reference_all_within_12);
    tcase_add_test(tc, reference_long_lines);
    tcase_add_test(tc, grazing_exactly_diagonal);
    tcase_add_test(tc, grazing_pair);
    tcase_add_test(tc, lerp_counterexample);
    tcase_add_test(tc, vertex_touches);
    tcase_add_test(tc, trivial_traces);
    tcase_add_test(tc, corner_to_corner);
    tcase_add_test(tc, trace_misuse);
    tcase_add_test(tc, trace_corrupted);
    tcase_add_test(tc, trace_copy);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(trace_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
