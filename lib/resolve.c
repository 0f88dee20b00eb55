/* SPDX-License-Identifier: MIT */
/* The reference engine: resolving a shot, arguments first, then the
 * verdicts (data-free ones before those that need rules data), then
 * modifiers, table, casualty arithmetic and the screen's share. The only
 * place these steps are put together; the speed layer (fast.c) answers
 * first where it is sure, and declines everything else to here. */
#include <string.h>

#include "fast.h"

#define BIT(reason) (1u << (reason))

static void result_reset(napfire_result *out) {
    memset(out, 0, sizeof *out);
    out->row = -1;
    out->column = -1;
    for (size_t i = 0; i < NF_COUNT(out->missing_index); i++)
        out->missing_index[i] = -1;
}

/* The settings a shot must have before any rule is applied. */
static int required_settings(const struct nf_shot *s) {
    if (nf_s(s, NAPFIRE_SHOT_DISTANCE) < 0)
        return NAPFIRE_EINVAL;
    if (nf_s(s, NAPFIRE_SHOT_SCREEN) && nf_s(s, NAPFIRE_SHOT_SCREEN_DISTANCE) < 0)
        return NAPFIRE_EINVAL;
    if (nf_s(s, NAPFIRE_SHOT_OVERHEAD) &&
        (nf_s(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY) < 0 || nf_s(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY) < 0))
        return NAPFIRE_EINVAL;
    return NAPFIRE_OK;
}

/* Clauses that need rules data, evaluated in precedence order. Unknown
 * data leaves its clause undecided (the context records the first one);
 * corruption aborts. */
static int data_verdicts(const struct nf_shot *s, struct nf_data *d, uint32_t *reasons, int32_t *band) {
    int artillery = napfire__is_artillery(nf_u(&s->firer, NAPFIRE_UNIT_ARM));
    int band_st = napfire__band(s, d, band);
    if (band_st == NAPFIRE_ESTATE)
        return band_st;
    if (band_st == NAPFIRE_OK && *band == NAPFIRE_BAND_NONE)
        *reasons |= BIT(NAPFIRE_REASON_OUT_OF_RANGE);
    int st = NAPFIRE_OK;
    /* F-SCR-2: a screen farther than the threshold stops musketry; it never
     * stops artillery (F-SCR-3). */
    if (!artillery && nf_s(s, NAPFIRE_SHOT_SCREEN)) {
        int32_t t = 0;
        st = napfire__need_threshold(d, NAPFIRE_THRESHOLD_SCREEN, nf_s(s, NAPFIRE_SHOT_MEASURE), &t);
        if (st == NAPFIRE_OK && nf_s(s, NAPFIRE_SHOT_SCREEN_DISTANCE) > t)
            *reasons |= BIT(NAPFIRE_REASON_SCREENED);
    }
    if (artillery && band_st == NAPFIRE_OK)
        st = napfire__artillery_band_verdicts(s, d, *band, reasons);
    if (artillery && st != NAPFIRE_ESTATE)
        st = napfire__artillery_overhead_verdict(s, d, reasons);
    if (st == NAPFIRE_ESTATE)
        return st;
    return band_st;
}

/* An EUNKNOWN result: no clause forbids the shot, but it cannot be
 * resolved, so it is not permitted either; it names the missing datum. */
static void mark_unknown(napfire_result *out, const struct nf_data *d) {
    out->permitted = 0;
    out->reason = NAPFIRE_REASON_NONE;
    out->missing = d->first.kind;
    memcpy(out->missing_index, d->first.index, sizeof out->missing_index);
}

/* Everything that does not depend on the dice: verdicts, band, the first
 * unknown datum, modifiers. Forbidden and unknown results are final here;
 * a permitted one waits for napfire__resolve_roll(). */
int napfire__resolve_prepare(const struct nf_shot *n, const struct nf_rules *r, napfire_result *res, int *decided) {
    int st = required_settings(n);
    if (st)
        return st;
    result_reset(res);
    uint32_t reasons = napfire__static_verdicts(n);
    struct nf_data d;
    napfire__data_init(&d, r);
    int32_t band = NAPFIRE_BAND_NONE;
    if (nf_u(&n->firer, NAPFIRE_UNIT_ARM) != NAPFIRE_ARM_CAVALRY) {
        st = data_verdicts(n, &d, &reasons, &band);
        if (st == NAPFIRE_ESTATE)
            return st;
        if (st == NAPFIRE_OK)
            res->band = band;
    }
    /* A forbidding clause decides the shot whatever else is unknown. */
    *decided = reasons != 0 || d.first.kind == NAPFIRE_MISSING_NONE;
    if (reasons) {
        /* The lowest set bit is the first clause in precedence order. */
        int32_t reason = 0;
        while (!(reasons & BIT(reason)))
            reason++;
        res->permitted = 0;
        res->reason = reason;
        res->reasons = reasons;
        return NAPFIRE_OK;
    }
    if (*decided) {
        st = napfire__modifier_net(n, &d, &res->net_modifier);
        if (st == NAPFIRE_ESTATE)
            return st;
    }
    if (d.first.kind != NAPFIRE_MISSING_NONE) {
        mark_unknown(res, &d);
        return NAPFIRE_EUNKNOWN;
    }
    res->permitted = 1;
    return NAPFIRE_OK;
}

/* The dice's part, on a permitted result of napfire__resolve_prepare(): table,
 * long range, the half and the screen's share. */
int napfire__resolve_roll(const struct nf_shot *n, const struct nf_rules *r, const napfire_result *prepared,
                          int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    if (out != prepared)
        *out = *prepared;
    napfire_result *res = out;
    struct nf_data d;
    napfire__data_init(&d, r);
    res->modified_roll = roll_2d6 + res->net_modifier;
    struct nf_cell cell = {-1, -1, 0};
    int st = napfire__table_cell(n, &d, res->band, res->row, res->modified_roll, &cell);
    if (st == NAPFIRE_ESTATE)
        return st;
    res->row = cell.row;
    res->column = cell.column;
    if (st == NAPFIRE_EUNKNOWN) {
        mark_unknown(res, &d);
        return NAPFIRE_EUNKNOWN;
    }
    res->table_halves = cell.halves;
    int artillery = napfire__is_artillery(nf_u(&n->firer, NAPFIRE_UNIT_ARM));
    /* F-CAS-1 for musketry; an artillery band has its own row instead. */
    res->halves = napfire__long_range_halves(res->table_halves, !artillery && res->band == NAPFIRE_BAND_LONG);
    /* napfire__is_second_class() holds the infantry-only Decision of F-CAS-2, so
     * artillery (F-ART-1: no 2nd-class rule) never drops a half there. */
    napfire__round_half(res->halves, half_die, napfire__is_second_class(&n->firer), res);
    napfire__split_screen(n, res);
    return NAPFIRE_OK;
}

/* The reference resolution: every clause in precedence order, unknown
 * data named. Out of line, so that the speed layer's caller does not pay
 * for its frame. */
static NF_NOINLINE int full_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6,
                                    int32_t half_die, napfire_result *out) {
    struct nf_data d;
    int st = napfire__shot_open(s, rules, 0, &d);
    if (st)
        return st;
    if (roll_2d6 < 2 || roll_2d6 > 12 || half_die < 0 || half_die > 6)
        return NAPFIRE_EDOMAIN;
    /* Work on a local result: an ESTATE found midway must leave *out untouched. */
    napfire_result res;
    int decided = 0;
    st = napfire__resolve_prepare(d.shot, d.r, &res, &decided);
    if (st == NAPFIRE_OK && res.permitted)
        st = napfire__resolve_roll(d.shot, d.r, &res, roll_2d6, half_die, &res);
    if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN)
        *out = res;
    return st;
}

int napfire__resolve_full(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                          napfire_result *out) {
    if (!s || !out)
        return NAPFIRE_EINVAL;
    return full_resolve(s, rules, roll_2d6, half_die, out);
}

int napfire_shot_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                         napfire_result *out) {
    if (!s || !out)
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED2(s, rules))
        return NAPFIRE_EALIGN;
    return napfire__fast_resolve_or(s, rules, roll_2d6, half_die, out, full_resolve);
}
