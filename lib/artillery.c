/* SPDX-License-Identifier: MIT */
/* Artillery restrictions (F-ART-3..7). Geometry is the caller's (F-ART-8):
 * the shot carries the measured facts and this file applies the clauses. */
#include "engine.h"

#define BIT(reason) (1u << (reason))

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
