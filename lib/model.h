/* SPDX-License-Identifier: MIT */
/*
 * The unit and shot layouts: the enumeration counts they are sized by, the
 * bit-packed parameter fields, and the shot's digest. Nothing here is ABI
 * except that each layout must fit its public storage, which the
 * _Static_asserts below enforce.
 */
#ifndef NAPFIRE_MODEL_H
#define NAPFIRE_MODEL_H

#include "common.h"

#define NF_UNIT_PARAM_FIRST NAPFIRE_UNIT_ARM
#define NF_UNIT_PARAM_LAST NAPFIRE_UNIT_UNLIMBERED_THIS_TURN
#define NF_UNIT_NPARAMS (NF_UNIT_PARAM_LAST - NF_UNIT_PARAM_FIRST + 1)
#define NF_SHOT_PARAM_FIRST NAPFIRE_SHOT_MEASURE
#define NF_SHOT_PARAM_LAST NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY
#define NF_SHOT_NPARAMS (NF_SHOT_PARAM_LAST - NF_SHOT_PARAM_FIRST + 1)

#define NF_ARMS 5
#define NF_NATIONS 9
#define NF_CLASSES 7
#define NF_FORMATIONS 10
#define NF_WEAPONS 3
#define NF_COVERS 4
#define NF_MEASURES 2
#define NF_GUNS 5
#define NF_AMMOS 2
#define NF_REASONS 16
#define NF_THRESHOLDS 9
#define NF_ROW_THRESHOLDS 4 /* ROW_2 .. ROW_5 */
#define NF_FIRES 2

#define NF_MOVED 3

/* Every count above is its enumeration's size: a value added to a public
 * enum must grow the count (and the tables it sizes) with it. */
/* One X per line, so a new enumeration is one line; clang-format would
 * pack the list into one paragraph that it then re-wraps on every pass. */
// clang-format off
#define NF_ENUM_COUNTS(X) \
    X(NF_ARMS, NAPFIRE_ARM_HORSE_ARTILLERY) \
    X(NF_NATIONS, NAPFIRE_NATION_RUSSIA) \
    X(NF_CLASSES, NAPFIRE_CLASS_MILITIA) \
    X(NF_FORMATIONS, NAPFIRE_FORMATION_UNLIMBERED) \
    X(NF_WEAPONS, NAPFIRE_WEAPON_SHARPSHOOTER) \
    X(NF_COVERS, NAPFIRE_COVER_BUILDINGS) \
    X(NF_MOVED, NAPFIRE_MOVED_MORE) \
    X(NF_MEASURES, NAPFIRE_MEASURE_IMPERIAL) \
    X(NF_GUNS, NAPFIRE_GUN_HOWITZER) \
    X(NF_AMMOS, NAPFIRE_AMMO_CANISTER) \
    X(NF_REASONS, NAPFIRE_REASON_OVERHEAD_CANISTER) \
    X(NF_THRESHOLDS, NAPFIRE_THRESHOLD_GUARD_CAP) \
    X(NF_FIRES, NAPFIRE_FIRE_ARTILLERY)
// clang-format on
#define NF_COUNT_IS_LAST_PLUS_ONE(count, last) _Static_assert((count) == (last) + 1, #count);
NF_ENUM_COUNTS(NF_COUNT_IS_LAST_PLUS_ONE)
_Static_assert(NF_ROW_THRESHOLDS == NAPFIRE_THRESHOLD_ROW_5 - NAPFIRE_THRESHOLD_ROW_2 + 1, "NF_ROW_THRESHOLDS");

#define NF_ROWS 5
#define NF_COLUMNS 9
#define NF_ART_BANDS 3 /* canister, effective, long */
#define NF_MOD_IDS 20  /* indexed by NAPFIRE_MOD_*, 0 unused */
#define NF_VARIANTS 2
_Static_assert(NF_ART_BANDS == NAPFIRE_BAND_LONG - NAPFIRE_BAND_CANISTER + 1, "NF_ART_BANDS");
_Static_assert(NF_MOD_IDS == NAPFIRE_MOD_MOVED_HALF + 1, "NF_MOD_IDS");

/*
 * Parameters are stored packed: each in a bit field of one 64-bit word,
 * as value - bias (bias: the lowest storable value, -1 for "none", -10
 * for the house rule). A unit is one word and a shot's own parameters
 * three, so a shot with both units and its digest seals in eleven words.
 * params.c checks every field's width against the parameter's bounds.
 */
struct nf_field {
    uint8_t word, shift, width;
    int8_t bias;
};

// clang-format off
#define NF_UNIT_LAYOUT(X) \
    X(NAPFIRE_UNIT_ARM, 0, 0, 3, 0) \
    X(NAPFIRE_UNIT_NATION, 0, 3, 4, 0) \
    X(NAPFIRE_UNIT_CLASS, 0, 7, 3, 0) \
    X(NAPFIRE_UNIT_FORMATION, 0, 10, 4, 0) \
    X(NAPFIRE_UNIT_FIGURES, 0, 14, 14, 0) \
    X(NAPFIRE_UNIT_WEAPON, 0, 28, 2, 0) \
    X(NAPFIRE_UNIT_GUN, 0, 30, 3, 0) \
    X(NAPFIRE_UNIT_COVER, 0, 33, 2, 0) \
    X(NAPFIRE_UNIT_MOVED, 0, 35, 2, 0) \
    X(NAPFIRE_UNIT_DISORDERED, 0, 37, 1, 0) \
    X(NAPFIRE_UNIT_FIRED_LAST_TURN, 0, 38, 1, 0) \
    X(NAPFIRE_UNIT_FIRED_THIS_TURN, 0, 39, 1, 0) \
    X(NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 0, 40, 1, 0) \
    X(NAPFIRE_UNIT_CHARGING, 0, 41, 1, 0) \
    X(NAPFIRE_UNIT_MASSED_BATTERY, 0, 42, 1, 0) \
    X(NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 0, 43, 1, 0)
#define NF_SHOT_LAYOUT(X) \
    X(NAPFIRE_SHOT_MEASURE, 0, 0, 1, 0) \
    X(NAPFIRE_SHOT_DISTANCE, 0, 1, 20, -1) \
    X(NAPFIRE_SHOT_ENFILADE, 0, 21, 1, 0) \
    X(NAPFIRE_SHOT_FIRING_FIGURES, 0, 22, 14, 0) \
    X(NAPFIRE_SHOT_SCREEN, 0, 36, 1, 0) \
    X(NAPFIRE_SHOT_SCREEN_DISTANCE, 0, 37, 20, -1) \
    X(NAPFIRE_SHOT_AMMO, 0, 57, 1, 0) \
    X(NAPFIRE_SHOT_EXTRA_MODIFIER, 0, 58, 5, -10) \
    X(NAPFIRE_SHOT_FRIEND_IN_ARC, 1, 0, 1, 0) \
    X(NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 1, 1, 20, -1) \
    X(NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, 1, 21, 20, -1) \
    X(NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 1, 41, 20, -1) \
    X(NAPFIRE_SHOT_CLEAR_LOS, 1, 61, 1, 0) \
    X(NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 1, 62, 1, 0) \
    X(NAPFIRE_SHOT_OVERHEAD, 2, 0, 1, 0) \
    X(NAPFIRE_SHOT_BATTERY_HIGHER, 2, 1, 1, 0) \
    X(NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 2, 2, 20, -1) \
    X(NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 2, 22, 20, -1)
// clang-format on
#define NF_UNIT_FIELD(param, word, shift, width, bias) [(param)-NF_UNIT_PARAM_FIRST] = {word, shift, width, bias},
#define NF_SHOT_FIELD(param, word, shift, width, bias) [(param)-NF_SHOT_PARAM_FIRST] = {word, shift, width, bias},
static const struct nf_field nf_unit_fields[NF_UNIT_NPARAMS] = {NF_UNIT_LAYOUT(NF_UNIT_FIELD)};
static const struct nf_field nf_shot_fields[NF_SHOT_NPARAMS] = {NF_SHOT_LAYOUT(NF_SHOT_FIELD)};
#undef NF_UNIT_FIELD
#undef NF_SHOT_FIELD
#define NF_SHOT_WORDS 3

static inline int32_t napfire__field_get(const uint64_t *words, const struct nf_field *f) {
    return (int32_t)((words[f->word] >> f->shift) & ((UINT64_C(1) << f->width) - 1)) + f->bias;
}

/* The caller has checked value against the parameter's bounds. */
static inline void napfire__field_put(uint64_t *words, const struct nf_field *f, int32_t value) {
    uint64_t mask = ((UINT64_C(1) << f->width) - 1) << f->shift;
    uint64_t v = ((uint64_t)(uint32_t)(value - f->bias) << f->shift) & mask;
    words[f->word] = (words[f->word] & ~mask) | v;
}

/* A unit's parameters; inside a shot, the shot's copy of one. */
struct nf_unit {
    uint64_t bits;
};

/* The storage of a napfire_unit. */
struct nf_unit_obj {
    uint32_t magic;
    uint32_t zero;
    struct nf_unit u;
    uint64_t seal;
};

/* Modifier items a shot can carry at most (F-MOD: one class item, three
 * firer conditions, six target conditions). */
#define NF_DIGEST_MODS 12

/* What resolve needs of a shot, derived once when the shot is set
 * (digest.c) from its validated parameters, so that a resolution reads a
 * few bytes instead of deciding them again. */
struct nf_digest {
    uint32_t reasons;        /* the verdicts that need no rules data */
    int32_t distance;        /* -1: not given */
    int32_t screen_distance; /* -1: no screen */
    int16_t row_figures;     /* firing figures (F-TAB-1) */
    int16_t star_figures;    /* the firer's current strength (F-TAB-4) */
    uint8_t path;            /* NF_PATH_*: which fast resolution applies */
    uint8_t weapon;          /* weapon (musketry) or gun (artillery) */
    uint8_t measure;
    uint8_t row_cap;      /* F-TAB-2 */
    uint8_t second_class; /* F-CAS-2 */
    uint8_t guard;        /* F-MOD-G applies */
    int8_t extra;         /* F-MOD-E */
    uint8_t nmods;
    uint8_t mods[NF_DIGEST_MODS]; /* NF_MOD_SLOT(id, variant), in breakdown order */
    uint8_t screen;               /* a screen covers the target (F-SCR-1/2) */
    uint8_t plain_net;            /* no Guard cap, no exclusive -4: the net is the sum */
    uint8_t ammo;                 /* artillery: NAPFIRE_AMMO_* */
    uint8_t friends_near;         /* artillery: a friend near the target or battery given (F-ART-5) */
};
#define NF_MOD_SLOT(id, variant) ((uint8_t)((id)*2 + (variant)))
/* The digest's mods past nmods: no modifier's slot (a batch's plan reads
 * the first four whatever their count, and counts this one as 0). */
#define NF_MOD_SLOT_NONE 0xFFu
enum {
    NF_PATH_FULL = 0,     /* only the full resolution (resolve.c) */
    NF_PATH_MUSKETRY = 1, /* infantry fire the tables cover, no data-free verdict against it */
    NF_PATH_ARTILLERY = 2 /* artillery fire, likewise, not overhead */
};

struct nf_shot {
    uint32_t magic;
    uint32_t zero;
    struct nf_unit firer;
    struct nf_unit target;
    uint64_t bits[NF_SHOT_WORDS];
    struct nf_digest dg;
    uint64_t seal;
};

static inline int32_t nf_u(const struct nf_unit *u, int32_t param) {
    return napfire__field_get(&u->bits, &nf_unit_fields[param - NF_UNIT_PARAM_FIRST]);
}
static inline int32_t nf_s(const struct nf_shot *s, int32_t param) {
    return napfire__field_get(s->bits, &nf_shot_fields[param - NF_SHOT_PARAM_FIRST]);
}

_Static_assert(sizeof(struct nf_unit_obj) <= NAPFIRE_UNIT_SIZE, "unit layout fits");
_Static_assert(sizeof(struct nf_shot) <= NAPFIRE_SHOT_SIZE, "shot layout fits");
_Static_assert(_Alignof(struct nf_unit_obj) <= 8, "unit alignment");
_Static_assert(_Alignof(struct nf_shot) <= 8, "shot alignment");
_Static_assert(offsetof(struct nf_unit_obj, seal) % 8 == 0, "unit seal aligned");
_Static_assert(offsetof(struct nf_shot, seal) % 8 == 0, "shot seal aligned");
_Static_assert(sizeof(struct nf_digest) % 8 == 0, "digest fills whole words");
_Static_assert(sizeof(napfire_unit) == NAPFIRE_UNIT_SIZE, "public unit size");
_Static_assert(sizeof(napfire_shot) == NAPFIRE_SHOT_SIZE, "public shot size");
_Static_assert(_Alignof(napfire_unit) == 8, "public unit alignment");
_Static_assert(_Alignof(napfire_shot) == 8, "public shot alignment");

/* Views of the public storage. The public types are unions of bytes and a
 * uint64_t, 8-aligned, so the casts are aligned and within bounds. */
#define NF_UNIT(u) ((struct nf_unit_obj *)(void *)(u)->opaque_)
#define NF_CUNIT(u) ((const struct nf_unit_obj *)(const void *)(u)->opaque_)
#define NF_SHOT(s) ((struct nf_shot *)(void *)(s)->opaque_)
#define NF_CSHOT(s) ((const struct nf_shot *)(const void *)(s)->opaque_)

/* Inline: resolve asks these several times per shot, across files. */
static inline int napfire__is_infantry(int32_t arm) {
    return arm == NAPFIRE_ARM_LINE_INFANTRY || arm == NAPFIRE_ARM_LIGHT_INFANTRY;
}
static inline int napfire__is_artillery(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

/* params.c: every parameter's bounds, default and the arms it applies to
 * (for a shot parameter, the firer's arm), and whether the parameters are
 * a unit or shot the setters could have made (bounds, formations per arm,
 * the shot's facts against its units). */
struct nf_param_spec {
    int32_t lo, hi, def;
    uint32_t arms; /* bit NAPFIRE_ARM_*: the parameter applies */
};
/* The spec of a unit or shot parameter; NULL for any other value. */
const struct nf_param_spec *napfire__param_spec(int32_t param);
int napfire__unit_valid(const struct nf_unit *u);
int napfire__shot_valid(const struct nf_shot *s);

/* units.c: the one path by which a shot's parameters change
 * (napfire_shot_set() and the table measure). The stored shot when it is
 * sealed and valid, else NULL; and count parameters set on a copy, each
 * checked as napfire_shot_set() checks it, the copy stored (with
 * NF_SET_STORE) only when all pass: NAPFIRE_ESTATE or the first refusal,
 * the shot unchanged. NF_SET_DEFAULTS also takes a parameter's default
 * ("not given", as after init), which a caller cannot set: the measure
 * clears what an earlier scene set (F-GEO-12, F-GEO-13). */
enum {
    NF_SET_STORE = 1,
    NF_SET_DEFAULTS = 2
};
const struct nf_shot *napfire__shot_stored(const napfire_shot *s);
int napfire__shot_set_all(napfire_shot *s, const int32_t *params, const int32_t *values, size_t count, int flags);

#endif /* NAPFIRE_MODEL_H */
