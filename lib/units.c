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

/* A parameter's bounds, its default, and the arms it applies to (for shot
 * parameters, the firer's arm). A parameter that does not apply keeps its
 * default, so validation can check every stored value the same way. */
struct param_spec {
    int32_t lo, hi, def;
    uint32_t arms;
};

static const struct param_spec unit_specs[NF_UNIT_NPARAMS] = {
    /* ARM */ {0, NF_ARMS - 1, 0, ARMS_ALL},
    /* NATION */ {0, NF_NATIONS - 1, NAPFIRE_NATION_OTHER, ARMS_ALL},
    /* CLASS */ {0, NF_CLASSES - 1, NAPFIRE_CLASS_LINE, ARMS_ALL},
    /* FORMATION */ {0, NF_FORMATIONS - 1, NAPFIRE_FORMATION_LINE, ARMS_ALL},
    /* FIGURES */ {0, NAPFIRE_MAX_FIGURES, 0, ARMS_ALL},
    /* WEAPON */ {0, NF_WEAPONS - 1, NAPFIRE_WEAPON_MUSKET, ARMS_INFANTRY},
    /* GUN */ {0, NF_GUNS - 1, NAPFIRE_GUN_P6, ARMS_ARTILLERY},
    /* COVER */ {0, NF_COVERS - 1, NAPFIRE_COVER_NONE, ARMS_ALL},
    /* MOVED */ {0, 2, NAPFIRE_MOVED_NONE, ARMS_ALL},
    /* DISORDERED */ {0, 1, 0, ARMS_ALL},
    /* FIRED_LAST_TURN */ {0, 1, 0, ARMS_ALL},
    /* FIRED_THIS_TURN */ {0, 1, 0, ARMS_ALL},
    /* SECOND_CLASS_FIRERS */ {0, 1, 0, ARMS_INFANTRY},
    /* CHARGING */ {0, 1, 0, ARMS_CAVALRY},
    /* MASSED_BATTERY */ {0, 1, 0, ARMS_ARTILLERY},
    /* UNLIMBERED_THIS_TURN */ {0, 1, 0, ARMS_FOOT_ARTILLERY},
};

/* DISTANCE and SCREEN_DISTANCE default to -1, "not given", which a caller
 * cannot set back: resolving needs the value. */
static const struct param_spec shot_specs[NF_SHOT_NPARAMS] = {
    /* MEASURE */ {0, NF_MEASURES - 1, NAPFIRE_MEASURE_METRIC, ARMS_ALL},
    /* DISTANCE */ {0, NAPFIRE_MAX_DISTANCE, -1, ARMS_ALL},
    /* ENFILADE */ {0, 1, 0, ARMS_ALL},
    /* FIRING_FIGURES */ {0, NAPFIRE_MAX_FIGURES, 0, ARMS_INFANTRY},
    /* SCREEN */ {0, 1, 0, ARMS_ALL},
    /* SCREEN_DISTANCE */ {0, NAPFIRE_MAX_DISTANCE, -1, ARMS_ALL},
    /* AMMO */ {0, NF_AMMOS - 1, NAPFIRE_AMMO_ROUNDSHOT, ARMS_ARTILLERY},
    /* EXTRA_MODIFIER */ {-10, 10, 0, ARMS_ALL},
    /* FRIEND_IN_ARC */ {0, 1, 0, ARMS_ARTILLERY},
    /* FRIEND_NEAR_TARGET */ {-1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY},
    /* FRIEND_NEAR_BATTERY */ {-1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY},
    /* TARGET_FAR_FROM_FRIENDS */ {-1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY},
    /* CLEAR_LOS */ {0, 1, 0, ARMS_ARTILLERY},
    /* PENETRATION_HITS_FRIEND */ {0, 1, 0, ARMS_ARTILLERY},
    /* OVERHEAD */ {0, 1, 0, ARMS_ARTILLERY},
    /* BATTERY_HIGHER */ {0, 1, 0, ARMS_ARTILLERY},
    /* OVERHEAD_FRIEND_TO_BATTERY */ {-1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY},
    /* OVERHEAD_FRIEND_TO_ENEMY */ {-1, NAPFIRE_MAX_DISTANCE, -1, ARMS_ARTILLERY},
};

#define FORMATION_BIT(f) (1u << (f))
/* Formations each arm may take (API.md, enum napfire_formation). */
static const uint32_t arm_formations[NF_ARMS] = {
    [NAPFIRE_ARM_LINE_INFANTRY] = 0xFFu, /* LINE .. SKIRMISH */
    [NAPFIRE_ARM_LIGHT_INFANTRY] = 0xFFu,
    [NAPFIRE_ARM_CAVALRY] = FORMATION_BIT(NAPFIRE_FORMATION_LINE) |
                            FORMATION_BIT(NAPFIRE_FORMATION_COLUMN_OF_COMPANIES) |
                            FORMATION_BIT(NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS),
    [NAPFIRE_ARM_FOOT_ARTILLERY] = FORMATION_BIT(NAPFIRE_FORMATION_LIMBERED) |
                                   FORMATION_BIT(NAPFIRE_FORMATION_UNLIMBERED),
    [NAPFIRE_ARM_HORSE_ARTILLERY] = FORMATION_BIT(NAPFIRE_FORMATION_LIMBERED) |
                                    FORMATION_BIT(NAPFIRE_FORMATION_UNLIMBERED),
};

int nf_is_infantry(int32_t arm) {
    return arm == NAPFIRE_ARM_LINE_INFANTRY || arm == NAPFIRE_ARM_LIGHT_INFANTRY;
}

int nf_is_artillery(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

static int32_t default_formation(int32_t arm) {
    return nf_is_artillery(arm) ? NAPFIRE_FORMATION_UNLIMBERED : NAPFIRE_FORMATION_LINE;
}

/* Is @p v a value this parameter may hold for an object of @p arm? */
static int spec_allows(const struct param_spec *sp, int32_t arm, int32_t v) {
    if (!(sp->arms & ARM_BIT(arm)))
        return v == sp->def;
    return (v >= sp->lo && v <= sp->hi) || v == sp->def;
}

int nf_unit_valid(const struct nf_unit *u) {
    if (u->magic != NF_UNIT_MAGIC)
        return 0;
    int32_t arm = u->p[0];
    if (arm < 0 || arm >= NF_ARMS)
        return 0;
    for (size_t i = 1; i < NF_UNIT_NPARAMS; i++) {
        const struct param_spec *sp = &unit_specs[i];
        int32_t v = u->p[i];
        if (i == NAPFIRE_UNIT_FORMATION - NF_UNIT_PARAM_FIRST) {
            /* The formation's default depends on the arm. */
            if (v < 0 || v >= NF_FORMATIONS || !(arm_formations[arm] & FORMATION_BIT(v)))
                return 0;
            continue;
        }
        if (!spec_allows(sp, arm, v))
            return 0;
    }
    return 1;
}

/* The target conditions of F-SCR-1: a screen covers infantry that is not
 * itself in skirmish order. */
static int screenable(const struct nf_unit *target) {
    return nf_is_infantry(nf_u(target, NAPFIRE_UNIT_ARM)) &&
           nf_u(target, NAPFIRE_UNIT_FORMATION) != NAPFIRE_FORMATION_SKIRMISH;
}

int nf_shot_valid(const struct nf_shot *s) {
    if (s->magic != NF_SHOT_MAGIC || !nf_unit_valid(&s->firer) || !nf_unit_valid(&s->target))
        return 0;
    int32_t arm = nf_u(&s->firer, NAPFIRE_UNIT_ARM);
    for (size_t i = 0; i < NF_SHOT_NPARAMS; i++)
        if (!spec_allows(&shot_specs[i], arm, s->p[i]))
            return 0;
    if (nf_s(s, NAPFIRE_SHOT_FIRING_FIGURES) > nf_u(&s->firer, NAPFIRE_UNIT_FIGURES))
        return 0;
    if (!screenable(&s->target) && (nf_s(s, NAPFIRE_SHOT_SCREEN) != 0 ||
                                    nf_s(s, NAPFIRE_SHOT_SCREEN_DISTANCE) != -1))
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
    if (param >= NF_UNIT_PARAM_FIRST && param <= NF_UNIT_PARAM_LAST)
        sp = &unit_specs[param - NF_UNIT_PARAM_FIRST];
    else if (param >= NF_SHOT_PARAM_FIRST && param <= NF_SHOT_PARAM_LAST)
        sp = &shot_specs[param - NF_SHOT_PARAM_FIRST];
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
    /* Zero the whole storage so copies compare equal with memcmp. */
    memset(u, 0, sizeof *u);
    struct nf_unit *n = NF_UNIT(u);
    for (size_t i = 0; i < NF_UNIT_NPARAMS; i++)
        n->p[i] = unit_specs[i].def;
    n->p[0] = arm;
    n->p[NAPFIRE_UNIT_FORMATION - NF_UNIT_PARAM_FIRST] = default_formation(arm);
    n->magic = NF_UNIT_MAGIC;
    return NAPFIRE_OK;
}

int napfire_unit_set(napfire_unit *u, int32_t param, int32_t value) {
    if (!u)
        return NAPFIRE_EINVAL;
    struct nf_unit *n = NF_UNIT(u);
    if (!nf_unit_valid(n))
        return NAPFIRE_ESTATE;
    if (param <= NAPFIRE_UNIT_ARM || param > NF_UNIT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct param_spec *sp = &unit_specs[param - NF_UNIT_PARAM_FIRST];
    if (!(sp->arms & ARM_BIT(n->p[0])) || value < sp->lo || value > sp->hi)
        return NAPFIRE_EDOMAIN;
    struct nf_unit next = *n;
    next.p[param - NF_UNIT_PARAM_FIRST] = value;
    if (!nf_unit_valid(&next))
        return NAPFIRE_EDOMAIN;
    *n = next;
    return NAPFIRE_OK;
}

int napfire_unit_get(const napfire_unit *u, int32_t param, int32_t *value) {
    if (!u || !value)
        return NAPFIRE_EINVAL;
    const struct nf_unit *n = NF_CUNIT(u);
    if (!nf_unit_valid(n))
        return NAPFIRE_ESTATE;
    if (param < NF_UNIT_PARAM_FIRST || param > NF_UNIT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    *value = nf_u(n, param);
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

int napfire_unit_may_open_order(const napfire_unit *u, int32_t year, int32_t *yes) {
    if (!u || !yes)
        return NAPFIRE_EINVAL;
    const struct nf_unit *n = NF_CUNIT(u);
    if (!nf_unit_valid(n))
        return NAPFIRE_ESTATE;
    if (year < 1 || year > 9999)
        return NAPFIRE_EDOMAIN;
    int32_t arm = nf_u(n, NAPFIRE_UNIT_ARM);
    int32_t cls = nf_u(n, NAPFIRE_UNIT_CLASS);
    int32_t nation = nf_u(n, NAPFIRE_UNIT_NATION);
    /* "Veteran, Elite or Guard" qualifies all three clauses (Decision F-OO-1). */
    int good = cls == NAPFIRE_CLASS_VETERAN || cls == NAPFIRE_CLASS_ELITE ||
               cls == NAPFIRE_CLASS_GUARD;
    int ok = 0;
    if (good && arm == NAPFIRE_ARM_LIGHT_INFANTRY)
        ok = 1; /* (a) */
    else if (good && arm == NAPFIRE_ARM_LINE_INFANTRY && nation == NAPFIRE_NATION_FRANCE)
        ok = 1; /* (b) */
    else if (good && arm == NAPFIRE_ARM_LINE_INFANTRY && coalition(nation) && year >= 1812)
        ok = 1; /* (c) */
    *yes = ok;
    return NAPFIRE_OK;
}

int napfire_shot_init(napfire_shot *s, size_t size, const napfire_unit *firer,
                      const napfire_unit *target) {
    if (!s || !firer || !target)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_shot))
        return NAPFIRE_ESIZE;
    const struct nf_unit *f = NF_CUNIT(firer);
    const struct nf_unit *t = NF_CUNIT(target);
    if (!nf_unit_valid(f) || !nf_unit_valid(t))
        return NAPFIRE_ESTATE;
    /* Build aside: firer or target may alias the shot's own storage. */
    struct nf_shot n;
    memset(&n, 0, sizeof n);
    n.firer = *f;
    n.target = *t;
    for (size_t i = 0; i < NF_SHOT_NPARAMS; i++)
        n.p[i] = shot_specs[i].def;
    n.magic = NF_SHOT_MAGIC;
    memset(s, 0, sizeof *s);
    *NF_SHOT(s) = n;
    return NAPFIRE_OK;
}

int napfire_shot_set(napfire_shot *s, int32_t param, int32_t value) {
    if (!s)
        return NAPFIRE_EINVAL;
    struct nf_shot *n = NF_SHOT(s);
    if (!nf_shot_valid(n))
        return NAPFIRE_ESTATE;
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    const struct param_spec *sp = &shot_specs[param - NF_SHOT_PARAM_FIRST];
    if (!(sp->arms & ARM_BIT(nf_u(&n->firer, NAPFIRE_UNIT_ARM))) || value < sp->lo ||
        value > sp->hi)
        return NAPFIRE_EDOMAIN;
    struct nf_shot next = *n;
    next.p[param - NF_SHOT_PARAM_FIRST] = value;
    if (!nf_shot_valid(&next))
        return NAPFIRE_EDOMAIN;
    *n = next;
    return NAPFIRE_OK;
}

int napfire_shot_get(const napfire_shot *s, int32_t param, int32_t *value) {
    if (!s || !value)
        return NAPFIRE_EINVAL;
    const struct nf_shot *n = NF_CSHOT(s);
    if (!nf_shot_valid(n))
        return NAPFIRE_ESTATE;
    if (param < NF_SHOT_PARAM_FIRST || param > NF_SHOT_PARAM_LAST)
        return NAPFIRE_EDOMAIN;
    *value = nf_s(n, param);
    return NAPFIRE_OK;
}
