/* SPDX-License-Identifier: MIT */
/*
 * Facing (H-FACE) and infantry fire value and range (H-FIRE) at hex scale:
 * arithmetic on the caller's counts, no map and no geometry.
 */
#include "common.h"

int napfire_hex_facing(int32_t formation, int32_t facing, uint32_t *front, uint32_t *flank, uint32_t *rear) {
    if (!front)
        return NAPFIRE_EINVAL;
    if (facing < 0 || facing > 11)
        return NAPFIRE_EDOMAIN;
    int32_t k = facing / 2; /* the hexside faced, or the vertex faced */
    int vertex = facing % 2 != 0;
    /* Front, flank and rear as runs of hexsides counted from the first
     * front hexside, going round in direction order. */
    int32_t first, nfront, nflank;
    switch (formation) {
        case NAPFIRE_HEX_COLUMN:
        case NAPFIRE_HEX_ARTILLERY: /* 3/2/1 around hexside k */
            if (vertex)
                return NAPFIRE_EDOMAIN;
            first = k - 1;
            nfront = 3;
            nflank = 2;
            break;
        case NAPFIRE_HEX_LINE: /* 2/2/2: hexsides k and k+1 meet at vertex k */
            if (!vertex)
                return NAPFIRE_EDOMAIN;
            first = k;
            nfront = 2;
            nflank = 2;
            break;
        case NAPFIRE_HEX_TIRAILLEUR: /* 4/2/0 */
            if (!vertex)
                return NAPFIRE_EDOMAIN;
            first = k - 1;
            nfront = 4;
            nflank = 2;
            break;
        case NAPFIRE_HEX_SQUARE:
            first = 0;
            nfront = 6;
            nflank = 0;
            break;
        default:
            return NAPFIRE_EDOMAIN;
    }
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

int napfire_hex_fire_value(const napfire_hex_fire *fire, int32_t *value) {
    if (!fire || !value)
        return NAPFIRE_EINVAL;
    const napfire_hex_fire *f = fire;
    if (!counts_valid(f))
        return NAPFIRE_EDOMAIN;
    int32_t per_hex;
    switch (f->formation) {
        case NAPFIRE_HEX_COLUMN: /* H-FIRE-2: only the top unit fires, its printed value */
            if (f->hexes != 1)
                return NAPFIRE_EDOMAIN;
            *value = f->stack_position == 0 ? f->printed_value : 0;
            return NAPFIRE_OK;
        case NAPFIRE_HEX_LINE: /* H-FIRE-3, H-FIRE-5 */
            if (f->hexes < 1 || f->hexes > 2 || (f->hexes == 2 && f->increments < 5))
                return NAPFIRE_EDOMAIN;
            per_hex = 4;
            break;
        case NAPFIRE_HEX_TIRAILLEUR: /* H-FIRE-4 */
            if (f->hexes < 1 || f->hexes > f->increments)
                return NAPFIRE_EDOMAIN;
            per_hex = 3;
            break;
        default: /* ARTILLERY, SQUARE: not infantry fire H-FIRE covers */
            return NAPFIRE_EDOMAIN;
    }
    if (f->stack_position != 0)
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
