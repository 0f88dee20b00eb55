/* SPDX-License-Identifier: MIT */
/* Fire modifiers: the F-MOD items of musketry with the Guard cap (F-MOD-G),
 * the exclusive -4 (F-MOD-X) and the house rule (F-MOD-E); the artillery
 * items of F-ART-1/3, which simply add. */
#include <string.h>

#include "internal.h"

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
    /* Slots (napfire__modifier_slots): the items' NF_MOD_SLOT()s only, no
     * value read. */
    uint8_t *slots;
    size_t slot_cap;
    int overflow;
};

/* Append the item (id, variant) with its value from the rules data. */
static void add(struct builder *b, int32_t id, int32_t variant) {
    if (b->slots) {
        if (b->count < b->slot_cap)
            b->slots[b->count++] = NF_MOD_SLOT(id, variant);
        else
            b->overflow = 1;
        return;
    }
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

/* F-MOD-1..4: exactly one class item. */
static void firer_class(struct builder *b, int32_t cls) {
    switch (cls) {
        case NAPFIRE_CLASS_GUARD:
            add(b, NAPFIRE_MOD_GUARD, 0);
            break;
        case NAPFIRE_CLASS_ELITE:
            add(b, NAPFIRE_MOD_ELITE, 0);
            break;
        case NAPFIRE_CLASS_CONSCRIPT:
        case NAPFIRE_CLASS_MILITIA:
            add(b, NAPFIRE_MOD_RAW, 0);
            break;
        default: /* Veteran, Line, Second-rate (F-MOD-3) */
            add(b, NAPFIRE_MOD_STEADY, 0);
            break;
    }
}

/* F-MOD-5: British or KGL infantry in line or in column of divisions, not
 * in buildings; open order is another formation (Decision). Only musketry
 * asks, and napfire__modifiers() lets only infantry fire musketry. */
static int british_line(const struct nf_unit *f) {
    int32_t nation = nf_u(f, NAPFIRE_UNIT_NATION);
    int32_t formation = nf_u(f, NAPFIRE_UNIT_FORMATION);
    return (nation == NAPFIRE_NATION_BRITAIN || nation == NAPFIRE_NATION_KGL) &&
           (formation == NAPFIRE_FORMATION_LINE || formation == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS) &&
           nf_u(f, NAPFIRE_UNIT_COVER) != NAPFIRE_COVER_BUILDINGS;
}

/* F-MOD-15/16: cover, limited cover (variant 1), buildings. */
static void target_cover(struct builder *b, int32_t cover) {
    if (cover == NAPFIRE_COVER_COVER)
        add(b, NAPFIRE_MOD_COVER, 0);
    else if (cover == NAPFIRE_COVER_LIMITED)
        add(b, NAPFIRE_MOD_COVER, 1);
    else if (cover == NAPFIRE_COVER_BUILDINGS)
        add(b, NAPFIRE_MOD_BUILDINGS, 0);
}

/* F-MOD-8..16: the target's conditions, shared by musketry and artillery. */
static void target_conditions(struct builder *b, const struct nf_shot *s) {
    const struct nf_unit *t = &s->target;
    int32_t arm = nf_u(t, NAPFIRE_UNIT_ARM);
    int32_t formation = nf_u(t, NAPFIRE_UNIT_FORMATION);
    int32_t cover = nf_u(t, NAPFIRE_UNIT_COVER);
    if (formation == NAPFIRE_FORMATION_COLUMN_OF_COMPANIES || formation == NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS)
        add(b, NAPFIRE_MOD_COLUMN, 0);
    else if (formation == NAPFIRE_FORMATION_MASSED_COLUMN)
        add(b, NAPFIRE_MOD_COLUMN, 1);
    /* Square or enfilade: once (Decision F-MOD-9). */
    if (formation == NAPFIRE_FORMATION_SQUARE || nf_s(s, NAPFIRE_SHOT_ENFILADE))
        add(b, NAPFIRE_MOD_SQUARE_OR_ENFILADE, 0);
    if (formation == NAPFIRE_FORMATION_MASS)
        add(b, NAPFIRE_MOD_MASS, 0);
    /* F-MOD-11: in position only; a massed or limbered battery is 0. */
    if (napfire__is_artillery(arm) && formation == NAPFIRE_FORMATION_UNLIMBERED &&
        !nf_u(t, NAPFIRE_UNIT_MASSED_BATTERY))
        add(b, NAPFIRE_MOD_ARTILLERY, 0);
    if (arm == NAPFIRE_ARM_CAVALRY && nf_u(t, NAPFIRE_UNIT_CHARGING))
        add(b, NAPFIRE_MOD_CHARGING_CAVALRY, 0);
    if (formation == NAPFIRE_FORMATION_OPEN_ORDER)
        add(b, NAPFIRE_MOD_OPEN_ORDER, 0);
    if (formation == NAPFIRE_FORMATION_SKIRMISH)
        add(b, NAPFIRE_MOD_SKIRMISHERS, 0);
    target_cover(b, cover);
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

/* F-TAB-6: only infantry not in skirmish order and artillery fire. */
static int fire_covered(const struct nf_unit *f) {
    int32_t arm = nf_u(f, NAPFIRE_UNIT_ARM);
    return napfire__is_artillery(arm) ||
           (napfire__is_infantry(arm) && nf_u(f, NAPFIRE_UNIT_FORMATION) != NAPFIRE_FORMATION_SKIRMISH);
}

/* Every item in id order with its value read: the musketry firer's
 * (F-MOD-1..7), the target's (F-MOD-8..16), the battery's move (F-ART-3). */
static void collect(struct builder *b, const struct nf_shot *s) {
    const struct nf_unit *f = &s->firer;
    if (b->fire == NAPFIRE_FIRE_MUSKETRY) {
        firer_class(b, nf_u(f, NAPFIRE_UNIT_CLASS));
        if (british_line(f))
            add(b, NAPFIRE_MOD_BRITISH_LINE, 0);
        if (nf_u(f, NAPFIRE_UNIT_FIRED_LAST_TURN))
            add(b, NAPFIRE_MOD_FIRED_LAST_TURN, 0);
        if (nf_u(f, NAPFIRE_UNIT_DISORDERED))
            add(b, NAPFIRE_MOD_DISORDERED, 0);
    }
    target_conditions(b, s);
    /* F-ART-3: a battery that moved up to half its move fires with a penalty. */
    if (b->fire == NAPFIRE_FIRE_ARTILLERY && nf_u(f, NAPFIRE_UNIT_MOVED) == NAPFIRE_MOVED_HALF)
        add(b, NAPFIRE_MOD_MOVED_HALF, 0);
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

int napfire__modifier_slots(const struct nf_shot *s, uint8_t *slots, size_t cap, size_t *count) {
    const struct nf_unit *f = &s->firer;
    *count = 0;
    if (!fire_covered(f))
        return 1;
    int artillery = napfire__is_artillery(nf_u(f, NAPFIRE_UNIT_ARM));
    struct builder b = {
        .fire = artillery ? NAPFIRE_FIRE_ARTILLERY : NAPFIRE_FIRE_MUSKETRY, .slots = slots, .slot_cap = cap};
    collect(&b, s);
    *count = b.count;
    return !b.overflow;
}

int napfire__modifiers(const struct nf_shot *s, struct nf_data *d, napfire_modifier items[NF_MAX_ITEMS], size_t *count,
                       int32_t *net) {
    const struct nf_unit *f = &s->firer;
    if (!fire_covered(f)) {
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
    napfire_modifier tmp[NF_MAX_ITEMS];
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
