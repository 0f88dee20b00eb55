/* SPDX-License-Identifier: MIT */
/* Rules data (F-DATA): the built-in data, validated readers for the
 * rest of the library, and the public get/set functions. */
#include <string.h>

#include "internal.h"

#define U NAPFIRE_UNKNOWN
#define MU NAPFIRE_MODIFIER_UNKNOWN
#define UNK9 {U, U, U, U, U, U, U, U, U}
#define UNK_BANDS {UNK9, UNK9, UNK9}
#define UNK_GUN {UNK_BANDS, UNK_BANDS}
#define UNK_GUN_RANGE {{U, U, U}, {U, U, U}}
#define MU2 {MU, MU}

/*
 * Exactly what the source texts give (F-DATA), nothing else.
 * Musketry rows keep only the cells whose places are determined: the text
 * cells packed to the left of rows 1-4, the first cell of row 5, and row 4,
 * 11-12 = 5 from the worked example (F-EX-1). Row 5's starred values have
 * no determined places, so they stay unknown. No artillery number is known.
 */
static const struct nf_rules builtin = {
    .magic = NF_RULES_MAGIC,
    .musketry = {
        {0, 0, 0, 0, 1, U, U, U, U},
        {0, 0, 0, 1, U, U, U, U, U},
        {0, 0, 1, U, U, U, U, U, U},
        {0, 1, U, U, U, 10, U, U, U},
        {0, U, U, U, U, U, U, U, U},
    },
    .musketry_star = {{0}},
    /* F-RNG: metric in mm, imperial in tenths of an inch; sharpshooters
     * have one band (F-RNG-3), so their long maximum equals the effective. */
    .range = {
        [NAPFIRE_WEAPON_MUSKET] = {{100, 200}, {60, 120}},
        [NAPFIRE_WEAPON_RIFLE] = {{120, 240}, {70, 140}},
        [NAPFIRE_WEAPON_SHARPSHOOTER] = {{280, 280}, {170, 170}},
    },
    .gun_range = {UNK_GUN_RANGE, UNK_GUN_RANGE, UNK_GUN_RANGE, UNK_GUN_RANGE,
                  UNK_GUN_RANGE},
    .artillery = {UNK_GUN, UNK_GUN, UNK_GUN, UNK_GUN, UNK_GUN},
    .modifier = {
        [NAPFIRE_FIRE_MUSKETRY] = {
            MU2,
            [NAPFIRE_MOD_GUARD] = {2, MU},
            [NAPFIRE_MOD_ELITE] = {1, MU},
            [NAPFIRE_MOD_STEADY] = {0, MU},
            [NAPFIRE_MOD_RAW] = {-2, MU},
            [NAPFIRE_MOD_BRITISH_LINE] = {1, MU},
            [NAPFIRE_MOD_FIRED_LAST_TURN] = {-2, MU},
            [NAPFIRE_MOD_DISORDERED] = {-4, MU},
            [NAPFIRE_MOD_COLUMN] = {1, 2},
            [NAPFIRE_MOD_SQUARE_OR_ENFILADE] = {2, MU},
            [NAPFIRE_MOD_MASS] = {2, MU},
            [NAPFIRE_MOD_ARTILLERY] = {-2, MU},
            [NAPFIRE_MOD_CHARGING_CAVALRY] = {-2, MU},
            [NAPFIRE_MOD_OPEN_ORDER] = {-2, MU},
            [NAPFIRE_MOD_SKIRMISHERS] = {-4, MU},
            [NAPFIRE_MOD_COVER] = {-2, -1},
            [NAPFIRE_MOD_BUILDINGS] = {-4, MU},
            [NAPFIRE_MOD_GUARD_CAP] = MU2,
            [NAPFIRE_MOD_EXTRA] = MU2,
            [NAPFIRE_MOD_MOVED_HALF] = MU2,
        },
        [NAPFIRE_FIRE_ARTILLERY] = {MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2,
                                    MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2, MU2},
    },
    .threshold = {
        [NAPFIRE_THRESHOLD_SCREEN] = {50, 30},
        [NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE] = {100, 60},
        [NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE] = {100, 60},
        [NAPFIRE_THRESHOLD_STAR_FIGURES] = {48, 48},
        [NAPFIRE_THRESHOLD_ROW_2] = {12, 12},
        [NAPFIRE_THRESHOLD_ROW_3] = {20, 20},
        [NAPFIRE_THRESHOLD_ROW_4] = {28, 28},
        [NAPFIRE_THRESHOLD_ROW_5] = {36, 36},
        [NAPFIRE_THRESHOLD_GUARD_CAP] = {2, 2},
    },
    .name = "Napoleonic figure-scale fire: the source texts",
    .edition = "built-in data",
    .source = "Russian figure-scale texts: musketry (damaged table, 16 of 45 "
              "cells); open order and artillery (no numbers)",
};

const struct nf_rules *napfire__rules_resolve(const napfire_rules *r, int *status) {
    if (!r) {
        *status = NAPFIRE_OK;
        return &builtin;
    }
    const struct nf_rules *n = NF_CRULES(r);
    *status = n->magic == NF_RULES_MAGIC ? NAPFIRE_OK : NAPFIRE_ESTATE;
    return n;
}

void napfire__missing_set(struct nf_missing *m, int32_t kind, int32_t a, int32_t b, int32_t c,
                    int32_t d) {
    m->kind = kind;
    m->index[0] = a;
    m->index[1] = b;
    m->index[2] = c;
    m->index[3] = d;
}

/* A cell or maximum read from storage: -1 is unknown, anything else
 * outside 0..hi means the storage was corrupted. */
static int checked(int32_t v, int32_t hi) {
    if (v == U)
        return NAPFIRE_EUNKNOWN;
    return v < 0 || v > hi ? NAPFIRE_ESTATE : NAPFIRE_OK;
}

int napfire__musketry_cell(const struct nf_rules *r, int32_t row, int32_t col, int32_t *halves,
                     int32_t *star) {
    int32_t v = r->musketry[row][col];
    uint8_t s = r->musketry_star[row][col];
    /* The star first: on an unknown cell it is corruption, not unknown. */
    if (s > 1 || (s && (v < 2 || v % 2)))
        return NAPFIRE_ESTATE;
    int st = checked(v, NAPFIRE_MAX_CELL_HALVES);
    if (st != NAPFIRE_OK)
        return st;
    *halves = v;
    *star = s;
    return NAPFIRE_OK;
}

/* Read a stored value through checked(): the output only when known. */
static int read_checked(int32_t v, int32_t hi, int32_t *out) {
    int st = checked(v, hi);
    if (st == NAPFIRE_OK)
        *out = v;
    return st;
}

int napfire__artillery_cell(const struct nf_rules *r, int32_t gun, int32_t ammo, int32_t band,
                      int32_t col, int32_t *halves) {
    return read_checked(r->artillery[gun][ammo][band - NAPFIRE_BAND_CANISTER][col],
                        NAPFIRE_MAX_CELL_HALVES, halves);
}

int napfire__range_max(const struct nf_rules *r, int32_t weapon, int32_t measure, int32_t which,
                 int32_t *value) {
    return read_checked(r->range[weapon][measure][which], NAPFIRE_MAX_DISTANCE, value);
}

int napfire__gun_range_max(const struct nf_rules *r, int32_t gun, int32_t measure, int32_t which,
                     int32_t *value) {
    return read_checked(r->gun_range[gun][measure][which], NAPFIRE_MAX_DISTANCE, value);
}

int napfire__modifier_value(const struct nf_rules *r, int32_t fire, int32_t id, int32_t variant,
                      int32_t *value) {
    int32_t v = r->modifier[fire][id][variant];
    if (v == MU)
        return NAPFIRE_EUNKNOWN;
    if (v < -NAPFIRE_MAX_MODIFIER || v > NAPFIRE_MAX_MODIFIER)
        return NAPFIRE_ESTATE;
    *value = v;
    return NAPFIRE_OK;
}

static int threshold_is_distance(int32_t id) {
    return id == NAPFIRE_THRESHOLD_SCREEN || id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE ||
           id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE;
}

static int32_t threshold_hi(int32_t id) {
    if (threshold_is_distance(id))
        return NAPFIRE_MAX_DISTANCE;
    if (id == NAPFIRE_THRESHOLD_GUARD_CAP)
        return NAPFIRE_MAX_MODIFIER;
    return NAPFIRE_MAX_FIGURES;
}

static int32_t threshold_lo(int32_t id) {
    return threshold_is_distance(id) || id == NAPFIRE_THRESHOLD_GUARD_CAP ? 0 : 1;
}

/* Row thresholds must stay strictly increasing where known, or a number of
 * firing figures could fall into two rows. */
int napfire__rows_ordered(const struct nf_rules *n) {
    int32_t last = 0;
    for (int32_t id = NAPFIRE_THRESHOLD_ROW_2; id <= NAPFIRE_THRESHOLD_ROW_5; id++) {
        int32_t v = n->threshold[id][0];
        if (v == U)
            continue;
        if (v <= last)
            return 0;
        last = v;
    }
    return 1;
}

int napfire__threshold(const struct nf_rules *r, int32_t id, int32_t measure, int32_t *value) {
    int32_t v = r->threshold[id][measure];
    /* The setter writes a count to both measures: storage where the two
     * differ is corrupted, even where each value is in its domain. (Row
     * order is checked by the readers of rows, once per read of them.) */
    if (!threshold_is_distance(id) && r->threshold[id][0] != r->threshold[id][1])
        return NAPFIRE_ESTATE;
    if (v == U)
        return NAPFIRE_EUNKNOWN;
    if (v < threshold_lo(id) || v > threshold_hi(id))
        return NAPFIRE_ESTATE;
    *value = v;
    return NAPFIRE_OK;
}

/* ---- public API ---------------------------------------------------- */

int napfire_rules_init(napfire_rules *r, size_t size) {
    if (!r)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_rules))
        return NAPFIRE_ESIZE;
    memset(r, 0, sizeof *r);
    *NF_RULES(r) = builtin;
    return NAPFIRE_OK;
}

/* Resolve a mutable rules object for a setter. */
static struct nf_rules *writable(napfire_rules *r, int *status) {
    if (!r) {
        *status = NAPFIRE_EINVAL;
        return NULL;
    }
    struct nf_rules *n = NF_RULES(r);
    if (n->magic != NF_RULES_MAGIC) {
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

int napfire_rules_set_musketry(napfire_rules *r, int32_t row, int32_t column, int32_t halves,
                               int32_t star) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!in(row, 0, NF_ROWS - 1) || !in(column, 0, NF_COLUMNS - 1) || !valid_cell(halves) ||
        !in(star, 0, 1))
        return NAPFIRE_EDOMAIN;
    /* "N*" is a whole number of figures, at least one (F-DATA). */
    if (star && (halves < 2 || halves % 2))
        return NAPFIRE_EDOMAIN;
    n->musketry[row][column] = (int16_t)halves;
    n->musketry_star[row][column] = (uint8_t)star;
    return NAPFIRE_OK;
}

int napfire_rules_get_musketry(const napfire_rules *r, int32_t row, int32_t column,
                               int32_t *halves, int32_t *star) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!halves || !star)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(row, 0, NF_ROWS - 1) || !in(column, 0, NF_COLUMNS - 1))
        return NAPFIRE_EDOMAIN;
    st = napfire__musketry_cell(n, row, column, halves, star);
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

int napfire_rules_set_range(napfire_rules *r, int32_t weapon, int32_t measure,
                            int32_t effective_max, int32_t long_max) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    int32_t v[2] = {effective_max, long_max};
    if (!in(weapon, 0, NF_WEAPONS - 1) || !in(measure, 0, NF_MEASURES - 1) || !ordered(v, 2))
        return NAPFIRE_EDOMAIN;
    memcpy(n->range[weapon][measure], v, sizeof v);
    return NAPFIRE_OK;
}

int napfire_rules_get_range(const napfire_rules *r, int32_t weapon, int32_t measure,
                            int32_t *effective_max, int32_t *long_max) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!effective_max || !long_max)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(weapon, 0, NF_WEAPONS - 1) || !in(measure, 0, NF_MEASURES - 1))
        return NAPFIRE_EDOMAIN;
    const int32_t *v = n->range[weapon][measure];
    if (!ordered(v, 2))
        return NAPFIRE_ESTATE;
    *effective_max = v[0];
    *long_max = v[1];
    return NAPFIRE_OK;
}

int napfire_rules_set_gun_range(napfire_rules *r, int32_t gun, int32_t measure,
                                int32_t canister_max, int32_t effective_max, int32_t long_max) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    int32_t v[3] = {canister_max, effective_max, long_max};
    if (!in(gun, 0, NF_GUNS - 1) || !in(measure, 0, NF_MEASURES - 1) || !ordered(v, 3))
        return NAPFIRE_EDOMAIN;
    memcpy(n->gun_range[gun][measure], v, sizeof v);
    return NAPFIRE_OK;
}

int napfire_rules_get_gun_range(const napfire_rules *r, int32_t gun, int32_t measure,
                                int32_t *canister_max, int32_t *effective_max,
                                int32_t *long_max) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!canister_max || !effective_max || !long_max)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(gun, 0, NF_GUNS - 1) || !in(measure, 0, NF_MEASURES - 1))
        return NAPFIRE_EDOMAIN;
    const int32_t *v = n->gun_range[gun][measure];
    if (!ordered(v, 3))
        return NAPFIRE_ESTATE;
    *canister_max = v[0];
    *effective_max = v[1];
    *long_max = v[2];
    return NAPFIRE_OK;
}

static int artillery_index_ok(int32_t gun, int32_t ammo, int32_t band, int32_t column) {
    return in(gun, 0, NF_GUNS - 1) && in(ammo, 0, NF_AMMOS - 1) &&
           in(band, NAPFIRE_BAND_CANISTER, NAPFIRE_BAND_LONG) && in(column, 0, NF_COLUMNS - 1);
}

int napfire_rules_set_artillery(napfire_rules *r, int32_t gun, int32_t ammo, int32_t band,
                                int32_t column, int32_t halves) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!artillery_index_ok(gun, ammo, band, column) || !valid_cell(halves))
        return NAPFIRE_EDOMAIN;
    n->artillery[gun][ammo][band - NAPFIRE_BAND_CANISTER][column] = (int16_t)halves;
    return NAPFIRE_OK;
}

int napfire_rules_get_artillery(const napfire_rules *r, int32_t gun, int32_t ammo,
                                int32_t band, int32_t column, int32_t *halves) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!halves)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!artillery_index_ok(gun, ammo, band, column))
        return NAPFIRE_EDOMAIN;
    st = napfire__artillery_cell(n, gun, ammo, band, column, halves);
    if (st == NAPFIRE_EUNKNOWN)
        *halves = U;
    return st;
}

/* Which (fire kind, id, variant) triples hold a value. Musketry: every
 * F-MOD id; artillery: the target conditions and the movement penalty.
 * Variant 1 only for the two ids with a second value. */
static int modifier_slot_ok(int32_t fire, int32_t id, int32_t variant) {
    if (!in(fire, 0, NF_FIRES - 1) || !in(variant, 0, NF_VARIANTS - 1))
        return 0;
    if (variant == 1 && id != NAPFIRE_MOD_COLUMN && id != NAPFIRE_MOD_COVER)
        return 0;
    if (fire == NAPFIRE_FIRE_MUSKETRY)
        return in(id, NAPFIRE_MOD_GUARD, NAPFIRE_MOD_BUILDINGS);
    return in(id, NAPFIRE_MOD_COLUMN, NAPFIRE_MOD_BUILDINGS) || id == NAPFIRE_MOD_MOVED_HALF;
}

int napfire_rules_set_modifier(napfire_rules *r, int32_t fire, int32_t id, int32_t variant,
                               int32_t value) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    if (!modifier_slot_ok(fire, id, variant) ||
        (value != MU && !in(value, -NAPFIRE_MAX_MODIFIER, NAPFIRE_MAX_MODIFIER)))
        return NAPFIRE_EDOMAIN;
    n->modifier[fire][id][variant] = value;
    return NAPFIRE_OK;
}

int napfire_rules_get_modifier(const napfire_rules *r, int32_t fire, int32_t id,
                               int32_t variant, int32_t *value) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!value)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!modifier_slot_ok(fire, id, variant))
        return NAPFIRE_EDOMAIN;
    st = napfire__modifier_value(n, fire, id, variant, value);
    if (st == NAPFIRE_EUNKNOWN)
        *value = MU;
    return st;
}

int napfire_rules_set_threshold(napfire_rules *r, int32_t id, int32_t measure, int32_t value) {
    int st;
    struct nf_rules *n = writable(r, &st);
    if (!n)
        return st;
    /* Rows already out of order are corruption, not a fault of value. */
    if (!napfire__rows_ordered(n))
        return NAPFIRE_ESTATE;
    if (!in(id, 0, NF_THRESHOLDS - 1) || !in(measure, 0, NF_MEASURES - 1) ||
        (value != U && !in(value, threshold_lo(id), threshold_hi(id))))
        return NAPFIRE_EDOMAIN;
    struct nf_rules next_rows;
    memcpy(next_rows.threshold, n->threshold, sizeof n->threshold);
    if (threshold_is_distance(id)) {
        next_rows.threshold[id][measure] = value;
    } else {
        /* Counts do not depend on the measure: one value serves both. */
        next_rows.threshold[id][0] = value;
        next_rows.threshold[id][1] = value;
    }
    if (!napfire__rows_ordered(&next_rows))
        return NAPFIRE_EDOMAIN;
    memcpy(n->threshold, next_rows.threshold, sizeof n->threshold);
    return NAPFIRE_OK;
}

int napfire_rules_get_threshold(const napfire_rules *r, int32_t id, int32_t measure,
                                int32_t *value) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!value)
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    if (!in(id, 0, NF_THRESHOLDS - 1) || !in(measure, 0, NF_MEASURES - 1))
        return NAPFIRE_EDOMAIN;
    if (id >= NAPFIRE_THRESHOLD_ROW_2 && id <= NAPFIRE_THRESHOLD_ROW_5 && !napfire__rows_ordered(n))
        return NAPFIRE_ESTATE;
    st = napfire__threshold(n, id, measure, value);
    if (st == NAPFIRE_EUNKNOWN)
        *value = U;
    return st;
}

/* The field's storage and capacity (including the NUL). */
static char *provenance_field(const struct nf_rules *n, int32_t field, size_t *cap) {
    /* Cast away const once here so that getters and setters share it. */
    struct nf_rules *m = (struct nf_rules *)(uintptr_t)n;
    switch (field) {
    case NAPFIRE_PROVENANCE_NAME:
        *cap = sizeof m->name;
        return m->name;
    case NAPFIRE_PROVENANCE_EDITION:
        *cap = sizeof m->edition;
        return m->edition;
    case NAPFIRE_PROVENANCE_SOURCE:
        *cap = sizeof m->source;
        return m->source;
    default:
        return NULL;
    }
}

int napfire__utf8_width(const unsigned char *s, size_t len) {
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t need;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = c & 0x1Fu;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        cp = c & 0x0Fu;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        cp = c & 0x07u;
        min = 0x10000;
    } else {
        return NF_UTF8_NOT_LEAD;
    }
    if (len <= need)
        return NF_UTF8_TRUNCATED;
    for (size_t k = 1; k <= need; k++) {
        unsigned char cc = s[k];
        if ((cc & 0xC0) != 0x80)
            return NF_UTF8_TRUNCATED;
        cp = (cp << 6) | (cc & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return NF_UTF8_INVALID;
    return (int)need + 1;
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
    size_t cap;
    char *dst = provenance_field(n, field, &cap);
    if (!dst)
        return NAPFIRE_EDOMAIN;
    /* Bounded scan: never read past what could fit. */
    size_t len = 0;
    while (len < cap && text[len] != '\0')
        len++;
    if (len == cap || !valid_text((const unsigned char *)text, len))
        return NAPFIRE_EDOMAIN;
    memset(dst, 0, cap);
    memcpy(dst, text, len);
    return NAPFIRE_OK;
}

int napfire_rules_get_provenance(const napfire_rules *r, int32_t field, char *buf, size_t cap,
                                 size_t *len) {
    int st;
    const struct nf_rules *n = napfire__rules_resolve(r, &st);
    if (!len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    if (st)
        return st;
    size_t field_cap;
    const char *src = provenance_field(n, field, &field_cap);
    if (!src)
        return NAPFIRE_EDOMAIN;
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
