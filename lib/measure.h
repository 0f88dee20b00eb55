/* SPDX-License-Identifier: MIT */
/*
 * The table measure's shapes and facts (F-GEO). measure.c checks the
 * scene and sets the shot; measure_shape.c holds the convex shapes'
 * primitives (inside, overlap, distance); measure_zone.c the facts in
 * front of a unit (F-GEO-5, F-GEO-7); measure_sector.c the sector of fire
 * (F-GEO-6); measure_sight.c the clear line of sight, the penetration
 * and the fire overhead (F-GEO-9..11). All coordinates are doubled
 * (exact.h), so the centre of an edge is a lattice point.
 */
#ifndef NAPFIRE_MEASURE_H
#define NAPFIRE_MEASURE_H

#include "exact.h"
#include "napfire_table.h"

/* A convex shape, clockwise seen from above (interior to the right of
 * each edge): a footprint (n = 4) or a segment (n = 2, its edges a->b and
 * b->a). */
typedef struct nf_poly {
    nf_pt v[4];
    int n;
} nf_poly;

/* A unit's front edge (F-GEO-3, F-GEO-5): its ends in doubled
 * coordinates, its direction E in plain coordinates (the ends' half
 * difference), the forward normal N (E turned a quarter counter-clockwise)
 * and L = |E|^2 (<= 2^39). */
typedef struct nf_front {
    nf_pt a, b, e, n;
    int64_t len2;
} nf_front;

/* Who decided a fact, and the fact's value as the measure found it. */
typedef struct nf_fact {
    int32_t value;
    int32_t decider;
    int32_t index;
} nf_fact;

/* measure_shape.c */
/* The footprint in doubled coordinates; NAPFIRE_EDOMAIN unless it is
 * strictly convex and clockwise within the bound with zero reserved words
 * (F-GEO-1, F-GEO-2). */
int napfire__poly_load(const napfire_footprint *f, nf_poly *p);
/* A footprint already checked by napfire__poly_load(). */
nf_poly napfire__poly_of(const napfire_footprint *f);
nf_poly napfire__segment(nf_pt a, nf_pt b);
nf_front napfire__front(const nf_poly *p, int edge);
/* p in the closed shape; in its interior. */
int napfire__inside(const nf_poly *s, nf_pt p);
int napfire__inside_open(const nf_poly *s, nf_pt p);
/* The closed shapes meet; the interiors of two footprints meet. */
int napfire__meet(const nf_poly *a, const nf_poly *b);
int napfire__interiors_meet(const nf_poly *a, const nf_poly *b);
/* The squared distance between two shapes (0 when they meet), and from a
 * point to a shape. */
nf_ratio napfire__distance(const nf_poly *a, const nf_poly *b);
nf_ratio napfire__point_distance(nf_pt p, const nf_poly *s);
/* The squared distance from p to the segment a-b, and which point of the
 * segment is nearest: 0 a, 1 b, 2 a point between. */
nf_ratio napfire__segment_distance(nf_pt p, nf_pt a, nf_pt b, int *where);

/* measure_zone.c (F-GEO-5, F-GEO-7). The depth of a footprint in front of
 * a unit within depth limit (plain units): 1 and the depth as a squared
 * distance when it is in front, else 0. */
int napfire__in_front(const nf_front *u, const nf_poly *f, int32_t limit, nf_ratio *depth);
/* The three facts of F-ART-5 from the friends; *limit is the threshold. */
void napfire__near_facts(const nf_poly *target, int target_square, const nf_front *battery,
                         const napfire_footprint *friends, size_t count, int32_t limit, nf_fact out[3]);

/* measure_sector.c (F-GEO-6): the first friend in the battery's sector of
 * fire. */
nf_fact napfire__sector_fact(const nf_front *battery, const nf_poly *target, const napfire_footprint *friends,
                             size_t count);

/* measure_sight.c (F-GEO-9..11). */
struct nf_sight {
    const nf_front *battery;
    const nf_poly *firer, *target;
    const napfire_footprint *friends, *others;
    size_t friend_count, other_count;
    int32_t firer_level, target_level;
};
nf_fact napfire__clear_los_fact(const struct nf_sight *s);
/* F-GEO-10: 1 when the line beyond the target crosses a friend that the
 * long range lr (plain units) reaches; *needs_range set (and nothing
 * decided) when lr < 0 and some friend lies on the line beyond. */
nf_fact napfire__penetration_fact(const struct nf_sight *s, int32_t lr, int *needs_range);
/* F-GEO-11: OVERHEAD, BATTERY_HIGHER, OVERHEAD_FRIEND_TO_BATTERY and
 * OVERHEAD_FRIEND_TO_ENEMY. */
void napfire__overhead_facts(const struct nf_sight *s, nf_fact out[4]);

#endif /* NAPFIRE_MEASURE_H */
