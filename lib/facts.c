/* SPDX-License-Identifier: MIT */
/*
 * What a shot's parameters decide on their own, before any rules data is
 * read: the clauses no datum can change (F-TAB-6, F-ART-2..7), the row's
 * inputs (F-TAB-1/2), the second-class firer (F-CAS-2) and which modifier
 * items apply (F-MOD-1..16, F-ART-3; their values and the net are
 * modifiers.c's). The setters derive a shot's digest from these, and the
 * reference engine asks them too.
 */
#include <string.h>

#include "facts.h"

#define BIT(reason) (1u << (reason))

/* F-ART-3..7: the artillery clauses that need no rules data. */
static uint32_t artillery_static_verdicts(const struct nf_shot *s) {
    const struct nf_unit *f = &s->firer;
    int canister = nf_s(s, NAPFIRE_SHOT_AMMO) == NAPFIRE_AMMO_CANISTER;
    int overhead = nf_s(s, NAPFIRE_SHOT_OVERHEAD) != 0;
    uint32_t reasons = 0;
    /* F-ART-3: limbered artillery may not fire (Decision). */
    if (nf_u(f, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_LIMBERED)
        reasons |= BIT(NAPFIRE_REASON_LIMBERED);
    /* F-ART-3: foot artillery that unlimbered this turn (the flag exists
     * only on foot artillery). */
    if (nf_u(f, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN))
        reasons |= BIT(NAPFIRE_REASON_UNLIMBERED_THIS_TURN);
    /* F-ART-4: canister with a friend in the 30-degree sector. */
    if (canister && nf_s(s, NAPFIRE_SHOT_FRIEND_IN_ARC))
        reasons |= BIT(NAPFIRE_REASON_FRIEND_IN_ARC);
    /* F-ART-6: roundshot only (Decision). */
    if (!canister && nf_s(s, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND))
        reasons |= BIT(NAPFIRE_REASON_PENETRATION);
    /* F-ART-7: only from higher ground, and never canister. */
    if (overhead && !nf_s(s, NAPFIRE_SHOT_BATTERY_HIGHER))
        reasons |= BIT(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER);
    if (overhead && canister)
        reasons |= BIT(NAPFIRE_REASON_OVERHEAD_CANISTER);
    return reasons;
}

uint32_t napfire__static_verdicts(const struct nf_shot *s) {
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
        reasons |= artillery_static_verdicts(s);
    return reasons;
}

/* F-TAB-2: the formation caps the row; the smaller of the two is used. */
int32_t napfire__row_cap(int32_t formation) {
    switch (formation) {
        case NAPFIRE_FORMATION_COLUMN_OF_COMPANIES:
        case NAPFIRE_FORMATION_SQUARE:
        case NAPFIRE_FORMATION_MASSED_COLUMN: /* Decision F-TAB-2 */
        case NAPFIRE_FORMATION_MASS:          /* Decision F-TAB-2 */
            return 0;
        case NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS:
            return 1;
        default: /* line and open order (F-TAB-5): by figures only */
            return NF_ROWS - 1;
    }
}

int32_t napfire__row_figures(const struct nf_shot *s) {
    int32_t figures = nf_s(s, NAPFIRE_SHOT_FIRING_FIGURES);
    return figures == 0 ? nf_u(&s->firer, NAPFIRE_UNIT_FIGURES) : figures;
}

/* F-CAS-2: Second-rate, all Russian infantry, or flagged; infantry only
 * (Decision). */
int napfire__is_second_class(const struct nf_unit *firer) {
    if (!napfire__is_infantry(nf_u(firer, NAPFIRE_UNIT_ARM)))
        return 0;
    return nf_u(firer, NAPFIRE_UNIT_CLASS) == NAPFIRE_CLASS_SECOND_RATE ||
           nf_u(firer, NAPFIRE_UNIT_NATION) == NAPFIRE_NATION_RUSSIA ||
           nf_u(firer, NAPFIRE_UNIT_SECOND_CLASS_FIRERS) != 0;
}

/* F-TAB-6: only infantry not in skirmish order and artillery fire. */
int napfire__fire_covered(const struct nf_unit *f) {
    int32_t arm = nf_u(f, NAPFIRE_UNIT_ARM);
    return napfire__is_artillery(arm) ||
           (napfire__is_infantry(arm) && nf_u(f, NAPFIRE_UNIT_FORMATION) != NAPFIRE_FORMATION_SKIRMISH);
}

/* Append the item (id, variant). A shot has at most thirteen (one class
 * item, three firer conditions, eight target conditions, the battery's
 * move), so the cap only guards the array. */
static void add(struct nf_items *b, int32_t id, int32_t variant) {
    if (b->count < NF_ITEMS_CAP)
        b->slot[b->count++] = NF_MOD_SLOT(id, variant);
}

/* F-MOD-1..4: exactly one class item. */
static void firer_class(struct nf_items *b, int32_t cls) {
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
static void target_cover(struct nf_items *b, int32_t cover) {
    if (cover == NAPFIRE_COVER_COVER)
        add(b, NAPFIRE_MOD_COVER, 0);
    else if (cover == NAPFIRE_COVER_LIMITED)
        add(b, NAPFIRE_MOD_COVER, 1);
    else if (cover == NAPFIRE_COVER_BUILDINGS)
        add(b, NAPFIRE_MOD_BUILDINGS, 0);
}

/* F-MOD-8..16: the target's conditions, shared by musketry and artillery. */
static void target_conditions(struct nf_items *b, const struct nf_shot *s) {
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

/* Every item in id order: the musketry firer's (F-MOD-1..7), the
 * target's (F-MOD-8..16), the battery's move (F-ART-3). */
void napfire__modifier_items(const struct nf_shot *s, struct nf_items *b) {
    const struct nf_unit *f = &s->firer;
    int artillery = napfire__is_artillery(nf_u(f, NAPFIRE_UNIT_ARM));
    b->count = 0;
    if (!artillery) {
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
    if (artillery && nf_u(f, NAPFIRE_UNIT_MOVED) == NAPFIRE_MOVED_HALF)
        add(b, NAPFIRE_MOD_MOVED_HALF, 0);
}

int napfire__modifier_slots(const struct nf_shot *s, uint8_t *slots, size_t cap, size_t *count) {
    *count = 0;
    if (!napfire__fire_covered(&s->firer))
        return 1;
    struct nf_items items;
    napfire__modifier_items(s, &items);
    size_t n = items.count < cap ? items.count : cap;
    memcpy(slots, items.slot, n);
    *count = n;
    return items.count <= cap;
}
