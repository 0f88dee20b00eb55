/* SPDX-License-Identifier: MIT */
/* napfire musketry / napfire artillery: one shot from options, resolved
 * and explained. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"

enum who { FIRER, TARGET, SHOT, DICE };
enum kind { K_ENUM, K_INT, K_FLAG, K_DIST, K_DIST_OR_NONE };
enum only { BOTH, MUSKETRY_ONLY, ARTILLERY_ONLY };

struct opt {
    const char *name;
    enum who who;
    int32_t param;    /* unit or shot parameter; for DICE 0 roll, 1 half die */
    enum kind kind;
    int32_t enum_id;  /* NAPFIRE_ENUM_* for K_ENUM */
    enum only only;
    const char *help;
};

#define ARM_PARAM 0 /* pseudo-parameter: the unit's arm, chosen before init */

static const struct opt opts[] = {
    {"arm", FIRER, ARM_PARAM, K_ENUM, NAPFIRE_ENUM_ARM, BOTH,
     "firer arm: line-infantry (default), light-infantry; foot-artillery (default), horse-artillery"},
    {"nation", FIRER, NAPFIRE_UNIT_NATION, K_ENUM, NAPFIRE_ENUM_NATION, BOTH, "firer nation: other, france, britain, kgl, portugal, spain, austria, prussia, russia"},
    {"class", FIRER, NAPFIRE_UNIT_CLASS, K_ENUM, NAPFIRE_ENUM_CLASS, BOTH, "firer class: guard, elite, veteran, line, second-rate, conscript, militia"},
    {"formation", FIRER, NAPFIRE_UNIT_FORMATION, K_ENUM, NAPFIRE_ENUM_FORMATION, BOTH, "firer formation: line, column-of-companies, column-of-divisions, massed-column, square, mass, open-order, skirmish; limbered, unlimbered"},
    {"figures", FIRER, NAPFIRE_UNIT_FIGURES, K_INT, 0, BOTH, "firer figures (artillery: gun models)"},
    {"weapon", FIRER, NAPFIRE_UNIT_WEAPON, K_ENUM, NAPFIRE_ENUM_WEAPON, MUSKETRY_ONLY, "musket, rifle, sharpshooter"},
    {"gun", FIRER, NAPFIRE_UNIT_GUN, K_ENUM, NAPFIRE_ENUM_GUN, ARTILLERY_ONLY, "light, p6, p9, p12, howitzer"},
    {"cover", FIRER, NAPFIRE_UNIT_COVER, K_ENUM, NAPFIRE_ENUM_COVER, BOTH, "firer cover: none, limited, cover, buildings"},
    {"moved", FIRER, NAPFIRE_UNIT_MOVED, K_ENUM, NAPFIRE_ENUM_MOVED, BOTH, "none, half, more"},
    {"disordered", FIRER, NAPFIRE_UNIT_DISORDERED, K_FLAG, 0, MUSKETRY_ONLY, "firer disordered (F-MOD-7)"},
    {"fired-last-turn", FIRER, NAPFIRE_UNIT_FIRED_LAST_TURN, K_FLAG, 0, MUSKETRY_ONLY, "fired in the previous turn (F-MOD-6)"},
    {"fired-this-turn", FIRER, NAPFIRE_UNIT_FIRED_THIS_TURN, K_FLAG, 0, BOTH, "already fired this turn (F-ART-2)"},
    {"second-class", FIRER, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, K_FLAG, 0, MUSKETRY_ONLY, "2nd-class firers (F-CAS-2)"},
    {"unlimbered-this-turn", FIRER, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, K_FLAG, 0, ARTILLERY_ONLY, "foot artillery unlimbered this turn (F-ART-3)"},
    {"target-arm", TARGET, ARM_PARAM, K_ENUM, NAPFIRE_ENUM_ARM, BOTH, "target arm (default line-infantry)"},
    {"target-nation", TARGET, NAPFIRE_UNIT_NATION, K_ENUM, NAPFIRE_ENUM_NATION, BOTH, "target nation"},
    {"target-formation", TARGET, NAPFIRE_UNIT_FORMATION, K_ENUM, NAPFIRE_ENUM_FORMATION, BOTH, "target formation"},
    {"target-figures", TARGET, NAPFIRE_UNIT_FIGURES, K_INT, 0, BOTH, "target figures"},
    {"target-cover", TARGET, NAPFIRE_UNIT_COVER, K_ENUM, NAPFIRE_ENUM_COVER, BOTH, "target cover: none, limited, cover, buildings"},
    {"target-charging", TARGET, NAPFIRE_UNIT_CHARGING, K_FLAG, 0, BOTH, "target is charging cavalry (F-MOD-12)"},
    {"target-massed-battery", TARGET, NAPFIRE_UNIT_MASSED_BATTERY, K_FLAG, 0, BOTH, "target artillery is a massed battery (F-MOD-11)"},
    {"distance", SHOT, NAPFIRE_SHOT_DISTANCE, K_DIST, 0, BOTH, "distance, e.g. 15cm, 150mm, 9in (metric or imperial tables)"},
    {"enfilade", SHOT, NAPFIRE_SHOT_ENFILADE, K_FLAG, 0, BOTH, "enfilade fire (F-MOD-9)"},
    {"firing-figures", SHOT, NAPFIRE_SHOT_FIRING_FIGURES, K_INT, 0, MUSKETRY_ONLY, "figures that fire, if fewer than the unit (F-TAB-2)"},
    {"screen", SHOT, NAPFIRE_SHOT_SCREEN_DISTANCE, K_DIST, 0, BOTH, "target covered by skirmishers this far in front (F-SCR)"},
    {"extra", SHOT, NAPFIRE_SHOT_EXTRA_MODIFIER, K_INT, 0, BOTH, "house-rule modifier -10..10 (F-MOD-E)"},
    {"ammo", SHOT, NAPFIRE_SHOT_AMMO, K_ENUM, NAPFIRE_ENUM_AMMO, ARTILLERY_ONLY, "roundshot, canister"},
    {"friend-in-arc", SHOT, NAPFIRE_SHOT_FRIEND_IN_ARC, K_FLAG, 0, ARTILLERY_ONLY, "a friendly unit in the canister arc (F-ART-4)"},
    {"friend-near-target", SHOT, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, K_DIST_OR_NONE, 0, ARTILLERY_ONLY, "nearest friend in front of the target (F-ART-5)"},
    {"friend-near-battery", SHOT, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, K_DIST_OR_NONE, 0, ARTILLERY_ONLY, "nearest friend in front of the battery (F-ART-5)"},
    {"target-far", SHOT, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, K_DIST_OR_NONE, 0, ARTILLERY_ONLY, "farthest part of the target from those friends (F-ART-5)"},
    {"clear-los", SHOT, NAPFIRE_SHOT_CLEAR_LOS, K_FLAG, 0, ARTILLERY_ONLY, "clear line of sight (F-ART-5 exception)"},
    {"penetration", SHOT, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, K_FLAG, 0, ARTILLERY_ONLY, "roundshot would pass into friends (F-ART-6)"},
    {"overhead", SHOT, NAPFIRE_SHOT_OVERHEAD, K_FLAG, 0, ARTILLERY_ONLY, "fire over friendly units (F-ART-7)"},
    {"battery-higher", SHOT, NAPFIRE_SHOT_BATTERY_HIGHER, K_FLAG, 0, ARTILLERY_ONLY, "battery higher than target and friends (F-ART-7)"},
    {"overhead-to-battery", SHOT, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, K_DIST, 0, ARTILLERY_ONLY, "overflown friends to the battery front (F-ART-7)"},
    {"overhead-to-enemy", SHOT, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, K_DIST, 0, ARTILLERY_ONLY, "overflown friends to the enemy (F-ART-7)"},
    {"roll", DICE, 0, K_INT, 0, BOTH, "the 2D6 roll, 2..12 (required)"},
    {"half-die", DICE, 1, K_INT, 0, BOTH, "the half die 1..6; 0 or absent: not rolled yet"},
};

#define NOPTS (sizeof opts / sizeof opts[0])

static void help(const char *cmd, int artillery) {
    printf("usage: napfire %s [OPTIONS] --distance D --roll N\n\n", cmd);
    printf("Resolves one %s shot with the built-in rules data (RULES.md F-DATA)\n"
           "and explains it. Distances: 15cm, 150mm, 9in or 9\" (metric and\n"
           "imperial are separate tables; do not mix them in one shot).\n\n",
           artillery ? "artillery" : "musketry");
    for (size_t i = 0; i < NOPTS; i++) {
        const struct opt *o = &opts[i];
        if (o->only == (artillery ? MUSKETRY_ONLY : ARTILLERY_ONLY))
            continue;
        printf("  --%-22s %s\n", o->name, o->help);
    }
    printf("  --%-22s %s\n", "rules FILE", "rules data text over the built-in data (doc/rules-format.md)");
    printf("  --%-22s %s\n", "json", "machine-readable output");
    printf("\nExit status: 0 resolved, 1 the rules forbid the shot, 2 bad input,\n"
           "3 the rules data needed is unknown (the message names it).\n");
}

/* "column-of-divisions" matches the library's name "COLUMN_OF_DIVISIONS". */
static int parse_enum(int32_t enum_id, const char *text, int32_t *out) {
    for (int32_t v = 0; v < 64; v++) {
        const char *name = napfire_enum_name(enum_id, v);
        if (!strcmp(name, "unknown"))
            continue;
        size_t i = 0;
        for (; name[i] && text[i]; i++) {
            char c = (char)toupper((unsigned char)text[i]);
            if (c == '-')
                c = '_';
            if (c != name[i])
                break;
        }
        if (!name[i] && !text[i]) {
            *out = v;
            return 0;
        }
    }
    return -1;
}

static int parse_int(const char *text, int32_t *out) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < -1000000000L || v > 1000000000L)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* "15cm" -> 150 (metric), "9in" / 9" -> 90 (imperial). One decimal at most:
 * the tables are in whole mm and tenths of an inch. */
static int parse_distance(const char *text, int32_t *value, int32_t *measure) {
    long whole = 0, frac = 0;
    int digits = 0, fdigits = 0;
    const char *p = text;
    for (; isdigit((unsigned char)*p) && digits < 7; p++, digits++)
        whole = whole * 10 + (*p - '0');
    if (*p == '.') {
        for (p++; isdigit((unsigned char)*p) && fdigits < 1; p++, fdigits++)
            frac = *p - '0';
    }
    if (!digits)
        return -1;
    if (!strcmp(p, "cm")) {
        *measure = NAPFIRE_MEASURE_METRIC;
        *value = (int32_t)(whole * 10 + frac);
    } else if (!strcmp(p, "mm") && fdigits == 0) {
        *measure = NAPFIRE_MEASURE_METRIC;
        *value = (int32_t)whole;
    } else if (!strcmp(p, "in") || !strcmp(p, "\"")) {
        *measure = NAPFIRE_MEASURE_IMPERIAL;
        *value = (int32_t)(whole * 10 + frac);
    } else {
        return -1;
    }
    return 0;
}

struct setting {
    const struct opt *o;
    int32_t value;
};

static const char *lower(const char *name, char *buf, size_t cap) {
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        buf[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
    buf[i] = '\0';
    return buf;
}

static const char *rule_of(int32_t id) {
    static const char *const ids[] = {
        "", "F-MOD-1", "F-MOD-2", "F-MOD-3", "F-MOD-4", "F-MOD-5", "F-MOD-6", "F-MOD-7",
        "F-MOD-8", "F-MOD-9", "F-MOD-10", "F-MOD-11", "F-MOD-12", "F-MOD-13", "F-MOD-14",
        "F-MOD-15", "F-MOD-16", "F-MOD-G", "F-MOD-E", "F-ART-3",
    };
    return id > 0 && id < (int32_t)(sizeof ids / sizeof ids[0]) ? ids[id] : "";
}

static void print_halves(int32_t h) {
    if (h % 2 == 0)
        printf("%d", h / 2);
    else if (h == 1)
        printf("1/2");
    else
        printf("%d 1/2", h / 2);
}

static const char *unit_name(int32_t measure) {
    return measure == NAPFIRE_MEASURE_METRIC ? "mm" : "tenths of an inch";
}

static void print_missing(FILE *to, const napfire_result *r) {
    const int32_t *ix = r->missing_index;
    switch (r->missing) {
    case NAPFIRE_MISSING_MUSKETRY_CELL:
        fprintf(to, "musketry table row %d, column %d (modified roll %d-%d)", ix[0] + 1,
                ix[1] + 1, ix[1] * 2 + 1, ix[1] * 2 + 2);
        break;
    case NAPFIRE_MISSING_ARTILLERY_CELL:
        fprintf(to, "artillery table cell: gun %s, %s, band %s, column %d",
                napfire_enum_name(NAPFIRE_ENUM_GUN, ix[0]),
                napfire_enum_name(NAPFIRE_ENUM_AMMO, ix[1]),
                napfire_enum_name(NAPFIRE_ENUM_BAND, ix[2]), ix[3] + 1);
        break;
    case NAPFIRE_MISSING_RANGE:
        fprintf(to, "%s range maximum of %s %s (%s)", napfire_enum_name(NAPFIRE_ENUM_BAND, ix[3]),
                ix[2] >= NAPFIRE_ARM_FOOT_ARTILLERY ? "gun" : "weapon",
                napfire_enum_name(ix[2] >= NAPFIRE_ARM_FOOT_ARTILLERY ? NAPFIRE_ENUM_GUN
                                                                      : NAPFIRE_ENUM_WEAPON,
                                  ix[0]),
                napfire_enum_name(NAPFIRE_ENUM_MEASURE, ix[1]));
        break;
    case NAPFIRE_MISSING_MODIFIER:
        fprintf(to, "%s modifier %s%s", napfire_enum_name(NAPFIRE_ENUM_FIRE, ix[0]),
                napfire_modifier_name(ix[1]), ix[2] == 1 ? " (second value)" : "");
        break;
    case NAPFIRE_MISSING_THRESHOLD:
        fprintf(to, "threshold %s (%s)", napfire_enum_name(NAPFIRE_ENUM_THRESHOLD, ix[0]),
                napfire_enum_name(NAPFIRE_ENUM_MEASURE, ix[1]));
        break;
    default:
        fprintf(to, "nothing");
    }
}

static void print_text(const napfire_shot *shot, const napfire_rules *rules, int32_t measure, int32_t distance, int32_t roll,
                       int32_t die, int st, const napfire_result *r) {
    char buf[64];
    /* NONE is "out of range" only when that clause holds; otherwise the band
     * was not determined (its maxima are unknown). */
    int band_known = r->band != NAPFIRE_BAND_NONE ||
                     (r->reasons & (1u << NAPFIRE_REASON_OUT_OF_RANGE));
    printf("distance: %d %s -> band %s\n", distance, unit_name(measure),
           band_known ? lower(napfire_enum_name(NAPFIRE_ENUM_BAND, r->band), buf, sizeof buf)
                      : "not determined");
    if (st == NAPFIRE_OK && !r->permitted) {
        printf("verdict: NOT PERMITTED: %s\n", napfire_reason_name(r->reason));
        for (int32_t i = 1; i < 32; i++)
            if (r->reasons & (1u << i) && i != r->reason)
                printf("  also: %s\n", napfire_reason_name(i));
        return;
    }
    if (!band_known) {
        printf("verdict: UNKNOWN RULES DATA: ");
        print_missing(stdout, r);
        printf("\n");
        return;
    }
    napfire_modifier items[32];
    size_t count = 0;
    int32_t net = 0;
    int mst = napfire_shot_modifiers(shot, rules, items, 32, &count, &net);
    printf("modifiers:\n");
    for (size_t i = 0; i < count; i++) {
        const napfire_modifier *m = &items[i];
        printf("  %-20s %+3d  ", napfire_modifier_name(m->id), m->value);
        if (m->applied == 1)
            printf("applied");
        else if (m->applied == -1)
            printf("UNKNOWN value");
        else
            printf("suppressed by %s", napfire_modifier_name(m->suppressed_by));
        printf("  (%s)\n", rule_of(m->id));
    }
    if (count == 0)
        printf("  none\n");
    if (mst == NAPFIRE_OK)
        printf("  net %+d\n", net);
    if (st == NAPFIRE_EUNKNOWN && r->missing != NAPFIRE_MISSING_MODIFIER &&
        r->missing != NAPFIRE_MISSING_RANGE)
        printf("roll %d %+d = %d\n", roll, r->net_modifier, r->modified_roll);
    if (st == NAPFIRE_EUNKNOWN) {
        printf("verdict: UNKNOWN RULES DATA: ");
        print_missing(stdout, r);
        printf("\n  supply it in your own rules data (RULES.md F-DATA); "
               "the built-in data never guesses.\n");
        return;
    }
    printf("roll %d %+d = %d", roll, r->net_modifier, r->modified_roll);
    if (r->column < 0) {
        printf(" -> below 1: no effect (F-TAB-3)\n");
    } else {
        printf(" -> table row %d, column %d (%d-%d)\n", r->row + 1, r->column + 1,
               r->column * 2 + 1, r->column * 2 + 2);
        printf("table: ");
        print_halves(r->table_halves);
        printf(" figures\n");
    }
    if (r->halves != r->table_halves) {
        printf("long range: halved -> ");
        print_halves(r->halves);
        printf(" (F-CAS-1)\n");
    }
    if (r->half_die_used)
        printf("half die %d -> %s (F-CAS-3)\n", die, die >= 4 ? "a whole figure" : "dropped");
    else if (r->half_pending)
        printf("half die: PENDING - roll 1D6 and resolve again with --half-die (F-CAS-4)\n");
    else if (r->halves % 2)
        printf("half dropped: 2nd-class firers (F-CAS-2)\n");
    printf("casualties: %d (target %d, screen %d)%s\n", r->casualties, r->target_casualties,
           r->screen_casualties, r->half_pending ? " + 1/2 pending" : "");
    printf("verdict: PERMITTED\n");
}

static void print_json(const napfire_shot *shot, const napfire_rules *rules, int st,
                       const napfire_result *r) {
    napfire_modifier items[32];
    size_t count = 0;
    int32_t net = 0;
    int mst = napfire_shot_modifiers(shot, rules, items, 32, &count, &net);
    printf("{\"status\":\"%s\",\"permitted\":%d,\"reason\":\"%s\",\"reasons\":[",
           napfire_status_name(st), r->permitted, napfire_reason_name(r->reason));
    int first = 1;
    for (int32_t i = 1; i < 32; i++)
        if (r->reasons & (1u << i)) {
            printf("%s\"%s\"", first ? "" : ",", napfire_reason_name(i));
            first = 0;
        }
    printf("],\"band\":\"%s\",\"modifiers\":[", napfire_enum_name(NAPFIRE_ENUM_BAND, r->band));
    for (size_t i = 0; i < count && (mst == NAPFIRE_OK || mst == NAPFIRE_EUNKNOWN); i++)
        printf("%s{\"id\":\"%s\",\"value\":%d,\"applied\":%d,\"suppressed_by\":\"%s\"}",
               i ? "," : "", napfire_modifier_name(items[i].id), items[i].value,
               items[i].applied,
               items[i].suppressed_by ? napfire_modifier_name(items[i].suppressed_by) : "");
    printf("],\"net_modifier\":%d,\"modified_roll\":%d,\"row\":%d,\"column\":%d,"
           "\"table_halves\":%d,\"halves\":%d,\"half_die_used\":%d,\"half_pending\":%d,"
           "\"casualties\":%d,\"target_casualties\":%d,\"screen_casualties\":%d,"
           "\"missing\":\"%s\",\"missing_index\":[%d,%d,%d,%d]}\n",
           r->net_modifier, r->modified_roll, r->row, r->column, r->table_halves, r->halves,
           r->half_die_used, r->half_pending, r->casualties, r->target_casualties,
           r->screen_casualties, napfire_enum_name(NAPFIRE_ENUM_MISSING, r->missing),
           r->missing_index[0], r->missing_index[1], r->missing_index[2], r->missing_index[3]);
}

/* Report bad input: @p what, then the offending argument if any. */
/* napfire odds: the exact distribution over 2D6 x half die (216). */
static int print_odds(const char *cmd, const napfire_shot *shot, const napfire_rules *rules,
                      int json) {
    napfire_outcome out[64];
    size_t n = 0;
    int32_t unknown = 0;
    napfire_result v;
    /* The odds over what is known: with unknown rules data, the rolls that
     * can be resolved still show, and the rest is one "unknown" weight. */
    int st = napfire_shot_distribution_known(shot, rules, out, 64, &n, &unknown, &v);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: %s\n", cmd, napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    int32_t num = 0, den = 1;
    double ev = 0;
    int known = st == NAPFIRE_OK && napfire_shot_expected(shot, rules, &num, &den, &ev) == NAPFIRE_OK;
    if (json) {
        printf("{\"permitted\":%d,\"reason\":\"%s\",\"denominator\":%d,\"outcomes\":[",
               v.permitted, napfire_reason_name(v.reason), NAPFIRE_OUTCOME_DENOMINATOR);
        for (size_t i = 0; i < n; i++)
            printf("%s{\"target\":%d,\"screen\":%d,\"weight\":%d}", i ? "," : "",
                   out[i].target_casualties, out[i].screen_casualties, out[i].weight);
        printf("],\"unknown_weight\":%d,\"missing\":\"%s\",\"missing_index\":[%d,%d,%d,%d]",
               unknown, napfire_enum_name(NAPFIRE_ENUM_MISSING, v.missing), v.missing_index[0],
               v.missing_index[1], v.missing_index[2], v.missing_index[3]);
        if (known)
            printf(",\"expected\":[%d,%d]}\n", num, den);
        else
            printf(",\"expected\":null}\n");
    } else {
        if (v.permitted == 0)
            printf("verdict: NOT PERMITTED: %s\n", napfire_reason_name(v.reason));
        else if (v.permitted < 0)
            printf("verdict: UNDECIDED (a clause needs unknown rules data)\n");
        printf("%-8s %-8s %8s %8s\n", "target", "screen", "/216", "percent");
        for (size_t i = 0; i < n; i++)
            printf("%-8d %-8d %8d %7.2f%%\n", out[i].target_casualties, out[i].screen_casualties,
                   out[i].weight, 100.0 * out[i].weight / NAPFIRE_OUTCOME_DENOMINATOR);
        if (unknown > 0) {
            printf("%-17s %8d %7.2f%%\n", "unknown", unknown,
                   100.0 * unknown / NAPFIRE_OUTCOME_DENOMINATOR);
            printf("unknown rules data, first needed: ");
            print_missing(stdout, &v);
            printf("\n  supply it in your own rules data (--rules FILE); the built-in data "
                   "never guesses.\n");
        }
        if (known)
            printf("expected casualties: %d/%d = %.3f\n", num, den, ev);
        else
            printf("expected casualties: not known (%d/216 of the rolls need unknown data)\n",
                   unknown);
    }
    if (st == NAPFIRE_EUNKNOWN)
        return CLI_UNKNOWN;
    return v.permitted ? CLI_RESOLVED : CLI_FORBIDDEN;
}

static int bad(const char *cmd, const char *what, const char *arg) {
    if (arg)
        fprintf(stderr, "napfire %s: %s '%s'\n", cmd, what, arg);
    else
        fprintf(stderr, "napfire %s: %s\n", cmd, what);
    fprintf(stderr, "(see 'napfire %s --help')\n", cmd);
    return CLI_BAD_INPUT;
}

int napfire_cmd_fire(int argc, char **argv, int artillery, int odds) {
    const char *cmd = odds ? (artillery ? "odds artillery" : "odds musketry")
                           : artillery ? "artillery" : "musketry";
    struct setting set[NOPTS * 2];
    size_t nset = 0;
    int json = 0;
    static napfire_rules rules;
    const napfire_rules *use_rules = NULL;
    int32_t measure = -1, firer_arm = artillery ? NAPFIRE_ARM_FOOT_ARTILLERY
                                                : NAPFIRE_ARM_LINE_INFANTRY;
    int32_t target_arm = NAPFIRE_ARM_LINE_INFANTRY, roll = -1, die = 0, distance = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help(cmd, artillery);
            return 0;
        }
        if (!strcmp(a, "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(a, "--rules")) {
            if (i + 1 >= argc)
                return bad(cmd, "this option needs a value:", a);
            int lst = cli_load_rules(cmd, argv[++i], &rules);
            if (lst != CLI_RESOLVED)
                return lst;
            use_rules = &rules;
            continue;
        }
        if (strncmp(a, "--", 2) != 0)
            return bad(cmd, "unexpected argument", a);
        const struct opt *o = NULL;
        for (size_t k = 0; k < NOPTS; k++)
            if (!strcmp(a + 2, opts[k].name))
                o = &opts[k];
        if (!o || o->only == (artillery ? MUSKETRY_ONLY : ARTILLERY_ONLY))
            return bad(cmd, "unknown option", a);
        int32_t v = 1;
        if (o->kind != K_FLAG) {
            if (i + 1 >= argc)
                return bad(cmd, "this option needs a value:", a);
            const char *val = argv[++i];
            int32_t m = -1;
            int err;
            if (o->kind == K_ENUM)
                err = parse_enum(o->enum_id, val, &v);
            else if (o->kind == K_INT)
                err = parse_int(val, &v);
            else if (o->kind == K_DIST_OR_NONE && !strcmp(val, "none"))
                err = 0, v = -1;
            else
                err = parse_distance(val, &v, &m);
            if (err)
                return bad(cmd, "bad value", val);
            if (m >= 0) {
                if (measure >= 0 && m != measure)
                    return bad(cmd, "metric and imperial distances mixed in one shot at", val);
                measure = m;
            }
        }
        if (o->who == DICE) {
            if (o->param == 0)
                roll = v;
            else
                die = v;
            continue;
        }
        if (o->param == ARM_PARAM) {
            if (o->who == FIRER)
                firer_arm = v;
            else
                target_arm = v;
            continue;
        }
        if (o->param == NAPFIRE_SHOT_DISTANCE)
            distance = v;
        set[nset].o = o;
        set[nset].value = v;
        nset++;
    }
    if (distance < 0)
        return bad(cmd, "--distance is required", NULL);
    if (roll < 0 && !odds)
        return bad(cmd, "--roll is required (the 2D6 roll)", NULL);
    if ((artillery != 0) != (firer_arm == NAPFIRE_ARM_FOOT_ARTILLERY ||
                             firer_arm == NAPFIRE_ARM_HORSE_ARTILLERY))
        return bad(cmd, artillery ? "--arm must be an artillery arm"
                                  : "--arm must be an infantry or cavalry arm", NULL);

    napfire_unit firer, target;
    napfire_shot shot;
    napfire_unit_init(&firer, sizeof firer, firer_arm);
    napfire_unit_init(&target, sizeof target, target_arm);
    for (size_t k = 0; k < nset; k++) {
        if (set[k].o->who == SHOT)
            continue;
        napfire_unit *u = set[k].o->who == FIRER ? &firer : &target;
        int st = napfire_unit_set(u, set[k].o->param, set[k].value);
        if (st != NAPFIRE_OK) {
            return bad(cmd, "value refused for this unit by option", set[k].o->name);
        }
    }
    if (napfire_shot_init(&shot, sizeof shot, &firer, &target) != NAPFIRE_OK)
        return bad(cmd, "cannot build the shot", NULL);
    napfire_shot_set(&shot, NAPFIRE_SHOT_MEASURE, measure < 0 ? NAPFIRE_MEASURE_METRIC : measure);
    for (size_t k = 0; k < nset; k++) {
        const struct opt *o = set[k].o;
        if (o->who != SHOT)
            continue;
        if (o->param == NAPFIRE_SHOT_SCREEN_DISTANCE &&
            napfire_shot_set(&shot, NAPFIRE_SHOT_SCREEN, 1) != NAPFIRE_OK)
            return bad(cmd, "--screen: only an infantry target not in skirmish order is screened", NULL);
        int st = napfire_shot_set(&shot, o->param, set[k].value);
        if (st != NAPFIRE_OK) {
            return bad(cmd, "value refused for this shot by option", o->name);
        }
    }

    if (odds)
        return print_odds(cmd, &shot, use_rules, json);
    napfire_result r;
    int st = napfire_shot_resolve(&shot, use_rules, roll, die, &r);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: %s (%s)\n", cmd, napfire_strerror(st),
                napfire_status_name(st));
        return CLI_BAD_INPUT;
    }
    if (json)
        print_json(&shot, use_rules, st, &r);
    else
        print_text(&shot, use_rules, measure < 0 ? NAPFIRE_MEASURE_METRIC : measure, distance,
                   roll, die, st, &r);
    if (st == NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: rules data unknown: ", cmd);
        print_missing(stderr, &r);
        fprintf(stderr, "\n");
        return CLI_UNKNOWN;
    }
    return r.permitted ? CLI_RESOLVED : CLI_FORBIDDEN;
}
