/* SPDX-License-Identifier: MIT */
/**
 * @file napfire.h
 * @brief libnapfire: fire combat for Napoleonic wargames (figure scale).
 *
 * The whole public API of the figure-scale rules (F-*, @ref rules_figure)
 * and of the rules data. The hex-scale API (H-*, @ref rules_hex) is in
 * napfire_hex.h, which this header includes, so `#include <napfire.h>` is
 * all a caller needs.
 *
 * The two scales are two different games: figures on a tabletop measured
 * in millimetres or tenths of an inch here, La Bataille counters on a hex
 * map there. Nothing converts between hexes and millimetres, and the hex
 * line of sight is not an input of napfire_shot_resolve() (see
 * @ref sources).
 *
 * Principles (see @ref api_contract): pure functions, no allocation, no global
 * mutable state; opaque fixed-size value types in caller storage; every
 * status is an `int` from ::napfire_status; a shot the rules forbid is a
 * successful call whose result says `permitted = 0`.
 */
#ifndef NAPFIRE_H
#define NAPFIRE_H

#include <stddef.h>
#include <stdint.h>

#include "napfire_version.h"

/**
 * @def NAPFIRE_API
 * @brief Marks every exported function.
 *
 * An embedder may define it before including this header (for example to
 * add its own attributes). `NAPFIRE_STATIC` selects a static or vendored
 * build, where nothing is imported from a DLL.
 */
#ifndef NAPFIRE_API
#  if defined(_WIN32) && !defined(NAPFIRE_STATIC)
#    if defined(NAPFIRE_BUILDING)
#      define NAPFIRE_API __declspec(dllexport)
#    else
#      define NAPFIRE_API __declspec(dllimport)
#    endif
#  elif defined(__GNUC__) && defined(NAPFIRE_BUILDING) && !defined(NAPFIRE_STATIC)
#    define NAPFIRE_API __attribute__((visibility("default")))
#  else
#    define NAPFIRE_API
#  endif
#endif

/**
 * @def NAPFIRE_ALIGN8
 * @brief Gives the opaque value types an alignment of 8 on every platform.
 *
 * A `uint64_t` member alone aligns to 4 on i386, and the alignment is ABI.
 * On compilers that are neither GCC-, Clang- nor MSVC-compatible the
 * `uint64_t` member is relied on.
 */
#if defined(__GNUC__) || defined(__clang__)
#  define NAPFIRE_ALIGN8 __attribute__((aligned(8)))
#elif defined(_MSC_VER)
#  define NAPFIRE_ALIGN8 __declspec(align(8))
#else
#  define NAPFIRE_ALIGN8
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/** @defgroup core Core: version, status codes, names
 *  @{ */

/**
 * @brief Status codes returned by every function that returns `int`.
 *
 * Values are fixed (ABI). Negative values are errors: the call changed
 * no output except the diagnostics documented for ::NAPFIRE_ENOSPC,
 * ::NAPFIRE_EUNKNOWN and ::NAPFIRE_ESYNTAX.
 */
enum napfire_status {
    NAPFIRE_OK = 0,        /**< Success. */
    NAPFIRE_EINVAL = -1,   /**< NULL pointer, malformed argument, or a required setting missing. */
    NAPFIRE_EDOMAIN = -2,  /**< A value outside its documented domain. */
    NAPFIRE_ESTATE = -3,   /**< Object not initialised by its `*_init`, or corrupted. */
    NAPFIRE_ENOSPC = -4,   /**< Caller's buffer too small; the required count is reported. */
    NAPFIRE_EUNKNOWN = -5, /**< The rules data needed is unknown; the result names it. */
    NAPFIRE_ESYNTAX = -6,  /**< Rules text malformed; line, column and message reported. */
    NAPFIRE_ESIZE = -7,    /**< Caller's struct size differs from the library's. */
    /** Caller storage (a ::napfire_unit, ::napfire_shot, ::napfire_rules,
     *  ::napfire_dice, ::napfire_trace, a field-of-view plan or workspace)
     *  not on an 8-byte boundary: declare the type itself, or use memory
     *  aligned as `malloc` returns (since 1.3). Checked after the NULL and
     *  size checks of the same call and before the storage is read. */
    NAPFIRE_EALIGN = -8
};

/** @brief The library's version, `MAJOR*10000 + MINOR*100 + PATCH`.
 *  Compare with ::NAPFIRE_VERSION_NUMBER to detect a header/library mismatch. */
NAPFIRE_API uint32_t napfire_version_number(void);

/** @brief The library's version as "MAJOR.MINOR.PATCH" (static storage). */
NAPFIRE_API const char *napfire_version_string(void);

/**
 * @brief A one-line English description of a status code.
 * @param status a ::napfire_status value.
 * @return static text; "unknown status" for a value that is not a status.
 *         Never NULL.
 */
NAPFIRE_API const char *napfire_strerror(int status);

/**
 * @brief The name of a status code without its prefix ("OK", "EINVAL", ...).
 * @return static text; "unknown" for a value that is not a status. Never NULL.
 */
NAPFIRE_API const char *napfire_status_name(int status);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup enums Figure-scale enumerations
 *  Values are fixed (ABI): new values are only ever appended.
 *  @{ */

/** @brief Arm of service of a unit; fixed when the unit is initialised. */
enum napfire_arm {
    NAPFIRE_ARM_LINE_INFANTRY = 0,  /**< Line infantry. */
    NAPFIRE_ARM_LIGHT_INFANTRY = 1, /**< Light infantry (F-OO-1a). */
    NAPFIRE_ARM_CAVALRY = 2,        /**< Cavalry: a target; its fire is NOT_COVERED (F-TAB-6). */
    NAPFIRE_ARM_FOOT_ARTILLERY = 3, /**< Foot artillery (F-ART). */
    NAPFIRE_ARM_HORSE_ARTILLERY = 4 /**< Horse artillery (F-ART). */
};

/** @brief Nation (F-MOD-5 British/KGL, F-CAS-2 Russia, F-OO-1 the Coalition). */
enum napfire_nation {
    NAPFIRE_NATION_OTHER = 0,    /**< Any other nation; not a Coalition nation for F-OO-1c. */
    NAPFIRE_NATION_FRANCE = 1,   /**< France (F-OO-1b). */
    NAPFIRE_NATION_BRITAIN = 2,  /**< Britain (F-MOD-5). */
    NAPFIRE_NATION_KGL = 3,      /**< King's German Legion (F-MOD-5). */
    NAPFIRE_NATION_PORTUGAL = 4, /**< Portugal: no F-MOD-5 bonus. */
    NAPFIRE_NATION_SPAIN = 5,    /**< Spain. */
    NAPFIRE_NATION_AUSTRIA = 6,  /**< Austria. */
    NAPFIRE_NATION_PRUSSIA = 7,  /**< Prussia. */
    NAPFIRE_NATION_RUSSIA = 8    /**< Russia: infantry are 2nd-class firers (F-CAS-2). */
};

/** @brief Troop class (F-MOD-1..4, F-OO-1, F-CAS-2). */
enum napfire_class {
    NAPFIRE_CLASS_GUARD = 0,       /**< Guard: +2, capped (F-MOD-1, F-MOD-G). */
    NAPFIRE_CLASS_ELITE = 1,       /**< Elite: +1 (F-MOD-2). */
    NAPFIRE_CLASS_VETERAN = 2,     /**< Veteran: 0 (F-MOD-3). */
    NAPFIRE_CLASS_LINE = 3,        /**< Line: 0 (F-MOD-3). */
    NAPFIRE_CLASS_SECOND_RATE = 4, /**< Second-rate: 0 and 2nd-class firers (F-MOD-3, F-CAS-2). */
    NAPFIRE_CLASS_CONSCRIPT = 5,   /**< Conscript (recruits): -2 (F-MOD-4). */
    NAPFIRE_CLASS_MILITIA = 6      /**< Militia: -2 (F-MOD-4). */
};

/**
 * @brief Formation. Infantry: LINE .. SKIRMISH; cavalry: LINE,
 * COLUMN_OF_COMPANIES, COLUMN_OF_DIVISIONS; artillery: LIMBERED, UNLIMBERED.
 */
enum napfire_formation {
    NAPFIRE_FORMATION_LINE = 0,                /**< Line (F-TAB-2: row by figures). */
    NAPFIRE_FORMATION_COLUMN_OF_COMPANIES = 1, /**< Column of companies (row 1 at most). */
    NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS = 2, /**< Column of divisions (row 2 at most). */
    NAPFIRE_FORMATION_MASSED_COLUMN = 3,       /**< Massed column (row 1 at most; target +2). */
    NAPFIRE_FORMATION_SQUARE = 4,              /**< Battalion square (row 1 at most). */
    NAPFIRE_FORMATION_MASS = 5,                /**< Austrian mass, any nation (F-MOD-10). */
    NAPFIRE_FORMATION_OPEN_ORDER = 6,          /**< Open order (F-OO). */
    NAPFIRE_FORMATION_SKIRMISH = 7,            /**< Skirmish order (F-MOD-14; its fire is NOT_COVERED). */
    NAPFIRE_FORMATION_LIMBERED = 8,            /**< Artillery on its limbers (may not fire). */
    NAPFIRE_FORMATION_UNLIMBERED = 9           /**< Artillery in position. */
};

/** @brief Infantry weapon (F-RNG). */
enum napfire_weapon {
    NAPFIRE_WEAPON_MUSKET = 0,      /**< Musket. */
    NAPFIRE_WEAPON_RIFLE = 1,       /**< Rifle. */
    NAPFIRE_WEAPON_SHARPSHOOTER = 2 /**< Picked marksmen: one band (F-RNG-3). */
};

/** @brief Cover of a unit (F-MOD-15/16, F-MOD-5 buildings). */
enum napfire_cover {
    NAPFIRE_COVER_NONE = 0,     /**< In the open. */
    NAPFIRE_COVER_LIMITED = 1,  /**< Limited cover such as vineyards (F-MOD-15, second value). */
    NAPFIRE_COVER_COVER = 2,    /**< In cover (F-MOD-15). */
    NAPFIRE_COVER_BUILDINGS = 3 /**< In buildings (F-MOD-16). */
};

/** @brief How far a unit moved this turn (F-ART-3). */
enum napfire_moved {
    NAPFIRE_MOVED_NONE = 0, /**< Did not move. */
    NAPFIRE_MOVED_HALF = 1, /**< Up to half its move: may fire. */
    NAPFIRE_MOVED_MORE = 2  /**< More than half its move: may not fire. */
};

/** @brief Unit of the distances of a shot (F-RNG-1). */
enum napfire_measure {
    NAPFIRE_MEASURE_METRIC = 0,  /**< Millimetres; the metric tables. */
    NAPFIRE_MEASURE_IMPERIAL = 1 /**< Tenths of an inch; the imperial tables. */
};

/** @brief Range band of a shot (F-RNG, F-ART-1). */
enum napfire_band {
    NAPFIRE_BAND_NONE = 0,      /**< Out of range. */
    NAPFIRE_BAND_CANISTER = 1,  /**< Canister range (artillery only). */
    NAPFIRE_BAND_EFFECTIVE = 2, /**< Effective range. */
    NAPFIRE_BAND_LONG = 3       /**< Long range. */
};

/** @brief Artillery ammunition (F-ART-1). */
enum napfire_ammo {
    NAPFIRE_AMMO_ROUNDSHOT = 0, /**< Roundshot: any band. */
    NAPFIRE_AMMO_CANISTER = 1   /**< Canister: canister range only. */
};

/** @brief Gun type of a battery (F-ART-1). */
enum napfire_gun {
    NAPFIRE_GUN_LIGHT = 0,   /**< 3-4 pounders. */
    NAPFIRE_GUN_P6 = 1,      /**< 6 pounders. */
    NAPFIRE_GUN_P9 = 2,      /**< 9 pounders. */
    NAPFIRE_GUN_P12 = 3,     /**< 12 pounders. */
    NAPFIRE_GUN_HOWITZER = 4 /**< Howitzers. */
};

/**
 * @brief Why the rules forbid a shot. The order is the precedence: when
 * several clauses hold, napfire_result::reason is the first of them, and
 * napfire_result::reasons has bit `1u << reason` for each.
 */
enum napfire_reason {
    NAPFIRE_REASON_NONE = 0,                       /**< Permitted. */
    NAPFIRE_REASON_NOT_COVERED = 1,                /**< Cavalry or skirmish-order fire (F-TAB-6). */
    NAPFIRE_REASON_NO_FIGURES = 2,                 /**< The firer has no figures (or guns). */
    NAPFIRE_REASON_ALREADY_FIRED = 3,              /**< Fired this turn already (F-ART-2). */
    NAPFIRE_REASON_LIMBERED = 4,                   /**< Limbered artillery (F-ART-3). */
    NAPFIRE_REASON_MOVED_TOO_FAR = 5,              /**< Moved more than half its move (F-ART-3). */
    NAPFIRE_REASON_UNLIMBERED_THIS_TURN = 6,       /**< Foot artillery unlimbered this turn (F-ART-3). */
    NAPFIRE_REASON_OUT_OF_RANGE = 7,               /**< Beyond the longest band (F-RNG, F-ART-1). */
    NAPFIRE_REASON_SCREENED = 8,                   /**< An effective skirmisher screen (F-SCR-2). */
    NAPFIRE_REASON_CANISTER_BEYOND_RANGE = 9,      /**< Canister beyond canister range (F-ART-1). */
    NAPFIRE_REASON_FRIEND_IN_ARC = 10,             /**< Canister with a friend in the arc (F-ART-4). */
    NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE = 11, /**< Friends near target or battery at long range (F-ART-5). */
    NAPFIRE_REASON_PENETRATION = 12,               /**< Roundshot would pass into friends (F-ART-6). */
    NAPFIRE_REASON_OVERHEAD_NOT_HIGHER = 13,       /**< Overhead fire not from higher ground (F-ART-7). */
    NAPFIRE_REASON_OVERHEAD_TOO_CLOSE = 14,        /**< Overhead friends too close (F-ART-7). */
    NAPFIRE_REASON_OVERHEAD_CANISTER = 15          /**< Overhead fire with canister (F-ART-7). */
};

/**
 * @brief Modifier identifiers: the F-MOD numbers, then the markers of the
 * Guard cap, the house rule and the artillery movement penalty.
 */
enum napfire_modifier_id {
    NAPFIRE_MOD_GUARD = 1,              /**< F-MOD-1 firer class Guard (+2). */
    NAPFIRE_MOD_ELITE = 2,              /**< F-MOD-2 firer class Elite (+1). */
    NAPFIRE_MOD_STEADY = 3,             /**< F-MOD-3 firer Veteran/Line/Second-rate (0). */
    NAPFIRE_MOD_RAW = 4,                /**< F-MOD-4 firer Conscript/Militia (-2). */
    NAPFIRE_MOD_BRITISH_LINE = 5,       /**< F-MOD-5 British/KGL in line or column of divisions (+1). */
    NAPFIRE_MOD_FIRED_LAST_TURN = 6,    /**< F-MOD-6 fired in the previous turn (-2). */
    NAPFIRE_MOD_DISORDERED = 7,         /**< F-MOD-7 firer disordered (-4, exclusive). */
    NAPFIRE_MOD_COLUMN = 8,             /**< F-MOD-8 target in column (+1) / massed column (+2). */
    NAPFIRE_MOD_SQUARE_OR_ENFILADE = 9, /**< F-MOD-9 target in square, or enfilade fire (+2). */
    NAPFIRE_MOD_MASS = 10,              /**< F-MOD-10 target in mass (+2). */
    NAPFIRE_MOD_ARTILLERY = 11,         /**< F-MOD-11 target artillery in position (-2). */
    NAPFIRE_MOD_CHARGING_CAVALRY = 12,  /**< F-MOD-12 target charging cavalry (-2). */
    NAPFIRE_MOD_OPEN_ORDER = 13,        /**< F-MOD-13 target in open order (-2). */
    NAPFIRE_MOD_SKIRMISHERS = 14,       /**< F-MOD-14 target skirmishers (-4, exclusive). */
    NAPFIRE_MOD_COVER = 15,             /**< F-MOD-15 target in cover (-2) / limited cover (-1). */
    NAPFIRE_MOD_BUILDINGS = 16,         /**< F-MOD-16 target in buildings (-4). */
    NAPFIRE_MOD_GUARD_CAP = 17,         /**< F-MOD-G: only as napfire_modifier::suppressed_by. */
    NAPFIRE_MOD_EXTRA = 18,             /**< F-MOD-E: the shot's EXTRA_MODIFIER (house rule). */
    NAPFIRE_MOD_MOVED_HALF = 19         /**< F-ART-3: battery moved up to half its move. */
};

/** @brief What kind of rules data a ::NAPFIRE_EUNKNOWN result lacks. */
enum napfire_missing {
    NAPFIRE_MISSING_NONE = 0,           /**< Nothing is missing. */
    NAPFIRE_MISSING_MUSKETRY_CELL = 1,  /**< index: row, column. */
    NAPFIRE_MISSING_ARTILLERY_CELL = 2, /**< index: gun, ammo, band, column. */
    NAPFIRE_MISSING_RANGE = 3,          /**< index: weapon or gun, measure, arm, band. */
    NAPFIRE_MISSING_MODIFIER = 4,       /**< index: fire kind, modifier id, variant. */
    NAPFIRE_MISSING_THRESHOLD = 5       /**< index: threshold id, measure. */
};

/** @brief Which table of modifier values (F-MOD for musketry, F-ART-1). */
enum napfire_fire {
    NAPFIRE_FIRE_MUSKETRY = 0, /**< Infantry fire (F-MOD). */
    NAPFIRE_FIRE_ARTILLERY = 1 /**< Artillery fire (F-ART-1, F-ART-3). */
};

/**
 * @brief Thresholds of the rules, kept as rules data.
 *
 * Distance thresholds hold one value per measure; count thresholds hold one
 * value, and their `measure` argument must still be a valid measure.
 */
enum napfire_threshold {
    NAPFIRE_THRESHOLD_SCREEN = 0, /**< F-SCR-1: screen at most this far is ineffective (50 mm, 30 tenths). */
    NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE = 1, /**< F-ART-5: 100 mm, 60 tenths. */
    NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE = 2,   /**< F-ART-7: 100 mm, 60 tenths. */
    NAPFIRE_THRESHOLD_STAR_FIGURES = 3,         /**< F-TAB-4: the star counts from 48 figures. */
    NAPFIRE_THRESHOLD_ROW_2 = 4,                /**< F-TAB-1: row 2 from 12 firing figures. */
    NAPFIRE_THRESHOLD_ROW_3 = 5,                /**< F-TAB-1: row 3 from 20. */
    NAPFIRE_THRESHOLD_ROW_4 = 6,                /**< F-TAB-1: row 4 from 28. */
    NAPFIRE_THRESHOLD_ROW_5 = 7,                /**< F-TAB-1: row 5 from 36. */
    NAPFIRE_THRESHOLD_GUARD_CAP = 8             /**< F-MOD-G: Guard firer bonuses at most +2. */
};

/** @brief Provenance texts of a rules object (F-DATA). */
enum napfire_provenance {
    NAPFIRE_PROVENANCE_NAME = 0,    /**< Name, at most 63 bytes of UTF-8. */
    NAPFIRE_PROVENANCE_EDITION = 1, /**< Edition, at most 31 bytes. */
    NAPFIRE_PROVENANCE_SOURCE = 2   /**< Source, at most 127 bytes. */
};

/**
 * @brief Unit parameters, for napfire_unit_set() / napfire_unit_get().
 *
 * Numbered from 1; shot parameters from 101, so napfire_param_bounds()
 * serves both. Defaults after napfire_unit_init(): nation OTHER, class
 * LINE, formation LINE (artillery: UNLIMBERED), figures 0, weapon MUSKET,
 * gun P6, cover NONE, moved NONE, flags 0. A parameter that does not apply
 * to the unit's arm keeps its default and refuses to be set.
 */
enum napfire_unit_param {
    NAPFIRE_UNIT_ARM = 1,                  /**< ::napfire_arm; readable, not settable. */
    NAPFIRE_UNIT_NATION = 2,               /**< ::napfire_nation. */
    NAPFIRE_UNIT_CLASS = 3,                /**< ::napfire_class. */
    NAPFIRE_UNIT_FORMATION = 4,            /**< ::napfire_formation, allowed ones per arm. */
    NAPFIRE_UNIT_FIGURES = 5,              /**< Current strength; artillery: gun models. 0..::NAPFIRE_MAX_FIGURES. */
    NAPFIRE_UNIT_WEAPON = 6,               /**< ::napfire_weapon; infantry only. */
    NAPFIRE_UNIT_GUN = 7,                  /**< ::napfire_gun; artillery only. */
    NAPFIRE_UNIT_COVER = 8,                /**< ::napfire_cover. */
    NAPFIRE_UNIT_MOVED = 9,                /**< ::napfire_moved. */
    NAPFIRE_UNIT_DISORDERED = 10,          /**< 0/1 (F-MOD-7). */
    NAPFIRE_UNIT_FIRED_LAST_TURN = 11,     /**< 0/1 (F-MOD-6). */
    NAPFIRE_UNIT_FIRED_THIS_TURN = 12,     /**< 0/1 (F-ART-2). */
    NAPFIRE_UNIT_SECOND_CLASS_FIRERS = 13, /**< 0/1, infantry only (F-CAS-2). */
    NAPFIRE_UNIT_CHARGING = 14,            /**< 0/1, cavalry only (F-MOD-12). */
    NAPFIRE_UNIT_MASSED_BATTERY = 15,      /**< 0/1, artillery only (F-MOD-11). */
    NAPFIRE_UNIT_UNLIMBERED_THIS_TURN = 16 /**< 0/1, foot artillery only (F-ART-3). */
};

/**
 * @brief Shot parameters, for napfire_shot_set() / napfire_shot_get().
 *
 * Distances are in the shot's MEASURE (millimetres or tenths of an inch),
 * 0..::NAPFIRE_MAX_DISTANCE; -1 means "none" or "not given" where allowed.
 */
enum napfire_shot_param {
    NAPFIRE_SHOT_MEASURE = 101,             /**< ::napfire_measure, default METRIC. */
    NAPFIRE_SHOT_DISTANCE = 102,            /**< Required; -1 (not given) after init. */
    NAPFIRE_SHOT_ENFILADE = 103,            /**< 0/1 (F-MOD-9). */
    NAPFIRE_SHOT_FIRING_FIGURES = 104,      /**< 0 = the firer's figures, else 1..figures; infantry (F-TAB-2). */
    NAPFIRE_SHOT_SCREEN = 105,              /**< 0/1; infantry target not in skirmish order (F-SCR). */
    NAPFIRE_SHOT_SCREEN_DISTANCE = 106,     /**< Screen to covered unit; required when SCREEN is 1. */
    NAPFIRE_SHOT_AMMO = 107,                /**< ::napfire_ammo; artillery only. */
    NAPFIRE_SHOT_EXTRA_MODIFIER = 108,      /**< -10..10, house rule (F-MOD-E). */
    NAPFIRE_SHOT_FRIEND_IN_ARC = 109,       /**< 0/1; artillery only (F-ART-4). */
    NAPFIRE_SHOT_FRIEND_NEAR_TARGET = 110,  /**< Nearest friend in front of the target, -1 none (F-ART-5). */
    NAPFIRE_SHOT_FRIEND_NEAR_BATTERY = 111, /**< Nearest friend in front of the battery, -1 none (F-ART-5). */
    NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS =
        112,                      /**< Farthest part of the target from those friends, -1 not given (F-ART-5). */
    NAPFIRE_SHOT_CLEAR_LOS = 113, /**< 0/1 (F-ART-5 exception). */
    NAPFIRE_SHOT_PENETRATION_HITS_FRIEND = 114,    /**< 0/1 (F-ART-6). */
    NAPFIRE_SHOT_OVERHEAD = 115,                   /**< 0/1: fire over friendly units (F-ART-7). */
    NAPFIRE_SHOT_BATTERY_HIGHER = 116,             /**< 0/1: battery higher than target and friends (F-ART-7). */
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY = 117, /**< Friends to battery front; required with OVERHEAD. */
    NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY = 118    /**< Friends to the enemy; required with OVERHEAD. */
};

/** @brief Names of the enumerations, for napfire_enum_name(). */
enum napfire_enum {
    NAPFIRE_ENUM_ARM = 0,         /**< ::napfire_arm */
    NAPFIRE_ENUM_NATION = 1,      /**< ::napfire_nation */
    NAPFIRE_ENUM_CLASS = 2,       /**< ::napfire_class */
    NAPFIRE_ENUM_FORMATION = 3,   /**< ::napfire_formation */
    NAPFIRE_ENUM_WEAPON = 4,      /**< ::napfire_weapon */
    NAPFIRE_ENUM_COVER = 5,       /**< ::napfire_cover */
    NAPFIRE_ENUM_MOVED = 6,       /**< ::napfire_moved */
    NAPFIRE_ENUM_MEASURE = 7,     /**< ::napfire_measure */
    NAPFIRE_ENUM_BAND = 8,        /**< ::napfire_band */
    NAPFIRE_ENUM_AMMO = 9,        /**< ::napfire_ammo */
    NAPFIRE_ENUM_GUN = 10,        /**< ::napfire_gun */
    NAPFIRE_ENUM_REASON = 11,     /**< ::napfire_reason */
    NAPFIRE_ENUM_MODIFIER = 12,   /**< ::napfire_modifier_id */
    NAPFIRE_ENUM_MISSING = 13,    /**< ::napfire_missing */
    NAPFIRE_ENUM_FIRE = 14,       /**< ::napfire_fire */
    NAPFIRE_ENUM_THRESHOLD = 15,  /**< ::napfire_threshold */
    NAPFIRE_ENUM_PROVENANCE = 16, /**< ::napfire_provenance */
    NAPFIRE_ENUM_PARAM = 17,      /**< ::napfire_unit_param and ::napfire_shot_param */
    NAPFIRE_ENUM_PARSE = 18       /**< ::napfire_parse_code (napfire_parse_error::code) */
};

/** @brief Largest figure (or gun model) count a unit may have. */
#define NAPFIRE_MAX_FIGURES 9999
/** @brief Largest distance, in millimetres or tenths of an inch. */
#define NAPFIRE_MAX_DISTANCE 1000000
/** @brief Marks an unknown table cell or range maximum (F-DATA). */
#define NAPFIRE_UNKNOWN (-1)
/** @brief Marks an unknown modifier value (a modifier may itself be -1). */
#define NAPFIRE_MODIFIER_UNKNOWN INT32_MIN
/** @brief Largest absolute modifier value in rules data. */
#define NAPFIRE_MAX_MODIFIER 20
/** @brief Largest table cell, in half figures (99 figures). */
#define NAPFIRE_MAX_CELL_HALVES 198

/**
 * @brief The name of an enumeration value without its prefix
 * (e.g. "BRITISH_LINE" for ::NAPFIRE_MOD_BRITISH_LINE).
 * @param enumeration a ::napfire_enum value.
 * @param value a value of that enumeration.
 * @return static text; "unknown" for an unknown enumeration or value.
 *         Never NULL.
 */
NAPFIRE_API const char *napfire_enum_name(int32_t enumeration, int32_t value);

/** @brief Name of a ::napfire_reason ("SCREENED"); "unknown" if none. Never NULL. */
NAPFIRE_API const char *napfire_reason_name(int32_t reason);

/** @brief Name of a ::napfire_modifier_id ("GUARD_CAP"); "unknown" if none. Never NULL. */
NAPFIRE_API const char *napfire_modifier_name(int32_t id);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup types Opaque value types
 *  Fixed-size storage owned by the caller. Contents are private; copy them
 *  with memcpy or assignment. Size and alignment (8) are ABI: every
 *  function refuses storage that is not on an 8-byte boundary with
 *  ::NAPFIRE_EALIGN and writes nothing (a binding tool that declares the
 *  storage as bytes may place it anywhere). The private member is an
 *  array of `uint64_t` words so that such tools keep the alignment.
 *  @{ */

/** @brief Size in bytes of ::napfire_unit. */
#define NAPFIRE_UNIT_SIZE 128
/** @brief Size in bytes of ::napfire_shot. */
#define NAPFIRE_SHOT_SIZE 512
/** @brief Size in bytes of ::napfire_rules. */
#define NAPFIRE_RULES_SIZE 4096

/** @brief A unit (firer or target), set up by napfire_unit_init(). */
typedef struct NAPFIRE_ALIGN8 napfire_unit {
    /** @brief Private storage, in 64-bit words (no union), so that binding
     *  tools that copy the type keep its alignment of 8. */
    uint64_t opaque_[NAPFIRE_UNIT_SIZE / 8];
} napfire_unit;

/** @brief A shot: copies of firer and target plus the shot's facts. */
typedef struct NAPFIRE_ALIGN8 napfire_shot {
    /** @brief Private storage, in 64-bit words (no union), so that binding
     *  tools that copy the type keep its alignment of 8. */
    uint64_t opaque_[NAPFIRE_SHOT_SIZE / 8];
} napfire_shot;

/** @brief Rules data: tables, ranges, modifier values, thresholds, provenance. */
typedef struct NAPFIRE_ALIGN8 napfire_rules {
    /** @brief Private storage, in 64-bit words (no union), so that binding
     *  tools that copy the type keep its alignment of 8. */
    uint64_t opaque_[NAPFIRE_RULES_SIZE / 8];
} napfire_rules;

/** @brief sizeof(::napfire_unit) as the library was built (128). */
NAPFIRE_API size_t napfire_unit_size(void);
/** @brief sizeof(::napfire_shot) as the library was built (512). */
NAPFIRE_API size_t napfire_shot_size(void);
/** @brief sizeof(::napfire_rules) as the library was built (4096). */
NAPFIRE_API size_t napfire_rules_size(void);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup results Public plain structs (layouts frozen)
 *  @{ */

/** @brief One item of the modifier breakdown (16 bytes, an array element). */
typedef struct napfire_modifier {
    int32_t id;      /**< ::napfire_modifier_id. */
    int32_t value;   /**< Signed modifier from the rules data (0 if unknown). */
    int32_t applied; /**< 1: counts in the net modifier; 0: suppressed; -1: value unknown. */
    int32_t
        suppressed_by; /**< ::NAPFIRE_MOD_GUARD_CAP, ::NAPFIRE_MOD_DISORDERED or ::NAPFIRE_MOD_SKIRMISHERS, else 0. */
} napfire_modifier;

/** @brief The explained result of napfire_shot_resolve() (128 bytes). */
typedef struct napfire_result {
    int32_t permitted;         /**< 1: the rules allow the shot; 0: see reason. */
    int32_t reason;            /**< First violated clause (::napfire_reason); NONE when permitted. */
    uint32_t reasons;          /**< Bit `1u << reason` per violated clause. */
    int32_t band;              /**< ::napfire_band. */
    int32_t net_modifier;      /**< After the Guard cap and the exclusive -4, with EXTRA. */
    int32_t modified_roll;     /**< roll_2d6 + net_modifier, unclamped. */
    int32_t row;               /**< Index of the table row used (0 is row 1); -1 if none. */
    int32_t column;            /**< Index of the column used (0 is modified roll 1-2); -1 if none (roll below 1). */
    int32_t table_halves;      /**< Cell value incl. star, in half figures. */
    int32_t halves;            /**< After long-range halving, in half figures. */
    int32_t half_die_used;     /**< 1 if half_die decided a half. */
    int32_t half_pending;      /**< 1 if a half awaits the die (half_die was 0). */
    int32_t casualties;        /**< Figures lost in total. */
    int32_t target_casualties; /**< Of which the target. */
    int32_t screen_casualties; /**< Of which the skirmisher screen. */
    int32_t missing;           /**< ::napfire_missing with ::NAPFIRE_EUNKNOWN, else NONE. */
    /** @brief What is missing: musketry cell (row, column); artillery cell
     *  (gun, ammo, band, column); range (weapon or gun, measure, arm, band);
     *  modifier (fire kind, id, variant); threshold (id, measure). Unused
     *  entries are -1. */
    int32_t missing_index[4];
    int32_t reserved[12]; /**< Zero. */
} napfire_result;

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup units Units, shots and their parameters (rules F-*)
 *  @{ */

/**
 * @brief Initialise a unit of the given arm with the documented defaults.
 * @param u caller storage.
 * @param size `sizeof *u` as the caller compiled it.
 * @param arm ::napfire_arm, fixed for the unit's life.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_ESIZE for a
 *         size mismatch; ::NAPFIRE_EDOMAIN for an unknown arm.
 *         ::NAPFIRE_EALIGN for @p u off an 8-byte boundary (after ::NAPFIRE_ESIZE, before the arm
 *         is checked; since 1.3).
 */
NAPFIRE_API int napfire_unit_init(napfire_unit *u, size_t size, int32_t arm);

/**
 * @brief Set a unit parameter (::napfire_unit_param).
 *
 * The value is checked against napfire_param_bounds() and against the
 * unit's arm (e.g. GUN only on artillery, the formations of each arm).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_ESTATE for an
 *         uninitialised or corrupted unit; ::NAPFIRE_EDOMAIN for an unknown
 *         or read-only parameter or a value it refuses (unit unchanged).
 *         ::NAPFIRE_EALIGN for @p u off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_unit_set(napfire_unit *u, int32_t param, int32_t value);

/**
 * @brief Read a unit parameter.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN
 *         for an unknown parameter.
 *         ::NAPFIRE_EALIGN for @p u off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_unit_get(const napfire_unit *u, int32_t param, int32_t *value);

/**
 * @brief May this unit deploy in open order in this year? (F-OO-1)
 *
 * Veteran, Elite or Guard infantry only, and: light infantry of any nation
 * (a); French line infantry (b); from 1812 on, line infantry of a Coalition
 * nation: Britain, KGL, Portugal, Spain, Austria, Prussia, Russia (c).
 * Resolving a shot does not re-check this (F-OO-3).
 * @param u the unit.
 * @param year 1..9999.
 * @param yes receives 1 or 0.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN
 *         for a year out of range.
 *         ::NAPFIRE_EALIGN for @p u off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_unit_may_open_order(const napfire_unit *u, int32_t year, int32_t *yes);

/**
 * @brief Initialise a shot from copies of firer and target.
 *
 * Later changes to the units do not affect the shot. Shot parameters get
 * their defaults (see ::napfire_shot_param).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL; ::NAPFIRE_ESIZE;
 *         ::NAPFIRE_ESTATE if either unit is not valid.
 *         ::NAPFIRE_EALIGN for @p s, @p firer or @p target off an 8-byte boundary (after
 *         ::NAPFIRE_ESIZE; since 1.3).
 */
NAPFIRE_API int napfire_shot_init(napfire_shot *s, size_t size, const napfire_unit *firer, const napfire_unit *target);

/**
 * @brief Set a shot parameter (::napfire_shot_param).
 *
 * Checked against napfire_param_bounds() and the copied units: AMMO and the
 * artillery facts only with an artillery firer, FIRING_FIGURES only with an
 * infantry firer and at most its figures, SCREEN only with an infantry
 * target not in skirmish order.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN
 *         (shot unchanged).
 *         ::NAPFIRE_EALIGN for @p s off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_set(napfire_shot *s, int32_t param, int32_t value);

/** @brief Read a shot parameter. Unset distances read as -1.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p s off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_shot_get(const napfire_shot *s, int32_t param, int32_t *value);

/**
 * @brief The range of values a parameter accepts, unit or shot.
 *
 * Some values within the bounds may still be refused by a particular
 * object (see napfire_unit_set() and napfire_shot_set()).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL outputs;
 *         ::NAPFIRE_EDOMAIN for an unknown parameter.
 */
NAPFIRE_API int napfire_param_bounds(int32_t param, int32_t *lo, int32_t *hi);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup resolve Resolving a shot (rules F-RNG, F-MOD, F-TAB, F-CAS, F-SCR, F-ART)
 *  @{ */

/**
 * @brief The range band of a shot (F-RNG-1..4, F-ART-1).
 *
 * Infantry use the weapon's range table in the shot's measure; artillery
 * the gun's band maxima. A distance past the last band is
 * ::NAPFIRE_BAND_NONE.
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param band receives the ::napfire_band.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL (NULL, or no distance);
 *         ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN for a firer whose fire the
 *         documents do not cover (cavalry); ::NAPFIRE_EUNKNOWN when a band
 *         maximum needed is unknown (band untouched).
 *         ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks,
 *         before ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_band(const napfire_shot *s, const napfire_rules *rules, int32_t *band);

/**
 * @brief The itemised modifiers of a shot and their net (F-MOD, F-ART-1/3).
 *
 * Musketry applies the Guard cap (F-MOD-G), the exclusive -4 (F-MOD-X)
 * and the house rule (F-MOD-E); artillery modifiers simply add. Items come
 * in id order, EXTRA last. A shot the documents do not cover (cavalry or
 * skirmish-order fire) has no items.
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param items caller array of @p cap items (may be NULL when cap is 0).
 * @param cap capacity of @p items.
 * @param count receives the number of items.
 * @param net receives the net modifier.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *         ::NAPFIRE_ENOSPC with the needed count in @p count;
 *         ::NAPFIRE_EUNKNOWN when a value is unknown: items and count are
 *         written, the unknown items have `applied = -1`, net is untouched.
 *         ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks,
 *         before ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_modifiers(const napfire_shot *s, const napfire_rules *rules, napfire_modifier *items,
                                       size_t cap, size_t *count, int32_t *net);

/**
 * @brief The table cell of a shot at a modified roll (F-TAB-1..4, F-ART-1),
 * on its own.
 *
 * The fourth building block beside napfire_shot_band(),
 * napfire_shot_modifiers() and napfire_round_half(): the cell that
 * napfire_shot_resolve() would use for this shot at this modified roll,
 * without deciding the verdicts. Musketry: the row from the firing
 * figures capped by the formation (F-TAB-1/2), the column from the
 * modified roll (F-TAB-3), the star added when the firer's current
 * strength reaches its threshold (F-TAB-4); the band is not read, since
 * long-range halving (F-CAS-1) comes after the table. Artillery: the row
 * of the gun, ammunition and band (F-ART-1), so the band is read; a band
 * with no row (out of range, or canister ammunition beyond canister
 * range) gives row and column -1 and 0 halves.
 *
 * @param s the shot (its distance must be set).
 * @param rules rules data, or NULL for the built-in data.
 * @param modified_roll 2D6 plus the net modifier, any value: below 1 gives
 *        column -1 and 0 halves (no effect); above 18 the last column.
 * @param row_index receives the row's index, 0-based as in
 *        ::napfire_result (musketry 0..4, index 0 is row 1; artillery
 *        `(gun * 2 + ammo) * 3 + band - 1`).
 * @param column_index receives the column's index, 0-based (index 0 is
 *        the column of modified roll 1-2, index 8 that of 17-18), or -1.
 * @param halves receives the cell in half figures with the star applied,
 *        before long-range halving.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL (NULL, or no distance);
 *         ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN for a firer no table covers
 *         (cavalry, or infantry in skirmish order: F-TAB-6);
 *         ::NAPFIRE_EUNKNOWN when the cell, the band or a threshold it
 *         needs is unknown. On any error every output is untouched.
 * ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks, before
 * ::NAPFIRE_ESTATE; since 1.3).
 * @since symbol version NAPFIRE_1.1.
 */
NAPFIRE_API int napfire_shot_table(const napfire_shot *s, const napfire_rules *rules, int32_t modified_roll,
                                   int32_t *row_index, int32_t *column_index, int32_t *halves);

/**
 * @brief Resolve a shot: verdict, modifiers, table, halving, half die,
 * screen (F-RNG, F-MOD, F-TAB, F-CAS, F-SCR, F-ART).
 *
 * A shot the rules forbid is a success with `permitted = 0`, its first
 * violated clause in `reason` and all of them in `reasons`. Verdicts that
 * need no rules data are decided first; when the rest needs unknown data
 * and no verdict already forbids the shot, the call returns
 * ::NAPFIRE_EUNKNOWN with @p out filled as far as it could be computed and
 * `missing`/`missing_index` naming the data.
 *
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param roll_2d6 the 2D6 roll, 2..12.
 * @param half_die 1..6, or 0 if not rolled yet: a half that needs the die
 *        is then reported as `half_pending` and only whole figures count.
 * @param out receives the explained result.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL (NULL, or a required setting
 *         missing); ::NAPFIRE_EDOMAIN (roll or die out of range);
 *         ::NAPFIRE_ESTATE; ::NAPFIRE_EUNKNOWN.
 *         ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks,
 *         before ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_resolve(const napfire_shot *s, const napfire_rules *rules, int32_t roll_2d6,
                                     int32_t half_die, napfire_result *out);

/**
 * @brief Round half figures to figures (F-CAS-2/3 on their own).
 *
 * An even count needs no die. A remaining half is dropped by 2nd-class
 * firers; otherwise a half die of 4, 5 or 6 makes it a whole figure.
 * @param halves 0..2 * ::NAPFIRE_MAX_FIGURES.
 * @param half_die 1..6; 0 is accepted only when no die is needed.
 * @param second_class 0/1.
 * @param figures receives the figures lost.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL (NULL, or 0 for a die that is
 *         needed); ::NAPFIRE_EDOMAIN.
 */
NAPFIRE_API int napfire_round_half(int32_t halves, int32_t half_die, int32_t second_class, int32_t *figures);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup rules Rules data (rule F-DATA)
 *  Every function taking `const napfire_rules *` accepts NULL: the built-in
 *  data, which holds exactly what the documents give and nothing else.
 *  @{ */

/**
 * @brief Initialise rules with the built-in data (F-DATA): 16 known
 * musketry cells and 29 unknown, the F-RNG ranges, the F-MOD values, the
 * thresholds, no artillery number; provenance names the source texts
 * (@ref sources).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESIZE.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after ::NAPFIRE_ESIZE; since 1.3).
 */
NAPFIRE_API int napfire_rules_init(napfire_rules *r, size_t size);

/**
 * @brief Set a musketry cell (F-TAB).
 *
 * The indexes are 0-based, the rulebook's numbers 1-based: the cell the
 * rulebook calls "row 4, modified roll 11-12" is `row_index` 3,
 * `column_index` 5.
 * @param r rules to change.
 * @param row_index 0..4: index 0 is row 1 of F-TAB-1, index 4 row 5.
 * @param column_index 0..8: index 0 is the column of modified roll 1-2,
 *        index 8 that of 17-18.
 * @param halves 0..::NAPFIRE_MAX_CELL_HALVES in half figures ("-" = 0,
 *        "½" = 1, "5" = 10), or ::NAPFIRE_UNKNOWN.
 * @param star 1 for an "N*" cell: only on whole figures N >= 1.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *         ::NAPFIRE_EDOMAIN for an index or value outside its range. On
 *         any error nothing is changed.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_musketry(napfire_rules *r, int32_t row_index, int32_t column_index, int32_t halves,
                                           int32_t star);

/**
 * @brief Read a musketry cell.
 * @param r rules, or NULL for the built-in data.
 * @param row_index 0..4: index 0 is row 1 of F-TAB-1.
 * @param column_index 0..8: index 0 is the column of modified roll 1-2.
 * @param halves receives the cell in half figures.
 * @param star receives 1 for an "N*" cell.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EUNKNOWN for an unknown cell (halves
 *         receives ::NAPFIRE_UNKNOWN and star 0); ::NAPFIRE_EINVAL;
 *         ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_get_musketry(const napfire_rules *r, int32_t row_index, int32_t column_index,
                                           int32_t *halves, int32_t *star);

/**
 * @brief Set an infantry weapon's range maxima in one measure (F-RNG).
 *
 * Effective: 0..effective_max; long: effective_max < d <= long_max. A long
 * maximum equal to the effective one means no long band (sharpshooters,
 * F-RNG-3). Each may be ::NAPFIRE_UNKNOWN; known values need
 * effective_max <= long_max.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_range(napfire_rules *r, int32_t weapon, int32_t measure, int32_t effective_max,
                                        int32_t long_max);

/** @brief Read a weapon's range maxima; ::NAPFIRE_UNKNOWN marks an unknown one.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_rules_get_range(const napfire_rules *r, int32_t weapon, int32_t measure, int32_t *effective_max,
                                        int32_t *long_max);

/**
 * @brief Set a gun's band maxima in one measure (F-ART-1): canister
 * 0..canister_max, effective up to effective_max, long up to long_max.
 * Equal maxima mean an empty band. Each may be ::NAPFIRE_UNKNOWN; known
 * values must not decrease.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_gun_range(napfire_rules *r, int32_t gun, int32_t measure, int32_t canister_max,
                                            int32_t effective_max, int32_t long_max);

/** @brief Read a gun's band maxima; ::NAPFIRE_UNKNOWN marks an unknown one.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_rules_get_gun_range(const napfire_rules *r, int32_t gun, int32_t measure, int32_t *canister_max,
                                            int32_t *effective_max, int32_t *long_max);

/**
 * @brief Set an artillery cell (F-ART-1): one row per gun x ammunition x
 * band, nine roll columns; "-", "½", "N", "N½", no star.
 *
 * Canister ammunition fires only at canister range (F-ART-1), so its
 * effective and long cells are never read: they stay unknown, and any
 * value but ::NAPFIRE_UNKNOWN there is refused with ::NAPFIRE_EDOMAIN.
 * (The rules text format accepts `-` there, which agrees with the rule,
 * and refuses a casualty.)
 * @param r rules to change.
 * @param gun ::napfire_gun.
 * @param ammo ::napfire_ammo.
 * @param band ::NAPFIRE_BAND_CANISTER .. ::NAPFIRE_BAND_LONG.
 * @param column_index 0..8: index 0 is the column of modified roll 1-2,
 *        index 8 that of 17-18.
 * @param halves 0..::NAPFIRE_MAX_CELL_HALVES or ::NAPFIRE_UNKNOWN.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *         ::NAPFIRE_EDOMAIN for an index or value outside its range, or a
 *         cell the rules never read. On any error nothing is changed.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_artillery(napfire_rules *r, int32_t gun, int32_t ammo, int32_t band,
                                            int32_t column_index, int32_t halves);

/** @brief Read an artillery cell.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EUNKNOWN for an unknown cell (halves
 *  receives ::NAPFIRE_UNKNOWN); ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *  ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_rules_get_artillery(const napfire_rules *r, int32_t gun, int32_t ammo, int32_t band,
                                            int32_t column_index, int32_t *halves);

/**
 * @brief Set a modifier value (F-MOD, F-ART-1/3).
 *
 * Musketry takes ids ::NAPFIRE_MOD_GUARD .. ::NAPFIRE_MOD_BUILDINGS;
 * artillery takes the target conditions ::NAPFIRE_MOD_COLUMN ..
 * ::NAPFIRE_MOD_BUILDINGS and ::NAPFIRE_MOD_MOVED_HALF. Variant 1 is the
 * second value of ::NAPFIRE_MOD_COLUMN (massed column) and
 * ::NAPFIRE_MOD_COVER (limited cover); otherwise 0.
 * @param r rules to change.
 * @param fire ::napfire_fire.
 * @param id ::napfire_modifier_id.
 * @param variant 0, or 1 for the second value.
 * @param value -::NAPFIRE_MAX_MODIFIER..::NAPFIRE_MAX_MODIFIER, or
 *        ::NAPFIRE_MODIFIER_UNKNOWN.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_modifier(napfire_rules *r, int32_t fire, int32_t id, int32_t variant, int32_t value);

/** @brief Read a modifier value.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EUNKNOWN (value receives
 *  ::NAPFIRE_MODIFIER_UNKNOWN); ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *  ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_rules_get_modifier(const napfire_rules *r, int32_t fire, int32_t id, int32_t variant,
                                           int32_t *value);

/**
 * @brief Set a threshold (::napfire_threshold).
 *
 * Distances 0..::NAPFIRE_MAX_DISTANCE in the given measure; figure counts
 * 1..::NAPFIRE_MAX_FIGURES, with the row thresholds strictly increasing;
 * the Guard cap 0..::NAPFIRE_MAX_MODIFIER. ::NAPFIRE_UNKNOWN is accepted
 * for every threshold.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_threshold(napfire_rules *r, int32_t id, int32_t measure, int32_t value);

/** @brief Read a threshold.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EUNKNOWN (value receives
 *  ::NAPFIRE_UNKNOWN); ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN.
 *  ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_rules_get_threshold(const napfire_rules *r, int32_t id, int32_t measure, int32_t *value);

/**
 * @brief Set a provenance text (::napfire_provenance).
 * @param r rules to change.
 * @param field ::napfire_provenance.
 * @param text NUL-terminated valid UTF-8 without control characters, at
 *        most 63 (name), 31 (edition) or 127 (source) bytes.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE; ::NAPFIRE_EDOMAIN
 *         (too long, or not valid UTF-8).
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_set_provenance(napfire_rules *r, int32_t field, const char *text);

/**
 * @brief Copy a provenance text into a caller buffer, NUL-terminated.
 * @param r rules data, or NULL for the built-in data.
 * @param field ::napfire_provenance.
 * @param buf caller buffer (may be NULL when cap is 0).
 * @param cap capacity of @p buf in bytes.
 * @param len receives the text's length in bytes (without the NUL).
 * @return ::NAPFIRE_OK; ::NAPFIRE_ENOSPC when @p cap < length + 1 (@p len
 *         receives the length); ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *         ::NAPFIRE_EDOMAIN.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_get_provenance(const napfire_rules *r, int32_t field, char *buf, size_t cap, size_t *len);

/** @brief The rules text format version that napfire_rules_format() writes
 *  and napfire_rules_parse() reads (first line `napfire-rules 1`). */
#define NAPFIRE_RULES_TEXT_VERSION 1
/** @brief Largest rules text napfire_rules_parse() accepts, in bytes (1 MiB). */
#define NAPFIRE_RULES_TEXT_MAX 1048576
/** @brief Longest line of a rules text, in bytes, without its line end. */
#define NAPFIRE_RULES_LINE_MAX 1024
/** @brief Size of napfire_parse_error::message, including its NUL. */
#define NAPFIRE_PARSE_MESSAGE_SIZE 128

/**
 * @brief What is wrong with a rules text (napfire_parse_error::code).
 *
 * Values are fixed (ABI); new values are only ever appended. The message
 * says more (doc/rules-format.md lists every message).
 */
enum napfire_parse_code {
    NAPFIRE_PARSE_OK = 0,            /**< No error. */
    NAPFIRE_PARSE_VERSION = 1,       /**< Missing, malformed or unsupported version line. */
    NAPFIRE_PARSE_TOO_LARGE = 2,     /**< Text longer than ::NAPFIRE_RULES_TEXT_MAX. */
    NAPFIRE_PARSE_LINE_TOO_LONG = 3, /**< Line longer than ::NAPFIRE_RULES_LINE_MAX. */
    NAPFIRE_PARSE_NUL = 4,           /**< A NUL byte. */
    NAPFIRE_PARSE_UTF8 = 5,          /**< Invalid UTF-8 (overlong, surrogate, truncated, ...). */
    NAPFIRE_PARSE_CONTROL = 6,       /**< A control character other than tab (a CR only before LF). */
    NAPFIRE_PARSE_SYNTAX = 7,        /**< Not `key = values`: no key, no `=`. */
    NAPFIRE_PARSE_UNKNOWN_KEY = 8,   /**< A key the format does not define. */
    NAPFIRE_PARSE_DUPLICATE_KEY = 9, /**< A key given twice. */
    NAPFIRE_PARSE_VALUE = 10,        /**< A malformed cell, number, modifier or text. */
    NAPFIRE_PARSE_RANGE = 11,        /**< A number outside its domain. */
    NAPFIRE_PARSE_COUNT = 12,        /**< Too few or too many values for the key. */
    NAPFIRE_PARSE_UNIT = 13,         /**< A unit that is unknown or does not fit the key's measure. */
    NAPFIRE_PARSE_STAR = 14,         /**< A star where none may stand (F-DATA). */
    NAPFIRE_PARSE_ORDER = 15         /**< Range maxima decreasing, row thresholds not increasing. */
};

/**
 * @brief Where and why napfire_rules_parse() refused a text (160 bytes,
 * layout frozen).
 *
 * Filled only with ::NAPFIRE_ESYNTAX (and cleared on success).
 */
typedef struct napfire_parse_error {
    int32_t line;   /**< 1-based line of the error. */
    int32_t column; /**< 1-based byte column within the line (a tab counts 1). */
    int32_t code;   /**< ::napfire_parse_code. */
    /** English message, NUL-terminated valid UTF-8; quotes at most a short
     *  excerpt of the offending text. */
    char message[NAPFIRE_PARSE_MESSAGE_SIZE];
    int32_t reserved[5]; /**< Zero. */
} napfire_parse_error;

/**
 * @brief Overlay a rules text (doc/rules-format.md) onto @p r (F-DATA).
 *
 * The text is line-oriented UTF-8, first line `napfire-rules 1`, then
 * `key = values` lines and `#` comments. It may give any subset of the
 * data: musketry rows (F-TAB), weapon ranges (F-RNG), gun band maxima and
 * artillery cells (F-ART-1), modifier values (F-MOD, F-ART-1/3),
 * thresholds (F-SCR-1, F-ART-5/7, F-TAB-1/4, F-MOD-G) and provenance.
 * What the text does not give keeps its value, and so does a `.` cell;
 * `?` makes a value unknown. Values are validated as the setters validate
 * them (e.g. a star only on whole figures N >= 1, range maxima not
 * decreasing, row thresholds strictly increasing).
 *
 * Atomic: on any error @p r is left exactly as it was. Bounded and
 * allocation-free: at most ::NAPFIRE_RULES_TEXT_MAX bytes, lines of at
 * most ::NAPFIRE_RULES_LINE_MAX bytes; no recursion; under 6 KiB of stack.
 *
 * @param r rules to overlay onto (initialised by napfire_rules_init()).
 * @param text the text; need not be NUL-terminated; may be NULL when
 *        @p len is 0 (an empty text, which lacks the version line).
 * @param len length of @p text in bytes.
 * @param err receives the error's line, column, code and message with
 *        ::NAPFIRE_ESYNTAX; zeroed on success; untouched otherwise.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for NULL @p r or @p err, or NULL
 *         @p text with @p len > 0; ::NAPFIRE_ESTATE for an uninitialised or
 *         corrupted @p r; ::NAPFIRE_ESYNTAX for a text error (unknown or
 *         duplicate key, malformed cell, number out of range, wrong or
 *         missing version line, NUL byte, invalid UTF-8, ...).
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_parse(napfire_rules *r, const char *text, size_t len, napfire_parse_error *err);

/**
 * @brief Write rules as a complete rules text (doc/rules-format.md, F-DATA).
 *
 * Every value is written (unknown ones as `?`, never `.`), so parsing the
 * text onto any rules object gives rules equal to @p r: every getter
 * returns the same. The output is the same for equal rules and is ASCII
 * except for `½` and what the provenance texts hold. Formatting NULL
 * gives the template of the built-in data (examples/rules/seed.txt is
 * that text with more comments).
 *
 * @param r rules, or NULL for the built-in data.
 * @param buf caller buffer of @p cap bytes (may be NULL when @p cap is 0).
 * @param cap must be at least the text's length + 1 (a NUL is written).
 * @param len receives the text's length in bytes, without the NUL.
 * @return ::NAPFIRE_OK; ::NAPFIRE_ENOSPC when @p cap is too small (@p len
 *         receives the length, @p buf is untouched); ::NAPFIRE_EINVAL for
 *         NULL @p len, or NULL @p buf with @p cap > 0; ::NAPFIRE_ESTATE for
 *         an uninitialised or corrupted @p r.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_format(const napfire_rules *r, char *buf, size_t cap, size_t *len);

/** @brief How napfire_missing_describe() writes a missing datum (since 1.1). */
enum napfire_describe_style {
    NAPFIRE_DESCRIBE_PATCH = 0,   /**< One rules-text line with one `?`. */
    NAPFIRE_DESCRIBE_SENTENCE = 1 /**< One English sentence in the rulebook's terms. */
};

/**
 * @brief Describe a missing datum: the rules-text line that holds it, or
 * a sentence naming it (since 1.1).
 *
 * @p missing and @p index are what napfire_result::missing and
 * napfire_result::missing_index hold after ::NAPFIRE_EUNKNOWN (or what
 * napfire_rules_next_unknown() gives). Unused index entries are ignored.
 *
 * ::NAPFIRE_DESCRIBE_PATCH writes one line of the rules text format
 * (doc/rules-format.md), without line end: the key holding the datum, `=`,
 * and the key's values with exactly one `?` at the datum's place and `.`
 * for every other value, e.g. `musketry.row4 = . . . . . ? . . .`.
 * Parsing `napfire-rules 1` and that line, with the `?` replaced by a
 * value, sets exactly that datum and nothing else.
 *
 * ::NAPFIRE_DESCRIBE_SENTENCE names the datum in the rulebook's terms,
 * e.g. "musketry table, row 4 (medium line, 28 or more firing figures),
 * modified roll 11-12"; it holds no `?`.
 *
 * @param missing a ::napfire_missing kind other than ::NAPFIRE_MISSING_NONE.
 * @param index the datum's index (see napfire_result::missing_index).
 * @param style a ::napfire_describe_style.
 * @param buf caller buffer of @p cap bytes (may be NULL when @p cap is 0).
 * @param cap at least the text's length + 1 (a NUL is written).
 * @param len receives the text's length in bytes, without the NUL.
 * @return ::NAPFIRE_OK; ::NAPFIRE_ENOSPC when @p cap is too small (@p len
 *         receives the length needed, @p buf is untouched);
 *         ::NAPFIRE_EDOMAIN for a kind, index or style outside its domain
 *         (::NAPFIRE_MISSING_NONE included, and data the rules never read);
 *         ::NAPFIRE_EINVAL for NULL @p index or @p len, or NULL @p buf with
 *         @p cap > 0.
 */
NAPFIRE_API int napfire_missing_describe(int32_t missing, const int32_t index[4], int32_t style, char *buf, size_t cap,
                                         size_t *len);

/**
 * @brief The next datum the rules can read that is still unknown, in the
 * order of the rules text (since 1.1).
 *
 * Start with `*cursor = 0` and call until @p missing receives
 * ::NAPFIRE_MISSING_NONE; each call advances @p cursor past the datum it
 * names. Data the rules never read (canister beyond canister range,
 * F-ART-1) is never named. Each datum named describes itself through
 * napfire_missing_describe().
 *
 * @param r rules, or NULL for the built-in data.
 * @param cursor in: where to continue (0 to start); out: past the datum.
 * @param missing receives a ::napfire_missing kind, NONE at the end.
 * @param index receives the datum's index as in
 *        napfire_result::missing_index (all -1 at the end).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL for a NULL pointer;
 *         ::NAPFIRE_EDOMAIN for a negative @p cursor; ::NAPFIRE_ESTATE for
 *         uninitialised or corrupted rules.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_next_unknown(const napfire_rules *r, int32_t *cursor, int32_t *missing, int32_t index[4]);

/**
 * @brief The name napfire_rules_check_next() asks the user to replace: a
 * rules text made from the built-in data's template starts with it
 * (since 1.2).
 */
#define NAPFIRE_RULES_PLACEHOLDER_NAME "your rules: name them"

/** @brief What a finding of napfire_rules_check_next() is (since 1.2). */
enum napfire_check {
    NAPFIRE_CHECK_NONE = 0,         /**< No more findings. */
    NAPFIRE_CHECK_FALLING_ROW = 1,  /**< A musketry (F-TAB-1) or artillery (F-ART-1) row whose casualties fall as the
                                         modified roll rises. */
    NAPFIRE_CHECK_ROW_BELOW = 2,    /**< A musketry row inflicting fewer casualties than the row above it, of fewer
                                         firing figures, at the same modified roll (F-TAB-1). */
    NAPFIRE_CHECK_EMPTY_BAND = 3,   /**< A band whose maximum equals the one before: a gun's (F-ART-1) or an infantry
                                         weapon's long band (F-RNG; not sharpshooters, F-RNG-3). */
    NAPFIRE_CHECK_LIGHTER_GUN = 4,  /**< A lighter gun reaches farther than a heavier one in a band (F-ART-1). */
    NAPFIRE_CHECK_MEASURES = 5,     /**< A gun's metric and imperial maxima of a band disagree by more than a factor
                                         of 2 (F-RNG-1). */
    NAPFIRE_CHECK_BUILTIN_NAME = 6, /**< The data differ from the built-in data but the name is the built-in
                                         data's (F-DATA). */
    NAPFIRE_CHECK_UNNAMED = 7       /**< The data differ from the built-in data but the name is still
                                         ::NAPFIRE_RULES_PLACEHOLDER_NAME (F-DATA). */
};

/**
 * @brief The next plausibility finding about rules data: a value the
 * setters accept but that looks like a typing slip, or a name that
 * misstates where the data come from (since 1.2).
 *
 * Start with `*cursor = 0` and call until @p check receives
 * ::NAPFIRE_CHECK_NONE; each call advances @p cursor past the finding it
 * gives. Findings come in a fixed order: musketry rows (row 1 first),
 * gun ranges, infantry ranges, artillery rows, the name. A finding never
 * refuses the data: they resolve shots as they stand.
 *
 * @p missing and @p index name the datum whose rules-text key carries the
 * finding (napfire_missing_describe() with ::NAPFIRE_DESCRIBE_PATCH gives
 * the key): the row's first cell, or the range's key. A finding about the
 * name has ::NAPFIRE_MISSING_NONE and index -1 (the key `name`).
 *
 * The message is one English sentence that starts with the key and uses
 * the rulebook's numbers (rows 1-5, modified rolls 1-2 .. 17-18), e.g.
 * `musketry.row3: 2 at modified roll 9-10 but 1½ at 11-12: casualties
 * fall as the modified roll rises`. At the end it is empty.
 *
 * @param r rules, or NULL for the built-in data (which has no findings).
 * @param cursor in: where to continue (0 to start); out: past the finding.
 * @param check receives a ::napfire_check, ::NAPFIRE_CHECK_NONE at the end.
 * @param missing receives the key's ::napfire_missing kind.
 * @param index receives the key's datum index (all -1 for the name).
 * @param buf caller buffer of @p cap bytes for the message (may be NULL
 *        when @p cap is 0).
 * @param cap at least the message's length + 1 (a NUL is written); 256
 *        is always enough.
 * @param len receives the message's length in bytes, without the NUL.
 * @return ::NAPFIRE_OK; ::NAPFIRE_ENOSPC when @p cap is too small (@p len
 *         receives the length needed; nothing else is written, @p cursor
 *         included); ::NAPFIRE_EINVAL for a NULL pointer, or NULL @p buf
 *         with @p cap > 0; ::NAPFIRE_EDOMAIN for a @p cursor that no call
 *         gave (negative, or past the end); ::NAPFIRE_ESTATE for
 *         uninitialised or corrupted rules.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_check_next(const napfire_rules *r, int32_t *cursor, int32_t *check, int32_t *missing,
                                         int32_t index[4], char *buf, size_t cap, size_t *len);

/** @brief One missing datum and the number of shots of the sweep of
 *  napfire_rules_coverage() it keeps from resolving (since 1.2). */
typedef struct napfire_blocker {
    int32_t missing;  /**< A ::napfire_missing kind (never NONE). */
    int32_t index[4]; /**< The datum's index, as napfire_result::missing_index. */
    int32_t shots;    /**< Shots of the sweep that stop at this datum. */
} napfire_blocker;

/** @brief Entries of napfire_blocker that napfire_rules_coverage() may fill
 *  at most: a buffer of this many never gives ::NAPFIRE_ENOSPC (since 1.2). */
#define NAPFIRE_COVERAGE_BLOCKERS_MAX 512

/**
 * @brief How much of a fixed sweep of shots the rules data resolve, and
 * the missing data that stop the rest, most shots first (since 1.2).
 *
 * The sweep: musketry from veteran line infantry of 11, 12, 20, 28 and 36
 * figures (rows 1-5 under the default row thresholds, F-TAB-1) in each
 * formation that fires, at the maximum distance of its effective and of
 * its long band (musket, metric), for each 2D6 roll 2..12; artillery from
 * a foot battery of two figures of each gun with each ammunition, at the
 * maximum distance of each of its three bands (metric), for each roll.
 * Where a band's maximum is unknown, the shot is taken just past the last
 * known one, so it needs that maximum. The target is line infantry in
 * line; the half die is 4.
 *
 * @param r rules, or NULL for the built-in data.
 * @param shots receives the shots of the sweep, indexed by ::napfire_fire.
 * @param resolved receives the shots that resolve, indexed likewise.
 * @param blockers caller buffer of @p cap entries (may be NULL when @p cap
 *        is 0): each missing datum that stopped a shot, by shots stopped,
 *        most first; equal counts in the order the sweep met them.
 * @param cap entries in @p blockers; ::NAPFIRE_COVERAGE_BLOCKERS_MAX is
 *        always enough.
 * @param count receives the entries written.
 * @return ::NAPFIRE_OK; ::NAPFIRE_ENOSPC when more data block shots than
 *         @p cap holds (@p shots, @p resolved and the first @p cap
 *         entries, ranked among themselves, are written); ::NAPFIRE_EINVAL
 *         for a NULL pointer, or NULL @p blockers with @p cap > 0;
 *         ::NAPFIRE_ESTATE for uninitialised or corrupted rules.
 *         ::NAPFIRE_EALIGN for @p r off an 8-byte boundary (after the NULL checks, before
 *         ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_rules_coverage(const napfire_rules *r, int32_t shots[2], int32_t resolved[2],
                                       napfire_blocker *blockers, size_t cap, size_t *count);

/** @} */

/* ------------------------------------------------------------------ */
/** @defgroup probability Outcome distributions, dice and batches
 *  Exact odds over the common denominator 2D6 x half die = 216, a seeded
 *  reproducible dice generator, and array resolution.
 *  @{ */

/** @brief Common denominator of every distribution: 36 (2D6) x 6 (half die). */
#define NAPFIRE_OUTCOME_DENOMINATOR 216

/** @brief One outcome of a shot and its weight out of 216 (16 bytes). */
typedef struct napfire_outcome {
    int32_t target_casualties; /**< Figures the target loses. */
    int32_t screen_casualties; /**< Figures the skirmisher screen loses. */
    int32_t weight;            /**< Out of ::NAPFIRE_OUTCOME_DENOMINATOR. */
    int32_t reserved;          /**< Zero. */
} napfire_outcome;

/**
 * @brief The exact distribution of a shot's outcomes (F-CAS, F-SCR, F-ART).
 *
 * Every 2D6 roll and half die is weighed: roll r has weight
 * `(6 - |r - 7|) * 6` and a half that needs the die splits its weight
 * evenly between "dropped" (1-3) and "a whole figure" (4-6). Outcomes are
 * distinct (target, screen) pairs in increasing order of target then
 * screen casualties; weights sum to 216. A shot the rules forbid has the
 * single outcome (0, 0) with weight 216. Integer arithmetic only.
 *
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param outcomes caller array of @p cap elements (may be NULL if cap is 0).
 * @param cap capacity of @p outcomes.
 * @param count receives the number of outcomes.
 * @param verdict optional (may be NULL): receives only what holds for
 *        every roll, and every other field zero (see below).
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE;
 *         ::NAPFIRE_ENOSPC with the needed count in @p count;
 *         ::NAPFIRE_EUNKNOWN when a reachable cell, range, modifier or
 *         threshold is unknown (the first one, in roll order, named in
 *         @p verdict; @p outcomes and @p count untouched).
 *
 * The verdict holds, on ::NAPFIRE_OK:
 * - `permitted` 1 or 0, `reason` and `reasons` as napfire_shot_resolve()
 *   gives them;
 * - `band` and `net_modifier` (0 for a forbidden shot whose modifiers were
 *   not needed);
 * - `row`: the table row every roll reads, -1 when forbidden;
 * - `column` -1, `missing` ::NAPFIRE_MISSING_NONE, `missing_index` all -1;
 *   every roll's own field (`modified_roll`, `table_halves`, `halves`,
 *   `half_die_used`, `half_pending`, the casualties) and `reserved` 0.
 *
 * and on ::NAPFIRE_EUNKNOWN the same fields as far as they were decided:
 * - `permitted` 1 when every clause was decided and none forbids the shot
 *   (the unknown datum is a modifier, a cell or a threshold the table
 *   needs: only the casualties are unknown), -1 when a clause could not be
 *   decided (the band, or a threshold a clause needs, is unknown);
 *   `reason` ::NAPFIRE_REASON_NONE and `reasons` 0 (a forbidding clause
 *   makes the call succeed);
 * - `band` -1 when the band is unknown; `net_modifier` 0 when a modifier
 *   is unknown; `row` -1 unless the first roll found it;
 * - `missing` and `missing_index`: the first missing datum in roll order.
 *         ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks,
 *         before ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_distribution(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *outcomes,
                                          size_t cap, size_t *count, napfire_result *verdict);

/**
 * @brief The odds over what is known: a shot's distribution when some
 * rolls need unknown rules data (F-DATA, F-CAS, F-SCR, F-ART).
 *
 * The known outcomes with their weights, the weight that is unknown, and
 * the first missing datum, so that a caller can show the odds as far as
 * the rules data goes ("2 figures: 30/216; unknown: 120/216, needs the
 * musketry cell row 4, 13-14"). The rolls are weighed as by
 * napfire_shot_distribution(): a roll whose table cell (or row or star
 * threshold) is unknown adds its whole weight, half die included, to
 * @p unknown_weight; the others give their outcomes. The known weights
 * and @p unknown_weight sum to ::NAPFIRE_OUTCOME_DENOMINATOR. When the
 * data needed before the dice (the band, a threshold a clause needs, a
 * modifier) is unknown, nothing is known: no outcome, weight 216 unknown.
 * With every roll known this is exactly napfire_shot_distribution().
 *
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param outcomes caller array of @p cap elements (may be NULL if cap is 0):
 *        the known outcomes, distinct (target, screen) pairs in increasing
 *        order, weights out of 216.
 * @param cap capacity of @p outcomes.
 * @param count receives the number of known outcomes.
 * @param unknown_weight receives the weight of the unknown rolls, 0..216.
 * @param verdict optional (may be NULL): the fields documented for
 *        napfire_shot_distribution(), on ::NAPFIRE_OK as there and on
 *        ::NAPFIRE_EUNKNOWN as there, naming the first missing datum in
 *        roll order.
 * @return ::NAPFIRE_OK when every roll is known (@p unknown_weight 0);
 *         ::NAPFIRE_EUNKNOWN when some are not, with every output written
 *         as described; ::NAPFIRE_EINVAL (NULL @p s, @p count or
 *         @p unknown_weight, NULL @p outcomes with cap > 0, or a required
 *         setting missing); ::NAPFIRE_ESTATE; ::NAPFIRE_ENOSPC with the
 *         needed count in @p count and nothing else written.
 * ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks, before
 * ::NAPFIRE_ESTATE; since 1.3).
 * @since symbol version NAPFIRE_1.1.
 */
NAPFIRE_API int napfire_shot_distribution_known(const napfire_shot *s, const napfire_rules *rules,
                                                napfire_outcome *outcomes, size_t cap, size_t *count,
                                                int32_t *unknown_weight, napfire_result *verdict);

/**
 * @brief Expected total casualties (target + screen) of a shot, exactly.
 *
 * @param s the shot.
 * @param rules rules data, or NULL for the built-in data.
 * @param numerator receives the numerator of the reduced fraction.
 * @param denominator receives its denominator (a divisor of 216).
 * @param value optional (may be NULL): numerator / denominator as a double,
 *        for display.
 * @return as napfire_shot_distribution().
 *         ::NAPFIRE_EALIGN for @p s or @p rules off an 8-byte boundary (after the NULL checks,
 *         before ::NAPFIRE_ESTATE; since 1.3).
 */
NAPFIRE_API int napfire_shot_expected(const napfire_shot *s, const napfire_rules *rules, int32_t *numerator,
                                      int32_t *denominator, double *value);

/**
 * @brief Resolve arrays of shots; identical to calling
 * napfire_shot_resolve() on each element.
 *
 * Element i uses shots[i], rolls[i] and half_dice[i] and writes
 * results[i] and statuses[i] exactly as the single call would (a result
 * is left untouched where the single call would leave it). The call as a
 * whole fails only for invalid pointers or counts.
 * @param shots array of @p n shots.
 * @param n 0..::NAPFIRE_MAX_BATCH.
 * @param rules rules data, or NULL for the built-in data.
 * @param rolls @p n 2D6 rolls.
 * @param half_dice @p n half dice (0 = not rolled yet).
 * @param results @p n results.
 * @param statuses @p n statuses, one per element.
 * @return ::NAPFIRE_OK (see statuses); ::NAPFIRE_EINVAL for a NULL array
 *         with n > 0; ::NAPFIRE_EDOMAIN for n too large.
 *         ::NAPFIRE_EALIGN for @p shots or @p rules off an 8-byte boundary (after ::NAPFIRE_EDOMAIN
 *         and ::NAPFIRE_EINVAL; the call as a whole, nothing written; since 1.3).
 */
NAPFIRE_API int napfire_resolve_many(const napfire_shot *shots, size_t n, const napfire_rules *rules,
                                     const int32_t *rolls, const int32_t *half_dice, napfire_result *results,
                                     int32_t *statuses);

/** @brief Largest batch napfire_resolve_many() takes. */
#define NAPFIRE_MAX_BATCH (1u << 24)

/** @brief Size in bytes of ::napfire_dice. */
#define NAPFIRE_DICE_SIZE 32

/**
 * @brief A seeded, reproducible dice generator in caller storage.
 *
 * The algorithm is PCG32 (PCG-XSH-RR 64/32, M. O'Neill): state advances
 * as `state = state * 6364136223846793005 + inc` (mod 2^64) with
 * `inc = (stream << 1) | 1`; output is
 * `rotr32(((state >> 18) ^ state) >> 27, state >> 59)` of the old state.
 * Seeding is pcg32_srandom_r: state = 0, step, state += seed, step. A die
 * face is `x % 6 + 1` for the first output x below 4294967292 (rejection
 * keeps it unbiased). Seed 42, stream 54 gives first outputs 0xa15c02b7,
 * 0x7b47f409, 0xba1d3330: a replay in any language gives the same rolls.
 */
typedef struct NAPFIRE_ALIGN8 napfire_dice {
    /** @brief Private storage, in 64-bit words (no union), so that binding
     *  tools that copy the type keep its alignment of 8. */
    uint64_t opaque_[NAPFIRE_DICE_SIZE / 8];
} napfire_dice;

/** @brief sizeof(::napfire_dice) as the library was built (32). */
NAPFIRE_API size_t napfire_dice_size(void);

/**
 * @brief Seed a dice generator.
 * @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESIZE.
 *         ::NAPFIRE_EALIGN for @p d off an 8-byte boundary (after ::NAPFIRE_ESIZE; since 1.3).
 */
NAPFIRE_API int napfire_dice_init(napfire_dice *d, size_t size, uint64_t seed, uint64_t stream);

/** @brief The next raw 32-bit PCG32 output (for replay checks).
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE.
 *  ::NAPFIRE_EALIGN for @p d off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_dice_next(napfire_dice *d, uint32_t *value);

/** @brief Roll one die, 1..6 (the half die of F-CAS-3).
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE.
 *  ::NAPFIRE_EALIGN for @p d off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_dice_d6(napfire_dice *d, int32_t *face);

/** @brief Roll 2D6, 2..12: two d6 in sequence, summed.
 *  @return ::NAPFIRE_OK; ::NAPFIRE_EINVAL; ::NAPFIRE_ESTATE.
 *  ::NAPFIRE_EALIGN for @p d off an 8-byte boundary (after the NULL checks, before
 *  ::NAPFIRE_ESTATE; since 1.3). */
NAPFIRE_API int napfire_dice_2d6(napfire_dice *d, int32_t *roll);

/**
 * @brief Roll and resolve arrays of shots with one dice generator: the
 * simulation loop of a campaign manager in one call (F-CAS-3, F-CAS-4).
 *
 * For each element in order, exactly what a program calling the single
 * functions would do with the same generator: roll 2D6
 * (napfire_dice_2d6()), resolve with no half die
 * (napfire_shot_resolve() with half_die 0), and only when that call
 * succeeds with a half pending, roll one die (napfire_dice_d6()) and
 * resolve again with it. So every element consumes one 2D6, the half
 * die is rolled only when a half remains (players roll it only when
 * needed), and results[i] and statuses[i] equal the single calls'. An
 * element that fails (its status is negative) still consumed its 2D6.
 *
 * The generator is validated before anything is written; on success it
 * has advanced past every roll made. Passing the rolls and half dice it
 * reports to napfire_resolve_many() reproduces the results.
 *
 * @param shots array of @p n shots.
 * @param n 0..::NAPFIRE_MAX_BATCH.
 * @param rules rules data, or NULL for the built-in data.
 * @param dice the generator; advanced by the rolls made.
 * @param results @p n results, written as napfire_shot_resolve() does.
 * @param statuses @p n statuses, one per element.
 * @param rolls optional (may be NULL): receives each element's 2D6 roll.
 * @param half_dice optional (may be NULL): receives each element's half
 *        die, 0 where none was rolled.
 * @return ::NAPFIRE_OK (see statuses); ::NAPFIRE_EINVAL for NULL @p dice,
 *         or a NULL required array with n > 0; ::NAPFIRE_EDOMAIN for n
 *         too large; ::NAPFIRE_ESTATE for a generator not initialised by
 *         napfire_dice_init() (nothing written, the generator unchanged).
 *         ::NAPFIRE_EALIGN for @p shots, @p rules or @p dice off an 8-byte boundary (after
 *         ::NAPFIRE_EDOMAIN and ::NAPFIRE_EINVAL; nothing written, the generator unchanged; since
 *         1.3).
 */
NAPFIRE_API int napfire_resolve_many_dice(const napfire_shot *shots, size_t n, const napfire_rules *rules,
                                          napfire_dice *dice, napfire_result *results, int32_t *statuses,
                                          int32_t *rolls, int32_t *half_dice);

/**
 * @brief Play a simulation's trials over a few distinct shots: each trial
 * names its shot by index, rolls its dice and resolves it as
 * napfire_resolve_many_dice() does (F-CAS-3, F-CAS-4).
 *
 * Trial i resolves `shots[index[i]]` with the generator, in order,
 * exactly as napfire_resolve_many_dice() resolves its element i: one
 * 2D6, and one die only when a half remains. So, from the same generator
 * state, this call and napfire_resolve_many_dice() over the array
 * `shots[index[0]], shots[index[1]], ...` give the same statuses and
 * results and leave the generator in the same state.
 *
 * Memory: the distinct shots once, then 12 bytes per trial (the index, a
 * status, the casualties); the 128-byte result only when @p results is
 * given. Nothing is allocated.
 *
 * Every argument is checked before anything is written: on any return
 * other than ::NAPFIRE_OK no output and not the generator has changed.
 *
 * @param shots array of @p nshots distinct shots (may be NULL if n is 0).
 * @param nshots 0..::NAPFIRE_MAX_BATCH.
 * @param rules rules data, or NULL for the built-in data.
 * @param index @p n indexes into @p shots, each below @p nshots.
 * @param n trials, 0..::NAPFIRE_MAX_BATCH.
 * @param dice the generator; advanced by the rolls made.
 * @param statuses @p n statuses: trial i's, as napfire_shot_resolve()
 *        would return it (a rules-forbidden shot is ::NAPFIRE_OK with
 *        no casualties; unknown rules data is ::NAPFIRE_EUNKNOWN).
 * @param casualties optional (may be NULL): @p n totals, trial i's
 *        `casualties` (target and screen, F-SCR-1) where its status is
 *        ::NAPFIRE_OK, else 0.
 * @param results optional (may be NULL): @p n results, written as
 *        napfire_resolve_many_dice() writes them.
 * @return ::NAPFIRE_OK (see statuses); ::NAPFIRE_EINVAL for NULL @p dice,
 *         or NULL @p shots, @p index or @p statuses with n > 0;
 *         ::NAPFIRE_EDOMAIN for @p nshots or @p n over
 *         ::NAPFIRE_MAX_BATCH, or an index not below @p nshots;
 *         ::NAPFIRE_ESTATE for a generator not initialised by
 *         napfire_dice_init().
 * ::NAPFIRE_EALIGN for @p shots, @p rules or @p dice off an 8-byte boundary (after ::NAPFIRE_EINVAL
 * and the ::NAPFIRE_EDOMAIN of the counts, before the indexes are read; since 1.3).
 * @since symbol version NAPFIRE_1.2.
 */
NAPFIRE_API int napfire_resolve_indexed_dice(const napfire_shot *shots, size_t nshots, const napfire_rules *rules,
                                             const uint32_t *index, size_t n, napfire_dice *dice, int32_t *statuses,
                                             int32_t *casualties, napfire_result *results);

/** @} */

#ifdef __cplusplus
}
#endif

#include "napfire_hex.h"

#endif /* NAPFIRE_H */
