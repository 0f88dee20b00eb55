/* SPDX-License-Identifier: MIT */
/*
 * The three facts about the exact trace (H-LOS-1..3) that the field of
 * view rests on, checked exhaustively on the library's own trace for every
 * target within radius 40 of the origin, with geometry written here from
 * the definitions (tripled axial coordinates, cross products):
 *
 *   F1  a hex B (neither end) is judged on the line to T (crossed, or one
 *       of a hexside pair run along) exactly when B lies on a nearer ring
 *       than T, ahead of the firer, and T's direction lies strictly
 *       between B's vertices, or along one of its hexsides (H-LOS-3);
 *       touching a single vertex is not judged (H-LOS-2);
 *   F2  every judged hex is m from the firer and n - m from T;
 *   F3  rings never decrease along the line and at most two judged steps
 *       share a ring; of two, the first lies on the firer's side of their
 *       common hexside.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

#define R 40
#define SPAN (2 * R + 1)
#define CAP (4 * R + 1)

static const int64_t EQ[6] = {1, 1, 0, -1, -1, 0}, ER[6] = {0, -1, -1, 0, 1, 1};

static int64_t wq(int v) {
    return EQ[v] + EQ[(v + 1) % 6];
}
static int64_t wr(int v) {
    return ER[v] + ER[(v + 1) % 6];
}

static int64_t cross(int64_t aq, int64_t ar, int64_t bq, int64_t br) {
    return aq * br - ar * bq;
}

static int32_t ring(int64_t q, int64_t r) {
    int64_t s = q + r;
    return (int32_t)(((q < 0 ? -q : q) + (r < 0 ? -r : r) + (s < 0 ? -s : s)) / 2);
}

/* Four times the Euclidean dot product of two axial vectors. */
static int64_t dot4(int64_t aq, int64_t ar, int64_t bq, int64_t br) {
    return (2 * aq + ar) * (2 * bq + br) + 3 * ar * br;
}

/* F1's prediction for hex B = (bq, br) on the line to T = (tq, tr). */
static int predicted(int64_t bq, int64_t br, int64_t tq, int64_t tr) {
    if (ring(bq, br) >= ring(tq, tr) || dot4(bq, br, tq, tr) <= 0)
        return 0;
    int pos = 0, neg = 0, zero = 0;
    for (int v = 0; v < 6; v++) {
        int64_t c = cross(tq, tr, 3 * bq + wq(v), 3 * br + wr(v));
        pos += c > 0;
        neg += c < 0;
        zero += c == 0;
    }
    return (pos > 0 && neg > 0) || zero == 2;
}

static napfire_trace_step steps[CAP];

static size_t trace(napfire_hex t) {
    napfire_hex o = {0, 0};
    size_t n = 0;
    if (napfire_trace_steps(o, t, steps, CAP, &n) != NAPFIRE_OK)
        ck_abort_msg("no trace to (%d,%d)", t.q, t.r);
    return n;
}

/* The judged hexes of a trace: between the ends, not vertex touches. */
static void judged(size_t n, unsigned char seen[SPAN][SPAN]) {
    memset(seen, 0, SPAN * SPAN);
    for (size_t i = 1; i + 1 < n; i++) {
        if (steps[i].kind == NAPFIRE_STEP_VERTEX)
            continue;
        seen[steps[i].hex.r + R][steps[i].hex.q + R] = 1;
        seen[steps[i].other.r + R][steps[i].other.q + R] = 1;
    }
}

/* F1 for every target within R and every hex within R. */
START_TEST(f1_judged_hexes_are_the_cones) {
    static unsigned char seen[SPAN][SPAN];
    long checked = 0, judged_count = 0;
    for (int32_t tq = -R; tq <= R; tq++)
        for (int32_t tr = -R; tr <= R; tr++) {
            if (ring(tq, tr) < 1 || ring(tq, tr) > R)
                continue;
            napfire_hex t = {tq, tr};
            judged(trace(t), seen);
            for (int32_t bq = -R; bq <= R; bq++)
                for (int32_t br = -R; br <= R; br++) {
                    if (ring(bq, br) < 1 || ring(bq, br) > R)
                        continue;
                    int want = predicted(bq, br, tq, tr), got = seen[br + R][bq + R];
                    if (want != got)
                        ck_abort_msg("target (%d,%d), hex (%d,%d): trace %d, cone %d", tq, tr, bq, br, got, want);
                    checked++;
                    judged_count += got;
                }
        }
    ck_assert_int_gt(judged_count, 0);
    ck_assert_int_gt(checked - judged_count, 0);
}
END_TEST

/* Is a, not b, on the firer's side of their common hexside? */
static int firer_side_first(napfire_hex a, napfire_hex b) {
    int side = -1;
    for (int d = 0; d < 6; d++)
        if (b.q - a.q == EQ[d] && b.r - a.r == ER[d])
            side = d;
    if (side < 0)
        ck_abort_msg("(%d,%d) and (%d,%d) are not neighbours", a.q, a.r, b.q, b.r);
    int v0 = (side + 5) % 6, v1 = side;
    int64_t aq = 3 * (int64_t)a.q + wq(v0), ar = 3 * (int64_t)a.r + wr(v0);
    int64_t eq = wq(v1) - wq(v0), er = wr(v1) - wr(v0);
    int64_t origin = cross(eq, er, -aq, -ar), centre = cross(eq, er, 3 * (int64_t)a.q - aq, 3 * (int64_t)a.r - ar);
    return (origin > 0 && centre > 0) || (origin < 0 && centre < 0);
}

/* Check reports every assertion to its parent: assert only on failure. */
#define REQUIRE(c) \
  do { \
    if (!(c)) \
      ck_abort_msg("%s fails on the line to (%d,%d)", #c, tq, tr); \
  } while (0)

/* F2 and F3 along every trace within R. */
START_TEST(f2_f3_rings_along_the_line) {
    long pairs = 0;
    for (int32_t tq = -R; tq <= R; tq++)
        for (int32_t tr = -R; tr <= R; tr++) {
            int32_t n = ring(tq, tr);
            if (n < 2 || n > R)
                continue;
            napfire_hex t = {tq, tr};
            size_t count = trace(t);
            int32_t last = 0, same = 0;
            const napfire_trace_step *prev = NULL;
            for (size_t i = 1; i + 1 < count; i++) {
                const napfire_trace_step *s = &steps[i];
                if (s->kind == NAPFIRE_STEP_VERTEX)
                    continue;
                int32_t m = ring(s->hex.q, s->hex.r);
                REQUIRE(m == s->from_start);
                REQUIRE(s->from_start + s->to_end == n); /* F2 */
                if (s->kind == NAPFIRE_STEP_HEXSIDE)
                    REQUIRE(ring(s->other.q, s->other.r) == m);
                REQUIRE(m >= last); /* F3 */
                same = m == last ? same + 1 : 1;
                REQUIRE(same <= 2);
                if (same == 2) {
                    REQUIRE(prev->kind == NAPFIRE_STEP_HEX && s->kind == NAPFIRE_STEP_HEX);
                    REQUIRE(firer_side_first(prev->hex, s->hex));
                    pairs++;
                }
                last = m;
                prev = s;
            }
        }
    ck_assert_int_gt(pairs, 0);
}
END_TEST

int main(void) {
    Suite *s = suite_create("fov-facts");
    TCase *tc = tcase_create("facts");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, f1_judged_hexes_are_the_cones);
    tcase_add_test(tc, f2_f3_rings_along_the_line);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
