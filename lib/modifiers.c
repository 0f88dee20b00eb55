/* SPDX-License-Identifier: MIT */
/* Fire modifiers: the values of the F-MOD items of musketry (which items
 * apply is facts.c's) with the Guard cap (F-MOD-G), the exclusive -4
 * (F-MOD-X) and the house rule (F-MOD-E); the artillery items of
 * F-ART-1/3, which simply add. */
#include <string.h>

#include "engine.h"

/* Two ways to gather the items, one walk: with items, the breakdown
 * napfire_shot_modifiers() lists; without (items NULL), only the tallies
 * the net needs, so a resolve reads the same data in the same order (and
 * so records the same first unknown datum) without building the list. */
struct builder {
    struct nf_data *d;
    int32_t fire;
    napfire_modifier *items;
    size_t count;
    int status;        /* NAPFIRE_OK, _EUNKNOWN (the first one recorded in d) or _ESTATE */
    struct nf_tally t; /* items NULL: the net's tallies */
};

/* Append the item (id, variant) with its value from the rules data. */
static void add(struct builder *b, int32_t id, int32_t variant) {
    int32_t v = 0;
    int st = napfire__need_modifier(b->d, b->fire, id, variant, &v);
    if (st != NAPFIRE_OK) {
        v = 0;
        /* Corruption outranks unknown data. */
        if (b->status != NAPFIRE_ESTATE)
            b->status = st;
    } else if (!b->items) {
        napfire__tally_add(&b->t, id, v);
        return;
    }
    if (!b->items)
        return;
    napfire_modifier *it = &b->items[b->count++];
    it->id = id;
    it->suppressed_by = 0;
    it->value = v;
    it->applied = st == NAPFIRE_OK ? 1 : -1;
}

/* Every item that applies (facts.c), in breakdown order, with its value
 * read. */
static void collect(struct builder *b, const struct nf_shot *s) {
    struct nf_items items;
    napfire__modifier_items(s, &items);
    for (size_t i = 0; i < items.count; i++)
        add(b, items.slot[i] >> 1, items.slot[i] & 1);
}

static napfire_modifier *find(napfire_modifier *items, size_t count, int32_t id) {
    for (size_t i = 0; i < count; i++)
        if (items[i].id == id)
            return &items[i];
    return NULL;
}

/* F-MOD-G: a Guard firer's bonuses (F-MOD-1..5) add up to the cap at most;
 * a bonus that would pass it is suppressed whole (Decision: the cap
 * applies to the sum). */
static int guard_cap(struct builder *b, const struct nf_unit *f, int32_t measure) {
    if (nf_u(f, NAPFIRE_UNIT_CLASS) != NAPFIRE_CLASS_GUARD)
        return NAPFIRE_OK;
    int32_t cap = 0;
    int st = napfire__need_threshold(b->d, NAPFIRE_THRESHOLD_GUARD_CAP, measure, &cap);
    if (st != NAPFIRE_OK)
        return st;
    int32_t sum = 0;
    for (size_t i = 0; i < b->count; i++) {
        napfire_modifier *it = &b->items[i];
        if (it->id > NAPFIRE_MOD_BRITISH_LINE || it->value <= 0)
            continue;
        if (sum + it->value > cap) {
            it->applied = 0;
            it->suppressed_by = NAPFIRE_MOD_GUARD_CAP;
        } else {
            sum += it->value;
        }
    }
    return NAPFIRE_OK;
}

/* F-MOD-X: with a disordered firer or a skirmisher target no other
 * negative modifier applies; when both hold the firer's -4 stands
 * (Decision). The house rule is outside (F-MOD-E). */
static void exclusive(struct builder *b) {
    napfire_modifier *ex = find(b->items, b->count, NAPFIRE_MOD_DISORDERED);
    if (!ex)
        ex = find(b->items, b->count, NAPFIRE_MOD_SKIRMISHERS);
    if (!ex)
        return;
    /* EXTRA is appended only after this (F-MOD-E), unknown values return
     * before it, and the Guard cap suppresses bonuses only: every negative
     * item here is applied. */
    for (size_t i = 0; i < b->count; i++) {
        napfire_modifier *it = &b->items[i];
        if (it == ex || it->value >= 0)
            continue;
        it->applied = 0;
        it->suppressed_by = ex->id;
    }
}

static int32_t applied_sum(const napfire_modifier *items, size_t count) {
    int32_t sum = 0;
    for (size_t i = 0; i < count; i++)
        if (items[i].applied == 1)
            sum += items[i].value;
    return sum;
}

/* Only for covered fire: resolve forbids the rest (NOT_COVERED, F-TAB-6)
 * before it asks for modifiers. */
int napfire__modifier_net(const struct nf_shot *s, struct nf_data *d, int32_t *net) {
    const struct nf_unit *f = &s->firer;
    int artillery = napfire__is_artillery(nf_u(f, NAPFIRE_UNIT_ARM));
    struct builder b = {.d = d, .fire = artillery ? NAPFIRE_FIRE_ARTILLERY : NAPFIRE_FIRE_MUSKETRY};
    collect(&b, s);
    if (b.status != NAPFIRE_OK)
        return b.status;
    /* F-MOD-G: the Guard cap, read after the items as the breakdown
     * reads it; no cap for anyone else. */
    int32_t cap = NF_NO_GUARD_CAP;
    if (!artillery && nf_u(f, NAPFIRE_UNIT_CLASS) == NAPFIRE_CLASS_GUARD) {
        int st = napfire__need_threshold(d, NAPFIRE_THRESHOLD_GUARD_CAP, nf_s(s, NAPFIRE_SHOT_MEASURE), &cap);
        if (st != NAPFIRE_OK)
            return st;
    }
    /* F-MOD-E: outside the cap and the exclusive -4. */
    *net = napfire__tally_net(&b.t, artillery, cap) + nf_s(s, NAPFIRE_SHOT_EXTRA_MODIFIER);
    return NAPFIRE_OK;
}

int napfire__modifiers(const struct nf_shot *s, struct nf_data *d, napfire_modifier items[NF_MAX_ITEMS], size_t *count,
                       int32_t *net) {
    const struct nf_unit *f = &s->firer;
    if (!napfire__fire_covered(f)) {
        /* F-TAB-6: no modifiers are guessed for fire the documents omit. */
        *count = 0;
        *net = 0;
        return NAPFIRE_OK;
    }
    int artillery = napfire__is_artillery(nf_u(f, NAPFIRE_UNIT_ARM));
    struct builder b = {.d = d, .fire = artillery ? NAPFIRE_FIRE_ARTILLERY : NAPFIRE_FIRE_MUSKETRY, .items = items};
    collect(&b, s);
    int st = b.status;
    if (st == NAPFIRE_OK && !artillery) {
        st = guard_cap(&b, f, nf_s(s, NAPFIRE_SHOT_MEASURE));
        if (st != NAPFIRE_OK) {
            *count = b.count;
            return st;
        }
        exclusive(&b);
    }
    /* F-MOD-E: the house rule comes last, outside the cap and the
     * exclusive -4; listed with unknown values too, so the caller sees the
     * whole list. */
    int32_t extra = nf_s(s, NAPFIRE_SHOT_EXTRA_MODIFIER);
    if (extra != 0)
        items[b.count++] = (napfire_modifier){NAPFIRE_MOD_EXTRA, extra, 1, 0};
    *count = b.count;
    if (st != NAPFIRE_OK)
        return st;
    *net = applied_sum(items, b.count);
    return NAPFIRE_OK;
}

int napfire_shot_modifiers(const napfire_shot *s, const napfire_rules *rules, napfire_modifier *items, size_t cap,
                           size_t *count, int32_t *net) {
    if (!s || !count || !net || (!items && cap > 0))
        return NAPFIRE_EINVAL;
    struct nf_data d;
    int st = napfire__shot_open(s, rules, 0, &d);
    if (st)
        return st;
    /* Zeroed, so that no path a static analyzer can imagine reads an item
     * napfire__modifiers() did not write. */
    napfire_modifier tmp[NF_MAX_ITEMS] = {{0}};
    size_t c = 0;
    int32_t sum = 0;
    st = napfire__modifiers(d.shot, &d, tmp, &c, &sum);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    if (c > cap) {
        *count = c;
        return NAPFIRE_ENOSPC;
    }
    if (c > 0)
        memcpy(items, tmp, c * sizeof *tmp);
    *count = c;
    if (st == NAPFIRE_OK)
        *net = sum;
    return st;
}
