/* SPDX-License-Identifier: MIT */
/*
 * Private layout of a field-of-view plan and workspace (fov_plan.c builds
 * the plan, fov.c uses both).
 *
 * Relative hexes (the firer at the origin) are numbered ring by ring:
 * ring m >= 1 holds 6m hexes, its hex i (0 <= i < 6m) lies in wedge
 * s = i / m at k = i % m, namely (m - k) e[s] + k e[s+1], and its number is
 * 3m(m-1) + i. Consecutive hexes of a ring are neighbours.
 *
 * Directions are the primitive vectors within the radius in exact angular
 * order (from e[0] towards e[1]): wedge s holds (c - b) e[s] + b e[s+1]
 * for the Farey fractions b/c in [0, 1) of order radius, in their order,
 * so direction s * F + f has fraction f of wedge s. The cone of a hex is
 * the cyclic range of directions whose ray from the firer's centre crosses
 * its interior, or runs along one of its hexsides (H-LOS-2/3).
 */
#ifndef NAPFIRE_FOV_H
#define NAPFIRE_FOV_H

#include "hex_internal.h"

#include <stddef.h>

#define NF_FOV_MAGIC 0x4E46563Fu /* "NFV?" */

/* One relative hex of the plan: its direction, and its cone as the
 * directions lo, lo + 1, ... (cyclic), len_first & NF_FOV_LEN of them.
 * NF_FOV_FIRST: when the line crosses both this hex and the next one of
 * its ring, this one comes first in trace order. */
struct nf_fov_hex {
    uint32_t dir;
    uint32_t lo;
    uint32_t len_first;
};
#define NF_FOV_LEN 0x7FFFFFFFu
#define NF_FOV_FIRST 0x80000000u

/* The plan's header; the hexes (nhex of them) follow it, then the Farey
 * fractions (b, c) of order radius in [0, 1), nfarey of them. */
struct napfire_fov_plan {
    uint32_t magic;
    int32_t radius;
    uint32_t nfarey; /* F */
    uint32_t ndir;   /* 6F */
    uint32_t nhex;   /* 3 radius (radius + 1) */
    uint32_t check;  /* nf_fov_check() of the fields above */
};

/* What the judgement of a hex needs, copied from the map once per call. */
struct nf_fov_cell {
    int32_t elevation;
    int32_t side;
    uint8_t terrain;
    uint8_t presence;
    uint8_t on_grid;
    uint8_t pad;
};

static inline uint32_t nf_fov_check(const struct napfire_fov_plan *p) {
    uint32_t h = p->magic;
    h = h * 0x9E3779B1u ^ (uint32_t)p->radius;
    h = h * 0x9E3779B1u ^ p->nfarey;
    h = h * 0x9E3779B1u ^ p->ndir;
    h = h * 0x9E3779B1u ^ p->nhex;
    return h;
}

static inline uint32_t nf_fov_nhex(int32_t radius) {
    return 3u * (uint32_t)radius * (uint32_t)(radius + 1);
}

/* Words of 64 rings per direction in the workspace's ring bitmap. */
static inline uint32_t nf_fov_words(int32_t radius) {
    return ((uint32_t)radius + 63u) / 64u;
}

static inline const struct nf_fov_hex *nf_fov_hexes(const struct napfire_fov_plan *p) {
    return (const struct nf_fov_hex *)(const void *)(p + 1);
}

/* Number of the hex at index i of ring m (0 <= i < 6m). */
static inline uint32_t nf_fov_index(int32_t m, int32_t i) {
    return 3u * (uint32_t)m * (uint32_t)(m - 1) + (uint32_t)i;
}

/* The relative hex (m - k) e[s] + k e[s+1]. */
static inline void nf_fov_coords(int32_t m, int32_t s, int32_t k, int32_t *q, int32_t *r) {
    int32_t t = s == 5 ? 0 : s + 1;
    *q = (m - k) * nf_eq(s) + k * nf_eq(t);
    *r = (m - k) * nf_er(s) + k * nf_er(t);
}

/* A plan whose header is consistent (the tables are bounds-checked where
 * they are used, so a corrupted table cannot lead outside the buffers). */
static inline int nf_fov_plan_ok(const struct napfire_fov_plan *p) {
    return p->magic == NF_FOV_MAGIC && p->radius >= 1 && p->radius <= NAPFIRE_FOV_RADIUS_MAX &&
           p->nhex == nf_fov_nhex(p->radius) && p->nfarey >= 1 && p->nfarey <= p->nhex && p->ndir == 6u * p->nfarey &&
           p->check == nf_fov_check(p);
}

#endif /* NAPFIRE_FOV_H */
