/* SPDX-License-Identifier: MIT */
/* Resolving a shot: arguments first, then the verdicts (data-free ones
 * before those that need rules data), then modifiers, table, casualty
 * arithmetic and the screen's share. */
#include <string.h>

#include "internal.h"

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

/* Clauses every firer shares, none needing rules data. */
static uint32_t common_verdicts(const struct nf_shot *s) {
    const struct nf_unit *f = &s->firer;
    int32_t arm = nf_u(f, NAPFIRE_UNIT_ARM);
    uint32_t reasons = 0;
    /* F-TAB-6: cavalry fire and skirmish-order fire are not described. */
    if (arm == NAPFIRE_ARM_CAVALRY ||
        (napfire__is_infantry(arm) && nf_u(f, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_SKIRMISH))
        reasons |= BIT(NAPFIRE_REASON_NOT_COVERED);
    if (nf_u(f, NAPFIRE_UNIT_FIGURES) == 0)
        reasons |= BIT(NAPFIRE_REASON_NO_FIGURES);
    /* F-ART-2: once per turn, infantry and artillery alike. */
    if (nf_u(f, NAPFIRE_UNIT_FIRED_THIS_TURN))
        reasons |= BIT(NAPFIRE_REASON_ALREADY_FIRED);
    /* F-ART-3: more than half a move forbids fire (infantry too: Decision). */
    if (nf_u(f, NAPFIRE_UNIT_MOVED) == NAPFIRE_MOVED_MORE)
        reasons |= BIT(NAPFIRE_REASON_MOVED_TOO_FAR);
    if (napfire__is_artillery(arm))
        reasons |= napfire__artillery_static_verdicts(s);
    return reasons;
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
    uint32_t reasons = common_verdicts(n);
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
    res->halves = !artillery && res->band == NAPFIRE_BAND_LONG ? napfire__long_range_halves(res->table_halves)
                                                               : res->table_halves;
    /* napfire__is_second_class() holds the infantry-only Decision of F-CAS-2, so
     * artillery (F-ART-1: no 2nd-class rule) never drops a half there. */
    napfire__round_half(res->halves, half_die, napfire__is_second_class(&n->firer), res);
    napfire__split_screen(n, res);
    return NAPFIRE_OK;
}

int napfire__shot_open(const napfire_shot *s, const napfire_rules *rules, unsigned how, struct nf_data *d) {
    if (!s)
        return NAPFIRE_EINVAL;
    int st;
    const struct nf_rules *r = napfire__rules_resolve(rules, &st);
    if (st)
        return st;
    const struct nf_shot *n = NF_CSHOT(s);
    if (!napfire__shot_valid(n))
        return NAPFIRE_ESTATE;
    if ((how & NF_OPEN_DISTANCE) && nf_s(n, NAPFIRE_SHOT_DISTANCE) < 0)
        return NAPFIRE_EINVAL;
    napfire__data_init(d, r);
    d->shot = n;
    return NAPFIRE_OK;
}

int napfire_shot_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                         napfire_result *out) {
    if (!out)
        return NAPFIRE_EINVAL;
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
