/* SPDX-License-Identifier: MIT */
/*
 * Random La Bataille maps and queries for the field-of-view tests, and the
 * reference answer: one napfire_los_grid() call per hex. Shared by
 * test_fov.c and the threads test; header-only (static functions).
 */
#ifndef NAPFIRE_TEST_FOV_MAPS_H
#define NAPFIRE_TEST_FOV_MAPS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"

/* Zero-filled storage aligned as plans and workspaces need (64 is more
 * than malloc's); exits when memory runs out. */
static inline void *fm_zalloc(size_t n) {
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memset(p, 0, n);
    return p;
}

/* xorshift64*: reproducible maps from a seed. */
static inline uint64_t fm_next(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

static inline int32_t fm_range(uint64_t *s, int32_t lo, int32_t hi) {
    return lo + (int32_t)(fm_next(s) % (uint64_t)(hi - lo + 1));
}

struct fm_map {
    int32_t layout, columns, rows, radius;
    napfire_hex_info *cells;
    napfire_los_query q;
};

/* One cell: clear, woods, town, slope (at one of `levels` levels around
 * base), units of three sides, routed units, leaders alone. */
static inline void fm_cell(uint64_t *s, napfire_hex_info *c, int32_t base, int32_t levels, int32_t density) {
    memset(c, 0, sizeof *c);
    c->elevation = base + fm_range(s, 0, levels - 1);
    int32_t t = fm_range(s, 0, 99);
    c->terrain = t < density / 2       ? NAPFIRE_TERRAIN_BLOCKING
                 : t < density * 3 / 4 ? NAPFIRE_TERRAIN_TOWN
                 : t < density * 2     ? NAPFIRE_TERRAIN_SLOPE
                                       : NAPFIRE_TERRAIN_CLEAR;
    int32_t p = fm_range(s, 0, 99);
    c->presence = p < density / 2       ? NAPFIRE_PRESENCE_COMBAT
                  : p < density * 2 / 3 ? NAPFIRE_PRESENCE_ROUTED
                  : p < density * 3 / 4 ? NAPFIRE_PRESENCE_LEADER_ONLY
                                        : NAPFIRE_PRESENCE_NONE;
    c->unit_side = fm_range(s, 1, 3);
}

/* A front mask: a formation's front for a facing it takes (H-FACE), or
 * any six bits. */
static inline uint32_t fm_front(uint64_t *s) {
    int32_t how = fm_range(s, 0, 3);
    if (how == 0)
        return (uint32_t)fm_range(s, 0, 63);
    if (how == 1)
        return 0x3F;
    int32_t formation = fm_range(s, NAPFIRE_HEX_COLUMN, NAPFIRE_HEX_SQUARE);
    int32_t facing = fm_range(s, 0, 11);
    if (formation == NAPFIRE_HEX_COLUMN || formation == NAPFIRE_HEX_ARTILLERY)
        facing &= ~1;
    else if (formation != NAPFIRE_HEX_SQUARE)
        facing |= 1;
    uint32_t front = 0x3F;
    napfire_hex_facing(formation, facing, &front, NULL, NULL);
    return front;
}

/* A random map and firer: on the grid (often on a hill or in a valley),
 * on its edge, or off it. Caller frees m->cells. */
static inline void fm_make(uint64_t *s, struct fm_map *m, int32_t max_side, int32_t min_radius, int32_t max_radius) {
    m->layout = fm_range(s, 0, 3);
    m->columns = fm_range(s, 1, max_side);
    m->rows = fm_range(s, 1, max_side);
    m->radius = fm_range(s, min_radius, max_radius);
    int32_t base = fm_range(s, -4, 2), levels = fm_range(s, 0, 2) == 0 ? fm_range(s, 8, 40) : fm_range(s, 1, 4);
    int32_t density = fm_range(s, 0, 4) == 0 ? 0 : fm_range(s, 2, 30);
    size_t n = (size_t)m->columns * (size_t)m->rows;
    m->cells = fm_zalloc(n * sizeof *m->cells);
    for (size_t i = 0; i < n; i++)
        fm_cell(s, &m->cells[i], base, levels, density);
    memset(&m->q, 0, sizeof m->q);
    int32_t where = fm_range(s, 0, 9), col, row;
    if (where < 6) {
        col = fm_range(s, 0, m->columns - 1);
        row = fm_range(s, 0, m->rows - 1);
    } else if (where < 8) {
        col = fm_range(s, 0, 1) ? 0 : m->columns - 1;
        row = fm_range(s, 0, m->rows - 1);
    } else {
        col = fm_range(s, -m->radius, m->columns + m->radius);
        row = fm_range(s, 0, 1) ? -fm_range(s, 1, m->radius) : m->rows + fm_range(s, 0, m->radius);
    }
    napfire_hex_from_offset(m->layout, col, row, &m->q.firer);
    if (col >= 0 && col < m->columns && row >= 0 && row < m->rows && fm_range(s, 0, 2) != 0) {
        napfire_hex_info *f = &m->cells[(size_t)row * (size_t)m->columns + (size_t)col];
        f->elevation = fm_range(s, 0, 1) ? base + levels + fm_range(s, 0, 3) : base - fm_range(s, 1, 3);
    }
    m->q.front_mask = fm_front(s);
    m->q.firer_side = fm_range(s, 1, 3);
    m->q.target_side = fm_range(s, 1, 3);
    m->q.policy = (uint32_t)fm_range(s, 0, 1);
}

/* The reference: napfire_los_grid()'s rule for every hex, NOT_ASKED
 * outside 1..radius. Returns the number of hexes asked, -1 on an error. */
static inline long fm_reference(const struct fm_map *m, uint8_t *rule) {
    long asked = 0;
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            napfire_hex h;
            int32_t d;
            uint8_t *out = &rule[(size_t)row * (size_t)m->columns + (size_t)col];
            napfire_hex_from_offset(m->layout, col, row, &h);
            napfire_hex_distance(m->q.firer, h, &d);
            *out = NAPFIRE_FOV_NOT_ASKED;
            if (d < 1 || d > m->radius)
                continue;
            napfire_los_query q = m->q;
            napfire_los_result r;
            q.target = h;
            if (napfire_los_grid(&q, m->layout, m->columns, m->rows, m->cells, &r) != NAPFIRE_OK)
                return -1;
            *out = (uint8_t)r.rule;
            asked++;
        }
    return asked;
}

#endif /* NAPFIRE_TEST_FOV_MAPS_H */
