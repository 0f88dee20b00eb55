/* SPDX-License-Identifier: MIT */
/* Rules data (F-DATA): the built-in data, validated readers for the
 * rest of the library, and the public get/set functions. */
#include <string.h>

#include "rules_data.h"

#define U NAPFIRE_UNKNOWN
#define MU NAPFIRE_MODIFIER_UNKNOWN
#define UC NF_CELL_UNKNOWN
#define MUS NF_MOD_UNKNOWN
#define UC9 \
  { UC, UC, UC, UC, UC, UC, UC, UC, UC }
#define MU2 \
  { MUS, MUS }
#define UNK_GUN_RANGE \
  { \
    .max = { {U, U, U}, {U, U, U} } \
  }
#define UNK_AROWS \
  { \
    .cell = { UC9, UC9, UC9 } \
  }
#define UNK_GUN \
  { UNK_AROWS, UNK_AROWS }

/*
 * Exactly what the source texts give (F-DATA), nothing else.
 * Musketry rows keep only the cells whose places are determined: the text
 * cells packed to the left of rows 1-4, the first cell of row 5, and row 4,
 * 11-12 = 5 from the worked example (F-EX-1). Row 5's starred values have
 * no determined places, so they stay unknown. No artillery number is known.
 * The library's own constant: it carries no seals (napfire_rules_init()
 * seals its copy), and the readers trust it by address.
 */
const struct nf_rules
    napfire__builtin =
        {
            .magic = NF_RULES_MAGIC,
            .musketry =
                {
                    {.cell = {0, 0, 0, 0, 1, UC, UC, UC, UC}},
                    {.cell = {0, 0, 0, 1, UC, UC, UC, UC, UC}},
                    {.cell = {0, 0, 1, UC, UC, UC, UC, UC, UC}},
                    {.cell = {0, 1, UC, UC, UC, 10, UC, UC, UC}},
                    {.cell = {0, UC, UC, UC, UC, UC, UC, UC, UC}},
                },
            /* F-RNG: metric in mm, imperial in tenths of an inch; sharpshooters
     * have one band (F-RNG-3), so their long maximum equals the effective. */
            .range =
                {
                    [NAPFIRE_WEAPON_MUSKET] = {.max = {{100, 200}, {60, 120}}},
                    [NAPFIRE_WEAPON_RIFLE] = {.max = {{120, 240}, {70, 140}}},
                    [NAPFIRE_WEAPON_SHARPSHOOTER] = {.max = {{280, 280}, {170, 170}}},
                },
            .gun_range = {UNK_GUN_RANGE, UNK_GUN_RANGE, UNK_GUN_RANGE, UNK_GUN_RANGE, UNK_GUN_RANGE},
            .artillery = {UNK_GUN, UNK_GUN, UNK_GUN, UNK_GUN, UNK_GUN},
            .modifier =
                {
                    [NAPFIRE_FIRE_MUSKETRY] = {.v =
                                                   {
                                                       MU2,
                                                       [NAPFIRE_MOD_GUARD] = {2, MUS},
                                                       [NAPFIRE_MOD_ELITE] = {1, MUS},
                                                       [NAPFIRE_MOD_STEADY] = {0, MUS},
                                                       [NAPFIRE_MOD_RAW] = {-2, MUS},
                                                       [NAPFIRE_MOD_BRITISH_LINE] = {1, MUS},
                                                       [NAPFIRE_MOD_FIRED_LAST_TURN] = {-2, MUS},
                                                       [NAPFIRE_MOD_DISORDERED] = {-4, MUS},
                                                       [NAPFIRE_MOD_COLUMN] = {1, 2},
                                                       [NAPFIRE_MOD_SQUARE_OR_ENFILADE] = {2, MUS},
                                                       [NAPFIRE_MOD_MASS] = {2, MUS},
                                                       [NAPFIRE_MOD_ARTILLERY] = {-2, MUS},
                                                       [NAPFIRE_MOD_CHARGING_CAVALRY] = {-2, MUS},
                                                       [NAPFIRE_MOD_OPEN_ORDER] = {-2, MUS},
                                                       [NAPFIRE_MOD_SKIRMISHERS] = {-4, MUS},
                                                       [NAPFIRE_MOD_COVER] = {-2, -1},
                                                       [NAPFIRE_MOD_BUILDINGS] = {-4, MUS},
                                                       [NAPFIRE_MOD_GUARD_CAP] = MU2,
                                                       [NAPFIRE_MOD_EXTRA] = MU2,
                                                       [NAPFIRE_MOD_MOVED_HALF] = MU2,
                                                   }},
                    [NAPFIRE_FIRE_ARTILLERY] = {.v = {MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2,
                                                      MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2}},
                },
            /* napfire__threshold_offset(): ROW_2..ROW_5, STAR_FIGURES, GUARD_CAP,
     * SCREEN metric and imperial; the clearances, metric and imperial. */
            .mthr = {.v = {12, 20, 28, 36, 48, 2, 50, 30}},
            .athr = {.v = {100, 60, 100, 60}},
            .prov =
                {
                    .name = "Napoleonic figure-scale fire: the source texts",
                    .edition = "built-in data",
                    .source = "Russian figure-scale texts: musketry (damaged table, 16 of 45 "
                              "cells); open order and artillery (no numbers)",
                },
};

const struct nf_rules *napfire__rules_resolve(const napfire_rules *r, int *status) {
    if (!r) {
        *status = NAPFIRE_OK;
        return &napfire__builtin;
    }
    if (NF_MISALIGNED(r)) {
        *status = NAPFIRE_EALIGN;
        return NULL;
    }
    const struct nf_rules *n = NF_CRULES(r);
    *status = n->magic == NF_RULES_MAGIC ? NAPFIRE_OK : NAPFIRE_ESTATE;
    return n;
}

int napfire__rules_intact(const napfire_rules *r) {
    return r == NULL || (!NF_MISALIGNED(r) && napfire__rules_sealed(NF_CRULES(r)));
}

/* Row thresholds must stay strictly increasing where known, or a number of
 * firing figures could fall into two rows. */
static int rows_increase(const int32_t v[NF_ROW_THRESHOLDS]) {
    int32_t last = 0;
    for (size_t i = 0; i < NF_ROW_THRESHOLDS; i++) {
        if (v[i] == U)
            continue;
        if (v[i] <= last)
            return 0;
        last = v[i];
    }
    return 1;
}

/* The stored row thresholds (counts: the metric copy serves both). */
static void stored_rows(const struct nf_rules *n, int32_t v[NF_ROW_THRESHOLDS]) {
    for (size_t i = 0; i < NF_ROW_THRESHOLDS; i++)
        v[i] = napfire__threshold_stored(n, NAPFIRE_THRESHOLD_ROW_2 + (int32_t)i, NAPFIRE_MEASURE_METRIC);
}

int napfire__rows_ordered(const struct nf_rules *n) {
    int32_t v[NF_ROW_THRESHOLDS];
    stored_rows(n, v);
    return rows_increase(v);
}

/* ---- public API ---------------------------------------------------- */

int napfire_rules_init(napfire_rules *r, size_t size) {
    if (!r)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_rules))
        return NAPFIRE_ESIZE;
    if (NF_MISALIGNED(r))
        return NAPFIRE_EALIGN;
    memset(r, 0, sizeof *r);
    struct nf_rules *n = NF_RULES(r);
    *n = napfire__builtin;
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

/* Resolve a mutable rules object for a setter. */
static struct nf_rules *writable(napfire_rules *r, int *status) {
    if (!r) {
        *status = NAPFIRE_EINVAL;
        return NULL;
    }
    if (NF_MISALIGNED(r)) {
        *status = NAPFIRE_EALIGN;
        return NULL;
    }
    struct nf_rules *n = NF_RULES(r);
    /* Every seal, not only the touched section's: resealing would make
     * a change behind the library's back look like its own. */
    if (!napfire__rules_sealed(n)) {
        *status = NAPFIRE_ESTATE;
        return NULL;
    }
    *status = NAPFIRE_OK;
    return n;
}

static int in(int32_t v, int32_t lo, int32_t hi) {
    return v >= lo && v <= hi;
}

static int valid_cell(int32_t halves) {
    return halves == U || in(halves, 0, NAPFIRE_MAX_CELL_HALVES);
}

int napfire_rules_set_musketry(napfire_rules *r, int32_t row_index, int32_t column_index, int32_t halves,
                               int32_t star) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!in(row_index, 0, NF_ROWS - 1) || !in(column_index, 0, NF_COLUMNS - 1) || !valid_cell(halves) ||
        !in(star, 0, 1))
        return NAPFIRE_EDOMAIN;
    /* "N*" is a whole number of figures, at least one (F-DATA). */
    if (star && (halves < 2 || halves % 2))
        return NAPFIRE_EDOMAIN;
    n->musketry[row_index].cell[column_index] = halves == U ? NF_CELL_UNKNOWN : (uint8_t)halves;
    n->musketry[row_index].star[column_index] = (uint8_t)star;
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

int napfire_rules_get_musketry(const napfire_rules *r, int32_t row_index, int32_t column_index, int32_t *halves,
                               int32_t *star) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!halves || !star)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(row_index, 0, NF_ROWS - 1) || !in(column_index, 0, NF_COLUMNS - 1))
        return NAPFIRE_EDOMAIN;
    st = napfire__musketry_cell(n, row_index, column_index, halves, star);
    if (st == NAPFIRE_EUNKNOWN) {
        *halves = U;
        *star = 0;
    }
    return st;
}

/* Known maxima must not decrease from one band to the next. */
static int ordered(const int32_t *v, size_t count) {
    int32_t last = -1;
    for (size_t i = 0; i < count; i++) {
        if (v[i] == U)
            continue;
        if (!in(v[i], 0, NAPFIRE_MAX_DISTANCE) || v[i] < last)
            return 0;
        last = v[i];
    }
    return 1;
}

/* Band maxima: an infantry weapon's (effective, long) or a gun's
 * (canister, effective, long) in one measure. */
enum maxima_table {
    WEAPON_MAXIMA = 0,
    GUN_MAXIMA = 1
};

static size_t maxima_count(enum maxima_table t) {
    return t == GUN_MAXIMA ? NF_ART_BANDS : 2;
}

static int maxima_index_ok(enum maxima_table t, int32_t which, int32_t measure) {
    return in(which, 0, t == GUN_MAXIMA ? NF_GUNS - 1 : NF_WEAPONS - 1) && in(measure, 0, NF_MEASURES - 1);
}

static int set_maxima(napfire_rules *r, enum maxima_table t, int32_t which, int32_t measure, const int32_t *v) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    size_t count = maxima_count(t);
    if (!maxima_index_ok(t, which, measure) || !ordered(v, count))
        return NAPFIRE_EDOMAIN;
    int32_t *dst = t == GUN_MAXIMA ? n->gun_range[which].max[measure] : n->range[which].max[measure];
    memcpy(dst, v, count * sizeof *v);
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

/* The caller has checked its outputs; v receives maxima_count(t) values. */
static int get_maxima(const napfire_rules *r, enum maxima_table t, int32_t which, int32_t measure, int32_t *v) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (st)
        return st;
    if (!maxima_index_ok(t, which, measure))
        return NAPFIRE_EDOMAIN;
    int sealed = t == GUN_MAXIMA ? NF_SECTION_TRUSTED(n, &n->gun_range[which], struct nf_grange, NF_SEC_GRANGE + which)
                                 : NF_SECTION_TRUSTED(n, &n->range[which], struct nf_wrange, NF_SEC_WRANGE + which);
    const int32_t *src = t == GUN_MAXIMA ? n->gun_range[which].max[measure] : n->range[which].max[measure];
    if (!sealed || !ordered(src, maxima_count(t)))
        return NAPFIRE_ESTATE;
    memcpy(v, src, maxima_count(t) * sizeof *v);
    return NAPFIRE_OK;
}

int napfire_rules_set_range(napfire_rules *r, int32_t weapon, int32_t measure, int32_t effective_max,
                            int32_t long_max) {
    const int32_t v[2] = {effective_max, long_max};
    return set_maxima(r, WEAPON_MAXIMA, weapon, measure, v);
}

int napfire_rules_get_range(const napfire_rules *r, int32_t weapon, int32_t measure, int32_t *effective_max,
                            int32_t *long_max) {
    if (!effective_max || !long_max)
        return NAPFIRE_EINVAL;
    int32_t v[2];
    int st = get_maxima(r, WEAPON_MAXIMA, weapon, measure, v);
    if (st)
        return st;
    *effective_max = v[0];
    *long_max = v[1];
    return NAPFIRE_OK;
}

int napfire_rules_set_gun_range(napfire_rules *r, int32_t gun, int32_t measure, int32_t canister_max,
                                int32_t effective_max, int32_t long_max) {
    const int32_t v[3] = {canister_max, effective_max, long_max};
    return set_maxima(r, GUN_MAXIMA, gun, measure, v);
}

int napfire_rules_get_gun_range(const napfire_rules *r, int32_t gun, int32_t measure, int32_t *canister_max,
                                int32_t *effective_max, int32_t *long_max) {
    if (!canister_max || !effective_max || !long_max)
        return NAPFIRE_EINVAL;
    int32_t v[3];
    int st = get_maxima(r, GUN_MAXIMA, gun, measure, v);
    if (st)
        return st;
    *canister_max = v[0];
    *effective_max = v[1];
    *long_max = v[2];
    return NAPFIRE_OK;
}

static int artillery_index_ok(int32_t gun, int32_t ammo, int32_t band, int32_t column) {
    return in(gun, 0, NF_GUNS - 1) && in(ammo, 0, NF_AMMOS - 1) && in(band, NAPFIRE_BAND_CANISTER, NAPFIRE_BAND_LONG) &&
           in(column, 0, NF_COLUMNS - 1);
}

/* Canister ammunition fires only at canister range (Decision F-ART-1), so
 * its effective and long cells are never read: they stay unknown. */
int napfire__artillery_readable(int32_t ammo, int32_t band) {
    return ammo != NAPFIRE_AMMO_CANISTER || band == NAPFIRE_BAND_CANISTER;
}

int napfire_rules_set_artillery(napfire_rules *r, int32_t gun, int32_t ammo, int32_t band, int32_t column_index,
                                int32_t halves) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!artillery_index_ok(gun, ammo, band, column_index) || !valid_cell(halves) ||
        (halves != U && !napfire__artillery_readable(ammo, band)))
        return NAPFIRE_EDOMAIN;
    n->artillery[gun][ammo].cell[band - NAPFIRE_BAND_CANISTER][column_index] =
        halves == U ? NF_CELL_UNKNOWN : (uint8_t)halves;
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

int napfire_rules_get_artillery(const napfire_rules *r, int32_t gun, int32_t ammo, int32_t band, int32_t column_index,
                                int32_t *halves) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!halves)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!artillery_index_ok(gun, ammo, band, column_index))
        return NAPFIRE_EDOMAIN;
    int32_t h = U;
    st = napfire__artillery_cell(n, gun, ammo, band, column_index, &h);
    /* A value where the setter takes none is corruption. */
    if (st == NAPFIRE_OK && !napfire__artillery_readable(ammo, band))
        return NAPFIRE_ESTATE;
    if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN)
        *halves = h;
    return st;
}

/* Which (fire kind, id, variant) triples hold a value. Musketry: every
 * F-MOD id; artillery: the target conditions and the movement penalty.
 * Variant 1 only for the two ids with a second value. */
int napfire__modifier_slot_ok(int32_t fire, int32_t id, int32_t variant) {
    if (!in(fire, 0, NF_FIRES - 1) || !in(variant, 0, NF_VARIANTS - 1))
        return 0;
    if (variant == 1 && id != NAPFIRE_MOD_COLUMN && id != NAPFIRE_MOD_COVER)
        return 0;
    if (fire == NAPFIRE_FIRE_MUSKETRY)
        return in(id, NAPFIRE_MOD_GUARD, NAPFIRE_MOD_BUILDINGS);
    return in(id, NAPFIRE_MOD_COLUMN, NAPFIRE_MOD_BUILDINGS) || id == NAPFIRE_MOD_MOVED_HALF;
}

int napfire_rules_set_modifier(napfire_rules *r, int32_t fire, int32_t id, int32_t variant, int32_t value) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!napfire__modifier_slot_ok(fire, id, variant) ||
        (value != MU && !in(value, -NAPFIRE_MAX_MODIFIER, NAPFIRE_MAX_MODIFIER)))
        return NAPFIRE_EDOMAIN;
    n->modifier[fire].v[id][variant] = value == MU ? NF_MOD_UNKNOWN : (int8_t)value;
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

int napfire_rules_get_modifier(const napfire_rules *r, int32_t fire, int32_t id, int32_t variant, int32_t *value) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!value)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!napfire__modifier_slot_ok(fire, id, variant))
        return NAPFIRE_EDOMAIN;
    st = napfire__modifier_value(n, fire, id, variant, value);
    if (st == NAPFIRE_EUNKNOWN)
        *value = MU;
    return st;
}

static int is_row_threshold(int32_t id) {
    return in(id, NAPFIRE_THRESHOLD_ROW_2, NAPFIRE_THRESHOLD_ROW_5);
}

static int threshold_value_ok(int32_t id, int32_t value) {
    return value == U || in(value, napfire__threshold_lo(id), napfire__threshold_hi(id));
}

/* Counts do not depend on the measure: one stored value serves both. */
static void store_threshold(struct nf_rules *n, int32_t id, int32_t measure, int32_t value) {
    memcpy((unsigned char *)n + napfire__threshold_offset(id, measure), &value, sizeof value);
}

/* Store four row thresholds, refusing them out of order. */
static int store_rows(struct nf_rules *n, const int32_t rows[NF_ROW_THRESHOLDS]) {
    if (!rows_increase(rows))
        return NAPFIRE_EDOMAIN;
    for (size_t i = 0; i < NF_ROW_THRESHOLDS; i++)
        store_threshold(n, NAPFIRE_THRESHOLD_ROW_2 + (int32_t)i, NAPFIRE_MEASURE_METRIC, rows[i]);
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

/* writable() for a threshold setter: rows already out of order are
 * corruption, not a fault of the value being set. */
static struct nf_rules *writable_thresholds(napfire_rules *r, int *status) {
    struct nf_rules *n = writable(r, status);
    if (n && !napfire__rows_ordered(n)) {
        *status = NAPFIRE_ESTATE;
        return NULL;
    }
    return n;
}

int napfire_rules_set_threshold(napfire_rules *r, int32_t id, int32_t measure, int32_t value) {
    int st;
    struct nf_rules *n = writable_thresholds(r, &st);
    if (!n)
        return st;
    if (!in(id, 0, NF_THRESHOLDS - 1) || !in(measure, 0, NF_MEASURES - 1) || !threshold_value_ok(id, value))
        return NAPFIRE_EDOMAIN;
    if (is_row_threshold(id)) {
        /* One row changes; the four must still increase. */
        int32_t rows[NF_ROW_THRESHOLDS];
        stored_rows(n, rows);
        rows[id - NAPFIRE_THRESHOLD_ROW_2] = value;
        return store_rows(n, rows);
    }
    store_threshold(n, id, measure, value);
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

int napfire__rules_set_rows(napfire_rules *r, const int32_t rows[NF_ROW_THRESHOLDS]) {
    int st;
    struct nf_rules *n = writable_thresholds(r, &st);
    if (!n)
        return st;
    for (size_t i = 0; i < NF_ROW_THRESHOLDS; i++)
        if (!threshold_value_ok(NAPFIRE_THRESHOLD_ROW_2 + (int32_t)i, rows[i]))
            return NAPFIRE_EDOMAIN;
    return store_rows(n, rows);
}

int napfire_rules_get_threshold(const napfire_rules *r, int32_t id, int32_t measure, int32_t *value) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!value)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(id, 0, NF_THRESHOLDS - 1) || !in(measure, 0, NF_MEASURES - 1))
        return NAPFIRE_EDOMAIN;
    if (is_row_threshold(id) && !napfire__rows_ordered(n))
        return NAPFIRE_ESTATE;
    st = napfire__threshold(n, id, measure, value);
    if (st == NAPFIRE_EUNKNOWN)
        *value = U;
    return st;
}

/* Where the field lies in struct nf_rules, and its capacity (including
 * the NUL): an offset, so the getter reads through a const pointer and the
 * setter writes through its own. */
static int provenance_slot(int32_t field, size_t *offset, size_t *cap) {
    switch (field) {
        case NAPFIRE_PROVENANCE_NAME:
            *offset = offsetof(struct nf_rules, prov.name);
            *cap = NF_NAME_CAP;
            return 1;
        case NAPFIRE_PROVENANCE_EDITION:
            *offset = offsetof(struct nf_rules, prov.edition);
            *cap = NF_EDITION_CAP;
            return 1;
        case NAPFIRE_PROVENANCE_SOURCE:
            *offset = offsetof(struct nf_rules, prov.source);
            *cap = NF_SOURCE_CAP;
            return 1;
        default:
            return 0;
    }
}

/* Provenance text: strict UTF-8 without control characters, which would
 * corrupt a one-line display or the rules text format. */
static int valid_text(const unsigned char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        if (s[i] < 0x20 || s[i] == 0x7F)
            return 0;
        int w = napfire__utf8_width(s + i, len - i);
        if (w < 0)
            return 0;
        i += (size_t)w;
    }
    return 1;
}

int napfire_rules_set_provenance(napfire_rules *r, int32_t field, const char *text) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!text)
        return NAPFIRE_EINVAL;
    size_t offset, cap;
    if (!provenance_slot(field, &offset, &cap))
        return NAPFIRE_EDOMAIN;
    char *dst = (char *)n + offset;
    /* Bounded scan: never read past what could fit. */
    size_t len = 0;
    while (len < cap && text[len] != '\0')
        len++;
    if (len == cap || !valid_text((const unsigned char *)text, len))
        return NAPFIRE_EDOMAIN;
    memset(dst, 0, cap);
    memcpy(dst, text, len);
    napfire__rules_reseal(n);
    return NAPFIRE_OK;
}

int napfire_rules_get_provenance(const napfire_rules *r, int32_t field, char *buf, size_t cap, size_t *len) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    size_t offset, field_cap;
    if (!provenance_slot(field, &offset, &field_cap))
        return NAPFIRE_EDOMAIN;
    if (!NF_SECTION_TRUSTED(n, &n->prov, struct nf_prov, NF_SEC_PROV))
        return NAPFIRE_ESTATE;
    const char *src = (const char *)n + offset;
    size_t l = 0;
    while (l < field_cap && src[l] != '\0')
        l++;
    if (l == field_cap || !valid_text((const unsigned char *)src, l))
        return NAPFIRE_ESTATE;
    *len = l;
    if (cap < l + 1)
        return NAPFIRE_ENOSPC;
    memcpy(buf, src, l);
    buf[l] = '\0';
    return NAPFIRE_OK;
}
