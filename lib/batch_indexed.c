/* SPDX-License-Identifier: MIT */
/*
 * The indexed batch: a simulation's trials over a few distinct shots
 * (F-CAS-3, F-CAS-4). Each trial names its shot by index, so a million
 * trials of 64 kinds of shot keep 64 shots, not a million, and the shots
 * stay in the cache.
 *
 * A trial takes the steps of napfire_resolve_many_dice() in the same
 * order with the same generator (2D6; resolve with no half die; the die
 * only for a pending half, finished as napfire__apply_half_die() finishes
 * it), so that both give the same results for the same seed; the tests
 * hold them to it. Every input is checked, the indexes included, before
 * anything is written.
 */
#include "fast.h"

/* 1 when every index names one of the nshots shots. */
static int indexes_in_range(const uint32_t *index, size_t n, size_t nshots) {
    /* One test per index, no early exit: the loop vectorises, and a
     * refusal is the rare case. */
    uint32_t worst = 0;
    for (size_t i = 0; i < n; i++)
        worst = index[i] > worst ? index[i] : worst;
    return n == 0 || (size_t)worst < nshots;
}

static int indexed_arguments(const napfire_shot *shots, size_t nshots, const napfire_rules *rules,
                             const uint32_t *index, size_t n, const napfire_dice *dice, const int32_t *statuses) {
    if (!dice)
        return NAPFIRE_EINVAL;
    if (nshots > NAPFIRE_MAX_BATCH || n > NAPFIRE_MAX_BATCH)
        return NAPFIRE_EDOMAIN;
    if (n > 0 && (!shots || !index || !statuses))
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED2(shots, rules) || NF_MISALIGNED(dice))
        return NAPFIRE_EALIGN;
    if (!indexes_in_range(index, n, nshots))
        return NAPFIRE_EDOMAIN;
    /* A generator in a bad state is found by a roll on a copy, so the
     * caller's is untouched. */
    napfire_dice check = *dice;
    int32_t probe;
    return napfire_dice_2d6(&check, &probe);
}

/* One trial, the dice batch's steps: its status, *out written as
 * napfire_resolve_many_dice() writes its element. */
NF_HOT_INLINE int indexed_trial(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *plan,
                                napfire_dice *g, napfire_result *out) {
    int32_t roll = 0, face = 0;
    (void)napfire_dice_2d6(g, &roll); /* cannot fail: the state was checked */
    int status = napfire__resolve_planned(s, rules, plan, roll, 0, out);
    if (status == NAPFIRE_OK && out->half_pending) {
        (void)napfire_dice_d6(g, &face);
        /* The resolve just succeeded: the shot's storage is sealed. */
        napfire__apply_half_die(NF_CSHOT(s), face, out);
    }
    return status;
}

int napfire_resolve_indexed_dice(const napfire_shot *shots, size_t nshots, const napfire_rules *rules,
                                 const uint32_t *index, size_t n, napfire_dice *dice, int32_t *statuses,
                                 int32_t *casualties, napfire_result *results) {
    int status = indexed_arguments(shots, nshots, rules, index, n, dice, statuses);
    if (status != NAPFIRE_OK)
        return status;
    napfire_dice g = *dice;
    struct nf_plan plan;
    napfire__plan_init(rules, n, &plan);
    /* Each trial writes it whole before reading it; zeroed once so that no
     * analyser has to prove that. */
    napfire_result scratch;
    memset(&scratch, 0, sizeof scratch);
    for (size_t i = 0; i < n; i++) {
        napfire_result *out = results ? &results[i] : &scratch;
        status = indexed_trial(&shots[index[i]], rules, &plan, &g, out);
        statuses[i] = status;
        if (casualties)
            casualties[i] = status == NAPFIRE_OK ? out->casualties : 0;
    }
    *dice = g;
    return NAPFIRE_OK;
}
