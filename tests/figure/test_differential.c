/* SPDX-License-Identifier: MIT */
/*
 * Differential sweep: napfire_shot_resolve() computes the net modifier
 * without building the breakdown; napfire_shot_modifiers() builds it and
 * sums it. Over random shots (every arm, class, formation, cover and
 * flag) and random modifier data (some values unknown, the Guard cap
 * random or unknown, some storage bytes corrupted), the two must agree on
 * the net, on unknown data and on corruption. F-MOD-1..16, F-MOD-G,
 * F-MOD-X, F-MOD-E, F-ART-3.
 *
 * Likewise the distribution, which finds the musketry row once for all
 * rolls and makes a pending half whole without reading the table again,
 * against all 216 single resolutions (F-CAS-1..4, F-SCR-1/3, F-TAB-1..4),
 * with unknown cells so that part of the rolls are unknown.
 *
 * And the fast path of napfire_shot_resolve() (the shot's digest, the
 * sealed rules sections) against the full path, byte for byte, status and
 * result, over random shots of every arm and random, partly unknown rules,
 * with storage changed behind the library's back: bytes of the shot or of
 * the rules, and valid values written into a shot's fields without the
 * setter. And a batch's plan (the musketry values checked once) against
 * the full path wherever it answers, over the same shots and rules. And
 * all three on rules whose values no setter would store, under seals a
 * forger recomputed: each bound the fast path tests a value against, on
 * both sides, must give the full path's answer or refusal. This program
 * links the library's objects to reach the full path.
 */
#include <stdio.h>
#include <string.h>

#include "nftest.h"
#include "../sweep.h"
#include "../../lib/fast.h"

static uint32_t rng_state = 12345u;

static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

static int32_t pick(int32_t lo, int32_t hi) {
    return lo + (int32_t)rnd((uint32_t)(hi - lo + 1));
}

/* Any value the setter takes; a refused one leaves the default. */
static void random_unit(napfire_unit *u) {
    ck_assert_int_eq(napfire_unit_init(u, sizeof *u, pick(0, 4)), NAPFIRE_OK);
    for (int32_t p = NAPFIRE_UNIT_NATION; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
        int32_t lo = 0, hi = 0;
        ck_assert_int_eq(napfire_param_bounds(p, &lo, &hi), NAPFIRE_OK);
        if (rnd(3) == 0)
            continue;
        if (p == NAPFIRE_UNIT_FIGURES)
            hi = 60;
        (void)napfire_unit_set(u, p, pick(lo, hi));
    }
}

static void random_shot(napfire_shot *s) {
    napfire_unit f, t;
    random_unit(&f);
    random_unit(&t);
    ck_assert_int_eq(napfire_shot_init(s, sizeof *s, &f, &t), NAPFIRE_OK);
    (void)napfire_shot_set(s, NAPFIRE_SHOT_MEASURE, pick(0, 1));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_DISTANCE, pick(0, 60));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_ENFILADE, pick(0, 1));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_EXTRA_MODIFIER, rnd(2) ? 0 : pick(-10, 10));
    (void)napfire_shot_set(s, NAPFIRE_SHOT_AMMO, pick(0, 1));
    if (rnd(2)) {
        (void)napfire_shot_set(s, NAPFIRE_SHOT_SCREEN, 1);
        (void)napfire_shot_set(s, NAPFIRE_SHOT_SCREEN_DISTANCE, pick(0, 60));
    }
    (void)napfire_shot_set(s, NAPFIRE_SHOT_FIRING_FIGURES, pick(0, 60));
}

/* The made-up tables, and a value in every modifier slot the rules
 * take: random, some unknown, or (randomly 0) a fixed one per id. */
static void made_up_rules(napfire_rules *r, int randomly) {
    rules_new(r);
    made_up_musketry(r);
    made_up_gun_ranges(r);
    made_up_artillery_cells(r);
    for (int32_t fire = 0; fire <= 1; fire++)
        for (int32_t id = 1; id <= NAPFIRE_MOD_MOVED_HALF; id++)
            for (int32_t variant = 0; variant <= 1; variant++) {
                int32_t v = !randomly ? id % 5 - 2 : rnd(8) == 0 ? NAPFIRE_UNKNOWN : pick(-5, 5);
                (void)napfire_rules_set_modifier(r, fire, id, variant, v);
            }
}

/* Random modifier values, some unknown, and a random Guard cap. */
static void random_rules(napfire_rules *r) {
    made_up_rules(r, 1);
    int32_t cap = rnd(5) == 0 ? NAPFIRE_UNKNOWN : pick(0, 6);
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_GUARD_CAP, NAPFIRE_MEASURE_METRIC, cap),
                     NAPFIRE_OK);
}

static int from_modifiers(const napfire_result *res) {
    return res->missing == NAPFIRE_MISSING_MODIFIER ||
           (res->missing == NAPFIRE_MISSING_THRESHOLD && res->missing_index[0] == NAPFIRE_THRESHOLD_GUARD_CAP);
}

static long agreed;

static void compare(const napfire_shot *s, const napfire_rules *r, int corrupted) {
    napfire_modifier items[20];
    size_t count = 0;
    int32_t net = 0;
    int st_m = napfire_shot_modifiers(s, r, items, NF_NELEM(items), &count, &net);
    napfire_result res;
    memset(&res, 0, sizeof res);
    int st_r = napfire_shot_resolve(s, r, pick(2, 12), pick(0, 6), &res);
    if (st_r == NAPFIRE_OK && res.permitted) {
        ck_assert_int_eq(st_m, NAPFIRE_OK);
        ck_assert_int_eq(res.net_modifier, net);
        agreed++;
        return;
    }
    if (st_r == NAPFIRE_EUNKNOWN && from_modifiers(&res)) {
        ck_assert_int_eq(st_m, NAPFIRE_EUNKNOWN);
        ck_assert_int_eq(res.net_modifier, 0);
        return;
    }
    if (corrupted)
        return;
    /* Sound storage, in range: a shot not forbidden reached the modifiers. */
    if (st_r == NAPFIRE_EUNKNOWN) {
        ck_assert_int_eq(st_m, NAPFIRE_OK);
        ck_assert_int_eq(res.net_modifier, net);
    }
    if (st_m == NAPFIRE_ESTATE)
        ck_assert_int_eq(st_r, NAPFIRE_ESTATE);
}

START_TEST(net_matches_breakdown) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0, rounds = sweep_rounds(400); round < rounds; round++) {
        random_rules(&r);
        for (int i = 0; i < 100; i++) {
            random_shot(&s);
            compare(&s, &r, 0);
        }
    }
    ck_assert_int_gt(agreed, sweep_least(5000));
}
END_TEST

/* Storage changed behind the library's back: whatever each path says,
 * a permitted resolve still agrees with the breakdown. */
START_TEST(net_matches_breakdown_corrupted) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0, rounds = sweep_rounds(400); round < rounds; round++) {
        random_rules(&r);
        for (int k = 0; k < 4; k++)
            ((unsigned char *)(void *)r.opaque_)[rnd(2048)] = (unsigned char)rnd(256);
        for (int i = 0; i < 50; i++) {
            random_shot(&s);
            compare(&s, &r, 1);
        }
    }
}
END_TEST

/* One more 1/216 of the outcome (target, screen), the list kept sorted. */
static void brute_add(napfire_outcome *list, size_t *n, int32_t target, int32_t screen) {
    for (size_t i = 0; i < *n; i++)
        if (list[i].target_casualties == target && list[i].screen_casualties == screen) {
            list[i].weight++;
            return;
        }
    size_t i = *n;
    while (i > 0 && (list[i - 1].target_casualties > target ||
                     (list[i - 1].target_casualties == target && list[i - 1].screen_casualties > screen))) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = (napfire_outcome){target, screen, 1, 0};
    (*n)++;
}

static long distributions;

static void compare_distribution(const napfire_shot *s, const napfire_rules *r) {
    napfire_outcome got[32], want[32];
    size_t n_got = 0, n_want = 0;
    int32_t unknown = -1, want_unknown = 0;
    napfire_result verdict;
    int st = napfire_shot_distribution_known(s, r, got, NF_NELEM(got), &n_got, &unknown, &verdict);
    for (int32_t roll = 2; roll <= 12; roll++)
        for (int32_t die = 1; die <= 6; die++) {
            int32_t ways = 6 - (roll > 7 ? roll - 7 : 7 - roll);
            napfire_result res;
            int rs = napfire_shot_resolve(s, r, roll, die, &res);
            if (rs != NAPFIRE_OK && rs != NAPFIRE_EUNKNOWN) {
                ck_assert_int_eq(st, rs);
                return;
            }
            for (int32_t k = 0; k < ways; k++) {
                if (rs == NAPFIRE_EUNKNOWN)
                    want_unknown++;
                else
                    brute_add(want, &n_want, res.target_casualties, res.screen_casualties);
            }
        }
    ck_assert_int_eq(st, want_unknown ? NAPFIRE_EUNKNOWN : NAPFIRE_OK);
    ck_assert_int_eq(unknown, want_unknown);
    ck_assert_uint_eq(n_got, n_want);
    for (size_t i = 0; i < n_got; i++) {
        ck_assert_int_eq(got[i].target_casualties, want[i].target_casualties);
        ck_assert_int_eq(got[i].screen_casualties, want[i].screen_casualties);
        ck_assert_int_eq(got[i].weight, want[i].weight);
    }
    distributions++;
}

START_TEST(distribution_matches_single_resolves) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0, rounds = sweep_rounds(100); round < rounds; round++) {
        random_rules(&r);
        /* Part of the table unknown: some rolls, or the row, need data. */
        for (int k = 0; k < 3; k++)
            (void)napfire_rules_set_musketry(&r, pick(0, 4), pick(0, 8), NAPFIRE_UNKNOWN, 0);
        if (rnd(4) == 0)
            (void)napfire_rules_set_threshold(&r, pick(NAPFIRE_THRESHOLD_ROW_2, NAPFIRE_THRESHOLD_ROW_5),
                                              NAPFIRE_MEASURE_METRIC, NAPFIRE_UNKNOWN);
        for (int i = 0; i < 40; i++) {
            random_shot(&s);
            compare_distribution(&s, &r);
        }
    }
    ck_assert_int_gt(distributions, sweep_least(3000));
}
END_TEST

/* ---- fast path against full path ---------------------------------- */

/* Rules with every kind of gap the fast path must hand over: unknown
 * cells, row, star, screen and Guard thresholds, unknown or short ranges. */
static void random_sparse_rules(napfire_rules *r) {
    random_rules(r);
    for (int k = 0; k < 4; k++)
        (void)napfire_rules_set_musketry(r, pick(0, 4), pick(0, 8), NAPFIRE_UNKNOWN, 0);
    for (int k = 0; k < 3; k++) {
        int32_t row = pick(0, 4), col = pick(0, 8);
        (void)napfire_rules_set_musketry(r, row, col, 2 * pick(1, 9), 1);
    }
    static const int32_t ids[] = {NAPFIRE_THRESHOLD_ROW_2,    NAPFIRE_THRESHOLD_ROW_3,  NAPFIRE_THRESHOLD_ROW_4,
                                  NAPFIRE_THRESHOLD_ROW_5,    NAPFIRE_THRESHOLD_SCREEN, NAPFIRE_THRESHOLD_STAR_FIGURES,
                                  NAPFIRE_THRESHOLD_GUARD_CAP};
    for (size_t k = 0; k < NF_NELEM(ids); k++)
        if (rnd(6) == 0)
            (void)napfire_rules_set_threshold(r, ids[k], pick(0, 1), NAPFIRE_UNKNOWN);
    if (rnd(3) == 0)
        (void)napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, pick(10, 50));
    for (int32_t w = 0; w < 3; w++)
        if (rnd(4) == 0) {
            int32_t eff = rnd(3) == 0 ? NAPFIRE_UNKNOWN : pick(20, 150);
            int32_t lng = rnd(3) == 0 ? NAPFIRE_UNKNOWN : (eff < 0 ? pick(20, 250) : eff + pick(0, 100));
            (void)napfire_rules_set_range(r, w, pick(0, 1), eff, lng);
        }
}

/* Shots across every arm, with distances through every band, and now
 * and then each artillery clause's settings (F-ART-4..7). */
static void random_wide_shot(napfire_shot *s) {
    random_shot(s);
    (void)napfire_shot_set(s, NAPFIRE_SHOT_DISTANCE, pick(0, 320));
    if (rnd(3) == 0) {
        (void)napfire_shot_set(s, NAPFIRE_SHOT_SCREEN, 1);
        (void)napfire_shot_set(s, NAPFIRE_SHOT_SCREEN_DISTANCE, pick(0, 80));
    }
    if (rnd(8) == 0)
        (void)napfire_shot_set(s, NAPFIRE_SHOT_FRIEND_IN_ARC, 1);
    if (rnd(4) == 0) {
        (void)napfire_shot_set(s, rnd(2) ? NAPFIRE_SHOT_FRIEND_NEAR_TARGET : NAPFIRE_SHOT_FRIEND_NEAR_BATTERY,
                               pick(0, 60));
        (void)napfire_shot_set(s, NAPFIRE_SHOT_CLEAR_LOS, pick(0, 1));
        (void)napfire_shot_set(s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, pick(0, 60));
    }
    if (rnd(8) == 0)
        (void)napfire_shot_set(s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1);
    if (rnd(6) == 0) {
        (void)napfire_shot_set(s, NAPFIRE_SHOT_OVERHEAD, 1);
        (void)napfire_shot_set(s, NAPFIRE_SHOT_BATTERY_HIGHER, pick(0, 1));
        (void)napfire_shot_set(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, pick(0, 60));
        (void)napfire_shot_set(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, pick(0, 60));
    }
}

static long fast_permitted, fast_compared, fast_distributions, fast_artillery;

/* Both paths on every roll and half die: the same status and the same
 * bytes in the result (untouched alike on an error); and the same
 * distribution, outcomes and verdict, byte for byte. */
static void fast_vs_full(const napfire_shot *s, const napfire_rules *r) {
    napfire_outcome oa[32], ob[32];
    napfire_result va, vb;
    size_t na = 99, nb = 99;
    memset(oa, 0xA5, sizeof oa);
    memset(ob, 0xA5, sizeof ob);
    memset(&va, 0xA5, sizeof va);
    memset(&vb, 0xA5, sizeof vb);
    int da = napfire_shot_distribution(s, r, oa, NF_NELEM(oa), &na, &va);
    int db = napfire__distribution_full(s, r, ob, NF_NELEM(ob), &nb, &vb);
    ck_assert_msg(da == db, "distribution status: fast %d, full %d", da, db);
    ck_assert_msg(na == nb, "distribution count: fast %zu, full %zu", na, nb);
    ck_assert_msg(memcmp(oa, ob, sizeof oa) == 0, "distribution outcomes differ");
    ck_assert_msg(memcmp(&va, &vb, sizeof va) == 0, "distribution verdict differs");
    if (da == NAPFIRE_OK && va.permitted)
        fast_distributions++;
    for (int32_t roll = 1; roll <= 13; roll++)
        for (int32_t die = -1; die <= 7; die++) {
            napfire_result a, b;
            memset(&a, 0xA5, sizeof a);
            memset(&b, 0xA5, sizeof b);
            int sa = napfire_shot_resolve(s, r, roll, die, &a);
            int sb = napfire__resolve_full(s, r, roll, die, &b);
            ck_assert_msg(sa == sb, "status: fast %d, full %d (roll %d die %d)", sa, sb, (int)roll, (int)die);
            ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "result bytes differ (roll %d die %d)", (int)roll, (int)die);
            fast_compared++;
            if (sa == NAPFIRE_OK && a.permitted) {
                fast_permitted++;
                fast_artillery += napfire__is_artillery(nf_u(&NF_CSHOT(s)->firer, NAPFIRE_UNIT_ARM));
            }
        }
}

/* F-RNG, F-MOD, F-TAB-1..4, F-CAS-1..4, F-SCR-1/2, F-ART-1..7 */
START_TEST(fast_path_matches_full_path) {
    napfire_rules r;
    napfire_shot s;
    for (int round = 0, rounds = sweep_rounds(60); round < rounds; round++) {
        random_sparse_rules(&r);
        for (int i = 0; i < 25; i++) {
            random_wide_shot(&s);
            fast_vs_full(&s, round % 10 == 0 ? NULL : &r);
        }
    }
    ck_assert_int_gt(fast_permitted, sweep_least(10000));
    ck_assert_int_gt(fast_artillery, sweep_least(2000));
    ck_assert_int_gt(fast_distributions, sweep_least(100));
}
END_TEST

/* API contract: storage changed behind the library's back. */
START_TEST(fast_path_matches_full_path_corrupted) {
    napfire_rules r;
    napfire_shot s;
    long refused = 0;
    for (int round = 0, rounds = sweep_rounds(60); round < rounds; round++) {
        random_sparse_rules(&r);
        for (int i = 0; i < 15; i++) {
            random_wide_shot(&s);
            napfire_shot bad_shot = s;
            napfire_rules bad_rules = r;
            struct nf_shot *n = (struct nf_shot *)(void *)((unsigned char *)(void *)bad_shot.opaque_);
            switch (rnd(4)) {
                case 0: /* a byte of the shot's sealed storage */
                    ((unsigned char *)(void *)bad_shot.opaque_)[rnd((uint32_t)offsetof(struct nf_shot, seal) + 8)] ^=
                        (unsigned char)(1u << rnd(8));
                    break;
                case 1: { /* a valid value written into a field, no setter */
                    int32_t slot = pick(0, NF_SHOT_NPARAMS - 1);
                    int32_t lo = 0, hi = 0;
                    ck_assert_int_eq(napfire_param_bounds(NF_SHOT_PARAM_FIRST + slot, &lo, &hi), NAPFIRE_OK);
                    napfire__field_put(n->bits, &nf_shot_fields[slot], pick(lo, hi > 300 ? 300 : hi));
                    break;
                }
                case 2: /* a byte of the rules */
                    ((unsigned char *)(void *)bad_rules.opaque_)[rnd((uint32_t)sizeof(struct nf_rules))] ^=
                        (unsigned char)(1u << rnd(8));
                    break;
                default: /* the digest alone */
                    n->dg.distance = pick(0, 320);
                    break;
            }
            napfire_result res;
            if (napfire_shot_resolve(&bad_shot, &bad_rules, 7, 4, &res) == NAPFIRE_ESTATE)
                refused++;
            fast_vs_full(&bad_shot, &bad_rules);
        }
    }
    ck_assert_int_gt(refused, sweep_least(300));
}
END_TEST

/* A batch checks the rules' seals once and then skips the per-shot
 * checks; whatever the rules' storage, it must answer shot for shot, byte
 * for byte, as single calls do (API contract: resolve_many). */
START_TEST(batch_matches_single_calls) {
    enum {
        N = 64
    };
    static napfire_shot shots[N];
    static napfire_result batch[N], single[N];
    int32_t rolls[N], dice[N], statuses[N];
    for (int round = 0, rounds = sweep_rounds(60); round < rounds; round++) {
        napfire_rules r;
        random_sparse_rules(&r);
        if (round % 2) /* a byte changed behind the library's back */
            ((unsigned char *)(void *)r.opaque_)[rnd((uint32_t)sizeof(struct nf_rules))] ^=
                (unsigned char)(1u << rnd(8));
        for (int i = 0; i < N; i++) {
            random_wide_shot(&shots[i]);
            rolls[i] = pick(2, 12);
            dice[i] = pick(0, 6);
        }
        memset(batch, 0xA5, sizeof batch);
        memset(single, 0xA5, sizeof single);
        ck_assert_int_eq(napfire_resolve_many(shots, N, &r, rolls, dice, batch, statuses), NAPFIRE_OK);
        for (int i = 0; i < N; i++) {
            int st = napfire_shot_resolve(&shots[i], &r, rolls[i], dice[i], &single[i]);
            ck_assert_int_eq(statuses[i], st);
            ck_assert(memcmp(&batch[i], &single[i], sizeof single[i]) == 0);
        }
    }
}
END_TEST

/* A batch's plan (the musketry values checked once, with the fast path's
 * own tests) against the full path, byte for byte, wherever the plan
 * answers; untouched output where it does not. Also NF_MOD_SLOT_NONE's
 * padding: items beyond four, and fewer. F-RNG-2, F-MOD, F-MOD-G,
 * F-MOD-X, F-TAB-1..4, F-CAS-1..4, F-SCR-1/2. */
START_TEST(plan_matches_full_path) {
    /* Its own seed: the counts below must not depend on whether the tests
     * before it ran in this process (CK_FORK=no, as under valgrind). */
    rng_state = 16u;
    napfire_rules r;
    napfire_shot s;
    long answered = 0, many_items = 0, few_items = 0, starred = 0;
    for (int round = 0, rounds = sweep_rounds(60); round < rounds; round++) {
        random_sparse_rules(&r);
        const napfire_rules *rules = round % 10 == 0 ? NULL : &r;
        struct nf_plan plan;
        napfire__plan_init(rules, NF_BATCH_PLAN, &plan);
        ck_assert_int_eq(plan.musketry, 1);
        struct nf_plan small;
        napfire__plan_init(rules, NF_BATCH_PLAN - 1, &small);
        ck_assert_int_eq(small.musketry, 0); /* too small a batch to plan */
        for (int i = 0; i < 25; i++) {
            random_wide_shot(&s);
            const struct nf_digest *dg = &NF_CSHOT(&s)->dg;
            for (size_t k = dg->nmods; k < NF_DIGEST_MODS; k++)
                ck_assert_uint_eq(dg->mods[k], NF_MOD_SLOT_NONE);
            for (int32_t roll = 1; roll <= 13; roll++)
                for (int32_t die = -1; die <= 7; die++) {
                    napfire_result a, b;
                    memset(&a, 0xA5, sizeof a);
                    memset(&b, 0xA5, sizeof b);
                    if (!napfire__plan_resolve(&s, rules, &plan, roll, die, &a)) {
                        ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "a declining plan wrote its output");
                        continue;
                    }
                    ck_assert_int_eq(napfire__resolve_full(&s, rules, roll, die, &b), NAPFIRE_OK);
                    ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "plan and full path differ (roll %d die %d)",
                                  (int)roll, (int)die);
                    answered++;
                    many_items += dg->nmods > 4;
                    few_items += dg->nmods < 4;
                    starred += rules != NULL && a.column >= 0 && NF_CRULES(&r)->musketry[a.row].star[a.column];
                }
        }
    }
    fprintf(stderr, "plan: %ld answered, %ld with more than four items, %ld with fewer, %ld starred\n", answered,
            many_items, few_items, starred);
    ck_assert_int_gt(answered, sweep_least(2000));
    ck_assert_int_gt(many_items, sweep_least(200));
    ck_assert_int_gt(few_items, sweep_least(1000));
    ck_assert_int_gt(starred, sweep_least(100));
    /* Rules whose seals do not all match get no plan. */
    random_sparse_rules(&r);
    ((unsigned char *)(void *)r.opaque_)[sizeof(struct nf_rules) - 9] ^= 1u; /* the provenance section */
    struct nf_plan plan;
    napfire__plan_init(&r, 64, &plan);
    ck_assert_int_eq(plan.musketry, 0);
    ck_assert_int_eq(plan.intact, 0);
    /* Nor does storage that is no rules object at all. */
    memset(&r, 0xA5, sizeof r);
    napfire__plan_init(&r, 64, &plan);
    ck_assert_int_eq(plan.musketry, 0);
    ck_assert_int_eq(plan.intact, 0);
}
END_TEST

/* ---- values no setter stores, under seals that match ---------------- */

/* Complete rules: every datum the shots below read is known. */
static void complete_rules(napfire_rules *r) {
    made_up_rules(r, 0);
    static const int32_t rows[4] = {12, 20, 28, 36};
    for (int32_t m = 0; m < NF_MEASURES; m++) {
        for (int32_t k = 0; k < 4; k++)
            ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_ROW_2 + k, m, rows[k]), NAPFIRE_OK);
        ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_SCREEN, m, 40), NAPFIRE_OK);
        for (int32_t w = 0; w < NF_WEAPONS; w++)
            ck_assert_int_eq(napfire_rules_set_range(r, w, m, 100, 200), NAPFIRE_OK);
    }
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, 30), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, 2), NAPFIRE_OK);
}

/* A value (or values) written straight into every place of one kind:
 * each bound the fast path and a batch's plan test a value against
 * (known, in its domain, in order with its neighbours), on both sides,
 * and the extremes. */
enum {
    FG_RANGE,    /* every weapon and measure: effective, long */
    FG_GUN,      /* every gun and measure: canister, effective, long */
    FG_ROWS,     /* ROW_2 .. ROW_5 */
    FG_SCREEN,   /* both measures */
    FG_STAR,     /* STAR_FIGURES */
    FG_CAP,      /* GUARD_CAP */
    FG_CELL,     /* every musketry cell: halves, star byte */
    FG_ART_CELL, /* every artillery cell */
    FG_MOD       /* every known modifier of both fires */
};
static const char *const forgery_kinds[] = {"ranges",           "gun ranges",      "row thresholds",
                                            "screen threshold", "star threshold",  "Guard cap",
                                            "musketry cells",   "artillery cells", "modifiers"};
#define MAXD NAPFIRE_MAX_DISTANCE
#define MAXF NAPFIRE_MAX_FIGURES
#define MAXM NAPFIRE_MAX_MODIFIER
#define MAXC NAPFIRE_MAX_CELL_HALVES
static const struct forgery {
    int kind;
    int32_t v[4];
    int ok; /* known values a setter could store: the fast path must answer every shot they permit */
} forgeries[] = {
    {FG_RANGE, {0, 0}, 1},
    {FG_RANGE, {-1, 200}, 0},
    {FG_RANGE, {-2, 200}, 0},
    {FG_RANGE, {INT32_MIN, 200}, 0},
    {FG_RANGE, {150, 150}, 1},
    {FG_RANGE, {150, 149}, 0},
    {FG_RANGE, {100, -1}, 0},
    {FG_RANGE, {100, MAXD}, 1},
    {FG_RANGE, {100, MAXD + 1}, 0},
    {FG_RANGE, {100, INT32_MAX}, 0},
    {FG_RANGE, {MAXD + 1, MAXD + 1}, 0},
    {FG_GUN, {0, 0, 0}, 1},
    {FG_GUN, {-1, 400, 800}, 0},
    {FG_GUN, {-2, 400, 800}, 0},
    {FG_GUN, {INT32_MIN, 400, 800}, 0},
    {FG_GUN, {150, 149, 800}, 0},
    {FG_GUN, {150, 150, 150}, 1},
    {FG_GUN, {150, 400, 399}, 0},
    {FG_GUN, {150, 400, MAXD}, 1},
    {FG_GUN, {150, 400, MAXD + 1}, 0},
    {FG_GUN, {150, 400, INT32_MAX}, 0},
    {FG_ROWS, {1, 2, 3, 4}, 1},
    {FG_ROWS, {0, 2, 3, 4}, 0},
    {FG_ROWS, {-1, 20, 28, 36}, 0},
    {FG_ROWS, {-2, 20, 28, 36}, 0},
    {FG_ROWS, {INT32_MIN, 20, 28, 36}, 0},
    {FG_ROWS, {12, 12, 28, 36}, 0},
    {FG_ROWS, {12, 20, 20, 36}, 0},
    {FG_ROWS, {12, 20, 28, 28}, 0},
    {FG_ROWS, {12, 13, 14, 15}, 1},
    {FG_ROWS, {12, 20, 10, 36}, 0},
    {FG_ROWS, {12, 20, -1, 36}, 0},
    {FG_ROWS, {12, INT32_MIN, 28, 36}, 0},
    {FG_ROWS, {12, 20, 28, -1}, 0},
    {FG_ROWS, {12, 20, 28, MAXF}, 1},
    {FG_ROWS, {12, 20, 28, MAXF + 1}, 0},
    {FG_ROWS, {12, 20, 28, INT32_MAX}, 0},
    {FG_ROWS, {MAXF - 3, MAXF - 2, MAXF - 1, MAXF}, 1},
    {FG_SCREEN, {0}, 1},
    {FG_SCREEN, {-1}, 0},
    {FG_SCREEN, {-2}, 0},
    {FG_SCREEN, {INT32_MIN}, 0},
    {FG_SCREEN, {MAXD}, 1},
    {FG_SCREEN, {MAXD + 1}, 0},
    {FG_SCREEN, {INT32_MAX}, 0},
    {FG_STAR, {1}, 1},
    {FG_STAR, {0}, 0},
    {FG_STAR, {-1}, 0},
    {FG_STAR, {INT32_MIN}, 0},
    {FG_STAR, {MAXF}, 1},
    {FG_STAR, {MAXF + 1}, 0},
    {FG_STAR, {INT32_MAX}, 0},
    {FG_CAP, {0}, 1},
    {FG_CAP, {-1}, 0},
    {FG_CAP, {-2}, 0},
    {FG_CAP, {MAXM}, 1},
    {FG_CAP, {MAXM + 1}, 0},
    {FG_CAP, {INT32_MIN}, 0},
    {FG_CELL, {MAXC, 0}, 1},
    {FG_CELL, {MAXC + 1, 0}, 0},
    {FG_CELL, {NF_CELL_UNKNOWN - 1, 0}, 0},
    {FG_CELL, {MAXC - 1, 1}, 1},
    {FG_CELL, {2, 1}, 1},
    {FG_CELL, {0, 1}, 0},
    {FG_CELL, {3, 1}, 0},
    {FG_CELL, {4, 2}, 0},
    {FG_CELL, {NF_CELL_UNKNOWN, 1}, 0},
    {FG_ART_CELL, {MAXC}, 1},
    {FG_ART_CELL, {MAXC + 1}, 0},
    {FG_ART_CELL, {NF_CELL_UNKNOWN - 1}, 0},
    {FG_MOD, {MAXM}, 1},
    {FG_MOD, {MAXM + 1}, 0},
    {FG_MOD, {-MAXM}, 1},
    {FG_MOD, {-MAXM - 1}, 0},
    {FG_MOD, {INT8_MIN + 1}, 0},
    {FG_MOD, {INT8_MAX}, 0},
};

static void forge(struct nf_rules *n, const struct forgery *f) {
    switch (f->kind) {
        case FG_RANGE:
            for (int32_t w = 0; w < NF_WEAPONS; w++)
                for (int32_t m = 0; m < NF_MEASURES; m++)
                    memcpy(n->range[w].max[m], f->v, sizeof n->range[w].max[m]);
            break;
        case FG_GUN:
            for (int32_t g = 0; g < NF_GUNS; g++)
                for (int32_t m = 0; m < NF_MEASURES; m++)
                    memcpy(n->gun_range[g].max[m], f->v, sizeof n->gun_range[g].max[m]);
            break;
        case FG_ROWS:
            memcpy(n->mthr.v, f->v, NF_ROW_THRESHOLDS * sizeof f->v[0]);
            break;
        case FG_SCREEN:
            n->mthr.v[6] = n->mthr.v[7] = f->v[0];
            break;
        case FG_STAR:
            n->mthr.v[4] = f->v[0];
            break;
        case FG_CAP:
            n->mthr.v[5] = f->v[0];
            break;
        case FG_CELL:
            for (int32_t row = 0; row < NF_ROWS; row++) {
                memset(n->musketry[row].cell, f->v[0], sizeof n->musketry[row].cell);
                memset(n->musketry[row].star, f->v[1], sizeof n->musketry[row].star);
            }
            break;
        case FG_ART_CELL:
            for (int32_t g = 0; g < NF_GUNS; g++)
                for (int32_t a = 0; a < NF_AMMOS; a++)
                    memset(n->artillery[g][a].cell, f->v[0], sizeof n->artillery[g][a].cell);
            break;
        default: /* FG_MOD */
            for (int32_t fire = 0; fire < NF_FIRES; fire++)
                for (int32_t id = 1; id < NF_MOD_IDS; id++)
                    for (int32_t v = 0; v < NF_VARIANTS; v++)
                        if (n->modifier[fire].v[id][v] != NF_MOD_UNKNOWN)
                            n->modifier[fire].v[id][v] = (int8_t)f->v[0];
            break;
    }
    /* Every seal as the library computes it: a forger's rules. */
    napfire__rules_reseal(n);
}

/* Shots that read each forged value on both sides of its bounds:
 * musketry in both measures at distances about the ranges with figures
 * about the row and star thresholds, a Guard firer, screens about the
 * screen threshold; batteries with both ammunitions at distances about
 * the gun ranges. */
#define N_BOUNDARY_SHOTS 90
static size_t boundary_shots(napfire_shot *out) {
    static const int32_t distances[] = {0, 100, 149, 150, 151, 200, 201, MAXD};
    static const int32_t figures[] = {1, 12, 36, MAXF};
    static const int32_t screens[] = {0, 40, 41, MAXD};
    static const int32_t gun_distances[] = {0, 149, 150, 151, 399, 400, 800, 801, MAXD};
    napfire_unit f, t;
    size_t n = 0;
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    for (int32_t m = 0; m < NF_MEASURES; m++) {
        for (size_t d = 0; d < NF_NELEM(distances); d++)
            for (size_t k = 0; k < NF_NELEM(figures); k++) {
                infantry(&f, NAPFIRE_NATION_FRANCE, k == 2 ? NAPFIRE_CLASS_GUARD : NAPFIRE_CLASS_LINE,
                         NAPFIRE_FORMATION_LINE, figures[k]);
                shot_at(&out[n++], &f, &t, m, distances[d]);
            }
        infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_LINE, NAPFIRE_FORMATION_LINE, 36);
        for (size_t k = 0; k < NF_NELEM(screens); k++) {
            shot_at(&out[n], &f, &t, m, 100);
            sset(&out[n], NAPFIRE_SHOT_SCREEN, 1);
            sset(&out[n++], NAPFIRE_SHOT_SCREEN_DISTANCE, screens[k]);
        }
    }
    battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
    for (size_t d = 0; d < NF_NELEM(gun_distances); d++)
        for (int32_t ammo = 0; ammo < NF_AMMOS; ammo++) {
            shot_at(&out[n], &f, &t, NAPFIRE_MEASURE_METRIC, gun_distances[d]);
            sset(&out[n++], NAPFIRE_SHOT_AMMO, ammo);
        }
    ck_assert_uint_eq(n, N_BOUNDARY_SHOTS);
    return n;
}

/* API contract: hostile storage. A forged seal over a value the full path
 * refuses must not make the fast path, a batch or its plan answer: single
 * calls as the full path (its refusal included), a batch as its single
 * calls, a plan's answer as the full path's. F-RNG-2, F-TAB-1..4, F-SCR-2,
 * F-MOD-G, F-ART-1. */
START_TEST(forged_values_both_sides) {
    static napfire_shot shots[N_BOUNDARY_SHOTS];
    static napfire_result batch[N_BOUNDARY_SHOTS], single[N_BOUNDARY_SHOTS];
    int32_t rolls[N_BOUNDARY_SHOTS], dice[N_BOUNDARY_SHOTS], statuses[N_BOUNDARY_SHOTS];
    size_t n = boundary_shots(shots);
    for (size_t i = 0; i < n; i++) {
        rolls[i] = (int32_t)(2 + i % 11);
        dice[i] = (int32_t)(i % 7);
    }
    napfire_rules clean;
    complete_rules(&clean);
    long answered = 0, refused = 0, planned = 0;
    for (size_t k = 0; k < NF_NELEM(forgeries); k++) {
        const struct forgery *fg = &forgeries[k];
        napfire_rules r = clean;
        forge(NF_RULES(&r), fg);
        char what[96];
        snprintf(what, sizeof what, "%s %d %d %d %d", forgery_kinds[fg->kind], (int)fg->v[0], (int)fg->v[1],
                 (int)fg->v[2], (int)fg->v[3]);
        for (size_t i = 0; i < n; i++) {
            napfire_result a, b;
            memset(&a, 0xA5, sizeof a);
            memset(&b, 0xA5, sizeof b);
            int sa = napfire_shot_resolve(&shots[i], &r, rolls[i], dice[i], &a);
            int sb = napfire__resolve_full(&shots[i], &r, rolls[i], dice[i], &b);
            ck_assert_msg(sa == sb && memcmp(&a, &b, sizeof a) == 0,
                          "%s, shot %zu: fast path status %d, full path %d, or results differ", what, i, sa, sb);
            answered += sa == NAPFIRE_OK && a.permitted;
            refused += sa == NAPFIRE_ESTATE;
            /* Declining is always safe, so only this tells a fast path
             * that declines in-domain values from one that answers. */
            if (fg->ok && sa == NAPFIRE_OK && a.permitted) {
                const struct nf_shot *ns = NF_CSHOT(&shots[i]);
                const struct nf_rules *nr = NF_CRULES(&r);
                struct nf_fast f;
                int32_t table = 0, halves = 0, column = 0;
                int fast = napfire__fast_prepare(ns, nr, 1, &f);
                if (fast) {
                    column = napfire__roll_column(rolls[i] + f.net);
                    fast = f.path == NF_PATH_ARTILLERY
                               ? napfire__fast_art_halves(nr, 1, &f, column, &table, &halves)
                               : napfire__fast_halves(ns, nr, NULL, 1, &f, column, &table, &halves);
                }
                ck_assert_msg(fast, "%s, shot %zu: the fast path declined", what, i);
            }
        }
        /* Both distributions of every shot, and every roll of a few. */
        for (size_t i = 0; i < n; i += 7)
            fast_vs_full(&shots[i], &r);
        memset(batch, 0xA5, sizeof batch);
        ck_assert_int_eq(napfire_resolve_many(shots, n, &r, rolls, dice, batch, statuses), NAPFIRE_OK);
        for (size_t i = 0; i < n; i++) {
            memset(&single[i], 0xA5, sizeof single[i]);
            ck_assert_int_eq(statuses[i], napfire_shot_resolve(&shots[i], &r, rolls[i], dice[i], &single[i]));
            ck_assert_msg(memcmp(&batch[i], &single[i], sizeof single[i]) == 0,
                          "%s, shot %zu: batch and single call differ", what, i);
        }
        struct nf_plan plan;
        napfire__plan_init(&r, n, &plan);
        ck_assert_int_eq(plan.musketry, 1); /* the seals match: a plan */
        for (size_t i = 0; i < n; i++) {
            napfire_result a, b;
            memset(&a, 0xA5, sizeof a);
            if (!napfire__plan_resolve(&shots[i], &r, &plan, rolls[i], dice[i], &a)) {
                ck_assert_msg(!fg->ok || statuses[i] != NAPFIRE_OK || !batch[i].permitted ||
                                  NF_CSHOT(&shots[i])->dg.path != NF_PATH_MUSKETRY,
                              "%s, shot %zu: the plan declined", what, i);
                continue;
            }
            ck_assert_int_eq(napfire__resolve_full(&shots[i], &r, rolls[i], dice[i], &b), NAPFIRE_OK);
            ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "%s, shot %zu: plan and full path differ", what, i);
            planned++;
        }
    }
    fprintf(stderr, "forged values: %ld answered, %ld refused, %ld from a plan\n", answered, refused, planned);
    ck_assert_int_gt(answered, 1000);
    ck_assert_int_gt(refused, 1000);
    ck_assert_int_gt(planned, 500);
}
END_TEST

int main(void) {
    Suite *su = suite_create("differential");
    TCase *tc = tcase_create("net");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, net_matches_breakdown);
    tcase_add_test(tc, net_matches_breakdown_corrupted);
    tcase_add_test(tc, distribution_matches_single_resolves);
    suite_add_tcase(su, tc);
    TCase *fast = tcase_create("fast");
    tcase_set_timeout(fast, 240);
    tcase_add_test(fast, fast_path_matches_full_path);
    tcase_add_test(fast, fast_path_matches_full_path_corrupted);
    tcase_add_test(fast, batch_matches_single_calls);
    tcase_add_test(fast, plan_matches_full_path);
    tcase_add_test(fast, forged_values_both_sides);
    suite_add_tcase(su, fast);
    return run_suite(su);
}
