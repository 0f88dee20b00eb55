/* SPDX-License-Identifier: MIT */
/*
 * A batch's plan (struct nf_plan, fast.h): the musketry values a shot of
 * the batch reads, checked once with the single call's tests, so that a
 * shot costs a few table reads. The batches ask the speed layer first and
 * the reference engine for every shot it declines, so a batch answers
 * exactly as its single calls would.
 */
#include <string.h>

#include "fast.h"

/* Shots the speed layer answers between two visits of the reference
 * engine: the declined ones are resolved while their inputs are still in
 * the cache. */
#define NF_BATCH_CHUNK 64

int napfire__batch_rules_intact(const napfire_rules *rules, size_t n) {
    return n >= NF_BATCH_CHECK_ONCE && rules != NULL && napfire__rules_intact(rules);
}

/* F-RNG-2: each weapon's band maxima, and whether the fast path would
 * use them. */
static void plan_ranges(const struct nf_rules *r, struct nf_plan *p) {
    for (int32_t w = 0; w < NF_WEAPONS; w++)
        for (int32_t m = 0; m < NF_MEASURES; m++) {
            p->eff[w][m] = r->range[w].max[m][0];
            p->lng[w][m] = r->range[w].max[m][1];
            p->range_ok[w][m] = (uint8_t)napfire__range_usable(p->eff[w][m], p->lng[w][m]);
        }
}

/* F-MOD: the musketry values, as the fast path checks the plain sum's;
 * the slots no modifier has are bad. Two loops without a test inside, so
 * that both vectorise: every planned batch builds the table. */
static void plan_modifiers(const struct nf_rules *r, struct nf_plan *p) {
    const int8_t *v = &r->modifier[NAPFIRE_FIRE_MUSKETRY].v[0][0];
    for (size_t slot = 0; slot < NF_MOD_IDS * NF_VARIANTS; slot++) {
        int32_t value = v[slot];
        p->mod[slot] = (uint16_t)(napfire__modifier_usable(value) ? value + NF_PLAN_BIAS : NF_PLAN_BAD);
    }
    for (size_t slot = NF_MOD_IDS * NF_VARIANTS; slot < NF_COUNT(p->mod); slot++)
        p->mod[slot] = NF_PLAN_BAD;
    p->mod[NF_MOD_SLOT_NONE] = NF_PLAN_BIAS;
}

/* F-TAB, F-TAB-4: every musketry cell with and without the star. */
static void plan_cells(const struct nf_rules *r, struct nf_plan *p) {
    memset(p->cell, NF_CELL_UNKNOWN, sizeof p->cell);
    for (int32_t row = 0; row < NF_ROWS; row++)
        for (int32_t col = 0; col < NF_COLUMNS; col++) {
            uint8_t cell = r->musketry[row].cell[col], starred = r->musketry[row].star[col];
            if (napfire__fast_cell_ok(cell, starred) && (!starred || napfire__star_ok(p->star))) {
                p->cell[row][0][col] = cell;
                p->cell[row][1][col] = (uint8_t)(cell + (starred ? 2 : 0));
            }
        }
}

void napfire__plan_init(const napfire_rules *rules, size_t n, struct nf_plan *p) {
    const struct nf_rules *r = rules ? NF_CRULES(rules) : &napfire__builtin;
    memset(p, 0, sizeof *p);
    p->reference = napfire__resolve_full;
    p->intact = napfire__batch_rules_intact(rules, n);
    if (n < NF_BATCH_PLAN || r->magic != NF_RULES_MAGIC || (rules && !p->intact))
        return;
    p->musketry = 1;
    plan_ranges(r, p);
    const struct nf_mthr *t = &r->mthr;
    for (int32_t m = 0; m < NF_MEASURES; m++)
        p->screen[m] = napfire__usable_screen(t->v[6 + m]);
    p->rows_ok = napfire__rows_plain(t->v);
    memcpy(p->row, t->v, sizeof p->row);
    plan_modifiers(r, p);
    p->star = t->v[4];
    plan_cells(r, p);
}

int napfire__resolve_planned(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p,
                             int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    if (!s || !out)
        return NAPFIRE_EINVAL;
    return napfire__fast_resolve_planned(s, rules, p, roll_2d6, half_die, out);
}

void napfire__resolve_batch(const napfire_shot *shots, size_t n, const napfire_rules *rules, const int32_t *rolls,
                            const int32_t *half_dice, napfire_result *results, int32_t *statuses) {
    struct nf_plan plan;
    napfire__plan_init(rules, n, &plan);
    uint16_t declined[NF_BATCH_CHUNK];
    for (size_t at = 0; at < n; at += NF_BATCH_CHUNK) {
        size_t m = n - at < NF_BATCH_CHUNK ? n - at : NF_BATCH_CHUNK;
        size_t k = napfire__fast_resolve_many(&shots[at], m, rules, &plan, &rolls[at], &half_dice[at], &results[at],
                                              &statuses[at], declined);
        for (size_t j = 0; j < k; j++) {
            size_t i = at + declined[j];
            statuses[i] = napfire__resolve_full(&shots[i], rules, rolls[i], half_dice[i], &results[i]);
        }
    }
}
