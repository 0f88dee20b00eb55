/* SPDX-License-Identifier: MIT */
/*
 * Core: version, status codes and their texts, enumeration names, sizes.
 * napfire.h "Core" and API contract "Principles"; names of every
 * enumeration of the F-* rules (the reason order is the precedence of the
 * API contract).
 */
#include <stdio.h>

#include "nftest.h"

/* napfire.h Core: the library and the header agree. */
START_TEST(version_matches_header) {
    ck_assert_uint_eq(napfire_version_number(), (uint32_t)NAPFIRE_VERSION_NUMBER);
    ck_assert_uint_eq(napfire_version_number(),
                      (uint32_t)(NAPFIRE_VERSION_MAJOR * 10000 + NAPFIRE_VERSION_MINOR * 100 + NAPFIRE_VERSION_PATCH));
    const char *v = napfire_version_string();
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(v, NAPFIRE_VERSION_STRING);
    char buf[32];
    snprintf(buf, sizeof buf, "%d.%d.%d", NAPFIRE_VERSION_MAJOR, NAPFIRE_VERSION_MINOR, NAPFIRE_VERSION_PATCH);
    ck_assert_str_eq(v, buf);
    /* Static storage: the same text on every call. */
    ck_assert_ptr_eq(napfire_version_string(), v);
}
END_TEST

static const struct {
    int status;
    const char *name;
} statuses[] = {
    {NAPFIRE_OK, "OK"},           {NAPFIRE_EINVAL, "EINVAL"}, {NAPFIRE_EDOMAIN, "EDOMAIN"},
    {NAPFIRE_ESTATE, "ESTATE"},   {NAPFIRE_ENOSPC, "ENOSPC"}, {NAPFIRE_EUNKNOWN, "EUNKNOWN"},
    {NAPFIRE_ESYNTAX, "ESYNTAX"}, {NAPFIRE_ESIZE, "ESIZE"},   {NAPFIRE_EALIGN, "EALIGN"},
};

/* API contract status table: fixed values. */
START_TEST(status_values_fixed) {
    ck_assert_int_eq(NAPFIRE_OK, 0);
    ck_assert_int_eq(NAPFIRE_EINVAL, -1);
    ck_assert_int_eq(NAPFIRE_EDOMAIN, -2);
    ck_assert_int_eq(NAPFIRE_ESTATE, -3);
    ck_assert_int_eq(NAPFIRE_ENOSPC, -4);
    ck_assert_int_eq(NAPFIRE_EUNKNOWN, -5);
    ck_assert_int_eq(NAPFIRE_ESYNTAX, -6);
    ck_assert_int_eq(NAPFIRE_ESIZE, -7);
    ck_assert_int_eq(NAPFIRE_EALIGN, -8);
}
END_TEST

/* strerror: never NULL, a distinct non-empty text per status,
 * "unknown status" for anything else. */
/* napfire.h Core (napfire_strerror) */
START_TEST(strerror_every_status) {
    for (size_t i = 0; i < NF_NELEM(statuses); i++) {
        const char *t = napfire_strerror(statuses[i].status);
        ck_assert_ptr_nonnull(t);
        ck_assert_uint_gt(strlen(t), 0);
        ck_assert_str_ne(t, "unknown status");
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(t, napfire_strerror(statuses[j].status));
    }
    const int unknown[] = {1, 2, -9, -100, 100, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(unknown); i++) {
        const char *t = napfire_strerror(unknown[i]);
        ck_assert_ptr_nonnull(t);
        ck_assert_str_eq(t, "unknown status");
    }
}
END_TEST

/* napfire.h Core (napfire_status_name) */
START_TEST(status_name_every_status) {
    for (size_t i = 0; i < NF_NELEM(statuses); i++) {
        const char *t = napfire_status_name(statuses[i].status);
        ck_assert_ptr_nonnull(t);
        ck_assert_str_eq(t, statuses[i].name);
    }
    const int unknown[] = {1, -9, -1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(unknown); i++) {
        const char *t = napfire_status_name(unknown[i]);
        ck_assert_ptr_nonnull(t);
        ck_assert_str_eq(t, "unknown");
    }
}
END_TEST

/* Expected names: the enumerator without its prefix (header docs). */
static const char *const arm_names[] = {"LINE_INFANTRY", "LIGHT_INFANTRY", "CAVALRY", "FOOT_ARTILLERY",
                                        "HORSE_ARTILLERY"};
static const char *const nation_names[] = {"OTHER", "FRANCE",  "BRITAIN", "KGL",   "PORTUGAL",
                                           "SPAIN", "AUSTRIA", "PRUSSIA", "RUSSIA"};
static const char *const class_names[] = {"GUARD", "ELITE", "VETERAN", "LINE", "SECOND_RATE", "CONSCRIPT", "MILITIA"};
static const char *const formation_names[] = {"LINE",
                                              "COLUMN_OF_COMPANIES",
                                              "COLUMN_OF_DIVISIONS",
                                              "MASSED_COLUMN",
                                              "SQUARE",
                                              "MASS",
                                              "OPEN_ORDER",
                                              "SKIRMISH",
                                              "LIMBERED",
                                              "UNLIMBERED"};
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
    "PENETRATION", "OVERHEAD_NOT_HIGHER",   "OVERHEAD_TOO_CLOSE",   "OVERHEAD_CANISTER"};
/* Index 0 is not a modifier id. */
static const char *const modifier_names[] = {NULL,
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
                                             "MOVED_HALF"};
static const char *const missing_names[] = {"NONE",  "MUSKETRY_CELL", "ARTILLERY_CELL",
                                            "RANGE", "MODIFIER",      "THRESHOLD"};
static const char *const fire_names[] = {"MUSKETRY", "ARTILLERY"};
static const char *const threshold_names[] = {
    "SCREEN",   "LONG_RANGE_CLEARANCE", "OVERHEAD_CLEARANCE", "STAR_FIGURES", "ROW_2", "ROW_3", "ROW_4", "ROW_5",
    "GUARD_CAP"};
static const char *const provenance_names[] = {"NAME", "EDITION", "SOURCE"};
static const char *const parse_names[] = {"OK",      "VERSION", "TOO_LARGE",   "LINE_TOO_LONG", "NUL",   "UTF8",
                                          "CONTROL", "SYNTAX",  "UNKNOWN_KEY", "DUPLICATE_KEY", "VALUE", "RANGE",
                                          "COUNT",   "UNIT",    "STAR",        "ORDER"};

static const struct {
    int32_t e;
    const char *const *names;
    int32_t n;
    int32_t first; /* first valid value */
} enums[] = {
    {NAPFIRE_ENUM_ARM, arm_names, 5, 0},
    {NAPFIRE_ENUM_NATION, nation_names, 9, 0},
    {NAPFIRE_ENUM_CLASS, class_names, 7, 0},
    {NAPFIRE_ENUM_FORMATION, formation_names, 10, 0},
    {NAPFIRE_ENUM_WEAPON, weapon_names, 3, 0},
    {NAPFIRE_ENUM_COVER, cover_names, 4, 0},
    {NAPFIRE_ENUM_MOVED, moved_names, 3, 0},
    {NAPFIRE_ENUM_MEASURE, measure_names, 2, 0},
    {NAPFIRE_ENUM_BAND, band_names, 4, 0},
    {NAPFIRE_ENUM_AMMO, ammo_names, 2, 0},
    {NAPFIRE_ENUM_GUN, gun_names, 5, 0},
    {NAPFIRE_ENUM_REASON, reason_names, 16, 0},
    {NAPFIRE_ENUM_MODIFIER, modifier_names, 20, 1},
    {NAPFIRE_ENUM_MISSING, missing_names, 6, 0},
    {NAPFIRE_ENUM_FIRE, fire_names, 2, 0},
    {NAPFIRE_ENUM_THRESHOLD, threshold_names, 9, 0},
    {NAPFIRE_ENUM_PROVENANCE, provenance_names, 3, 0},
    {NAPFIRE_ENUM_PARSE, parse_names, 16, 0},
};

/* Every value of every enumeration has its name; out-of-range is "unknown". */
/* napfire.h Core (napfire_enum_name), every F-* enumeration */
START_TEST(enum_name_every_value) {
    for (size_t i = 0; i < NF_NELEM(enums); i++) {
        for (int32_t v = enums[i].first; v < enums[i].n; v++) {
            const char *t = napfire_enum_name(enums[i].e, v);
            ck_assert_ptr_nonnull(t);
            ck_assert_msg(strcmp(t, enums[i].names[v]) == 0, "enum %d value %d: \"%s\", want \"%s\"", (int)enums[i].e,
                          (int)v, t, enums[i].names[v]);
        }
        const int32_t bad[] = {enums[i].first - 1, enums[i].n, enums[i].n + 1, 1000, -1000, INT32_MIN, INT32_MAX};
        for (size_t j = 0; j < NF_NELEM(bad); j++) {
            const char *t = napfire_enum_name(enums[i].e, bad[j]);
            ck_assert_ptr_nonnull(t);
            ck_assert_msg(strcmp(t, "unknown") == 0, "enum %d value %d: \"%s\", want \"unknown\"", (int)enums[i].e,
                          (int)bad[j], t);
        }
    }
    /* Unknown enumerations. */
    const int32_t bad_enum[] = {-1, 19, 100, INT32_MIN, INT32_MAX};
    for (size_t j = 0; j < NF_NELEM(bad_enum); j++) {
        ck_assert_ptr_nonnull(napfire_enum_name(bad_enum[j], 0));
        ck_assert_str_eq(napfire_enum_name(bad_enum[j], 0), "unknown");
    }
}
END_TEST

/* Parameter names: unit 1..16 and shot 101..118, without their prefixes. */
/* napfire.h (parameter names) */
START_TEST(enum_name_params) {
    static const char *const unit_params[] = {"ARM",
                                              "NATION",
                                              "CLASS",
                                              "FORMATION",
                                              "FIGURES",
                                              "WEAPON",
                                              "GUN",
                                              "COVER",
                                              "MOVED",
                                              "DISORDERED",
                                              "FIRED_LAST_TURN",
                                              "FIRED_THIS_TURN",
                                              "SECOND_CLASS_FIRERS",
                                              "CHARGING",
                                              "MASSED_BATTERY",
                                              "UNLIMBERED_THIS_TURN"};
    static const char *const shot_params[] = {"MEASURE",
                                              "DISTANCE",
                                              "ENFILADE",
                                              "FIRING_FIGURES",
                                              "SCREEN",
                                              "SCREEN_DISTANCE",
                                              "AMMO",
                                              "EXTRA_MODIFIER",
                                              "FRIEND_IN_ARC",
                                              "FRIEND_NEAR_TARGET",
                                              "FRIEND_NEAR_BATTERY",
                                              "TARGET_FAR_FROM_FRIENDS",
                                              "CLEAR_LOS",
                                              "PENETRATION_HITS_FRIEND",
                                              "OVERHEAD",
                                              "BATTERY_HIGHER",
                                              "OVERHEAD_FRIEND_TO_BATTERY",
                                              "OVERHEAD_FRIEND_TO_ENEMY"};
    ck_assert_int_eq(NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 16);
    ck_assert_int_eq(NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 118);
    /* The parameter "enumeration" spans two C enums (NAPFIRE_UNIT_*,
     * NAPFIRE_SHOT_*): the name is the enumerator without "NAPFIRE_UNIT_" /
     * "NAPFIRE_SHOT_" or without "NAPFIRE_" only; either reading, but the
     * same for every parameter. */
    int with_group = strcmp(napfire_enum_name(NAPFIRE_ENUM_PARAM, NAPFIRE_UNIT_ARM), "UNIT_ARM") == 0;
    char want[64];
    for (int32_t p = 1; p <= 16; p++) {
        snprintf(want, sizeof want, "%s%s", with_group ? "UNIT_" : "", unit_params[p - 1]);
        ck_assert_str_eq(napfire_enum_name(NAPFIRE_ENUM_PARAM, p), want);
    }
    for (int32_t p = 101; p <= 118; p++) {
        snprintf(want, sizeof want, "%s%s", with_group ? "SHOT_" : "", shot_params[p - 101]);
        ck_assert_str_eq(napfire_enum_name(NAPFIRE_ENUM_PARAM, p), want);
    }
    const int32_t bad[] = {0, 17, 50, 100, 119, -1, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad); i++)
        ck_assert_str_eq(napfire_enum_name(NAPFIRE_ENUM_PARAM, bad[i]), "unknown");
}
END_TEST

/* reason_name / modifier_name agree with enum_name and give "unknown". */
/* napfire.h Core; F-MOD ids, reason precedence names */
START_TEST(reason_and_modifier_names) {
    for (int32_t r = NAPFIRE_REASON_NONE; r <= NAPFIRE_REASON_OVERHEAD_CANISTER; r++) {
        ck_assert_str_eq(napfire_reason_name(r), reason_names[r]);
        ck_assert_str_eq(napfire_reason_name(r), napfire_enum_name(NAPFIRE_ENUM_REASON, r));
    }
    ck_assert_str_eq(napfire_reason_name(NAPFIRE_REASON_SCREENED), "SCREENED");
    const int32_t bad_r[] = {-1, 16, 32, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad_r); i++) {
        ck_assert_ptr_nonnull(napfire_reason_name(bad_r[i]));
        ck_assert_str_eq(napfire_reason_name(bad_r[i]), "unknown");
    }
    for (int32_t m = NAPFIRE_MOD_GUARD; m <= NAPFIRE_MOD_MOVED_HALF; m++) {
        ck_assert_str_eq(napfire_modifier_name(m), modifier_names[m]);
        ck_assert_str_eq(napfire_modifier_name(m), napfire_enum_name(NAPFIRE_ENUM_MODIFIER, m));
    }
    ck_assert_str_eq(napfire_modifier_name(NAPFIRE_MOD_GUARD_CAP), "GUARD_CAP");
    const int32_t bad_m[] = {0, -1, 20, 21, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad_m); i++) {
        ck_assert_ptr_nonnull(napfire_modifier_name(bad_m[i]));
        ck_assert_str_eq(napfire_modifier_name(bad_m[i]), "unknown");
    }
}
END_TEST

/* API contract Principles: fixed sizes and alignment 8. */
START_TEST(sizes_and_alignment) {
    ck_assert_uint_eq(napfire_unit_size(), 128);
    ck_assert_uint_eq(napfire_shot_size(), 512);
    ck_assert_uint_eq(napfire_rules_size(), 4096);
    ck_assert_uint_eq(sizeof(napfire_unit), NAPFIRE_UNIT_SIZE);
    ck_assert_uint_eq(sizeof(napfire_shot), NAPFIRE_SHOT_SIZE);
    ck_assert_uint_eq(sizeof(napfire_rules), NAPFIRE_RULES_SIZE);
    ck_assert_uint_eq(_Alignof(napfire_unit), 8);
    ck_assert_uint_eq(_Alignof(napfire_shot), 8);
    ck_assert_uint_eq(_Alignof(napfire_rules), 8);
    ck_assert_uint_eq(sizeof(napfire_modifier), 16);
    ck_assert_uint_eq(sizeof(napfire_result), 128);
}
END_TEST

/* Objects may be copied with plain assignment (API contract Principles). */
START_TEST(objects_copy_by_assignment) {
    napfire_unit a, b;
    infantry(&a, NAPFIRE_NATION_KGL, NAPFIRE_CLASS_VETERAN, NAPFIRE_FORMATION_SQUARE, 33);
    b = a;
    ck_assert_int_eq(uget(&b, NAPFIRE_UNIT_NATION), NAPFIRE_NATION_KGL);
    ck_assert_int_eq(uget(&b, NAPFIRE_UNIT_FIGURES), 33);
    uset(&b, NAPFIRE_UNIT_FIGURES, 20);
    ck_assert_int_eq(uget(&a, NAPFIRE_UNIT_FIGURES), 33);

    napfire_rules r1, r2;
    rules_new(&r1);
    ck_assert_int_eq(napfire_rules_set_musketry(&r1, 4, 8, 30, 0), NAPFIRE_OK);
    memcpy(&r2, &r1, sizeof r2);
    int32_t h = 0, st = 0;
    ck_assert_int_eq(napfire_rules_get_musketry(&r2, 4, 8, &h, &st), NAPFIRE_OK);
    ck_assert_int_eq(h, 30);
}
END_TEST

static Suite *core_suite(void) {
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, status_values_fixed);
    tcase_add_test(tc, strerror_every_status);
    tcase_add_test(tc, status_name_every_status);
    tcase_add_test(tc, enum_name_every_value);
    tcase_add_test(tc, enum_name_params);
    tcase_add_test(tc, reason_and_modifier_names);
    tcase_add_test(tc, sizes_and_alignment);
    tcase_add_test(tc, objects_copy_by_assignment);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return run_suite(core_suite());
}
