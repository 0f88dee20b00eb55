/* SPDX-License-Identifier: MIT */
/* Range bands (F-RNG, F-ART-1). Bands are inclusive at the top and close
 * the printed gaps (Decision F-RNG-2): effective if d <= effective max,
 * long if d <= long max, beyond that out of range. */
#include "engine.h"

/* Walk the band maxima in order and stop at the first that holds the
 * distance, so that only the maxima actually needed must be known (a
 * canister shot needs no long-range number). */
static int walk(struct nf_data *data, int gun_table, int32_t which_weapon, int32_t measure, int32_t arm, int32_t d,
                int32_t *band) {
    const struct nf_rules *r = data->r;
    static const int32_t infantry_bands[] = {NAPFIRE_BAND_EFFECTIVE, NAPFIRE_BAND_LONG};
    static const int32_t gun_bands[] = {NAPFIRE_BAND_CANISTER, NAPFIRE_BAND_EFFECTIVE, NAPFIRE_BAND_LONG};
    const int32_t *bands = gun_table ? gun_bands : infantry_bands;
    int32_t count = gun_table ? 3 : 2;
    /* Every maximum is read and checked first, needed or not: an early one
     * corrupted to lie above a later one is valid on its own, yet would
     * pick a band the rules cannot give (the setters keep them ordered).
     * Unknown ones stay allowed until a distance needs them. */
    int32_t max[3] = {0, 0, 0};
    int st[3] = {NAPFIRE_OK, NAPFIRE_OK, NAPFIRE_OK};
    int32_t known = 0;
    for (int32_t i = 0; i < count; i++) {
        st[i] = gun_table ? napfire__gun_range_max(r, which_weapon, measure, i, &max[i])
                          : napfire__range_max(r, which_weapon, measure, i, &max[i]);
        if (st[i] == NAPFIRE_OK && max[i] < known)
            return NAPFIRE_ESTATE;
        if (st[i] == NAPFIRE_OK)
            known = max[i];
        else if (st[i] != NAPFIRE_EUNKNOWN)
            return st[i];
    }
    for (int32_t i = 0; i < count; i++) {
        if (st[i] != NAPFIRE_OK)
            return napfire__data_miss(data, NAPFIRE_MISSING_RANGE, which_weapon, measure, arm, bands[i]);
        if (d <= max[i]) {
            *band = bands[i];
            return NAPFIRE_OK;
        }
    }
    *band = NAPFIRE_BAND_NONE;
    return NAPFIRE_OK;
}

int napfire__band(const struct nf_shot *s, struct nf_data *d, int32_t *band) {
    int32_t arm = nf_u(&s->firer, NAPFIRE_UNIT_ARM);
    int32_t measure = nf_s(s, NAPFIRE_SHOT_MEASURE);
    int32_t distance = nf_s(s, NAPFIRE_SHOT_DISTANCE);
    if (napfire__is_artillery(arm))
        return walk(d, 1, nf_u(&s->firer, NAPFIRE_UNIT_GUN), measure, arm, distance, band);
    return walk(d, 0, nf_u(&s->firer, NAPFIRE_UNIT_WEAPON), measure, arm, distance, band);
}

int napfire_shot_band(const napfire_shot *s, const napfire_rules *rules, int32_t *band) {
    if (!s || !band)
        return NAPFIRE_EINVAL;
    struct nf_data d;
    int st = napfire__shot_open(s, rules, NF_OPEN_DISTANCE, &d);
    if (st)
        return st;
    /* Cavalry fire is not covered by the documents (F-TAB-6): no band. */
    if (nf_u(&d.shot->firer, NAPFIRE_UNIT_ARM) == NAPFIRE_ARM_CAVALRY)
        return NAPFIRE_EDOMAIN;
    int32_t b = NAPFIRE_BAND_NONE;
    st = napfire__band(d.shot, &d, &b);
    if (st == NAPFIRE_OK)
        *band = b;
    return st;
}
