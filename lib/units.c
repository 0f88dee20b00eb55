/* SPDX-License-Identifier: MIT */
/* Units and shots: initialisation, getters and setters (the parameters'
 * bounds and validation are params.c's), and open-order eligibility
 * (F-OO-1). */
#include <string.h>

#include "facts.h"
#include "seal.h"

#define ARM_BIT(a) (1u << (a))
#define UNIT_SLOT(param) ((param)-NF_UNIT_PARAM_FIRST)
#define SHOT_SLOT(param) ((param)-NF_SHOT_PARAM_FIRST)

static int32_t default_formation(int32_t arm) {
    return napfire__is_artillery(arm) ? NAPFIRE_FORMATION_UNLIMBERED : NAPFIRE_FORMATION_LINE;
}

/* A stored unit the library made: aligned, sealed, and (against a forged
 * seal) valid, since its fields index tables. */
static int unit_check(const napfire_unit *u) {
    if (NF_MISALIGNED(u))
        return NAPFIRE_EALIGN;
    const struct nf_unit_obj *o = NF_CUNIT(u);
    return napfire__unit_sealed(o) && napfire__unit_valid(&o->u) ? NAPFIRE_OK : NAPFIRE_ESTATE;
}

static void unit_store(struct nf_unit_obj *o, struct nf_unit u) {
    o->u = u;
    napfire__unit_seal(o);
}

size_t napfire_unit_size(void) {
    return sizeof(napfire_unit);
}

size_t napfire_shot_size(void) {
    return sizeof(napfire_shot);
}

size_t napfire_rules_size(void) {
    return sizeof(napfire_rules);
}

int napfire_unit_init(napfire_unit *u, size_t size, int32_t arm) {
    if (!u)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_unit))
        return NAPFIRE_ESIZE;
    if (NF_MISALIGNED(u))
        return NAPFIRE_EALIGN;
    if (arm < 0 || arm >= NF_ARMS)
        return NAPFIRE_EDOMAIN;
    struct nf_unit n = {0};
    for (int32_t i = 0; i < NF_UNIT_NPARAMS; i++)
        napfire__field_put(&n.bits, &nf_unit_fields[i], napfire__param_spec(NF_UNIT_PARAM_FIRST + i)->def);
    napfire__field_put(&n.bits, &nf_unit_fields[UNIT_SLOT(NAPFIRE_UNIT_ARM)], arm);
    napfire__field_put(&n.bits, &nf_unit_fields[UNIT_SLOT(NAPFIRE_UNIT_FORMATION)], default_formation(arm));
    /* Zero the whole storage so copies compare equal with memcmp. */
    memset(u, 0, sizeof *u);
    unit_store(NF_UNIT(u), n);
    return NAPFIRE_OK;
}

int napfire_unit_set(napfire_unit *u, int32_t param, int32_t value) {
    if (!u)
        return NAPFIRE_EINVAL;
    int st = unit_check(u);
    if (st)
        return st;
    struct nf_unit_obj *o = NF_UNIT(u);
    if (param <= NAPFIRE_UNIT_ARM || param > NF_UNIT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct nf_param_spec *sp = napfire__param_spec(param);
    if (!(sp->arms & ARM_BIT(nf_u(&o->u, NAPFIRE_UNIT_ARM))) || value < sp->lo || value > sp->hi)
        return NAPFIRE_EDOMAIN;
    struct nf_unit next = o->u;
    napfire__field_put(&next.bits, &nf_unit_fields[UNIT_SLOT(param)], value);
    if (!napfire__unit_valid(&next))
        return NAPFIRE_EDOMAIN;
    unit_store(o, next);
    return NAPFIRE_OK;
}

int napfire_unit_get(const napfire_unit *u, int32_t param, int32_t *value) {
    if (!u || !value)
        return NAPFIRE_EINVAL;
    int st = unit_check(u);
    if (st)
        return st;
    const struct nf_unit_obj *o = NF_CUNIT(u);
    if (param < NF_UNIT_PARAM_FIRST || param > NF_UNIT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    *value = nf_u(&o->u, param);
    return NAPFIRE_OK;
}

/* F-OO-1 (c): the Coalition nations; OTHER is not one (Decision). */
static int coalition(int32_t nation) {
    switch (nation) {
        case NAPFIRE_NATION_BRITAIN:
        case NAPFIRE_NATION_KGL:
        case NAPFIRE_NATION_PORTUGAL:
        case NAPFIRE_NATION_SPAIN:
        case NAPFIRE_NATION_AUSTRIA:
        case NAPFIRE_NATION_PRUSSIA:
        case NAPFIRE_NATION_RUSSIA:
            return 1;
        default:
            return 0;
    }
}

/* "Veteran, Elite or Guard" qualifies all three clauses (Decision F-OO-1). */
static int open_order_class(int32_t cls) {
    return cls == NAPFIRE_CLASS_VETERAN || cls == NAPFIRE_CLASS_ELITE || cls == NAPFIRE_CLASS_GUARD;
}

/* F-OO-1 (a) light infantry; (b) French line infantry; (c) from 1812 on,
 * line infantry of a Coalition nation. */
static int open_order_unit(int32_t arm, int32_t nation, int32_t year) {
    if (arm == NAPFIRE_ARM_LIGHT_INFANTRY)
        return 1;
    if (arm != NAPFIRE_ARM_LINE_INFANTRY)
        return 0;
    return nation == NAPFIRE_NATION_FRANCE || (coalition(nation) && year >= 1812);
}

int napfire_unit_may_open_order(const napfire_unit *u, int32_t year, int32_t *yes) {
    if (!u || !yes)
        return NAPFIRE_EINVAL;
    int st = unit_check(u);
    if (st)
        return st;
    const struct nf_unit_obj *o = NF_CUNIT(u);
    if (year < 1 || year > 9999)
        return NAPFIRE_EDOMAIN;
    *yes = open_order_class(nf_u(&o->u, NAPFIRE_UNIT_CLASS)) &&
           open_order_unit(nf_u(&o->u, NAPFIRE_UNIT_ARM), nf_u(&o->u, NAPFIRE_UNIT_NATION), year);
    return NAPFIRE_OK;
}

/* Seal a shot built aside (its digest derived here) into storage. */
static void shot_store(napfire_shot *s, struct nf_shot *n) {
    napfire__digest(n);
    napfire__shot_seal(n);
    *NF_SHOT(s) = *n;
}

int napfire_shot_init(napfire_shot *s, size_t size, const napfire_unit *firer, const napfire_unit *target) {
    if (!s || !firer || !target)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_shot))
        return NAPFIRE_ESIZE;
    if (NF_MISALIGNED(s))
        return NAPFIRE_EALIGN;
    int st = unit_check(firer);
    if (st == NAPFIRE_OK)
        st = unit_check(target);
    if (st)
        return st;
    const struct nf_unit_obj *f = NF_CUNIT(firer);
    const struct nf_unit_obj *t = NF_CUNIT(target);
    /* Build aside: firer or target may alias the shot's own storage. */
    struct nf_shot n;
    memset(&n, 0, sizeof n);
    n.firer = f->u;
    n.target = t->u;
    for (int32_t i = 0; i < NF_SHOT_NPARAMS; i++)
        napfire__field_put(n.bits, &nf_shot_fields[i], napfire__param_spec(NF_SHOT_PARAM_FIRST + i)->def);
    memset(s, 0, sizeof *s);
    shot_store(s, &n);
    return NAPFIRE_OK;
}

/* A stored shot the library made: aligned, sealed, and valid against a
 * forged seal (its fields index tables). */
static int shot_check(const napfire_shot *s) {
    if (NF_MISALIGNED(s))
        return NAPFIRE_EALIGN;
    const struct nf_shot *n = NF_CSHOT(s);
    return napfire__shot_sealed(n) && napfire__shot_valid(n) ? NAPFIRE_OK : NAPFIRE_ESTATE;
}

const struct nf_shot *napfire__shot_stored(const napfire_shot *s) {
    return shot_check(s) == NAPFIRE_OK ? NF_CSHOT(s) : NULL;
}

/* One parameter onto a shot built aside, checked as napfire_shot_set()
 * documents: the firer's arm and the bounds (the other settings by the
 * caller, napfire__shot_set_all()). */
static int shot_put(struct nf_shot *next, int32_t param, int32_t value, int flags) {
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct nf_param_spec *sp = napfire__param_spec(param);
    int reset = (flags & NF_SET_DEFAULTS) && value == sp->def;
    if (!(sp->arms & ARM_BIT(nf_u(&next->firer, NAPFIRE_UNIT_ARM))) || ((value < sp->lo || value > sp->hi) && !reset))
        return NAPFIRE_EDOMAIN;
    napfire__field_put(next->bits, &nf_shot_fields[SHOT_SLOT(param)], value);
    return NAPFIRE_OK;
}

int napfire__shot_set_all(napfire_shot *s, const int32_t *params, const int32_t *values, size_t count, int flags) {
    int st = shot_check(s);
    if (st)
        return st;
    struct nf_shot next = *NF_CSHOT(s);
    for (size_t i = 0; i < count; i++) {
        st = shot_put(&next, params[i], values[i], flags);
        if (st != NAPFIRE_OK)
            return st;
    }
    /* The settings against each other (GUN, FIRING_FIGURES, SCREEN), once
     * for all: only the whole new shot is ever stored. */
    if (!napfire__shot_valid(&next))
        return NAPFIRE_EDOMAIN;
    if (flags & NF_SET_STORE)
        shot_store(s, &next);
    return NAPFIRE_OK;
}

int napfire_shot_set(napfire_shot *s, int32_t param, int32_t value) {
    if (!s)
        return NAPFIRE_EINVAL;
    return napfire__shot_set_all(s, &param, &value, 1, NF_SET_STORE);
}

int napfire_shot_get(const napfire_shot *s, int32_t param, int32_t *value) {
    if (!s || !value)
        return NAPFIRE_EINVAL;
    int st = shot_check(s);
    if (st)
        return st;
    const struct nf_shot *n = NF_CSHOT(s);
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    *value = nf_s(n, param);
    return NAPFIRE_OK;
}
