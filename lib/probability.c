/* SPDX-License-Identifier: MIT */
/* Exact outcome distributions, expected casualties and batch resolution
 * (the dice are in dice.c). The distribution weighs each 2D6 roll once
 * and splits a pending half over the half die, so it costs 11 resolutions,
 * not 216. */
#include <string.h>

#include "fast.h"

/* Ways to roll r on 2D6, out of 36. */
static int32_t roll_ways(int32_t r) {
    return 6 - (r > 7 ? r - 7 : 7 - r);
}

/* Add weight to the (target, screen) outcome, keeping the list sorted. */
static void add_outcome(napfire_outcome *list, size_t *n, int32_t target, int32_t screen, int32_t weight) {
    size_t i = 0;
    while (i < *n && (list[i].target_casualties < target ||
                      (list[i].target_casualties == target && list[i].screen_casualties < screen)))
        i++;
    if (i < *n && list[i].target_casualties == target && list[i].screen_casualties == screen) {
        list[i].weight += weight;
        return;
    }
    memmove(&list[i + 1], &list[i], (*n - i) * sizeof *list);
    list[i] = (napfire_outcome){target, screen, weight, 0};
    (*n)++;
}

/* 11 rolls x 2 half-die results bound the distinct outcomes. */
#define MAX_OUTCOMES 22

/* A shot's odds as far as the rules data goes. */
struct odds {
    napfire_outcome list[MAX_OUTCOMES]; /* the known outcomes */
    size_t n;
    int32_t unknown;        /* weight of the rolls that need unknown data */
    napfire_result verdict; /* what holds for every roll, and the first missing datum */
    int fast_verdict;       /* 1: the fast path weighed them; the verdict is built from fast on demand */
    struct nf_fast fast;
};

/* The verdict fields the distribution functions document: those that hold
 * for every roll, none of one roll's. */
static void verdict_from(const napfire_result *prepared, napfire_result *v) {
    memset(v, 0, sizeof *v);
    v->permitted = prepared->permitted;
    v->reason = prepared->reason;
    v->reasons = prepared->reasons;
    v->band = prepared->band;
    v->net_modifier = prepared->net_modifier;
    v->row = -1;
    v->column = -1;
    v->missing = prepared->missing;
    memcpy(v->missing_index, prepared->missing_index, sizeof v->missing_index);
}

/* A roll's result (half die not thrown) into the odds, weight w of 216. */
static void weigh_result(const struct nf_shot *shot, napfire_result *res, int32_t w, struct odds *o) {
    if (!res->half_pending) {
        add_outcome(o->list, &o->n, res->target_casualties, res->screen_casualties, w);
        return;
    }
    /* Die 1-3 drops the half: the result as it stands. */
    add_outcome(o->list, &o->n, res->target_casualties, res->screen_casualties, w / 2);
    /* Die 4-6 makes the pending half a whole figure (F-CAS-3). */
    napfire__apply_half_die(shot, 4, res);
    add_outcome(o->list, &o->n, res->target_casualties, res->screen_casualties, w / 2);
}

/* Widen [lo, hi] to the casualties a roll of these half figures can
 * inflict: halves / 2, and one more when a half is rounded up. */
static inline void casualty_bounds(int32_t halves, int32_t split, int32_t *lo, int32_t *hi) {
    int32_t up = halves / 2 + (halves % 2 != 0 && split);
    *lo = halves / 2 < *lo ? halves / 2 : *lo;
    *hi = up > *hi ? up : *hi;
}

/* The half figures of the eleven rolls of a prepared shot, whose
 * sections are checked, and the bounds of the casualties they inflict
 * (split: a half is rounded by the die, F-CAS-2): 1, or 0 for the full
 * path. Inlined with artillery a constant, so that neither kind of fire
 * asks its kind eleven times. */
NF_HOT_INLINE int roll_halves(const struct nf_shot *shot, const struct nf_rules *r, const struct nf_fast *f,
                              int artillery, int32_t split, int32_t halves[11], int32_t *lo, int32_t *hi) {
    for (int32_t roll = 2; roll <= 12; roll++) {
        int32_t table, h, column = napfire__roll_column(roll + f->net);
        if (!(artillery ? napfire__fast_art_halves(r, 0, f, column, &table, &h)
                        : napfire__fast_halves(shot, r, NULL, 0, f, column, &table, &h)))
            return 0;
        halves[roll - 2] = h;
        casualty_bounds(h, split, lo, hi);
    }
    return 1;
}

/* Every roll reads the same row (and for musketry the star threshold):
 * their seals once, not per roll (declining is always safe: the full path
 * decides). */
static int rolls_sealed(const struct nf_rules *r, const struct nf_fast *f) {
    if (f->path == NF_PATH_ARTILLERY)
        return NF_SECTION_OK(&r->artillery[f->gun][f->ammo], struct nf_arows,
                             NF_SEC_AROWS + f->gun * NF_AMMOS + f->ammo);
    return NF_SECTION_OK(&r->musketry[f->row], struct nf_mrow, NF_SEC_MROW + f->row) &&
           NF_SECTION_OK(&r->mthr, struct nf_mthr, NF_SEC_MTHR);
}

/* The outcomes of the eleven rolls' half figures, whose casualties lie in
 * lo..hi, counted by casualties (split: a half is rounded by the die). */
static void outcomes_of(const int32_t halves[11], int32_t lo, int32_t hi, int32_t split, int32_t screens,
                        struct odds *o) {
    /* Casualties are at most the largest cell, starred, in figures, plus
     * a rounded-up half. */
    int32_t weight[NAPFIRE_MAX_CELL_HALVES / 2 + 3];
    for (int32_t k = lo; k <= hi; k++)
        weight[k - lo] = 0;
    for (int32_t roll = 2; roll <= 12; roll++) {
        int32_t h = halves[roll - 2], w = roll_ways(roll) * 6;
        if (h % 2 != 0 && split) {
            weight[h / 2 - lo] += w / 2;
            weight[h / 2 + 1 - lo] += w / 2;
        } else {
            weight[h / 2 - lo] += w;
        }
    }
    size_t n = 0;
    for (int32_t k = lo; k <= hi; k++)
        if (weight[k - lo]) {
            int32_t screen = screens && k > 0;
            o->list[n++] = (napfire_outcome){k - screen, screen, weight[k - lo], 0};
        }
    o->n = n;
}

/* The fast path's odds (fast.c): 1 when it covered every roll, else 0
 * with the odds empty for the full path. Each roll is weighed from its
 * half figures alone, as weigh_result() would weigh the roll's result:
 * the casualties are table halves / 2, and a pending half splits the
 * weight between them and one more (F-CAS-3). The screen's share depends
 * on the casualties alone, and in an order-keeping way ((0, 0), (0, 1),
 * (1, 1), ...), so weights counted by casualties come out in the list's
 * order. The differential test checks it against the full path. */
static int weigh_fast(const struct nf_shot *shot, const struct nf_rules *r, struct odds *o) {
    if (r->magic != NF_RULES_MAGIC || !napfire__shot_sealed(shot))
        return 0;
    int check = r != &napfire__builtin;
    struct nf_fast f;
    if (!napfire__fast_prepare(shot, r, check, &f) || (check && !rolls_sealed(r, &f)))
        return 0;
    int32_t halves[11], lo = INT32_MAX, hi = 0, split = !shot->dg.second_class;
    if (!(f.path == NF_PATH_ARTILLERY ? roll_halves(shot, r, &f, 1, split, halves, &lo, &hi)
                                      : roll_halves(shot, r, &f, 0, split, halves, &lo, &hi)))
        return 0;
    outcomes_of(halves, lo, hi, split, f.screens, o);
    o->fast = f;
    o->fast_verdict = 1;
    return 1;
}

/* The verdict of odds the fast path weighed: permitted, its band, net and
 * row (as the full path's first roll finds it), nothing missing. */
static void fast_verdict(const struct odds *o, napfire_result *v) {
    napfire_result prepared = {
        .permitted = 1, .band = o->fast.band, .net_modifier = o->fast.net, .missing_index = {-1, -1, -1, -1}};
    verdict_from(&prepared, v);
    v->row = o->fast.row;
}

/* The odds' verdict, for a caller that asked for it. */
static void odds_verdict(const struct odds *o, napfire_result *v) {
    if (o->fast_verdict)
        fast_verdict(o, v);
    else
        *v = o->verdict;
}

/* Weigh one roll (weight w out of 216) into the odds. */
static int weigh_roll(const struct nf_shot *shot, const struct nf_rules *r, const napfire_result *prepared,
                      int32_t roll, int32_t w, struct odds *o) {
    napfire_result res;
    int st = napfire__resolve_roll(shot, r, prepared, roll, 0, &res);
    if (st == NAPFIRE_ESTATE)
        return st;
    if (roll == 2)
        o->verdict.row = res.row; /* the table row is found with the first roll */
    if (st == NAPFIRE_EUNKNOWN) {
        /* Roll order names the first missing datum (the documented one). */
        if (o->verdict.missing == NAPFIRE_MISSING_NONE) {
            o->verdict.missing = res.missing;
            memcpy(o->verdict.missing_index, res.missing_index, sizeof res.missing_index);
        }
        o->unknown += w;
        return NAPFIRE_OK;
    }
    weigh_result(shot, &res, w, o);
    return NAPFIRE_OK;
}

/* Odds of which nothing is known: the verdict says whether the shot is
 * allowed (1: only the modifiers are unknown) or undecided (-1), and -1
 * for a band that could not be found (an unknown band is the only way an
 * unforbidden shot keeps band NONE). */
static int unknown_odds(int decided, struct odds *o) {
    o->verdict.permitted = decided ? 1 : -1;
    if (o->verdict.band == NAPFIRE_BAND_NONE)
        o->verdict.band = -1;
    o->unknown = NAPFIRE_OUTCOME_DENOMINATOR;
    return NAPFIRE_EUNKNOWN;
}

/* The eleven rolls of a permitted shot, as far as whole allows. */
static int weigh_rolls(const struct nf_shot *shot, const struct nf_rules *r, napfire_result *prepared, int whole,
                       struct odds *o) {
    for (int32_t roll = 2; roll <= 12; roll++) {
        int st = weigh_roll(shot, r, prepared, roll, roll_ways(roll) * 6, o);
        if (st != NAPFIRE_OK)
            return st;
        /* The row does not depend on the roll: found with the first one,
         * reused by the others (-1, not found: each looks again). */
        prepared->row = o->verdict.row;
        if (whole && o->unknown)
            return NAPFIRE_EUNKNOWN;
    }
    return o->unknown ? NAPFIRE_EUNKNOWN : NAPFIRE_OK;
}

/* The odds over what is known: OK when every roll is known, EUNKNOWN with
 * the known part, or an error. With whole set, the first unknown roll ends
 * the walk: a caller that needs every roll stops reading rules data there,
 * as a resolve of that roll does. */
static int weigh(const napfire_shot *s, const napfire_rules *rules, int whole, int fast, struct odds *o) {
    o->n = 0;
    o->unknown = 0;
    o->fast_verdict = 0;
    if (NF_MISALIGNED2(s, rules))
        return NAPFIRE_EALIGN;
    /* The fast path first: it needs the seals, not the whole validation
     * of the shot that the full path opens it with. */
    if (fast && s && weigh_fast(NF_CSHOT(s), rules ? NF_CRULES(rules) : &napfire__builtin, o))
        return NAPFIRE_OK;
    struct nf_data d;
    int st = napfire__shot_open(s, rules, 0, &d);
    if (st != NAPFIRE_OK)
        return st;
    /* Verdicts, band and modifiers do not depend on the dice: decided once
     * for all 11 rolls, exactly as each napfire_shot_resolve() would. */
    napfire_result prepared;
    int decided = 0;
    st = napfire__resolve_prepare(d.shot, d.r, &prepared, &decided);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    verdict_from(&prepared, &o->verdict);
    if (st == NAPFIRE_EUNKNOWN)
        return unknown_odds(decided, o);
    if (!prepared.permitted) {
        add_outcome(o->list, &o->n, 0, 0, NAPFIRE_OUTCOME_DENOMINATOR);
        return NAPFIRE_OK;
    }
    return weigh_rolls(d.shot, d.r, &prepared, whole, o);
}

/* napfire_shot_distribution(), with or without the fast path. */
static int distribution(const napfire_shot *s, const napfire_rules *rules, int fast, napfire_outcome *outcomes,
                        size_t cap, size_t *count, napfire_result *verdict) {
    if (!s || !count || (!outcomes && cap > 0))
        return NAPFIRE_EINVAL;
    struct odds o;
    int st = weigh(s, rules, 1, fast, &o);
    if (st == NAPFIRE_EUNKNOWN && verdict)
        odds_verdict(&o, verdict);
    if (st != NAPFIRE_OK)
        return st;
    *count = o.n;
    if (o.n > cap)
        return NAPFIRE_ENOSPC;
    memcpy(outcomes, o.list, o.n * sizeof *o.list);
    if (verdict)
        odds_verdict(&o, verdict);
    return NAPFIRE_OK;
}

int napfire_shot_distribution(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes, size_t cap,
                              size_t *count, napfire_result *verdict) {
    return distribution(s, rules, 1, outcomes, cap, count, verdict);
}

int napfire__distribution_full(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes, size_t cap,
                               size_t *count, napfire_result *verdict) {
    return distribution(s, rules, 0, outcomes, cap, count, verdict);
}

int napfire_shot_distribution_known(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes,
                                    size_t cap, size_t *count, int32_t *unknown_weight, napfire_result *verdict) {
    if (!s || !count || !unknown_weight || (!outcomes && cap > 0))
        return NAPFIRE_EINVAL;
    struct odds o;
    int st = weigh(s, rules, 0, 1, &o);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    *count = o.n;
    if (o.n > cap)
        return NAPFIRE_ENOSPC;
    if (o.n > 0)
        memcpy(outcomes, o.list, o.n * sizeof *o.list);
    *unknown_weight = o.unknown;
    if (verdict)
        odds_verdict(&o, verdict);
    return st;
}

int napfire_shot_expected(const napfire_shot *s, const napfire_rules *rules, int32_t *numerator, int32_t *denominator,
                          double *value) {
    if (!s || !numerator || !denominator)
        return NAPFIRE_EINVAL;
    struct odds o;
    int st = weigh(s, rules, 1, 1, &o);
    if (st != NAPFIRE_OK)
        return st;
    /* At most 2 * NAPFIRE_MAX_CELL_HALVES figures x 216: no overflow. */
    int32_t num = 0;
    for (size_t i = 0; i < o.n; i++)
        num += (o.list[i].target_casualties + o.list[i].screen_casualties) * o.list[i].weight;
    int32_t g = napfire__gcd(num, NAPFIRE_OUTCOME_DENOMINATOR);
    *numerator = num / g;
    *denominator = NAPFIRE_OUTCOME_DENOMINATOR / g;
    if (value)
        *value = (double)*numerator / (double)*denominator;
    return NAPFIRE_OK;
}
