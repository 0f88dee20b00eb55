/* SPDX-License-Identifier: MIT */
/*
 * ABI gate: the frozen layout of the public API (wayland-egl-abi-check
 * style). Every number below is written out by hand as history, never
 * derived from the headers: a header change that moves a field, resizes a
 * type or renumbers an enum value breaks the build of this file.
 *
 * Rules for editing (API contract "Stable ABI"):
 *   - never change an existing line; released values are frozen;
 *   - a new enum value, parameter or struct gets new lines, under a
 *     comment naming the version that added it;
 *   - the reserved tail of a struct shrinks only by the size of the fields
 *     carved out of it, and the total size never changes.
 *
 * The same file is compiled as C11 (test_layout) and as C++11
 * (test_layout_cpp, which includes it), so C++ callers see the same layout.
 * At run time it also checks that the library it is linked with agrees
 * (napfire_unit_size() and friends, the version).
 */
#include <napfire.h>
#include <napfire_table.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
#  include <type_traits>
#  define ABI_ASSERT(expr, msg) static_assert(expr, msg)
#  define ABI_ALIGNOF(type) alignof(type)
#  define ABI_IS_TYPE(expr, T) \
    (std::is_same<std::remove_cv<std::remove_reference<decltype(expr)>::type>::type, T>::value)
#else
#  define ABI_ASSERT(expr, msg) _Static_assert(expr, msg)
#  define ABI_ALIGNOF(type) _Alignof(type)
#  define ABI_IS_TYPE(expr, T) _Generic((expr), T : 1, default : 0)
#endif

/* A member of a struct type without an object (unevaluated contexts only). */
#define ABI_MEMBER(type, field) (((type *)0)->field)

#define CHECK_SIZE(type, size) ABI_ASSERT(sizeof(type) == (size), "sizeof(" #type ") == " #size)
#define CHECK_ALIGN(type, align) ABI_ASSERT(ABI_ALIGNOF(type) == (align), "alignof(" #type ") == " #align)
#define CHECK_FIELD(type, field, offset, ftype) \
  ABI_ASSERT(offsetof(type, field) == (offset), #type "." #field " at " #offset); \
  ABI_ASSERT(sizeof(ABI_MEMBER(type, field)) == sizeof(ftype), #type "." #field " has the size of " #ftype); \
  ABI_ASSERT(ABI_IS_TYPE(ABI_MEMBER(type, field), ftype), #type "." #field " is " #ftype)
#define CHECK_ARRAY(type, field, offset, etype, n) \
  ABI_ASSERT(offsetof(type, field) == (offset), #type "." #field " at " #offset); \
  ABI_ASSERT(sizeof(ABI_MEMBER(type, field)) == sizeof(etype) * (n), #type "." #field " is " #etype "[" #n "]"); \
  ABI_ASSERT(ABI_IS_TYPE(ABI_MEMBER(type, field)[0], etype), #type "." #field "[0] is " #etype)
#define CHECK_VALUE(name, value) ABI_ASSERT((name) == (value), #name " == " #value)
/* Enums are int-sized (API contract): checked on each enumeration type. */
#define CHECK_ENUM(tag) ABI_ASSERT(sizeof(enum tag) == sizeof(int), "enum " #tag " is int-sized")

/* ===================================================================== */
/* ABI 1, version 0.1.0: figure scale and rules data (napfire.h)          */
/* ===================================================================== */

/* --- opaque value types: size and alignment 8 on every platform --- */
CHECK_VALUE(NAPFIRE_UNIT_SIZE, 128);
CHECK_VALUE(NAPFIRE_SHOT_SIZE, 512);
CHECK_VALUE(NAPFIRE_RULES_SIZE, 4096);
CHECK_SIZE(napfire_unit, 128);
CHECK_SIZE(napfire_shot, 512);
CHECK_SIZE(napfire_rules, 4096);
CHECK_ALIGN(napfire_unit, 8);
CHECK_ALIGN(napfire_shot, 8);
CHECK_ALIGN(napfire_rules, 8);
ABI_ASSERT(offsetof(napfire_unit, opaque_) == 0, "napfire_unit storage at 0");
ABI_ASSERT(offsetof(napfire_shot, opaque_) == 0, "napfire_shot storage at 0");
ABI_ASSERT(offsetof(napfire_rules, opaque_) == 0, "napfire_rules storage at 0");
/* Since 1.3 the storage is an array of uint64_t words of the same size
 * (doc/abi.md "Changes the baseline accepted"): binding tools that copy
 * the type keep its alignment. */
CHECK_ARRAY(napfire_unit, opaque_, 0, uint64_t, 16);
CHECK_ARRAY(napfire_shot, opaque_, 0, uint64_t, 64);
CHECK_ARRAY(napfire_rules, opaque_, 0, uint64_t, 512);

/* --- napfire_modifier: 16 bytes, an array element, no tail --- */
CHECK_SIZE(napfire_modifier, 16);
CHECK_ALIGN(napfire_modifier, 4);
CHECK_FIELD(napfire_modifier, id, 0, int32_t);
CHECK_FIELD(napfire_modifier, value, 4, int32_t);
CHECK_FIELD(napfire_modifier, applied, 8, int32_t);
CHECK_FIELD(napfire_modifier, suppressed_by, 12, int32_t);

/* --- napfire_result: 128 bytes with a reserved tail --- */
CHECK_SIZE(napfire_result, 128);
CHECK_ALIGN(napfire_result, 4);
CHECK_FIELD(napfire_result, permitted, 0, int32_t);
CHECK_FIELD(napfire_result, reason, 4, int32_t);
CHECK_FIELD(napfire_result, reasons, 8, uint32_t);
CHECK_FIELD(napfire_result, band, 12, int32_t);
CHECK_FIELD(napfire_result, net_modifier, 16, int32_t);
CHECK_FIELD(napfire_result, modified_roll, 20, int32_t);
CHECK_FIELD(napfire_result, row, 24, int32_t);
CHECK_FIELD(napfire_result, column, 28, int32_t);
CHECK_FIELD(napfire_result, table_halves, 32, int32_t);
CHECK_FIELD(napfire_result, halves, 36, int32_t);
CHECK_FIELD(napfire_result, half_die_used, 40, int32_t);
CHECK_FIELD(napfire_result, half_pending, 44, int32_t);
CHECK_FIELD(napfire_result, casualties, 48, int32_t);
CHECK_FIELD(napfire_result, target_casualties, 52, int32_t);
CHECK_FIELD(napfire_result, screen_casualties, 56, int32_t);
CHECK_FIELD(napfire_result, missing, 60, int32_t);
CHECK_ARRAY(napfire_result, missing_index, 64, int32_t, 4);
CHECK_ARRAY(napfire_result, reserved, 80, int32_t, 12);

/* --- napfire_blocker: 24 bytes, an array element, no tail --- */
CHECK_SIZE(napfire_blocker, 24);
CHECK_ALIGN(napfire_blocker, 4);
CHECK_FIELD(napfire_blocker, missing, 0, int32_t);
CHECK_ARRAY(napfire_blocker, index, 4, int32_t, 4);
CHECK_FIELD(napfire_blocker, shots, 20, int32_t);

/* --- constants compiled into callers --- */
CHECK_VALUE(NAPFIRE_COVERAGE_BLOCKERS_MAX, 512);
CHECK_VALUE(NAPFIRE_MAX_FIGURES, 9999);
CHECK_VALUE(NAPFIRE_MAX_DISTANCE, 1000000);
CHECK_VALUE(NAPFIRE_UNKNOWN, -1);
CHECK_VALUE(NAPFIRE_MODIFIER_UNKNOWN, INT32_MIN);
CHECK_VALUE(NAPFIRE_MAX_MODIFIER, 20);
CHECK_VALUE(NAPFIRE_MAX_CELL_HALVES, 198);

/* --- enum napfire_status --- */
CHECK_ENUM(napfire_status);
CHECK_VALUE(NAPFIRE_OK, 0);
CHECK_VALUE(NAPFIRE_EINVAL, -1);
CHECK_VALUE(NAPFIRE_EDOMAIN, -2);
CHECK_VALUE(NAPFIRE_ESTATE, -3);
CHECK_VALUE(NAPFIRE_ENOSPC, -4);
CHECK_VALUE(NAPFIRE_EUNKNOWN, -5);
CHECK_VALUE(NAPFIRE_ESYNTAX, -6);
CHECK_VALUE(NAPFIRE_ESIZE, -7);
CHECK_VALUE(NAPFIRE_EALIGN, -8); /* since 1.3 */

/* --- enum napfire_arm --- */
CHECK_ENUM(napfire_arm);
CHECK_VALUE(NAPFIRE_ARM_LINE_INFANTRY, 0);
CHECK_VALUE(NAPFIRE_ARM_LIGHT_INFANTRY, 1);
CHECK_VALUE(NAPFIRE_ARM_CAVALRY, 2);
CHECK_VALUE(NAPFIRE_ARM_FOOT_ARTILLERY, 3);
CHECK_VALUE(NAPFIRE_ARM_HORSE_ARTILLERY, 4);

/* --- enum napfire_nation --- */
CHECK_ENUM(napfire_nation);
CHECK_VALUE(NAPFIRE_NATION_OTHER, 0);
CHECK_VALUE(NAPFIRE_NATION_FRANCE, 1);
CHECK_VALUE(NAPFIRE_NATION_BRITAIN, 2);
CHECK_VALUE(NAPFIRE_NATION_KGL, 3);
CHECK_VALUE(NAPFIRE_NATION_PORTUGAL, 4);
CHECK_VALUE(NAPFIRE_NATION_SPAIN, 5);
CHECK_VALUE(NAPFIRE_NATION_AUSTRIA, 6);
CHECK_VALUE(NAPFIRE_NATION_PRUSSIA, 7);
CHECK_VALUE(NAPFIRE_NATION_RUSSIA, 8);

/* --- enum napfire_class --- */
CHECK_ENUM(napfire_class);
CHECK_VALUE(NAPFIRE_CLASS_GUARD, 0);
CHECK_VALUE(NAPFIRE_CLASS_ELITE, 1);
CHECK_VALUE(NAPFIRE_CLASS_VETERAN, 2);
CHECK_VALUE(NAPFIRE_CLASS_LINE, 3);
CHECK_VALUE(NAPFIRE_CLASS_SECOND_RATE, 4);
CHECK_VALUE(NAPFIRE_CLASS_CONSCRIPT, 5);
CHECK_VALUE(NAPFIRE_CLASS_MILITIA, 6);

/* --- enum napfire_formation --- */
CHECK_ENUM(napfire_formation);
CHECK_VALUE(NAPFIRE_FORMATION_LINE, 0);
CHECK_VALUE(NAPFIRE_FORMATION_COLUMN_OF_COMPANIES, 1);
CHECK_VALUE(NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS, 2);
CHECK_VALUE(NAPFIRE_FORMATION_MASSED_COLUMN, 3);
CHECK_VALUE(NAPFIRE_FORMATION_SQUARE, 4);
CHECK_VALUE(NAPFIRE_FORMATION_MASS, 5);
CHECK_VALUE(NAPFIRE_FORMATION_OPEN_ORDER, 6);
CHECK_VALUE(NAPFIRE_FORMATION_SKIRMISH, 7);
CHECK_VALUE(NAPFIRE_FORMATION_LIMBERED, 8);
CHECK_VALUE(NAPFIRE_FORMATION_UNLIMBERED, 9);

/* --- enum napfire_weapon --- */
CHECK_ENUM(napfire_weapon);
CHECK_VALUE(NAPFIRE_WEAPON_MUSKET, 0);
CHECK_VALUE(NAPFIRE_WEAPON_RIFLE, 1);
CHECK_VALUE(NAPFIRE_WEAPON_SHARPSHOOTER, 2);

/* --- enum napfire_cover --- */
CHECK_ENUM(napfire_cover);
CHECK_VALUE(NAPFIRE_COVER_NONE, 0);
CHECK_VALUE(NAPFIRE_COVER_LIMITED, 1);
CHECK_VALUE(NAPFIRE_COVER_COVER, 2);
CHECK_VALUE(NAPFIRE_COVER_BUILDINGS, 3);

/* --- enum napfire_moved --- */
CHECK_ENUM(napfire_moved);
CHECK_VALUE(NAPFIRE_MOVED_NONE, 0);
CHECK_VALUE(NAPFIRE_MOVED_HALF, 1);
CHECK_VALUE(NAPFIRE_MOVED_MORE, 2);

/* --- enum napfire_measure --- */
CHECK_ENUM(napfire_measure);
CHECK_VALUE(NAPFIRE_MEASURE_METRIC, 0);
CHECK_VALUE(NAPFIRE_MEASURE_IMPERIAL, 1);

/* --- enum napfire_band --- */
CHECK_ENUM(napfire_band);
CHECK_VALUE(NAPFIRE_BAND_NONE, 0);
CHECK_VALUE(NAPFIRE_BAND_CANISTER, 1);
CHECK_VALUE(NAPFIRE_BAND_EFFECTIVE, 2);
CHECK_VALUE(NAPFIRE_BAND_LONG, 3);

/* --- enum napfire_ammo --- */
CHECK_ENUM(napfire_ammo);
CHECK_VALUE(NAPFIRE_AMMO_ROUNDSHOT, 0);
CHECK_VALUE(NAPFIRE_AMMO_CANISTER, 1);

/* --- enum napfire_gun --- */
CHECK_ENUM(napfire_gun);
CHECK_VALUE(NAPFIRE_GUN_LIGHT, 0);
CHECK_VALUE(NAPFIRE_GUN_P6, 1);
CHECK_VALUE(NAPFIRE_GUN_P9, 2);
CHECK_VALUE(NAPFIRE_GUN_P12, 3);
CHECK_VALUE(NAPFIRE_GUN_HOWITZER, 4);

/* --- enum napfire_reason (also the precedence) --- */
CHECK_ENUM(napfire_reason);
CHECK_VALUE(NAPFIRE_REASON_NONE, 0);
CHECK_VALUE(NAPFIRE_REASON_NOT_COVERED, 1);
CHECK_VALUE(NAPFIRE_REASON_NO_FIGURES, 2);
CHECK_VALUE(NAPFIRE_REASON_ALREADY_FIRED, 3);
CHECK_VALUE(NAPFIRE_REASON_LIMBERED, 4);
CHECK_VALUE(NAPFIRE_REASON_MOVED_TOO_FAR, 5);
CHECK_VALUE(NAPFIRE_REASON_UNLIMBERED_THIS_TURN, 6);
CHECK_VALUE(NAPFIRE_REASON_OUT_OF_RANGE, 7);
CHECK_VALUE(NAPFIRE_REASON_SCREENED, 8);
CHECK_VALUE(NAPFIRE_REASON_CANISTER_BEYOND_RANGE, 9);
CHECK_VALUE(NAPFIRE_REASON_FRIEND_IN_ARC, 10);
CHECK_VALUE(NAPFIRE_REASON_FRIEND_SCREENS_LONG_RANGE, 11);
CHECK_VALUE(NAPFIRE_REASON_PENETRATION, 12);
CHECK_VALUE(NAPFIRE_REASON_OVERHEAD_NOT_HIGHER, 13);
CHECK_VALUE(NAPFIRE_REASON_OVERHEAD_TOO_CLOSE, 14);
CHECK_VALUE(NAPFIRE_REASON_OVERHEAD_CANISTER, 15);

/* --- enum napfire_modifier_id (the F-MOD numbers) --- */
CHECK_ENUM(napfire_modifier_id);
CHECK_VALUE(NAPFIRE_MOD_GUARD, 1);
CHECK_VALUE(NAPFIRE_MOD_ELITE, 2);
CHECK_VALUE(NAPFIRE_MOD_STEADY, 3);
CHECK_VALUE(NAPFIRE_MOD_RAW, 4);
CHECK_VALUE(NAPFIRE_MOD_BRITISH_LINE, 5);
CHECK_VALUE(NAPFIRE_MOD_FIRED_LAST_TURN, 6);
CHECK_VALUE(NAPFIRE_MOD_DISORDERED, 7);
CHECK_VALUE(NAPFIRE_MOD_COLUMN, 8);
CHECK_VALUE(NAPFIRE_MOD_SQUARE_OR_ENFILADE, 9);
CHECK_VALUE(NAPFIRE_MOD_MASS, 10);
CHECK_VALUE(NAPFIRE_MOD_ARTILLERY, 11);
CHECK_VALUE(NAPFIRE_MOD_CHARGING_CAVALRY, 12);
CHECK_VALUE(NAPFIRE_MOD_OPEN_ORDER, 13);
CHECK_VALUE(NAPFIRE_MOD_SKIRMISHERS, 14);
CHECK_VALUE(NAPFIRE_MOD_COVER, 15);
CHECK_VALUE(NAPFIRE_MOD_BUILDINGS, 16);
CHECK_VALUE(NAPFIRE_MOD_GUARD_CAP, 17);
CHECK_VALUE(NAPFIRE_MOD_EXTRA, 18);
CHECK_VALUE(NAPFIRE_MOD_MOVED_HALF, 19);

/* --- enum napfire_missing --- */
CHECK_ENUM(napfire_missing);
CHECK_VALUE(NAPFIRE_MISSING_NONE, 0);
CHECK_VALUE(NAPFIRE_MISSING_MUSKETRY_CELL, 1);
CHECK_VALUE(NAPFIRE_MISSING_ARTILLERY_CELL, 2);
CHECK_VALUE(NAPFIRE_MISSING_RANGE, 3);
CHECK_VALUE(NAPFIRE_MISSING_MODIFIER, 4);
CHECK_VALUE(NAPFIRE_MISSING_THRESHOLD, 5);

/* --- enum napfire_check --- */
CHECK_ENUM(napfire_check);
CHECK_VALUE(NAPFIRE_CHECK_NONE, 0);
CHECK_VALUE(NAPFIRE_CHECK_FALLING_ROW, 1);
CHECK_VALUE(NAPFIRE_CHECK_ROW_BELOW, 2);
CHECK_VALUE(NAPFIRE_CHECK_EMPTY_BAND, 3);
CHECK_VALUE(NAPFIRE_CHECK_LIGHTER_GUN, 4);
CHECK_VALUE(NAPFIRE_CHECK_MEASURES, 5);
CHECK_VALUE(NAPFIRE_CHECK_BUILTIN_NAME, 6);
CHECK_VALUE(NAPFIRE_CHECK_UNNAMED, 7);

/* --- enum napfire_fire --- */
CHECK_ENUM(napfire_fire);
CHECK_VALUE(NAPFIRE_FIRE_MUSKETRY, 0);
CHECK_VALUE(NAPFIRE_FIRE_ARTILLERY, 1);

/* --- enum napfire_threshold --- */
CHECK_ENUM(napfire_threshold);
CHECK_VALUE(NAPFIRE_THRESHOLD_SCREEN, 0);
CHECK_VALUE(NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, 1);
CHECK_VALUE(NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, 2);
CHECK_VALUE(NAPFIRE_THRESHOLD_STAR_FIGURES, 3);
CHECK_VALUE(NAPFIRE_THRESHOLD_ROW_2, 4);
CHECK_VALUE(NAPFIRE_THRESHOLD_ROW_3, 5);
CHECK_VALUE(NAPFIRE_THRESHOLD_ROW_4, 6);
CHECK_VALUE(NAPFIRE_THRESHOLD_ROW_5, 7);
CHECK_VALUE(NAPFIRE_THRESHOLD_GUARD_CAP, 8);

/* --- enum napfire_provenance --- */
CHECK_ENUM(napfire_provenance);
CHECK_VALUE(NAPFIRE_PROVENANCE_NAME, 0);
CHECK_VALUE(NAPFIRE_PROVENANCE_EDITION, 1);
CHECK_VALUE(NAPFIRE_PROVENANCE_SOURCE, 2);

/* --- enum napfire_unit_param (from 1) --- */
CHECK_ENUM(napfire_unit_param);
CHECK_VALUE(NAPFIRE_UNIT_ARM, 1);
CHECK_VALUE(NAPFIRE_UNIT_NATION, 2);
CHECK_VALUE(NAPFIRE_UNIT_CLASS, 3);
CHECK_VALUE(NAPFIRE_UNIT_FORMATION, 4);
CHECK_VALUE(NAPFIRE_UNIT_FIGURES, 5);
CHECK_VALUE(NAPFIRE_UNIT_WEAPON, 6);
CHECK_VALUE(NAPFIRE_UNIT_GUN, 7);
CHECK_VALUE(NAPFIRE_UNIT_COVER, 8);
CHECK_VALUE(NAPFIRE_UNIT_MOVED, 9);
CHECK_VALUE(NAPFIRE_UNIT_DISORDERED, 10);
CHECK_VALUE(NAPFIRE_UNIT_FIRED_LAST_TURN, 11);
CHECK_VALUE(NAPFIRE_UNIT_FIRED_THIS_TURN, 12);
CHECK_VALUE(NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 13);
CHECK_VALUE(NAPFIRE_UNIT_CHARGING, 14);
CHECK_VALUE(NAPFIRE_UNIT_MASSED_BATTERY, 15);
CHECK_VALUE(NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 16);

/* --- enum napfire_shot_param (from 101) --- */
CHECK_ENUM(napfire_shot_param);
CHECK_VALUE(NAPFIRE_SHOT_MEASURE, 101);
CHECK_VALUE(NAPFIRE_SHOT_DISTANCE, 102);
CHECK_VALUE(NAPFIRE_SHOT_ENFILADE, 103);
CHECK_VALUE(NAPFIRE_SHOT_FIRING_FIGURES, 104);
CHECK_VALUE(NAPFIRE_SHOT_SCREEN, 105);
CHECK_VALUE(NAPFIRE_SHOT_SCREEN_DISTANCE, 106);
CHECK_VALUE(NAPFIRE_SHOT_AMMO, 107);
CHECK_VALUE(NAPFIRE_SHOT_EXTRA_MODIFIER, 108);
CHECK_VALUE(NAPFIRE_SHOT_FRIEND_IN_ARC, 109);
CHECK_VALUE(NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 110);
CHECK_VALUE(NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, 111);
CHECK_VALUE(NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 112);
CHECK_VALUE(NAPFIRE_SHOT_CLEAR_LOS, 113);
CHECK_VALUE(NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, 114);
CHECK_VALUE(NAPFIRE_SHOT_OVERHEAD, 115);
CHECK_VALUE(NAPFIRE_SHOT_BATTERY_HIGHER, 116);
CHECK_VALUE(NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 117);
CHECK_VALUE(NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 118);

/* --- enum napfire_enum (for napfire_enum_name) --- */
CHECK_ENUM(napfire_enum);
CHECK_VALUE(NAPFIRE_ENUM_ARM, 0);
CHECK_VALUE(NAPFIRE_ENUM_NATION, 1);
CHECK_VALUE(NAPFIRE_ENUM_CLASS, 2);
CHECK_VALUE(NAPFIRE_ENUM_FORMATION, 3);
CHECK_VALUE(NAPFIRE_ENUM_WEAPON, 4);
CHECK_VALUE(NAPFIRE_ENUM_COVER, 5);
CHECK_VALUE(NAPFIRE_ENUM_MOVED, 6);
CHECK_VALUE(NAPFIRE_ENUM_MEASURE, 7);
CHECK_VALUE(NAPFIRE_ENUM_BAND, 8);
CHECK_VALUE(NAPFIRE_ENUM_AMMO, 9);
CHECK_VALUE(NAPFIRE_ENUM_GUN, 10);
CHECK_VALUE(NAPFIRE_ENUM_REASON, 11);
CHECK_VALUE(NAPFIRE_ENUM_MODIFIER, 12);
CHECK_VALUE(NAPFIRE_ENUM_MISSING, 13);
CHECK_VALUE(NAPFIRE_ENUM_FIRE, 14);
CHECK_VALUE(NAPFIRE_ENUM_THRESHOLD, 15);
CHECK_VALUE(NAPFIRE_ENUM_PROVENANCE, 16);
CHECK_VALUE(NAPFIRE_ENUM_PARAM, 17);
CHECK_VALUE(NAPFIRE_ENUM_PARSE, 18);

/* --- rules text (napfire_rules_parse / napfire_rules_format) --- */
CHECK_VALUE(NAPFIRE_RULES_TEXT_VERSION, 1);
CHECK_VALUE(NAPFIRE_RULES_TEXT_MAX, 1048576);
CHECK_VALUE(NAPFIRE_RULES_LINE_MAX, 1024);
CHECK_VALUE(NAPFIRE_PARSE_MESSAGE_SIZE, 128);

CHECK_ENUM(napfire_parse_code);
CHECK_VALUE(NAPFIRE_PARSE_OK, 0);
CHECK_VALUE(NAPFIRE_PARSE_VERSION, 1);
CHECK_VALUE(NAPFIRE_PARSE_TOO_LARGE, 2);
CHECK_VALUE(NAPFIRE_PARSE_LINE_TOO_LONG, 3);
CHECK_VALUE(NAPFIRE_PARSE_NUL, 4);
CHECK_VALUE(NAPFIRE_PARSE_UTF8, 5);
CHECK_VALUE(NAPFIRE_PARSE_CONTROL, 6);
CHECK_VALUE(NAPFIRE_PARSE_SYNTAX, 7);
CHECK_VALUE(NAPFIRE_PARSE_UNKNOWN_KEY, 8);
CHECK_VALUE(NAPFIRE_PARSE_DUPLICATE_KEY, 9);
CHECK_VALUE(NAPFIRE_PARSE_VALUE, 10);
CHECK_VALUE(NAPFIRE_PARSE_RANGE, 11);
CHECK_VALUE(NAPFIRE_PARSE_COUNT, 12);
CHECK_VALUE(NAPFIRE_PARSE_UNIT, 13);
CHECK_VALUE(NAPFIRE_PARSE_STAR, 14);
CHECK_VALUE(NAPFIRE_PARSE_ORDER, 15);

/* napfire_parse_error: 160 bytes with a reserved tail */
CHECK_SIZE(napfire_parse_error, 160);
CHECK_ALIGN(napfire_parse_error, 4);
CHECK_FIELD(napfire_parse_error, line, 0, int32_t);
CHECK_FIELD(napfire_parse_error, column, 4, int32_t);
CHECK_FIELD(napfire_parse_error, code, 8, int32_t);
CHECK_ARRAY(napfire_parse_error, message, 12, char, 128);
CHECK_ARRAY(napfire_parse_error, reserved, 140, int32_t, 5);

/* --- outcome distributions, dice, batches --- */
CHECK_VALUE(NAPFIRE_OUTCOME_DENOMINATOR, 216);
CHECK_VALUE(NAPFIRE_MAX_BATCH, 16777216u);
CHECK_VALUE(NAPFIRE_DICE_SIZE, 32);

/* napfire_outcome: 16 bytes, an array element */
CHECK_SIZE(napfire_outcome, 16);
CHECK_ALIGN(napfire_outcome, 4);
CHECK_FIELD(napfire_outcome, target_casualties, 0, int32_t);
CHECK_FIELD(napfire_outcome, screen_casualties, 4, int32_t);
CHECK_FIELD(napfire_outcome, weight, 8, int32_t);
CHECK_FIELD(napfire_outcome, reserved, 12, int32_t);

/* napfire_dice: opaque, 32 bytes, alignment 8 */
CHECK_SIZE(napfire_dice, 32);
CHECK_ALIGN(napfire_dice, 8);
ABI_ASSERT(offsetof(napfire_dice, opaque_) == 0, "napfire_dice storage at 0");
CHECK_ARRAY(napfire_dice, opaque_, 0, uint64_t, 4);

/* ===================================================================== */
/* ABI 1, version 0.1.0: hex scale (napfire_hex.h)                        */
/* ===================================================================== */

CHECK_VALUE(NAPFIRE_HEX_COORD_MAX, 1048576);
CHECK_VALUE(NAPFIRE_TRACE_SIZE, 64);
CHECK_VALUE(NAPFIRE_HEX_GRID_MAX, 65536);
CHECK_VALUE(NAPFIRE_HEX_TIRAILLEUR_RANGE, 2);
CHECK_VALUE(NAPFIRE_HEX_FIRE_MAX, 999);

/* --- napfire_hex: 8 bytes --- */
CHECK_SIZE(napfire_hex, 8);
CHECK_ALIGN(napfire_hex, 4);
CHECK_FIELD(napfire_hex, q, 0, int32_t);
CHECK_FIELD(napfire_hex, r, 4, int32_t);

/* --- napfire_trace_step: 32 bytes, an array element --- */
CHECK_SIZE(napfire_trace_step, 32);
CHECK_ALIGN(napfire_trace_step, 4);
CHECK_FIELD(napfire_trace_step, kind, 0, int32_t);
CHECK_FIELD(napfire_trace_step, side, 4, int32_t);
CHECK_FIELD(napfire_trace_step, hex, 8, napfire_hex);
CHECK_FIELD(napfire_trace_step, other, 16, napfire_hex);
CHECK_FIELD(napfire_trace_step, from_start, 24, int32_t);
CHECK_FIELD(napfire_trace_step, to_end, 28, int32_t);

/* --- napfire_trace: opaque iterator, 64 bytes, alignment 8 --- */
CHECK_SIZE(napfire_trace, 64);
CHECK_ALIGN(napfire_trace, 8);
ABI_ASSERT(offsetof(napfire_trace, opaque_) == 0, "napfire_trace storage at 0");
CHECK_ARRAY(napfire_trace, opaque_, 0, uint64_t, 8);

/* --- napfire_hex_info: 32 bytes with a reserved tail --- */
CHECK_SIZE(napfire_hex_info, 32);
CHECK_ALIGN(napfire_hex_info, 4);
CHECK_FIELD(napfire_hex_info, elevation, 0, int32_t);
CHECK_FIELD(napfire_hex_info, terrain, 4, int32_t);
CHECK_FIELD(napfire_hex_info, presence, 8, int32_t);
CHECK_FIELD(napfire_hex_info, unit_side, 12, int32_t);
CHECK_ARRAY(napfire_hex_info, reserved, 16, int32_t, 4);

/* --- napfire_los_query: 48 bytes with a reserved tail --- */
CHECK_SIZE(napfire_los_query, 48);
CHECK_ALIGN(napfire_los_query, 4);
CHECK_FIELD(napfire_los_query, firer, 0, napfire_hex);
CHECK_FIELD(napfire_los_query, target, 8, napfire_hex);
CHECK_FIELD(napfire_los_query, front_mask, 16, uint32_t);
CHECK_FIELD(napfire_los_query, firer_side, 20, int32_t);
CHECK_FIELD(napfire_los_query, target_side, 24, int32_t);
CHECK_FIELD(napfire_los_query, policy, 28, uint32_t);
CHECK_ARRAY(napfire_los_query, reserved, 32, int32_t, 4);

/* --- napfire_los_result: 64 bytes with a reserved tail --- */
CHECK_SIZE(napfire_los_result, 64);
CHECK_ALIGN(napfire_los_result, 4);
CHECK_FIELD(napfire_los_result, clear, 0, int32_t);
CHECK_FIELD(napfire_los_result, rule, 4, int32_t);
CHECK_FIELD(napfire_los_result, cause, 8, int32_t);
CHECK_FIELD(napfire_los_result, elevation, 12, int32_t);
CHECK_FIELD(napfire_los_result, blocker_kind, 16, int32_t);
CHECK_FIELD(napfire_los_result, blocker, 20, napfire_hex);
CHECK_FIELD(napfire_los_result, blocker_other, 28, napfire_hex);
CHECK_FIELD(napfire_los_result, exit_mask, 36, uint32_t);
CHECK_FIELD(napfire_los_result, distance, 40, int32_t);
CHECK_FIELD(napfire_los_result, lifted, 44, int32_t);
CHECK_ARRAY(napfire_los_result, reserved, 48, int32_t, 4);

/* --- napfire_hex_fire: 32 bytes with a reserved tail --- */
CHECK_SIZE(napfire_hex_fire, 32);
CHECK_ALIGN(napfire_hex_fire, 4);
CHECK_FIELD(napfire_hex_fire, formation, 0, int32_t);
CHECK_FIELD(napfire_hex_fire, increments, 4, int32_t);
CHECK_FIELD(napfire_hex_fire, hexes, 8, int32_t);
CHECK_FIELD(napfire_hex_fire, multiple, 12, int32_t);
CHECK_FIELD(napfire_hex_fire, printed_value, 16, int32_t);
CHECK_FIELD(napfire_hex_fire, stack_position, 20, int32_t);
CHECK_ARRAY(napfire_hex_fire, reserved, 24, int32_t, 2);

/* --- the map callback's signature --- */
ABI_ASSERT(ABI_IS_TYPE((napfire_hex_info_fn)0, int (*)(void *, napfire_hex, napfire_hex_info *)),
           "napfire_hex_info_fn is int (*)(void *, napfire_hex, napfire_hex_info *)");

/* --- enum napfire_hex_layout --- */
CHECK_ENUM(napfire_hex_layout);
CHECK_VALUE(NAPFIRE_HEX_ODD_Q, 0);
CHECK_VALUE(NAPFIRE_HEX_EVEN_Q, 1);
CHECK_VALUE(NAPFIRE_HEX_ODD_R, 2);
CHECK_VALUE(NAPFIRE_HEX_EVEN_R, 3);

/* --- enum napfire_step_kind (from 1) --- */
CHECK_ENUM(napfire_step_kind);
CHECK_VALUE(NAPFIRE_STEP_HEX, 1);
CHECK_VALUE(NAPFIRE_STEP_HEXSIDE, 2);
CHECK_VALUE(NAPFIRE_STEP_VERTEX, 3);

/* --- enum napfire_terrain --- */
CHECK_ENUM(napfire_terrain);
CHECK_VALUE(NAPFIRE_TERRAIN_CLEAR, 0);
CHECK_VALUE(NAPFIRE_TERRAIN_BLOCKING, 1);
CHECK_VALUE(NAPFIRE_TERRAIN_TOWN, 2);
CHECK_VALUE(NAPFIRE_TERRAIN_SLOPE, 3);

/* --- enum napfire_presence --- */
CHECK_ENUM(napfire_presence);
CHECK_VALUE(NAPFIRE_PRESENCE_NONE, 0);
CHECK_VALUE(NAPFIRE_PRESENCE_COMBAT, 1);
CHECK_VALUE(NAPFIRE_PRESENCE_ROUTED, 2);
CHECK_VALUE(NAPFIRE_PRESENCE_LEADER_ONLY, 3);

/* --- enum napfire_los_policy (bits) --- */
CHECK_ENUM(napfire_los_policy);
CHECK_VALUE(NAPFIRE_LOS_FRIEND_IS_TARGET_SIDE, 1);

/* --- enum napfire_los_rule --- */
CHECK_ENUM(napfire_los_rule);
CHECK_VALUE(NAPFIRE_LOS_RULE_NONE, 0);
CHECK_VALUE(NAPFIRE_LOS_RULE_FRONT_HEXSIDE, 1);
CHECK_VALUE(NAPFIRE_LOS_RULE_TOWN, 2);
CHECK_VALUE(NAPFIRE_LOS_RULE_TERRAIN, 3);
CHECK_VALUE(NAPFIRE_LOS_RULE_UNIT, 4);
CHECK_VALUE(NAPFIRE_LOS_RULE_SLOPE, 5);
CHECK_VALUE(NAPFIRE_LOS_RULE_GRAZING, 6);

/* --- enum napfire_los_elevation --- */
CHECK_ENUM(napfire_los_elevation);
CHECK_VALUE(NAPFIRE_LOS_ELV_NONE, 0);
CHECK_VALUE(NAPFIRE_LOS_ELV_EQUAL, 1);
CHECK_VALUE(NAPFIRE_LOS_ELV_EQUIDISTANT, 2);
CHECK_VALUE(NAPFIRE_LOS_ELV_OTHER_HALF, 3);
CHECK_VALUE(NAPFIRE_LOS_ELV_FRIEND_ADJACENT, 4);

/* --- enum napfire_hex_formation --- */
CHECK_ENUM(napfire_hex_formation);
CHECK_VALUE(NAPFIRE_HEX_COLUMN, 0);
CHECK_VALUE(NAPFIRE_HEX_ARTILLERY, 1);
CHECK_VALUE(NAPFIRE_HEX_LINE, 2);
CHECK_VALUE(NAPFIRE_HEX_TIRAILLEUR, 3);
CHECK_VALUE(NAPFIRE_HEX_SQUARE, 4);

/* --- enum napfire_hex_enum (for napfire_hex_enum_name) --- */
CHECK_ENUM(napfire_hex_enum);
CHECK_VALUE(NAPFIRE_HEX_ENUM_LAYOUT, 0);
CHECK_VALUE(NAPFIRE_HEX_ENUM_STEP, 1);
CHECK_VALUE(NAPFIRE_HEX_ENUM_TERRAIN, 2);
CHECK_VALUE(NAPFIRE_HEX_ENUM_PRESENCE, 3);
CHECK_VALUE(NAPFIRE_HEX_ENUM_LOS_RULE, 4);
CHECK_VALUE(NAPFIRE_HEX_ENUM_ELEVATION, 5);
CHECK_VALUE(NAPFIRE_HEX_ENUM_FORMATION, 6);

/* ===================================================================== */
/* ABI 1, version 1.3.0 (node NAPFIRE_1.3): the table measure             */
/* (napfire_table.h, F-GEO)                                               */
/* ===================================================================== */

CHECK_VALUE(NAPFIRE_TABLE_COORD_MAX, 262144);
CHECK_VALUE(NAPFIRE_MAX_SCENE, 4096);
CHECK_VALUE(NAPFIRE_MEASURED_MAX, 14);

/* --- napfire_point: 8 bytes --- */
CHECK_SIZE(napfire_point, 8);
CHECK_ALIGN(napfire_point, 4);
CHECK_FIELD(napfire_point, x, 0, int32_t);
CHECK_FIELD(napfire_point, y, 4, int32_t);

/* --- napfire_footprint: 48 bytes --- */
CHECK_SIZE(napfire_footprint, 48);
CHECK_ALIGN(napfire_footprint, 4);
CHECK_ARRAY(napfire_footprint, corner, 0, napfire_point, 4);
CHECK_FIELD(napfire_footprint, level, 32, int32_t);
CHECK_ARRAY(napfire_footprint, reserved, 36, int32_t, 3);

/* --- napfire_measured: 64 bytes --- */
CHECK_SIZE(napfire_measured, 64);
CHECK_ALIGN(napfire_measured, 4);
CHECK_FIELD(napfire_measured, param, 0, int32_t);
CHECK_FIELD(napfire_measured, value, 4, int32_t);
CHECK_FIELD(napfire_measured, decider, 8, int32_t);
CHECK_FIELD(napfire_measured, decider_index, 12, int32_t);
CHECK_FIELD(napfire_measured, rule, 16, int32_t);
CHECK_FIELD(napfire_measured, missing, 20, int32_t);
CHECK_ARRAY(napfire_measured, missing_index, 24, int32_t, 4);
CHECK_ARRAY(napfire_measured, reserved, 40, int32_t, 6);

/* --- napfire_scene: pointers and counts (size is the platform's) --- */
CHECK_FIELD(napfire_scene, firer, 0, const napfire_footprint *);
CHECK_SIZE(napfire_scene, 5 * sizeof(void *) + 2 * sizeof(size_t));

CHECK_ENUM(napfire_decider);
CHECK_VALUE(NAPFIRE_DECIDER_NONE, 0);
CHECK_VALUE(NAPFIRE_DECIDER_FIRER, 1);
CHECK_VALUE(NAPFIRE_DECIDER_TARGET, 2);
CHECK_VALUE(NAPFIRE_DECIDER_SCREEN, 3);
CHECK_VALUE(NAPFIRE_DECIDER_FRIEND, 4);
CHECK_VALUE(NAPFIRE_DECIDER_OTHER, 5);
CHECK_ENUM(napfire_table_rule);
CHECK_VALUE(NAPFIRE_TABLE_RULE_RANGE, 3);
CHECK_VALUE(NAPFIRE_TABLE_RULE_SECTOR, 6);
CHECK_VALUE(NAPFIRE_TABLE_RULE_NEAR, 7);
CHECK_VALUE(NAPFIRE_TABLE_RULE_ENFILADE, 8);
CHECK_VALUE(NAPFIRE_TABLE_RULE_CLEAR_LOS, 9);
CHECK_VALUE(NAPFIRE_TABLE_RULE_PENETRATION, 10);
CHECK_VALUE(NAPFIRE_TABLE_RULE_OVERHEAD, 11);
CHECK_VALUE(NAPFIRE_TABLE_RULE_SCREEN, 12);
CHECK_ENUM(napfire_table_enum);
CHECK_VALUE(NAPFIRE_TABLE_ENUM_DECIDER, 0);
CHECK_VALUE(NAPFIRE_TABLE_ENUM_RULE, 1);

/* ===================================================================== */
/* Run time: the library agrees with the headers it was built from.       */
/* ===================================================================== */

static int failures;

static void expect_size(const char *what, size_t got, size_t want) {
    if (got != want) {
        printf("FAIL %s = %zu, expected %zu\n", what, got, want);
        failures++;
    } else {
        printf("ok   %s = %zu\n", what, got);
    }
}

int main(void) {
    expect_size("napfire_unit_size()", napfire_unit_size(), sizeof(napfire_unit));
    expect_size("napfire_shot_size()", napfire_shot_size(), sizeof(napfire_shot));
    expect_size("napfire_rules_size()", napfire_rules_size(), sizeof(napfire_rules));
    expect_size("napfire_dice_size()", napfire_dice_size(), sizeof(napfire_dice));
    expect_size("napfire_trace_size()", napfire_trace_size(), sizeof(napfire_trace));
    expect_size("napfire_version_number()", (size_t)napfire_version_number(), (size_t)NAPFIRE_VERSION_NUMBER);

    const char *v = napfire_version_string();
    if (v == NULL || strcmp(v, NAPFIRE_VERSION_STRING) != 0) {
        printf("FAIL napfire_version_string() = %s, expected %s\n", v ? v : "(null)", NAPFIRE_VERSION_STRING);
        failures++;
    } else {
        printf("ok   napfire_version_string() = %s\n", v);
    }
    printf("%s: %d failure(s)\n",
#ifdef __cplusplus
           "C++ layout",
#else
           "C layout",
#endif
           failures);
    return failures ? 1 : 0;
}
