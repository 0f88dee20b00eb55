/* SPDX-License-Identifier: MIT */
/*
 * The rules data: its sealed sections (the layout of a napfire_rules),
 * the built-in data, and the readers that check a section's seal and then
 * the value before handing it out.
 */
#ifndef NAPFIRE_RULES_DATA_H
#define NAPFIRE_RULES_DATA_H

#include "seal.h"

#define NF_NAME_CAP 64
#define NF_EDITION_CAP 32
#define NF_SOURCE_CAP 128

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

_Static_assert(sizeof(struct nf_rules) <= NAPFIRE_RULES_SIZE, "rules layout fits");
_Static_assert(_Alignof(struct nf_rules) <= 8, "rules alignment");
_Static_assert(offsetof(struct nf_mrow, seal) == 24 && offsetof(struct nf_arows, seal) == 32, "rows packed");
_Static_assert(offsetof(struct nf_mods, seal) == 40 && offsetof(struct nf_prov, seal) % 8 == 0, "sections packed");
_Static_assert(sizeof(napfire_rules) == NAPFIRE_RULES_SIZE, "public rules size");
_Static_assert(_Alignof(napfire_rules) == 8, "public rules alignment");

/* Views of the public storage, as for units and shots (model.h). */
#define NF_RULES(r) ((struct nf_rules *)(void *)(r)->opaque_)
#define NF_CRULES(r) ((const struct nf_rules *)(const void *)(r)->opaque_)

/* rules.c: the built-in data (NULL) or the caller's rules, whose magic
 * must match (*status NAPFIRE_ESTATE otherwise); each reader below checks
 * the seal of the section it reads. */
const struct nf_rules *napfire__rules_resolve(const napfire_rules *r, int *status);
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

#endif /* NAPFIRE_RULES_DATA_H */
