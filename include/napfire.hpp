// SPDX-License-Identifier: MIT
/**
 * @file napfire.hpp
 * @brief The C++17 face of libnapfire: typed enumerations, value types over
 * the C storage, errors as values (@ref cpp).
 *
 * Header-only and thin: every rule stays in the C library, and each call
 * here is one call there. Nothing is allocated unless the caller asks for
 * it (a container it passes in, Error::to_string()). Works with exceptions
 * off (`-fno-exceptions -fno-rtti`): every fallible call returns an
 * Expected, whose error() names the status, the C function, the
 * parameter, the value, the allowed range and, for unknown rules data,
 * the missing datum; Expected::value() and the class Exception exist only
 * when exceptions are enabled.
 */
#ifndef NAPFIRE_HPP
#define NAPFIRE_HPP

#include <napfire.h>
#include <napfire_table.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#if __cplusplus >= 202002L && defined(__has_include)
#  if __has_include(<span>)
#    include <span>
#    define NAPFIRE_HPP_STD_SPAN 1
#  endif
#endif
/**
 * @def NAPFIRE_HPP_EXCEPTIONS
 * @brief 1 when the compiler has exceptions on: Expected::value() and
 * napfire::Exception exist; 0 under `-fno-exceptions`.
 */
#if defined(__cpp_exceptions) || defined(_CPPUNWIND)
#  include <stdexcept>
#  define NAPFIRE_HPP_EXCEPTIONS 1
#else
#  define NAPFIRE_HPP_EXCEPTIONS 0
#endif

/** @brief The C++ face of libnapfire (napfire.hpp, @ref cpp). */
namespace napfire {

/** @brief Status codes returned by every function that returns `int` (::napfire_status). */
enum class Status : int32_t {
    OK = NAPFIRE_OK,              ///< Success.
    E_INVAL = NAPFIRE_EINVAL,     ///< NULL pointer, malformed argument, or a required setting missing.
    E_DOMAIN = NAPFIRE_EDOMAIN,   ///< A value outside its documented domain.
    E_STATE = NAPFIRE_ESTATE,     ///< Object not initialised by its `*_init`, or corrupted.
    E_NOSPC = NAPFIRE_ENOSPC,     ///< Caller's buffer too small; the required count is reported.
    E_UNKNOWN = NAPFIRE_EUNKNOWN, ///< The rules data needed is unknown; the result names it.
    E_SYNTAX = NAPFIRE_ESYNTAX,   ///< Rules text malformed; line, column and message reported.
    E_SIZE = NAPFIRE_ESIZE,       ///< Caller's struct size differs from the library's.
    E_ALIGN = NAPFIRE_EALIGN,     ///< Caller storage not on an 8-byte boundary; nothing written.
};

/** @brief Arm of service of a unit; fixed when the unit is initialised (::napfire_arm). */
enum class Arm : int32_t {
    LINE_INFANTRY = NAPFIRE_ARM_LINE_INFANTRY,     ///< Line infantry.
    LIGHT_INFANTRY = NAPFIRE_ARM_LIGHT_INFANTRY,   ///< Light infantry (F-OO-1a).
    CAVALRY = NAPFIRE_ARM_CAVALRY,                 ///< Cavalry: a target; its fire is NOT_COVERED (F-TAB-6).
    FOOT_ARTILLERY = NAPFIRE_ARM_FOOT_ARTILLERY,   ///< Foot artillery (F-ART).
    HORSE_ARTILLERY = NAPFIRE_ARM_HORSE_ARTILLERY, ///< Horse artillery (F-ART).
};

/** @brief Nation (F-MOD-5 British/KGL, F-CAS-2 Russia, F-OO-1 the Coalition) (::napfire_nation). */
enum class Nation : int32_t {
    OTHER = NAPFIRE_NATION_OTHER,       ///< Any other nation; not a Coalition nation for F-OO-1c.
    FRANCE = NAPFIRE_NATION_FRANCE,     ///< France (F-OO-1b).
    BRITAIN = NAPFIRE_NATION_BRITAIN,   ///< Britain (F-MOD-5).
    KGL = NAPFIRE_NATION_KGL,           ///< King's German Legion (F-MOD-5).
    PORTUGAL = NAPFIRE_NATION_PORTUGAL, ///< Portugal: no F-MOD-5 bonus.
    SPAIN = NAPFIRE_NATION_SPAIN,       ///< Spain.
    AUSTRIA = NAPFIRE_NATION_AUSTRIA,   ///< Austria.
    PRUSSIA = NAPFIRE_NATION_PRUSSIA,   ///< Prussia.
    RUSSIA = NAPFIRE_NATION_RUSSIA,     ///< Russia: infantry are 2nd-class firers (F-CAS-2).
};

/** @brief Troop class (F-MOD-1..4, F-OO-1, F-CAS-2) (::napfire_class). */
enum class TroopClass : int32_t {
    GUARD = NAPFIRE_CLASS_GUARD,             ///< Guard: +2, capped (F-MOD-1, F-MOD-G).
    ELITE = NAPFIRE_CLASS_ELITE,             ///< Elite: +1 (F-MOD-2).
    VETERAN = NAPFIRE_CLASS_VETERAN,         ///< Veteran: 0 (F-MOD-3).
    LINE = NAPFIRE_CLASS_LINE,               ///< Line: 0 (F-MOD-3).
    SECOND_RATE = NAPFIRE_CLASS_SECOND_RATE, ///< Second-rate: 0 and 2nd-class firers (F-MOD-3, F-CAS-2).
    CONSCRIPT = NAPFIRE_CLASS_CONSCRIPT,     ///< Conscript (recruits): -2 (F-MOD-4).
    MILITIA = NAPFIRE_CLASS_MILITIA,         ///< Militia: -2 (F-MOD-4).
};

/** @brief Formation. Infantry: LINE .. SKIRMISH; cavalry: LINE, COLUMN_OF_COMPANIES, COLUMN_OF_DIVISIONS; artillery: LIMBERED, UNLIMBERED (::napfire_formation). */
enum class Formation : int32_t {
    LINE = NAPFIRE_FORMATION_LINE,                               ///< Line (F-TAB-2: row by figures).
    COLUMN_OF_COMPANIES = NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, ///< Column of companies (row 1 at most).
    COLUMN_OF_DIVISIONS = NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, ///< Column of divisions (row 2 at most).
    MASSED_COLUMN = NAPFIRE_FORMATION_MASSED_COLUMN,             ///< Massed column (row 1 at most; target +2).
    SQUARE = NAPFIRE_FORMATION_SQUARE,                           ///< Battalion square (row 1 at most).
    MASS = NAPFIRE_FORMATION_MASS,                               ///< Austrian mass, any nation (F-MOD-10).
    OPEN_ORDER = NAPFIRE_FORMATION_OPEN_ORDER,                   ///< Open order (F-OO).
    SKIRMISH = NAPFIRE_FORMATION_SKIRMISH,     ///< Skirmish order (F-MOD-14; its fire is NOT_COVERED).
    LIMBERED = NAPFIRE_FORMATION_LIMBERED,     ///< Artillery on its limbers (may not fire).
    UNLIMBERED = NAPFIRE_FORMATION_UNLIMBERED, ///< Artillery in position.
};

/** @brief Infantry weapon (F-RNG) (::napfire_weapon). */
enum class Weapon : int32_t {
    MUSKET = NAPFIRE_WEAPON_MUSKET,             ///< Musket.
    RIFLE = NAPFIRE_WEAPON_RIFLE,               ///< Rifle.
    SHARPSHOOTER = NAPFIRE_WEAPON_SHARPSHOOTER, ///< Picked marksmen: one band (F-RNG-3).
};

/** @brief Cover of a unit (F-MOD-15/16, F-MOD-5 buildings) (::napfire_cover). */
enum class Cover : int32_t {
    NONE = NAPFIRE_COVER_NONE,           ///< In the open.
    LIMITED = NAPFIRE_COVER_LIMITED,     ///< Limited cover such as vineyards (F-MOD-15, second value).
    COVER = NAPFIRE_COVER_COVER,         ///< In cover (F-MOD-15).
    BUILDINGS = NAPFIRE_COVER_BUILDINGS, ///< In buildings (F-MOD-16).
};

/** @brief How far a unit moved this turn (F-ART-3) (::napfire_moved). */
enum class Moved : int32_t {
    NONE = NAPFIRE_MOVED_NONE, ///< Did not move.
    HALF = NAPFIRE_MOVED_HALF, ///< Up to half its move: may fire.
    MORE = NAPFIRE_MOVED_MORE, ///< More than half its move: may not fire.
};

/** @brief Unit of the distances of a shot (F-RNG-1) (::napfire_measure). */
enum class Measure : int32_t {
    METRIC = NAPFIRE_MEASURE_METRIC,     ///< Millimetres; the metric tables.
    IMPERIAL = NAPFIRE_MEASURE_IMPERIAL, ///< Tenths of an inch; the imperial tables.
};

/** @brief Range band of a shot (F-RNG, F-ART-1) (::napfire_band). */
enum class Band : int32_t {
    NONE = NAPFIRE_BAND_NONE,           ///< Out of range.
    CANISTER = NAPFIRE_BAND_CANISTER,   ///< Canister range (artillery only).
    EFFECTIVE = NAPFIRE_BAND_EFFECTIVE, ///< Effective range.
    LONG = NAPFIRE_BAND_LONG,           ///< Long range.
};

/** @brief Artillery ammunition (F-ART-1) (::napfire_ammo). */
enum class Ammo : int32_t {
    ROUNDSHOT = NAPFIRE_AMMO_ROUNDSHOT, ///< Roundshot: any band.
    CANISTER = NAPFIRE_AMMO_CANISTER,   ///< Canister: canister range only.
};

/** @brief Gun type of a battery (F-ART-1) (::napfire_gun). */
enum class Gun : int32_t {
    LIGHT = NAPFIRE_GUN_LIGHT,       ///< 3-4 pounders.
    P6 = NAPFIRE_GUN_P6,             ///< 6 pounders.
    P9 = NAPFIRE_GUN_P9,             ///< 9 pounders.
    P12 = NAPFIRE_GUN_P12,           ///< 12 pounders.
    HOWITZER = NAPFIRE_GUN_HOWITZER, ///< Howitzers.
};

/** @brief Why the rules forbid a shot. The order is the precedence: when several clauses hold, napfire_result.reason is the first of them, and napfire_result.reasons has bit `1u << reason` for each (::napfire_reason). */
enum class Reason : int32_t {
    NONE = NAPFIRE_REASON_NONE,                                   ///< Permitted.
    NOT_COVERED = NAPFIRE_REASON_NOT_COVERED,                     ///< Cavalry or skirmish-order fire (F-TAB-6).
    NO_FIGURES = NAPFIRE_REASON_NO_FIGURES,                       ///< The firer has no figures (or guns).
    ALREADY_FIRED = NAPFIRE_REASON_ALREADY_FIRED,                 ///< Fired this turn already (F-ART-2).
    LIMBERED = NAPFIRE_REASON_LIMBERED,                           ///< Limbered artillery (F-ART-3).
    MOVED_TOO_FAR = NAPFIRE_REASON_MOVED_TOO_FAR,                 ///< Moved more than half its move (F-ART-3).
    UNLIMBERED_THIS_TURN = NAPFIRE_REASON_UNLIMBERED_THIS_TURN,   ///< Foot artillery unlimbered this turn (F-ART-3).
    OUT_OF_RANGE = NAPFIRE_REASON_OUT_OF_RANGE,                   ///< Beyond the longest band (F-RNG, F-ART-1).
    SCREENED = NAPFIRE_REASON_SCREENED,                           ///< An effective skirmisher screen (F-SCR-2).
    CANISTER_BEYOND_RANGE = NAPFIRE_REASON_CANISTER_BEYOND_RANGE, ///< Canister beyond canister range (F-ART-1).
    FRIEND_IN_ARC = NAPFIRE_REASON_FRIEND_IN_ARC,                 ///< Canister with a friend in the arc (F-ART-4).
    FRIEND_SCREENS_LONG_RANGE =
        NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, ///< Friends near target or battery at long range (F-ART-5).
    PENETRATION = NAPFIRE_REASON_PENETRATION,     ///< Roundshot would pass into friends (F-ART-6).
    OVERHEAD_NOT_HIGHER = NAPFIRE_REASON_OVERHEAD_NOT_HIGHER, ///< Overhead fire not from higher ground (F-ART-7).
    OVERHEAD_TOO_CLOSE = NAPFIRE_REASON_OVERHEAD_TOO_CLOSE,   ///< Overhead friends too close (F-ART-7).
    OVERHEAD_CANISTER = NAPFIRE_REASON_OVERHEAD_CANISTER,     ///< Overhead fire with canister (F-ART-7).
};

/** @brief Modifier identifiers: the F-MOD numbers, then the markers of the Guard cap, the house rule and the artillery movement penalty (::napfire_modifier_id). */
enum class ModifierId : int32_t {
    GUARD = NAPFIRE_MOD_GUARD,                           ///< F-MOD-1 firer class Guard (+2).
    ELITE = NAPFIRE_MOD_ELITE,                           ///< F-MOD-2 firer class Elite (+1).
    STEADY = NAPFIRE_MOD_STEADY,                         ///< F-MOD-3 firer Veteran/Line/Second-rate (0).
    RAW = NAPFIRE_MOD_RAW,                               ///< F-MOD-4 firer Conscript/Militia (-2).
    BRITISH_LINE = NAPFIRE_MOD_BRITISH_LINE,             ///< F-MOD-5 British/KGL in line or column of divisions (+1).
    FIRED_LAST_TURN = NAPFIRE_MOD_FIRED_LAST_TURN,       ///< F-MOD-6 fired in the previous turn (-2).
    DISORDERED = NAPFIRE_MOD_DISORDERED,                 ///< F-MOD-7 firer disordered (-4, exclusive).
    COLUMN = NAPFIRE_MOD_COLUMN,                         ///< F-MOD-8 target in column (+1) / massed column (+2).
    SQUARE_OR_ENFILADE = NAPFIRE_MOD_SQUARE_OR_ENFILADE, ///< F-MOD-9 target in square, or enfilade fire (+2).
    MASS = NAPFIRE_MOD_MASS,                             ///< F-MOD-10 target in mass (+2).
    ARTILLERY = NAPFIRE_MOD_ARTILLERY,                   ///< F-MOD-11 target artillery in position (-2).
    CHARGING_CAVALRY = NAPFIRE_MOD_CHARGING_CAVALRY,     ///< F-MOD-12 target charging cavalry (-2).
    OPEN_ORDER = NAPFIRE_MOD_OPEN_ORDER,                 ///< F-MOD-13 target in open order (-2).
    SKIRMISHERS = NAPFIRE_MOD_SKIRMISHERS,               ///< F-MOD-14 target skirmishers (-4, exclusive).
    COVER = NAPFIRE_MOD_COVER,                           ///< F-MOD-15 target in cover (-2) / limited cover (-1).
    BUILDINGS = NAPFIRE_MOD_BUILDINGS,                   ///< F-MOD-16 target in buildings (-4).
    GUARD_CAP = NAPFIRE_MOD_GUARD_CAP,                   ///< F-MOD-G: only as napfire_modifier::suppressed_by.
    EXTRA = NAPFIRE_MOD_EXTRA,                           ///< F-MOD-E: the shot's EXTRA_MODIFIER (house rule).
    MOVED_HALF = NAPFIRE_MOD_MOVED_HALF,                 ///< F-ART-3: battery moved up to half its move.
};

/** @brief What kind of rules data a NAPFIRE_EUNKNOWN result lacks (::napfire_missing). */
enum class Missing : int32_t {
    NONE = NAPFIRE_MISSING_NONE,                     ///< Nothing is missing.
    MUSKETRY_CELL = NAPFIRE_MISSING_MUSKETRY_CELL,   ///< index: row, column.
    ARTILLERY_CELL = NAPFIRE_MISSING_ARTILLERY_CELL, ///< index: gun, ammo, band, column.
    RANGE = NAPFIRE_MISSING_RANGE,                   ///< index: weapon or gun, measure, arm, band.
    MODIFIER = NAPFIRE_MISSING_MODIFIER,             ///< index: fire kind, modifier id, variant.
    THRESHOLD = NAPFIRE_MISSING_THRESHOLD,           ///< index: threshold id, measure.
};

/** @brief Which table of modifier values (F-MOD for musketry, F-ART-1) (::napfire_fire). */
enum class Fire : int32_t {
    MUSKETRY = NAPFIRE_FIRE_MUSKETRY,   ///< Infantry fire (F-MOD).
    ARTILLERY = NAPFIRE_FIRE_ARTILLERY, ///< Artillery fire (F-ART-1, F-ART-3).
};

/** @brief Thresholds of the rules, kept as rules data (::napfire_threshold). */
enum class Threshold : int32_t {
    SCREEN = NAPFIRE_THRESHOLD_SCREEN, ///< F-SCR-1: screen at most this far is ineffective (50 mm, 30 tenths).
    LONG_RANGE_CLEARANCE = NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, ///< F-ART-5: 100 mm, 60 tenths.
    OVERHEAD_CLEARANCE = NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE,     ///< F-ART-7: 100 mm, 60 tenths.
    STAR_FIGURES = NAPFIRE_THRESHOLD_STAR_FIGURES,                 ///< F-TAB-4: the star counts from 48 figures.
    ROW_2 = NAPFIRE_THRESHOLD_ROW_2,                               ///< F-TAB-1: row 2 from 12 firing figures.
    ROW_3 = NAPFIRE_THRESHOLD_ROW_3,                               ///< F-TAB-1: row 3 from 20.
    ROW_4 = NAPFIRE_THRESHOLD_ROW_4,                               ///< F-TAB-1: row 4 from 28.
    ROW_5 = NAPFIRE_THRESHOLD_ROW_5,                               ///< F-TAB-1: row 5 from 36.
    GUARD_CAP = NAPFIRE_THRESHOLD_GUARD_CAP,                       ///< F-MOD-G: Guard firer bonuses at most +2.
};

/** @brief Provenance texts of a rules object (F-DATA) (::napfire_provenance). */
enum class Provenance : int32_t {
    NAME = NAPFIRE_PROVENANCE_NAME,       ///< Name, at most 63 bytes of UTF-8.
    EDITION = NAPFIRE_PROVENANCE_EDITION, ///< Edition, at most 31 bytes.
    SOURCE = NAPFIRE_PROVENANCE_SOURCE,   ///< Source, at most 127 bytes.
};

/** @brief Unit parameters, for napfire_unit_set() / napfire_unit_get() (::napfire_unit_param). */
enum class UnitParam : int32_t {
    ARM = NAPFIRE_UNIT_ARM,               ///< ::napfire_arm; readable, not settable.
    NATION = NAPFIRE_UNIT_NATION,         ///< ::napfire_nation.
    CLASS = NAPFIRE_UNIT_CLASS,           ///< ::napfire_class.
    FORMATION = NAPFIRE_UNIT_FORMATION,   ///< ::napfire_formation, allowed ones per arm.
    FIGURES = NAPFIRE_UNIT_FIGURES,       ///< Current strength; artillery: gun models. 0..::NAPFIRE_MAX_FIGURES.
    WEAPON = NAPFIRE_UNIT_WEAPON,         ///< ::napfire_weapon; infantry only.
    GUN = NAPFIRE_UNIT_GUN,               ///< ::napfire_gun; artillery only.
    COVER = NAPFIRE_UNIT_COVER,           ///< ::napfire_cover.
    MOVED = NAPFIRE_UNIT_MOVED,           ///< ::napfire_moved.
    DISORDERED = NAPFIRE_UNIT_DISORDERED, ///< 0/1 (F-MOD-7).
    FIRED_LAST_TURN = NAPFIRE_UNIT_FIRED_LAST_TURN,           ///< 0/1 (F-MOD-6).
    FIRED_THIS_TURN = NAPFIRE_UNIT_FIRED_THIS_TURN,           ///< 0/1 (F-ART-2).
    SECOND_CLASS_FIRERS = NAPFIRE_UNIT_SECOND_CLASS_FIRERS,   ///< 0/1, infantry only (F-CAS-2).
    CHARGING = NAPFIRE_UNIT_CHARGING,                         ///< 0/1, cavalry only (F-MOD-12).
    MASSED_BATTERY = NAPFIRE_UNIT_MASSED_BATTERY,             ///< 0/1, artillery only (F-MOD-11).
    UNLIMBERED_THIS_TURN = NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, ///< 0/1, foot artillery only (F-ART-3).
};

/** @brief Shot parameters, for napfire_shot_set() / napfire_shot_get() (::napfire_shot_param). */
enum class ShotParam : int32_t {
    MEASURE = NAPFIRE_SHOT_MEASURE,                 ///< ::napfire_measure, default METRIC.
    DISTANCE = NAPFIRE_SHOT_DISTANCE,               ///< Required; -1 (not given) after init.
    ENFILADE = NAPFIRE_SHOT_ENFILADE,               ///< 0/1 (F-MOD-9).
    FIRING_FIGURES = NAPFIRE_SHOT_FIRING_FIGURES,   ///< 0 = the firer's figures, else 1..figures; infantry (F-TAB-2).
    SCREEN = NAPFIRE_SHOT_SCREEN,                   ///< 0/1; infantry target not in skirmish order (F-SCR).
    SCREEN_DISTANCE = NAPFIRE_SHOT_SCREEN_DISTANCE, ///< Screen to covered unit; required when SCREEN is 1.
    AMMO = NAPFIRE_SHOT_AMMO,                       ///< ::napfire_ammo; artillery only.
    EXTRA_MODIFIER = NAPFIRE_SHOT_EXTRA_MODIFIER,   ///< -10..10, house rule (F-MOD-E).
    FRIEND_IN_ARC = NAPFIRE_SHOT_FRIEND_IN_ARC,     ///< 0/1; artillery only (F-ART-4).
    FRIEND_NEAR_TARGET = NAPFIRE_SHOT_FRIEND_NEAR_TARGET, ///< Nearest friend in front of the target, -1 none (F-ART-5).
    FRIEND_NEAR_BATTERY =
        NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, ///< Nearest friend in front of the battery, -1 none (F-ART-5).
    TARGET_FAR_FROM_FRIENDS =
        NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, ///< Farthest part of the target from those friends, -1 not given (F-ART-5).
    CLEAR_LOS = NAPFIRE_SHOT_CLEAR_LOS,       ///< 0/1 (F-ART-5 exception).
    PENETRATION_HITS_FRIEND = NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, ///< 0/1 (F-ART-6).
    OVERHEAD = NAPFIRE_SHOT_OVERHEAD,                               ///< 0/1: fire over friendly units (F-ART-7).
    BATTERY_HIGHER = NAPFIRE_SHOT_BATTERY_HIGHER, ///< 0/1: battery higher than target and friends (F-ART-7).
    OVERHEAD_FRIEND_TO_BATTERY =
        NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, ///< Friends to battery front; required with OVERHEAD.
    OVERHEAD_FRIEND_TO_ENEMY = NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, ///< Friends to the enemy; required with OVERHEAD.
};

/** @brief Names of the enumerations, for napfire_enum_name() (::napfire_enum). */
enum class EnumId : int32_t {
    ARM = NAPFIRE_ENUM_ARM,               ///< ::napfire_arm
    NATION = NAPFIRE_ENUM_NATION,         ///< ::napfire_nation
    CLASS = NAPFIRE_ENUM_CLASS,           ///< ::napfire_class
    FORMATION = NAPFIRE_ENUM_FORMATION,   ///< ::napfire_formation
    WEAPON = NAPFIRE_ENUM_WEAPON,         ///< ::napfire_weapon
    COVER = NAPFIRE_ENUM_COVER,           ///< ::napfire_cover
    MOVED = NAPFIRE_ENUM_MOVED,           ///< ::napfire_moved
    MEASURE = NAPFIRE_ENUM_MEASURE,       ///< ::napfire_measure
    BAND = NAPFIRE_ENUM_BAND,             ///< ::napfire_band
    AMMO = NAPFIRE_ENUM_AMMO,             ///< ::napfire_ammo
    GUN = NAPFIRE_ENUM_GUN,               ///< ::napfire_gun
    REASON = NAPFIRE_ENUM_REASON,         ///< ::napfire_reason
    MODIFIER = NAPFIRE_ENUM_MODIFIER,     ///< ::napfire_modifier_id
    MISSING = NAPFIRE_ENUM_MISSING,       ///< ::napfire_missing
    FIRE = NAPFIRE_ENUM_FIRE,             ///< ::napfire_fire
    THRESHOLD = NAPFIRE_ENUM_THRESHOLD,   ///< ::napfire_threshold
    PROVENANCE = NAPFIRE_ENUM_PROVENANCE, ///< ::napfire_provenance
    PARAM = NAPFIRE_ENUM_PARAM,           ///< ::napfire_unit_param and ::napfire_shot_param
    PARSE = NAPFIRE_ENUM_PARSE,           ///< ::napfire_parse_code (napfire_parse_error::code)
};

/** @brief What is wrong with a rules text (napfire_parse_error.code) (::napfire_parse_code). */
enum class ParseCode : int32_t {
    OK = NAPFIRE_PARSE_OK,                       ///< No error.
    VERSION = NAPFIRE_PARSE_VERSION,             ///< Missing, malformed or unsupported version line.
    TOO_LARGE = NAPFIRE_PARSE_TOO_LARGE,         ///< Text longer than ::NAPFIRE_RULES_TEXT_MAX.
    LINE_TOO_LONG = NAPFIRE_PARSE_LINE_TOO_LONG, ///< Line longer than ::NAPFIRE_RULES_LINE_MAX.
    NUL = NAPFIRE_PARSE_NUL,                     ///< A NUL byte.
    UTF8 = NAPFIRE_PARSE_UTF8,                   ///< Invalid UTF-8 (overlong, surrogate, truncated, ...).
    CONTROL = NAPFIRE_PARSE_CONTROL,             ///< A control character other than tab (a CR only before LF).
    SYNTAX = NAPFIRE_PARSE_SYNTAX,               ///< Not `key = values`: no key, no `=`.
    UNKNOWN_KEY = NAPFIRE_PARSE_UNKNOWN_KEY,     ///< A key the format does not define.
    DUPLICATE_KEY = NAPFIRE_PARSE_DUPLICATE_KEY, ///< A key given twice.
    VALUE = NAPFIRE_PARSE_VALUE,                 ///< A malformed cell, number, modifier or text.
    RANGE = NAPFIRE_PARSE_RANGE,                 ///< A number outside its domain.
    COUNT = NAPFIRE_PARSE_COUNT,                 ///< Too few or too many values for the key.
    UNIT = NAPFIRE_PARSE_UNIT,                   ///< A unit that is unknown or does not fit the key's measure.
    STAR = NAPFIRE_PARSE_STAR,                   ///< A star where none may stand (F-DATA).
    ORDER = NAPFIRE_PARSE_ORDER,                 ///< Range maxima decreasing, row thresholds not increasing.
};

/** @brief How napfire_missing_describe() writes a missing datum (since 1.1) (::napfire_describe_style). */
enum class DescribeStyle : int32_t {
    PATCH = NAPFIRE_DESCRIBE_PATCH,       ///< One rules-text line with one `?`.
    SENTENCE = NAPFIRE_DESCRIBE_SENTENCE, ///< One English sentence in the rulebook's terms.
};

/** @brief What a finding of napfire_rules_check_next() is (since 1.2) (::napfire_check). */
enum class Check : int32_t {
    NONE = NAPFIRE_CHECK_NONE, ///< No more findings.
    FALLING_ROW =
        NAPFIRE_CHECK_FALLING_ROW, ///< A musketry (F-TAB-1) or artillery (F-ART-1) row whose casualties fall as the modified roll rises.
    ROW_BELOW =
        NAPFIRE_CHECK_ROW_BELOW, ///< A musketry row inflicting fewer casualties than the row above it, of fewer firing figures, at the same modified roll (F-TAB-1).
    EMPTY_BAND =
        NAPFIRE_CHECK_EMPTY_BAND, ///< A band whose maximum equals the one before: a gun's (F-ART-1) or an infantry weapon's long band (F-RNG; not sharpshooters, F-RNG-3).
    LIGHTER_GUN = NAPFIRE_CHECK_LIGHTER_GUN, ///< A lighter gun reaches farther than a heavier one in a band (F-ART-1).
    MEASURES =
        NAPFIRE_CHECK_MEASURES, ///< A gun's metric and imperial maxima of a band disagree by more than a factor of 2 (F-RNG-1).
    BUILTIN_NAME =
        NAPFIRE_CHECK_BUILTIN_NAME, ///< The data differ from the built-in data but the name is the built-in data's (F-DATA).
    UNNAMED =
        NAPFIRE_CHECK_UNNAMED, ///< The data differ from the built-in data but the name is still ::NAPFIRE_RULES_PLACEHOLDER_NAME (F-DATA).
};

/** @brief Offset layouts of printed maps (H-HEX-1), 0-based column and row (::napfire_hex_layout). */
enum class HexLayout : int32_t {
    ODD_Q = NAPFIRE_HEX_ODD_Q,   ///< Flat-top; odd columns shifted down half a hex.
    EVEN_Q = NAPFIRE_HEX_EVEN_Q, ///< Flat-top; even columns shifted down half a hex.
    ODD_R = NAPFIRE_HEX_ODD_R,   ///< Pointy-top; odd rows shifted right half a hex.
    EVEN_R = NAPFIRE_HEX_EVEN_R, ///< Pointy-top; even rows shifted right half a hex.
};

/** @brief Kind of a trace step (H-LOS-2/3). Zero is never a step kind (::napfire_step_kind). */
enum class StepKind : int32_t {
    HEX = NAPFIRE_STEP_HEX,         ///< The line crosses the interior of napfire_trace_step::hex.
    HEXSIDE = NAPFIRE_STEP_HEXSIDE, ///< The line runs along the hexside between hex and other (H-LOS-3).
    VERTEX = NAPFIRE_STEP_VERTEX,   ///< The line only touches hex at a vertex: not passed through (H-LOS-2).
};

/** @brief Terrain of a hex for line of sight (H-LOS-5, H-ELV-4/5) (::napfire_terrain). */
enum class Terrain : int32_t {
    CLEAR = NAPFIRE_TERRAIN_CLEAR,       ///< Open ground: no blocker.
    BLOCKING = NAPFIRE_TERRAIN_BLOCKING, ///< Woods (unless the caller's terrain chart says otherwise), walls (H-LOS-5).
    TOWN = NAPFIRE_TERRAIN_TOWN,         ///< Village, city, town: blocks regardless of elevation (H-LOS-5, H-ELV-5).
    SLOPE = NAPFIRE_TERRAIN_SLOPE,       ///< Slope: blocks unless at the firer's or target's elevation (H-ELV-4).
};

/** @brief What occupies a hex, for line of sight (H-LOS-5) (::napfire_presence). */
enum class Presence : int32_t {
    NONE = NAPFIRE_PRESENCE_NONE,               ///< No unit.
    COMBAT = NAPFIRE_PRESENCE_COMBAT,           ///< A non-routed combat unit, disordered or not: blocks.
    ROUTED = NAPFIRE_PRESENCE_ROUTED,           ///< Routed units only: do not block.
    LEADER_ONLY = NAPFIRE_PRESENCE_LEADER_ONLY, ///< Leaders or aides-de-camp alone: do not block.
};

/** @brief Bits of napfire_los_query.policy (::napfire_los_policy). */
enum class LosPolicy : int32_t {
    FRIEND_IS_TARGET_SIDE = NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE, ///< FRIEND_IS_TARGET_SIDE
};

/** @brief Why a line of sight is blocked (H-LOS, H-ELV); also the kind of a blocker (napfire_los_result.cause) (::napfire_los_rule). */
enum class LosRule : int32_t {
    NONE = NAPFIRE_LOS_RULE_NONE, ///< Clear.
    FRONT_HEXSIDE =
        NAPFIRE_LOS_RULE_FRONT_HEXSIDE, ///< H-LOS-4: the line leaves the firing hex through no front hexside.
    TOWN = NAPFIRE_LOS_RULE_TOWN,       ///< H-LOS-5, H-ELV-5: a town, village or city, whatever the elevations.
    TERRAIN = NAPFIRE_LOS_RULE_TERRAIN, ///< H-LOS-5: woods or walls (::NAPFIRE_TERRAIN_BLOCKING).
    UNIT = NAPFIRE_LOS_RULE_UNIT,       ///< H-LOS-5: a non-routed combat unit, of either side.
    SLOPE = NAPFIRE_LOS_RULE_SLOPE,     ///< H-ELV-4: a slope hex not at the firer's or target's elevation.
    GRAZING = NAPFIRE_LOS_RULE_GRAZING, ///< H-LOS-3: along a hexside, one of the two hexes blocks.
};

/** @brief Why elevation did not lift a blocker (H-ELV-1..3) (::napfire_los_elevation). */
enum class LosElevation : int32_t {
    NONE = NAPFIRE_LOS_ELV_NONE,               ///< Elevation not considered: clear, H-LOS-4, or a town (H-ELV-5).
    EQUAL = NAPFIRE_LOS_ELV_EQUAL,             ///< H-ELV-3: firer and target at equal elevation.
    EQUIDISTANT = NAPFIRE_LOS_ELV_EQUIDISTANT, ///< H-ELV-3: the blocker is as far from the firer as from the target.
    OTHER_HALF =
        NAPFIRE_LOS_ELV_OTHER_HALF, ///< H-ELV-1/2: the blocker is on the half the exception does not cover (higher firer: nearer the target; lower firer: nearer the firer).
    FRIEND_ADJACENT =
        NAPFIRE_LOS_ELV_FRIEND_ADJACENT, ///< H-ELV-2: a friendly unit adjacent to the target still blocks.
};

/** @brief Formations at hex scale (H-FACE, H-FIRE) (::napfire_hex_formation). */
enum class HexFormation : int32_t {
    COLUMN = NAPFIRE_HEX_COLUMN,       ///< Infantry column: faces a hexside, 3 front / 2 flank / 1 rear (inferred).
    ARTILLERY = NAPFIRE_HEX_ARTILLERY, ///< Artillery: faces a hexside, 3/2/1 (series rules).
    LINE = NAPFIRE_HEX_LINE,           ///< Line: faces a vertex, 2/2/2 (inferred).
    TIRAILLEUR =
        NAPFIRE_HEX_TIRAILLEUR,  ///< Tirailleurs (skirmish order) in one hex: face a vertex, 4/2/0 (series rules).
    SQUARE = NAPFIRE_HEX_SQUARE, ///< Carré: 6 front, any facing (series rules).
};

/** @brief Hex-scale enumerations (H-*), for napfire_hex_enum_name() (::napfire_hex_enum). */
enum class HexEnumId : int32_t {
    LAYOUT = NAPFIRE_HEX_ENUM_LAYOUT,       ///< ::napfire_hex_layout
    STEP = NAPFIRE_HEX_ENUM_STEP,           ///< ::napfire_step_kind
    TERRAIN = NAPFIRE_HEX_ENUM_TERRAIN,     ///< ::napfire_terrain
    PRESENCE = NAPFIRE_HEX_ENUM_PRESENCE,   ///< ::napfire_presence
    LOS_RULE = NAPFIRE_HEX_ENUM_LOS_RULE,   ///< ::napfire_los_rule
    ELEVATION = NAPFIRE_HEX_ENUM_ELEVATION, ///< ::napfire_los_elevation
    FORMATION = NAPFIRE_HEX_ENUM_FORMATION, ///< ::napfire_hex_formation
};

/** @brief Which footprint decided a measured fact (::napfire_decider, F-GEO-14). */
enum class Decider : int32_t {
    NONE = NAPFIRE_DECIDER_NONE,     ///< No footprint (e.g. no friend in the sector).
    FIRER = NAPFIRE_DECIDER_FIRER,   ///< The firer's footprint.
    TARGET = NAPFIRE_DECIDER_TARGET, ///< The target's footprint.
    SCREEN = NAPFIRE_DECIDER_SCREEN, ///< The screen's footprint.
    FRIEND = NAPFIRE_DECIDER_FRIEND, ///< Friend number napfire_measured::decider_index.
    OTHER = NAPFIRE_DECIDER_OTHER,   ///< Other number napfire_measured::decider_index.
};

/** @brief The rule of measurement behind a fact (::napfire_table_rule, F-GEO). */
enum class TableRule : int32_t {
    RANGE = NAPFIRE_TABLE_RULE_RANGE,             ///< F-GEO-3, for F-RNG and F-ART-1: DISTANCE.
    SECTOR = NAPFIRE_TABLE_RULE_SECTOR,           ///< F-GEO-6, for F-ART-4: FRIEND_IN_ARC.
    NEAR = NAPFIRE_TABLE_RULE_NEAR,               ///< F-GEO-7, for F-ART-5: the friends in front.
    ENFILADE = NAPFIRE_TABLE_RULE_ENFILADE,       ///< F-GEO-8, for F-MOD-9: ENFILADE.
    CLEAR_LOS = NAPFIRE_TABLE_RULE_CLEAR_LOS,     ///< F-GEO-9, for F-ART-5: CLEAR_LOS.
    PENETRATION = NAPFIRE_TABLE_RULE_PENETRATION, ///< F-GEO-10, for F-ART-6: PENETRATION_HITS_FRIEND.
    OVERHEAD = NAPFIRE_TABLE_RULE_OVERHEAD,       ///< F-GEO-11, for F-ART-7: the overhead facts.
    SCREEN = NAPFIRE_TABLE_RULE_SCREEN,           ///< F-GEO-12, for F-SCR: SCREEN, SCREEN_DISTANCE.
};

/** @brief Names of the table header's enumerations (::napfire_table_enum). */
enum class TableEnumId : int32_t {
    DECIDER = NAPFIRE_TABLE_ENUM_DECIDER, ///< ::napfire_decider
    RULE = NAPFIRE_TABLE_ENUM_RULE,       ///< ::napfire_table_rule
};

// ------------------------------------------------------------------
// Spans

#if defined(NAPFIRE_HPP_STD_SPAN)
/** @brief A view of the caller's contiguous elements: std::span under C++20. */
template <class T> using Span = std::span<T>;
#else
/**
 * @brief A view of the caller's contiguous elements (pointer and count),
 * the subset of C++20's std::span this header needs; under C++20 Span is
 * std::span itself. Built from a pointer and a count, a C array, or any
 * container with data() and size() (std::vector, std::array).
 */
template <class T> class Span {
  public:
    /** @brief An empty view. */
    constexpr Span() noexcept = default;
    /** @brief @p count elements from @p data. */
    constexpr Span(T *data, std::size_t count) noexcept : data_(data), size_(count) {
    }
    /** @brief A whole C array. */
    template <std::size_t N> constexpr Span(T (&array)[N]) noexcept : data_(array), size_(N) {
    }
    /** @brief A whole container with contiguous storage (data(), size()). */
    template <class C, class = std::enable_if_t<!std::is_same<std::remove_cv_t<C>, Span>::value &&
                                                std::is_convertible<decltype(std::declval<C &>().data()), T *>::value>>
    constexpr Span(C &container) noexcept : data_(container.data()), size_(container.size()) {
    }
    /** @brief The first element. */
    constexpr T *data() const noexcept {
        return data_;
    }
    /** @brief The number of elements. */
    constexpr std::size_t size() const noexcept {
        return size_;
    }
    /** @brief True when there is no element. */
    constexpr bool empty() const noexcept {
        return size_ == 0;
    }
    /** @brief Element @p i (no bounds check, as std::span). */
    constexpr T &operator[](std::size_t i) const noexcept {
        return data_[i];
    }
    /** @brief Iteration. */
    constexpr T *begin() const noexcept {
        return data_;
    }
    /** @brief Iteration. */
    constexpr T *end() const noexcept {
        return data_ + size_;
    }
    /** @brief The first @p count elements. */
    constexpr Span first(std::size_t count) const noexcept {
        return Span(data_, count);
    }

  private:
    T *data_ = nullptr;
    std::size_t size_ = 0;
};
#endif

// ------------------------------------------------------------------
// Names

/** @brief The C value of a typed enumeration value. */
template <class E> constexpr int32_t to_c(E value) noexcept {
    static_assert(std::is_enum<E>::value, "to_c takes an enumeration of napfire.hpp");
    return static_cast<int32_t>(value);
}

/** @brief The library's version, "MAJOR.MINOR.PATCH" (napfire_version_string()). */
inline const char *version() noexcept {
    return napfire_version_string();
}

/** @brief The name of a status without its prefix ("EDOMAIN"), as napfire_status_name(). */
inline const char *name(Status s) noexcept {
    return napfire_status_name(to_c(s));
}
/** @brief The one-line English text of a status, as napfire_strerror(). */
inline const char *message(Status s) noexcept {
    return napfire_strerror(to_c(s));
}

/// @cond NAPFIRE_DETAIL
namespace detail {
template <class E> struct enum_id;
#define NAPFIRE_HPP_NAMED(E, FN, ID) \
  template <> struct enum_id<E> { \
    static const char *name(int32_t v) noexcept { \
      return FN(ID, v); \
    } \
  };
NAPFIRE_HPP_NAMED(Arm, napfire_enum_name, NAPFIRE_ENUM_ARM)
NAPFIRE_HPP_NAMED(Nation, napfire_enum_name, NAPFIRE_ENUM_NATION)
NAPFIRE_HPP_NAMED(TroopClass, napfire_enum_name, NAPFIRE_ENUM_CLASS)
NAPFIRE_HPP_NAMED(Formation, napfire_enum_name, NAPFIRE_ENUM_FORMATION)
NAPFIRE_HPP_NAMED(Weapon, napfire_enum_name, NAPFIRE_ENUM_WEAPON)
NAPFIRE_HPP_NAMED(Cover, napfire_enum_name, NAPFIRE_ENUM_COVER)
NAPFIRE_HPP_NAMED(Moved, napfire_enum_name, NAPFIRE_ENUM_MOVED)
NAPFIRE_HPP_NAMED(Measure, napfire_enum_name, NAPFIRE_ENUM_MEASURE)
NAPFIRE_HPP_NAMED(Band, napfire_enum_name, NAPFIRE_ENUM_BAND)
NAPFIRE_HPP_NAMED(Ammo, napfire_enum_name, NAPFIRE_ENUM_AMMO)
NAPFIRE_HPP_NAMED(Gun, napfire_enum_name, NAPFIRE_ENUM_GUN)
NAPFIRE_HPP_NAMED(Reason, napfire_enum_name, NAPFIRE_ENUM_REASON)
NAPFIRE_HPP_NAMED(ModifierId, napfire_enum_name, NAPFIRE_ENUM_MODIFIER)
NAPFIRE_HPP_NAMED(Missing, napfire_enum_name, NAPFIRE_ENUM_MISSING)
NAPFIRE_HPP_NAMED(Fire, napfire_enum_name, NAPFIRE_ENUM_FIRE)
NAPFIRE_HPP_NAMED(Threshold, napfire_enum_name, NAPFIRE_ENUM_THRESHOLD)
NAPFIRE_HPP_NAMED(Provenance, napfire_enum_name, NAPFIRE_ENUM_PROVENANCE)
NAPFIRE_HPP_NAMED(UnitParam, napfire_enum_name, NAPFIRE_ENUM_PARAM)
NAPFIRE_HPP_NAMED(ShotParam, napfire_enum_name, NAPFIRE_ENUM_PARAM)
NAPFIRE_HPP_NAMED(ParseCode, napfire_enum_name, NAPFIRE_ENUM_PARSE)
NAPFIRE_HPP_NAMED(HexLayout, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_LAYOUT)
NAPFIRE_HPP_NAMED(StepKind, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_STEP)
NAPFIRE_HPP_NAMED(Terrain, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_TERRAIN)
NAPFIRE_HPP_NAMED(Presence, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_PRESENCE)
NAPFIRE_HPP_NAMED(LosRule, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_LOS_RULE)
NAPFIRE_HPP_NAMED(LosElevation, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_ELEVATION)
NAPFIRE_HPP_NAMED(HexFormation, napfire_hex_enum_name, NAPFIRE_HEX_ENUM_FORMATION)
NAPFIRE_HPP_NAMED(Decider, napfire_table_enum_name, NAPFIRE_TABLE_ENUM_DECIDER)
NAPFIRE_HPP_NAMED(TableRule, napfire_table_enum_name, NAPFIRE_TABLE_ENUM_RULE)
#undef NAPFIRE_HPP_NAMED
} // namespace detail
/// @endcond

/**
 * @brief The library's name of an enumeration value without its prefix
 * ("COLUMN_OF_DIVISIONS"), as napfire_enum_name() or
 * napfire_hex_enum_name(); "unknown" for a value the library does not
 * know. Never NULL.
 */
template <class E> const char *name(E value) noexcept {
    return detail::enum_id<E>::name(to_c(value));
}

/** @brief The rule IDs of a line-of-sight verdict ("H-LOS-5, H-ELV-5"), as napfire_los_rule_id(). */
inline const char *rule_id(LosRule rule) noexcept {
    return napfire_los_rule_id(to_c(rule));
}

/** @brief The rule IDs of a rule of measurement, as napfire_table_rule_id(). */
inline const char *rule_id(TableRule rule) noexcept {
    return napfire_table_rule_id(to_c(rule));
}

// ------------------------------------------------------------------
// Errors as values

/** @brief The datum a result lacks (::napfire_missing and its index), for describe(). */
struct MissingDatum {
    Missing kind = Missing::NONE;                      ///< What kind of datum; NONE when nothing is missing.
    std::array<int32_t, 4> index = {{-1, -1, -1, -1}}; ///< Which one (napfire_result::missing_index).
};

class Error;
template <class T> class Expected;

/**
 * @brief The rulebook's sentence (DescribeStyle::SENTENCE) or the rules-text
 * line with one `?` (DescribeStyle::PATCH) for a missing datum, written
 * NUL-terminated into @p buf (napfire_missing_describe(), F-DATA).
 * @return the length without the NUL; an Error (E_NOSPC with the length
 *         needed in Error::needed, E_DOMAIN for a datum the library does
 *         not know) otherwise.
 */
inline Expected<std::size_t> describe(const MissingDatum &datum, DescribeStyle style, Span<char> buf) noexcept;

/**
 * @brief What went wrong in a call: a value, never thrown by this header
 * (Exception carries one where exceptions are enabled).
 *
 * Always the status and the C function; where the header knows them, the
 * parameter (the library's name of a unit or shot parameter, or the C
 * argument's name), the value given and the range the library allows, and
 * for ::NAPFIRE_EUNKNOWN the missing datum, which describe() puts in the
 * rulebook's words.
 */
class Error {
  public:
    Status status = Status::OK;     ///< The C status.
    const char *function = "";      ///< The C function that refused ("napfire_unit_set").
    const char *parameter = "";     ///< The parameter or argument refused; "" when not one.
    int64_t value = 0;              ///< The value given (when has_value).
    bool has_value = false;         ///< value is meaningful.
    int32_t lowest = 0;             ///< The smallest value allowed (when has_range).
    int32_t highest = 0;            ///< The largest value allowed (when has_range).
    bool has_range = false;         ///< lowest and highest are meaningful.
    std::size_t needed = 0;         ///< With E_NOSPC: the count the call needs.
    MissingDatum missing;           ///< With E_UNKNOWN: the datum the rules data lacks.
    napfire_parse_error parse = {}; ///< With E_SYNTAX: line, column, code and message.

    /** @brief The status's name ("EDOMAIN"). */
    const char *name() const noexcept {
        return napfire::name(status);
    }
    /** @brief The library's text for the status (napfire_strerror()). */
    const char *message() const noexcept {
        return napfire::message(status);
    }

    /**
     * @brief The whole error as one line, e.g. "napfire_unit_set: EDOMAIN
     * (value outside its domain): FIGURES = 12000, allowed 0..9999"; with
     * E_UNKNOWN the missing datum's sentence and patch line. Allocates (a
     * std::string the caller asked for).
     */
    std::string to_string() const {
        std::string out = std::string(function) + ": " + name() + " (" + message() + ")";
        if (*parameter)
            out += std::string(": ") + parameter;
        if (has_value)
            out += " = " + std::to_string(value);
        if (has_range)
            out += ", allowed " + std::to_string(lowest) + ".." + std::to_string(highest);
        if (status == Status::E_NOSPC)
            out += ", needs " + std::to_string(needed);
        if (status == Status::E_SYNTAX)
            out += ": line " + std::to_string(parse.line) + ", column " + std::to_string(parse.column) + ": " +
                   parse.message;
        if (status == Status::E_UNKNOWN && missing.kind != Missing::NONE)
            out += ": " + missing_text();
        return out;
    }

    /**
     * @brief With E_UNKNOWN, the missing datum as the rulebook's sentence
     * and the rules-text line that supplies it: "musketry table, row 4
     * (...), modified roll 5-6; supply it as: musketry.row4 = . . ? . . . .
     * . ." (napfire_missing_describe(), F-DATA). Allocates.
     */
    std::string missing_text() const;
};

#if NAPFIRE_HPP_EXCEPTIONS
/** @brief Thrown by Expected::value() on an error (only where exceptions are enabled). */
class Exception : public std::runtime_error {
  public:
    /** @brief The exception of @p e, its what() Error::to_string(). */
    explicit Exception(const Error &e) : std::runtime_error(e.to_string()), error_(e) {
    }
    /** @brief The error it carries. */
    const Error &error() const noexcept {
        return error_;
    }

  private:
    Error error_;
};
#endif

/**
 * @brief A value or the Error that stopped it (in the spirit of C++23's
 * std::expected). Test it (`if (r)`), then read `*r` or `r->`; read
 * error() when it holds none. Reading the value of an error aborts
 * (a programming error, as dereferencing an empty std::optional); value()
 * throws Exception instead, where exceptions are enabled.
 */
template <class T> class [[nodiscard]] Expected {
  public:
    /** @brief A value. */
    Expected(T value) noexcept : ok_(true) {
        new (&storage_) T(std::move(value));
    }
    /** @brief An error. */
    Expected(Error error) noexcept : ok_(false), error_(error) {
    }
    /** @brief Copies the value or the error. */
    Expected(const Expected &other) noexcept : ok_(other.ok_), error_(other.error_) {
        if (ok_)
            new (&storage_) T(*other);
    }
    /** @brief Copies the value or the error. */
    Expected &operator=(const Expected &other) noexcept {
        if (this != &other) {
            reset();
            ok_ = other.ok_;
            error_ = other.error_;
            if (ok_)
                new (&storage_) T(*other);
        }
        return *this;
    }
    ~Expected() {
        reset();
    }

    /** @brief True when it holds a value. */
    bool has_value() const noexcept {
        return ok_;
    }
    /** @brief True when it holds a value. */
    explicit operator bool() const noexcept {
        return ok_;
    }
    /** @brief The value; aborts on an error. */
    const T &operator*() const noexcept {
        return *get();
    }
    /** @brief The value; aborts on an error. */
    T &operator*() noexcept {
        return *const_cast<T *>(get());
    }
    /** @brief The value's members; aborts on an error. */
    const T *operator->() const noexcept {
        return get();
    }
    /** @brief The value's members; aborts on an error. */
    T *operator->() noexcept {
        return const_cast<T *>(get());
    }
    /** @brief The value, or @p fallback on an error. */
    T value_or(T fallback) const noexcept {
        return ok_ ? **this : fallback;
    }
    /** @brief The error; status OK when it holds a value. */
    const Error &error() const noexcept {
        return error_;
    }
    /** @brief The status: OK, or the error's. */
    Status status() const noexcept {
        return error_.status;
    }
#if NAPFIRE_HPP_EXCEPTIONS
    /** @brief The value; throws Exception on an error (exceptions enabled only). */
    const T &value() const & {
        if (!ok_)
            throw Exception(error_);
        return **this;
    }
#endif

  private:
    const T *get() const noexcept {
        if (!ok_)
            std::abort();
        return std::launder(reinterpret_cast<const T *>(&storage_));
    }
    void reset() noexcept {
        if (ok_)
            std::launder(reinterpret_cast<T *>(&storage_))->~T();
        ok_ = false;
    }
    bool ok_;
    Error error_;
    alignas(T) unsigned char storage_[sizeof(T)];
};

/** @brief Success or the Error that stopped a call with no value to return. */
template <> class [[nodiscard]] Expected<void> {
  public:
    /** @brief Success. */
    Expected() noexcept = default;
    /** @brief An error. */
    Expected(Error error) noexcept : error_(error) {
    }
    /** @brief True on success. */
    bool has_value() const noexcept {
        return error_.status == Status::OK;
    }
    /** @brief True on success. */
    explicit operator bool() const noexcept {
        return has_value();
    }
    /** @brief The error; status OK on success. */
    const Error &error() const noexcept {
        return error_;
    }
    /** @brief The status: OK, or the error's. */
    Status status() const noexcept {
        return error_.status;
    }
#if NAPFIRE_HPP_EXCEPTIONS
    /** @brief Throws Exception on an error (exceptions enabled only). */
    void value() const {
        if (!has_value())
            throw Exception(error_);
    }
#endif

  private:
    Error error_;
};

/**
 * @brief The first error among several calls' results, or success: for a
 * run of setters, `nf::all({u.set_nation(...), u.set_figures(30)})`. Every
 * call in the list has run (in order; a refused setter changed nothing).
 */
inline Expected<void> all(std::initializer_list<Expected<void>> results) noexcept {
    for (const Expected<void> &r : results)
        if (!r)
            return r;
    return {};
}

/// @cond NAPFIRE_DETAIL
namespace detail {
inline Error error(int status, const char *function, const char *parameter = "") noexcept {
    Error e;
    e.status = static_cast<Status>(status);
    e.function = function;
    e.parameter = parameter;
    return e;
}
inline Error with_value(Error e, int64_t value) noexcept {
    e.has_value = true;
    e.value = value;
    return e;
}
// An argument refused with the range the function documents.
inline Error ranged(int status, const char *function, const char *parameter, int32_t value, int32_t lowest,
                    int32_t highest) noexcept {
    Error e = with_value(error(status, function, parameter), value);
    e.has_range = true;
    e.lowest = lowest;
    e.highest = highest;
    return e;
}
// A parameter refused by a setter: its name, the value, napfire_param_bounds().
inline Error param_error(int status, const char *function, int32_t param, int32_t value) noexcept {
    Error e = with_value(error(status, function, napfire_enum_name(NAPFIRE_ENUM_PARAM, param)), value);
    e.has_range = napfire_param_bounds(param, &e.lowest, &e.highest) == NAPFIRE_OK;
    return e;
}
// napfire_unit_set/get and napfire_shot_set/get: one parameter of an object.
template <class C, class P>
Expected<void> set_param(int (*fn)(C *, int32_t, int32_t), C *obj, P param, int32_t value, const char *function) {
    int st = fn(obj, to_c(param), value);
    if (st != NAPFIRE_OK)
        return param_error(st, function, to_c(param), value);
    return {};
}
template <class C, class P>
Expected<int32_t> get_param(int (*fn)(const C *, int32_t, int32_t *), const C *obj, P param, const char *function) {
    int32_t value = 0;
    int st = fn(obj, to_c(param), &value);
    if (st != NAPFIRE_OK)
        return error(st, function, napfire_enum_name(NAPFIRE_ENUM_PARAM, to_c(param)));
    return value;
}
// How many items a call wrote: a modifier breakdown's count, a span's size.
} // namespace detail
struct Modifiers;
namespace detail {
inline std::size_t written(const Modifiers &m) noexcept;
template <class T> std::size_t written(const Span<T> &items) noexcept {
    return items.size();
}
// A call writing into a span, made into a container the caller chose: asked
// once with no room for the count needed (E_NOSPC), then with that room.
template <class Container, class Call>
auto fill(Container &out, Call call) -> decltype(call(Span<typename Container::value_type>())) {
    using Item = typename Container::value_type;
    out.resize(0);
    auto first = call(Span<Item>());
    if (!first && first.status() != Status::E_NOSPC)
        return first;
    out.resize(first ? written(*first) : first.error().needed);
    auto r = call(Span<Item>(out.data(), out.size()));
    if (r)
        out.resize(written(*r));
    return r;
}
inline Error unknown_error(int status, const char *function, const napfire_result &r) noexcept {
    Error e = error(status, function);
    e.missing.kind = static_cast<Missing>(r.missing);
    for (std::size_t i = 0; i < 4; i++)
        e.missing.index[i] = r.missing_index[i];
    return e;
}
inline Error nospc_error(int status, const char *function, std::size_t needed) noexcept {
    Error e = error(status, function);
    e.needed = needed;
    return e;
}
} // namespace detail
/// @endcond

inline Expected<std::size_t> describe(const MissingDatum &datum, DescribeStyle style, Span<char> buf) noexcept {
    std::size_t len = 0;
    int st = napfire_missing_describe(to_c(datum.kind), datum.index.data(), to_c(style), buf.data(), buf.size(), &len);
    if (st == NAPFIRE_ENOSPC)
        return detail::nospc_error(st, "napfire_missing_describe", len + 1);
    if (st != NAPFIRE_OK)
        return detail::with_value(detail::error(st, "napfire_missing_describe", "missing"), to_c(datum.kind));
    return len;
}

inline std::string Error::missing_text() const {
    std::array<char, 512> sentence{}, patch{};
    if (!describe(missing, DescribeStyle::SENTENCE, sentence) || !describe(missing, DescribeStyle::PATCH, patch))
        return std::string("missing ") + napfire::name(missing.kind);
    return std::string(sentence.data()) + "; supply it as: " + patch.data();
}

// ------------------------------------------------------------------
// Figure scale: rules data, units, shots

/** @brief A table cell in half figures and whether it carries the star (F-TAB-4). */
struct Cell {
    int32_t halves = 0; ///< Half figures; ::NAPFIRE_UNKNOWN when unknown.
    bool star = false;  ///< The star of F-TAB-4.
    /** @brief False for a cell the rules data leaves unknown (F-DATA). */
    bool known() const noexcept {
        return halves != NAPFIRE_UNKNOWN;
    }
};

/**
 * @brief Rules data (F-DATA) in a ::napfire_rules the object holds (4096
 * bytes): a value, copied with the object. Functions taking
 * `const Rules *` accept nullptr for the built-in data.
 */
class Rules {
  public:
    /** @brief The built-in data (napfire_rules_init()). */
    static Expected<Rules> builtin() noexcept {
        Rules r;
        int st = napfire_rules_init(&r.c_, sizeof r.c_);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_rules_init");
        return r;
    }
    /**
     * @brief The built-in data overlaid with a rules text (napfire_rules_parse(),
     * doc/rules-format.md); E_SYNTAX fills Error::parse.
     */
    static Expected<Rules> parse(std::string_view text) noexcept {
        Expected<Rules> r = builtin();
        if (!r)
            return r;
        napfire_parse_error where{};
        int st = napfire_rules_parse(&r->c_, text.data(), text.size(), &where);
        if (st != NAPFIRE_OK) {
            Error e = detail::error(st, "napfire_rules_parse", "text");
            e.parse = where;
            return e;
        }
        return r;
    }
    /** @brief A musketry cell (F-TAB; 0-based indexes as napfire_rules_get_musketry()). */
    Expected<Cell> musketry(int32_t row_index, int32_t column_index) const noexcept {
        int32_t halves = 0, star = 0;
        int st = napfire_rules_get_musketry(&c_, row_index, column_index, &halves, &star);
        if (st == NAPFIRE_EUNKNOWN)
            return Cell{NAPFIRE_UNKNOWN, false};
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_rules_get_musketry");
        return Cell{halves, star != 0};
    }
    /** @brief Set a musketry cell (napfire_rules_set_musketry()). */
    Expected<void> set_musketry(int32_t row_index, int32_t column_index, int32_t halves, bool star) noexcept {
        return check(napfire_rules_set_musketry(&c_, row_index, column_index, halves, star ? 1 : 0),
                     "napfire_rules_set_musketry");
    }
    /** @brief Set a gun's band maxima in a measure (napfire_rules_set_gun_range(), F-ART-1). */
    Expected<void> set_gun_range(Gun gun, Measure measure, int32_t canister_max, int32_t effective_max,
                                 int32_t long_max) noexcept {
        return check(napfire_rules_set_gun_range(&c_, to_c(gun), to_c(measure), canister_max, effective_max, long_max),
                     "napfire_rules_set_gun_range");
    }
    /** @brief Set an artillery cell (napfire_rules_set_artillery(), F-ART-1). */
    Expected<void> set_artillery(Gun gun, Ammo ammo, Band band, int32_t column_index, int32_t halves) noexcept {
        return check(napfire_rules_set_artillery(&c_, to_c(gun), to_c(ammo), to_c(band), column_index, halves),
                     "napfire_rules_set_artillery");
    }
    /** @brief A modifier value (napfire_rules_get_modifier(), F-MOD); ::NAPFIRE_MODIFIER_UNKNOWN when unknown. */
    Expected<int32_t> modifier(Fire fire, ModifierId id, int32_t variant = 0) const noexcept {
        int32_t value = 0;
        int st = napfire_rules_get_modifier(&c_, to_c(fire), to_c(id), variant, &value);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_rules_get_modifier");
        return value;
    }
    /** @brief Set a modifier value (napfire_rules_set_modifier()). */
    Expected<void> set_modifier(Fire fire, ModifierId id, int32_t variant, int32_t value) noexcept {
        return check(napfire_rules_set_modifier(&c_, to_c(fire), to_c(id), variant, value),
                     "napfire_rules_set_modifier");
    }
    /** @brief A threshold (napfire_rules_get_threshold()). */
    Expected<int32_t> threshold(Threshold id, Measure measure = Measure::METRIC) const noexcept {
        int32_t value = 0;
        int st = napfire_rules_get_threshold(&c_, to_c(id), to_c(measure), &value);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_rules_get_threshold");
        return value;
    }
    /** @brief Set a provenance text (napfire_rules_set_provenance()). */
    Expected<void> set_provenance(Provenance field, const char *text) noexcept {
        return check(napfire_rules_set_provenance(&c_, to_c(field), text), "napfire_rules_set_provenance");
    }
    /** @brief The C object, for the C API. */
    const napfire_rules &c() const noexcept {
        return c_;
    }
    /** @brief The C object, for the C API. */
    napfire_rules &c() noexcept {
        return c_;
    }

  private:
    Rules() noexcept = default;
    static Expected<void> check(int st, const char *function) noexcept {
        if (st != NAPFIRE_OK)
            return detail::error(st, function);
        return {};
    }
    napfire_rules c_;
};

/// @cond NAPFIRE_DETAIL
namespace detail {
inline const napfire_rules *c_rules(const Rules *r) noexcept {
    return r ? &r->c() : nullptr;
}
} // namespace detail
/// @endcond

/**
 * @brief A unit, firer or target (F-*), in a ::napfire_unit the object
 * holds (128 bytes): a value, copied with the object. Made only by
 * make(), so it always holds an initialised unit.
 */
class Unit {
  public:
    /** @brief A unit of @p arm with the library's defaults (napfire_unit_init()). */
    static Expected<Unit> make(Arm arm) noexcept {
        Unit u;
        int st = napfire_unit_init(&u.c_, sizeof u.c_, to_c(arm));
        if (st != NAPFIRE_OK)
            return detail::with_value(detail::error(st, "napfire_unit_init", "arm"), to_c(arm));
        return u;
    }
    /**
     * @brief Set a parameter (napfire_unit_set()); the unit is unchanged on
     * an error, which names the parameter, the value and its bounds.
     */
    Expected<void> set(UnitParam param, int32_t value) noexcept {
        return detail::set_param(napfire_unit_set, &c_, param, value, "napfire_unit_set");
    }
    /** @brief Read a parameter (napfire_unit_get()). */
    Expected<int32_t> get(UnitParam param) const noexcept {
        return detail::get_param(napfire_unit_get, &c_, param, "napfire_unit_get");
    }
    /** @brief Set the nation (UnitParam::NATION). */
    Expected<void> set_nation(Nation v) noexcept {
        return set(UnitParam::NATION, to_c(v));
    }
    /** @brief Set the troop class (UnitParam::CLASS). */
    Expected<void> set_troop_class(TroopClass v) noexcept {
        return set(UnitParam::CLASS, to_c(v));
    }
    /** @brief Set the formation (UnitParam::FORMATION). */
    Expected<void> set_formation(Formation v) noexcept {
        return set(UnitParam::FORMATION, to_c(v));
    }
    /** @brief Set the figures, or gun models (UnitParam::FIGURES). */
    Expected<void> set_figures(int32_t v) noexcept {
        return set(UnitParam::FIGURES, v);
    }
    /** @brief Set the weapon (UnitParam::WEAPON, infantry). */
    Expected<void> set_weapon(Weapon v) noexcept {
        return set(UnitParam::WEAPON, to_c(v));
    }
    /** @brief Set the gun (UnitParam::GUN, artillery). */
    Expected<void> set_gun(Gun v) noexcept {
        return set(UnitParam::GUN, to_c(v));
    }
    /** @brief Set the cover (UnitParam::COVER). */
    Expected<void> set_cover(Cover v) noexcept {
        return set(UnitParam::COVER, to_c(v));
    }
    /** @brief Set how far it moved (UnitParam::MOVED). */
    Expected<void> set_moved(Moved v) noexcept {
        return set(UnitParam::MOVED, to_c(v));
    }
    /** @brief Set a 0/1 parameter (DISORDERED, FIRED_LAST_TURN, ...). */
    Expected<void> set_flag(UnitParam param, bool on) noexcept {
        return set(param, on ? 1 : 0);
    }
    /** @brief The arm. */
    Arm arm() const noexcept {
        return static_cast<Arm>(get(UnitParam::ARM).value_or(-1));
    }
    /** @brief The figures, or gun models. */
    int32_t figures() const noexcept {
        return get(UnitParam::FIGURES).value_or(0);
    }
    /** @brief True for foot and horse artillery. */
    bool is_artillery() const noexcept {
        return arm() == Arm::FOOT_ARTILLERY || arm() == Arm::HORSE_ARTILLERY;
    }
    /** @brief The C object, for the C API. */
    const napfire_unit &c() const noexcept {
        return c_;
    }

  private:
    Unit() noexcept = default;
    napfire_unit c_;
};

/** @brief A point on the table, the C struct (::napfire_point, F-GEO-1). */
using Point = napfire_point;
/** @brief A unit's footprint, the C struct (::napfire_footprint, F-GEO-2). */
using Footprint = napfire_footprint;
/** @brief One measured fact, the C struct (::napfire_measured); see param_of(), decider_of(), rule_of(). */
using Measured = napfire_measured;

/**
 * @brief A footprint from its corners, front-left, front-right, rear-right,
 * rear-left: clockwise seen from above (F-GEO-2), at ground @p level.
 */
inline Footprint footprint(Point front_left, Point front_right, Point rear_right, Point rear_left,
                           int32_t level = 0) noexcept {
    Footprint f{};
    f.corner[0] = front_left;
    f.corner[1] = front_right;
    f.corner[2] = rear_right;
    f.corner[3] = rear_left;
    f.level = level;
    return f;
}

/** @brief The shot parameter a fact set. */
inline ShotParam param_of(const Measured &m) noexcept {
    return static_cast<ShotParam>(m.param);
}
/** @brief Which footprint decided a fact (its index in decider_index for FRIEND and OTHER). */
inline Decider decider_of(const Measured &m) noexcept {
    return static_cast<Decider>(m.decider);
}
/** @brief The rule of measurement behind a fact. */
inline TableRule rule_of(const Measured &m) noexcept {
    return static_cast<TableRule>(m.rule);
}

/**
 * @brief The footprints of a shot on the table (::napfire_scene): views of
 * the caller's footprints, which must outlive it.
 */
class Scene {
  public:
    /** @brief The firer and the target, nothing else on the table yet. */
    Scene(const Footprint &firer, const Footprint &target) noexcept : c_() {
        c_.firer = &firer;
        c_.target = &target;
    }
    /** @brief Skirmishers screening the target (F-SCR). */
    Scene &screen(const Footprint &s) noexcept {
        c_.screen = &s;
        return *this;
    }
    /** @brief The firer's side, the firer itself not among them. */
    Scene &friends(Span<const Footprint> f) noexcept {
        c_.friends = f.data();
        c_.friend_count = f.size();
        return *this;
    }
    /** @brief Other enemy units and terrain that blocks sight. */
    Scene &others(Span<const Footprint> o) noexcept {
        c_.others = o.data();
        c_.other_count = o.size();
        return *this;
    }
    /** @brief The C scene. */
    const napfire_scene &c() const noexcept {
        return c_;
    }

  private:
    napfire_scene c_;
};

/** @brief One item of a modifier breakdown, the C struct (::napfire_modifier); see id_of(). */
using Modifier = napfire_modifier;
/** @brief One outcome of a distribution and its weight out of 216, the C struct (::napfire_outcome). */
using Outcome = napfire_outcome;

/** @brief The typed id of a breakdown item. */
inline ModifierId id_of(const Modifier &m) noexcept {
    return static_cast<ModifierId>(m.id);
}

/** @brief The net modifier of a breakdown and how many items it has (napfire_shot_modifiers()). */
struct Modifiers {
    std::size_t count = 0; ///< Items written.
    int32_t net = 0;       ///< The net modifier (F-MOD-G, F-MOD-X, F-MOD-E applied).
};

/// @cond NAPFIRE_DETAIL
inline std::size_t detail::written(const Modifiers &m) noexcept {
    return m.count;
}
/// @endcond

/** @brief An exact fraction, e.g. expected casualties (napfire_shot_expected()). */
struct Fraction {
    int32_t numerator = 0;   ///< Reduced numerator.
    int32_t denominator = 1; ///< A divisor of 216.
    /** @brief As a double, for display. */
    double value() const noexcept {
        return static_cast<double>(numerator) / denominator;
    }
};

/**
 * @brief The explained result of resolving a shot (::napfire_result) with
 * typed accessors; c() gives every field.
 */
class Result {
  public:
    /** @brief Wraps a C result. */
    explicit Result(const napfire_result &r) noexcept : c_(r) {
    }
    /** @brief True when the rules allow the shot. */
    bool permitted() const noexcept {
        return c_.permitted == 1;
    }
    /** @brief The first violated clause; NONE when permitted. */
    Reason reason() const noexcept {
        return static_cast<Reason>(c_.reason);
    }
    /** @brief True when @p r is among the violated clauses. */
    bool forbids(Reason r) const noexcept {
        return (c_.reasons >> to_c(r)) & 1u;
    }
    /** @brief The range band. */
    Band band() const noexcept {
        return static_cast<Band>(c_.band);
    }
    /** @brief The net modifier. */
    int32_t net_modifier() const noexcept {
        return c_.net_modifier;
    }
    /** @brief 2D6 plus the net modifier. */
    int32_t modified_roll() const noexcept {
        return c_.modified_roll;
    }
    /** @brief The table cell, in half figures, star included. */
    int32_t table_halves() const noexcept {
        return c_.table_halves;
    }
    /** @brief After long-range halving, in half figures. */
    int32_t halves() const noexcept {
        return c_.halves;
    }
    /** @brief True when a half awaits the half die (F-CAS-3). */
    bool half_pending() const noexcept {
        return c_.half_pending != 0;
    }
    /** @brief Figures lost in all. */
    int32_t casualties() const noexcept {
        return c_.casualties;
    }
    /** @brief Figures the target loses. */
    int32_t target_casualties() const noexcept {
        return c_.target_casualties;
    }
    /** @brief Figures the skirmisher screen loses. */
    int32_t screen_casualties() const noexcept {
        return c_.screen_casualties;
    }
    /** @brief The C result. */
    const napfire_result &c() const noexcept {
        return c_;
    }

  private:
    napfire_result c_;
};

/**
 * @brief A shot, in a ::napfire_shot the object holds (512 bytes): copies
 * of firer and target plus the shot's facts. Functions taking
 * `const Rules *` use the built-in data for nullptr.
 */
class Shot {
  public:
    /** @brief A shot of @p firer at @p target (napfire_shot_init()); later changes to the units do not reach it. */
    static Expected<Shot> make(const Unit &firer, const Unit &target) noexcept {
        Shot s;
        int st = napfire_shot_init(&s.c_, sizeof s.c_, &firer.c(), &target.c());
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_shot_init");
        return s;
    }
    /** @brief A shot of @p firer at @p target at @p distance, in millimetres unless the measure is set later. */
    static Expected<Shot> make(const Unit &firer, const Unit &target, int32_t distance) noexcept {
        Expected<Shot> s = make(firer, target);
        if (!s)
            return s;
        Expected<void> set = s->set_distance(distance);
        if (!set)
            return set.error();
        return s;
    }
    /** @brief Set a parameter (napfire_shot_set()); unchanged on an error naming parameter, value and bounds. */
    Expected<void> set(ShotParam param, int32_t value) noexcept {
        return detail::set_param(napfire_shot_set, &c_, param, value, "napfire_shot_set");
    }
    /** @brief Read a parameter (napfire_shot_get()). */
    Expected<int32_t> get(ShotParam param) const noexcept {
        return detail::get_param(napfire_shot_get, &c_, param, "napfire_shot_get");
    }
    /** @brief Set the distance in the shot's measure (ShotParam::DISTANCE). */
    Expected<void> set_distance(int32_t v) noexcept {
        return set(ShotParam::DISTANCE, v);
    }
    /** @brief Set the measure (ShotParam::MEASURE). */
    Expected<void> set_measure(Measure v) noexcept {
        return set(ShotParam::MEASURE, to_c(v));
    }
    /** @brief Set the ammunition (ShotParam::AMMO, artillery). */
    Expected<void> set_ammo(Ammo v) noexcept {
        return set(ShotParam::AMMO, to_c(v));
    }
    /** @brief Set a 0/1 parameter (ENFILADE, SCREEN, ...). */
    Expected<void> set_flag(ShotParam param, bool on) noexcept {
        return set(param, on ? 1 : 0);
    }

    /** @brief The range band (napfire_shot_band(), F-RNG, F-ART-1). */
    Expected<Band> band(const Rules *rules = nullptr) const noexcept {
        int32_t band = 0;
        int st = napfire_shot_band(&c_, detail::c_rules(rules), &band);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_shot_band");
        return static_cast<Band>(band);
    }
    /**
     * @brief Resolve (napfire_shot_resolve(), F-RNG..F-ART): @p half_die 0
     * leaves a half pending. A shot the rules forbid is a Result whose
     * permitted() is false; E_UNKNOWN names the missing datum.
     */
    Expected<Result> resolve(int32_t roll_2d6, int32_t half_die = 0, const Rules *rules = nullptr) const noexcept {
        napfire_result r{};
        int st = napfire_shot_resolve(&c_, detail::c_rules(rules), roll_2d6, half_die, &r);
        if (st == NAPFIRE_EUNKNOWN)
            return detail::unknown_error(st, "napfire_shot_resolve", r);
        if (st == NAPFIRE_EDOMAIN)
            return roll_2d6 < 2 || roll_2d6 > 12
                       ? detail::ranged(st, "napfire_shot_resolve", "roll_2d6", roll_2d6, 2, 12)
                       : detail::ranged(st, "napfire_shot_resolve", "half_die", half_die, 0, 6);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_shot_resolve");
        return Result(r);
    }
    /**
     * @brief The modifier breakdown into the caller's @p items
     * (napfire_shot_modifiers(), F-MOD): E_NOSPC gives the count needed in
     * Error::needed; E_UNKNOWN writes the items (the unknown ones with
     * `applied` -1) and gives their count in Error::needed.
     */
    Expected<Modifiers> modifiers(Span<Modifier> items, const Rules *rules = nullptr) const noexcept {
        Modifiers m;
        int st = napfire_shot_modifiers(&c_, detail::c_rules(rules), items.data(), items.size(), &m.count, &m.net);
        if (st != NAPFIRE_OK)
            return detail::nospc_error(st, "napfire_shot_modifiers", m.count);
        return m;
    }
    /**
     * @brief The modifier breakdown into a container the caller chooses
     * (std::vector<Modifier>; anything with resize(), data() and size()),
     * resized to the items; returns the net modifier.
     */
    template <class Container> Expected<int32_t> modifiers_into(Container &out, const Rules *rules = nullptr) const {
        Expected<Modifiers> m = detail::fill(out, [&](Span<Modifier> items) { return modifiers(items, rules); });
        if (!m)
            return m.error();
        return m->net;
    }
    /**
     * @brief The exact distribution into the caller's @p outcomes
     * (napfire_shot_distribution()): the outcomes written, a prefix of
     * @p outcomes. E_NOSPC gives the count needed; E_UNKNOWN names the
     * first missing datum in roll order.
     */
    Expected<Span<Outcome>> distribution(Span<Outcome> outcomes, const Rules *rules = nullptr) const noexcept {
        std::size_t count = 0;
        napfire_result verdict{};
        int st =
            napfire_shot_distribution(&c_, detail::c_rules(rules), outcomes.data(), outcomes.size(), &count, &verdict);
        if (st == NAPFIRE_EUNKNOWN)
            return detail::unknown_error(st, "napfire_shot_distribution", verdict);
        if (st != NAPFIRE_OK)
            return detail::nospc_error(st, "napfire_shot_distribution", count);
        return outcomes.first(count);
    }
    /**
     * @brief The exact distribution into a container the caller chooses
     * (std::vector<Outcome>), resized to the outcomes; the span returned
     * views it.
     */
    template <class Container>
    Expected<Span<Outcome>> distribution_into(Container &out, const Rules *rules = nullptr) const {
        return detail::fill(out, [&](Span<Outcome> outcomes) { return distribution(outcomes, rules); });
    }
    /**
     * @brief Measure the shot on the table and set its parameters
     * (napfire_shot_measure(), F-GEO-1..14): the facts into the caller's
     * @p facts (::NAPFIRE_MEASURED_MAX always suffice), the part written
     * returned. E_NOSPC gives the count needed; E_UNKNOWN (the gun's long
     * range unknown, F-GEO-10) leaves the shot unchanged, writes the facts
     * when they fit and names the missing datum; any other error names
     * nothing more than the C call does (the first bad footprint, in the
     * order firer, target, screen, friends, others).
     */
    Expected<Span<Measured>> measure(const Scene &scene, Span<Measured> facts, const Rules *rules = nullptr) noexcept {
        std::size_t count = 0;
        int st = napfire_shot_measure(&c_, detail::c_rules(rules), &scene.c(), facts.data(), facts.size(), &count);
        if (st == NAPFIRE_EUNKNOWN) {
            Error e = detail::nospc_error(st, "napfire_shot_measure", count);
            for (std::size_t i = 0; i < count && i < facts.size(); i++)
                if (facts[i].missing != NAPFIRE_MISSING_NONE) {
                    e.missing.kind = static_cast<Missing>(facts[i].missing);
                    for (std::size_t j = 0; j < 4; j++)
                        e.missing.index[j] = facts[i].missing_index[j];
                    break;
                }
            return e;
        }
        if (st != NAPFIRE_OK)
            return detail::nospc_error(st, "napfire_shot_measure", count);
        return facts.first(count);
    }
    /** @brief Measure the shot on the table without a list of facts; the number of facts set. */
    Expected<std::size_t> measure(const Scene &scene, const Rules *rules = nullptr) noexcept {
        std::size_t count = 0;
        int st = napfire_shot_measure(&c_, detail::c_rules(rules), &scene.c(), nullptr, 0, &count);
        if (st != NAPFIRE_OK)
            return detail::nospc_error(st, "napfire_shot_measure", count);
        return count;
    }
    /** @brief Expected casualties, exactly (napfire_shot_expected()). */
    Expected<Fraction> expected(const Rules *rules = nullptr) const noexcept {
        Fraction f;
        int st = napfire_shot_expected(&c_, detail::c_rules(rules), &f.numerator, &f.denominator, nullptr);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_shot_expected");
        return f;
    }
    /** @brief The C object, for the C API. */
    const napfire_shot &c() const noexcept {
        return c_;
    }

  private:
    Shot() noexcept = default;
    napfire_shot c_;
};

/** @brief Seeded, reproducible PCG32 dice (::napfire_dice, 32 bytes held by the object). */
class Dice {
  public:
    /** @brief Dice seeded with @p seed and @p stream (napfire_dice_init()). */
    static Expected<Dice> make(uint64_t seed, uint64_t stream) noexcept {
        Dice d;
        int st = napfire_dice_init(&d.c_, sizeof d.c_, seed, stream);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_dice_init");
        return d;
    }
    /** @brief One die, 1..6 (napfire_dice_d6()). */
    Expected<int32_t> d6() noexcept {
        return roll(napfire_dice_d6, "napfire_dice_d6");
    }
    /** @brief 2D6, 2..12 (napfire_dice_2d6()). */
    Expected<int32_t> roll_2d6() noexcept {
        return roll(napfire_dice_2d6, "napfire_dice_2d6");
    }
    /** @brief The next raw 32-bit output (napfire_dice_next()). */
    Expected<uint32_t> next() noexcept {
        uint32_t v = 0;
        int st = napfire_dice_next(&c_, &v);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_dice_next");
        return v;
    }
    /** @brief The C object, for the C API. */
    napfire_dice &c() noexcept {
        return c_;
    }

  private:
    Dice() noexcept = default;
    Expected<int32_t> roll(int (*fn)(napfire_dice *, int32_t *), const char *function) noexcept {
        int32_t v = 0;
        int st = fn(&c_, &v);
        if (st != NAPFIRE_OK)
            return detail::error(st, function);
        return v;
    }
    napfire_dice c_;
};

// ------------------------------------------------------------------
// Hex scale

/** @brief A hex in axial coordinates, the C struct (::napfire_hex, H-HEX-1). */
using Hex = napfire_hex;
/** @brief What a hex holds for line of sight, the C struct (::napfire_hex_info). */
using HexInfo = napfire_hex_info;
/** @brief One step of a trace, the C struct (::napfire_trace_step, H-LOS-2/3). */
using TraceStep = napfire_trace_step;

/** @brief An offset coordinate pair (H-HEX-1), 0-based. */
struct Offset {
    int32_t col = 0; ///< Column.
    int32_t row = 0; ///< Row.
};

/** @brief A hex's description (::napfire_hex_info) from typed values. */
inline HexInfo hex_info(int32_t elevation, Terrain terrain = Terrain::CLEAR, Presence presence = Presence::NONE,
                        int32_t unit_side = 0) noexcept {
    HexInfo h{};
    h.elevation = elevation;
    h.terrain = to_c(terrain);
    h.presence = to_c(presence);
    h.unit_side = unit_side;
    return h;
}

/** @brief The hex at an offset position (napfire_hex_from_offset(), H-HEX-1). */
inline Expected<Hex> hex_from_offset(HexLayout layout, int32_t col, int32_t row) noexcept {
    Hex h{};
    int st = napfire_hex_from_offset(to_c(layout), col, row, &h);
    if (st != NAPFIRE_OK)
        return detail::error(st, "napfire_hex_from_offset");
    return h;
}

/** @brief A hex's offset position (napfire_hex_to_offset(), H-HEX-1). */
inline Expected<Offset> hex_to_offset(Hex h, HexLayout layout) noexcept {
    Offset o;
    int st = napfire_hex_to_offset(h, to_c(layout), &o.col, &o.row);
    if (st != NAPFIRE_OK)
        return detail::error(st, "napfire_hex_to_offset");
    return o;
}

/** @brief The hex distance (napfire_hex_distance(), H-HEX-1). */
inline Expected<int32_t> hex_distance(Hex a, Hex b) noexcept {
    int32_t d = 0;
    int st = napfire_hex_distance(a, b, &d);
    if (st != NAPFIRE_OK)
        return detail::error(st, "napfire_hex_distance");
    return d;
}

/** @brief Front, flank and rear hexsides of a facing (bit i = hexside i). */
struct Facing {
    uint32_t front = 0; ///< Front hexsides (H-LOS-4).
    uint32_t flank = 0; ///< Flank hexsides.
    uint32_t rear = 0;  ///< Rear hexsides.
};

/**
 * @brief The hexsides of a formation facing a hexside (`2 * side`) or a
 * vertex (`2 * vertex + 1`) (napfire_hex_facing(), H-FACE).
 */
inline Expected<Facing> facing(HexFormation formation, int32_t facing_value) noexcept {
    Facing f;
    int st = napfire_hex_facing(to_c(formation), facing_value, &f.front, &f.flank, &f.rear);
    if (st != NAPFIRE_OK)
        return detail::with_value(detail::error(st, "napfire_hex_facing", "facing"), facing_value);
    return f;
}

/** @brief A line-of-sight question (::napfire_los_query held by the object). */
class LosQuery {
  public:
    /** @brief From @p firer to @p target through the firer's @p front_mask hexsides (H-LOS-4). */
    LosQuery(Hex firer, Hex target, uint32_t front_mask, int32_t firer_side = 0, int32_t target_side = 1) noexcept
        : c_() {
        c_.firer = firer;
        c_.target = target;
        c_.front_mask = front_mask;
        c_.firer_side = firer_side;
        c_.target_side = target_side;
    }
    /** @brief Count a unit adjacent to the target as friendly when on the target's side (H-ELV-2). */
    LosQuery &friend_is_target_side(bool on) noexcept {
        c_.policy = on ? static_cast<uint32_t>(LosPolicy::FRIEND_IS_TARGET_SIDE) : 0u;
        return *this;
    }
    /** @brief The C question. */
    const napfire_los_query &c() const noexcept {
        return c_;
    }

  private:
    napfire_los_query c_;
};

/** @brief The explained answer of a line-of-sight call (::napfire_los_result) with typed accessors. */
class LosResult {
  public:
    /** @brief Wraps a C answer. */
    explicit LosResult(const napfire_los_result &r) noexcept : c_(r) {
    }
    /** @brief True when the target is seen. */
    bool clear() const noexcept {
        return c_.clear == 1;
    }
    /** @brief The rule that blocks; NONE when clear. */
    LosRule rule() const noexcept {
        return static_cast<LosRule>(c_.rule);
    }
    /** @brief Why elevation did not lift the blocker. */
    LosElevation elevation() const noexcept {
        return static_cast<LosElevation>(c_.elevation);
    }
    /** @brief The first blocking hex (H-ELV-6). */
    Hex blocker() const noexcept {
        return c_.blocker;
    }
    /** @brief Hex distance from firer to target. */
    int32_t distance() const noexcept {
        return c_.distance;
    }
    /** @brief Blocker features elevation lifted (H-ELV-1/2). */
    int32_t lifted() const noexcept {
        return c_.lifted;
    }
    /** @brief The C answer. */
    const napfire_los_result &c() const noexcept {
        return c_;
    }

  private:
    napfire_los_result c_;
};

/** @brief napfire_fov_grid()'s byte for a hex not asked about (the firer's, or beyond the radius). */
constexpr uint8_t fov_not_asked = static_cast<uint8_t>(NAPFIRE_FOV_NOT_ASKED);

/**
 * @brief A field-of-view plan for one radius (H-LOS-1..3), built in
 * storage the caller owns (a std::vector<uint64_t>, an array): the object
 * only points into it, so the storage must outlive it and not move.
 */
class FovPlan {
  public:
    /** @brief The 64-bit words a plan of @p radius needs (0 for a radius outside 1..::NAPFIRE_FOV_RADIUS_MAX). */
    static std::size_t words(int32_t radius) noexcept {
        return (napfire_fov_plan_size(radius) + 7) / 8;
    }
    /**
     * @brief A plan in @p storage, at least words(radius) long
     * (napfire_fov_plan_init()): E_DOMAIN names a radius outside
     * 1..::NAPFIRE_FOV_RADIUS_MAX, E_NOSPC gives the words needed.
     */
    static Expected<FovPlan> make(Span<uint64_t> storage, int32_t radius) noexcept {
        if (words(radius) == 0)
            return detail::ranged(NAPFIRE_EDOMAIN, "napfire_fov_plan_init", "radius", radius, 1,
                                  NAPFIRE_FOV_RADIUS_MAX);
        if (storage.size() < words(radius))
            return detail::nospc_error(NAPFIRE_ENOSPC, "napfire_fov_plan_init", words(radius));
        const napfire_fov_plan *p = nullptr;
        int st = napfire_fov_plan_init(storage.data(), storage.size() * 8, radius, &p);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_fov_plan_init");
        return FovPlan(p);
    }
    /** @brief A plan in a container the caller chooses, resized to words(radius) first. */
    template <class Container> static Expected<FovPlan> make_in(Container &storage, int32_t radius) {
        storage.resize(words(radius));
        return make(Span<uint64_t>(storage.data(), storage.size()), radius);
    }
    /** @brief The 64-bit words of workspace a field of view with this plan needs. */
    std::size_t work_words() const noexcept {
        return (napfire_fov_work_size(p_) + 7) / 8;
    }
    /** @brief The C plan. */
    const napfire_fov_plan *c() const noexcept {
        return p_;
    }

  private:
    explicit FovPlan(const napfire_fov_plan *p) noexcept : p_(p) {
    }
    const napfire_fov_plan *p_;
};

/**
 * @brief A hex map the caller owns, row by row (@p columns x @p rows
 * ::napfire_hex_info in a layout), viewed, never copied.
 */
class Grid {
  public:
    /** @brief A view of @p cells, which must hold columns * rows descriptions. */
    Grid(HexLayout layout, int32_t columns, int32_t rows, Span<const HexInfo> cells) noexcept
        : layout_(layout), columns_(columns), rows_(rows), cells_(cells) {
    }
    /** @brief Line of sight on the map (napfire_los_grid(), H-LOS, H-ELV). */
    Expected<LosResult> los(const LosQuery &q) const noexcept {
        if (!sized())
            return size_error("napfire_los_grid");
        napfire_los_result r{};
        int st = napfire_los_grid(&q.c(), to_c(layout_), columns_, rows_, cells_.data(), &r);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_los_grid");
        return LosResult(r);
    }
    /**
     * @brief Every hex's verdict within the plan's radius at once
     * (napfire_fov_grid()): @p rule receives columns * rows bytes, a LosRule
     * or fov_not_asked; @p work is the caller's workspace, at least
     * FovPlan::work_words() long.
     */
    Expected<void> fov(const FovPlan &plan, Span<uint64_t> work, const LosQuery &q, Span<uint8_t> rule) const noexcept {
        if (!sized() || rule.size() != cells_.size())
            return size_error("napfire_fov_grid");
        int st = napfire_fov_grid(plan.c(), work.data(), work.size() * 8, &q.c(), to_c(layout_), columns_, rows_,
                                  cells_.data(), rule.data());
        if (st == NAPFIRE_ENOSPC)
            return detail::nospc_error(st, "napfire_fov_grid", plan.work_words());
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_fov_grid");
        return {};
    }
    /** @brief The layout. */
    HexLayout layout() const noexcept {
        return layout_;
    }

  private:
    bool sized() const noexcept {
        return columns_ > 0 && rows_ > 0 &&
               cells_.size() == static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_);
    }
    Error size_error(const char *function) const noexcept {
        Error e =
            detail::with_value(detail::error(NAPFIRE_EINVAL, function, "cells"), static_cast<int64_t>(cells_.size()));
        e.has_range = columns_ > 0 && rows_ > 0 && int64_t(columns_) * rows_ <= INT32_MAX;
        e.lowest = e.highest = e.has_range ? columns_ * rows_ : 0;
        return e;
    }
    HexLayout layout_;
    int32_t columns_, rows_;
    Span<const HexInfo> cells_;
};

/**
 * @brief Line of sight asking @p info for each hex it needs
 * (napfire_los_callback(), H-LOS, H-ELV): @p info is any callable
 * `bool(Hex, HexInfo &)` (false: the hex is off the map, the call fails).
 */
template <class Fn> Expected<LosResult> los(const LosQuery &q, Fn &&info) {
    struct Call {
        static int hex(void *ctx, napfire_hex h, napfire_hex_info *out) {
            return (*static_cast<std::remove_reference_t<Fn> *>(ctx))(h, *out) ? NAPFIRE_OK : NAPFIRE_EDOMAIN;
        }
    };
    napfire_los_result r{};
    int st = napfire_los_callback(&q.c(), &Call::hex, static_cast<void *>(&info), &r);
    if (st != NAPFIRE_OK)
        return detail::error(st, "napfire_los_callback");
    return LosResult(r);
}

/** @brief The exact trace of a line of fire into the caller's @p steps (napfire_trace_steps(), H-LOS-1..3). */
inline Expected<Span<TraceStep>> trace(Hex from, Hex to, Span<TraceStep> steps) noexcept {
    std::size_t count = 0;
    int st = napfire_trace_steps(from, to, steps.data(), steps.size(), &count);
    if (st != NAPFIRE_OK)
        return detail::nospc_error(st, "napfire_trace_steps", count);
    return steps.first(count);
}

/**
 * @brief The exact trace as an iterator, one step at a time, in a
 * ::napfire_trace the object holds (64 bytes; napfire_trace_init(),
 * napfire_trace_next(), H-LOS-1..3): for a trace of any length with no
 * array at all.
 */
class Trace {
  public:
    /** @brief The trace from @p from to @p to. */
    static Expected<Trace> make(Hex from, Hex to) noexcept {
        Trace t;
        int st = napfire_trace_init(&t.c_, sizeof t.c_, from, to);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_trace_init");
        return t;
    }
    /** @brief The next step into @p step: true when one was written, false at the end. */
    Expected<bool> next(TraceStep &step) noexcept {
        int32_t more = 0;
        int st = napfire_trace_next(&c_, &step, &more);
        if (st != NAPFIRE_OK)
            return detail::error(st, "napfire_trace_next");
        return more != 0;
    }

  private:
    Trace() noexcept = default;
    napfire_trace c_;
};

/** @brief The typed kind of a trace step. */
inline StepKind kind_of(const TraceStep &s) noexcept {
    return static_cast<StepKind>(s.kind);
}

} // namespace napfire

#endif // NAPFIRE_HPP
