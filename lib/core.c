/* SPDX-License-Identifier: MIT */
/* Core: version, status texts, enumeration names. */
#include "model.h"

uint32_t napfire_version_number(void) {
    return (uint32_t)NAPFIRE_VERSION_NUMBER;
}

const char *napfire_version_string(void) {
    return NAPFIRE_VERSION_STRING;
}

/* Indexed by -status; the enum's values are contiguous from 0 to -8. */
static const char *const status_text[] = {
    "success",
    "invalid argument (NULL pointer, malformed value, or a required setting missing)",
    "value outside its documented domain",
    "object not initialised or corrupted",
    "output buffer too small",
    "the rules data needed is unknown",
    "rules text malformed",
    "struct size differs from the library's",
    "storage not aligned to 8 bytes: declare the library's type, or use memory aligned as malloc returns",
};

static const char *const status_names[] = {
    "OK", "EINVAL", "EDOMAIN", "ESTATE", "ENOSPC", "EUNKNOWN", "ESYNTAX", "ESIZE", "EALIGN",
};

const char *napfire_strerror(int status) {
    if (status > 0 || status < -(int)(NF_COUNT(status_text) - 1))
        return "unknown status";
    return status_text[-status];
}

const char *napfire_status_name(int status) {
    if (status > 0 || status < -(int)(NF_COUNT(status_names) - 1))
        return "unknown";
    return status_names[-status];
}

static const char *const arm_names[] = {
    "LINE_INFANTRY", "LIGHT_INFANTRY", "CAVALRY", "FOOT_ARTILLERY", "HORSE_ARTILLERY",
};
static const char *const nation_names[] = {
    "OTHER", "FRANCE", "BRITAIN", "KGL", "PORTUGAL", "SPAIN", "AUSTRIA", "PRUSSIA", "RUSSIA",
};
static const char *const class_names[] = {
    "GUARD", "ELITE", "VETERAN", "LINE", "SECOND_RATE", "CONSCRIPT", "MILITIA",
};
static const char *const formation_names[] = {
    "LINE",
    "COLUMN_OF_COMPANIES",
    "COLUMN_OF_DIVISIONS",
    "MASSED_COLUMN",
    "SQUARE",
    "MASS",
    "OPEN_ORDER",
    "SKIRMISH",
    "LIMBERED",
    "UNLIMBERED",
};
static const char *const weapon_names[] = {"MUSKET", "RIFLE", "SHARPSHOOTER"};
static const char *const cover_names[] = {"NONE", "LIMITED", "COVER", "BUILDINGS"};
static const char *const moved_names[] = {"NONE", "HALF", "MORE"};
static const char *const measure_names[] = {"METRIC", "IMPERIAL"};
static const char *const band_names[] = {"NONE", "CANISTER", "EFFECTIVE", "LONG"};
static const char *const ammo_names[] = {"ROUNDSHOT", "CANISTER"};
static const char *const gun_names[] = {"LIGHT", "P6", "P9", "P12", "HOWITZER"};
static const char *const reason_names[] = {
    "NONE",        "NOT_COVERED",           "NO_FIGURES",           "ALREADY_FIRED",
    "LIMBERED",    "MOVED_TOO_FAR",         "UNLIMBERED_THIS_TURN", "OUT_OF_RANGE",
    "SCREENED",    "CANISTER_BEYOND_RANGE", "FRIEND_IN_ARC",        "FRIEND_SCREENS_LONG_RANGE",
    "PENETRATION", "OVERHEAD_NOT_HIGHER",   "OVERHEAD_TOO_CLOSE",   "OVERHEAD_CANISTER",
};
/* Index 0 is not a modifier: the ids are the F-MOD numbers, from 1. */
static const char *const modifier_names[] = {
    NULL,
    "GUARD",
    "ELITE",
    "STEADY",
    "RAW",
    "BRITISH_LINE",
    "FIRED_LAST_TURN",
    "DISORDERED",
    "COLUMN",
    "SQUARE_OR_ENFILADE",
    "MASS",
    "ARTILLERY",
    "CHARGING_CAVALRY",
    "OPEN_ORDER",
    "SKIRMISHERS",
    "COVER",
    "BUILDINGS",
    "GUARD_CAP",
    "EXTRA",
    "MOVED_HALF",
};
static const char *const missing_names[] = {
    "NONE", "MUSKETRY_CELL", "ARTILLERY_CELL", "RANGE", "MODIFIER", "THRESHOLD",
};
static const char *const fire_names[] = {"MUSKETRY", "ARTILLERY"};
static const char *const threshold_names[] = {
    "SCREEN",    "LONG_RANGE_CLEARANCE", "OVERHEAD_CLEARANCE", "STAR_FIGURES", "ROW_2", "ROW_3", "ROW_4", "ROW_5",
    "GUARD_CAP",
};
static const char *const provenance_names[] = {"NAME", "EDITION", "SOURCE"};
static const char *const parse_names[] = {"OK",      "VERSION", "TOO_LARGE",   "LINE_TOO_LONG", "NUL",   "UTF8",
                                          "CONTROL", "SYNTAX",  "UNKNOWN_KEY", "DUPLICATE_KEY", "VALUE", "RANGE",
                                          "COUNT",   "UNIT",    "STAR",        "ORDER"};
static const char *const unit_param_names[] = {
    "UNIT_ARM",
    "UNIT_NATION",
    "UNIT_CLASS",
    "UNIT_FORMATION",
    "UNIT_FIGURES",
    "UNIT_WEAPON",
    "UNIT_GUN",
    "UNIT_COVER",
    "UNIT_MOVED",
    "UNIT_DISORDERED",
    "UNIT_FIRED_LAST_TURN",
    "UNIT_FIRED_THIS_TURN",
    "UNIT_SECOND_CLASS_FIRERS",
    "UNIT_CHARGING",
    "UNIT_MASSED_BATTERY",
    "UNIT_UNLIMBERED_THIS_TURN",
};
static const char *const shot_param_names[] = {
    "SHOT_MEASURE",
    "SHOT_DISTANCE",
    "SHOT_ENFILADE",
    "SHOT_FIRING_FIGURES",
    "SHOT_SCREEN",
    "SHOT_SCREEN_DISTANCE",
    "SHOT_AMMO",
    "SHOT_EXTRA_MODIFIER",
    "SHOT_FRIEND_IN_ARC",
    "SHOT_FRIEND_NEAR_TARGET",
    "SHOT_FRIEND_NEAR_BATTERY",
    "SHOT_TARGET_FAR_FROM_FRIENDS",
    "SHOT_CLEAR_LOS",
    "SHOT_PENETRATION_HITS_FRIEND",
    "SHOT_OVERHEAD",
    "SHOT_BATTERY_HIGHER",
    "SHOT_OVERHEAD_FRIEND_TO_BATTERY",
    "SHOT_OVERHEAD_FRIEND_TO_ENEMY",
};

_Static_assert(NF_COUNT(unit_param_names) == NF_UNIT_NPARAMS, "unit parameter names");
_Static_assert(NF_COUNT(shot_param_names) == NF_SHOT_NPARAMS, "shot parameter names");
_Static_assert(NF_COUNT(reason_names) == NF_REASONS, "reason names");
_Static_assert(NF_COUNT(modifier_names) == NF_MOD_IDS, "modifier names");
_Static_assert(NF_COUNT(threshold_names) == NF_THRESHOLDS, "threshold names");
_Static_assert(NF_COUNT(parse_names) == NAPFIRE_PARSE_ORDER + 1, "parse code names");

/* Indexed by enum napfire_enum. */
static const struct name_table name_tables[] = {
    [NAPFIRE_ENUM_ARM] = NAME_TABLE(arm_names),
    [NAPFIRE_ENUM_NATION] = NAME_TABLE(nation_names),
    [NAPFIRE_ENUM_CLASS] = NAME_TABLE(class_names),
    [NAPFIRE_ENUM_FORMATION] = NAME_TABLE(formation_names),
    [NAPFIRE_ENUM_WEAPON] = NAME_TABLE(weapon_names),
    [NAPFIRE_ENUM_COVER] = NAME_TABLE(cover_names),
    [NAPFIRE_ENUM_MOVED] = NAME_TABLE(moved_names),
    [NAPFIRE_ENUM_MEASURE] = NAME_TABLE(measure_names),
    [NAPFIRE_ENUM_BAND] = NAME_TABLE(band_names),
    [NAPFIRE_ENUM_AMMO] = NAME_TABLE(ammo_names),
    [NAPFIRE_ENUM_GUN] = NAME_TABLE(gun_names),
    [NAPFIRE_ENUM_REASON] = NAME_TABLE(reason_names),
    [NAPFIRE_ENUM_MODIFIER] = NAME_TABLE(modifier_names),
    [NAPFIRE_ENUM_MISSING] = NAME_TABLE(missing_names),
    [NAPFIRE_ENUM_FIRE] = NAME_TABLE(fire_names),
    [NAPFIRE_ENUM_THRESHOLD] = NAME_TABLE(threshold_names),
    [NAPFIRE_ENUM_PROVENANCE] = NAME_TABLE(provenance_names),
    /* NAPFIRE_ENUM_PARAM spans two value ranges: napfire_enum_name(). */
    [NAPFIRE_ENUM_PARSE] = NAME_TABLE(parse_names),
};

const char *napfire_enum_name(int32_t enumeration, int32_t value) {
    if (enumeration == NAPFIRE_ENUM_PARAM) {
        if (value >= NF_UNIT_PARAM_FIRST && value <= NF_UNIT_PARAM_LAST)
            return unit_param_names[value - NF_UNIT_PARAM_FIRST];
        if (value >= NF_SHOT_PARAM_FIRST && value <= NF_SHOT_PARAM_LAST)
            return shot_param_names[value - NF_SHOT_PARAM_FIRST];
        return "unknown";
    }
    return napfire__name_of(name_tables, NF_COUNT(name_tables), enumeration, value);
}

const char *napfire_reason_name(int32_t reason) {
    return napfire_enum_name(NAPFIRE_ENUM_REASON, reason);
}

const char *napfire_modifier_name(int32_t id) {
    return napfire_enum_name(NAPFIRE_ENUM_MODIFIER, id);
}
