/* SPDX-License-Identifier: MIT */
/* The parameters of units and shots: their bounds, defaults and the arms
 * they apply to, and what storage may hold (the validation every reader
 * applies against a forged seal). */
#include "model.h"

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

#define SPEC(a, param, lo, hi, def, arms) [SLOT(param)] = {lo, hi, def, arms},
static const struct nf_param_spec specs[NF_PARAMS] = {PARAMS(SPEC, 0)};
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

const struct nf_param_spec *napfire__param_spec(int32_t param) {
    if ((param >= NF_UNIT_PARAM_FIRST && param <= NF_UNIT_PARAM_LAST) ||
        (param >= NF_SHOT_PARAM_FIRST && param <= NF_SHOT_PARAM_LAST))
        return &specs[SLOT(param)];
    return NULL;
}

int napfire_param_bounds(int32_t param, int32_t *lo, int32_t *hi) {
    if (!lo || !hi)
        return NAPFIRE_EINVAL;
    const struct nf_param_spec *sp = napfire__param_spec(param);
    if (!sp)
        return NAPFIRE_EDOMAIN;
    *lo = sp->lo;
    *hi = sp->hi;
    return NAPFIRE_OK;
}
