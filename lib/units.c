/* SPDX-License-Identifier: MIT */
/* Units and shots: initialisation, parameters, validation, and open-order
 * eligibility (F-OO-1). */
#include <string.h>

#include "internal.h"

#define ARM_BIT(a) (1u << (a))
#define ARMS_INFANTRY (ARM_BIT(NAPFIRE_ARM_LINE_INFANTRY) | ARM_BIT(NAPFIRE_ARM_LIGHT_INFANTRY))
#define ARMS_CAVALRY ARM_BIT(NAPFIRE_ARM_CAVALRY)
#define ARMS_FOOT_ARTILLERY ARM_BIT(NAPFIRE_ARM_FOOT_ARTILLERY)
#define ARMS_ARTILLERY (ARMS_FOOT_ARTILLERY | ARM_BIT(NAPFIRE_ARM_HORSE_ARTILLERY))
#define ARMS_ALL (ARMS_INFANTRY | ARMS_CAVALRY | ARMS_ARTILLERY)

/*
 * Every parameter, unit (NAPFIRE_UNIT_*) then shot (NAPFIRE_SHOT_*): its
 * bounds, default, and the arms it applies to (for shot parameters, the
 * firer's arm). This one X-macro builds the specification table and the
 * [arm][parameter] validation table below at compile time. A parameter
 * that does not apply keeps its default. DISTANCE and SCREEN_DISTANCE
 * default to -1, "not given", which a caller cannot set back: resolving
 * needs the value.
 */
#define PARAMS(X, A) \
  X(A, NAPFIRE_UNIT_ARM, 0, NF_ARMS - 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_NATION, 0, NF_NATIONS - 1, NAPFIRE_NATION_OTHER, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_CLASS, 0, NF_CLASSES - 1, NAPFIRE_CLASS_LINE, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_FORMATION, 0, NF_FORMATIONS - 1, NAPFIRE_FORMATION_LINE, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_FIGURES, 0, NAPFIRE_MAX_FIGURES, 0, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_WEAPON, 0, NF_WEAPONS - 1, NAPFIRE_WEAPON_MUSKET, ARMS_INFANTRY) \
  X(A, NAPFIRE_UNIT_GUN, 0, NF_GUNS - 1, NAPFIRE_GUN_P6, ARMS_ARTILLERY) \
  X(A, NAPFIRE_UNIT_COVER, 0, NF_COVERS - 1, NAPFIRE_COVER_NONE, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_MOVED, 0, NF_MOVED - 1, NAPFIRE_MOVED_NONE, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_DISORDERED, 0, 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_FIRED_LAST_TURN, 0, 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_FIRED_THIS_TURN, 0, 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 0, 1, 0, ARMS_INFANTRY) \
  X(A, NAPFIRE_UNIT_CHARGING, 0, 1, 0, ARMS_CAVALRY) \
  X(A, NAPFIRE_UNIT_MASSED_BATTERY, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 0, 1, 0, ARMS_FOOT_ARTILLERY) \
  X(A, NAPFIRE_SHOT_MEASURE, 0, NF_MEASURES - 1, NAPFIRE_MEASURE_METRIC, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_DISTANCE, 0, NAPFIRE_MAX_DISTANCE, -1, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_ENFILADE, 0, 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_FIRING_FIGURES, 0, NAPFIRE_MAX_FIGURES, 0, ARMS_INFANTRY) \
  X(A, NAPFIRE_SHOT_SCREEN, 0, 1, 0, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_SCREEN_DISTANCE, 0, NAPFIRE_MAX_DISTANCE, -1, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_AMMO, 0, NF_AMMOS - 1, NAPFIRE_AMMO_ROUNDSHOT, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_EXTRA_MODIFIER, -10, 10, 0, ARMS_ALL) \
  X(A, NAPFIRE_SHOT_FRIEND_IN_ARC, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, -1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, -1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, -1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_CLEAR_LOS, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_OVERHEAD, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_BATTERY_HIGHER, 0, 1, 0, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, -1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY) \
  X(A, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, -1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY)

/* Each arm once, for the rows of the validation table. */
#define EACH_ARM(Y) \
  Y(NAPFIRE_ARM_LINE_INFANTRY) \
  Y(NAPFIRE_ARM_LIGHT_INFANTRY) Y(NAPFIRE_ARM_CAVALRY) Y(NAPFIRE_ARM_FOOT_ARTILLERY) Y(NAPFIRE_ARM_HORSE_ARTILLERY)

/* Unit parameters first, then shot parameters, in one index space: the
 * slot of a parameter in the tables, and in nf_unit::p / nf_shot::p. */
#define NF_PARAMS (NF_UNIT_NPARAMS + NF_SHOT_NPARAMS)
#define SLOT(param) \
  ((int)(param) >= (int)NF_SHOT_PARAM_FIRST ? NF_UNIT_NPARAMS + (int)(param)-NF_SHOT_PARAM_FIRST \
                                            : (int)(param)-NF_UNIT_PARAM_FIRST)
#define UNIT_SLOT(param) ((param)-NF_UNIT_PARAM_FIRST)
#define SHOT_SLOT(param) ((param)-NF_SHOT_PARAM_FIRST)

/* Designated slots: an entry out of order still lands in its place, and
 * -Woverride-init (in -Wextra, an error here) refuses a duplicate, so with
 * the counts below every parameter has exactly one entry. */
#define COUNT(a, param, lo, hi, def, arms) +1
#define ONE(arm) +1
_Static_assert(0 PARAMS(COUNT, 0) == NF_PARAMS, "one PARAMS entry per unit and shot parameter");
_Static_assert(0 EACH_ARM(ONE) == NF_ARMS, "one validation row per arm");
#undef COUNT
#undef ONE

struct param_spec {
    int32_t lo, hi, def;
    uint32_t arms;
};

#define SPEC(a, param, lo, hi, def, arms) [SLOT(param)] = {lo, hi, def, arms},
static const struct param_spec specs[NF_PARAMS] = {PARAMS(SPEC, 0)};
#undef SPEC

/*
 * What storage may hold, per arm: [lo, hi] where the parameter applies
 * (widened to take the default), [def, def] where it does not. Checked on
 * every use, branch-free, so validation stays cheap on the hot path.
 */
struct valid_range {
    int32_t lo, hi;
};
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define APPLIES(arms, arm) (((arms) >> (arm)) & 1u)
#define RANGE(arm, param, lo, hi, def, arms) \
  [SLOT(param)] = {APPLIES(arms, arm) ? MIN2(lo, def) : (def), APPLIES(arms, arm) ? MAX2(hi, def) : (def)},
#define ROW(arm) [arm] = {PARAMS(RANGE, arm)},
static const struct valid_range valid[NF_ARMS][NF_PARAMS] = {EACH_ARM(ROW)};
#undef ROW
#undef RANGE

/* Any of the n values outside its range? Unsigned differences: no
 * overflow on garbage, and no branch per parameter. */
static int out_of_bounds(const int32_t *v, const struct valid_range *range, size_t n) {
    uint32_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad |= (uint32_t)((uint32_t)v[i] - (uint32_t)range[i].lo > (uint32_t)range[i].hi - (uint32_t)range[i].lo);
    return bad != 0;
}

/* Every field holds its parameter's whole range (default included), and
 * lies inside its word. */
#define HI_ENUM(a, param, lo, hi, def, arms) NF_HI_##param = MAX2(hi, def), NF_BIAS_##param = MIN2(lo, def),
enum {
    PARAMS(HI_ENUM, 0) NF_PARAMS_END
};
#undef HI_ENUM
#define FIELD_FITS(param, word, shift, width, bias) \
  _Static_assert((int64_t)NF_HI_##param - (bias) < ((int64_t)1 << (width)) && (bias) == NF_BIAS_##param && \
                     (shift) + (width) <= 64, \
                 #param " field");
NF_UNIT_LAYOUT(FIELD_FITS)
NF_SHOT_LAYOUT(FIELD_FITS)
#undef FIELD_FITS

static void unit_params(const struct nf_unit *u, int32_t p[NF_UNIT_NPARAMS]) {
    for (int32_t i = 0; i < NF_UNIT_NPARAMS; i++)
        p[i] = napfire__field_get(&u->bits, &nf_unit_fields[i]);
}

static void shot_params(const struct nf_shot *s, int32_t p[NF_SHOT_NPARAMS]) {
    for (int32_t i = 0; i < NF_SHOT_NPARAMS; i++)
        p[i] = napfire__field_get(s->bits, &nf_shot_fields[i]);
}

#define FORMATION_BIT(f) (1u << (f))
/* Formations each arm may take (napfire.h, enum napfire_formation). */
static const uint32_t arm_formations[NF_ARMS] = {
    [NAPFIRE_ARM_LINE_INFANTRY] = 0xFFu, /* LINE .. SKIRMISH */
    [NAPFIRE_ARM_LIGHT_INFANTRY] = 0xFFu,
    [NAPFIRE_ARM_CAVALRY] = FORMATION_BIT(NAPFIRE_FORMATION_LINE) |
                            FORMATION_BIT(NAPFIRE_FORMATION_COLUMN_OF_COMPANIES) |
                            FORMATION_BIT(NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS),
    [NAPFIRE_ARM_FOOT_ARTILLERY] =
        FORMATION_BIT(NAPFIRE_FORMATION_LIMBERED) | FORMATION_BIT(NAPFIRE_FORMATION_UNLIMBERED),
    [NAPFIRE_ARM_HORSE_ARTILLERY] =
        FORMATION_BIT(NAPFIRE_FORMATION_LIMBERED) | FORMATION_BIT(NAPFIRE_FORMATION_UNLIMBERED),
};

static int32_t default_formation(int32_t arm) {
    return napfire__is_artillery(arm) ? NAPFIRE_FORMATION_UNLIMBERED : NAPFIRE_FORMATION_LINE;
}

int napfire__unit_valid(const struct nf_unit *u) {
    int32_t p[NF_UNIT_NPARAMS];
    unit_params(u, p);
    uint32_t arm = (uint32_t)p[UNIT_SLOT(NAPFIRE_UNIT_ARM)];
    if (arm >= NF_ARMS)
        return 0;
    if (out_of_bounds(p, &valid[arm][SLOT(NF_UNIT_PARAM_FIRST)], NF_UNIT_NPARAMS))
        return 0;
    /* Bounds passed, so the shift is defined. */
    return (arm_formations[arm] >> p[UNIT_SLOT(NAPFIRE_UNIT_FORMATION)]) & 1u;
}

static int unit_sealed(const struct nf_unit_obj *o) {
    return o->magic == NF_UNIT_MAGIC && NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY) == o->seal;
}

/* A stored unit the library made: sealed, and (against a forged seal)
 * valid, since its fields index tables. */
static int unit_ok(const struct nf_unit_obj *o) {
    return unit_sealed(o) && napfire__unit_valid(&o->u);
}

static void unit_store(struct nf_unit_obj *o, struct nf_unit u) {
    o->magic = NF_UNIT_MAGIC;
    o->zero = 0;
    o->u = u;
    o->seal = NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY);
}

/* The target conditions of F-SCR-1: a screen covers infantry that is not
 * itself in skirmish order. */
static int screenable(const struct nf_unit *target) {
    return napfire__is_infantry(nf_u(target, NAPFIRE_UNIT_ARM)) &&
           nf_u(target, NAPFIRE_UNIT_FORMATION) != NAPFIRE_FORMATION_SKIRMISH;
}

int napfire__shot_valid(const struct nf_shot *s) {
    if (!napfire__unit_valid(&s->firer) || !napfire__unit_valid(&s->target))
        return 0;
    uint32_t arm = (uint32_t)nf_u(&s->firer, NAPFIRE_UNIT_ARM);
    int32_t p[NF_SHOT_NPARAMS];
    shot_params(s, p);
    if (out_of_bounds(p, &valid[arm][SLOT(NF_SHOT_PARAM_FIRST)], NF_SHOT_NPARAMS))
        return 0;
    if (nf_s(s, NAPFIRE_SHOT_FIRING_FIGURES) > nf_u(&s->firer, NAPFIRE_UNIT_FIGURES))
        return 0;
    if (!screenable(&s->target) && (nf_s(s, NAPFIRE_SHOT_SCREEN) != 0 || nf_s(s, NAPFIRE_SHOT_SCREEN_DISTANCE) != -1))
        return 0;
    return 1;
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

int napfire_param_bounds(int32_t param, int32_t *lo, int32_t *hi) {
    const struct param_spec *sp;
    if (!lo || !hi)
        return NAPFIRE_EINVAL;
    if ((param >= NF_UNIT_PARAM_FIRST && param <= NF_UNIT_PARAM_LAST) ||
        (param >= NF_SHOT_PARAM_FIRST && param <= NF_SHOT_PARAM_LAST))
        sp = &specs[SLOT(param)];
    else
        return NAPFIRE_EDOMAIN;
    *lo = sp->lo;
    *hi = sp->hi;
    return NAPFIRE_OK;
}

int napfire_unit_init(napfire_unit *u, size_t size, int32_t arm) {
    if (!u)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_unit))
        return NAPFIRE_ESIZE;
    if (arm < 0 || arm >= NF_ARMS)
        return NAPFIRE_EDOMAIN;
    struct nf_unit n = {0};
    for (int32_t i = 0; i < NF_UNIT_NPARAMS; i++)
        napfire__field_put(&n.bits, &nf_unit_fields[i], specs[SLOT(NF_UNIT_PARAM_FIRST + i)].def);
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
    struct nf_unit_obj *o = NF_UNIT(u);
    if (!unit_ok(o))
        return NAPFIRE_ESTATE;
    if (param <= NAPFIRE_UNIT_ARM || param > NF_UNIT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct param_spec *sp = &specs[SLOT(param)];
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
    const struct nf_unit_obj *o = NF_CUNIT(u);
    if (!unit_ok(o))
        return NAPFIRE_ESTATE;
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
    const struct nf_unit_obj *o = NF_CUNIT(u);
    if (!unit_ok(o))
        return NAPFIRE_ESTATE;
    if (year < 1 || year > 9999)
        return NAPFIRE_EDOMAIN;
    *yes = open_order_class(nf_u(&o->u, NAPFIRE_UNIT_CLASS)) &&
           open_order_unit(nf_u(&o->u, NAPFIRE_UNIT_ARM), nf_u(&o->u, NAPFIRE_UNIT_NATION), year);
    return NAPFIRE_OK;
}

/* Seal a shot built aside (its digest derived here) into storage. */
static void shot_store(napfire_shot *s, struct nf_shot *n) {
    n->magic = NF_SHOT_MAGIC;
    n->zero = 0;
    napfire__digest(n);
    n->seal = NF_SEAL_OF(n, struct nf_shot, NF_SHOT_KEY);
    *NF_SHOT(s) = *n;
}

int napfire_shot_init(napfire_shot *s, size_t size, const napfire_unit *firer, const napfire_unit *target) {
    if (!s || !firer || !target)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_shot))
        return NAPFIRE_ESIZE;
    const struct nf_unit_obj *f = NF_CUNIT(firer);
    const struct nf_unit_obj *t = NF_CUNIT(target);
    if (!unit_ok(f) || !unit_ok(t))
        return NAPFIRE_ESTATE;
    /* Build aside: firer or target may alias the shot's own storage. */
    struct nf_shot n;
    memset(&n, 0, sizeof n);
    n.firer = f->u;
    n.target = t->u;
    for (int32_t i = 0; i < NF_SHOT_NPARAMS; i++)
        napfire__field_put(n.bits, &nf_shot_fields[i], specs[SLOT(NF_SHOT_PARAM_FIRST + i)].def);
    memset(s, 0, sizeof *s);
    shot_store(s, &n);
    return NAPFIRE_OK;
}

/* A stored shot the library made: sealed, and valid against a forged
 * seal (its fields index tables). */
static int shot_ok(const struct nf_shot *n) {
    return napfire__shot_sealed(n) && napfire__shot_valid(n);
}

int napfire_shot_set(napfire_shot *s, int32_t param, int32_t value) {
    if (!s)
        return NAPFIRE_EINVAL;
    const struct nf_shot *n = NF_CSHOT(s);
    if (!shot_ok(n))
        return NAPFIRE_ESTATE;
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct param_spec *sp = &specs[SLOT(param)];
    if (!(sp->arms & ARM_BIT(nf_u(&n->firer, NAPFIRE_UNIT_ARM))) || value < sp->lo || value > sp->hi)
        return NAPFIRE_EDOMAIN;
    struct nf_shot next = *n;
    napfire__field_put(next.bits, &nf_shot_fields[SHOT_SLOT(param)], value);
    if (!napfire__shot_valid(&next))
        return NAPFIRE_EDOMAIN;
    shot_store(s, &next);
    return NAPFIRE_OK;
}

int napfire_shot_get(const napfire_shot *s, int32_t param, int32_t *value) {
    if (!s || !value)
        return NAPFIRE_EINVAL;
    const struct nf_shot *n = NF_CSHOT(s);
    if (!shot_ok(n))
        return NAPFIRE_ESTATE;
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    *value = nf_s(n, param);
    return NAPFIRE_OK;
}
