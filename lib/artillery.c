/* SPDX-License-Identifier: MIT */
/* Artillery restrictions (F-ART-3..7). Geometry is the caller's (F-ART-8):
 * the shot carries the measured facts and this file applies the clauses. */
#include "internal.h"

#define BIT(reason) (1u << (reason))

/* Clauses that need no rules data. */
uint32_t napfire__artillery_static_verdicts(const struct nf_shot *s) {
    const struct nf_unit *f = &s->firer;
    int canister = nf_s(s, NAPFIRE_SHOT_AMMO) == NAPFIRE_AMMO_CANISTER;
    int overhead = nf_s(s, NAPFIRE_SHOT_OVERHEAD) != 0;
    uint32_t reasons = 0;
    /* F-ART-3: limbered artillery may not fire (Decision). */
    if (nf_u(f, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_LIMBERED)
        reasons |= BIT(NAPFIRE_REASON_LIMBERED);
    /* F-ART-3: foot artillery that unlimbered this turn (the flag exists
     * only on foot artillery). */
    if (nf_u(f, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN))
        reasons |= BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN);
    /* F-ART-4: canister with a friend in the 30-degree sector. */
    if (canister && nf_s(s, NAPFIRE_SHOT_FRIEND_IN_ARC))
        reasons |= BIT(NAPFIRE_REASON_FRIEND_IN_ARC);
    /* F-ART-6: roundshot only (Decision). */
    if (!canister && nf_s(s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND))
        reasons |= BIT(NAPFIRE_REASON_PENETRATION);
    /* F-ART-7: only from higher ground, and never canister. */
    if (overhead && !nf_s(s, NAPFIRE_SHOT_BATTERY_HIGHER))
        reasons |= BIT(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER);
    if (overhead && canister)
        reasons |= BIT(NAPFIRE_REASON_OVERHEAD_CANISTER);
    return reasons;
}

/* A clearance threshold (F-ART-5/7) in the shot's measure. */
static int clearance(const struct nf_shot *s, struct nf_data *d, int32_t id, int32_t *value) {
    return napfire__need_threshold(d, id, nf_s(s, NAPFIRE_SHOT_MEASURE), value);
}

/* F-ART-7: friends overflown no closer than the clearance to the battery
 * front or to the enemy (exactly the clearance is fine). */
int napfire__artillery_overhead_verdict(const struct nf_shot *s, struct nf_data *d, uint32_t *reasons) {
    if (!nf_s(s, NAPFIRE_SHOT_OVERHEAD))
        return NAPFIRE_OK;
    int32_t min = 0;
    int st = clearance(s, d, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, &min);
    if (st != NAPFIRE_OK)
        return st;
    if (nf_s(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY) < min || nf_s(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY) < min)
        *reasons |= BIT(NAPFIRE_REASON_OVERHEAD_TOO_CLOSE);
    return NAPFIRE_OK;
}

/* Clauses that depend on the band (known here). */
int napfire__artillery_band_verdicts(const struct nf_shot *s, struct nf_data *d, int32_t band, uint32_t *reasons) {
    /* F-ART-1: canister only at canister range (Decision). */
    if (nf_s(s, NAPFIRE_SHOT_AMMO) == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER)
        *reasons |= BIT(NAPFIRE_REASON_CANISTER_BEYOND_RANGE);
    /* F-ART-5: long range only (5b). */
    if (band != NAPFIRE_BAND_LONG)
        return NAPFIRE_OK;
    int32_t near_target = nf_s(s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET);
    int32_t near_battery = nf_s(s, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY);
    if (near_target < 0 && near_battery < 0)
        return NAPFIRE_OK;
    int32_t clear = 0;
    int st = clearance(s, d, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, &clear);
    if (st != NAPFIRE_OK)
        return st;
    /* "Within" is <= the clearance; the exception needs a clear line of
     * sight and part of the target more than the clearance away. */
    int screened = (near_target >= 0 && near_target <= clear) || (near_battery >= 0 && near_battery <= clear);
    int exception = nf_s(s, NAPFIRE_SHOT_CLEAR_LOS) && nf_s(s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS) > clear;
    if (screened && !exception)
        *reasons |= BIT(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE);
    return NAPFIRE_OK;
}
