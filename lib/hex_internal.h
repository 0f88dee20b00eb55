/* SPDX-License-Identifier: MIT */
/*
 * Private hex geometry shared by hex.c (grid, trace) and los.c (line of
 * sight). Nothing here is ABI except that struct nf_walk must fit the
 * public napfire_trace storage.
 *
 * Coordinates: axial (q, r). Work is done in "tripled" axial coordinates,
 * where a hex centre is 3*(q, r) and its vertex v is 3*(q, r) + w[v] with
 * w[v] = e[v] + e[v+1]: centres and vertices are then integer points, and
 * every question the trace asks (which side of the line is this vertex?)
 * is the sign of an integer cross product. Orientation tests are affine
 * invariant, so the skewed axial frame answers them as the Euclidean one
 * would.
 */
#ifndef NAPFIRE_HEX_INTERNAL_H
#define NAPFIRE_HEX_INTERNAL_H

#ifndef NAPFIRE_BUILDING
#  define NAPFIRE_BUILDING 1
#endif

#include <stdint.h>

#include "napfire.h"

#define NF_TRACE_MAGIC 0x4E465431u /* "NFT1" */

/* Unit vectors of the six directions, and w[v] = e[v] + e[v+1], the
 * vector from a centre to three times its vertex v. */
static inline int32_t nf_eq(int32_t dir) {
    static const int32_t q[6] = {1, 1, 0, -1, -1, 0};
    return q[dir];
}
static inline int32_t nf_er(int32_t dir) {
    static const int32_t r[6] = {0, -1, -1, 0, 1, 1};
    return r[dir];
}
static inline int32_t nf_wq(int32_t v) {
    static const int32_t q[6] = {2, 1, -1, -2, -1, 1};
    return q[v];
}
static inline int32_t nf_wr(int32_t v) {
    static const int32_t r[6] = {-1, -2, -1, 1, 2, 1};
    return r[v];
}

static inline int64_t nf_abs64(int64_t x) {
    return x < 0 ? -x : x;
}

/* Cube distance of the axial vector (q, r). */
static inline int64_t nf_len(int64_t q, int64_t r) {
    return (nf_abs64(q) + nf_abs64(r) + nf_abs64(q + r)) / 2;
}

static inline int nf_in_bound(int64_t q, int64_t r) {
    return nf_abs64(q) <= NAPFIRE_HEX_COORD_MAX && nf_abs64(r) <= NAPFIRE_HEX_COORD_MAX &&
           nf_abs64(q + r) <= NAPFIRE_HEX_COORD_MAX;
}

enum nf_walk_mode {
    NF_WALK_SINGLE = 0,  /* first hex = last hex */
    NF_WALK_SECTOR = 1,  /* strictly within 30 degrees of direction j */
    NF_WALK_DIAGONAL = 2 /* along w[j]: through vertices and along hexsides */
};

/* The trace walker. Lives in napfire_trace storage, so every field is
 * checked by napfire__walk_valid() before a step is taken from caller storage. */
struct nf_walk {
    uint32_t magic;
    int32_t fq, fr;  /* first hex */
    int32_t dq, dr;  /* last hex minus first hex */
    int32_t n;       /* hex distance first..last */
    int32_t mode;    /* enum nf_walk_mode */
    int32_t j;       /* SECTOR: forward hexsides j-1, j, j+1; DIAGONAL: vertex j */
    int32_t hq, hr;  /* the hex the line is in, relative to the first */
    int32_t pend;    /* move before the next HEX step: -1 none, 0..5 e[pend], 6 w[j] */
    int32_t phase;   /* 0 nothing emitted yet, 1 walking, 2 over */
    int32_t emitted; /* steps emitted so far */
};

_Static_assert(sizeof(struct nf_walk) <= NAPFIRE_TRACE_SIZE, "trace layout fits");
_Static_assert(_Alignof(struct nf_walk) <= 8, "trace alignment");
_Static_assert(sizeof(napfire_trace) == NAPFIRE_TRACE_SIZE, "public trace size");

/* Both hexes must be in bound. */
void napfire__walk_start(struct nf_walk *w, napfire_hex from, napfire_hex to);
/* 1 when *s was written, 0 when the walk is over. */
int napfire__walk_step(struct nf_walk *w, napfire_trace_step *s);
/* 1 when every field is consistent, so napfire__walk_step() is safe. */
int napfire__walk_valid(const struct nf_walk *w);

#endif /* NAPFIRE_HEX_INTERNAL_H */
