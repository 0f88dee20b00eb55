/* SPDX-License-Identifier: MIT */
/**
 * @file napfire_table.h
 * @brief libnapfire on the table (figure scale, rules F-GEO,
 * @ref rules_table): the shot's geometric facts measured exactly from the
 * units' footprints.
 *
 * napfire_shot_measure() reads the footprints of the firer, the target,
 * its skirmisher screen, the firer's friends and the other units and
 * terrain on the table, and sets the shot parameters the rules ask the
 * players to measure (range, sector of fire, friends in front, clear line
 * of sight, friends behind the target, fire over friendly heads, flank
 * fire, the screen's distance). napfire_shot_resolve() and its siblings
 * then answer as they do for parameters set by hand.
 *
 * Everything is integer arithmetic: every comparison with a rule's
 * threshold is exact, on every machine the same. Each measured fact names
 * the footprint that decided it and its rule ID.
 *
 * This header includes napfire.h; napfire.h does not include it.
 */
#ifndef NAPFIRE_TABLE_H
#define NAPFIRE_TABLE_H

#include "napfire.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/** @defgroup table Measuring on the table (rules F-GEO)
 *  @{ */

/**
 * @brief Largest absolute coordinate of a footprint corner (F-GEO-1):
 * |x| <= 2^18 and |y| <= 2^18, in the shot's measure.
 *
 * 262 m of table in millimetres. The bound keeps every distance within
 * ::NAPFIRE_MAX_DISTANCE and every exact comparison within 128-bit integer
 * arithmetic. A corner beyond it is ::NAPFIRE_EDOMAIN.
 */
#define NAPFIRE_TABLE_COORD_MAX 262144

/**
 * @brief Most footprints one scene may hold, firer, target and screen
 * included (friends and others make up the rest). More is
 * ::NAPFIRE_EDOMAIN.
 */
#define NAPFIRE_MAX_SCENE 4096

/**
 * @brief Most facts one measure reports (F-GEO-13): 14 for an artillery
 * firer, 4 for infantry. A `facts` array of this many always has room.
 */
#define NAPFIRE_MEASURED_MAX 14

/** @brief A point on the table (F-GEO-1). 8 bytes, layout frozen. */
typedef struct napfire_point {
    int32_t x; /**< To the right, in the shot's measure. */
    int32_t y; /**< Away from the viewer, in the shot's measure. */
} napfire_point;

/**
 * @brief A unit's footprint: its bases together, a strictly convex
 * quadrilateral (F-GEO-2). 48 bytes, layout frozen.
 *
 * The corners are front-left, front-right, rear-right, rear-left as the
 * unit sees them, which is clockwise seen from above: a unit facing +y
 * lists (0,1), (1,1), (1,0), (0,0). The first two corners are the front
 * edge. A counter-clockwise list is refused, not reversed. Terrain that
 * blocks sight is given the same way (its front means nothing).
 */
typedef struct napfire_footprint {
    napfire_point corner[4]; /**< Front-left, front-right, rear-right, rear-left. */
    int32_t level;           /**< Ground level, any integer (F-ART-7, F-GEO-11). */
    int32_t reserved[3];     /**< Zero (anything else is ::NAPFIRE_EDOMAIN). */
} napfire_footprint;

/**
 * @brief The table as one shot sees it (F-GEO). Pointers only: the
 * caller's arrays are read during the call and never kept.
 */
typedef struct napfire_scene {
    const napfire_footprint *firer;   /**< The firing unit; required. */
    const napfire_footprint *target;  /**< The unit fired at; required. */
    const napfire_footprint *screen;  /**< Skirmishers screening the target (F-SCR), or NULL. */
    const napfire_footprint *friends; /**< The firer's side, the firer itself not among them. */
    size_t friend_count;              /**< Entries of @c friends (0 allows NULL). */
    const napfire_footprint *others;  /**< Other enemy units and terrain that blocks sight. */
    size_t other_count;               /**< Entries of @c others (0 allows NULL). */
} napfire_scene;

/**
 * @brief Which footprint decided a measured fact (F-GEO-14). Values are
 * fixed (ABI).
 */
enum napfire_decider {
    NAPFIRE_DECIDER_NONE = 0,   /**< No footprint (e.g. no friend in the sector). */
    NAPFIRE_DECIDER_FIRER = 1,  /**< The firer's footprint. */
    NAPFIRE_DECIDER_TARGET = 2, /**< The target's footprint. */
    NAPFIRE_DECIDER_SCREEN = 3, /**< The screen's footprint. */
    NAPFIRE_DECIDER_FRIEND = 4, /**< Friend number napfire_measured::decider_index. */
    NAPFIRE_DECIDER_OTHER = 5   /**< Other number napfire_measured::decider_index. */
};

/**
 * @brief The rule of measurement behind a fact: the value is the F-GEO
 * item's number. Values are fixed (ABI); napfire_table_rule_id() gives
 * the rule IDs as text.
 */
enum napfire_table_rule {
    NAPFIRE_TABLE_RULE_RANGE = 3,        /**< F-GEO-3, for F-RNG and F-ART-1: DISTANCE. */
    NAPFIRE_TABLE_RULE_SECTOR = 6,       /**< F-GEO-6, for F-ART-4: FRIEND_IN_ARC. */
    NAPFIRE_TABLE_RULE_NEAR = 7,         /**< F-GEO-7, for F-ART-5: the friends in front. */
    NAPFIRE_TABLE_RULE_ENFILADE = 8,     /**< F-GEO-8, for F-MOD-9: ENFILADE. */
    NAPFIRE_TABLE_RULE_CLEAR_LOS = 9,    /**< F-GEO-9, for F-ART-5: CLEAR_LOS. */
    NAPFIRE_TABLE_RULE_PENETRATION = 10, /**< F-GEO-10, for F-ART-6: PENETRATION_HITS_FRIEND. */
    NAPFIRE_TABLE_RULE_OVERHEAD = 11,    /**< F-GEO-11, for F-ART-7: the overhead facts. */
    NAPFIRE_TABLE_RULE_SCREEN = 12       /**< F-GEO-12, for F-SCR: SCREEN, SCREEN_DISTANCE. */
};

/**
 * @brief One measured fact (F-GEO-14): an element of the array
 * napfire_shot_measure() fills. 64 bytes, layout frozen.
 */
typedef struct napfire_measured {
    int32_t param;         /**< The ::napfire_shot_param the measure set. */
    int32_t value;         /**< The value it set (as napfire_shot_get() reads it). */
    int32_t decider;       /**< ::napfire_decider: which footprint decided the value. */
    int32_t decider_index; /**< Index into friends or others for FRIEND and OTHER, else -1. */
    int32_t rule;          /**< ::napfire_table_rule: the rule of measurement. */
    int32_t missing;       /**< ::napfire_missing when the fact needs unknown data, else NONE. */
    /** @brief The missing datum's index, as napfire_result::missing_index
     *  (napfire_missing_describe() says it); unused entries are -1. */
    int32_t missing_index[4];
    int32_t reserved[6]; /**< Zero. */
} napfire_measured;

/** @brief Names of this header's enumerations, for napfire_table_enum_name(). */
enum napfire_table_enum {
    NAPFIRE_TABLE_ENUM_DECIDER = 0, /**< ::napfire_decider */
    NAPFIRE_TABLE_ENUM_RULE = 1     /**< ::napfire_table_rule */
};

/**
 * @brief Measure a shot on the table and set its parameters (F-GEO-1..14).
 *
 * Sets, in the shot's ::NAPFIRE_SHOT_MEASURE (millimetres or tenths of an
 * inch), every fact the firer's arm needs (F-GEO-13), through the same
 * checks as napfire_shot_set():
 * - every firer: DISTANCE (F-GEO-3, F-GEO-4: the front edge to the
 *   target, rounded up; F-RNG-4, F-ART-1), ENFILADE (F-GEO-8, F-MOD-9),
 *   SCREEN and SCREEN_DISTANCE (F-GEO-12, F-SCR-1, F-SCR-2; rounded up);
 * - an artillery firer also FRIEND_IN_ARC (F-GEO-6, F-ART-4: the 30-degree
 *   sector, tan 15 = 2 - sqrt(3) compared exactly), FRIEND_NEAR_TARGET,
 *   FRIEND_NEAR_BATTERY and TARGET_FAR_FROM_FRIENDS (F-GEO-5, F-GEO-7,
 *   F-ART-5), CLEAR_LOS (F-GEO-9), PENETRATION_HITS_FRIEND (F-GEO-10,
 *   F-ART-6), OVERHEAD, BATTERY_HIGHER, OVERHEAD_FRIEND_TO_BATTERY and
 *   OVERHEAD_FRIEND_TO_ENEMY (F-GEO-11, F-ART-7; rounded down).
 *
 * Distances are made whole numbers as F-GEO-4 says (up where a rule says
 * "within" or "more than", down where it says "no closer than"), so the
 * rules' comparisons with their whole thresholds are exact. A firer in
 * square measures from its edge nearest the target (F-GEO-3); a target in
 * square has four fronts and no flank (F-GEO-2, F-GEO-5, F-GEO-8).
 * Infantry firers are never refused for facing (F-GEO-14).
 *
 * Time: linear in the footprints, plus, for the clear line of sight, one
 * pass over the blocking footprints per footprint that hides part of the
 * target from the firer. No allocation, no floating point; pure and
 * thread-safe.
 *
 * @param s an initialised shot; measured in place.
 * @param rules rules data for the thresholds and the gun's long range, or
 *        NULL for the built-in data.
 * @param scene the footprints; see ::napfire_scene and F-GEO-2.
 * @param facts receives one ::napfire_measured per fact set, in the order
 *        of the shot parameters; NULL when no list is wanted (@p cap is
 *        then ignored).
 * @param cap entries of @p facts (::NAPFIRE_MEASURED_MAX always suffices).
 * @param count receives the number of facts (4 or 14); required.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL @p s, @p scene, @p count,
 *         firer or target, or a non-zero count with a NULL array;
 *         ::NAPFIRE_EALIGN for misaligned shot or rules storage;
 *         ::NAPFIRE_ESTATE for a shot or rules storage that is not one;
 *         ::NAPFIRE_EDOMAIN for the first bad footprint in the order
 *         firer, target, screen, friends, others (not strictly convex in
 *         the F-GEO-2 order, a corner beyond ::NAPFIRE_TABLE_COORD_MAX,
 *         non-zero reserved words, firer and target interiors
 *         overlapping), for more than ::NAPFIRE_MAX_SCENE footprints and
 *         for a screen the shot would refuse (F-SCR-1);
 *         ::NAPFIRE_ENOSPC when @p facts has fewer than the needed
 *         entries (the number in @p count); ::NAPFIRE_EUNKNOWN when the
 *         penetration fact needs the gun's unknown long range (F-GEO-10):
 *         @p count and @p facts (with room) are written, the fact naming
 *         its missing datum. On every error the shot is unchanged, and
 *         except as said the outputs too.
 * @since symbol version NAPFIRE_1.3.
 */
NAPFIRE_API int napfire_shot_measure(napfire_shot *s, const napfire_rules *rules, const napfire_scene *scene,
                                     napfire_measured *facts, size_t cap, size_t *count);

/**
 * @brief The name of a value of this header's enumerations, without its
 * prefix ("FRIEND" for ::NAPFIRE_DECIDER_FRIEND, "SECTOR" for
 * ::NAPFIRE_TABLE_RULE_SECTOR), to explain F-GEO-14's facts.
 * @param enumeration a ::napfire_table_enum value.
 * @param value a value of that enumeration.
 * @return static text; "unknown" for an unknown enumeration or value.
 *         Never NULL.
 * @since symbol version NAPFIRE_1.3.
 */
NAPFIRE_API const char *napfire_table_enum_name(int32_t enumeration, int32_t value);

/**
 * @brief The rule IDs of a ::napfire_table_rule: the F-GEO item and the
 * rule it measures for ("F-GEO-6, F-ART-4" for SECTOR; F-GEO-14).
 * @param rule a ::napfire_table_rule value.
 * @return static text; "unknown" for a value that is not a rule. Never NULL.
 * @since symbol version NAPFIRE_1.3.
 */
NAPFIRE_API const char *napfire_table_rule_id(int32_t rule);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* NAPFIRE_TABLE_H */
