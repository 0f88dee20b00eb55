/* SPDX-License-Identifier: MIT */
/*
 * The rules text format's keys, as one table of key families. Each row
 * says everything about one family: its key prefix and dimension names,
 * the kind and number of its values, how they are read and set through the
 * public getters and setters, and which napfire_result missing datum each
 * value is. Key lookup, slot numbering, parsing, formatting, the template,
 * napfire_missing_describe() and `napfire rules --check` all walk this
 * table, so adding a family is one row here.
 *
 * The names are part of the format: never change them.
 */
#include <string.h>

#include "rules_text.h"

#define U NAPFIRE_UNKNOWN

static const char *const text_names[] = {
    [NAPFIRE_PROVENANCE_NAME] = "name",
    [NAPFIRE_PROVENANCE_EDITION] = "edition",
    [NAPFIRE_PROVENANCE_SOURCE] = "source",
};
static const char *const row_names[NF_ROWS] = {"row1", "row2", "row3", "row4", "row5"};
static const char *const weapon_names[NF_WEAPONS] = {"musket", "rifle", "sharpshooter"};
static const char *const measure_names[NF_MEASURES] = {"mm", "tenths"};
static const char *const gun_names[NF_GUNS] = {"light", "p6", "p9", "p12", "howitzer"};
static const char *const ammo_names[NF_AMMOS] = {"roundshot", "canister"};
static const char *const band_names[NF_ART_BANDS] = {"canister", "effective", "long"};
static const char *const mod_names[NF_MOD_IDS] = {
    [NAPFIRE_MOD_GUARD] = "guard",
    [NAPFIRE_MOD_ELITE] = "elite",
    [NAPFIRE_MOD_STEADY] = "steady",
    [NAPFIRE_MOD_RAW] = "raw",
    [NAPFIRE_MOD_BRITISH_LINE] = "british_line",
    [NAPFIRE_MOD_FIRED_LAST_TURN] = "fired_last_turn",
    [NAPFIRE_MOD_DISORDERED] = "disordered",
    [NAPFIRE_MOD_COLUMN] = "column",
    [NAPFIRE_MOD_SQUARE_OR_ENFILADE] = "square_or_enfilade",
    [NAPFIRE_MOD_MASS] = "mass",
    [NAPFIRE_MOD_ARTILLERY] = "artillery",
    [NAPFIRE_MOD_CHARGING_CAVALRY] = "charging_cavalry",
    [NAPFIRE_MOD_OPEN_ORDER] = "open_order",
    [NAPFIRE_MOD_SKIRMISHERS] = "skirmishers",
    [NAPFIRE_MOD_COVER] = "cover",
    [NAPFIRE_MOD_BUILDINGS] = "buildings",
    [NAPFIRE_MOD_MOVED_HALF] = "moved_half",
};
/* The four row thresholds share the one key "threshold.rows". */
static const char *const threshold_names[NF_THRESHOLDS] = {
    [NAPFIRE_THRESHOLD_SCREEN] = "screen",
    [NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE] = "long_range_clearance",
    [NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE] = "overhead_clearance",
    [NAPFIRE_THRESHOLD_STAR_FIGURES] = "star_figures",
    [NAPFIRE_THRESHOLD_GUARD_CAP] = "guard_cap",
};

#define NAMES(a) \
  { a, (int32_t)NF_COUNT(a) }

/* Getter statuses: OK and UNKNOWN are values; anything else is corruption. */
static int value_status(int st) {
    return st == NAPFIRE_EUNKNOWN ? NAPFIRE_OK : st;
}

/* ---- musketry and artillery cells: one key a table row ------------------- */

#define UNUSED_FAMILY (void)f

static int get_musketry(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                        int32_t *v, int32_t *star) {
    UNUSED_FAMILY;
    return value_status(napfire_rules_get_musketry(r, ix[0], j, v, star));
}

static int set_musketry(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                        int32_t v, int32_t star) {
    UNUSED_FAMILY;
    return napfire_rules_set_musketry(r, ix[0], j, v, star);
}

static int artillery_readable(const int32_t ix[NF_KEY_DIMS]) {
    return napfire__artillery_readable(ix[1], ix[2] + NAPFIRE_BAND_CANISTER);
}

static int get_artillery(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                         int32_t *v, int32_t *star) {
    UNUSED_FAMILY;
    *star = 0;
    return value_status(napfire_rules_get_artillery(r, ix[0], ix[1], ix[2] + NAPFIRE_BAND_CANISTER, j, v));
}

static int set_artillery(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                         int32_t v, int32_t star) {
    UNUSED_FAMILY;
    (void)star;
    /* '-' (no effect) where the rules never read a cell agrees with them
     * (F-ART-1), as a printed table writes it; the cell stays unknown. */
    if (v == 0 && !artillery_readable(ix))
        return NAPFIRE_OK;
    return napfire_rules_set_artillery(r, ix[0], ix[1], ix[2] + NAPFIRE_BAND_CANISTER, j, v);
}

/* ---- range maxima: effective and long; a gun's canister first ------------ */

static int get_range(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                     int32_t v[NF_KEY_VALUES], int32_t star[NF_KEY_VALUES]) {
    UNUSED_FAMILY;
    (void)star;
    return napfire_rules_get_range(r, ix[0], ix[1], &v[0], &v[1]);
}

static int set_range(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                     const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad) {
    UNUSED_FAMILY;
    (void)star;
    *bad = -1;
    return napfire_rules_set_range(r, ix[0], ix[1], v[0], v[1]);
}

static int get_gun_range(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                         int32_t v[NF_KEY_VALUES], int32_t star[NF_KEY_VALUES]) {
    UNUSED_FAMILY;
    (void)star;
    return napfire_rules_get_gun_range(r, ix[0], ix[1], &v[0], &v[1], &v[2]);
}

static int set_gun_range(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                         const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad) {
    UNUSED_FAMILY;
    (void)star;
    *bad = -1;
    return napfire_rules_set_gun_range(r, ix[0], ix[1], v[0], v[1], v[2]);
}

/* ---- modifiers: a family per fire kind (they sit apart in the text) ------ */

static int modifier_exists(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    return napfire__modifier_slot_ok(f->fire, ix[0], 0);
}

/* Massed column and limited cover are a second value (variant 1). */
static int32_t variants(const int32_t ix[NF_KEY_DIMS]) {
    return napfire__modifier_slot_ok(NAPFIRE_FIRE_MUSKETRY, ix[0], 1) ? NF_VARIANTS : 1;
}

static int get_modifier(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                        int32_t *v, int32_t *star) {
    *star = 0;
    return value_status(napfire_rules_get_modifier(r, f->fire, ix[0], j, v));
}

static int set_modifier(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                        int32_t v, int32_t star) {
    (void)star;
    return napfire_rules_set_modifier(r, f->fire, ix[0], j, v);
}

/* ---- thresholds: distances per measure, counts, and the row bands -------- */

static int distance_exists(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    UNUSED_FAMILY;
    return napfire__threshold_is_distance(ix[0]);
}

/* Counts hold one value for both measures; the row thresholds have a key
 * of their own. */
static int count_exists(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    UNUSED_FAMILY;
    return !napfire__threshold_is_distance(ix[0]) &&
           (ix[0] < NAPFIRE_THRESHOLD_ROW_2 || ix[0] > NAPFIRE_THRESHOLD_ROW_5);
}

static int get_threshold(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                         int32_t *v, int32_t *star) {
    UNUSED_FAMILY;
    (void)j;
    *star = 0;
    return value_status(napfire_rules_get_threshold(r, ix[0], ix[1], v));
}

static int set_threshold(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                         int32_t v, int32_t star) {
    UNUSED_FAMILY;
    (void)j;
    (void)star;
    return napfire_rules_set_threshold(r, ix[0], ix[1], v);
}

enum {
    NROWS = NAPFIRE_THRESHOLD_ROW_5 - NAPFIRE_THRESHOLD_ROW_2 + 1
};

static int get_rows(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j,
                    int32_t *v, int32_t *star) {
    UNUSED_FAMILY;
    (void)ix;
    *star = 0;
    return value_status(napfire_rules_get_threshold(r, NAPFIRE_THRESHOLD_ROW_2 + j, 0, v));
}

/* The four are one value of the text, so they are stored as one: the
 * order check sees the new row bands together, never a mix of old and new. */
static int set_rows(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                    const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad) {
    UNUSED_FAMILY;
    (void)ix;
    (void)star;
    *bad = -1;
    return napfire__rules_set_rows(r, v);
}

/* ---- the table, in the order of the formatted text ------------------------ */

/* Entries of a datum's missing index (struct nf_datum_part). */
#define KEY(d, a) \
  { (d) == 0 ? NF_FROM_KEY0 : (d) == 1 ? NF_FROM_KEY1 : NF_FROM_KEY2, a }
#define VALUE(a) \
  { NF_FROM_VALUE, a }
#define CONST(c) \
  { NF_FROM_NONE, c }
#define NONE CONST(-1)

static const char range_order[] = "range maxima must not decrease (a kept '.' value counts)";

const struct nf_family napfire__families[] = {
    {.prefix = NULL,
     .title = "provenance",
     .width = 7,
     .ndims = 1,
     .dim = {NAMES(text_names)},
     .kind = NF_VALUE_TEXT,
     .missing = NAPFIRE_MISSING_NONE,
     .values = 1},
    {.prefix = "threshold",
     .section = "\n# Thresholds: distances in mm (.mm) or tenths of an inch (.tenths).\n",
     .title = "thresholds",
     .width = 37,
     .ndims = 2,
     .dim = {NAMES(threshold_names), NAMES(measure_names)},
     .kind = NF_VALUE_DISTANCE,
     .missing = NAPFIRE_MISSING_THRESHOLD,
     .exists = distance_exists,
     .values = 1,
     .get1 = get_threshold,
     .set1 = set_threshold,
     .datum = {KEY(0, 0), KEY(1, 0), NONE, NONE}},
    {.prefix = "threshold",
     .title = "thresholds",
     .width = 37,
     .ndims = 1,
     .dim = {NAMES(threshold_names)},
     .kind = NF_VALUE_COUNT,
     .missing = NAPFIRE_MISSING_THRESHOLD,
     .exists = count_exists,
     .values = 1,
     .get1 = get_threshold,
     .set1 = set_threshold,
     .datum = {KEY(0, 0), CONST(NAPFIRE_MEASURE_METRIC), NONE, NONE}},
    {.prefix = "threshold.rows",
     .title = "thresholds",
     .width = 37,
     .ndims = 0,
     .kind = NF_VALUE_COUNT,
     .missing = NAPFIRE_MISSING_THRESHOLD,
     .order = "row thresholds must increase strictly (a kept '.' value counts)",
     .strict = 1,
     .values = NROWS,
     .get1 = get_rows,
     .set = set_rows,
     .datum = {VALUE(NAPFIRE_THRESHOLD_ROW_2), CONST(NAPFIRE_MEASURE_METRIC), NONE, NONE}},
    {.prefix = "range",
     .section = "\n# Infantry ranges (F-RNG): effective and long maxima.\n",
     .title = "infantry ranges",
     .width = 25,
     .ndims = 2,
     .dim = {NAMES(weapon_names), NAMES(measure_names)},
     .kind = NF_VALUE_DISTANCE,
     .missing = NAPFIRE_MISSING_RANGE,
     .order = range_order,
     .values = 2,
     .get = get_range,
     .set = set_range,
     .datum = {KEY(0, 0), KEY(1, 0), CONST(NAPFIRE_ARM_LINE_INFANTRY), VALUE(NAPFIRE_BAND_EFFECTIVE)}},
    {.prefix = "musketry",
     .section = "\n# Musketry table (F-TAB): rows 1-5, modified rolls 1-2 .. 17-18.\n",
     .title = "musketry cells",
     .width = 0,
     .ndims = 1,
     .dim = {NAMES(row_names)},
     .kind = NF_VALUE_CELL_STAR,
     .missing = NAPFIRE_MISSING_MUSKETRY_CELL,
     .values = NF_COLUMNS,
     .get1 = get_musketry,
     .set1 = set_musketry,
     .datum = {KEY(0, 0), VALUE(0), NONE, NONE}},
    {.prefix = "modifier.musketry",
     .section = "\n# Musketry modifiers (F-MOD); column and cover take two values.\n",
     .title = "modifiers",
     .width = 37,
     .ndims = 1,
     .dim = {NAMES(mod_names)},
     .kind = NF_VALUE_MODIFIER,
     .missing = NAPFIRE_MISSING_MODIFIER,
     .exists = modifier_exists,
     .values_of = variants,
     .get1 = get_modifier,
     .set1 = set_modifier,
     .datum = {CONST(NAPFIRE_FIRE_MUSKETRY), KEY(0, 0), VALUE(0), NONE},
     .fire = NAPFIRE_FIRE_MUSKETRY},
    {.prefix = "gun_range",
     .section = "\n# Artillery (F-ART-1): gun band maxima (canister, effective, long),\n"
                "# then casualty table rows: gun, ammunition, band. Canister ammunition\n"
                "# fires only at canister range (F-ART-1): it has no other rows.\n",
     .title = "gun ranges",
     .width = 25,
     .ndims = 2,
     .dim = {NAMES(gun_names), NAMES(measure_names)},
     .kind = NF_VALUE_DISTANCE,
     .missing = NAPFIRE_MISSING_RANGE,
     .order = range_order,
     .values = NF_ART_BANDS,
     .get = get_gun_range,
     .set = set_gun_range,
     .datum = {KEY(0, 0), KEY(1, 0), CONST(NAPFIRE_ARM_FOOT_ARTILLERY), VALUE(NAPFIRE_BAND_CANISTER)}},
    {.prefix = "artillery",
     .title = "artillery cells",
     .width = 37,
     .ndims = 3,
     .dim = {NAMES(gun_names), NAMES(ammo_names), NAMES(band_names)},
     .kind = NF_VALUE_CELL,
     .missing = NAPFIRE_MISSING_ARTILLERY_CELL,
     .refused = "the rules never read this cell: canister ammunition fires only at canister "
                "range (F-ART-1); write '?' or '-' there",
     .readable = artillery_readable,
     .values = NF_COLUMNS,
     .get1 = get_artillery,
     .set1 = set_artillery,
     .datum = {KEY(0, 0), KEY(1, 0), KEY(2, NAPFIRE_BAND_CANISTER), VALUE(0)}},
    {.prefix = "modifier.artillery",
     .section = "\n# Artillery modifiers (F-ART-1, F-ART-3).\n",
     .title = "modifiers",
     .width = 37,
     .ndims = 1,
     .dim = {NAMES(mod_names)},
     .kind = NF_VALUE_MODIFIER,
     .missing = NAPFIRE_MISSING_MODIFIER,
     .exists = modifier_exists,
     .values_of = variants,
     .get1 = get_modifier,
     .set1 = set_modifier,
     .datum = {CONST(NAPFIRE_FIRE_ARTILLERY), KEY(0, 0), VALUE(0), NONE},
     .fire = NAPFIRE_FIRE_ARTILLERY},
};

const int32_t napfire__nfamilies = (int32_t)NF_COUNT(napfire__families);

/* ---- walking the table ------------------------------------------------------ */

int32_t napfire__family_unknown(const struct nf_family *f) {
    return f->kind == NF_VALUE_MODIFIER ? NAPFIRE_MODIFIER_UNKNOWN : U;
}

int32_t napfire__family_keys(const struct nf_family *f) {
    int32_t n = 1;
    for (int32_t d = 0; d < f->ndims; d++)
        n *= f->dim[d].count;
    return n;
}

/* Key number k, the first dimension outermost (the text's order). */
void napfire__family_key(const struct nf_family *f, int32_t k, int32_t ix[NF_KEY_DIMS]) {
    ix[0] = ix[1] = ix[2] = 0;
    for (int32_t d = f->ndims - 1; d >= 0; d--) {
        ix[d] = k % f->dim[d].count;
        k /= f->dim[d].count;
    }
}

void napfire__family_datum(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], int32_t j, int32_t index[4]) {
    for (int32_t k = 0; k < 4; k++) {
        const struct nf_datum_part *d = &f->datum[k];
        int32_t base = d->from == NF_FROM_VALUE ? j : d->from == NF_FROM_NONE ? 0 : ix[d->from];
        index[k] = base + d->add;
    }
}

int32_t napfire__family_count(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    return f->values_of ? f->values_of(ix) : f->values;
}

int napfire__family_get(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                        int32_t v[NF_KEY_VALUES], int32_t star[NF_KEY_VALUES]) {
    if (f->get)
        return f->get(f, r, ix, v, star);
    for (int32_t j = 0; j < napfire__family_count(f, ix); j++) {
        int st = f->get1(f, r, ix, j, &v[j], &star[j]);
        if (st != NAPFIRE_OK)
            return st;
    }
    return NAPFIRE_OK;
}

int napfire__family_set(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                        const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad) {
    *bad = -1;
    if (f->set)
        return f->set(f, r, ix, v, star, bad);
    for (int32_t j = 0; j < napfire__family_count(f, ix); j++) {
        int st = f->set1(f, r, ix, j, v[j], star[j]);
        if (st != NAPFIRE_OK) {
            *bad = j;
            return st;
        }
    }
    return NAPFIRE_OK;
}

int napfire__family_exists(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    for (int32_t d = 0; d < f->ndims; d++)
        if (!f->dim[d].names[ix[d]])
            return 0;
    return !f->exists || f->exists(f, ix);
}

int napfire__family_readable(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]) {
    return napfire__family_exists(f, ix) && (!f->readable || f->readable(ix));
}

static int32_t name_index(struct nf_span s, struct nf_names names) {
    for (int32_t i = 0; i < names.count; i++)
        if (names.names[i] && napfire__span_is(s, names.names[i]))
            return i;
    return -1;
}

/* The key's components after the family's prefix, one per dimension. */
static int match(const struct nf_family *f, struct nf_span key, int32_t ix[NF_KEY_DIMS]) {
    size_t i = 0;
    if (f->prefix) {
        size_t n = strlen(f->prefix);
        if (key.n < n || memcmp(key.p, f->prefix, n) != 0)
            return 0;
        i = n;
        if (f->ndims == 0)
            return i == key.n;
        if (i == key.n || key.p[i] != '.')
            return 0;
        i++;
    }
    ix[0] = ix[1] = ix[2] = 0;
    for (int32_t d = 0; d < f->ndims; d++) {
        size_t start = i;
        while (i < key.n && key.p[i] != '.')
            i++;
        struct nf_span part = {key.p + start, i - start};
        ix[d] = name_index(part, f->dim[d]);
        if (ix[d] < 0)
            return 0;
        if (d + 1 < f->ndims) {
            if (i == key.n)
                return 0;
            i++;
        }
    }
    return i == key.n && napfire__family_exists(f, ix);
}

const struct nf_family *napfire__key_lookup(struct nf_span key, int32_t ix[NF_KEY_DIMS], size_t *slot) {
    int32_t base = 0;
    for (int32_t k = 0; k < napfire__nfamilies; k++) {
        const struct nf_family *f = &napfire__families[k];
        if (match(f, key, ix)) {
            int32_t flat = 0;
            for (int32_t d = 0; d < f->ndims; d++)
                flat = flat * f->dim[d].count + ix[d];
            *slot = (size_t)(base + flat);
            return *slot < NF_KEY_SLOTS ? f : NULL;
        }
        base += napfire__family_keys(f);
    }
    return NULL;
}

int napfire__keys_validate(const napfire_rules *r) {
    if (r && NF_MISALIGNED(r))
        return NAPFIRE_EALIGN;
    /* Every seal, so a change to a section no key reads is noticed too. */
    if (!napfire__rules_intact(r))
        return NAPFIRE_ESTATE;
    for (int32_t k = 0; k < napfire__nfamilies; k++) {
        const struct nf_family *f = &napfire__families[k];
        for (int32_t key = 0; key < napfire__family_keys(f); key++) {
            int32_t ix[NF_KEY_DIMS], v[NF_KEY_VALUES] = {0}, star[NF_KEY_VALUES] = {0};
            napfire__family_key(f, key, ix);
            if (!napfire__family_exists(f, ix))
                continue;
            int st;
            if (f->kind == NF_VALUE_TEXT) {
                char text[NF_SOURCE_CAP];
                size_t n;
                st = napfire_rules_get_provenance(r, ix[0], text, sizeof text, &n);
                if (st == NAPFIRE_ENOSPC)
                    st = NAPFIRE_ESTATE;
            } else {
                st = napfire__family_get(f, r, ix, v, star);
            }
            if (st != NAPFIRE_OK)
                return st;
        }
    }
    return NAPFIRE_OK;
}

const struct nf_family *napfire__key_of_datum(int32_t missing, const int32_t index[4], int32_t ix[NF_KEY_DIMS],
                                              int32_t *j) {
    for (int32_t k = 0; k < napfire__nfamilies; k++) {
        const struct nf_family *f = &napfire__families[k];
        if (f->missing != missing || missing == NAPFIRE_MISSING_NONE)
            continue;
        for (int32_t key = 0; key < napfire__family_keys(f); key++) {
            napfire__family_key(f, key, ix);
            if (!napfire__family_readable(f, ix))
                continue;
            for (*j = 0; *j < napfire__family_count(f, ix); ++*j) {
                int32_t d[4];
                napfire__family_datum(f, ix, *j, d);
                if (memcmp(d, index, sizeof d) == 0)
                    return f;
            }
        }
    }
    return NULL;
}
