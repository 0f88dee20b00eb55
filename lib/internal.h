/* SPDX-License-Identifier: MIT */
/*
 * Private layouts of the opaque value types and the helpers the library's
 * source files share. Nothing here is ABI except that each layout must fit
 * its public storage, which the _Static_asserts below enforce.
 */
#ifndef NAPFIRE_INTERNAL_H
#define NAPFIRE_INTERNAL_H

#ifndef NAPFIRE_BUILDING
#  define NAPFIRE_BUILDING 1
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "napfire.h"

#define NF_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The names of one enumeration, indexed by value (NULL: no such value). */
struct name_table {
    const char *const *names;
    size_t count;
};

#define NAME_TABLE(t) \
  { t, NF_COUNT(t) }

/* The name of value in enumeration of a table of name tables indexed by
 * enumeration (napfire_enum_name, napfire_hex_enum_name); "unknown" for
 * anything outside them. */
static inline const char *napfire__name_of(const struct name_table *tables, size_t ntables, int32_t enumeration,
                                           int32_t value) {
    if (enumeration < 0 || (size_t)enumeration >= ntables)
        return "unknown";
    const struct name_table *t = &tables[enumeration];
    if (value < 0 || (size_t)value >= t->count || t->names == NULL || t->names[value] == NULL)
        return "unknown";
    return t->names[value];
}

/* Magic values are distinct per type so that one object's bytes copied into
 * another type's storage are rejected as well as garbage is. */
#define NF_UNIT_MAGIC 0x4E465531u  /* "NFU1" */
#define NF_SHOT_MAGIC 0x4E465331u  /* "NFS1" */
#define NF_RULES_MAGIC 0x4E465231u /* "NFR1" */

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

#define NF_NAME_CAP 64
#define NF_EDITION_CAP 32
#define NF_SOURCE_CAP 128

/* The largest number of breakdown items one shot can produce: every
 * modifier id once, plus EXTRA. */
#define NF_MAX_ITEMS 20

/*
 * Integrity seals. Every mutator of a unit, a shot or a rules object ends
 * by writing a 64-bit seal over the storage it keeps; every reader checks
 * the seal of what it reads before trusting it, so storage changed behind
 * the library's back (garbage, a stale or half-copied object, even a
 * "valid" value poked into a field) is NAPFIRE_ESTATE. The seal guards
 * against accidents, not forgers: every value used as an index is still
 * range-checked where it is used, so a forged seal cannot make the
 * library read outside an object. Seals hash contents only, never
 * addresses, so an object stays valid when copied byte for byte.
 *
 * The seal is key + sum of word_i * K_i (mod 2^64), K_i = G * (2i + 1)
 * mod 2^31 with G odd: every K_i is odd, so a change to any one word
 * always changes the seal (an odd K_i is invertible mod 2^64), and the
 * K_i are distinct (G is invertible mod 2^31), so swapping two words
 * changes it too, unless they differ by a multiple of a large power of
 * two. A mixing step after the sum would add nothing to an equality test
 * (it would be a bijection), so there is none. The multipliers fit a
 * 32-bit immediate and the loop is unrolled for the constant sizes the
 * callers pass, so a word costs two instructions (a multiply from memory
 * by an immediate and an add), which is what lets the hot path check a
 * seal on every call.
 */
static inline uint64_t napfire__load64(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

#define NF_SEAL_G UINT64_C(0x9E3779B9)
#if defined(__clang__)
#  define NF_UNROLL _Pragma("unroll 32")
#elif defined(__GNUC__) && __GNUC__ >= 8
#  define NF_UNROLL _Pragma("GCC unroll 32")
#else
#  define NF_UNROLL
#endif

static inline uint64_t napfire__seal(const void *storage, size_t words, uint64_t key) {
    const unsigned char *p = (const unsigned char *)storage;
    uint64_t h = key;
    NF_UNROLL
    for (size_t i = 0; i < words; i++)
        h += napfire__load64(p + 8 * i) * ((NF_SEAL_G * (2 * i + 1)) & UINT64_C(0x7FFFFFFF));
    return h;
}

/* The words before the seal field of a struct that ends with one. */
#define NF_SEALED_WORDS(type) (offsetof(type, seal) / 8)
#define NF_SEAL_OF(ptr, type, key) napfire__seal((ptr), NF_SEALED_WORDS(type), (key))

/* For a cold path that must not swell a hot caller's frame. */
#if defined(__GNUC__) || defined(__clang__)
#  define NF_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#  define NF_NOINLINE __declspec(noinline)
#else
#  define NF_NOINLINE
#endif

/* Forced inlining only where the compiler optimises: unoptimised (the
 * coverage build), a forced copy per caller would split each condition
 * into one branch pair per copy, and a copy specialised for a constant
 * argument never takes the other side, so coverage would count the
 * copies, not the source. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
/* A hot entry point that takes its steps inline, though a step shared
 * with a colder caller is only inline there where the compiler likes. */
#  define NF_FLATTEN __attribute__((flatten))
/* A hot step whose call would cost as much as its body, or that must be
 * specialised for a constant argument. */
#  define NF_HOT_INLINE static inline __attribute__((always_inline))
#else
#  define NF_FLATTEN
#  define NF_HOT_INLINE static inline
#endif

/* Per-type keys: one type's sealed bytes in another type's storage, or
 * one rules section copied over another, do not match. */
#define NF_UNIT_KEY 0x6E61706669726555u
#define NF_SHOT_KEY 0x6E61706669726553u
#define NF_RULES_KEY 0x6E61706669726552u

/*
 * Parameters are stored packed: each in a bit field of one 64-bit word,
 * as value - bias (bias: the lowest storable value, -1 for "none", -10
 * for the house rule). A unit is one word and a shot's own parameters
 * three, so a shot with both units and its digest seals in eleven words.
 * units.c checks every field's width against the parameter's bounds.
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
 * (units.c) from its validated parameters, so that a resolution reads a
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

/*
 * Rules data in sealed sections, each as small as the values it holds
 * allow: a resolution checks the seals of the few sections it reads (a
 * musketry row, its weapon's ranges, the musketry thresholds and
 * modifiers), never the whole object. The object's own seal covers the
 * section seals, so it changes with any section.
 */
#define NF_CELL_UNKNOWN 0xFFu   /* a table cell not known */
#define NF_MOD_UNKNOWN INT8_MIN /* a modifier value not known */
_Static_assert(NAPFIRE_MAX_CELL_HALVES < NF_CELL_UNKNOWN, "cells fit a byte");
_Static_assert(NAPFIRE_MAX_MODIFIER < 127, "modifiers fit a signed byte");

struct nf_mrow { /* one musketry row (F-TAB) */
    uint8_t cell[NF_COLUMNS];
    uint8_t star[NF_COLUMNS];
    uint8_t zero[6];
    uint64_t seal;
};
struct nf_wrange { /* one infantry weapon's band maxima (F-RNG) */
    int32_t max[NF_MEASURES][2];
    uint64_t seal;
};
struct nf_grange { /* one gun's band maxima (F-ART-1) */
    int32_t max[NF_MEASURES][NF_ART_BANDS];
    uint64_t seal;
};
struct nf_arows { /* one gun and ammunition's three band rows (F-ART-1) */
    uint8_t cell[NF_ART_BANDS][NF_COLUMNS];
    uint8_t zero[5];
    uint64_t seal;
};
struct nf_mods { /* one fire kind's modifier values (F-MOD, F-ART-1/3) */
    int8_t v[NF_MOD_IDS][NF_VARIANTS];
    uint64_t seal;
};
/* Thresholds in two sections by who reads them; counts hold one value for
 * both measures, distances one per measure. */
#define NF_MTHR_SLOTS 8 /* ROW_2..ROW_5, STAR_FIGURES, GUARD_CAP, SCREEN x 2 */
#define NF_ATHR_SLOTS 4 /* LONG_RANGE_CLEARANCE x 2, OVERHEAD_CLEARANCE x 2 */
struct nf_mthr {
    int32_t v[NF_MTHR_SLOTS];
    uint64_t seal;
};
struct nf_athr {
    int32_t v[NF_ATHR_SLOTS];
    uint64_t seal;
};
struct nf_prov {
    char name[NF_NAME_CAP];
    char edition[NF_EDITION_CAP];
    char source[NF_SOURCE_CAP];
    uint64_t seal;
};

struct nf_rules {
    uint32_t magic;
    uint32_t zero;
    struct nf_mrow musketry[NF_ROWS];
    struct nf_wrange range[NF_WEAPONS];
    struct nf_grange gun_range[NF_GUNS];
    struct nf_arows artillery[NF_GUNS][NF_AMMOS];
    struct nf_mods modifier[NF_FIRES];
    struct nf_mthr mthr;
    struct nf_athr athr;
    struct nf_prov prov;
    uint64_t seal; /* over magic, zero and the section seals */
};

/* The sections in storage order, for sealing and checking them all. */
#define NF_SECTIONS(X) \
  X(musketry[0], NF_ROWS, struct nf_mrow) \
  X(range[0], NF_WEAPONS, struct nf_wrange) \
  X(gun_range[0], NF_GUNS, struct nf_grange) \
  X(artillery[0][0], NF_GUNS *NF_AMMOS, struct nf_arows) \
  X(modifier[0], NF_FIRES, struct nf_mods) \
  X(mthr, 1, struct nf_mthr) \
  X(athr, 1, struct nf_athr) \
  X(prov, 1, struct nf_prov)

/* A section's seal: the key differs per section position, so a section
 * copied over another is noticed. */
#define NF_SECTION_SEAL(ptr, type, index) NF_SEAL_OF((ptr), type, NF_RULES_KEY + 2u * (uint64_t)(index) + 1u)
#define NF_SECTION_OK(ptr, type, index) (NF_SECTION_SEAL((ptr), type, (index)) == (ptr)->seal)

/* The section indices used as seal keys. */
enum {
    NF_SEC_MROW = 0,
    NF_SEC_WRANGE = NF_SEC_MROW + NF_ROWS,
    NF_SEC_GRANGE = NF_SEC_WRANGE + NF_WEAPONS,
    NF_SEC_AROWS = NF_SEC_GRANGE + NF_GUNS,
    NF_SEC_MODS = NF_SEC_AROWS + NF_GUNS * NF_AMMOS,
    NF_SEC_MTHR = NF_SEC_MODS + NF_FIRES,
    NF_SEC_ATHR = NF_SEC_MTHR + 1,
    NF_SEC_PROV = NF_SEC_ATHR + 1,
    NF_SEC_COUNT = NF_SEC_PROV + 1
};

_Static_assert(sizeof(struct nf_unit_obj) <= NAPFIRE_UNIT_SIZE, "unit layout fits");
_Static_assert(sizeof(struct nf_shot) <= NAPFIRE_SHOT_SIZE, "shot layout fits");
_Static_assert(sizeof(struct nf_rules) <= NAPFIRE_RULES_SIZE, "rules layout fits");
_Static_assert(_Alignof(struct nf_unit_obj) <= 8, "unit alignment");
_Static_assert(_Alignof(struct nf_shot) <= 8, "shot alignment");
_Static_assert(_Alignof(struct nf_rules) <= 8, "rules alignment");
/* Seals follow whole words, with no padding before them. */
_Static_assert(offsetof(struct nf_unit_obj, seal) % 8 == 0, "unit seal aligned");
_Static_assert(offsetof(struct nf_shot, seal) % 8 == 0, "shot seal aligned");
_Static_assert(offsetof(struct nf_mrow, seal) == 24 && offsetof(struct nf_arows, seal) == 32, "rows packed");
_Static_assert(offsetof(struct nf_mods, seal) == 40 && offsetof(struct nf_prov, seal) % 8 == 0, "sections packed");
_Static_assert(sizeof(struct nf_digest) % 8 == 0, "digest fills whole words");
_Static_assert(sizeof(napfire_unit) == NAPFIRE_UNIT_SIZE, "public unit size");
_Static_assert(sizeof(napfire_shot) == NAPFIRE_SHOT_SIZE, "public shot size");
_Static_assert(sizeof(napfire_rules) == NAPFIRE_RULES_SIZE, "public rules size");
_Static_assert(_Alignof(napfire_unit) == 8, "public unit alignment");
_Static_assert(_Alignof(napfire_shot) == 8, "public shot alignment");
_Static_assert(_Alignof(napfire_rules) == 8, "public rules alignment");

/* Views of the public storage. The public types are unions of bytes and a
 * uint64_t, 8-aligned, so the casts are aligned and within bounds. */
#define NF_UNIT(u) ((struct nf_unit_obj *)(void *)(u)->opaque_.bytes)
#define NF_CUNIT(u) ((const struct nf_unit_obj *)(const void *)(u)->opaque_.bytes)
#define NF_SHOT(s) ((struct nf_shot *)(void *)(s)->opaque_.bytes)
#define NF_CSHOT(s) ((const struct nf_shot *)(const void *)(s)->opaque_.bytes)
#define NF_RULES(r) ((struct nf_rules *)(void *)(r)->opaque_.bytes)
#define NF_CRULES(r) ((const struct nf_rules *)(const void *)(r)->opaque_.bytes)

/* resolve.c: a resolution in two parts, so that callers resolving one
 * shot for many rolls (the distribution) validate and decide the
 * roll-independent part once. napfire__resolve_prepare() returns
 * OK with a final forbidden result or a permitted one for
 * napfire__resolve_roll(), or EUNKNOWN with a final result, or an error;
 * *decided says whether every verdict was decided (set on OK and EUNKNOWN:
 * 0 when the unknown datum left a clause open, 1 when it lies past the
 * verdicts, in the modifiers). */
int napfire__resolve_prepare(const struct nf_shot *n, const struct nf_rules *r, napfire_result *res, int *decided);
int napfire__resolve_roll(const struct nf_shot *n, const struct nf_rules *r, const napfire_result *prepared,
                          int32_t roll_2d6, int32_t half_die, napfire_result *out);
/* The fast path (resolve.c): a permitted musketry or artillery shot with
 * all its data known, from the digest and the sealed sections (check:
 * whether to check section seals; not for the built-in data).
 * napfire__fast_prepare() returns 1 with *f for the rolls (the
 * distribution's), or 0 for the full path to decide. */
struct nf_fast {
    int32_t band, net, row;
    int32_t path;      /* NF_PATH_MUSKETRY or NF_PATH_ARTILLERY */
    int32_t gun, ammo; /* artillery: the rows' section, range-checked */
    int32_t screens;   /* a screen takes the first casualty (F-SCR-1/3) */
};
int napfire__fast_prepare(const struct nf_shot *n, const struct nf_rules *r, int check, struct nf_fast *f);
/* napfire_shot_resolve(), for a caller that has checked every seal of the
 * rules (rules_intact 1): the fast path then checks none of them again.
 * A batch checks them once (napfire__batch_rules_intact()) and passes the
 * answer; when a seal does not match, every shot checks what it reads, as
 * single calls do, so a batch answers exactly as its single calls would. */
int napfire__resolve(const napfire_shot *s, const napfire_rules *rules, int rules_intact, int32_t roll_2d6,
                     int32_t half_die, napfire_result *out);
/* Batches from this size check the rules once (about 1.5 KB hashed). */
#define NF_BATCH_CHECK_ONCE 8
int napfire__batch_rules_intact(const napfire_rules *rules, size_t n);
/* A batch's plan (resolve.c): whether the rules' seals all matched when
 * the batch began and, when they did (or for the built-in data) and the
 * batch has NF_BATCH_PLAN shots or more, the musketry values the fast
 * path checks on every shot, checked once with the same tests, so that a
 * planned shot answers as its single call would and declines where it
 * would. Building it costs about as much as 25 shots save. */
#define NF_BATCH_PLAN 32
struct nf_plan {
    int intact;   /* skip the per-shot section checks */
    int musketry; /* the values below are filled */
    int rows_ok;  /* row thresholds known, increasing and in range */
    int32_t star; /* the star threshold (F-TAB-4), when starred cells can be read */
    int32_t eff[NF_WEAPONS][NF_MEASURES], lng[NF_WEAPONS][NF_MEASURES];
    uint8_t range_ok[NF_WEAPONS][NF_MEASURES];
    int32_t screen[NF_MEASURES]; /* -1: the shot goes the single call's way */
    int32_t row[NF_ROW_THRESHOLDS];
    /* Musketry modifier values (F-MOD) by any byte a digest's slot can
     * hold, plus NF_PLAN_BIAS (NF_MOD_SLOT_NONE: 0), or NF_PLAN_BAD where
     * the single call's fast path would decline or no modifier has the
     * slot: a shot's at most NF_DIGEST_MODS items sum to less than
     * NF_PLAN_BAD unless one is bad. */
    uint16_t mod[256];
    /* [row][star reached][column]: half figures with the star applied;
     * NF_CELL_UNKNOWN where the single call's fast path would decline. */
    uint8_t cell[NF_ROWS][2][16];
};
#define NF_PLAN_BIAS 32
#define NF_PLAN_BAD 1024
_Static_assert((NF_PLAN_BIAS + NAPFIRE_MAX_MODIFIER) * NF_DIGEST_MODS < NF_PLAN_BAD, "NF_PLAN_BAD");
_Static_assert(NF_PLAN_BIAS > NAPFIRE_MAX_MODIFIER && NF_COLUMNS <= 16 && NF_DIGEST_MODS >= 4, "plan layout");
_Static_assert(NF_MOD_SLOT(NF_MOD_IDS - 1, NF_VARIANTS - 1) < NF_MOD_SLOT_NONE,
               "no modifier's slot is NF_MOD_SLOT_NONE");
void napfire__plan_init(const napfire_rules *rules, size_t n, struct nf_plan *p);
/* A musketry cell the fast path reads: known, and a star only on an even
 * cell of 2 or more (the setter's rule, checked against a forged seal). */
static inline int napfire__fast_cell_ok(uint8_t cell, uint8_t starred) {
    return !(cell > NAPFIRE_MAX_CELL_HALVES || starred > 1 || (starred && (cell < 2 || cell % 2)));
}
/* A star threshold that a starred cell can use (F-TAB-4). */
static inline int napfire__star_ok(int32_t star) {
    return star >= 1 && star <= NAPFIRE_MAX_FIGURES;
}
/* A musketry shot from the plan: 1 with *out written, or 0 with it
 * untouched for the single call's way. */
int napfire__plan_resolve(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p, int32_t roll_2d6,
                          int32_t half_die, napfire_result *out);
/* napfire_shot_resolve() for one shot of a planned batch. */
int napfire__resolve_planned(const napfire_shot *s, const napfire_rules *rules, const struct nf_plan *p,
                             int32_t roll_2d6, int32_t half_die, napfire_result *out);
/* napfire_resolve_many() past its argument checks. */
void napfire__resolve_batch(const napfire_shot *shots, size_t n, const napfire_rules *rules, const int32_t *rolls,
                            const int32_t *half_dice, napfire_result *results, int32_t *statuses);
/* napfire_shot_resolve() without its fast path, for the differential test
 * (which links the library's objects). */
int napfire__resolve_full(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6, int32_t half_die,
                          napfire_result *out);
/* napfire_shot_distribution() without its fast path, likewise. */
int napfire__distribution_full(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes, size_t cap,
                               size_t *count, napfire_result *verdict);
/* (napfire__resolve_roll: out may be prepared itself, so the single call
 * finishes its result in place rather than copying it; on NAPFIRE_ESTATE
 * *out is partly written, so callers pass local storage. A prepared row
 * other than -1 is a musketry row already found for this shot, reused.) */

/* units.c: whether the parameters are a unit or shot the setters could
 * have made (bounds, formations per arm, the shot's facts against its
 * units), and whether the storage is one the library sealed. */
int napfire__unit_valid(const struct nf_unit *u);
int napfire__shot_valid(const struct nf_shot *s);
static inline int napfire__shot_sealed(const struct nf_shot *s) {
    return s->magic == NF_SHOT_MAGIC && NF_SEAL_OF(s, struct nf_shot, NF_SHOT_KEY) == s->seal;
}
/* Inline: resolve asks these several times per shot, across files. */
static inline int napfire__is_infantry(int32_t arm) {
    return arm == NAPFIRE_ARM_LINE_INFANTRY || arm == NAPFIRE_ARM_LIGHT_INFANTRY;
}
static inline int napfire__is_artillery(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

/* rules.c: the built-in data (NULL) or the caller's rules, with every
 * seal checked: *status NAPFIRE_ESTATE when any section or the object's
 * seal does not match. The fast path checks only the sections it reads
 * (resolve.c). */
const struct nf_rules *napfire__rules_resolve(const napfire_rules *r, int *status);
/* Recompute every seal after a change (rules.c's setters and init). */
void napfire__rules_reseal(struct nf_rules *n);
/* Every seal of the caller's rules matches (NULL: the built-in data). */
int napfire__rules_intact(const napfire_rules *r);

/* Readers of the rules data. Each checks the seal of the section it reads
 * (the built-in data is the library's own constant) and then the value
 * itself: NAPFIRE_ESTATE for either. A call that never reads a section
 * does not notice a change to it; the setters check them all. */
extern const struct nf_rules napfire__builtin;
#define NF_SECTION_TRUSTED(r, ptr, type, index) ((r) == &napfire__builtin || NF_SECTION_OK((ptr), type, (index)))

/* A cell or maximum read from storage: -1 is unknown, anything else
 * outside 0..hi means the storage was corrupted. */
static inline int napfire__checked(int32_t v, int32_t hi) {
    if (v == NAPFIRE_UNKNOWN)
        return NAPFIRE_EUNKNOWN;
    return v < 0 || v > hi ? NAPFIRE_ESTATE : NAPFIRE_OK;
}

/* Read a stored value through napfire__checked(): the output only when
 * known. */
static inline int napfire__read_checked(int32_t v, int32_t hi, int32_t *out) {
    int st = napfire__checked(v, hi);
    if (st == NAPFIRE_OK)
        *out = v;
    return st;
}

/* A stored table cell as the API gives it: -1 unknown. */
static inline int32_t napfire__cell_value(uint8_t stored) {
    return stored == NF_CELL_UNKNOWN ? NAPFIRE_UNKNOWN : (int32_t)stored;
}

static inline int napfire__musketry_cell(const struct nf_rules *r, int32_t row, int32_t col, int32_t *halves,
                                         int32_t *star) {
    if (!NF_SECTION_TRUSTED(r, &r->musketry[row], struct nf_mrow, NF_SEC_MROW + row))
        return NAPFIRE_ESTATE;
    int32_t v = napfire__cell_value(r->musketry[row].cell[col]);
    uint8_t s = r->musketry[row].star[col];
    /* The star first: on an unknown cell it is corruption, not unknown. */
    if (s > 1 || (s && (v < 2 || v % 2)))
        return NAPFIRE_ESTATE;
    int st = napfire__checked(v, NAPFIRE_MAX_CELL_HALVES);
    if (st != NAPFIRE_OK)
        return st;
    *halves = v;
    *star = s;
    return NAPFIRE_OK;
}

static inline int napfire__artillery_cell(const struct nf_rules *r, int32_t gun, int32_t ammo, int32_t band,
                                          int32_t col, int32_t *halves) {
    if (!NF_SECTION_TRUSTED(r, &r->artillery[gun][ammo], struct nf_arows, NF_SEC_AROWS + gun * NF_AMMOS + ammo))
        return NAPFIRE_ESTATE;
    return napfire__read_checked(napfire__cell_value(r->artillery[gun][ammo].cell[band - NAPFIRE_BAND_CANISTER][col]),
                                 NAPFIRE_MAX_CELL_HALVES, halves);
}

static inline int napfire__range_max(const struct nf_rules *r, int32_t weapon, int32_t measure, int32_t which,
                                     int32_t *value) {
    if (!NF_SECTION_TRUSTED(r, &r->range[weapon], struct nf_wrange, NF_SEC_WRANGE + weapon))
        return NAPFIRE_ESTATE;
    return napfire__read_checked(r->range[weapon].max[measure][which], NAPFIRE_MAX_DISTANCE, value);
}

static inline int napfire__gun_range_max(const struct nf_rules *r, int32_t gun, int32_t measure, int32_t which,
                                         int32_t *value) {
    if (!NF_SECTION_TRUSTED(r, &r->gun_range[gun], struct nf_grange, NF_SEC_GRANGE + gun))
        return NAPFIRE_ESTATE;
    return napfire__read_checked(r->gun_range[gun].max[measure][which], NAPFIRE_MAX_DISTANCE, value);
}

static inline int napfire__modifier_value(const struct nf_rules *r, int32_t fire, int32_t id, int32_t variant,
                                          int32_t *value) {
    if (!NF_SECTION_TRUSTED(r, &r->modifier[fire], struct nf_mods, NF_SEC_MODS + fire))
        return NAPFIRE_ESTATE;
    int32_t v = r->modifier[fire].v[id][variant];
    if (v == NF_MOD_UNKNOWN)
        return NAPFIRE_EUNKNOWN;
    if (v < -NAPFIRE_MAX_MODIFIER || v > NAPFIRE_MAX_MODIFIER)
        return NAPFIRE_ESTATE;
    *value = v;
    return NAPFIRE_OK;
}

/* Distance thresholds hold a value per measure; counts one for both. */
static inline int napfire__threshold_is_distance(int32_t id) {
    return id == NAPFIRE_THRESHOLD_SCREEN || id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE ||
           id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE;
}

/* A threshold's domain: lo..hi (or NAPFIRE_UNKNOWN). */
static inline int32_t napfire__threshold_hi(int32_t id) {
    if (napfire__threshold_is_distance(id))
        return NAPFIRE_MAX_DISTANCE;
    if (id == NAPFIRE_THRESHOLD_GUARD_CAP)
        return NAPFIRE_MAX_MODIFIER;
    return NAPFIRE_MAX_FIGURES;
}

static inline int32_t napfire__threshold_lo(int32_t id) {
    return napfire__threshold_is_distance(id) || id == NAPFIRE_THRESHOLD_GUARD_CAP ? 0 : 1;
}

/* Where a threshold is stored (id and measure in range): its byte offset
 * in struct nf_rules. */
static inline size_t napfire__threshold_offset(int32_t id, int32_t measure) {
    size_t m = (size_t)measure * sizeof(int32_t);
    switch (id) {
        case NAPFIRE_THRESHOLD_SCREEN:
            return offsetof(struct nf_rules, mthr.v[6]) + m;
        case NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE:
            return offsetof(struct nf_rules, athr.v[0]) + m;
        case NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE:
            return offsetof(struct nf_rules, athr.v[2]) + m;
        case NAPFIRE_THRESHOLD_STAR_FIGURES:
            return offsetof(struct nf_rules, mthr.v[4]);
        case NAPFIRE_THRESHOLD_GUARD_CAP:
            return offsetof(struct nf_rules, mthr.v[5]);
        default: /* ROW_2 .. ROW_5 */
            return offsetof(struct nf_rules, mthr.v[0]) + (size_t)(id - NAPFIRE_THRESHOLD_ROW_2) * sizeof(int32_t);
    }
}

static inline int32_t napfire__threshold_stored(const struct nf_rules *r, int32_t id, int32_t measure) {
    int32_t v;
    memcpy(&v, (const unsigned char *)r + napfire__threshold_offset(id, measure), sizeof v);
    return v;
}

static inline int napfire__threshold(const struct nf_rules *r, int32_t id, int32_t measure, int32_t *value) {
    int artillery = id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE || id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE;
    if (artillery ? !NF_SECTION_TRUSTED(r, &r->athr, struct nf_athr, NF_SEC_ATHR)
                  : !NF_SECTION_TRUSTED(r, &r->mthr, struct nf_mthr, NF_SEC_MTHR))
        return NAPFIRE_ESTATE;
    int32_t v = napfire__threshold_stored(r, id, measure);
    if (v == NAPFIRE_UNKNOWN)
        return NAPFIRE_EUNKNOWN;
    if (v < napfire__threshold_lo(id) || v > napfire__threshold_hi(id))
        return NAPFIRE_ESTATE;
    *value = v;
    return NAPFIRE_OK;
}
/* The (fire kind, NAPFIRE_MOD_* id, variant) triples that hold a value. */
int napfire__modifier_slot_ok(int32_t fire, int32_t id, int32_t variant);
/* Whether the rules ever read an artillery cell of this ammunition and
 * band (canister only at canister range, F-ART-1); the setter refuses a
 * value for a cell they never read. */
int napfire__artillery_readable(int32_t ammo, int32_t band);
/* The known row thresholds strictly increase (the setter keeps them so). */
int napfire__rows_ordered(const struct nf_rules *r);
/* Set the four row thresholds (ROW_2 .. ROW_5, -1 unknown) at once, checked
 * as a whole: for a caller replacing a whole row line, whose values need
 * not pass the order check one at a time. NAPFIRE_EDOMAIN (a value out of
 * its domain, or the four not increasing) and NAPFIRE_ESTATE (stored rows
 * already out of order) change nothing. */
int napfire__rules_set_rows(napfire_rules *r, const int32_t rows[NF_ROW_THRESHOLDS]);

/* Where a lookup found unknown data (NAPFIRE_MISSING_* and its index, as
 * napfire_result holds them). */
struct nf_missing {
    int32_t kind; /* NAPFIRE_MISSING_* */
    int32_t index[4];
};

/* The rules data one computation reads, and the first unknown datum it
 * met. Every reader below that can meet unknown data records it here
 * (the first one only, so reading in precedence order names the datum the
 * rules need first); callers pass the context down and tell unknown from
 * corrupt by the status alone. */
struct nf_data {
    const struct nf_rules *r;
    const struct nf_shot *shot; /* the validated shot of napfire__shot_open(), else NULL */
    struct nf_missing first;    /* kind NAPFIRE_MISSING_NONE: nothing missing yet */
};
void napfire__data_init(struct nf_data *d, const struct nf_rules *r);
/* Record (kind, a, b, c, e) unless a datum is already recorded; returns
 * NAPFIRE_EUNKNOWN so a reader can end with it. */
int napfire__data_miss(struct nf_data *d, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t e);
/* napfire__threshold() and napfire__modifier_value() through the context. */
static inline int napfire__need_threshold(struct nf_data *d, int32_t id, int32_t measure, int32_t *value) {
    int st = napfire__threshold(d->r, id, measure, value);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_THRESHOLD, id, measure, -1, -1);
    return st;
}
static inline int napfire__need_modifier(struct nf_data *d, int32_t fire, int32_t id, int32_t variant, int32_t *value) {
    int st = napfire__modifier_value(d->r, fire, id, variant, value);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_MODIFIER, fire, id, variant, -1);
    return st;
}
/* resolve.c: validate a public shot and rules pair, for every napfire_shot_*
 * entry point that reads both, and open the data context on them (rules
 * NULL: the built-in data). With NF_OPEN_DISTANCE a shot without its
 * distance is NAPFIRE_EINVAL. */
#define NF_OPEN_DISTANCE 1u
int napfire__shot_open(const napfire_shot *s, const napfire_rules *rules, unsigned how, struct nf_data *d);

/* utf8.c: strict UTF-8 (no overlong forms, surrogates or code points past
 * U+10FFFF), shared by the provenance setter and the rules text parser:
 * the width in bytes (1..4) of the sequence at s[0..len), len >= 1, or
 * one of the negative NF_UTF8_* errors. */
enum {
    NF_UTF8_NOT_LEAD = -1,
    NF_UTF8_TRUNCATED = -2,
    NF_UTF8_INVALID = -3
};
int napfire__utf8_width(const unsigned char *s, size_t len);

/* ranges.c */
int napfire__band(const struct nf_shot *s, struct nf_data *d, int32_t *band);

/* modifiers.c */
int napfire__modifiers(const struct nf_shot *s, struct nf_data *d, napfire_modifier items[NF_MAX_ITEMS], size_t *count,
                       int32_t *net);
/* The tallies the net needs (F-MOD), one item at a time in breakdown
 * order: the firer's bonuses F-MOD-1..5 in id order, for the Guard cap;
 * the two exclusive items; the rest by sign, for the exclusive -4. Shared
 * by the full path (modifiers.c) and the fast path (resolve.c), so the two
 * cannot drift. */
struct nf_tally {
    int32_t bonus[2];
    size_t bonuses;
    int32_t disordered, skirmishers;
    int has_disordered, has_skirmishers;
    int32_t positive, negative;
};
/* The cap for a firer that is not Guard: no sum of two bonuses reaches it. */
#define NF_NO_GUARD_CAP (NAPFIRE_MAX_MODIFIER * 2)

static inline void napfire__tally_add(struct nf_tally *t, int32_t id, int32_t v) {
    if (id <= NAPFIRE_MOD_BRITISH_LINE && t->bonuses < NF_COUNT(t->bonus)) {
        t->bonus[t->bonuses++] = v;
    } else if (id == NAPFIRE_MOD_DISORDERED) {
        t->disordered = v;
        t->has_disordered = 1;
    } else if (id == NAPFIRE_MOD_SKIRMISHERS) {
        t->skirmishers = v;
        t->has_skirmishers = 1;
    } else if (v < 0) {
        t->negative += v;
    } else {
        t->positive += v;
    }
}

/* The net of the tallies, house rule aside: what the breakdown's applied
 * items sum to after the Guard cap (cap: NF_NO_GUARD_CAP unless Guard)
 * and the exclusive -4. */
static inline int32_t napfire__tally_net(const struct nf_tally *t, int artillery, int32_t cap) {
    int32_t sum = t->positive;
    /* F-ART-1/3: artillery items simply add (a battery has no firer
     * bonuses). */
    if (artillery)
        return sum + t->negative + t->disordered + t->skirmishers;
    /* F-MOD-X: the firer's -4 first, else the target's. */
    int exclusive_on = t->has_disordered || t->has_skirmishers;
    int32_t capped = 0;
    for (size_t i = 0; i < t->bonuses; i++) {
        int32_t v = t->bonus[i];
        if (v > 0) {
            /* F-MOD-G: a bonus that would pass the cap is suppressed. */
            if (capped + v <= cap) {
                capped += v;
                sum += v;
            }
        } else if (v == 0 || !exclusive_on) {
            sum += v;
        }
    }
    if (t->has_disordered)
        sum += t->disordered;
    if (t->has_skirmishers && (!t->has_disordered || t->skirmishers >= 0))
        sum += t->skirmishers;
    if (!exclusive_on)
        sum += t->negative;
    return sum;
}

/* The net alone, as napfire__modifiers() gives it (same reads in the same
 * order, same status), without building the breakdown: for resolve, on
 * fire the documents cover (F-TAB-6) only. */
int napfire__modifier_net(const struct nf_shot *s, struct nf_data *d, int32_t *net);

/* tables.c: the cell a shot reads (F-TAB, F-ART-1). */
struct nf_cell {
    int32_t row, column; /* 0-based as in napfire_result; column -1: below 1 */
    int32_t halves;      /* with the star, before long-range halving; 0 without a column */
};
/* F-TAB-3: bands of two, 1-2 .. 17-18; below 1 no effect (-1), above 18
 * the last column (Decision). Inline: the fast path asks once per roll. */
static inline int32_t napfire__roll_column(int32_t modified_roll) {
    if (modified_roll < 1)
        return -1;
    if (modified_roll > 18)
        return NF_COLUMNS - 1;
    return (modified_roll - 1) / 2;
}
/* The cell for a covered firer (infantry not in skirmish order, or
 * artillery) at this modified roll; artillery needs its band (CANISTER ..
 * LONG), musketry ignores it. A musketry row does not depend on the roll:
 * known_row is one this shot already found (the distribution's later
 * rolls), or -1 to find it. *cell is written on NAPFIRE_OK and, as far
 * as found (halves 0), on NAPFIRE_EUNKNOWN. */
int napfire__table_cell(const struct nf_shot *s, struct nf_data *d, int32_t band, int32_t known_row,
                        int32_t modified_roll, struct nf_cell *cell);

/* casualties.c */
/* F-CAS-2/3/4: half figures to whole ones; the die is consumed only when a
 * half remains (inline: the fast path calls it once per roll). */
NF_HOT_INLINE void napfire__halves_to_figures(int32_t halves, int32_t half_die, int32_t second_class, int32_t *whole,
                                              int32_t *die_used, int32_t *pending) {
    /* Branch-free: a half remains on about half the rolls, unpredictably. */
    int32_t half = halves % 2 != 0 && !second_class;
    *whole = halves / 2 + (half && half_die >= 4);
    *die_used = half && half_die != 0;
    *pending = half && half_die == 0;
}
/* F-CAS-1: halve at long range; a quarter left by halving a half is
 * dropped (Decision), so halves / 2 rounded down. A shift (halves >= 0),
 * so that the band's choice is no branch: it is taken on about half the
 * shots, unpredictably. */
static inline int32_t napfire__long_range_halves(int32_t halves, int at_long_range) {
    return halves >> (at_long_range != 0);
}
int napfire__is_second_class(const struct nf_unit *firer);
void napfire__round_half(int32_t halves, int32_t half_die, int32_t second_class, napfire_result *out);
void napfire__split_screen(const struct nf_shot *s, napfire_result *out);
/* A result with a pending half (F-CAS-3), finished with the half die: what
 * resolving the same shot and roll again with that die gives, without
 * reading the table again (the distribution, the dice batch). */
void napfire__apply_half_die(const struct nf_shot *s, int32_t half_die, napfire_result *res);

/* resolve.c's fast path, continued (inline: the distribution calls it
 * once per roll). */
/* The half figures a prepared musketry shot's table gives at this
 * modified roll's column (-1: below the table, 0 halves), star and long
 * range applied, from a batch's plan p or, p NULL, from the rules
 * sections (check: their seals too): 1 with *table (the cell, starred)
 * and *halves, or 0 for the full path. */
static inline int napfire__fast_halves(const struct nf_shot *n, const struct nf_rules *r, const struct nf_plan *p,
                                       int check, const struct nf_fast *f, int32_t column, int32_t *table,
                                       int32_t *halves) {
    int32_t t = 0;
    if (column >= 0 && p) {
        t = p->cell[f->row][n->dg.star_figures >= p->star][column];
        if (t == NF_CELL_UNKNOWN)
            return 0;
    } else if (column >= 0) {
        /* F-TAB-4: N* is N + 1 from the star threshold. */
        const struct nf_mrow *mr = &r->musketry[f->row];
        if (check && !NF_SECTION_OK(mr, struct nf_mrow, NF_SEC_MROW + f->row))
            return 0;
        uint8_t cell = mr->cell[column], starred = mr->star[column];
        if (!napfire__fast_cell_ok(cell, starred))
            return 0;
        t = cell;
        /* (The musketry thresholds' seal is checked by the prepare.) */
        if (starred) {
            int32_t star = r->mthr.v[4];
            if (!napfire__star_ok(star))
                return 0;
            if (n->dg.star_figures >= star)
                t += 2;
        }
    }
    /* F-CAS-1. */
    *table = t;
    *halves = napfire__long_range_halves(t, f->band == NAPFIRE_BAND_LONG);
    return 1;
}
/* The same for a prepared artillery shot: the gun and ammunition's row
 * for its band (F-ART-1), no star, no long-range halving (the long band
 * has its own row). */
NF_HOT_INLINE int napfire__fast_art_halves(const struct nf_rules *r, int check, const struct nf_fast *f, int32_t column,
                                           int32_t *table, int32_t *halves) {
    int32_t t = 0;
    if (column >= 0) {
        const struct nf_arows *ar = &r->artillery[f->gun][f->ammo];
        if (check && !NF_SECTION_OK(ar, struct nf_arows, NF_SEC_AROWS + f->gun * NF_AMMOS + f->ammo))
            return 0;
        uint8_t cell = ar->cell[f->band - NAPFIRE_BAND_CANISTER][column];
        if (cell > NAPFIRE_MAX_CELL_HALVES)
            return 0;
        t = cell;
    }
    *table = t;
    *halves = t;
    return 1;
}

/* digest.c: the shot's digest (units.c calls it on every change) and the
 * verdicts that need no rules data, which it keeps. */
void napfire__digest(struct nf_shot *s);
uint32_t napfire__static_verdicts(const struct nf_shot *s);
/* modifiers.c: the modifier items of a covered shot as NF_MOD_SLOT()s, in
 * breakdown order, without reading any value; 0 when more than cap. */
int napfire__modifier_slots(const struct nf_shot *s, uint8_t *slots, size_t cap, size_t *count);
/* tables.c: the highest row a formation allows (F-TAB-2), and the figures
 * that choose the row (F-TAB-1: the firing figures, or the whole unit). */
int32_t napfire__row_cap(int32_t formation);
int32_t napfire__row_figures(const struct nf_shot *s);

/* artillery.c */
uint32_t napfire__artillery_static_verdicts(const struct nf_shot *s);
int napfire__artillery_overhead_verdict(const struct nf_shot *s, struct nf_data *d, uint32_t *reasons);
int napfire__artillery_band_verdicts(const struct nf_shot *s, struct nf_data *d, int32_t band, uint32_t *reasons);

#endif /* NAPFIRE_INTERNAL_H */
