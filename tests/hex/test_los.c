/* SPDX-License-Identifier: MIT */
/*
 * Line of sight (H-LOS-1..6, H-ELV-1..6) with the three map forms (a
 * callback taking the hex by value, one taking it by pointer, a grid),
 * every rule on both sides of its condition, and the misuse of each.
 *
 * Most cases fire from (0,0) along direction 0 to (4,0): the hexes between
 * are (1,0) nearer the firer (1 vs 3), (2,0) equidistant, (3,0) nearer the
 * target and adjacent to it. The line leaves (0,0) through hexside 0.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

#define FIRER_SIDE 1
#define TARGET_SIDE 2
#define ALL_FRONT 0x3Fu

static napfire_hex H(int32_t q, int32_t r) {
    napfire_hex h = {q, r};
    return h;
}

/* A sparse test map: listed hexes, everything else clear at elevation 0. */
struct entry {
    napfire_hex h;
    int32_t elevation, terrain, presence, side;
};
struct map {
    struct entry e[16];
    int n;
    int calls;
    napfire_hex fail_at; /* callback error test */
    int fail_rc;         /* 0: never fail */
    int bad;             /* 1, 3: bad terrain (above, below the enum), 2: non-zero reserved,
                            4: bad presence (below the enum) */
};

static void put(struct map *m, napfire_hex h, int32_t elevation, int32_t terrain, int32_t presence, int32_t side) {
    struct entry x = {h, elevation, terrain, presence, side};
    m->e[m->n++] = x;
}

static int map_fn(void *ctx, napfire_hex h, napfire_hex_info *out) {
    struct map *m = ctx;
    m->calls++;
    /* The library zero-fills: a callback may only set what it knows. */
    ck_assert_int_eq(out->elevation | out->terrain | out->presence | out->unit_side, 0);
    if (m->fail_rc && h.q == m->fail_at.q && h.r == m->fail_at.r)
        return m->fail_rc;
    for (int i = 0; i < m->n; i++)
        if (m->e[i].h.q == h.q && m->e[i].h.r == h.r) {
            out->elevation = m->e[i].elevation;
            out->terrain = m->e[i].terrain;
            out->presence = m->e[i].presence;
            out->unit_side = m->e[i].side;
        }
    if (m->bad == 1)
        out->terrain = 4;
    if (m->bad == 2)
        out->reserved[3] = 1;
    if (m->bad == 3)
        out->terrain = -1;
    if (m->bad == 4)
        out->presence = -1;
    return 0;
}

/* The same map through the by-pointer callback, which records the hexes
 * it is asked for, in order; *h may be changed (it is the library's copy). */
struct ref_map {
    struct map *m;
    napfire_hex asked[64];
    int n;
};

static int map_ref_fn(void *ctx, const napfire_hex *h, napfire_hex_info *out) {
    struct ref_map *rm = ctx;
    napfire_hex at = *h;
    if (rm->n < 64)
        rm->asked[rm->n] = at;
    rm->n++;
    ((napfire_hex *)(uintptr_t)h)->q += 1000; /* the library must not care */
    return map_fn(rm->m, at, out);
}

/* napfire_los_callback_ref() over m: the status, the result, and the hexes
 * asked, which napfire_los_callback() must match call for call. */
static int los_ref(struct map *m, const napfire_los_query *q, napfire_los_result *out, struct ref_map *rm) {
    memset(rm, 0, sizeof *rm);
    rm->m = m;
    return napfire_los_callback_ref(q, map_ref_fn, rm, out);
}

static napfire_los_query query(napfire_hex firer, napfire_hex target) {
    napfire_los_query q;
    memset(&q, 0, sizeof q);
    q.firer = firer;
    q.target = target;
    q.front_mask = ALL_FRONT;
    q.firer_side = FIRER_SIDE;
    q.target_side = TARGET_SIDE;
    return q;
}

static napfire_los_result los(struct map *m, const napfire_los_query *q) {
    napfire_los_result r;
    memset(&r, 0x5A, sizeof r);
    int before = m->calls;
    ck_assert_int_eq(napfire_los_callback(q, map_fn, m, &r), NAPFIRE_OK);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(r.reserved[i], 0);
    /* H-LOS, H-ELV: the by-pointer form answers the same, asking for as
     * many hexes. */
    int by_value = m->calls - before;
    napfire_los_result rr;
    struct ref_map rm;
    memset(&rr, 0x5A, sizeof rr);
    ck_assert_int_eq(los_ref(m, q, &rr, &rm), NAPFIRE_OK);
    ck_assert_mem_eq(&rr, &r, sizeof r);
    ck_assert_int_eq(rm.n, by_value);
    m->calls = before + by_value; /* the callers count the by-value calls */
    return r;
}

/* Fire (0,0) -> (4,0) with the firer at ef and the target at et. */
static napfire_los_result line4(struct map *m, int32_t ef, int32_t et, uint32_t policy) {
    put(m, H(0, 0), ef, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
    put(m, H(4, 0), et, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
    napfire_los_query q = query(H(0, 0), H(4, 0));
    q.policy = policy;
    return los(m, &q);
}

static void assert_clear(const napfire_los_result *r) {
    ck_assert_int_eq(r->clear, 1);
    ck_assert_int_eq(r->rule, NAPFIRE_LOS_RULE_NONE);
    ck_assert_int_eq(r->cause, NAPFIRE_LOS_RULE_NONE);
    ck_assert_int_eq(r->elevation, NAPFIRE_LOS_ELV_NONE);
    ck_assert_int_eq(r->blocker_kind, 0);
}

static void assert_blocked(const napfire_los_result *r, int32_t rule, int32_t cause, int32_t elevation,
                           napfire_hex at) {
    ck_assert_int_eq(r->clear, 0);
    ck_assert_int_eq(r->rule, rule);
    ck_assert_int_eq(r->cause, cause);
    ck_assert_int_eq(r->elevation, elevation);
    ck_assert_int_eq(r->blocker.q, at.q);
    ck_assert_int_eq(r->blocker.r, at.r);
}

/* H-LOS-1: open ground; the exit hexside is reported. */
START_TEST(open_ground) {
    struct map m = {0};
    napfire_los_result r = line4(&m, 0, 0, 0);
    assert_clear(&r);
    ck_assert_uint_eq(r.exit_mask, 1u << 0);
    ck_assert_int_eq(r.distance, 4);
    ck_assert_int_eq(r.lifted, 0);
    ck_assert_int_eq(m.calls, 2 + 3); /* firer, target, three between */
}
END_TEST

/* H-LOS-4: the line must leave through a front hexside; the map is not
 * read when it does not. */
START_TEST(front_hexside) {
    struct map m = {0};
    napfire_los_query q = query(H(0, 0), H(4, 0));
    q.front_mask = ALL_FRONT & ~1u;
    napfire_los_result r = los(&m, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_FRONT_HEXSIDE, NAPFIRE_LOS_RULE_NONE, NAPFIRE_LOS_ELV_NONE, H(0, 0));
    ck_assert_int_eq(r.blocker_kind, 0);
    ck_assert_uint_eq(r.exit_mask, 1u);
    ck_assert_int_eq(m.calls, 0);
    q.front_mask = 1u;
    r = los(&m, &q);
    assert_clear(&r);
    q.front_mask = 0;
    r = los(&m, &q);
    ck_assert_int_eq(r.rule, NAPFIRE_LOS_RULE_FRONT_HEXSIDE);
}
END_TEST

/* H-LOS-4 Decision: leaving exactly through a vertex is allowed when either
 * hexside at it is front. (0,0) -> (4,-2) leaves through vertex 0. */
START_TEST(front_vertex) {
    struct map m = {0};
    napfire_los_query q = query(H(0, 0), H(4, -2));
    for (uint32_t mask = 0; mask < 64; mask++) {
        q.front_mask = mask;
        napfire_los_result r = los(&m, &q);
        ck_assert_uint_eq(r.exit_mask, 3u);
        ck_assert_int_eq(r.clear, (mask & 3u) != 0);
    }
}
END_TEST

/* H-LOS-6: adjacent fire ignores elevation and terrain, still needs the
 * front hexside; the map is not read. */
START_TEST(adjacent) {
    for (int32_t dir = 0; dir < 6; dir++) {
        struct map m = {0};
        napfire_hex t;
        ck_assert_int_eq(napfire_hex_neighbour(H(0, 0), dir, &t), NAPFIRE_OK);
        put(&m, H(0, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
        put(&m, t, 9, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
        napfire_los_query q = query(H(0, 0), t);
        napfire_los_result r = los(&m, &q);
        assert_clear(&r);
        ck_assert_uint_eq(r.exit_mask, 1u << dir);
        ck_assert_int_eq(r.distance, 1);
        q.front_mask = ALL_FRONT & ~(1u << dir);
        r = los(&m, &q);
        ck_assert_int_eq(r.rule, NAPFIRE_LOS_RULE_FRONT_HEXSIDE);
        ck_assert_int_eq(m.calls, 0);
    }
}
END_TEST

/* H-LOS-5: only hexes strictly between block; firer's and target's own
 * terrain and units do not. */
START_TEST(ends_do_not_block) {
    struct map m = {0};
    put(&m, H(0, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
    put(&m, H(4, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
    napfire_los_query q = query(H(0, 0), H(4, 0));
    napfire_los_result r = los(&m, &q);
    assert_clear(&r);
}
END_TEST

/* H-LOS-5, H-ELV-5: a town blocks at any elevations and any distance,
 * including on a hill. */
START_TEST(town) {
    static const int32_t elev[][2] = {{0, 0}, {3, 0}, {0, 3}};
    for (int32_t at = 1; at <= 3; at++)
        for (int e = 0; e < 3; e++) {
            struct map m = {0};
            put(&m, H(at, 0), 5, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
            napfire_los_result r = line4(&m, elev[e][0], elev[e][1], 0);
            assert_blocked(&r, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_ELV_NONE, H(at, 0));
            ck_assert_int_eq(r.blocker_kind, NAPFIRE_STEP_HEX);
        }
}
END_TEST

/* H-LOS-5 woods/walls and H-ELV-1, H-ELV-2, H-ELV-3 on every side:
 * firer higher / lower / equal x blocker nearer firer / equidistant /
 * nearer target. */
START_TEST(terrain_and_elevation) {
    /* expected: 0 clear (lifted), else the ::napfire_los_elevation */
    static const struct {
        int32_t ef, et, at, elevation; /* elevation -1: lifted */
    } cases[] = {
        {0, 0, 1, NAPFIRE_LOS_ELV_EQUAL},
        {0, 0, 2, NAPFIRE_LOS_ELV_EQUAL},
        {0, 0, 3, NAPFIRE_LOS_ELV_EQUAL},
        {2, 1, 1, -1}, /* H-ELV-1 */
        {2, 1, 2, NAPFIRE_LOS_ELV_EQUIDISTANT},
        {2, 1, 3, NAPFIRE_LOS_ELV_OTHER_HALF},
        {1, 2, 1, NAPFIRE_LOS_ELV_OTHER_HALF},
        {1, 2, 2, NAPFIRE_LOS_ELV_EQUIDISTANT},
        {1, 2, 3, -1}, /* H-ELV-2 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct map m = {0};
        put(&m, H(cases[i].at, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
        napfire_los_result r = line4(&m, cases[i].ef, cases[i].et, 0);
        if (cases[i].elevation < 0) {
            assert_clear(&r);
            ck_assert_int_eq(r.lifted, 1);
        } else {
            assert_blocked(&r, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_RULE_TERRAIN, cases[i].elevation,
                           H(cases[i].at, 0));
            ck_assert_int_eq(r.lifted, 0);
        }
    }
}
END_TEST

/* H-LOS-5: non-routed combat units of either side block; routed units and
 * leaders alone do not. */
START_TEST(units) {
    static const int32_t sides[] = {FIRER_SIDE, TARGET_SIDE, 99};
    for (size_t s = 0; s < 3; s++) {
        struct map m = {0};
        put(&m, H(2, 0), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, sides[s]);
        napfire_los_result r = line4(&m, 0, 0, 0);
        assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_EQUAL, H(2, 0));
    }
    static const int32_t harmless[] = {NAPFIRE_PRESENCE_ROUTED, NAPFIRE_PRESENCE_LEADER_ONLY, NAPFIRE_PRESENCE_NONE};
    for (size_t p = 0; p < 3; p++) {
        struct map m = {0};
        for (int32_t at = 1; at <= 3; at++)
            put(&m, H(at, 0), 0, NAPFIRE_TERRAIN_CLEAR, harmless[p], TARGET_SIDE);
        napfire_los_result r = line4(&m, 0, 0, 0);
        assert_clear(&r);
    }
}
END_TEST

/* H-ELV-2: a lower firer sees over blockers nearer the target, except a
 * friendly unit adjacent to the target; "friendly" is the firer's side by
 * default and the target's side under the policy switch. */
START_TEST(friendly_adjacent) {
    static const struct {
        uint32_t policy;
        int32_t side;
        int blocks;
    } cases[] = {
        {0, FIRER_SIDE, 1},
        {0, TARGET_SIDE, 0},
        {0, 99, 0},
        {NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE, FIRER_SIDE, 0},
        {NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE, TARGET_SIDE, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct map m = {0};
        put(&m, H(3, 0), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, cases[i].side);
        napfire_los_result r = line4(&m, 0, 1, cases[i].policy);
        if (cases[i].blocks) {
            assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_FRIEND_ADJACENT, H(3, 0));
        } else {
            assert_clear(&r);
            ck_assert_int_eq(r.lifted, 1);
        }
    }
    /* Not adjacent to the target: lifted even when friendly. (0,0) ->
     * (6,0), unit at (4,0): 4 from the firer, 2 from the target. */
    struct map m = {0};
    put(&m, H(0, 0), 0, 0, 0, 0);
    put(&m, H(6, 0), 1, 0, 0, 0);
    put(&m, H(4, 0), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
    napfire_los_query q = query(H(0, 0), H(6, 0));
    napfire_los_result r = los(&m, &q);
    assert_clear(&r);
    ck_assert_int_eq(r.lifted, 1);
    /* The exception is for units: woods adjacent to the target with a
     * friendly unit in them block as a UNIT, woods alone are lifted. */
    struct map w = {0};
    put(&w, H(3, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
    r = line4(&w, 0, 1, 0);
    assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_FRIEND_ADJACENT, H(3, 0));
    struct map w2 = {0};
    put(&w2, H(3, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    r = line4(&w2, 0, 1, 0);
    assert_clear(&r);
    /* A higher firer gets no such exception-to-the-exception: its blocker
     * nearer the target simply blocks. */
    struct map w3 = {0};
    put(&w3, H(3, 0), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
    r = line4(&w3, 1, 0, 0);
    assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_OTHER_HALF, H(3, 0));
}
END_TEST

/* H-ELV-4: a slope at the firer's or target's elevation does not block;
 * other slopes do, subject to H-ELV-1/2. */
START_TEST(slopes) {
    static const struct {
        int32_t ef, et, slope, at, expect; /* expect: 0 clear, 1 blocked, 2 lifted */
    } cases[] = {
        {1, 0, 1, 2, 0}, /* at the firer's level */
        {1, 0, 0, 2, 0}, /* at the target's level */
        {1, 0, 2, 2, 1}, /* neither, equidistant */
        {0, 0, 1, 1, 1}, /* equal ends, slope above them */
        {0, 0, 0, 1, 0}, /* equal ends, slope at their level */
        {2, 0, 1, 1, 2}, /* H-ELV-1 lifts it */
        {0, 2, 1, 3, 2}, /* H-ELV-2 lifts it */
        {0, 2, 1, 1, 1}, /* lower firer, slope near the firer */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct map m = {0};
        put(&m, H(cases[i].at, 0), cases[i].slope, NAPFIRE_TERRAIN_SLOPE, NAPFIRE_PRESENCE_NONE, 0);
        napfire_los_result r = line4(&m, cases[i].ef, cases[i].et, 0);
        if (cases[i].expect == 1) {
            ck_assert_int_eq(r.clear, 0);
            ck_assert_int_eq(r.rule, NAPFIRE_LOS_RULE_SLOPE);
            ck_assert_int_eq(r.blocker.q, cases[i].at);
        } else {
            assert_clear(&r);
            ck_assert_int_eq(r.lifted, cases[i].expect == 2);
        }
    }
}
END_TEST

/* H-LOS-3: along a hexside, either hex blocking blocks; the pair is named
 * with the blocking hex first. (0,0) -> (4,-2) runs along the hexsides of
 * (1,0)|(1,-1) and (3,-1)|(3,-2), crossing (2,-1). */
START_TEST(grazing) {
    napfire_los_query q = query(H(0, 0), H(4, -2));
    {
        struct map m = {0};
        napfire_los_result r = los(&m, &q);
        assert_clear(&r);
        ck_assert_int_eq(m.calls, 2 + 2 + 1 + 2);
    }
    static const napfire_hex pair[][2] = {{{1, 0}, {1, -1}}, {{1, -1}, {1, 0}}, {{3, -1}, {3, -2}}, {{3, -2}, {3, -1}}};
    for (size_t i = 0; i < 4; i++) {
        struct map m = {0};
        put(&m, pair[i][0], 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
        napfire_los_result r = los(&m, &q);
        assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, pair[i][0]);
        ck_assert_int_eq(r.blocker_kind, NAPFIRE_STEP_HEXSIDE);
        ck_assert_int_eq(r.blocker_other.q, pair[i][1].q);
        ck_assert_int_eq(r.blocker_other.r, pair[i][1].r);
    }
    /* One side a town, the other a routed unit: the town decides. */
    struct map m = {0};
    put(&m, H(3, -1), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_ROUTED, 0);
    put(&m, H(3, -2), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
    napfire_los_result r = los(&m, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_ELV_NONE, H(3, -2));
    /* The hex crossed between the pairs blocks as itself. */
    struct map c = {0};
    put(&c, H(2, -1), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, 5);
    r = los(&c, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_EQUAL, H(2, -1));
    ck_assert_int_eq(r.blocker_kind, NAPFIRE_STEP_HEX);
    /* A higher firer sees over a blocking pair nearer itself (H-ELV-1):
     * both hexes of the pair are lifted. */
    struct map e = {0};
    put(&e, H(0, 0), 3, 0, 0, 0);
    put(&e, H(1, 0), 0, NAPFIRE_TERRAIN_BLOCKING, 0, 0);
    put(&e, H(1, -1), 0, NAPFIRE_TERRAIN_BLOCKING, 0, 0);
    r = los(&e, &q);
    assert_clear(&r);
    ck_assert_int_eq(r.lifted, 2);
}
END_TEST

/* The mirror image across the line (0,0) -> (4,-2), cube (2,-1,-1):
 * swap the cube's y and z, (q, r) -> (q, -q - r). It swaps the two hexes
 * of each grazing pair and keeps the line. */
static napfire_hex mirror(napfire_hex h) {
    return H(h.q, -h.q - h.r);
}

static struct map mirrored(const struct map *m) {
    struct map x = *m;
    for (int i = 0; i < m->n; i++)
        x.e[i].h = mirror(m->e[i].h);
    x.calls = 0;
    return x;
}

static int same_hex(napfire_hex a, napfire_hex b) {
    return a.q == b.q && a.r == b.r;
}

/* H-LOS-3, H-ELV-1/2: every explanation of a map and of its mirror image
 * agrees: rule, cause, elevation, lifted, and mirrored blocking hexes. */
static void assert_mirror_symmetric(const struct map *m, const napfire_los_query *q) {
    struct map a = *m, b = mirrored(m);
    napfire_los_result r = los(&a, q), s = los(&b, q);
    ck_assert_int_eq(r.clear, s.clear);
    ck_assert_int_eq(r.rule, s.rule);
    ck_assert_int_eq(r.cause, s.cause);
    ck_assert_int_eq(r.elevation, s.elevation);
    ck_assert_int_eq(r.lifted, s.lifted);
    ck_assert_int_eq(r.blocker_kind, s.blocker_kind);
    if (r.clear)
        return;
    /* A pair of equal causes may name either hex first; otherwise exactly
     * the mirrored hex. */
    int exact = same_hex(s.blocker, mirror(r.blocker)) && same_hex(s.blocker_other, mirror(r.blocker_other));
    int swapped = same_hex(s.blocker, mirror(r.blocker_other)) && same_hex(s.blocker_other, mirror(r.blocker));
    ck_assert(exact || swapped);
}

/* H-LOS-3: when both hexes of a pair block, the stronger cause is named,
 * on either side of the line: TOWN before TERRAIN before SLOPE before UNIT. */
START_TEST(grazing_pair_symmetric) {
    napfire_los_query q = query(H(0, 0), H(4, -2));
    struct map m = {0};
    put(&m, H(3, -1), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    put(&m, H(3, -2), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
    napfire_los_result r = los(&m, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_ELV_NONE, H(3, -2));
    ck_assert(same_hex(r.blocker_other, H(3, -1)));
    struct map x = mirrored(&m);
    r = los(&x, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_ELV_NONE, H(3, -1));
    ck_assert(same_hex(r.blocker_other, H(3, -2)));
    /* Woods beside a unit: the woods are named, whichever side. */
    struct map u = {0};
    put(&u, H(1, 0), 0, NAPFIRE_TERRAIN_CLEAR, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
    put(&u, H(1, -1), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    r = los(&u, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, H(1, -1));
    x = mirrored(&u);
    r = los(&x, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_GRAZING, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, H(1, 0));
    /* Every combination of terrain and presence on the two hexes of each
     * pair, at three elevation set-ups. */
    static const int32_t ends[][2] = {{0, 0}, {3, 0}, {0, 3}};
    int combos = 0;
    for (int32_t pair = 0; pair < 2; pair++)
        for (size_t e = 0; e < 3; e++)
            for (int32_t t0 = 0; t0 < 4; t0++)
                for (int32_t t1 = 0; t1 < 4; t1++)
                    for (int32_t p0 = 0; p0 < 2; p0++)
                        for (int32_t p1 = 0; p1 < 2; p1++) {
                            struct map c = {0};
                            put(&c, H(0, 0), ends[e][0], 0, 0, 0);
                            put(&c, H(4, -2), ends[e][1], 0, 0, 0);
                            napfire_hex a = pair ? H(3, -1) : H(1, 0), b = pair ? H(3, -2) : H(1, -1);
                            put(&c, a, 1, t0, p0 ? NAPFIRE_PRESENCE_COMBAT : 0, FIRER_SIDE);
                            put(&c, b, 1, t1, p1 ? NAPFIRE_PRESENCE_COMBAT : 0, TARGET_SIDE);
                            assert_mirror_symmetric(&c, &q);
                            combos++;
                        }
    ck_assert_int_eq(combos, 2 * 3 * 4 * 4 * 2 * 2);
}
END_TEST

/* H-ELV-1/2: lifted counts blocker features, the deciding hex's own
 * lifted ones included, and both hexes of a pair whichever blocks. */
START_TEST(lifted_counts_features) {
    /* A higher firer: woods with a unit in them near it, two features. */
    struct map m = {0};
    put(&m, H(1, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, TARGET_SIDE);
    napfire_los_result r = line4(&m, 1, 0, 0);
    assert_clear(&r);
    ck_assert_int_eq(r.lifted, 2);
    /* The deciding hex's own lifted feature: a lower firer, woods with a
     * friendly unit adjacent to the target. The unit blocks, the woods
     * are lifted. */
    struct map w = {0};
    put(&w, H(3, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, FIRER_SIDE);
    r = line4(&w, 0, 1, 0);
    assert_blocked(&r, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_RULE_UNIT, NAPFIRE_LOS_ELV_FRIEND_ADJACENT, H(3, 0));
    ck_assert_int_eq(r.lifted, 1);
    /* A pair with one hex lifted and one town: the lifted one counts on
     * both sides of the line. */
    napfire_los_query q = query(H(0, 0), H(4, -2));
    struct map p = {0};
    put(&p, H(0, 0), 3, 0, 0, 0);
    put(&p, H(1, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
    put(&p, H(1, -1), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, 0);
    r = los(&p, &q);
    ck_assert_int_eq(r.cause, NAPFIRE_LOS_RULE_TOWN);
    ck_assert_int_eq(r.lifted, 2);
    struct map x = mirrored(&p);
    r = los(&x, &q);
    ck_assert_int_eq(r.cause, NAPFIRE_LOS_RULE_TOWN);
    ck_assert_int_eq(r.lifted, 2);
    /* A town counts none. */
    struct map t = {0};
    put(&t, H(1, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_COMBAT, 0);
    r = line4(&t, 1, 0, 0);
    ck_assert_int_eq(r.lifted, 0);
}
END_TEST

/* H-LOS-2: hexes only touched at a vertex are not between. (0,0) ->
 * (5,-1) touches (2,-1) and (3,0), crosses (1,0), (2,0), (3,-1), (4,-1). */
START_TEST(vertex_touch_not_between) {
    napfire_los_query q = query(H(0, 0), H(5, -1));
    struct map m = {0};
    put(&m, H(2, -1), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_COMBAT, 0);
    put(&m, H(3, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_COMBAT, 0);
    napfire_los_result r = los(&m, &q);
    assert_clear(&r);
    ck_assert_int_eq(m.calls, 2 + 4);
    struct map c = {0};
    put(&c, H(2, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    r = los(&c, &q);
    assert_blocked(&r, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, H(2, 0));
}
END_TEST

/* H-ELV-6: each blocker on its own; the first that remains is named. */
START_TEST(first_blocker) {
    struct map m = {0};
    put(&m, H(1, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    put(&m, H(3, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
    napfire_los_result r = line4(&m, 0, 0, 0);
    assert_blocked(&r, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, H(1, 0));
    ck_assert_int_eq(m.calls, 2 + 1); /* stops at the first blocker */
    struct map h = {0};
    put(&h, H(1, 0), 0, NAPFIRE_TERRAIN_BLOCKING, NAPFIRE_PRESENCE_NONE, 0);
    put(&h, H(3, 0), 0, NAPFIRE_TERRAIN_TOWN, NAPFIRE_PRESENCE_NONE, 0);
    r = line4(&h, 1, 0, 0); /* woods lifted by H-ELV-1, the town stays */
    assert_blocked(&r, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_RULE_TOWN, NAPFIRE_LOS_ELV_NONE, H(3, 0));
    ck_assert_int_eq(r.lifted, 1);
    /* Several blockers in one hex: the cause is TERRAIN before SLOPE before UNIT. */
    struct map s = {0};
    put(&s, H(2, 0), 4, NAPFIRE_TERRAIN_SLOPE, NAPFIRE_PRESENCE_COMBAT, 0);
    r = line4(&s, 0, 0, 0);
    ck_assert_int_eq(r.rule, NAPFIRE_LOS_RULE_SLOPE);
}
END_TEST

/* A callback error aborts the call and is returned as is; the result is
 * untouched. Bad descriptions are EDOMAIN. */
START_TEST(callback_errors) {
    static const napfire_hex at[] = {{0, 0}, {4, 0}, {1, 0}, {3, 0}};
    static const int rcs[] = {-42, 7, NAPFIRE_EUNKNOWN};
    for (size_t i = 0; i < 4; i++)
        for (size_t k = 0; k < 3; k++) {
            struct map m = {0};
            m.fail_at = at[i];
            m.fail_rc = rcs[k];
            napfire_los_query q = query(H(0, 0), H(4, 0));
            napfire_los_result r, r0;
            memset(&r, 0x5A, sizeof r);
            r0 = r;
            ck_assert_int_eq(napfire_los_callback(&q, map_fn, &m, &r), rcs[k]);
            ck_assert(memcmp(&r, &r0, sizeof r) == 0);
            struct ref_map rm;
            ck_assert_int_eq(los_ref(&m, &q, &r, &rm), rcs[k]);
            ck_assert(memcmp(&r, &r0, sizeof r) == 0);
            ck_assert_int_eq(rm.asked[rm.n - 1].q, at[i].q);
            ck_assert_int_eq(rm.asked[rm.n - 1].r, at[i].r);
        }
    for (int bad = 1; bad <= 4; bad++) {
        struct map m = {0};
        m.bad = bad;
        napfire_los_query q = query(H(0, 0), H(4, 0));
        napfire_los_result r, r0;
        memset(&r, 0x5A, sizeof r);
        r0 = r;
        ck_assert_int_eq(napfire_los_callback(&q, map_fn, &m, &r), NAPFIRE_EDOMAIN);
        ck_assert(memcmp(&r, &r0, sizeof r) == 0);
        struct ref_map rm;
        ck_assert_int_eq(los_ref(&m, &q, &r, &rm), NAPFIRE_EDOMAIN);
        ck_assert(memcmp(&r, &r0, sizeof r) == 0);
    }
}
END_TEST

/* The grid form: same answers as the callback over the same map, in every
 * layout; hexes off the grid are clear ground. */
#define GC 12
#define GR 10
static napfire_hex_info grid[GR * GC];

static int grid_fn(void *ctx, napfire_hex h, napfire_hex_info *out) {
    int32_t layout = *(const int32_t *)ctx, col, row;
    if (napfire_hex_to_offset(h, layout, &col, &row) != NAPFIRE_OK)
        return -100;
    if (col >= 0 && col < GC && row >= 0 && row < GR)
        *out = grid[row * GC + col];
    return 0;
}

static int grid_ref_fn(void *ctx, const napfire_hex *h, napfire_hex_info *out) {
    return grid_fn(ctx, *h, out);
}

START_TEST(grid_form) {
    long compared = 0, blocked = 0;
    uint32_t x = 12345;
    for (int32_t layout = NAPFIRE_HEX_ODD_Q; layout <= NAPFIRE_HEX_EVEN_R; layout++) {
        memset(grid, 0, sizeof grid);
        for (int i = 0; i < GR * GC; i++) {
            x = x * 1103515245u + 12345u;
            uint32_t v = (x >> 16) % 16;
            grid[i].elevation = (int32_t)((x >> 8) % 3);
            if (v < 2)
                grid[i].terrain = NAPFIRE_TERRAIN_BLOCKING;
            else if (v < 3)
                grid[i].terrain = NAPFIRE_TERRAIN_TOWN;
            else if (v < 5)
                grid[i].terrain = NAPFIRE_TERRAIN_SLOPE;
            if (v == 5)
                grid[i].presence = NAPFIRE_PRESENCE_COMBAT;
            if (v == 6)
                grid[i].presence = NAPFIRE_PRESENCE_ROUTED;
            grid[i].unit_side = (int32_t)(x % 2);
        }
        /* Firers on and off the grid. Plain checks in the loop: Check's
         * assertions are slow. */
        long wrong = 0;
        for (int32_t fc = -2; fc < GC + 2; fc += 3)
            for (int32_t fr = -2; fr < GR + 2; fr += 3)
                for (int32_t tc = -3; tc < GC + 3; tc++)
                    for (int32_t tr = -3; tr < GR + 3; tr++) {
                        napfire_hex f, t;
                        wrong += napfire_hex_from_offset(layout, fc, fr, &f) != NAPFIRE_OK;
                        wrong += napfire_hex_from_offset(layout, tc, tr, &t) != NAPFIRE_OK;
                        if (f.q == t.q && f.r == t.r)
                            continue;
                        napfire_los_query q = query(f, t);
                        q.front_mask = (uint32_t)(tc * 7 + tr) & ALL_FRONT;
                        q.policy = (uint32_t)(tr & 1);
                        napfire_los_result a, b;
                        wrong += napfire_los_grid(&q, layout, GC, GR, grid, &a) != NAPFIRE_OK;
                        wrong += napfire_los_callback(&q, grid_fn, &layout, &b) != NAPFIRE_OK;
                        wrong += memcmp(&a, &b, sizeof a) != 0;
                        wrong += napfire_los_callback_ref(&q, grid_ref_fn, &layout, &b) != NAPFIRE_OK;
                        wrong += memcmp(&a, &b, sizeof a) != 0;
                        blocked += !a.clear;
                        compared++;
                    }
        ck_assert_int_eq(wrong, 0);
    }
    ck_assert_int_gt(blocked, compared / 10);
    ck_assert_int_lt(blocked, compared);

    /* Entirely off the grid: clear. */
    napfire_hex_info woods[1];
    memset(woods, 0, sizeof woods);
    woods[0].terrain = NAPFIRE_TERRAIN_BLOCKING;
    napfire_los_query q = query(H(-10, 0), H(-10, 6));
    napfire_los_result r;
    ck_assert_int_eq(napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, 1, 1, woods, &r), NAPFIRE_OK);
    assert_clear(&r);
    /* Through the single woods hex at (0,0). */
    q = query(H(-2, 1), H(2, -1));
    ck_assert_int_eq(napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, 1, 1, woods, &r), NAPFIRE_OK);
    assert_blocked(&r, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_RULE_TERRAIN, NAPFIRE_LOS_ELV_EQUAL, H(0, 0));
    /* A bad cell the line needs is EDOMAIN. */
    woods[0].presence = 9;
    ck_assert_int_eq(napfire_los_grid(&q, NAPFIRE_HEX_ODD_Q, 1, 1, woods, &r), NAPFIRE_EDOMAIN);
}
END_TEST

/* Misuse of both functions: NULL, bound, firer = target, undefined bits,
 * non-zero reserved, bad grid shape; the result is untouched. */
START_TEST(los_misuse) {
    struct map m = {0};
    napfire_hex_info cells[4];
    memset(cells, 0, sizeof cells);
    napfire_los_result r, r0;
    memset(&r, 0x5A, sizeof r);
    r0 = r;
    napfire_los_query ok = query(H(0, 0), H(3, 0));

    ck_assert_int_eq(napfire_los_callback(NULL, map_fn, &m, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_callback(&ok, NULL, &m, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_callback(&ok, map_fn, &m, NULL), NAPFIRE_EINVAL);
    struct ref_map rm = {&m, {{0, 0}}, 0};
    ck_assert_int_eq(napfire_los_callback_ref(NULL, map_ref_fn, &rm, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_callback_ref(&ok, NULL, &rm, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_callback_ref(&ok, map_ref_fn, &rm, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_grid(NULL, 0, 2, 2, cells, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, 2, 2, NULL, &r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, 2, 2, cells, NULL), NAPFIRE_EINVAL);

    napfire_los_query bad[8];
    for (int i = 0; i < 8; i++)
        bad[i] = ok;
    bad[0].firer = H(NAPFIRE_HEX_COORD_MAX + 1, 0);
    bad[1].target = H(0, -NAPFIRE_HEX_COORD_MAX - 1);
    bad[2].target = bad[2].firer;
    bad[3].front_mask = 1u << 6;
    bad[4].policy = 2;
    bad[5].reserved[0] = 1;
    bad[6].reserved[3] = -1;
    bad[7].target = H(NAPFIRE_HEX_COORD_MAX, 1);
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(napfire_los_callback(&bad[i], map_fn, &m, &r), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_los_callback_ref(&bad[i], map_ref_fn, &rm, &r), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_los_grid(&bad[i], 0, 2, 2, cells, &r), NAPFIRE_EDOMAIN);
    }
    ck_assert_int_eq(napfire_los_grid(&ok, -1, 2, 2, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 4, 2, 2, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, 0, 2, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, 2, 0, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, -2, 2, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, NAPFIRE_HEX_GRID_MAX + 1, 1, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_los_grid(&ok, 0, 1, NAPFIRE_HEX_GRID_MAX + 1, cells, &r), NAPFIRE_EDOMAIN);
    ck_assert(memcmp(&r, &r0, sizeof r) == 0);
    ck_assert_int_eq(m.calls, 0);
}
END_TEST

static Suite *los_suite(void) {
    Suite *s = suite_create("hex-los");
    TCase *tc = tcase_create("los");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, open_ground);
    tcase_add_test(tc, front_hexside);
    tcase_add_test(tc, front_vertex);
    tcase_add_test(tc, adjacent);
    tcase_add_test(tc, ends_do_not_block);
    tcase_add_test(tc, town);
    tcase_add_test(tc, terrain_and_elevation);
    tcase_add_test(tc, units);
    tcase_add_test(tc, friendly_adjacent);
    tcase_add_test(tc, slopes);
    tcase_add_test(tc, grazing);
    tcase_add_test(tc, grazing_pair_symmetric);
    tcase_add_test(tc, lifted_counts_features);
    tcase_add_test(tc, vertex_touch_not_between);
    tcase_add_test(tc, first_blocker);
    tcase_add_test(tc, callback_errors);
    tcase_add_test(tc, grid_form);
    tcase_add_test(tc, los_misuse);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(los_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
