/* SPDX-License-Identifier: MIT */
/*
 * The fast path: a permitted musketry or artillery shot (not overhead
 * fire) whose data is all known, from the shot's digest (digest.c) and
 * the rules sections it reads, each checked by its seal, or from a
 * batch's plan (plan.c). It answers only when it is sure; anything else (a
 * forbidding clause, unknown data, a seal that does not match, a bad
 * argument) is declined to the reference engine (resolve.c) to decide and
 * explain, so the two give the same bytes by construction where the fast
 * one answers (the differential test checks it).
 */
#include <string.h>

#include "fast.h"

/* Over plain thresholds, the row is the number reached, capped. */
NF_HOT_INLINE int32_t rows_reached(const int32_t v[NF_ROW_THRESHOLDS], const struct nf_digest *dg) {
    int32_t fig = dg->row_figures;
    int32_t reached = (fig >= v[0]) + (fig >= v[1]) + (fig >= v[2]) + (fig >= v[3]);
    return reached < dg->row_cap ? reached : dg->row_cap;
}

/* F-TAB-1/2 over thresholds that are not plain (napfire__rows_plain()): the row,
 * climbing while the next row's threshold is reached, up to the firer's
 * cap; 1 with *row, or 0 for the full path (an unknown row on the way,
 * or thresholds the full path refuses: not increasing where known, or out
 * of range). Out of line: the usual thresholds are plain. */
static NF_NOINLINE int climb_row(const struct nf_digest *dg, const struct nf_mthr *t, int32_t *row) {
    if (dg->row_cap == 0) { /* no row to find: whatever the thresholds */
        *row = 0;
        return 1;
    }
    int32_t last = 0;
    for (int32_t i = 0; i < NF_ROW_THRESHOLDS; i++) {
        if (t->v[i] > NAPFIRE_MAX_FIGURES || t->v[i] < NAPFIRE_UNKNOWN || (t->v[i] >= 0 && t->v[i] <= last))
            return 0; /* unknown rows aside, they increase (F-TAB-1) */
        last = t->v[i] >= 0 ? t->v[i] : last;
    }
    int32_t r = 0;
    while (r < dg->row_cap) {
        int32_t need = t->v[r];
        if (need < 1)
            return 0;
        if (dg->row_figures < need)
            break;
        r++;
    }
    *row = r;
    return 1;
}

/* F-MOD, F-MOD-G, F-MOD-X, F-MOD-E: the full path's tallies over the
 * digest's items, for musketry or artillery fire (m: the fire's modifier
 * values; t: the musketry thresholds, for the Guard cap). 1 with *net,
 * or 0 for the full path. */
static inline int tallied_net(const struct nf_digest *dg, const struct nf_mods *m, int artillery,
                              const struct nf_mthr *t, int32_t *net) {
    struct nf_tally tally = {{0, 0}, 0, 0, 0, 0, 0, 0, 0};
    for (size_t i = 0; i < dg->nmods; i++) {
        int32_t id = dg->mods[i] >> 1, variant = dg->mods[i] & 1;
        if (id >= NF_MOD_IDS)
            return 0;
        int32_t v = m->v[id][variant];
        if (!napfire__modifier_usable(v))
            return 0;
        napfire__tally_add(&tally, id, v);
    }
    /* The Guard cap is infantry's (a battery has no firer bonuses). */
    int32_t cap = NF_NO_GUARD_CAP;
    if (dg->guard && !artillery) {
        cap = t->v[5];
        if (cap < 0 || cap > NAPFIRE_MAX_MODIFIER)
            return 0;
    }
    *net = napfire__tally_net(&tally, artillery, cap) + dg->extra;
    return 1;
}

/* Musketry's Guard cap and exclusive -4, out of the plain sum's way. */
static NF_NOINLINE int musketry_tallied_net(const struct nf_digest *dg, const struct nf_rules *r, int32_t *net) {
    return tallied_net(dg, &r->modifier[NAPFIRE_FIRE_MUSKETRY], 0, &r->mthr, net);
}

/* The plain sum of a musketry shot's items from a batch's plan: values
 * and their checks in one table, so the sum is NF_PLAN_BAD or more when
 * one is bad. The first four items whatever their count (the usual count
 * is at most four, and the digest pads with NF_MOD_SLOT_NONE, worth 0),
 * so that no loop's exit depends on the shot. Any byte indexes the
 * table. */
NF_HOT_INLINE int plan_sum(const struct nf_digest *dg, const struct nf_plan *p, int32_t *net) {
    const uint8_t *slot = dg->mods;
    int32_t sum = p->mod[slot[0]] + p->mod[slot[1]] + p->mod[slot[2]] + p->mod[slot[3]];
    for (size_t i = 4; i < dg->nmods; i++)
        sum += p->mod[slot[i]];
    if (sum >= NF_PLAN_BAD)
        return 0;
    *net = sum - NF_PLAN_BIAS * (dg->nmods > 4 ? dg->nmods : 4) + dg->extra;
    return 1;
}

/* The plain sum from the rules' values: a value out of its domain
 * (unknown included) sends the shot to the full path. A loop over the
 * items, not the plan's four fixed reads: here each read needs its own
 * check. */
NF_HOT_INLINE int rules_sum(const struct nf_digest *dg, const struct nf_mods *m, int32_t *net) {
    const uint8_t *slot = dg->mods;
    const int8_t *v = &m->v[0][0];
    int32_t sum = 0, lo = 0, hi = 0;
    for (size_t i = 0; i < dg->nmods; i++) {
        uint32_t in = slot[i];
        int32_t value = v[in < NF_MOD_IDS * NF_VARIANTS ? in : 0];
        lo = value < lo ? value : lo;
        hi = value > hi ? value : hi;
        sum += value;
    }
    /* A slot out of the table (only a forged digest holds one) reads slot
     * 0: no modifier's, so unknown and declined, unless the rules' seal is
     * forged too; either way no read leaves the table. */
    if (lo < -NAPFIRE_MAX_MODIFIER || hi > NAPFIRE_MAX_MODIFIER) /* napfire__modifier_usable(); lo <= 0 <= hi */
        return 0;
    *net = sum + dg->extra;
    return 1;
}

/* The net, from a batch's plan p or, p NULL, from the rules (check: the
 * modifiers' seal too). Inlined whole, so that musketry's copy has no
 * artillery test left. */
NF_HOT_INLINE int fast_net(const struct nf_digest *dg, const struct nf_rules *r, const struct nf_plan *p, int check,
                           int artillery, struct nf_fast *f) {
    int32_t fire = artillery ? NAPFIRE_FIRE_ARTILLERY : NAPFIRE_FIRE_MUSKETRY;
    const struct nf_mods *m = &r->modifier[fire];
    if (dg->nmods > 0 && check && !NF_SECTION_OK(m, struct nf_mods, NF_SEC_MODS + fire))
        return 0;
    if (artillery)
        return tallied_net(dg, m, 1, &r->mthr, &f->net);
    if (dg->plain_net)
        return p ? plan_sum(dg, p, &f->net) : rules_sum(dg, m, &f->net);
    /* Through a local: f's address kept from a call stays in registers. */
    int32_t net = 0;
    int ok = musketry_tallied_net(dg, r, &net);
    f->net = net;
    return ok;
}

/* An artillery digest's indexes are in range (a forged one may hold
 * any). */
static inline int artillery_digest_ok(const struct nf_digest *dg) {
    return dg->weapon < NF_GUNS && dg->ammo < NF_AMMOS && dg->measure < NF_MEASURES && dg->nmods <= NF_DIGEST_MODS;
}

/* F-ART-1: the band, from the gun's canister, effective and long maxima,
 * all known and in order (the full path refuses them out of order): 1
 * with *band, or 0 for the full path. */
static inline int gun_band(const struct nf_digest *dg, const struct nf_rules *r, int check, int32_t *band) {
    const struct nf_grange *g = &r->gun_range[dg->weapon];
    if (check && !NF_SECTION_OK(g, struct nf_grange, NF_SEC_GRANGE + dg->weapon))
        return 0;
    int32_t can = g->max[dg->measure][0], eff = g->max[dg->measure][1], lng = g->max[dg->measure][2];
    if (!napfire__range_usable(can, eff) || !napfire__range_usable(eff, lng) || dg->distance > lng)
        return 0;
    *band = dg->distance <= can   ? NAPFIRE_BAND_CANISTER
            : dg->distance <= eff ? NAPFIRE_BAND_EFFECTIVE
                                  : NAPFIRE_BAND_LONG;
    return 1;
}

/* Artillery fire that nothing forbids before the data is read, without
 * overhead fire (digest.c). */
static inline int fast_prepare_artillery(const struct nf_shot *n, const struct nf_rules *r, int check,
                                         struct nf_fast *f) {
    const struct nf_digest *dg = &n->dg;
    if (!artillery_digest_ok(dg) || !gun_band(dg, r, check, &f->band))
        return 0;
    /* F-ART-1: canister beyond canister range; F-ART-5: friends near the
     * target or the battery at long range need the clearance. Both are
     * the full path's to decide and explain. */
    if ((dg->ammo == NAPFIRE_AMMO_CANISTER && f->band != NAPFIRE_BAND_CANISTER) ||
        (f->band == NAPFIRE_BAND_LONG && dg->friends_near))
        return 0;
    if (!fast_net(dg, r, NULL, check, 1, f))
        return 0;
    f->path = NF_PATH_ARTILLERY;
    f->gun = dg->weapon;
    f->ammo = dg->ammo;
    /* The result's row numbers every gun, ammunition and band (tables.c). */
    f->row = (f->gun * NF_AMMOS + f->ammo) * NF_ART_BANDS + (f->band - NAPFIRE_BAND_CANISTER);
    /* F-SCR-3: canister hits the screen, roundshot leaves it alone. */
    f->screens = dg->screen && dg->ammo == NAPFIRE_AMMO_CANISTER;
    return 1;
}

/* A musketry digest's indexes are in range (a forged one may hold any). */
static inline int musketry_digest_ok(const struct nf_digest *dg) {
    return dg->path == NF_PATH_MUSKETRY && dg->weapon < NF_WEAPONS && dg->measure < NF_MEASURES &&
           dg->nmods <= NF_DIGEST_MODS && dg->row_cap < NF_ROWS;
}

/* F-RNG-2: effective if d <= its maximum, long if d <= long's; from the
 * plan or the weapon's section (check: its seal too). 1 with f->band, or
 * 0 for the full path. */
NF_HOT_INLINE int musketry_band(const struct nf_digest *dg, const struct nf_rules *r, const struct nf_plan *p,
                                int check, struct nf_fast *f) {
    int32_t w = dg->weapon, m = dg->measure;
    int32_t eff, lng;
    int usable;
    if (p) {
        eff = p->eff[w][m];
        lng = p->lng[w][m];
        usable = p->range_ok[w][m];
    } else {
        const struct nf_wrange *wr = &r->range[w];
        if (check && !NF_SECTION_OK(wr, struct nf_wrange, NF_SEC_WRANGE + w))
            return 0;
        eff = wr->max[m][0];
        lng = wr->max[m][1];
        usable = napfire__range_usable(eff, lng);
    }
    if (!usable || dg->distance > lng)
        return 0;
    f->band = dg->distance <= eff ? NAPFIRE_BAND_EFFECTIVE : NAPFIRE_BAND_LONG;
    return 1;
}

/* F-TAB-1/2: the row over thresholds that are not plain, which only the
 * single call climbs (a plan declines them). Through a local, as for the
 * tallied net: f's address passed out would keep f in memory on the
 * usual path too. */
NF_HOT_INLINE int unplain_row(const struct nf_digest *dg, const struct nf_mthr *t, const struct nf_plan *p,
                              struct nf_fast *f) {
    int32_t row = 0;
    int ok = !p && climb_row(dg, t, &row);
    f->row = row;
    return ok;
}

/* Musketry, from a batch's plan p or, p NULL, from the rules sections
 * (check: their seals too; not for the built-in data, or for sections a
 * batch has checked already). The plan holds the same values as the
 * sections, checked once by the same tests (napfire__plan_init()), so a
 * batch's shot answers as its single call does. */
NF_HOT_INLINE int fast_prepare_musketry(const struct nf_shot *n, const struct nf_rules *r, const struct nf_plan *p,
                                        int check, struct nf_fast *f) {
    const struct nf_digest *dg = &n->dg;
    if (!musketry_digest_ok(dg) || !musketry_band(dg, r, p, check, f))
        return 0;
    /* Checked even for a shot that reads no threshold: a test that
     * predicts well costs less than one that does not, and declining is
     * always safe (the full path decides). */
    const struct nf_mthr *t = &r->mthr;
    if (!p && check && !NF_SECTION_OK(t, struct nf_mthr, NF_SEC_MTHR))
        return 0;
    /* F-SCR-2: a screen farther than the threshold would forbid the shot
     * (both tests at once: a screen is there on a fifth of the shots or
     * so, unpredictably). */
    int32_t screen = p ? p->screen[dg->measure] : napfire__usable_screen(t->v[6 + dg->measure]);
    if (dg->screen & ((screen < 0) | (dg->screen_distance > screen)))
        return 0;
    if (!fast_net(dg, r, p, check, 0, f))
        return 0;
    f->path = NF_PATH_MUSKETRY;
    f->gun = 0;
    f->ammo = 0;
    f->screens = dg->screen; /* F-SCR-1 */
    if (!(p ? p->rows_ok : napfire__rows_plain(t->v)))
        return unplain_row(dg, t, p, f);
    f->row = rows_reached(p ? p->row : t->v, dg);
    return 1;
}

/* missing_index and the first twelve reserved words: the result's
 * constant last 64 bytes (all of them in the pinned layout). */
#define NF_RESULT_TAIL_AT offsetof(napfire_result, missing_index)
_Static_assert(offsetof(napfire_result, reserved) == NF_RESULT_TAIL_AT + 16 &&
                   sizeof(((napfire_result *)0)->reserved) >= 48,
               "the result ends with missing_index and reserved");

/* The casualties and the result of one roll whose half figures are
 * known: *res written once, whole. */
NF_HOT_INLINE void fast_finish(const struct nf_digest *dg, const struct nf_fast *f, int32_t modified, int32_t column,
                               int32_t table, int32_t halves, int32_t half_die, napfire_result *res) {
    /* F-CAS-2..4, F-SCR-1/3. */
    int32_t whole = 0, used = 0, pending = 0;
    napfire__halves_to_figures(halves, half_die, dg->second_class, &whole, &used, &pending);
    int32_t screen = f->screens & (whole > 0);
    /* Every field in order, the constant ones too: the stores merge into
     * a few wide ones, where a zeroing of the whole result first would
     * write most bytes twice. The constant tail is copied through a
     * pointer the compiler may not fold, in 16-byte pieces, so that no
     * caller copies it with a string instruction, which would cost more
     * than this whole path. */
    res->permitted = 1;
    res->reason = NAPFIRE_REASON_NONE;
    res->reasons = 0;
    res->band = f->band;
    res->net_modifier = f->net;
    res->modified_roll = modified;
    res->row = f->row;
    res->column = column;
    res->table_halves = table;
    res->halves = halves;
    res->half_die_used = used;
    res->half_pending = pending;
    res->casualties = whole;
    res->target_casualties = whole - screen;
    res->screen_casualties = screen;
    res->missing = NAPFIRE_MISSING_NONE;
    static const napfire_result tail = {.missing_index = {-1, -1, -1, -1}};
    const napfire_result *volatile from = &tail;
    const unsigned char *src = (const unsigned char *)from + NF_RESULT_TAIL_AT;
    unsigned char *dst = (unsigned char *)res + NF_RESULT_TAIL_AT;
    memcpy(dst, src, 16);
    memcpy(dst + 16, src + 16, 16);
    memcpy(dst + 32, src + 32, 16);
    memcpy(dst + 48, src + 48, 16);
    for (size_t i = 12; i < NF_COUNT(res->reserved); i++) /* none in the pinned layout */
        res->reserved[i] = 0;
}

/* One roll of a prepared shot (roll and die in their domains; p: a
 * batch's plan, or NULL): 1 with *res written once, whole, or 0 with it
 * untouched. Inlined whole into each kind of fire's resolution, with
 * artillery a constant. */
NF_HOT_INLINE int fast_roll(const struct nf_shot *n, const struct nf_rules *r, const struct nf_plan *p, int check,
                            const struct nf_fast *f, int artillery, int32_t roll_2d6, int32_t half_die,
                            napfire_result *res) {
    int32_t modified = roll_2d6 + f->net;
    int32_t column = napfire__roll_column(modified);
    int32_t table, halves;
    if (!(artillery ? napfire__fast_art_halves(r, check, f, column, &table, &halves)
          : p       ? napfire__plan_halves(n, p, f, column, &table, &halves)
                    : napfire__fast_halves(n, r, NULL, check, f, column, &table, &halves)))
        return 0;
    fast_finish(&n->dg, f, modified, column, table, halves, half_die, res);
    return 1;
}

/* An artillery shot's whole fast resolution, out of musketry's way. */
static NF_NOINLINE int fast_resolve_artillery(const struct nf_shot *n, const struct nf_rules *r, int check,
                                              int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    struct nf_fast f;
    return fast_prepare_artillery(n, r, check, &f) && fast_roll(n, r, NULL, check, &f, 1, roll_2d6, half_die, out);
}

/* The arguments the fast path takes: a rules object, a sealed shot, a
 * roll and die in their domains. */
NF_HOT_INLINE int fast_arguments(const struct nf_rules *r, const struct nf_shot *n, int32_t roll_2d6,
                                 int32_t half_die) {
    return r->magic == NF_RULES_MAGIC && napfire__shot_sealed(n) && roll_2d6 >= 2 && roll_2d6 <= 12 && half_die >= 0 &&
           half_die <= 6;
}

/* The whole fast resolution of one call: 1 with *out written, else 0
 * with *out untouched. */
NF_HOT_INLINE int fast_resolve(const napfire_shot *s, const napfire_rules *rules, int rules_intact, int32_t roll_2d6,
                               int32_t half_die, napfire_result *out) {
    const struct nf_rules *r = rules ? NF_CRULES(rules) : &napfire__builtin;
    const struct nf_shot *n = NF_CSHOT(s);
    if (!fast_arguments(r, n, roll_2d6, half_die))
        return 0;
    int check = !rules_intact && r != &napfire__builtin;
    if (n->dg.path == NF_PATH_ARTILLERY)
        return fast_resolve_artillery(n, r, check, roll_2d6, half_die, out);
    struct nf_fast f;
    return fast_prepare_musketry(n, r, NULL, check, &f) && fast_roll(n, r, NULL, check, &f, 0, roll_2d6, half_die, out);
}

/* The distribution takes the steps one by one. */
int napfire__fast_prepare(const struct nf_shot *n, const struct nf_rules *r, int check, struct nf_fast *f) {
    return n->dg.path == NF_PATH_ARTILLERY ? fast_prepare_artillery(n, r, check, f)
                                           : fast_prepare_musketry(n, r, NULL, check, f);
}

/* A shot of a batch, from the plan: 1 with *out written, else 0 with it
 * untouched. */
NF_HOT_INLINE int plan_answers(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p,
                               int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    const struct nf_rules *r = rules ? NF_CRULES(rules) : &napfire__builtin;
    const struct nf_shot *n = NF_CSHOT(s);
    struct nf_fast f;
    return p->musketry && fast_arguments(r, n, roll_2d6, half_die) && fast_prepare_musketry(n, r, p, 0, &f) &&
           fast_roll(n, r, p, 0, &f, 0, roll_2d6, half_die, out);
}

int napfire__plan_resolve(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p, int32_t roll_2d6,
                          int32_t half_die, napfire_result *out) {
    return s && out && plan_answers(s, rules, p, roll_2d6, half_die, out);
}

/* The single call's fast answer for a batch's shot the plan declines,
 * which checks no seal again when the batch found them all intact. Out of
 * line: inlined, it shares the loop's registers with the plan's path,
 * which then spills them (the shot's seal words among them) on every
 * shot. */
static NF_NOINLINE NF_FLATTEN int unplanned_answers(const napfire_shot *s, const napfire_rules *rules, int rules_intact,
                                                    int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    return fast_resolve(s, rules, rules_intact, roll_2d6, half_die, out);
}

/* A shot of a batch: the plan's answer, else the single call's fast one.
 * Inline, so that the batch's loop holds the plan's path. */
NF_HOT_INLINE int planned_answers(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p,
                                  int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    return plan_answers(s, rules, p, roll_2d6, half_die, out) ||
           unplanned_answers(s, rules, p->intact, roll_2d6, half_die, out);
}

/* Flattened, so that the single call reads its cell inline too
 * (napfire__fast_halves() is plain inline for the distribution's sake). */
NF_FLATTEN int napfire__fast_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6,
                                     int32_t half_die, napfire_result *out) {
    return fast_resolve(s, rules, 0, roll_2d6, half_die, out);
}

NF_FLATTEN int napfire__fast_resolve_or(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6,
                                        int32_t half_die, napfire_result *out, nf_reference reference) {
    if (napfire__fast_resolve(s, rules, roll_2d6, half_die, out))
        return NAPFIRE_OK;
    return reference(s, rules, roll_2d6, half_die, out);
}

/* A planned batch's shot that the plan does not answer: the single
 * call's way, which checks no seal again when the batch found them all
 * intact. Out of line, as the single call keeps the reference engine. */
static NF_NOINLINE NF_FLATTEN int unplanned_or(const napfire_shot *s, const napfire_rules *rules,
                                               const struct nf_plan *plan, int32_t roll_2d6, int32_t half_die,
                                               napfire_result *out) {
    if (fast_resolve(s, rules, plan->intact, roll_2d6, half_die, out))
        return NAPFIRE_OK;
    return plan->reference(s, rules, roll_2d6, half_die, out);
}

int napfire__fast_resolve_planned(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *plan,
                                  int32_t roll_2d6, int32_t half_die, napfire_result *out) {
    if (plan_answers(s, rules, plan, roll_2d6, half_die, out))
        return NAPFIRE_OK;
    return unplanned_or(s, rules, plan, roll_2d6, half_die, out);
}

size_t napfire__fast_resolve_many(const napfire_shot *shots, size_t n, const napfire_rules *rules,
                                  const struct nf_plan *plan, const int32_t *rolls, const int32_t *half_dice,
                                  napfire_result *results, int32_t *statuses, uint16_t *declined) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        if (planned_answers(&shots[i], rules, plan, rolls[i], half_dice[i], &results[i]))
            statuses[i] = NAPFIRE_OK;
        else
            declined[count++] = (uint16_t)i;
    }
    return count;
}
