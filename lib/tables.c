/* SPDX-License-Identifier: MIT */
/* Table lookup (F-TAB): row from firing figures and formation, column
 * from the modified roll. */
#include "internal.h"

/* F-TAB-2: the formation caps the row; the smaller of the two is used. */
static int32_t formation_row_cap(int32_t formation) {
    switch (formation) {
    case NAPFIRE_FORMATION_COLUMN_OF_COMPANIES:
    case NAPFIRE_FORMATION_SQUARE:
    case NAPFIRE_FORMATION_MASSED_COLUMN: /* Decision F-TAB-2 */
    case NAPFIRE_FORMATION_MASS:          /* Decision F-TAB-2 */
        return 0;
    case NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS:
        return 1;
    default: /* line and open order (F-TAB-5): by figures only */
        return NF_ROWS - 1;
    }
}

int32_t napfire__musketry_row(const struct nf_shot *s, const struct nf_rules *r, int *status,
                        struct nf_missing *m) {
    int32_t figures = nf_s(s, NAPFIRE_SHOT_FIRING_FIGURES);
    if (figures == 0)
        figures = nf_u(&s->firer, NAPFIRE_UNIT_FIGURES);
    int32_t cap = formation_row_cap(nf_u(&s->firer, NAPFIRE_UNIT_FORMATION));
    int32_t row = 0;
    if (cap > 0 && !napfire__rows_ordered(r)) {
        *status = NAPFIRE_ESTATE;
        return -1;
    }
    /* F-TAB-1: climb while the next row's threshold is reached; stop at the
     * cap so that thresholds above it need not be known. */
    while (row < cap) {
        int32_t id = NAPFIRE_THRESHOLD_ROW_2 + row;
        int32_t t = 0;
        int st = napfire__threshold(r, id, NAPFIRE_MEASURE_METRIC, &t);
        if (st == NAPFIRE_EUNKNOWN)
            napfire__missing_set(m, NAPFIRE_MISSING_THRESHOLD, id, NAPFIRE_MEASURE_METRIC, -1, -1);
        if (st != NAPFIRE_OK) {
            *status = st;
            return -1;
        }
        if (figures < t)
            break;
        row++;
    }
    *status = NAPFIRE_OK;
    return row;
}

/* F-TAB-3: bands of two, 1-2 .. 17-18; below 1 no effect (-1), above 18
 * the last column (Decision). */
int32_t napfire__roll_column(int32_t modified_roll) {
    if (modified_roll < 1)
        return -1;
    if (modified_roll > 18)
        return NF_COLUMNS - 1;
    return (modified_roll - 1) / 2;
}
