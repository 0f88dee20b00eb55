/* SPDX-License-Identifier: MIT */
/*
 * Batches: shots with the caller's dice, and shots that roll their own
 * (F-CAS-3, F-CAS-4).
 *
 * Built on the single call, not beside it, so a batch cannot drift from
 * what a program doing the same steps by hand gets: each shot goes
 * through napfire__resolve_planned(), which reads the batch's plan (the
 * rules values checked once, with the single call's own tests) and takes
 * the single call's way for anything the plan does not answer. The tests
 * check the equality anyway. A pending half is finished as a second call
 * with the die would finish it (napfire__apply_half_die(), which the
 * distribution uses too), without resolving the shot a second time.
 */
#include "fast.h"

int napfire_resolve_many(const napfire_shot *shots, size_t n, const napfire_rules *rules, const int32_t *rolls,
                         const int32_t *half_dice, napfire_result *results, int32_t *statuses) {
    if (n > NAPFIRE_MAX_BATCH)
        return NAPFIRE_EDOMAIN;
    if (n > 0 && (!shots || !rolls || !half_dice || !results || !statuses))
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED2(shots, rules))
        return NAPFIRE_EALIGN;
    napfire__resolve_batch(shots, n, rules, rolls, half_dice, results, statuses);
    return NAPFIRE_OK;
}

int napfire_resolve_many_dice(const napfire_shot *shots, size_t n, const napfire_rules *rules, napfire_dice *dice,
                              napfire_result *results, int32_t *statuses, int32_t *rolls, int32_t *half_dice) {
    if (!dice)
        return NAPFIRE_EINVAL;
    if (n > NAPFIRE_MAX_BATCH)
        return NAPFIRE_EDOMAIN;
    if (n > 0 && (!shots || !results || !statuses))
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED2(shots, rules) || NF_MISALIGNED(dice))
        return NAPFIRE_EALIGN;
    /* Roll on a copy: a generator in a bad state is found by its first
     * roll, before any output is written, and the caller's is untouched. */
    napfire_dice g = *dice;
    int32_t probe;
    napfire_dice check = g;
    int status = napfire_dice_2d6(&check, &probe);
    if (status != NAPFIRE_OK)
        return status;
    struct nf_plan plan;
    napfire__plan_init(rules, n, &plan);
    for (size_t i = 0; i < n; i++) {
        int32_t roll = 0, face = 0;
        (void)napfire_dice_2d6(&g, &roll); /* cannot fail: the state was checked */
        status = napfire__resolve_planned(&shots[i], rules, &plan, roll, 0, &results[i]);
        if (status == NAPFIRE_OK && results[i].half_pending) {
            (void)napfire_dice_d6(&g, &face);
            /* The resolve just succeeded: the shot's storage is sealed. */
            napfire__apply_half_die(NF_CSHOT(&shots[i]), face, &results[i]);
        }
        statuses[i] = status;
        if (rolls)
            rolls[i] = roll;
        if (half_dice)
            half_dice[i] = face;
    }
    *dice = g;
    return NAPFIRE_OK;
}
