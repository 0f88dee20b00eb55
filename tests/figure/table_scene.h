/* SPDX-License-Identifier: MIT */
/*
 * Footprints for the table measure's tests (F-GEO-2): rectangles facing
 * up (+y) or down (-y), and the scene's transforms of the invariance
 * tests (F-GEO-1).
 */
#ifndef TABLE_SCENE_H
#define TABLE_SCENE_H

#include <string.h>

#include "napfire_table.h"

/* Facing +y: the front edge at y + d, from (x, y + d) to (x + w, y + d). */
static inline napfire_footprint up(int32_t x, int32_t y, int32_t w, int32_t d) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    f.corner[0] = (napfire_point){x, y + d};
    f.corner[1] = (napfire_point){x + w, y + d};
    f.corner[2] = (napfire_point){x + w, y};
    f.corner[3] = (napfire_point){x, y};
    return f;
}

/* Facing -y: the front edge at y, from (x + w, y) to (x, y). */
static inline napfire_footprint down(int32_t x, int32_t y, int32_t w, int32_t d) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    f.corner[0] = (napfire_point){x + w, y};
    f.corner[1] = (napfire_point){x, y};
    f.corner[2] = (napfire_point){x, y + d};
    f.corner[3] = (napfire_point){x + w, y + d};
    return f;
}

/* A rectangle facing the lattice direction (fx, fy) about (cx, cy): a
 * along the facing, b across it, corners clockwise (F-GEO-2). */
static inline napfire_footprint facing(int32_t cx, int32_t cy, int32_t fx, int32_t fy, int32_t a, int32_t b) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    int32_t rx = fy, ry = -fx;
    f.corner[0] = (napfire_point){cx + a * fx - b * rx, cy + a * fy - b * ry};
    f.corner[1] = (napfire_point){cx + a * fx + b * rx, cy + a * fy + b * ry};
    f.corner[2] = (napfire_point){cx - a * fx + b * rx, cy - a * fy + b * ry};
    f.corner[3] = (napfire_point){cx - a * fx - b * rx, cy - a * fy - b * ry};
    return f;
}

/* A reproducible xorshift stream for the random scenes. */
static inline int32_t scene_rnd(uint64_t *state, int32_t lo, int32_t hi) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return lo + (int32_t)(*state % (uint64_t)(hi - lo + 1));
}

/* A point moved, turned a quarter counter-clockwise about the origin, or
 * mirrored in the y axis. */
enum {
    MOVE,
    TURN,
    MIRROR
};
static inline napfire_point transform_point(napfire_point p, int how, int32_t dx, int32_t dy) {
    if (how == MOVE)
        return (napfire_point){p.x + dx, p.y + dy};
    if (how == TURN)
        return (napfire_point){-p.y, p.x};
    return (napfire_point){-p.x, p.y};
}

/* The footprint transformed; mirrored, its corners listed mirrored too
 * (front-left and front-right swap, so the list stays clockwise). */
static inline napfire_footprint transform(const napfire_footprint *f, int how, int32_t dx, int32_t dy) {
    napfire_footprint g = *f;
    static const int mirrored[4] = {1, 0, 3, 2};
    for (int i = 0; i < 4; i++)
        g.corner[i] = transform_point(f->corner[how == MIRROR ? mirrored[i] : i], how, dx, dy);
    return g;
}

#endif /* TABLE_SCENE_H */
