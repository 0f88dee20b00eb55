/* SPDX-License-Identifier: MIT */
/* Table lookup (F-TAB, F-ART-1): row from firing figures and formation
 * (musketry) or from gun, ammunition and band (artillery), column from the
 * modified roll, and the cell with the star. */
#include "engine.h"

static int musketry_row(const struct nf_shot *s, struct nf_data *d, int32_t *row) {
    int32_t figures = napfire__row_figures(s);
    int32_t cap = napfire__row_cap(nf_u(&s->firer, NAPFIRE_UNIT_FORMATION));
    if (cap > 0 && !napfire__rows_ordered(d->r))
        return NAPFIRE_ESTATE;
    /* F-TAB-1: climb while the next row's threshold is reached; stop at the
     * cap so that thresholds above it need not be known. */
    int32_t r = 0;
    while (r < cap) {
        int32_t t = 0;
        int st = napfire__need_threshold(d, NAPFIRE_THRESHOLD_ROW_2 + r, NAPFIRE_MEASURE_METRIC, &t);
        if (st != NAPFIRE_OK)
            return st;
        if (figures < t)
            break;
        r++;
    }
    *row = r;
    return NAPFIRE_OK;
}

/* The musketry cell with the star (F-TAB-4): N* is N + 1 when the firer's
 * current strength reaches the star threshold (Decision F-TAB-4). */
static int musketry_cell(const struct nf_shot *s, struct nf_data *d, struct nf_cell *c) {
    int32_t halves = 0, star = 0;
    int st = napfire__musketry_cell(d->r, c->row, c->column, &halves, &star);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_MUSKETRY_CELL, c->row, c->column, -1, -1);
    if (st != NAPFIRE_OK)
        return st;
    if (star) {
        int32_t t = 0;
        st = napfire__need_threshold(d, NAPFIRE_THRESHOLD_STAR_FIGURES, NAPFIRE_MEASURE_METRIC, &t);
        if (st != NAPFIRE_OK)
            return st;
        if (nf_u(&s->firer, NAPFIRE_UNIT_FIGURES) >= t)
            halves += 2;
    }
    c->halves = halves;
    return NAPFIRE_OK;
}

/* One artillery row per gun x ammunition x band (F-ART-1); no star. */
static int artillery_cell(const struct nf_shot *s, struct nf_data *d, int32_t band, struct nf_cell *c) {
    int32_t gun = nf_u(&s->firer, NAPFIRE_UNIT_GUN);
    int32_t ammo = nf_s(s, NAPFIRE_SHOT_AMMO);
    c->row = (gun * NF_AMMOS + ammo) * NF_ART_BANDS + (band - NAPFIRE_BAND_CANISTER);
    if (c->column < 0)
        return NAPFIRE_OK;
    int st = napfire__artillery_cell(d->r, gun, ammo, band, c->column, &c->halves);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_ARTILLERY_CELL, gun, ammo, band, c->column);
    return st;
}

int napfire__table_cell(const struct nf_shot *s, struct nf_data *d, int32_t band, int32_t known_row,
                        int32_t modified_roll, struct nf_cell *cell) {
    struct nf_cell c = {-1, napfire__roll_column(modified_roll), 0};
    int st;
    if (napfire__is_artillery(nf_u(&s->firer, NAPFIRE_UNIT_ARM))) {
        st = artillery_cell(s, d, band, &c);
    } else {
        /* Range-checked: it indexes the table. */
        if (known_row >= 0 && known_row < NF_ROWS) {
            c.row = known_row;
            st = NAPFIRE_OK;
        } else {
            st = musketry_row(s, d, &c.row);
        }
        if (st == NAPFIRE_OK && c.column >= 0)
            st = musketry_cell(s, d, &c);
    }
    /* As far as it was found, also on NAPFIRE_EUNKNOWN: the result of a
     * resolve names the row and column it reached. */
    *cell = c;
    return st;
}

int napfire_shot_table(const napfire_shot *s, const napfire_rules *rules, int32_t modified_roll, int32_t *row_index,
                       int32_t *column_index, int32_t *halves) {
    if (!s || !row_index || !column_index || !halves)
        return NAPFIRE_EINVAL;
    struct nf_data d;
    int st = napfire__shot_open(s, rules, NF_OPEN_DISTANCE, &d);
    if (st)
        return st;
    const struct nf_shot *n = d.shot;
    /* F-TAB-6: no table covers cavalry or skirmish-order fire. */
    const struct nf_unit *f = &n->firer;
    int32_t arm = nf_u(f, NAPFIRE_UNIT_ARM);
    if (arm == NAPFIRE_ARM_CAVALRY || nf_u(f, NAPFIRE_UNIT_FORMATION) == NAPFIRE_FORMATION_SKIRMISH)
        return NAPFIRE_EDOMAIN;
    int32_t band = NAPFIRE_BAND_NONE;
    if (napfire__is_artillery(arm)) {
        /* The artillery row depends on the band; a band with no row (out
         * of range, or canister ammunition beyond canister range: F-ART-1)
         * has no cell. */
        st = napfire__band(n, &d, &band);
        if (st != NAPFIRE_OK)
            return st;
        if (band == NAPFIRE_BAND_NONE ||
            (nf_s(n, NAPFIRE_SHOT_AMMO) == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER)) {
            *row_index = -1;
            *column_index = -1;
            *halves = 0;
            return NAPFIRE_OK;
        }
    }
    struct nf_cell c;
    st = napfire__table_cell(n, &d, band, -1, modified_roll, &c);
    if (st != NAPFIRE_OK)
        return st;
    *row_index = c.row;
    *column_index = c.column;
    *halves = c.halves;
    return NAPFIRE_OK;
}
