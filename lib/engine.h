/* SPDX-License-Identifier: MIT */
/*
 * The rules engine's steps, one file each: range bands (ranges.c),
 * modifiers (modifiers.c), the table (tables.c), casualties
 * (casualties.c), the artillery clauses (artillery.c), and the reference
 * resolution that applies them in precedence order (resolve.c). Every
 * rule is written here once; the speed layer (fast.h) answers only where
 * it gives the same bytes, and declines otherwise.
 */
#ifndef NAPFIRE_ENGINE_H
#define NAPFIRE_ENGINE_H

#include "context.h"
#include "facts.h"

/* The largest number of breakdown items one shot can produce: every
 * modifier id once, plus EXTRA. */
#define NF_MAX_ITEMS 20

/* resolve.c: a resolution in two parts, so that callers resolving one
 * shot for many rolls (the distribution) validate and decide the
 * roll-independent part once. napfire__resolve_prepare() returns
 * OK with a final forbidden result or a permitted one for
 * napfire__resolve_roll(), or EUNKNOWN with a final result, or an error;
 * *decided says whether every verdict was decided (set on OK and EUNKNOWN:
 * 0 when the unknown datum left a clause open, 1 when it lies past the
 * verdicts, in the modifiers). */
int napfire__resolve_prepare(const struct nf_shot *n, const struct nf_rules *r, napfire_result *res, int *decided);
/* out may be prepared itself, so the single call finishes its result in
 * place rather than copying it; on NAPFIRE_ESTATE *out is partly written,
 * so callers pass local storage. A prepared row other than -1 is a
 * musketry row already found for this shot, reused. */
int napfire__resolve_roll(const struct nf_shot *n, const struct nf_rules *r, const napfire_result *prepared,
                          int32_t roll_2d6, int32_t half_die, napfire_result *out);
/* The reference engine whole: napfire_shot_resolve() and
 * napfire_shot_distribution() without the speed layer (the batches' way
 * for every shot the speed layer declines, and the differential test's
 * reference). */
int napfire__resolve_full(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                          napfire_result *out);
int napfire__distribution_full(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes, size_t cap,
                               size_t *count, napfire_result *verdict);
/* ranges.c */
int napfire__band(const struct nf_shot *s, struct nf_data *d, int32_t *band);

/* modifiers.c */
int napfire__modifiers(const struct nf_shot *s, struct nf_data *d, napfire_modifier items[NF_MAX_ITEMS], size_t *count,
                       int32_t *net);
/* The tallies the net needs (F-MOD), one item at a time in breakdown
 * order: the firer's bonuses F-MOD-1..5 in id order, for the Guard cap;
 * the two exclusive items; the rest by sign, for the exclusive -4. Shared
 * by the full path (modifiers.c) and the fast path (fast.c), so the two
 * cannot drift. */
struct nf_tally {
    int32_t bonus[2];
    size_t bonuses;
    int32_t disordered, skirmishers;
    int has_disordered, has_skirmishers;
    int32_t positive, negative;
};
/* The cap for a firer that is not Guard: no sum of two bonuses reaches it. */
#define NF_NO_GUARD_CAP (NAPFIRE_MAX_MODIFIER * 2)

static inline void napfire__tally_add(struct nf_tally *t, int32_t id, int32_t v) {
    if (id <= NAPFIRE_MOD_BRITISH_LINE && t->bonuses < NF_COUNT(t->bonus)) {
        t->bonus[t->bonuses++] = v;
    } else if (id == NAPFIRE_MOD_DISORDERED) {
        t->disordered = v;
        t->has_disordered = 1;
    } else if (id == NAPFIRE_MOD_SKIRMISHERS) {
        t->skirmishers = v;
        t->has_skirmishers = 1;
    } else if (v < 0) {
        t->negative += v;
    } else {
        t->positive += v;
    }
}

/* The net of the tallies, house rule aside: what the breakdown's applied
 * items sum to after the Guard cap (cap: NF_NO_GUARD_CAP unless Guard)
 * and the exclusive -4. */
static inline int32_t napfire__tally_net(const struct nf_tally *t, int artillery, int32_t cap) {
    int32_t sum = t->positive;
    /* F-ART-1/3: artillery items simply add (a battery has no firer
     * bonuses). */
    if (artillery)
        return sum + t->negative + t->disordered + t->skirmishers;
    /* F-MOD-X: the firer's -4 first, else the target's. */
    int exclusive_on = t->has_disordered || t->has_skirmishers;
    int32_t capped = 0;
    for (size_t i = 0; i < t->bonuses; i++) {
        int32_t v = t->bonus[i];
        if (v > 0) {
            /* F-MOD-G: a bonus that would pass the cap is suppressed. */
            if (capped + v <= cap) {
                capped += v;
                sum += v;
            }
        } else if (v == 0 || !exclusive_on) {
            sum += v;
        }
    }
    if (t->has_disordered)
        sum += t->disordered;
    if (t->has_skirmishers && (!t->has_disordered || t->skirmishers >= 0))
        sum += t->skirmishers;
    if (!exclusive_on)
        sum += t->negative;
    return sum;
}

/* The net alone, as napfire__modifiers() gives it (same reads in the same
 * order, same status), without building the breakdown: for resolve, on
 * fire the documents cover (F-TAB-6) only. */
int napfire__modifier_net(const struct nf_shot *s, struct nf_data *d, int32_t *net);

/* tables.c: the cell a shot reads (F-TAB, F-ART-1). */
struct nf_cell {
    int32_t row, column; /* 0-based as in napfire_result; column -1: below 1 */
    int32_t halves;      /* with the star, before long-range halving; 0 without a column */
};
/* F-TAB-3: bands of two, 1-2 .. 17-18; below 1 no effect (-1), above 18
 * the last column (Decision). Inline: the fast path asks once per roll. */
static inline int32_t napfire__roll_column(int32_t modified_roll) {
    if (modified_roll < 1)
        return -1;
    if (modified_roll > 18)
        return NF_COLUMNS - 1;
    return (modified_roll - 1) / 2;
}
/* The cell for a covered firer (infantry not in skirmish order, or
 * artillery) at this modified roll; artillery needs its band (CANISTER ..
 * LONG), musketry ignores it. A musketry row does not depend on the roll:
 * known_row is one this shot already found (the distribution's later
 * rolls), or -1 to find it. *cell is written on NAPFIRE_OK and, as far
 * as found (halves 0), on NAPFIRE_EUNKNOWN. */
int napfire__table_cell(const struct nf_shot *s, struct nf_data *d, int32_t band, int32_t known_row,
                        int32_t modified_roll, struct nf_cell *cell);

/* casualties.c */
/* F-CAS-2/3/4: half figures to whole ones; the die is consumed only when a
 * half remains (inline: the fast path calls it once per roll). */
NF_HOT_INLINE void napfire__halves_to_figures(int32_t halves, int32_t half_die, int32_t second_class, int32_t *whole,
                                              int32_t *die_used, int32_t *pending) {
    /* Branch-free: a half remains on about half the rolls, unpredictably. */
    int32_t half = halves % 2 != 0 && !second_class;
    *whole = halves / 2 + (half && half_die >= 4);
    *die_used = half && half_die != 0;
    *pending = half && half_die == 0;
}
/* F-CAS-1: halve at long range; a quarter left by halving a half is
 * dropped (Decision), so halves / 2 rounded down. A shift (halves >= 0),
 * so that the band's choice is no branch: it is taken on about half the
 * shots, unpredictably. */
static inline int32_t napfire__long_range_halves(int32_t halves, int at_long_range) {
    return halves >> (at_long_range != 0);
}
void napfire__round_half(int32_t halves, int32_t half_die, int32_t second_class, napfire_result *out);
void napfire__split_screen(const struct nf_shot *s, napfire_result *out);
/* A result with a pending half (F-CAS-3), finished with the half die: what
 * resolving the same shot and roll again with that die gives, without
 * reading the table again (the distribution, the dice batch). */
void napfire__apply_half_die(const struct nf_shot *s, int32_t half_die, napfire_result *res);

/* artillery.c: the clauses that need rules data (F-ART-1/5/7). */
int napfire__artillery_overhead_verdict(const struct nf_shot *s, struct nf_data *d, uint32_t *reasons);
int napfire__artillery_band_verdicts(const struct nf_shot *s, struct nf_data *d, int32_t band, uint32_t *reasons);

#endif /* NAPFIRE_ENGINE_H */
