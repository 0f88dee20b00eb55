/* SPDX-License-Identifier: MIT */
/*
 * napfire_missing_describe(): a missing datum (napfire_result::missing and
 * missing_index) as the one rules-text line that holds it (PATCH), or as a
 * sentence in the rulebook's terms (SENTENCE); and
 * napfire_rules_next_unknown(), every unknown datum the rules can read.
 * Both find the datum through the key family table (rules_keys.c), so a
 * PATCH line is exactly a line the parser reads.
 */
#include <string.h>

#include "rules_text.h"

/* ---- sentences ----------------------------------------------------------- */

static const char *const row_text[NF_ROWS] = {
    "row 1 (column of companies or battalion square, under 12 firing figures)",
    "row 2 (column of divisions, 12 or more firing figures)",
    "row 3 (small line, 20 or more firing figures)",
    "row 4 (medium line, 28 or more firing figures)",
    "row 5 (large line, 36 or more firing figures)",
};
static const char *const gun_text[NF_GUNS] = {"light gun (3-4 pounder)", "6-pounder", "9-pounder", "12-pounder",
                                              "howitzer"};
static const char *const weapon_text[NF_WEAPONS] = {"musket", "rifle", "sharpshooters (picked marksmen)"};
static const char *const band_text[] = {
    [NAPFIRE_BAND_CANISTER] = "canister range",
    [NAPFIRE_BAND_EFFECTIVE] = "effective range",
    [NAPFIRE_BAND_LONG] = "long range",
};
static const char *const measure_text[NF_MEASURES] = {"in millimetres", "in tenths of an inch"};
/* [id][variant] */
static const char *const modifier_text[NF_MOD_IDS][NF_VARIANTS] = {
    [NAPFIRE_MOD_GUARD] = {"firer of class Guard (F-MOD-1)"},
    [NAPFIRE_MOD_ELITE] = {"firer of class Elite (F-MOD-2)"},
    [NAPFIRE_MOD_STEADY] = {"firer of class Veteran, Line or Second-rate (F-MOD-3)"},
    [NAPFIRE_MOD_RAW] = {"firer of class Conscript or Militia (F-MOD-4)"},
    [NAPFIRE_MOD_BRITISH_LINE] = {"British or KGL firer in line or column of divisions "
                                  "(F-MOD-5)"},
    [NAPFIRE_MOD_FIRED_LAST_TURN] = {"firer fired in the previous turn (F-MOD-6)"},
    [NAPFIRE_MOD_DISORDERED] = {"firer disordered (F-MOD-7)"},
    [NAPFIRE_MOD_COLUMN] = {"target in column (F-MOD-8)", "target in massed column (F-MOD-8)"},
    [NAPFIRE_MOD_SQUARE_OR_ENFILADE] = {"target in square or enfiladed (F-MOD-9)"},
    [NAPFIRE_MOD_MASS] = {"target in mass (F-MOD-10)"},
    [NAPFIRE_MOD_ARTILLERY] = {"target artillery in position (F-MOD-11)"},
    [NAPFIRE_MOD_CHARGING_CAVALRY] = {"target charging cavalry (F-MOD-12)"},
    [NAPFIRE_MOD_OPEN_ORDER] = {"target in open order (F-MOD-13)"},
    [NAPFIRE_MOD_SKIRMISHERS] = {"target skirmishers (F-MOD-14)"},
    [NAPFIRE_MOD_COVER] = {"target in cover (F-MOD-15)", "target in limited cover (F-MOD-15)"},
    [NAPFIRE_MOD_BUILDINGS] = {"target in buildings (F-MOD-16)"},
    [NAPFIRE_MOD_MOVED_HALF] = {"battery moved up to half its move (F-ART-3)"},
};
static const char *const threshold_text[NF_THRESHOLDS] = {
    [NAPFIRE_THRESHOLD_SCREEN] = "the distance within which a skirmisher screen does not "
                                 "shield its unit (F-SCR-1)",
    [NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE] = "the clearance around friends for long-range "
                                               "artillery fire (F-ART-5)",
    [NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE] = "the clearance for artillery fire over friends "
                                             "(F-ART-7)",
    [NAPFIRE_THRESHOLD_STAR_FIGURES] = "the firing figures from which a starred cell adds one "
                                       "figure (F-TAB-4)",
    [NAPFIRE_THRESHOLD_ROW_2] = "the firing figures from which musketry row 2 applies (F-TAB-1)",
    [NAPFIRE_THRESHOLD_ROW_3] = "the firing figures from which musketry row 3 applies (F-TAB-1)",
    [NAPFIRE_THRESHOLD_ROW_4] = "the firing figures from which musketry row 4 applies (F-TAB-1)",
    [NAPFIRE_THRESHOLD_ROW_5] = "the firing figures from which musketry row 5 applies (F-TAB-1)",
    [NAPFIRE_THRESHOLD_GUARD_CAP] = "the most a Guard firer's bonuses add up to (F-MOD-G)",
};

static void put_rolls(struct nf_out *o, int32_t column) {
    napfire__puts(o, ", modified roll ");
    napfire__put_int(o, column * 2 + 1, 0);
    napfire__puts(o, "-");
    napfire__put_int(o, column * 2 + 2, 0);
}

static void sentence(struct nf_out *o, int32_t missing, const int32_t ix[4]) {
    switch (missing) {
        case NAPFIRE_MISSING_MUSKETRY_CELL:
            napfire__puts(o, "musketry table, ");
            napfire__puts(o, row_text[ix[0]]);
            put_rolls(o, ix[1]);
            break;
        case NAPFIRE_MISSING_ARTILLERY_CELL:
            napfire__puts(o, "artillery table, ");
            napfire__puts(o, gun_text[ix[0]]);
            napfire__puts(o, ix[1] == NAPFIRE_AMMO_CANISTER ? ", canister at " : ", roundshot at ");
            napfire__puts(o, band_text[ix[2]]);
            put_rolls(o, ix[3]);
            break;
        case NAPFIRE_MISSING_RANGE: {
            int gun = ix[2] == NAPFIRE_ARM_FOOT_ARTILLERY;
            napfire__puts(o, gun ? "gun range: the " : "infantry range: the ");
            napfire__puts(o, band_text[ix[3]]);
            napfire__puts(o, " maximum of the ");
            napfire__puts(o, gun ? gun_text[ix[0]] : weapon_text[ix[0]]);
            napfire__puts(o, ", ");
            napfire__puts(o, measure_text[ix[1]]);
            napfire__puts(o, gun ? " (F-ART-1)" : " (F-RNG)");
            break;
        }
        case NAPFIRE_MISSING_MODIFIER:
            napfire__puts(o, ix[0] == NAPFIRE_FIRE_MUSKETRY ? "musketry modifier: " : "artillery modifier: ");
            napfire__puts(o, modifier_text[ix[1]][ix[2]]);
            break;
        default: /* NAPFIRE_MISSING_THRESHOLD */
            napfire__puts(o, "threshold: ");
            napfire__puts(o, threshold_text[ix[0]]);
            if (napfire__threshold_is_distance(ix[0])) {
                napfire__puts(o, ", ");
                napfire__puts(o, measure_text[ix[1]]);
            }
            break;
    }
}

/* ---- the datum --------------------------------------------------------- */

static int in(int32_t v, int32_t lo, int32_t hi) {
    return v >= lo && v <= hi;
}

/* The index as the key table writes it: unused entries -1, a range's arm
 * as infantry or artillery, a count threshold in the metric measure. 0
 * when an entry the kind uses is outside every domain. */
static int canonical(int32_t missing, const int32_t index[4], int32_t out[4]) {
    static const int32_t used[] = {
        [NAPFIRE_MISSING_MUSKETRY_CELL] = 2, [NAPFIRE_MISSING_ARTILLERY_CELL] = 4, [NAPFIRE_MISSING_RANGE] = 4,
        [NAPFIRE_MISSING_MODIFIER] = 3,      [NAPFIRE_MISSING_THRESHOLD] = 2,
    };
    if (!in(missing, NAPFIRE_MISSING_MUSKETRY_CELL, NAPFIRE_MISSING_THRESHOLD))
        return 0;
    for (int32_t k = 0; k < 4; k++)
        out[k] = k < used[missing] ? index[k] : -1;
    if (missing == NAPFIRE_MISSING_RANGE) {
        if (out[2] == NAPFIRE_ARM_LINE_INFANTRY || out[2] == NAPFIRE_ARM_LIGHT_INFANTRY)
            out[2] = NAPFIRE_ARM_LINE_INFANTRY;
        else if (out[2] == NAPFIRE_ARM_FOOT_ARTILLERY || out[2] == NAPFIRE_ARM_HORSE_ARTILLERY)
            out[2] = NAPFIRE_ARM_FOOT_ARTILLERY;
        else
            return 0;
    }
    if (missing == NAPFIRE_MISSING_THRESHOLD && in(out[0], 0, NF_THRESHOLDS - 1) &&
        !napfire__threshold_is_distance(out[0])) {
        if (!in(out[1], 0, NF_MEASURES - 1))
            return 0;
        out[1] = NAPFIRE_MEASURE_METRIC;
    }
    return 1;
}

/* The PATCH line: the key, then '?' at the datum and '.' elsewhere. */
static void patch(struct nf_out *o, const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], int32_t j) {
    napfire__put_key(o, f, ix, 0);
    int32_t count = napfire__family_count(f, ix);
    for (int32_t k = 0; k < count; k++) {
        napfire__puts(o, k == j ? "?" : ".");
        if (k + 1 < count)
            napfire__puts(o, " ");
    }
}

int napfire_missing_describe(int32_t missing, const int32_t index[4], int32_t style, char *buf, size_t cap,
                             size_t *len) {
    if (!index || !len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    int32_t ix4[4], key[NF_KEY_DIMS], j = 0;
    if (!in(style, NAPFIRE_DESCRIBE_PATCH, NAPFIRE_DESCRIBE_SENTENCE) || !canonical(missing, index, ix4))
        return NAPFIRE_EDOMAIN;
    const struct nf_family *f = napfire__key_of_datum(missing, ix4, key, &j);
    if (!f)
        return NAPFIRE_EDOMAIN;
    /* Count, then write only when it fits. */
    for (int pass = 0; pass < 2; pass++) {
        struct nf_out o = {pass ? buf : NULL, pass ? cap - 1 : 0, 0};
        if (style == NAPFIRE_DESCRIBE_PATCH)
            patch(&o, f, key, j);
        else
            sentence(&o, missing, ix4);
        *len = o.pos;
        if (!pass && cap < o.pos + 1)
            return NAPFIRE_ENOSPC;
        if (pass)
            buf[o.pos] = '\0';
    }
    return NAPFIRE_OK;
}

/* ---- every unknown datum ------------------------------------------------- */

/* The first unknown value of one key at or after *cursor, counting the
 * key's values from *at (advanced past them): 1 found, 0 not, or an error
 * status from the getter. */
static int key_unknown(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t *at,
                       int32_t *cursor, int32_t *missing, int32_t index[4]) {
    int32_t v[NF_KEY_VALUES] = {0}, star[NF_KEY_VALUES] = {0};
    int32_t count = napfire__family_count(f, ix);
    if (*at + count <= *cursor) {
        *at += count;
        return 0;
    }
    int st = napfire__family_get(f, r, ix, v, star);
    if (st != NAPFIRE_OK)
        return st;
    for (int32_t j = 0; j < count; j++, ++*at) {
        if (*at < *cursor || v[j] != napfire__family_unknown(f))
            continue;
        *missing = f->missing;
        napfire__family_datum(f, ix, j, index);
        *cursor = *at + 1;
        return 1;
    }
    return 0;
}

int napfire_rules_next_unknown(const napfire_rules *r, int32_t *cursor, int32_t *missing, int32_t index[4]) {
    if (!cursor || !missing || !index)
        return NAPFIRE_EINVAL;
    if (*cursor < 0)
        return NAPFIRE_EDOMAIN;
    int st;
    napfire__rules_resolve(r, &st);
    if (st != NAPFIRE_OK)
        return st;
    /* The cursor counts the values of readable keys in template order. */
    int32_t at = 0;
    for (int32_t k = 0; k < napfire__nfamilies; k++) {
        const struct nf_family *f = &napfire__families[k];
        for (int32_t key = 0; f->kind != NF_VALUE_TEXT && key < napfire__family_keys(f); key++) {
            int32_t ix[NF_KEY_DIMS];
            napfire__family_key(f, key, ix);
            if (!napfire__family_readable(f, ix))
                continue;
            st = key_unknown(f, r, ix, &at, cursor, missing, index);
            if (st != 0)
                return st == 1 ? NAPFIRE_OK : st;
        }
    }
    *missing = NAPFIRE_MISSING_NONE;
    for (int32_t k = 0; k < 4; k++)
        index[k] = -1;
    *cursor = at;
    return NAPFIRE_OK;
}
