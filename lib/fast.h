/* SPDX-License-Identifier: MIT */
/*
 * The speed layer: the fast path (fast.c) and a batch's plan (plan.c)
 * beside the reference engine (engine.h), behind one interface. They
 * write no rule of their own: they read the shot's digest and the sealed
 * sections, answer where the answer is sure, and decline everything else.
 */
#ifndef NAPFIRE_FAST_H
#define NAPFIRE_FAST_H

#include "engine.h"

/* A shot the speed layer prepared: a permitted musketry or artillery
 * shot (not overhead fire) with all its data known, from the digest and
 * the sealed sections. */
struct nf_fast {
    int32_t band, net, row;
    int32_t path;      /* NF_PATH_MUSKETRY or NF_PATH_ARTILLERY */
    int32_t gun, ammo; /* artillery: the rows' section, range-checked */
    int32_t screens;   /* a screen takes the first casualty (F-SCR-1/3) */
};

/* The reference engine's entry point for a call the speed layer declines
 * (resolve.c's, without its argument checks). */
typedef int (*nf_reference)(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                            napfire_result *out);

/* A batch's plan (plan.c): whether the rules' seals all matched when the
 * batch began and, when they did (or for the built-in data) and the batch
 * has NF_BATCH_PLAN shots or more, the musketry values the fast path
 * checks on every shot, checked once with the same tests (the predicates
 * below), so that a planned shot answers as its single call would and
 * declines where it would. Building it costs about as much as 10 shots
 * save. */
#define NF_BATCH_PLAN 32
/* Batches from this size check the rules' seals once (about 1.5 KB
 * hashed) rather than each shot the sections it reads. */
#define NF_BATCH_CHECK_ONCE 8
struct nf_plan {
    int intact;   /* skip the per-shot section checks */
    int musketry; /* the values below are filled */
    int rows_ok;  /* row thresholds known, increasing and in range */
    int32_t star; /* the star threshold (F-TAB-4), when starred cells can be read */
    int32_t eff[NF_WEAPONS][NF_MEASURES], lng[NF_WEAPONS][NF_MEASURES];
    uint8_t range_ok[NF_WEAPONS][NF_MEASURES];
    int32_t screen[NF_MEASURES]; /* -1: the shot goes the single call's way */
    int32_t row[NF_ROW_THRESHOLDS];
    /* Musketry modifier values (F-MOD) by any byte a digest's slot can
     * hold, plus NF_PLAN_BIAS (NF_MOD_SLOT_NONE: 0), or NF_PLAN_BAD where
     * the single call's fast path would decline or no modifier has the
     * slot: a shot's at most NF_DIGEST_MODS items sum to less than
     * NF_PLAN_BAD unless one is bad. */
    uint16_t mod[256];
    /* [row][star reached][column]: half figures with the star applied;
     * NF_CELL_UNKNOWN where the single call's fast path would decline. */
    uint8_t cell[NF_ROWS][2][16];
    nf_reference reference; /* the reference engine, for the shots declined */
};
#define NF_PLAN_BIAS 32
#define NF_PLAN_BAD 1024
_Static_assert((NF_PLAN_BIAS + NAPFIRE_MAX_MODIFIER) * NF_DIGEST_MODS < NF_PLAN_BAD, "NF_PLAN_BAD");
_Static_assert(NF_PLAN_BIAS > NAPFIRE_MAX_MODIFIER && NF_COLUMNS <= 16 && NF_DIGEST_MODS >= 4, "plan layout");
_Static_assert(NF_MOD_SLOT(NF_MOD_IDS - 1, NF_VARIANTS - 1) < NF_MOD_SLOT_NONE,
               "no modifier's slot is NF_MOD_SLOT_NONE");

/*
 * The speed layer's one question: answer fast, or decline.
 * napfire__fast_resolve() returns 1 with *out written, whole, exactly as
 * the reference engine (resolve.c) would write it, or 0 with *out
 * untouched for the reference engine to decide and explain (a forbidding
 * clause, unknown data, a seal that does not match, a bad argument); s
 * and out are not NULL. The forms below ask the same of a planned batch's
 * shots, the plan first. The differential test holds the speed layer and
 * the reference engine to the same bytes.
 */
int napfire__fast_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                          napfire_result *out);
/* napfire_shot_resolve() past its argument checks: the speed layer's
 * answer, or the reference engine's through the pointer it is handed, so
 * that the single call keeps one frame, not two (six arguments: all in
 * registers, and the call from resolve.c a jump). */
int napfire__fast_resolve_or(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                             napfire_result *out, nf_reference reference);
/* napfire__resolve_planned() past its argument checks: the same for one
 * shot of a planned batch, declined to plan->reference. */
int napfire__fast_resolve_planned(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *plan,
                                  int32_t roll_2d6, int32_t half_die, napfire_result *out);
/* The same over a batch's shots: statuses[i] NAPFIRE_OK with results[i]
 * where it answers; where it declines, neither is written and i is
 * listed in declined[] (room for n, at most 65,536). Returns how many it
 * declined. */
size_t napfire__fast_resolve_many(const napfire_shot *shots, size_t n, const napfire_rules *rules,
                                  const struct nf_plan *plan, const int32_t *rolls, const int32_t *half_dice,
                                  napfire_result *results, int32_t *statuses, uint16_t *declined);
/* The prepared part of a shot for its rolls (the distribution's): 1 with
 * *f, or 0 to decline (check: whether to check section seals; not for the
 * built-in data). */
int napfire__fast_prepare(const struct nf_shot *n, const struct nf_rules *r, int check, struct nf_fast *f);
/* A musketry shot from the plan alone: 1 with *out written, or 0 with it
 * untouched. */
int napfire__plan_resolve(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p, int32_t roll_2d6,
                          int32_t half_die, napfire_result *out);

/* plan.c: the plan of a batch of n shots, and the batches past their
 * argument checks: the speed layer's answers, the reference engine's for
 * every shot it declines. */
void napfire__plan_init(const napfire_rules *rules, size_t n, struct nf_plan *p);
int napfire__batch_rules_intact(const napfire_rules *rules, size_t n);
/* napfire_shot_resolve() for one shot of a planned batch. */
int napfire__resolve_planned(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p,
                             int32_t roll_2d6, int32_t half_die, napfire_result *out);
/* napfire_resolve_many() past its argument checks. */
void napfire__resolve_batch(const napfire_shot *shots, size_t n, const napfire_rules *rules, const int32_t *rolls,
                            const int32_t *half_dice, napfire_result *results, int32_t *statuses);

/*
 * The tests the fast path applies to the values it reads, shared with the
 * plan, which applies them once per batch: each accepts exactly what the
 * reference engine would use, and anything else declines.
 */

/* A musketry cell: known, and a star only on an even cell of 2 or more
 * (the setter's rule, checked against a forged seal). */
static inline int napfire__fast_cell_ok(uint8_t cell, uint8_t starred) {
    return !(cell > NAPFIRE_MAX_CELL_HALVES || starred > 1 || (starred && (cell < 2 || cell % 2)));
}
/* A star threshold that a starred cell can use (F-TAB-4). */
static inline int napfire__star_ok(int32_t star) {
    return star >= 1 && star <= NAPFIRE_MAX_FIGURES;
}
/* Every row threshold known, increasing and in range (the usual case):
 * 1 <= t0 < t1 < t2 < t3 <= NAPFIRE_MAX_FIGURES. Taken less one as
 * unsigned, a value below 1 (unknown included) wraps above every value in
 * range, so the chain below holds exactly then, without branches. */
static inline int napfire__rows_plain(const int32_t v[NF_ROW_THRESHOLDS]) {
    uint32_t u0 = (uint32_t)v[0] - 1u, u1 = (uint32_t)v[1] - 1u, u2 = (uint32_t)v[2] - 1u, u3 = (uint32_t)v[3] - 1u;
    return (u0 < u1) & (u1 < u2) & (u2 < u3) & (u3 < (uint32_t)NAPFIRE_MAX_FIGURES);
}
/* A modifier value: known (unknown is INT8_MIN) and in its domain
 * (checked against a forged seal). */
static inline int napfire__modifier_usable(int32_t v) {
    return v >= -NAPFIRE_MAX_MODIFIER && v <= NAPFIRE_MAX_MODIFIER;
}
/* Two consecutive band maxima: known, in order, in range (the reference
 * engine refuses them out of order; in range is checked against a forged
 * seal). 0 <= eff <= lng <= NAPFIRE_MAX_DISTANCE in two unsigned tests: a
 * negative value (unknown included) is above every value in range. */
static inline int napfire__range_usable(int32_t eff, int32_t lng) {
    return ((uint32_t)eff <= (uint32_t)lng) & ((uint32_t)lng <= NAPFIRE_MAX_DISTANCE);
}
/* A screen threshold, or -1 where the fast path declines. */
static inline int32_t napfire__usable_screen(int32_t v) {
    return v >= 0 && v <= NAPFIRE_MAX_DISTANCE ? v : -1;
}

/* A prepared musketry shot's cell in a batch's plan, at a column of the
 * table: its half figures with the star applied, or NF_CELL_UNKNOWN. */
NF_HOT_INLINE int32_t napfire__plan_cell(const struct nf_shot *n, const struct nf_plan *p, const struct nf_fast *f,
                                         int32_t column) {
    return p->cell[f->row][n->dg.star_figures >= p->star][column];
}
/* Inline: the distribution asks once per roll. */
/* The half figures a prepared musketry shot's table gives at this
 * modified roll's column (-1: below the table, 0 halves), star and long
 * range applied, from a batch's plan p or, p NULL, from the rules
 * sections (check: their seals too): 1 with *table (the cell, starred)
 * and *halves, or 0 for the full path. */
static inline int napfire__fast_halves(const struct nf_shot *n, const struct nf_rules *r, const struct nf_plan *p,
                                       int check, const struct nf_fast *f, int32_t column, int32_t *table,
                                       int32_t *halves) {
    int32_t t = 0;
    if (column >= 0 && p) {
        t = napfire__plan_cell(n, p, f, column);
        if (t == NF_CELL_UNKNOWN)
            return 0;
    } else if (column >= 0) {
        /* F-TAB-4: N* is N + 1 from the star threshold. */
        const struct nf_mrow *mr = &r->musketry[f->row];
        if (check && !NF_SECTION_OK(mr, struct nf_mrow, NF_SEC_MROW + f->row))
            return 0;
        uint8_t cell = mr->cell[column], starred = mr->star[column];
        if (!napfire__fast_cell_ok(cell, starred))
            return 0;
        t = cell;
        /* (The musketry thresholds' seal is checked by the prepare.) */
        if (starred) {
            int32_t star = r->mthr.v[4];
            if (!napfire__star_ok(star))
                return 0;
            if (n->dg.star_figures >= star)
                t += 2;
        }
    }
    /* F-CAS-1. */
    *table = t;
    *halves = napfire__long_range_halves(t, f->band == NAPFIRE_BAND_LONG);
    return 1;
}
/* The same from a batch's plan, forced inline: a batch's loop reads its
 * cell in place. */
NF_HOT_INLINE int napfire__plan_halves(const struct nf_shot *n, const struct nf_plan *p, const struct nf_fast *f,
                                       int32_t column, int32_t *table, int32_t *halves) {
    int32_t t = column >= 0 ? napfire__plan_cell(n, p, f, column) : 0;
    if (t == NF_CELL_UNKNOWN)
        return 0;
    *table = t;
    *halves = napfire__long_range_halves(t, f->band == NAPFIRE_BAND_LONG);
    return 1;
}
/* The same for a prepared artillery shot: the gun and ammunition's row
 * for its band (F-ART-1), no star, no long-range halving (the long band
 * has its own row). */
NF_HOT_INLINE int napfire__fast_art_halves(const struct nf_rules *r, int check, const struct nf_fast *f, int32_t column,
                                           int32_t *table, int32_t *halves) {
    int32_t t = 0;
    if (column >= 0) {
        const struct nf_arows *ar = &r->artillery[f->gun][f->ammo];
        if (check && !NF_SECTION_OK(ar, struct nf_arows, NF_SEC_AROWS + f->gun * NF_AMMOS + f->ammo))
            return 0;
        uint8_t cell = ar->cell[f->band - NAPFIRE_BAND_CANISTER][column];
        if (cell > NAPFIRE_MAX_CELL_HALVES)
            return 0;
        t = cell;
    }
    *table = t;
    *halves = t;
    return 1;
}

#endif /* NAPFIRE_FAST_H */
