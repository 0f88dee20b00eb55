/* SPDX-License-Identifier: MIT */
/**
 * @file napfire_hex.h
 * @brief libnapfire hex scale (rules H-*, @ref rules_hex): hex grid, exact
 * trace, line of sight, facing and infantry fire value.
 *
 * The hex scale is La Bataille, a different game from the figure scale of
 * napfire.h: distances here are counted in hexes, and nothing converts
 * between hexes and millimetres (see @ref sources).
 *
 * Included by napfire.h; it includes napfire.h itself, so either header is
 * enough. Same principles as the figure scale: pure, allocation-free,
 * integer arithmetic only, every function returns an `int` status from
 * ::napfire_status (the size getter excepted), misuse leaves every output
 * untouched.
 *
 * Geometry (H-HEX-1/2): axial coordinates (q, r); the cube coordinates are
 * (q, -q-r, r). Directions 0..5 are the axial vectors (+1, 0), (+1, -1),
 * (0, -1), (-1, 0), (-1, +1), (0, +1): counter-clockwise on a screen whose
 * y axis points down, for flat-top and pointy-top maps alike. Hexside i of
 * a hex faces its neighbour in direction i; vertex v lies between hexsides
 * v and v+1 (mod 6).
 */
#ifndef NAPFIRE_HEX_H
#define NAPFIRE_HEX_H

#include "napfire.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/** @defgroup hex Hex grid (rules H-HEX)
 *  @{ */

/**
 * @brief Largest absolute coordinate (H-HEX-3): a hex is valid when
 * |q| <= 2^20, |r| <= 2^20 and |q + r| <= 2^20.
 *
 * The bound keeps every product the trace and line of sight compute well
 * inside 64-bit integers, so all geometry is exact. Functions refuse a hex
 * outside it with ::NAPFIRE_EDOMAIN.
 */
#define NAPFIRE_HEX_COORD_MAX 1048576

/** @brief A hex in axial coordinates (H-HEX-1). 8 bytes, layout frozen. */
typedef struct napfire_hex {
    int32_t q; /**< Axial column coordinate. */
    int32_t r; /**< Axial row coordinate. */
} napfire_hex;

/**
 * @brief Offset layouts of printed maps (H-HEX-1), 0-based column and row.
 *
 * Printed maps that number from 01 swap odd and even: subtract one from
 * both numbers first.
 */
enum napfire_hex_layout {
    NAPFIRE_HEX_ODD_Q = 0,  /**< Flat-top; odd columns shifted down half a hex. */
    NAPFIRE_HEX_EVEN_Q = 1, /**< Flat-top; even columns shifted down half a hex. */
    NAPFIRE_HEX_ODD_R = 2,  /**< Pointy-top; odd rows shifted right half a hex. */
    NAPFIRE_HEX_EVEN_R = 3  /**< Pointy-top; even rows shifted right half a hex. */
};

/**
 * @brief Is the hex within the coordinate bound? (H-HEX-3)
 * @param h the hex.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EDOMAIN outside ::NAPFIRE_HEX_COORD_MAX.
 */
NAPFIRE_API int napfire_hex_check(napfire_hex h);

/**
 * @brief The axial vector of a direction (H-HEX-2).
 * @param direction 0..5.
 * @param delta receives (+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1) or
 *        (0, +1).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN.
 */
NAPFIRE_API int napfire_hex_direction(int32_t direction, napfire_hex *delta);

/**
 * @brief The neighbour across hexside @p direction (H-HEX-2).
 * @param h the hex.
 * @param direction 0..5.
 * @param out receives the neighbour.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN for a
 *         bad direction or when @p h or the neighbour is out of bound.
 */
NAPFIRE_API int napfire_hex_neighbour(napfire_hex h, int32_t direction, napfire_hex *out);

/**
 * @brief The hexside of @p a that faces the adjacent hex @p b (H-HEX-2).
 * @param a the hex whose hexside is wanted.
 * @param b a neighbour of @p a.
 * @param side receives 0..5.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN when a
 *         hex is out of bound or the hexes are not adjacent.
 */
NAPFIRE_API int napfire_hex_side_towards(napfire_hex a, napfire_hex b, int32_t *side);

/**
 * @brief The two other hexes that meet at vertex @p vertex of @p h
 * (H-HEX-2): the neighbours across hexsides v and v+1, in that order.
 * @param h the hex.
 * @param vertex 0..5, between hexsides vertex and vertex+1.
 * @param out receives two hexes.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN for a
 *         bad vertex or when a hex is out of bound.
 */
NAPFIRE_API int napfire_hex_vertex_hexes(napfire_hex h, int32_t vertex, napfire_hex out[2]);

/**
 * @brief Hex distance: the cube distance (H-HEX-1).
 * @param a one hex.
 * @param b the other hex.
 * @param distance receives 0 .. 2 * ::NAPFIRE_HEX_COORD_MAX.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN when a
 *         hex is out of bound.
 */
NAPFIRE_API int napfire_hex_distance(napfire_hex a, napfire_hex b, int32_t *distance);

/**
 * @brief Axial to offset coordinates (H-HEX-1).
 * @param h the hex.
 * @param layout ::napfire_hex_layout.
 * @param col receives the 0-based column (may be negative off the map).
 * @param row receives the 0-based row.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN for a
 *         bad layout or a hex out of bound.
 */
NAPFIRE_API int napfire_hex_to_offset(napfire_hex h, int32_t layout, int32_t *col, int32_t *row);

/**
 * @brief Offset to axial coordinates (H-HEX-1), the inverse of
 * napfire_hex_to_offset().
 * @param layout ::napfire_hex_layout.
 * @param col 0-based column (may be negative).
 * @param row 0-based row (may be negative).
 * @param out receives the hex.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN for a
 *         bad layout or when the hex would be out of bound.
 */
NAPFIRE_API int napfire_hex_from_offset(int32_t layout, int32_t col, int32_t row, napfire_hex *out);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup trace Exact trace of the line of fire (rules H-LOS-1..3)
 *
 * The segment from the centre of one hex to the centre of another, traced
 * exactly with integer arithmetic: every hex whose interior it crosses
 * (the supercover), every hexside it runs along, and every hex it only
 * touches at a vertex, in order from the first hex to the last.
 *
 * A hexside is run along exactly when the direction is a multiple of a
 * "diagonal", cube (2, -1, -1) or a permutation of it (H-LOS-3); the trace
 * then alternates hexes and hexside pairs. In other directions the line may
 * pass through a vertex: the hex it leaves and the hex it enters are
 * crossed, the third hex at that vertex is only touched (H-LOS-2).
 *
 * A trace over distance N has at most 4N + 1 steps.
 *  @{ */

/** @brief Kind of a trace step (H-LOS-2/3). Zero is never a step kind. */
enum napfire_step_kind {
    NAPFIRE_STEP_HEX = 1,     /**< The line crosses the interior of napfire_trace_step::hex. */
    NAPFIRE_STEP_HEXSIDE = 2, /**< The line runs along the hexside between hex and other (H-LOS-3). */
    NAPFIRE_STEP_VERTEX = 3   /**< The line only touches hex at a vertex: not passed through (H-LOS-2). */
};

/**
 * @brief One step of a trace (32 bytes, an array element; layout frozen).
 *
 * For a hexside pair, napfire_trace_step::hex lies on the right of the line
 * as seen on the map (looking from the first hex to the last, y axis
 * down), napfire_trace_step::other on the left; both are at the same
 * distance from each end.
 */
typedef struct napfire_trace_step {
    int32_t kind;       /**< ::napfire_step_kind. */
    int32_t side;       /**< HEXSIDE: the hexside of hex run along (other is its neighbour there);
                              VERTEX: the vertex of hex touched; HEX: -1. */
    napfire_hex hex;    /**< The hex crossed, the right hex of the pair, or the hex touched. */
    napfire_hex other;  /**< HEXSIDE: the left hex of the pair; otherwise equal to hex. */
    int32_t from_start; /**< Hex distance from the first hex of the trace to hex. */
    int32_t to_end;     /**< Hex distance from hex to the last hex of the trace. */
} napfire_trace_step;

/** @brief Size in bytes of ::napfire_trace, the trace iterator (H-LOS-1..3). */
#define NAPFIRE_TRACE_SIZE 64

/** @brief An iterator over the exact trace (H-LOS-1..3), in caller storage
 *  (contents private; may be copied). Set up by napfire_trace_init(). */
typedef struct NAPFIRE_ALIGN8 napfire_trace {
    /** @brief Private storage, in 64-bit words (no union), so that binding
     *  tools that copy the type keep its alignment of 8. */
    uint64_t opaque_[NAPFIRE_TRACE_SIZE / 8];
} napfire_trace;

/** @brief sizeof(::napfire_trace) as the library was built (64; H-LOS-1..3). */
NAPFIRE_API size_t napfire_trace_size(void);

/**
 * @brief Start a trace from the centre of @p from to the centre of @p to
 * (H-LOS-1..3). @p from equal to @p to gives one step.
 * @param it caller storage.
 * @param size `sizeof *it` as the caller compiled it.
 * @param from the first hex (the firer's).
 * @param to the last hex (the target's).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_ESIZE;
 *         ::NAPFIRE_EDOMAIN when a hex is out of bound.
 *         ::NAPFIRE_EALIGN for @p it off an 8-byte boundary (after ::NAPFIRE_ESIZE, before the
 *         hexes are checked; since 1.3).
 */
NAPFIRE_API int napfire_trace_init(napfire_trace *it, size_t size, napfire_hex from, napfire_hex to);

/**
 * @brief The next step of a trace (H-LOS-1..3).
 * @param it an iterator set up by napfire_trace_init().
 * @param step receives the step when there is one.
 * @param more receives 1 when @p step was written, 0 when the trace is over
 *        (then @p step is untouched, and later calls say 0 again).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_ESTATE for an
 *         iterator not set up by napfire_trace_init() or corrupted.
 *         ::NAPFIRE_EALIGN for @p it off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_trace_next(napfire_trace *it, napfire_trace_step *step, int32_t *more);

/**
 * @brief The whole trace into a caller array (H-LOS-1..3).
 * @param from the first hex (the firer's).
 * @param to the last hex (the target's).
 * @param steps caller array of @p cap steps (may be NULL when cap is 0).
 * @param cap the number of steps @p steps holds; 4n + 1 always suffices
 *        for distance n.
 * @param count receives the number of steps.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN when a
 *         hex is out of bound; ::NAPFIRE_ENOSPC when @p cap is too small:
 *         @p count receives the number needed, @p steps is untouched.
 */
NAPFIRE_API int napfire_trace_steps(napfire_hex from, napfire_hex to, napfire_trace_step *steps, size_t cap,
                                    size_t *count);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup los Line of sight (rules H-LOS, H-ELV)
 *  @{ */

/** @brief Terrain of a hex for line of sight (H-LOS-5, H-ELV-4/5). */
enum napfire_terrain {
    NAPFIRE_TERRAIN_CLEAR = 0,    /**< Open ground: no blocker. */
    NAPFIRE_TERRAIN_BLOCKING = 1, /**< Woods (unless the caller's terrain chart says otherwise), walls (H-LOS-5). */
    NAPFIRE_TERRAIN_TOWN = 2,     /**< Village, city, town: blocks regardless of elevation (H-LOS-5, H-ELV-5). */
    NAPFIRE_TERRAIN_SLOPE = 3     /**< Slope: blocks unless at the firer's or target's elevation (H-ELV-4). */
};

/** @brief What occupies a hex, for line of sight (H-LOS-5). */
enum napfire_presence {
    NAPFIRE_PRESENCE_NONE = 0,       /**< No unit. */
    NAPFIRE_PRESENCE_COMBAT = 1,     /**< A non-routed combat unit, disordered or not: blocks. */
    NAPFIRE_PRESENCE_ROUTED = 2,     /**< Routed units only: do not block. */
    NAPFIRE_PRESENCE_LEADER_ONLY = 3 /**< Leaders or aides-de-camp alone: do not block. */
};

/**
 * @brief What the map says about one hex (32 bytes, layout frozen).
 * Zero-filled, it is clear ground at elevation 0 with no unit.
 */
typedef struct napfire_hex_info {
    int32_t elevation;   /**< Elevation level, any integer; higher is higher (H-ELV). */
    int32_t terrain;     /**< ::napfire_terrain. */
    int32_t presence;    /**< ::napfire_presence. */
    int32_t unit_side;   /**< Side of the unit (caller-defined); used with COMBAT (H-ELV-2). */
    int32_t reserved[4]; /**< Zero; anything else is ::NAPFIRE_EDOMAIN. */
} napfire_hex_info;

/**
 * @brief Map callback for line of sight (H-LOS-5, H-ELV): describe hex
 * @p h in @p out.
 *
 * The library zero-fills @p out before each call. The callback may be
 * called for any hex of the line (in bound or not on the caller's map:
 * off-map hexes are the caller's to describe).
 * @return 0 on success; any other value aborts the line-of-sight call,
 *         which returns that value unchanged.
 */
typedef int (*napfire_hex_info_fn)(void *ctx, napfire_hex h, napfire_hex_info *out);

/** @brief Bits of napfire_los_query::policy. */
enum napfire_los_policy {
    /** H-ELV-2: a unit adjacent to the target is "friendly" when on the
     *  target's side (default, bit clear: on the firer's side). */
    NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE = 1
};

/** @brief A line-of-sight question (48 bytes, layout frozen). */
typedef struct napfire_los_query {
    napfire_hex firer;   /**< The firing hex. */
    napfire_hex target;  /**< The target hex; not the firing hex. */
    uint32_t front_mask; /**< Front hexsides of the firer: bit i = hexside i, bits 0..5 only (H-LOS-4, H-FACE). */
    int32_t firer_side;  /**< The firer's side (caller-defined integer). */
    int32_t target_side; /**< The target's side. */
    uint32_t policy;     /**< ::napfire_los_policy bits; 0 = the rules' usual sense. */
    int32_t reserved[4]; /**< Zero; anything else is ::NAPFIRE_EDOMAIN. */
} napfire_los_query;

/**
 * @brief Why a line of sight is blocked (H-LOS, H-ELV); also the kind of a
 * blocker (napfire_los_result::cause).
 */
enum napfire_los_rule {
    NAPFIRE_LOS_RULE_NONE = 0,          /**< Clear. */
    NAPFIRE_LOS_RULE_FRONT_HEXSIDE = 1, /**< H-LOS-4: the line leaves the firing hex through no front hexside. */
    NAPFIRE_LOS_RULE_TOWN = 2,          /**< H-LOS-5, H-ELV-5: a town, village or city, whatever the elevations. */
    NAPFIRE_LOS_RULE_TERRAIN = 3,       /**< H-LOS-5: woods or walls (::NAPFIRE_TERRAIN_BLOCKING). */
    NAPFIRE_LOS_RULE_UNIT = 4,          /**< H-LOS-5: a non-routed combat unit, of either side. */
    NAPFIRE_LOS_RULE_SLOPE = 5,         /**< H-ELV-4: a slope hex not at the firer's or target's elevation. */
    NAPFIRE_LOS_RULE_GRAZING = 6        /**< H-LOS-3: along a hexside, one of the two hexes blocks. */
};

/** @brief Why elevation did not lift a blocker (H-ELV-1..3). */
enum napfire_los_elevation {
    NAPFIRE_LOS_ELV_NONE = 0,           /**< Elevation not considered: clear, H-LOS-4, or a town (H-ELV-5). */
    NAPFIRE_LOS_ELV_EQUAL = 1,          /**< H-ELV-3: firer and target at equal elevation. */
    NAPFIRE_LOS_ELV_EQUIDISTANT = 2,    /**< H-ELV-3: the blocker is as far from the firer as from the target. */
    NAPFIRE_LOS_ELV_OTHER_HALF = 3,     /**< H-ELV-1/2: the blocker is on the half the exception does not cover
                                              (higher firer: nearer the target; lower firer: nearer the firer). */
    NAPFIRE_LOS_ELV_FRIEND_ADJACENT = 4 /**< H-ELV-2: a friendly unit adjacent to the target still blocks. */
};

/** @brief The explained answer of a line-of-sight call (64 bytes, layout frozen). */
typedef struct napfire_los_result {
    int32_t clear;             /**< 1: line of sight; 0: blocked, see rule. */
    int32_t rule;              /**< ::napfire_los_rule that blocks; NONE when clear (H-ELV-6). */
    int32_t cause;             /**< The blocker's own kind (TOWN, TERRAIN, UNIT, SLOPE): rule itself,
                                    or what blocks along a hexside with GRAZING; NONE otherwise. */
    int32_t elevation;         /**< ::napfire_los_elevation: why H-ELV did not lift the blocker. */
    int32_t blocker_kind;      /**< ::NAPFIRE_STEP_HEX or ::NAPFIRE_STEP_HEXSIDE; 0 when no hex blocks. */
    napfire_hex blocker;       /**< The first blocking hex in trace order (H-ELV-6); the firer with FRONT_HEXSIDE;
                                    the firer when clear. */
    napfire_hex blocker_other; /**< HEXSIDE: the other hex of the pair; otherwise equal to blocker. */
    uint32_t exit_mask;        /**< Hexsides of the firing hex the line leaves through: one bit, or two when it
                                    leaves exactly through a vertex (H-LOS-4). */
    int32_t distance;          /**< Hex distance from firer to target. */
    int32_t lifted;            /**< Blocker features H-ELV-1/2 lifted: each hex's woods or walls, off-level
                                    slope and non-routed combat unit count one each, over every hex judged
                                    (the hexes strictly between, in trace order, up to and including the
                                    deciding step; both hexes of a hexside pair), so a deciding hex's own
                                    lifted features count and mirror-image maps give the same count. A town
                                    hex counts none (H-ELV-5). 0 with FRONT_HEXSIDE or an adjacent target. */
    int32_t reserved[4];       /**< Zero. */
} napfire_los_result;

/**
 * @brief Line of sight with the map as a callback (H-LOS-1..6, H-ELV-1..6).
 *
 * Order of judgement: the front hexsides (H-LOS-4, also for an adjacent
 * target, H-LOS-6); then, unless the target is adjacent, the hexes strictly
 * between firer and target in trace order, each judged on its own, the
 * first blocker deciding. Hexes only touched at a vertex are not between
 * (H-LOS-2). A hex blocks when it is a town (always, H-ELV-5), or when it
 * has woods or walls, a slope not at the firer's or target's elevation
 * (H-ELV-4), or a non-routed combat unit of either side, and elevation does
 * not lift it: a higher firer sees over blockers nearer itself (H-ELV-1); a
 * lower firer sees over blockers nearer the target (H-ELV-2) except a
 * friendly combat unit adjacent to the target (friendly: on the firer's
 * side, or on the target's side with ::NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE);
 * equal elevations and equidistant blockers get no exception (H-ELV-3).
 * Along a hexside, either hex blocking blocks (H-LOS-3); both hexes are
 * always judged. When one hex has several blockers, the cause named is the
 * first of TERRAIN, SLOPE, UNIT that elevation does not lift. When both
 * hexes of a pair block, `blocker` is the one with the stronger cause, in
 * the fixed order TOWN, TERRAIN, SLOPE, UNIT, and `blocker_other` the
 * other; on equal causes the first in trace order. So a map and its mirror
 * image across the line give the same rule, cause, elevation and lifted
 * count, and mirrored blocking hexes.
 *
 * The callback is asked for the firer's and the target's hexes (their
 * elevations) and the hexes between, in trace order, as far as needed; not
 * when the target is adjacent or H-LOS-4 already blocks.
 *
 * @param q the question.
 * @param fn the map.
 * @param ctx passed to @p fn.
 * @param out receives the result.
 * @return ::NAPFIRE_OK (clear or blocked: see @p out); ::NAPFIRE_EINVAL for
 *         NULL; ::NAPFIRE_EDOMAIN for a hex out of bound, firer equal to
 *         target, a mask or policy bit not defined, non-zero reserved
 *         fields, or a hex description with a bad value; the callback's
 *         own non-zero return. @p out is written only on ::NAPFIRE_OK.
 */
NAPFIRE_API int napfire_los_callback(const napfire_los_query *q, napfire_hex_info_fn fn, void *ctx,
                                     napfire_los_result *out);

/**
 * @brief Map callback of napfire_los_callback_ref(): as
 * ::napfire_hex_info_fn, but the hex comes by pointer (H-LOS-5, H-ELV).
 *
 * For foreign-function tools that cannot make a callback taking a struct
 * by value (LuaJIT's FFI among them). @p h points to a copy that lives for
 * the call only: read it, do not keep the pointer; changing it changes
 * nothing. The library zero-fills @p out before each call.
 * @return 0 on success; any other value aborts the line-of-sight call,
 *         which returns that value unchanged.
 */
typedef int (*napfire_hex_info_ref_fn)(void *ctx, const napfire_hex *h, napfire_hex_info *out);

/**
 * @brief Line of sight with the map as a callback that takes the hex by
 * pointer (H-LOS-1..6, H-ELV-1..6).
 *
 * The contract of napfire_los_callback() in every respect (the order of
 * judgement, which hexes the callback is asked for and in which order,
 * the statuses and their precedence, @p out written only on
 * ::NAPFIRE_OK); only the callback's type differs: see
 * ::napfire_hex_info_ref_fn. Both calls give the same answer for the
 * same map.
 * @param q the question.
 * @param fn the map.
 * @param ctx passed to @p fn.
 * @param out receives the result.
 * @return as napfire_los_callback().
 * @since symbol version NAPFIRE_1.3.
 */
NAPFIRE_API int napfire_los_callback_ref(const napfire_los_query *q, napfire_hex_info_ref_fn fn, void *ctx,
                                         napfire_los_result *out);

/** @brief Largest number of columns or rows of a grid map (H-HEX-1 offsets). */
#define NAPFIRE_HEX_GRID_MAX 65536

/**
 * @brief Line of sight with the map as a dense offset grid (H-LOS-1..6,
 * H-ELV-1..6); same rules as napfire_los_callback().
 *
 * Hexes off the grid are clear ground at elevation 0 with no unit.
 * @param q the question.
 * @param layout ::napfire_hex_layout of the grid.
 * @param columns 1..::NAPFIRE_HEX_GRID_MAX.
 * @param rows 1..::NAPFIRE_HEX_GRID_MAX.
 * @param cells `columns * rows` descriptions, row by row: the hex at
 *        (col, row) is `cells[row * columns + col]`.
 * @param out receives the result (written only on ::NAPFIRE_OK).
 * @return as napfire_los_callback(), without callback statuses; a bad cell
 *         is ::NAPFIRE_EDOMAIN when the line needs it.
 */
NAPFIRE_API int napfire_los_grid(const napfire_los_query *q, int32_t layout, int32_t columns, int32_t rows,
                                 const napfire_hex_info *cells, napfire_los_result *out);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup hexfire Facing and infantry fire (rules H-FACE, H-FIRE)
 *  @{ */

/** @brief Formations at hex scale (H-FACE, H-FIRE). */
enum napfire_hex_formation {
    NAPFIRE_HEX_COLUMN = 0,     /**< Infantry column: faces a hexside, 3 front / 2 flank / 1 rear (inferred). */
    NAPFIRE_HEX_ARTILLERY = 1,  /**< Artillery: faces a hexside, 3/2/1 (series rules). */
    NAPFIRE_HEX_LINE = 2,       /**< Line: faces a vertex, 2/2/2 (inferred). */
    NAPFIRE_HEX_TIRAILLEUR = 3, /**< Tirailleurs (skirmish order) in one hex: face a vertex, 4/2/0 (series rules). */
    NAPFIRE_HEX_SQUARE = 4      /**< Carré: 6 front, any facing (series rules). */
};

/**
 * @brief Front, flank and rear hexsides for a formation and facing (H-FACE).
 *
 * Facing is one of 12: `2 * i` faces hexside i, `2 * v + 1` faces vertex v
 * (between hexsides v and v+1). Facing a hexside i: front i-1, i, i+1;
 * flank i-2, i+2; rear i+3. Line facing vertex v: front v, v+1; flank
 * v-1, v+2; rear v+3, v+4 (both inferred). Tirailleurs facing vertex v:
 * front v-1 .. v+2; flank v+3, v+4. Square: all six front. The front mask
 * is what napfire_los_query::front_mask takes.
 * @param formation ::napfire_hex_formation.
 * @param facing 0..11; a vertex for LINE and TIRAILLEUR, a hexside for
 *        COLUMN and ARTILLERY, any for SQUARE.
 * @param front receives the front mask (bit i = hexside i).
 * @param flank receives the flank mask; may be NULL.
 * @param rear receives the rear mask; may be NULL.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for a NULL @p front;
 *         ::NAPFIRE_EDOMAIN for a bad formation or facing, or a facing the
 *         formation cannot take.
 */
NAPFIRE_API int napfire_hex_facing(int32_t formation, int32_t facing, uint32_t *front, uint32_t *flank, uint32_t *rear);

/** @brief Default range of tirailleurs, in hexes (H-FIRE-1, series rules). */
#define NAPFIRE_HEX_TIRAILLEUR_RANGE 2
/** @brief Largest increments, multiple, printed value and range accepted (H-FIRE). */
#define NAPFIRE_HEX_FIRE_MAX 999

/** @brief The facts of one infantry fire (32 bytes, layout frozen). */
typedef struct napfire_hex_fire {
    int32_t formation;  /**< ::NAPFIRE_HEX_LINE, ::NAPFIRE_HEX_TIRAILLEUR or ::NAPFIRE_HEX_COLUMN. */
    int32_t increments; /**< Strength in increments, 0..::NAPFIRE_HEX_FIRE_MAX (LINE, TIRAILLEUR). */
    int32_t hexes;      /**< Hexes the unit occupies (LINE: 1, or 2 with at least 5 increments, H-FIRE-5;
                                 TIRAILLEUR: 1..increments, at least one increment a hex; COLUMN: 1). */
    int32_t multiple;   /**< Fire multiple from the Fire Effects Chart, 0..::NAPFIRE_HEX_FIRE_MAX (LINE, TIRAILLEUR). */
    int32_t printed_value;  /**< COLUMN: the unit's printed fire value, 0..::NAPFIRE_HEX_FIRE_MAX (H-FIRE-2). */
    int32_t stack_position; /**< COLUMN: 0 for the top unit of the stack, 1.. below it; others 0. */
    int32_t reserved[2];    /**< Zero; anything else is ::NAPFIRE_EDOMAIN. */
} napfire_hex_fire;

/**
 * @brief Fire value of infantry (H-FIRE-2..5).
 * @param fire the facts of the fire.
 * @param value receives the fire value.
 *
 * LINE: at most 4 increments a hex fire, times the multiple (rules page example:
 * 10 increments in two hexes, x3 = 24). TIRAILLEUR: at most 3 increments a
 * hex, times the multiple. COLUMN: the top unit's printed value; units below
 * it in the stack fire 0.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN for a
 *         value out of its domain, including a line of fewer than 5
 *         increments in two hexes and the formations H-FIRE does not cover
 *         (ARTILLERY, SQUARE).
 */
NAPFIRE_API int napfire_hex_fire_value(const napfire_hex_fire *fire, int32_t *value);

/**
 * @brief Range of infantry fire in hexes (H-FIRE-1).
 * @param formation any infantry ::napfire_hex_formation (not ARTILLERY).
 * @param tirailleur_range the tirailleurs' range, 1..::NAPFIRE_HEX_FIRE_MAX,
 *        or 0 for ::NAPFIRE_HEX_TIRAILLEUR_RANGE (series rules).
 * @param range receives 1 for infantry not acting as tirailleurs, else the
 *        tirailleurs' range.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_EDOMAIN.
 */
NAPFIRE_API int napfire_hex_fire_range(int32_t formation, int32_t tirailleur_range, int32_t *range);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup fov Field of view (rules H-LOS, H-ELV)
 *
 * Every hex a firer can see within a radius, in one call: for each hex of
 * the grid at distance 1..radius, the ::napfire_los_rule that
 * napfire_los_grid() gives with that hex as the target (H-LOS-1..6,
 * H-ELV-1..6), exactly, but with the work shared between targets.
 *
 * A plan holds what depends on the radius only (the directions within it
 * in exact angular order, and the cone of directions each hex covers, seen
 * from the firer's centre: H-LOS-2/3); it is built once into a caller
 * buffer and is then read-only, so threads may share it. Each call needs a
 * workspace of napfire_fov_work_size() bytes of its own. Nothing is
 * allocated; all arithmetic is integer.
 *
 * Typical use:
 * @code
 * size_t n = napfire_fov_plan_size(30);
 * void *buf = malloc(n);
 * const napfire_fov_plan *plan;
 * napfire_fov_plan_init(buf, n, 30, &plan);
 * size_t wn = napfire_fov_work_size(plan);
 * void *work = malloc(wn);
 * uint8_t *rule = malloc((size_t)columns * rows);
 * napfire_fov_grid(plan, work, wn, &query, NAPFIRE_HEX_ODD_Q, columns, rows, cells, rule);
 * @endcode
 *  @{ */

/** @brief A field-of-view plan for one radius (H-LOS-1..3 geometry);
 *  opaque, lives in the caller's buffer, built by napfire_fov_plan_init(). */
typedef struct napfire_fov_plan napfire_fov_plan;

/** @brief Largest radius of a plan, in hexes (H-HEX-1 distance). */
#define NAPFIRE_FOV_RADIUS_MAX 256

/** @brief Byte of napfire_fov_grid()'s output for a hex not asked about:
 *  the firer's own hex and hexes beyond the radius. */
#define NAPFIRE_FOV_NOT_ASKED 255u

/**
 * @brief Bytes of a plan for @p radius (H-LOS-1..3).
 *
 * Grows as the square of the radius: 12 bytes per hex within it, plus a
 * little per direction.
 * @param radius 1..::NAPFIRE_FOV_RADIUS_MAX.
 * @return the size; 0 for a radius outside 1..::NAPFIRE_FOV_RADIUS_MAX.
 */
NAPFIRE_API size_t napfire_fov_plan_size(int32_t radius);

/**
 * @brief Build a plan for @p radius in @p buf (H-LOS-1..3).
 *
 * The plan depends on the radius only, never on a map. Afterwards it is
 * read-only: threads may share it, and it may be copied byte for byte to
 * another buffer on an 8-byte boundary (it holds no pointers). A call checks
 * the plan's header (::NAPFIRE_ESTATE) and keeps every index it reads from
 * the tables within the buffers, but does not verify the tables again:
 * storage changed after napfire_fov_plan_init() gives wrong answers, never
 * an access outside the plan or the workspace.
 * @param buf caller storage on an 8-byte boundary (as `malloc` returns).
 * @param size bytes of @p buf; at least napfire_fov_plan_size(radius).
 * @param radius 1..::NAPFIRE_FOV_RADIUS_MAX.
 * @param plan receives the plan (a pointer into @p buf).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for a NULL @p buf or @p plan;
 *         ::NAPFIRE_EALIGN for @p buf off an 8-byte boundary (since 1.3),
 *         after the NULL checks;
 *         ::NAPFIRE_EDOMAIN for the radius; ::NAPFIRE_ENOSPC when @p size
 *         is short. On an error @p buf and @p *plan are untouched.
 */
NAPFIRE_API int napfire_fov_plan_init(void *buf, size_t size, int32_t radius, const napfire_fov_plan **plan);

/**
 * @brief Bytes of workspace one napfire_fov_grid() call with @p plan
 * needs, whatever the map.
 *
 * About a quarter of the radius cubed, in bytes (a bit per direction and
 * ring), plus 14 bytes per hex within the radius. Each thread uses its own
 * workspace.
 * @param plan a plan built by napfire_fov_plan_init().
 * @return the size; 0 for NULL, storage off an 8-byte boundary, or storage
 *         that is not a plan.
 */
NAPFIRE_API size_t napfire_fov_work_size(const napfire_fov_plan *plan);

/**
 * @brief Field of view on a dense offset grid (H-LOS-1..6, H-ELV-1..6):
 * the line-of-sight rule of every hex within the plan's radius.
 *
 * For every hex `h` of the grid with `1 <= distance(q->firer, h) <=
 * radius`, `rule[h]` is the napfire_los_result::rule that
 * napfire_los_grid() gives for the same query with `target = h`:
 * ::NAPFIRE_LOS_RULE_NONE for a clear line of sight; FRONT_HEXSIDE when
 * the line leaves through no front hexside (H-LOS-4); TOWN, TERRAIN, UNIT
 * or SLOPE for the first blocking hex (H-LOS-5, H-ELV-1..5); GRAZING
 * when it blocks along a hexside (H-LOS-3). Every other byte (the firer's
 * own hex, hexes beyond the radius) is ::NAPFIRE_FOV_NOT_ASKED.
 *
 * `q->target` is ignored; everything else of the query is used as
 * napfire_los_grid() uses it, with each hex's own elevation as the
 * target's (H-ELV-1/2/4) and `q->target_side` for every hex (H-ELV-2's
 * policy). The firer may lie off the grid. Any elevations and any number
 * of slope levels. Cost: a pass over the hexes within the radius, each
 * blocker marking the directions it covers, then a few operations per
 * hex, instead of a trace per hex.
 *
 * @param plan a plan built by napfire_fov_plan_init().
 * @param work workspace of @p work_size bytes on an 8-byte boundary (as
 *        `malloc` returns); its contents on entry do not matter.
 * @param work_size at least napfire_fov_work_size(plan).
 * @param q the question (firer, front mask, sides, policy).
 * @param layout ::napfire_hex_layout of the grid.
 * @param columns 1..::NAPFIRE_HEX_GRID_MAX.
 * @param rows 1..::NAPFIRE_HEX_GRID_MAX.
 * @param cells `columns * rows` descriptions, row by row, as for
 *        napfire_los_grid().
 * @param rule receives `columns * rows` bytes indexed like @p cells:
 *        ::napfire_los_rule values, or ::NAPFIRE_FOV_NOT_ASKED.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for a NULL argument;
 *         ::NAPFIRE_EALIGN for @p plan or @p work off an 8-byte boundary
 *         (since 1.3), after the NULL checks;
 *         ::NAPFIRE_ESTATE when @p plan is not a plan;
 *         ::NAPFIRE_ENOSPC for a short workspace; ::NAPFIRE_EDOMAIN as
 *         napfire_los_grid() would for the query (the target aside), the
 *         layout and the sizes, and for a bad cell at distance
 *         0..radius. @p rule is written only on ::NAPFIRE_OK.
 */
NAPFIRE_API int napfire_fov_grid(const napfire_fov_plan *plan, void *work, size_t work_size, const napfire_los_query *q,
                                 int32_t layout, int32_t columns, int32_t rows, const napfire_hex_info *cells,
                                 uint8_t *rule);

/** @} */

/** @brief Hex-scale enumerations (H-*), for napfire_hex_enum_name(). */
enum napfire_hex_enum {
    NAPFIRE_HEX_ENUM_LAYOUT = 0,    /**< ::napfire_hex_layout */
    NAPFIRE_HEX_ENUM_STEP = 1,      /**< ::napfire_step_kind */
    NAPFIRE_HEX_ENUM_TERRAIN = 2,   /**< ::napfire_terrain */
    NAPFIRE_HEX_ENUM_PRESENCE = 3,  /**< ::napfire_presence */
    NAPFIRE_HEX_ENUM_LOS_RULE = 4,  /**< ::napfire_los_rule */
    NAPFIRE_HEX_ENUM_ELEVATION = 5, /**< ::napfire_los_elevation */
    NAPFIRE_HEX_ENUM_FORMATION = 6  /**< ::napfire_hex_formation */
};

/**
 * @brief The name of a hex-scale enumeration value without its prefix
 * ("GRAZING" for ::NAPFIRE_LOS_RULE_GRAZING), to explain H-* results.
 * @param enumeration a ::napfire_hex_enum value.
 * @param value a value of that enumeration.
 * @return static text; "unknown" for an unknown enumeration or value.
 *         Never NULL.
 */
NAPFIRE_API const char *napfire_hex_enum_name(int32_t enumeration, int32_t value);

/**
 * @brief The rule ID of a ::napfire_los_rule ("H-LOS-3" for GRAZING;
 * "H-LOS-5, H-ELV-5" for TOWN; "" for NONE; H-ELV-6).
 * @param rule a ::napfire_los_rule value.
 * @return static text; "unknown" for a value that is not a rule. Never NULL.
 */
NAPFIRE_API const char *napfire_los_rule_id(int32_t rule);

#ifdef __cplusplus
}
#endif

#endif /* NAPFIRE_HEX_H */
