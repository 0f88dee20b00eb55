/* SPDX-License-Identifier: MIT */
/*
 * napfire_shot_measure() (F-GEO-1..14): check the scene, measure every
 * fact the firer's arm needs, and set them on the shot through the one
 * path napfire_shot_set() takes. Time: a pass over the footprints per
 * fact, plus the clear line of sight's walk (measure_sight.c).
 */
#include "measure.h"
#include "model.h"
#include "rules_data.h"

#define FACTS_INFANTRY 4
#define FACTS_ARTILLERY 14
_Static_assert(FACTS_ARTILLERY == NAPFIRE_MEASURED_MAX, "NAPFIRE_MEASURED_MAX");

/* The facts in the order of their shot parameters (F-GEO-13). */
static const int32_t fact_param[FACTS_ARTILLERY] = {
    NAPFIRE_SHOT_DISTANCE,
    NAPFIRE_SHOT_ENFILADE,
    NAPFIRE_SHOT_SCREEN,
    NAPFIRE_SHOT_SCREEN_DISTANCE,
    NAPFIRE_SHOT_FRIEND_IN_ARC,
    NAPFIRE_SHOT_FRIEND_NEAR_TARGET,
    NAPFIRE_SHOT_FRIEND_NEAR_BATTERY,
    NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS,
    NAPFIRE_SHOT_CLEAR_LOS,
    NAPFIRE_SHOT_PENETRATION_HITS_FRIEND,
    NAPFIRE_SHOT_OVERHEAD,
    NAPFIRE_SHOT_BATTERY_HIGHER,
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY,
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY,
};
static const int32_t fact_rule[FACTS_ARTILLERY] = {
    NAPFIRE_TABLE_RULE_RANGE,       NAPFIRE_TABLE_RULE_ENFILADE, NAPFIRE_TABLE_RULE_SCREEN,
    NAPFIRE_TABLE_RULE_SCREEN,      NAPFIRE_TABLE_RULE_SECTOR,   NAPFIRE_TABLE_RULE_NEAR,
    NAPFIRE_TABLE_RULE_NEAR,        NAPFIRE_TABLE_RULE_NEAR,     NAPFIRE_TABLE_RULE_CLEAR_LOS,
    NAPFIRE_TABLE_RULE_PENETRATION, NAPFIRE_TABLE_RULE_OVERHEAD, NAPFIRE_TABLE_RULE_OVERHEAD,
    NAPFIRE_TABLE_RULE_OVERHEAD,    NAPFIRE_TABLE_RULE_OVERHEAD,
};
enum {
    F_DISTANCE,
    F_ENFILADE,
    F_SCREEN,
    F_SCREEN_DISTANCE,
    F_ARC,
    F_NEAR_TARGET,
    F_NEAR_BATTERY,
    F_FAR,
    F_CLEAR_LOS,
    F_PENETRATION,
    F_OVERHEAD
};

/* The scene loaded and the shot's settings it is measured under. */
struct measure {
    const napfire_scene *sc;
    const struct nf_rules *rules;
    nf_poly firer, target, screen;
    nf_front front; /* the firer's front edge (F-GEO-3) */
    int artillery, target_square, firer_square;
    int32_t measure, gun, ammo;
    int32_t arm;
    nf_fact fact[FACTS_ARTILLERY];
    int32_t missing[FACTS_ARTILLERY]; /* per fact: the datum it needs */
    int32_t missing_index[FACTS_ARTILLERY][4];
    int unknown;
};

static int array_ok(const napfire_footprint *a, size_t n) {
    return n == 0 || a != NULL;
}

static int check_args(napfire_shot *s, const napfire_scene *sc, size_t *count) {
    if (!s || !sc || !count || !sc->firer || !sc->target || !array_ok(sc->friends, sc->friend_count) ||
        !array_ok(sc->others, sc->other_count))
        return NAPFIRE_EINVAL;
    return NAPFIRE_OK;
}

static int load_all(const napfire_footprint *a, size_t n) {
    nf_poly p;
    for (size_t i = 0; i < n; i++)
        if (napfire__poly_load(&a[i], &p) != NAPFIRE_OK)
            return NAPFIRE_EDOMAIN;
    return NAPFIRE_OK;
}

/* EDOMAIN for the scene: its size, then each footprint in the order firer,
 * target (with the overlap), screen, friends, others (F-GEO-1, F-GEO-2). */
static int load_scene(struct measure *m) {
    const napfire_scene *sc = m->sc;
    size_t room = NAPFIRE_MAX_SCENE - 2 - (sc->screen != NULL);
    if (sc->friend_count > room || sc->other_count > room - sc->friend_count)
        return NAPFIRE_EDOMAIN;
    if (napfire__poly_load(sc->firer, &m->firer) != NAPFIRE_OK ||
        napfire__poly_load(sc->target, &m->target) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    if (napfire__interiors_meet(&m->firer, &m->target))
        return NAPFIRE_EDOMAIN;
    if (sc->screen && napfire__poly_load(sc->screen, &m->screen) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    if (load_all(sc->friends, sc->friend_count) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    return load_all(sc->others, sc->other_count);
}

/* The shot's settings the measure reads, and the screen's refusal as
 * napfire_shot_set() would refuse it (F-GEO-12). */
static int read_shot(struct measure *m, napfire_shot *s) {
    const struct nf_shot *n = napfire__shot_stored(s);
    if (!n)
        return NAPFIRE_ESTATE;
    int32_t arm = nf_u(&n->firer, NAPFIRE_UNIT_ARM);
    m->arm = arm;
    m->artillery = napfire__is_artillery(arm);
    m->firer_square = nf_u(&n->firer, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_SQUARE;
    m->target_square = nf_u(&n->target, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_SQUARE;
    m->measure = nf_s(n, NAPFIRE_SHOT_MEASURE);
    m->gun = nf_u(&n->firer, NAPFIRE_UNIT_GUN);
    m->ammo = nf_s(n, NAPFIRE_SHOT_AMMO);
    return NAPFIRE_OK;
}

static int screen_allowed(napfire_shot *s, const napfire_scene *sc) {
    int32_t param = NAPFIRE_SHOT_SCREEN, one = 1;
    return !sc->screen || napfire__shot_set_all(s, &param, &one, 1, 0) == NAPFIRE_OK;
}

static nf_fact fact_of(int32_t value, int32_t decider) {
    nf_fact f = {value, decider, -1};
    return f;
}

/* F-GEO-3: the front edge, or a square's edge nearest the target (the
 * lowest on a tie), and the range from it, rounded up (F-GEO-4). */
static void range_fact(struct measure *m) {
    int edge = 0;
    nf_ratio best = napfire__distance(&(nf_poly){{m->firer.v[0], m->firer.v[1]}, 2}, &m->target);
    for (int e = 1; m->firer_square && e < 4; e++) {
        nf_poly seg = napfire__segment(m->firer.v[e], m->firer.v[(e + 1) % 4]);
        nf_ratio d = napfire__distance(&seg, &m->target);
        if (napfire__cmp_ratio(d, best) < 0) {
            best = d;
            edge = e;
        }
    }
    m->front = napfire__front(&m->firer, edge);
    m->fact[F_DISTANCE] = fact_of(napfire__half_sqrt_up(best), NAPFIRE_DECIDER_TARGET);
}

/* F-GEO-8: the centre of the firer's front edge strictly between the
 * lines of the target's front and rear edges and not inside it. */
static void enfilade_fact(struct measure *m) {
    nf_pt c = {(m->front.a.x + m->front.b.x) / 2, (m->front.a.y + m->front.b.y) / 2};
    const nf_pt *t = m->target.v;
    int flank = napfire__orient(t[0], t[1], c) < 0 && napfire__orient(t[2], t[3], c) < 0 &&
                !napfire__inside_open(&m->target, c);
    m->fact[F_ENFILADE] = fact_of(!m->target_square && flank, NAPFIRE_DECIDER_TARGET);
}

/* F-GEO-12: the screen's distance to the target, rounded up. */
static void screen_facts(struct measure *m) {
    if (!m->sc->screen) {
        m->fact[F_SCREEN] = fact_of(0, NAPFIRE_DECIDER_NONE);
        m->fact[F_SCREEN_DISTANCE] = fact_of(-1, NAPFIRE_DECIDER_NONE);
        return;
    }
    m->fact[F_SCREEN] = fact_of(1, NAPFIRE_DECIDER_SCREEN);
    m->fact[F_SCREEN_DISTANCE] =
        fact_of(napfire__half_sqrt_up(napfire__distance(&m->screen, &m->target)), NAPFIRE_DECIDER_SCREEN);
}

/* A fact that needs an unknown datum (F-DATA): it names it. */
static void miss(struct measure *m, int fact, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t d) {
    m->unknown = 1;
    m->missing[fact] = kind;
    m->missing_index[fact][0] = a;
    m->missing_index[fact][1] = b;
    m->missing_index[fact][2] = c;
    m->missing_index[fact][3] = d;
}

/* F-GEO-7 against the rule's threshold (F-ART-5). */
static int near_facts(struct measure *m) {
    int32_t limit = 0;
    int st = napfire__threshold(m->rules, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, m->measure, &limit);
    if (st == NAPFIRE_EUNKNOWN) {
        for (int f = F_NEAR_TARGET; f <= F_FAR; f++) {
            m->fact[f] = fact_of(-1, NAPFIRE_DECIDER_NONE);
            miss(m, f, NAPFIRE_MISSING_THRESHOLD, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, m->measure, -1, -1);
        }
        return NAPFIRE_OK;
    }
    if (st != NAPFIRE_OK)
        return st;
    napfire__near_facts(&m->target, m->target_square, &m->front, m->sc->friends, m->sc->friend_count, limit,
                        &m->fact[F_NEAR_TARGET]);
    return NAPFIRE_OK;
}

/* F-GEO-10: roundshot only; the long range is read only when a friend
 * lies on the line beyond the target. */
static int penetration_fact(struct measure *m, const struct nf_sight *s) {
    m->fact[F_PENETRATION] = fact_of(0, NAPFIRE_DECIDER_NONE);
    if (m->ammo == NAPFIRE_AMMO_CANISTER)
        return NAPFIRE_OK;
    int32_t lr = -1;
    int st = napfire__gun_range_max(m->rules, m->gun, m->measure, 2, &lr);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        return st;
    int needs = 0;
    m->fact[F_PENETRATION] = napfire__penetration_fact(s, st == NAPFIRE_OK ? lr : -1, &needs);
    if (needs)
        miss(m, F_PENETRATION, NAPFIRE_MISSING_RANGE, m->gun, m->measure, m->arm, NAPFIRE_BAND_LONG);
    return NAPFIRE_OK;
}

static int artillery_facts(struct measure *m) {
    const napfire_scene *sc = m->sc;
    m->fact[F_ARC] = napfire__sector_fact(&m->front, &m->target, sc->friends, sc->friend_count);
    int st = near_facts(m);
    if (st != NAPFIRE_OK)
        return st;
    struct nf_sight s = {&m->front,        &m->firer,       &m->target,       sc->friends,      sc->others,
                         sc->friend_count, sc->other_count, sc->firer->level, sc->target->level};
    m->fact[F_CLEAR_LOS] = napfire__clear_los_fact(&s);
    st = penetration_fact(m, &s);
    if (st != NAPFIRE_OK)
        return st;
    napfire__overhead_facts(&s, &m->fact[F_OVERHEAD]);
    return NAPFIRE_OK;
}

static void write_facts(const struct measure *m, size_t n, napfire_measured *out) {
    for (size_t i = 0; i < n; i++) {
        napfire_measured f;
        memset(&f, 0, sizeof f);
        f.param = fact_param[i];
        f.value = m->fact[i].value;
        f.decider = m->fact[i].decider;
        f.decider_index = m->fact[i].index;
        f.rule = fact_rule[i];
        f.missing = m->missing[i];
        for (int k = 0; k < 4; k++)
            f.missing_index[k] = m->missing[i] ? m->missing_index[i][k] : -1;
        out[i] = f;
    }
}

/* Everything before a fact is measured: the errors in the order the
 * header gives. */
static int prepare(struct measure *m, napfire_shot *s, const napfire_rules *rules) {
    if (NF_MISALIGNED2(s, rules))
        return NAPFIRE_EALIGN;
    int st = read_shot(m, s);
    if (st != NAPFIRE_OK)
        return st;
    /* Not rules at all: ESTATE here; a damaged section is ESTATE when a
     * fact reads it (rules_data.h). */
    m->rules = napfire__rules_resolve(rules, &st);
    if (st != NAPFIRE_OK)
        return NAPFIRE_ESTATE;
    st = load_scene(m);
    if (st != NAPFIRE_OK)
        return st;
    return screen_allowed(s, m->sc) ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
}

int napfire_shot_measure(napfire_shot *s, const napfire_rules *rules, const napfire_scene *scene,
                         napfire_measured *facts, size_t cap, size_t *count) {
    int st = check_args(s, scene, count);
    if (st != NAPFIRE_OK)
        return st;
    struct measure m;
    memset(&m, 0, sizeof m);
    m.sc = scene;
    st = prepare(&m, s, rules);
    if (st != NAPFIRE_OK)
        return st;
    size_t needed = m.artillery ? FACTS_ARTILLERY : FACTS_INFANTRY;
    if (facts && cap < needed) {
        *count = needed;
        return NAPFIRE_ENOSPC;
    }
    range_fact(&m);
    enfilade_fact(&m);
    screen_facts(&m);
    st = m.artillery ? artillery_facts(&m) : NAPFIRE_OK;
    if (st == NAPFIRE_OK && !m.unknown) {
        int32_t values[FACTS_ARTILLERY];
        for (size_t i = 0; i < needed; i++)
            values[i] = m.fact[i].value;
        st = napfire__shot_set_all(s, fact_param, values, needed, NF_SET_STORE | NF_SET_DEFAULTS);
    }
    if (st != NAPFIRE_OK)
        return st;
    *count = needed;
    if (facts)
        write_facts(&m, needed, facts);
    return m.unknown ? NAPFIRE_EUNKNOWN : NAPFIRE_OK;
}

static const char *const decider_names[] = {"NONE", "FIRER", "TARGET", "SCREEN", "FRIEND", "OTHER"};
static const char *const rule_names[] = {
    [NAPFIRE_TABLE_RULE_RANGE] = "RANGE",         [NAPFIRE_TABLE_RULE_SECTOR] = "SECTOR",
    [NAPFIRE_TABLE_RULE_NEAR] = "NEAR",           [NAPFIRE_TABLE_RULE_ENFILADE] = "ENFILADE",
    [NAPFIRE_TABLE_RULE_CLEAR_LOS] = "CLEAR_LOS", [NAPFIRE_TABLE_RULE_PENETRATION] = "PENETRATION",
    [NAPFIRE_TABLE_RULE_OVERHEAD] = "OVERHEAD",   [NAPFIRE_TABLE_RULE_SCREEN] = "SCREEN",
};
static const char *const rule_ids[] = {
    [NAPFIRE_TABLE_RULE_RANGE] = "F-GEO-3, F-GEO-4, F-RNG-4, F-ART-1",
    [NAPFIRE_TABLE_RULE_SECTOR] = "F-GEO-6, F-ART-4",
    [NAPFIRE_TABLE_RULE_NEAR] = "F-GEO-5, F-GEO-7, F-ART-5",
    [NAPFIRE_TABLE_RULE_ENFILADE] = "F-GEO-8, F-MOD-9",
    [NAPFIRE_TABLE_RULE_CLEAR_LOS] = "F-GEO-9, F-ART-5",
    [NAPFIRE_TABLE_RULE_PENETRATION] = "F-GEO-10, F-ART-6",
    [NAPFIRE_TABLE_RULE_OVERHEAD] = "F-GEO-11, F-ART-7",
    [NAPFIRE_TABLE_RULE_SCREEN] = "F-GEO-12, F-SCR-1, F-SCR-2",
};
static const struct name_table table_enums[] = {
    [NAPFIRE_TABLE_ENUM_DECIDER] = NAME_TABLE(decider_names),
    [NAPFIRE_TABLE_ENUM_RULE] = NAME_TABLE(rule_names),
};

const char *napfire_table_enum_name(int32_t enumeration, int32_t value) {
    return napfire__name_of(table_enums, NF_COUNT(table_enums), enumeration, value);
}

const char *napfire_table_rule_id(int32_t rule) {
    if (rule < 0 || (size_t)rule >= NF_COUNT(rule_ids) || !rule_ids[rule])
        return "unknown";
    return rule_ids[rule];
}
