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

struct nf_unit {
    uint32_t magic;
    int32_t p[NF_UNIT_NPARAMS]; /* p[param - NAPFIRE_UNIT_ARM] */
};

struct nf_shot {
    uint32_t magic;
    struct nf_unit firer;
    struct nf_unit target;
    int32_t p[NF_SHOT_NPARAMS]; /* p[param - NAPFIRE_SHOT_MEASURE] */
};

struct nf_rules {
    uint32_t magic;
    int16_t musketry[NF_ROWS][NF_COLUMNS];      /* halves, -1 unknown */
    uint8_t musketry_star[NF_ROWS][NF_COLUMNS]; /* 0/1 */
    int32_t range[NF_WEAPONS][NF_MEASURES][2];  /* effective, long; -1 unknown */
    int32_t gun_range[NF_GUNS][NF_MEASURES][NF_ART_BANDS];
    int16_t artillery[NF_GUNS][NF_AMMOS][NF_ART_BANDS][NF_COLUMNS];
    int32_t modifier[NF_FIRES][NF_MOD_IDS][NF_VARIANTS]; /* NAPFIRE_MODIFIER_UNKNOWN */
    int32_t threshold[NF_THRESHOLDS][NF_MEASURES];       /* -1 unknown */
    char name[NF_NAME_CAP];
    char edition[NF_EDITION_CAP];
    char source[NF_SOURCE_CAP];
};

_Static_assert(sizeof(struct nf_unit) <= NAPFIRE_UNIT_SIZE, "unit layout fits");
_Static_assert(sizeof(struct nf_shot) <= NAPFIRE_SHOT_SIZE, "shot layout fits");
_Static_assert(sizeof(struct nf_rules) <= NAPFIRE_RULES_SIZE, "rules layout fits");
_Static_assert(_Alignof(struct nf_unit) <= 8, "unit alignment");
_Static_assert(_Alignof(struct nf_shot) <= 8, "shot alignment");
_Static_assert(_Alignof(struct nf_rules) <= 8, "rules alignment");
_Static_assert(sizeof(napfire_unit) == NAPFIRE_UNIT_SIZE, "public unit size");
_Static_assert(sizeof(napfire_shot) == NAPFIRE_SHOT_SIZE, "public shot size");
_Static_assert(sizeof(napfire_rules) == NAPFIRE_RULES_SIZE, "public rules size");
_Static_assert(_Alignof(napfire_unit) == 8, "public unit alignment");
_Static_assert(_Alignof(napfire_shot) == 8, "public shot alignment");
_Static_assert(_Alignof(napfire_rules) == 8, "public rules alignment");

/* Views of the public storage. The public types are unions of bytes and a
 * uint64_t, 8-aligned, so the casts are aligned and within bounds. */
#define NF_UNIT(u) ((struct nf_unit *)(void *)(u)->opaque_.bytes)
#define NF_CUNIT(u) ((const struct nf_unit *)(const void *)(u)->opaque_.bytes)
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
/* (napfire__resolve_roll: out may be prepared itself, so the single call
 * finishes its result in place rather than copying it; on NAPFIRE_ESTATE
 * *out is partly written, so callers pass local storage. A prepared row
 * other than -1 is a musketry row already found for this shot, reused.) */

/* units.c */
int napfire__unit_valid(const struct nf_unit *u);
int napfire__shot_valid(const struct nf_shot *s);
static inline int32_t nf_u(const struct nf_unit *u, int32_t param) {
    return u->p[param - NF_UNIT_PARAM_FIRST];
}
static inline int32_t nf_s(const struct nf_shot *s, int32_t param) {
    return s->p[param - NF_SHOT_PARAM_FIRST];
}
/* Inline: resolve asks these several times per shot, across files. */
static inline int napfire__is_infantry(int32_t arm) {
    return arm == NAPFIRE_ARM_LINE_INFANTRY || arm == NAPFIRE_ARM_LIGHT_INFANTRY;
}
static inline int napfire__is_artillery(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

/* rules.c: the built-in data and validated access. Readers check the value
 * they read (per-use validation), so corrupt storage gives NAPFIRE_ESTATE.
 * The readers themselves are inline below: resolve calls them a dozen
 * times per shot from other files. */
const struct nf_rules *napfire__rules_resolve(const napfire_rules *r, int *status);

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

static inline int napfire__musketry_cell(const struct nf_rules *r, int32_t row, int32_t col, int32_t *halves,
                                         int32_t *star) {
    int32_t v = r->musketry[row][col];
    uint8_t s = r->musketry_star[row][col];
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
    return napfire__read_checked(r->artillery[gun][ammo][band - NAPFIRE_BAND_CANISTER][col], NAPFIRE_MAX_CELL_HALVES,
                                 halves);
}

static inline int napfire__range_max(const struct nf_rules *r, int32_t weapon, int32_t measure, int32_t which,
                                     int32_t *value) {
    return napfire__read_checked(r->range[weapon][measure][which], NAPFIRE_MAX_DISTANCE, value);
}

static inline int napfire__gun_range_max(const struct nf_rules *r, int32_t gun, int32_t measure, int32_t which,
                                         int32_t *value) {
    return napfire__read_checked(r->gun_range[gun][measure][which], NAPFIRE_MAX_DISTANCE, value);
}

static inline int napfire__modifier_value(const struct nf_rules *r, int32_t fire, int32_t id, int32_t variant,
                                          int32_t *value) {
    int32_t v = r->modifier[fire][id][variant];
    if (v == NAPFIRE_MODIFIER_UNKNOWN)
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

static inline int napfire__threshold(const struct nf_rules *r, int32_t id, int32_t measure, int32_t *value) {
    int32_t v = r->threshold[id][measure];
    /* The setter writes a count to both measures: storage where the two
     * differ is corrupted, even where each value is in its domain. (Row
     * order is checked by the readers of rows, once per read of them.) */
    if (!napfire__threshold_is_distance(id) && r->threshold[id][0] != r->threshold[id][1])
        return NAPFIRE_ESTATE;
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
/* The net alone, as napfire__modifiers() gives it (same reads in the same
 * order, same status), without building the breakdown: for resolve, on
 * fire the documents cover (F-TAB-6) only. */
int napfire__modifier_net(const struct nf_shot *s, struct nf_data *d, int32_t *net);

/* tables.c: the cell a shot reads (F-TAB, F-ART-1). */
struct nf_cell {
    int32_t row, column; /* 0-based as in napfire_result; column -1: below 1 */
    int32_t halves;      /* with the star, before long-range halving; 0 without a column */
};
int32_t napfire__roll_column(int32_t modified_roll);
/* The cell for a covered firer (infantry not in skirmish order, or
 * artillery) at this modified roll; artillery needs its band (CANISTER ..
 * LONG), musketry ignores it. A musketry row does not depend on the roll:
 * known_row is one this shot already found (the distribution's later
 * rolls), or -1 to find it. *cell is written on NAPFIRE_OK and, as far
 * as found (halves 0), on NAPFIRE_EUNKNOWN. */
int napfire__table_cell(const struct nf_shot *s, struct nf_data *d, int32_t band, int32_t known_row,
                        int32_t modified_roll, struct nf_cell *cell);

/* casualties.c */
int32_t napfire__long_range_halves(int32_t halves);
int napfire__is_second_class(const struct nf_unit *firer);
void napfire__round_half(int32_t halves, int32_t half_die, int32_t second_class, napfire_result *out);
void napfire__split_screen(const struct nf_shot *s, napfire_result *out);

/* artillery.c */
uint32_t napfire__artillery_static_verdicts(const struct nf_shot *s);
int napfire__artillery_overhead_verdict(const struct nf_shot *s, struct nf_data *d, uint32_t *reasons);
int napfire__artillery_band_verdicts(const struct nf_shot *s, struct nf_data *d, int32_t band, uint32_t *reasons);

#endif /* NAPFIRE_INTERNAL_H */
