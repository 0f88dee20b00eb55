/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the library's exact trace (H-LOS-1..3) against the
 * slow independent reference tests/hex/ref.c, which clips the segment
 * against every nearby hexagon with rational parameters. Origins anywhere
 * in bound (near the coordinate bound too, where the library's 64-bit
 * products are largest), targets at most ORACLE_DIST away. Any difference
 * in count, order, kind, hexes, side or distances aborts. Also linked into
 * tests/fuzz/replay.c for tests/fuzz/corpus/fuzz_trace_oracle/.
 *
 * Input: groups of 8 bytes, one comparison each: origin selector (1),
 * origin offsets (2 x 1), target offset (2 x 1), origin raw (3, used with
 * one selector value).
 */
#include "fuzz_util.h"
#include "ref.h"

#define ORACLE_DIST 30 /* ref_trace's documented limit */
#define MAX_STEPS (4 * ORACLE_DIST + 1)
#define MAX_CASES 16
#define BOUND NAPFIRE_HEX_COORD_MAX

static int64_t abs64(int64_t x) {
    return x < 0 ? -x : x;
}

static int in_bound(int64_t q, int64_t r) {
    return abs64(q) <= BOUND && abs64(r) <= BOUND && abs64(q + r) <= BOUND;
}

static void describe(const char *who, const napfire_trace_step *s, size_t n) {
    fprintf(stderr, "%s: %zu steps\n", who, n);
    for (size_t i = 0; i < n && i < MAX_STEPS; i++)
        fprintf(stderr, "  %2zu kind %d side %2d hex (%d,%d) other (%d,%d) %d/%d\n", i, (int)s[i].kind, (int)s[i].side,
                (int)s[i].hex.q, (int)s[i].hex.r, (int)s[i].other.q, (int)s[i].other.r, (int)s[i].from_start,
                (int)s[i].to_end);
}

static void compare(napfire_hex from, napfire_hex to) {
    static napfire_trace_step lib[MAX_STEPS], ref[MAX_STEPS];
    size_t nl = 0;
    int st = napfire_trace_steps(from, to, lib, MAX_STEPS, &nl);
    int ok = in_bound(from.q, from.r) && in_bound(to.q, to.r);
    FZ_MUST(st == (ok ? NAPFIRE_OK : NAPFIRE_EDOMAIN), "trace status agrees with the bound");
    if (!ok)
        return;
    size_t nr = ref_trace(from, to, ref, MAX_STEPS);
    int same = nl == nr;
    for (size_t i = 0; same && i < nl; i++) {
        const napfire_trace_step *a = &lib[i], *b = &ref[i];
        same = a->kind == b->kind && a->side == b->side && a->hex.q == b->hex.q && a->hex.r == b->hex.r &&
               a->other.q == b->other.q && a->other.r == b->other.r && a->from_start == b->from_start &&
               a->to_end == b->to_end;
    }
    if (!same) {
        fprintf(stderr, "trace (%d,%d) -> (%d,%d) differs from the reference\n", (int)from.q, (int)from.r, (int)to.q,
                (int)to.r);
        describe("library", lib, nl);
        describe("reference", ref, nr);
    }
    FZ_MUST(same, "library trace equals the reference");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* Corners and edges of the bound, where |q|, |r| or |q + r| is 2^20. */
    static const int32_t anchors[][2] = {
        {0, 0},
        {BOUND, 0},
        {-BOUND, 0},
        {0, BOUND},
        {0, -BOUND},
        {BOUND, -BOUND},
        {-BOUND, BOUND},
        {BOUND / 2, BOUND / 2},
        {-BOUND / 2, -BOUND / 2},
        {BOUND - 30, -BOUND / 3},
        {1000003, 48571},
        {-777777, -270799},
    };
    fz_in in = {data, size, 0};
    for (int k = 0; k < MAX_CASES && fz_more(&in); k++) {
        uint8_t sel = fz_u8(&in);
        int32_t oq = fz_range(&in, -40, 40), or_ = fz_range(&in, -40, 40);
        int32_t dq = fz_range(&in, -ORACLE_DIST, ORACLE_DIST);
        int32_t dr = fz_range(&in, -ORACLE_DIST, ORACLE_DIST);
        uint32_t raw = (uint32_t)fz_u8(&in) << 16;
        raw |= (uint32_t)fz_u8(&in) << 8;
        raw |= fz_u8(&in);
        napfire_hex from;
        size_t na = sizeof anchors / sizeof anchors[0];
        if (sel < 240) {
            from.q = anchors[sel % na][0] + oq;
            from.r = anchors[sel % na][1] + or_;
        } else {
            /* Anywhere in a 2^21 square around the origin, in bound or not. */
            from.q = (int32_t)(raw % (2u * BOUND + 1u)) - BOUND;
            from.r = or_ * (BOUND / 40);
        }
        /* Keep the distance within the reference's limit: shrink the
         * offset along the longer axis until it fits. */
        for (int i = 0; i < 2 * ORACLE_DIST + 2; i++) {
            int64_t d = (abs64(dq) + abs64(dr) + abs64((int64_t)dq + dr)) / 2;
            if (d <= ORACLE_DIST)
                break;
            if (abs64(dq) >= abs64(dr))
                dq += dq > 0 ? -1 : 1;
            else
                dr += dr > 0 ? -1 : 1;
        }
        napfire_hex to = {from.q + dq, from.r + dr};
        compare(from, to);
        compare(to, from);
    }
    return 0;
}
