/* SPDX-License-Identifier: MIT */
/*
 * Facing (H-FACE) and infantry fire value and range (H-FIRE) at hex scale:
 * arithmetic on the caller's counts, no map and no geometry.
 */
#include "common.h"

/* Front and flank as runs of hexsides counted from the first front
 * hexside (*first), going round in direction order, for a formation
 * facing hexside or vertex k; NAPFIRE_EDOMAIN where the formation cannot
 * face that way. */
static int facing_runs(int32_t formation, int vertex, int32_t k, int32_t *first, int32_t *nfront, int32_t *nflank) {
    switch (formation) {
        case NAPFIRE_HEX_COLUMN:
        case NAPFIRE_HEX_ARTILLERY: /* 3/2/1 around hexside k */
            *first = k - 1;
            *nfront = 3;
            *nflank = 2;
            return vertex ? NAPFIRE_EDOMAIN : NAPFIRE_OK;
        case NAPFIRE_HEX_LINE: /* 2/2/2: hexsides k and k+1 meet at vertex k */
            *first = k;
            *nfront = 2;
            *nflank = 2;
            return vertex ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
        case NAPFIRE_HEX_TIRAILLEUR: /* 4/2/0 */
            *first = k - 1;
            *nfront = 4;
            *nflank = 2;
            return vertex ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
        case NAPFIRE_HEX_SQUARE:
            *first = 0;
            *nfront = 6;
            *nflank = 0;
            return NAPFIRE_OK;
        default:
            return NAPFIRE_EDOMAIN;
    }
}

int napfire_hex_facing(int32_t formation, int32_t facing, uint32_t *front, uint32_t *flank, uint32_t *rear) {
    if (!front)
        return NAPFIRE_EINVAL;
    if (facing < 0 || facing > 11)
        return NAPFIRE_EDOMAIN;
    /* facing / 2: the hexside faced, or the vertex faced */
    int32_t first = 0, nfront = 0, nflank = 0;
    int st = facing_runs(formation, facing % 2 != 0, facing / 2, &first, &nfront, &nflank);
    if (st != NAPFIRE_OK)
        return st;
    /* Flank hexsides sit either side of the front, the rear opposite it. */
    uint32_t fr = 0, fl = 0;
    for (int32_t i = 0; i < nfront; i++)
        fr |= 1u << ((first + i + 6) % 6);
    for (int32_t i = 0; i < nflank / 2; i++) {
        fl |= 1u << ((first - 1 - i + 12) % 6);
        fl |= 1u << ((first + nfront + i) % 6);
    }
    *front = fr;
    if (flank)
        *flank = fl;
    if (rear)
        *rear = 0x3Fu & ~(fr | fl);
    return NAPFIRE_OK;
}

static int fire_in(int32_t v) {
    return v >= 0 && v <= NAPFIRE_HEX_FIRE_MAX;
}

/* The counts in their domain and the reserved tail zero. */
static int counts_valid(const napfire_hex_fire *f) {
    for (size_t i = 0; i < NF_COUNT(f->reserved); i++)
        if (f->reserved[i] != 0)
            return 0;
    return fire_in(f->increments) && fire_in(f->multiple) && fire_in(f->printed_value) && fire_in(f->stack_position);
}

/* H-FIRE-3..5: the increments of a line or tirailleur formation that
 * fire per hex; 0 where the hexes do not fit the formation, or for one
 * (artillery, square) whose fire H-FIRE does not cover. */
static int32_t fire_per_hex(const napfire_hex_fire *f) {
    switch (f->formation) {
        case NAPFIRE_HEX_LINE: /* H-FIRE-3, H-FIRE-5 */
            return f->hexes < 1 || f->hexes > 2 || (f->hexes == 2 && f->increments < 5) ? 0 : 4;
        case NAPFIRE_HEX_TIRAILLEUR: /* H-FIRE-4 */
            return f->hexes < 1 || f->hexes > f->increments ? 0 : 3;
        default:
            return 0;
    }
}

int napfire_hex_fire_value(const napfire_hex_fire *fire, int32_t *value) {
    if (!fire || !value)
        return NAPFIRE_EINVAL;
    const napfire_hex_fire *f = fire;
    if (!counts_valid(f))
        return NAPFIRE_EDOMAIN;
    if (f->formation == NAPFIRE_HEX_COLUMN) { /* H-FIRE-2: only the top unit fires, its printed value */
        if (f->hexes != 1)
            return NAPFIRE_EDOMAIN;
        *value = f->stack_position == 0 ? f->printed_value : 0;
        return NAPFIRE_OK;
    }
    int32_t per_hex = fire_per_hex(f);
    if (per_hex == 0 || f->stack_position != 0)
        return NAPFIRE_EDOMAIN;
    int32_t firing = f->increments < per_hex * f->hexes ? f->increments : per_hex * f->hexes;
    *value = firing * f->multiple;
    return NAPFIRE_OK;
}

int napfire_hex_fire_range(int32_t formation, int32_t tirailleur_range, int32_t *range) {
    if (!range)
        return NAPFIRE_EINVAL;
    if (tirailleur_range < 0 || tirailleur_range > NAPFIRE_HEX_FIRE_MAX)
        return NAPFIRE_EDOMAIN;
    switch (formation) {
        case NAPFIRE_HEX_COLUMN:
        case NAPFIRE_HEX_LINE:
        case NAPFIRE_HEX_SQUARE:
            *range = 1;
            return NAPFIRE_OK;
        case NAPFIRE_HEX_TIRAILLEUR:
            *range = tirailleur_range ? tirailleur_range : NAPFIRE_HEX_TIRAILLEUR_RANGE;
            return NAPFIRE_OK;
        default:
            return NAPFIRE_EDOMAIN;
    }
}
