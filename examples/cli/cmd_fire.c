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
#include "opts.h"
#include "picture.h"
#include "svg.h"

enum who {
    FIRER,
    TARGET,
    SHOT,
    DICE,
    META
};

/* Commands offering an option (cli_spec.scope). */
enum {
    S_MUSKETRY = 1u,
    S_ARTILLERY = 2u,
    S_ODDS_MUSKETRY = 4u,
    S_ODDS_ARTILLERY = 8u,
    S_M = S_MUSKETRY | S_ODDS_MUSKETRY,   /* musketry, resolved or odds */
    S_A = S_ARTILLERY | S_ODDS_ARTILLERY, /* artillery, resolved or odds */
    S_RESOLVE = S_MUSKETRY | S_ARTILLERY, /* one roll resolved */
    S_ALL = 0u
};

#define ARM_PARAM 0 /* pseudo-parameter: the unit's arm, chosen before init */

/* One row per option: name, value, whose parameter, commands, help. Ranges
 * of numbers come from napfire_param_bounds(), names from napfire_enum_name(). */
#define OPT_ENUM(n, w, p, e, sc, h) \
  { .name = n, .metavar = "NAME", .type = CLI_ENUM, .enum_id = e, .param = p, .who = w, .scope = sc, .help = h }
#define OPT_INT(n, w, p, sc, h) \
  { .name = n, .metavar = "N", .type = CLI_INT, .param = p, .who = w, .scope = sc, .help = h }
#define OPT_FLAG(n, w, p, sc, h) \
  { .name = n, .type = CLI_FLAG, .param = p, .who = w, .scope = sc, .help = h }
#define OPT_DIST(n, w, p, sc, h) \
  { .name = n, .metavar = "D", .type = CLI_DIST, .param = p, .who = w, .scope = sc, .help = h }
#define OPT_DIST_NONE(n, w, p, sc, h) \
  { .name = n, .metavar = "D", .type = CLI_DIST_OR_NONE, .param = p, .who = w, .scope = sc, .help = h }
/* The same, for an option renamed to its C parameter's name: `aka` is the
 * older spelling, still accepted. */
#define AKA_INT(n, aka, w, p, sc, h) \
  { .name = n, .alias = aka, .metavar = "N", .type = CLI_INT, .param = p, .who = w, .scope = sc, .help = h }
#define AKA_FLAG(n, aka, w, p, sc, h) \
  { .name = n, .alias = aka, .type = CLI_FLAG, .param = p, .who = w, .scope = sc, .help = h }
#define AKA_DIST(n, aka, w, p, sc, h) \
  { .name = n, .alias = aka, .metavar = "D", .type = CLI_DIST, .param = p, .who = w, .scope = sc, .help = h }
#define AKA_DIST_NONE(n, aka, w, p, sc, h) \
  { .name = n, .alias = aka, .metavar = "D", .type = CLI_DIST_OR_NONE, .param = p, .who = w, .scope = sc, .help = h }

static const struct cli_opt opts[] = {
    OPT_ENUM("arm", FIRER, ARM_PARAM, NAPFIRE_ENUM_ARM, S_ALL,
             "firer arm (default line-infantry; artillery: foot-artillery)"),
    OPT_ENUM("nation", FIRER, NAPFIRE_UNIT_NATION, NAPFIRE_ENUM_NATION, S_ALL, "firer nation"),
    OPT_ENUM("class", FIRER, NAPFIRE_UNIT_CLASS, NAPFIRE_ENUM_CLASS, S_ALL, "firer class"),
    OPT_ENUM("formation", FIRER, NAPFIRE_UNIT_FORMATION, NAPFIRE_ENUM_FORMATION, S_ALL,
             "firer formation (artillery: limbered or unlimbered)"),
    OPT_INT("figures", FIRER, NAPFIRE_UNIT_FIGURES, S_ALL, "firer figures (artillery: gun models)"),
    OPT_ENUM("weapon", FIRER, NAPFIRE_UNIT_WEAPON, NAPFIRE_ENUM_WEAPON, S_M, "firer weapon"),
    OPT_ENUM("gun", FIRER, NAPFIRE_UNIT_GUN, NAPFIRE_ENUM_GUN, S_A, "gun type"),
    OPT_ENUM("cover", FIRER, NAPFIRE_UNIT_COVER, NAPFIRE_ENUM_COVER, S_ALL, "firer cover"),
    OPT_ENUM("moved", FIRER, NAPFIRE_UNIT_MOVED, NAPFIRE_ENUM_MOVED, S_ALL, "how far the firer moved"),
    OPT_FLAG("disordered", FIRER, NAPFIRE_UNIT_DISORDERED, S_M, "firer disordered (F-MOD-7)"),
    OPT_FLAG("fired-last-turn", FIRER, NAPFIRE_UNIT_FIRED_LAST_TURN, S_M, "fired in the previous turn (F-MOD-6)"),
    OPT_FLAG("fired-this-turn", FIRER, NAPFIRE_UNIT_FIRED_THIS_TURN, S_ALL, "already fired this turn (F-ART-2)"),
    AKA_FLAG("second-class-firers", "second-class", FIRER, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, S_M,
             "2nd-class firers (F-CAS-2)"),
    OPT_FLAG("unlimbered-this-turn", FIRER, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, S_A,
             "foot artillery unlimbered this turn (F-ART-3)"),
    OPT_ENUM("target-arm", TARGET, ARM_PARAM, NAPFIRE_ENUM_ARM, S_ALL, "target arm (default line-infantry)"),
    OPT_ENUM("target-nation", TARGET, NAPFIRE_UNIT_NATION, NAPFIRE_ENUM_NATION, S_ALL, "target nation"),
    OPT_ENUM("target-formation", TARGET, NAPFIRE_UNIT_FORMATION, NAPFIRE_ENUM_FORMATION, S_ALL, "target formation"),
    OPT_INT("target-figures", TARGET, NAPFIRE_UNIT_FIGURES, S_ALL, "target figures"),
    OPT_ENUM("target-cover", TARGET, NAPFIRE_UNIT_COVER, NAPFIRE_ENUM_COVER, S_ALL, "target cover"),
    OPT_FLAG("target-charging", TARGET, NAPFIRE_UNIT_CHARGING, S_ALL, "target is charging cavalry (F-MOD-12)"),
    OPT_FLAG("target-massed-battery", TARGET, NAPFIRE_UNIT_MASSED_BATTERY, S_ALL,
             "target artillery is a massed battery (F-MOD-11)"),
    OPT_DIST("distance", SHOT, NAPFIRE_SHOT_DISTANCE, S_ALL, "distance, e.g. 15cm, 150mm, 9in (required)"),
    OPT_FLAG("enfilade", SHOT, NAPFIRE_SHOT_ENFILADE, S_ALL, "enfilade fire (F-MOD-9)"),
    OPT_INT("firing-figures", SHOT, NAPFIRE_SHOT_FIRING_FIGURES, S_M,
            "figures that fire, if fewer than the unit (F-TAB-2)"),
    AKA_DIST("screen-distance", "screen", SHOT, NAPFIRE_SHOT_SCREEN_DISTANCE, S_ALL,
             "target covered by skirmishers this far in front (F-SCR)"),
    AKA_INT("extra-modifier", "extra", SHOT, NAPFIRE_SHOT_EXTRA_MODIFIER, S_ALL, "house-rule modifier (F-MOD-E)"),
    OPT_ENUM("ammo", SHOT, NAPFIRE_SHOT_AMMO, NAPFIRE_ENUM_AMMO, S_A, "ammunition"),
    OPT_FLAG("friend-in-arc", SHOT, NAPFIRE_SHOT_FRIEND_IN_ARC, S_A, "a friendly unit in the canister arc (F-ART-4)"),
    OPT_DIST_NONE("friend-near-target", SHOT, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, S_A,
                  "nearest friend in front of the target (F-ART-5)"),
    OPT_DIST_NONE("friend-near-battery", SHOT, NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, S_A,
                  "nearest friend in front of the battery (F-ART-5)"),
    AKA_DIST_NONE("target-far-from-friends", "target-far", SHOT, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, S_A,
                  "farthest part of the target from those friends (F-ART-5)"),
    OPT_FLAG("clear-los", SHOT, NAPFIRE_SHOT_CLEAR_LOS, S_A, "clear line of sight (F-ART-5 exception)"),
    AKA_FLAG("penetration-hits-friend", "penetration", SHOT, NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, S_A,
             "roundshot would pass into friends (F-ART-6)"),
    {.name = "overhead",
     .type = CLI_FLAG,
     .param = NAPFIRE_SHOT_OVERHEAD,
     .who = SHOT,
     .scope = S_A,
     .needs = "overhead-friend-to-battery,overhead-friend-to-enemy",
     .help = "fire over friendly units (F-ART-7)"},
    OPT_FLAG("battery-higher", SHOT, NAPFIRE_SHOT_BATTERY_HIGHER, S_A,
             "battery higher than target and friends (F-ART-7)"),
    AKA_DIST("overhead-friend-to-battery", "overhead-to-battery", SHOT, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, S_A,
             "overflown friends to the battery front (F-ART-7)"),
    AKA_DIST("overhead-friend-to-enemy", "overhead-to-enemy", SHOT, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, S_A,
             "overflown friends to the enemy (F-ART-7)"),
    {.name = "roll-2d6",
     .alias = "roll",
     .metavar = "N",
     .type = CLI_INT,
     .lo = 2,
     .hi = 12,
     .who = DICE,
     .scope = S_RESOLVE,
     .help = "the 2D6 roll (required)"},
    {.name = "half-die",
     .metavar = "N",
     .type = CLI_INT,
     .lo = 0,
     .hi = 6,
     .param = 1,
     .who = DICE,
     .scope = S_RESOLVE,
     .help = "the half die; 0 or absent: not rolled yet"},
    {.name = "rules",
     .metavar = "FILE",
     .type = CLI_TEXT,
     .who = META,
     .help = "rules data text over the built-in data (doc/rules-format.md)"},
    {.name = "json", .type = CLI_FLAG, .who = META, .help = "machine-readable output (JSON)"},
    {.name = "svg",
     .metavar = "FILE",
     .type = CLI_TEXT,
     .who = META,
     .scope = S_ODDS_MUSKETRY | S_ODDS_ARTILLERY,
     .help = "also draw the distribution as SVG into FILE"},
};

#define NOPTS (sizeof opts / sizeof opts[0])

/* The row of a named option (the names below are in the table). */
static size_t row_of(const char *name) {
    for (size_t k = 0; k < NOPTS; k++)
        if (!strcmp(opts[k].name, name))
            return k;
    abort();
}

static const char *lower(const char *name, char *buf, size_t cap) {
    size_t i = 0;
    for (; name[i] && i + 1 < cap; i++)
        buf[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
    buf[i] = '\0';
    return buf;
}

static const char *rule_of(int32_t id) {
    static const char *const ids[] = {
        "",         "F-MOD-1",  "F-MOD-2",  "F-MOD-3",  "F-MOD-4",  "F-MOD-5",  "F-MOD-6",
        "F-MOD-7",  "F-MOD-8",  "F-MOD-9",  "F-MOD-10", "F-MOD-11", "F-MOD-12", "F-MOD-13",
        "F-MOD-14", "F-MOD-15", "F-MOD-16", "F-MOD-G",  "F-MOD-E",  "F-ART-3",
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

/* A band in plain words, as the rulebook says it. */
static const char *band_words(int32_t band) {
    switch (band) {
        case NAPFIRE_BAND_CANISTER:
            return "canister range";
        case NAPFIRE_BAND_EFFECTIVE:
            return "effective range";
        case NAPFIRE_BAND_LONG:
            return "long range";
        default:
            return "out of range: no fire";
    }
}

/* The missing datum in the rulebook's terms, then the rules-text line
 * that supplies it (napfire_missing_describe). */
static void print_missing(FILE *to, const napfire_result *r) {
    char sentence[256], patch[256];
    if (!pic_missing_describe(r, sentence, sizeof sentence, patch, sizeof patch)) {
        fprintf(to, "%s", napfire_enum_name(NAPFIRE_ENUM_MISSING, r->missing));
        return;
    }
    fprintf(to, "%s\n  supply it with --rules FILE, a line like: %s", sentence, patch);
}

/* ,"missing_sentence":...,"missing_patch":... for a result's missing
 * datum, or null for both when none is named. */
static void json_missing(struct out *o, const napfire_result *r) {
    char sentence[256], patch[256];
    if (!pic_missing_describe(r, sentence, sizeof sentence, patch, sizeof patch)) {
        out_s(o, ",\"missing_sentence\":null,\"missing_patch\":null");
        return;
    }
    out_s(o, ",\"missing_sentence\":");
    out_json_string(o, sentence);
    out_s(o, ",\"missing_patch\":");
    out_json_string(o, patch);
}

/* The roll as the command line gave it. */
struct roll {
    int32_t measure, distance, roll, die;
};

/* The modifiers the library applied, suppressed or could not value. */
static void print_modifiers(const napfire_shot *shot, const napfire_rules *rules) {
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
}

/* The table, the halving, the half die and the casualties of a resolved
 * roll. */
static void print_casualties(const struct roll *in, const napfire_result *r) {
    printf("roll %d %+d = %d", in->roll, r->net_modifier, r->modified_roll);
    if (r->column < 0) {
        printf(" -> below 1: no effect (F-TAB-3)\n");
    } else {
        printf(" -> table row %d, modified roll %d-%d\n", r->row + 1, r->column * 2 + 1, r->column * 2 + 2);
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
        printf("half die %d -> %s (F-CAS-3)\n", in->die, in->die >= 4 ? "a whole figure" : "dropped");
    else if (r->half_pending)
        printf("half die: PENDING - roll 1D6 and resolve again with --half-die (F-CAS-4)\n");
    else if (r->halves % 2)
        printf("half dropped: 2nd-class firers (F-CAS-2)\n");
    printf("casualties: %d (target %d, screen %d)%s\n", r->casualties, r->target_casualties, r->screen_casualties,
           r->half_pending ? " + 1/2 pending" : "");
    printf("verdict: PERMITTED\n");
}

static void print_text(const napfire_shot *shot, const napfire_rules *rules, const struct roll *in, int st,
                       const napfire_result *r) {
    char buf[64];
    /* NONE is "out of range" only when that clause holds; otherwise the band
     * was not determined (its maxima are unknown). */
    int band_known = r->band != NAPFIRE_BAND_NONE || (r->reasons & (1u << NAPFIRE_REASON_OUT_OF_RANGE));
    (void)buf;
    printf("distance: %d %s: %s\n", in->distance, unit_name(in->measure),
           band_known ? band_words(r->band) : "range not determined (a range maximum is unknown)");
    if (st == NAPFIRE_OK && !r->permitted) {
        printf("verdict: NOT PERMITTED: %s [%s]\n", pic_reason_words(r->reason), napfire_reason_name(r->reason));
        for (int32_t i = 1; i < 32; i++)
            if (r->reasons & (1u << i) && i != r->reason)
                printf("  also: %s [%s]\n", pic_reason_words(i), napfire_reason_name(i));
        return;
    }
    if (!band_known) {
        printf("verdict: UNKNOWN RULES DATA: ");
        print_missing(stdout, r);
        printf("\n");
        return;
    }
    print_modifiers(shot, rules);
    if (st == NAPFIRE_EUNKNOWN && r->missing != NAPFIRE_MISSING_MODIFIER && r->missing != NAPFIRE_MISSING_RANGE)
        printf("roll %d %+d = %d\n", in->roll, r->net_modifier, r->modified_roll);
    if (st == NAPFIRE_EUNKNOWN) {
        printf("verdict: UNKNOWN RULES DATA: ");
        print_missing(stdout, r);
        printf("\n");
        return;
    }
    print_casualties(in, r);
}

static void print_json(const napfire_shot *shot, const napfire_rules *rules, int st, const napfire_result *r) {
    struct out *o = out_stdout();
    napfire_modifier items[32];
    size_t count = 0;
    int32_t net = 0;
    int mst = napfire_shot_modifiers(shot, rules, items, 32, &count, &net);
    out_fmt(o, "{\"status\":\"%s\",\"permitted\":%d,\"reason\":\"%s\",\"reasons\":[", napfire_status_name(st),
            r->permitted, napfire_reason_name(r->reason));
    int first = 1;
    for (int32_t i = 1; i < 32; i++)
        if (r->reasons & (1u << i)) {
            out_fmt(o, "%s\"%s\"", first ? "" : ",", napfire_reason_name(i));
            first = 0;
        }
    out_fmt(o, "],\"band\":\"%s\",\"modifiers\":[", napfire_enum_name(NAPFIRE_ENUM_BAND, r->band));
    for (size_t i = 0; i < count && (mst == NAPFIRE_OK || mst == NAPFIRE_EUNKNOWN); i++)
        out_fmt(o, "%s{\"id\":\"%s\",\"value\":%d,\"applied\":%d,\"suppressed_by\":\"%s\"}", i ? "," : "",
                napfire_modifier_name(items[i].id), items[i].value, items[i].applied,
                items[i].suppressed_by ? napfire_modifier_name(items[i].suppressed_by) : "");
    out_fmt(o,
            "],\"net_modifier\":%d,\"modified_roll\":%d,\"row_index\":%d,\"column_index\":%d,"
            "\"row\":%d,\"column\":%d,"
            "\"table_halves\":%d,\"halves\":%d,\"half_die_used\":%d,\"half_pending\":%d,"
            "\"casualties\":%d,\"target_casualties\":%d,\"screen_casualties\":%d,"
            "\"missing\":\"%s\",\"missing_index\":[%d,%d,%d,%d]",
            r->net_modifier, r->modified_roll, r->row, r->column, r->row, r->column, r->table_halves, r->halves,
            r->half_die_used, r->half_pending, r->casualties, r->target_casualties, r->screen_casualties,
            napfire_enum_name(NAPFIRE_ENUM_MISSING, r->missing), r->missing_index[0], r->missing_index[1],
            r->missing_index[2], r->missing_index[3]);
    json_missing(o, r);
    out_s(o, "}\n");
}

/* napfire odds: the exact distribution over 2D6 x half die (216), what is
 * known of it, and the expected casualties when nothing is unknown. */
struct odds {
    napfire_outcome out[64];
    size_t n;
    int32_t unknown;
    napfire_result v;
    int known; /* the expected value is known */
    int32_t num, den;
    double ev;
};

static void odds_json(const struct odds *d) {
    struct out *o = out_stdout();
    out_fmt(o, "{\"permitted\":%d,\"reason\":\"%s\",\"denominator\":%d,\"outcomes\":[", d->v.permitted,
            napfire_reason_name(d->v.reason), NAPFIRE_OUTCOME_DENOMINATOR);
    for (size_t i = 0; i < d->n; i++)
        out_fmt(o, "%s{\"target\":%d,\"screen\":%d,\"weight\":%d}", i ? "," : "", d->out[i].target_casualties,
                d->out[i].screen_casualties, d->out[i].weight);
    out_fmt(o, "],\"unknown_weight\":%d,\"missing\":\"%s\",\"missing_index\":[%d,%d,%d,%d]", d->unknown,
            napfire_enum_name(NAPFIRE_ENUM_MISSING, d->v.missing), d->v.missing_index[0], d->v.missing_index[1],
            d->v.missing_index[2], d->v.missing_index[3]);
    json_missing(o, &d->v);
    if (d->known)
        out_fmt(o, ",\"expected\":[%d,%d]}\n", d->num, d->den);
    else
        out_s(o, ",\"expected\":null}\n");
}

static void odds_text(const struct odds *d) {
    if (d->v.permitted == 0)
        printf("verdict: NOT PERMITTED: %s [%s]\n", pic_reason_words(d->v.reason), napfire_reason_name(d->v.reason));
    else if (d->v.permitted < 0)
        printf("verdict: UNDECIDED (a clause needs unknown rules data)\n");
    printf("%-8s %-8s %8s %8s\n", "target", "screen", "/216", "percent");
    for (size_t i = 0; i < d->n; i++)
        printf("%-8d %-8d %8d %7.2f%%\n", d->out[i].target_casualties, d->out[i].screen_casualties, d->out[i].weight,
               100.0 * d->out[i].weight / NAPFIRE_OUTCOME_DENOMINATOR);
    if (d->unknown > 0) {
        printf("%-17s %8d %7.2f%%\n", "unknown", d->unknown, 100.0 * d->unknown / NAPFIRE_OUTCOME_DENOMINATOR);
        printf("unknown rules data, first needed: ");
        print_missing(stdout, &d->v);
        printf("\n");
    }
    if (d->known && d->num == 0)
        printf("expected casualties: none\n");
    else if (d->known)
        printf("expected casualties: %.3f figures (exactly %d/%d)\n", d->ev, d->num, d->den);
    else
        printf("expected casualties: not known (%d/216 of the rolls need unknown data)\n", d->unknown);
}

static int print_odds(const char *cmd, const napfire_shot *shot, const napfire_rules *rules, int json) {
    static struct odds d;
    memset(&d, 0, sizeof d);
    d.den = 1;
    /* The odds over what is known: with unknown rules data, the rolls that
     * can be resolved still show, and the rest is one "unknown" weight. */
    int st = napfire_shot_distribution_known(shot, rules, d.out, 64, &d.n, &d.unknown, &d.v);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: %s\n", cmd, napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    d.known = st == NAPFIRE_OK && napfire_shot_expected(shot, rules, &d.num, &d.den, &d.ev) == NAPFIRE_OK;
    if (json)
        odds_json(&d);
    else
        odds_text(&d);
    if (st == NAPFIRE_EUNKNOWN)
        return CLI_UNKNOWN;
    return d.v.permitted ? CLI_RESOLVED : CLI_FORBIDDEN;
}

static int draw_odds(struct out *o, const void *pic) {
    return svg_odds(o, pic);
}

/* --svg FILE: the picture of the odds, computed here, drawn by svg.c. */
static int odds_svg(const char *path, const char *cmd, const napfire_shot *s, const napfire_rules *rules) {
    static struct svg_odds_pic pic;
    char title[96];
    napfire_result missing;
    int32_t reason = 0;
    snprintf(title, sizeof title, "napfire %s: outcomes over 2D6 x half die", cmd);
    int st = pic_odds(&pic, title, s, rules, &missing, &reason);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire %s: cannot compute the odds for the SVG picture: %s\n", cmd, napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    return cli_write_file(cmd, path, draw_odds, &pic);
}

static int bad(const char *cmd, const char *what, const char *arg) {
    if (arg)
        fprintf(stderr, "napfire %s: %s '%s'\n", cmd, what, arg);
    else
        fprintf(stderr, "napfire %s: %s\n", cmd, what);
    fprintf(stderr, "(see 'napfire %s --help')\n", cmd);
    return CLI_BAD_INPUT;
}

/* Every distance of a shot in one system: the tables are separate. */
static int check_measures(const char *cmd, const struct cli_arg *args, int32_t *measure) {
    int first = -1;
    *measure = -1;
    for (size_t k = 0; k < NOPTS; k++) {
        if (!args[k].given || args[k].measure < 0)
            continue;
        if (first >= 0 && args[k].measure != *measure)
            return cli_error(cmd,
                             "--%s '%s' and --%s '%s' mix metric and imperial distances: "
                             "give every distance of a shot in cm/mm or every one in in/\"",
                             opts[first].name, args[first].text, opts[k].name, args[k].text);
        if (first < 0) {
            first = (int)k;
            *measure = args[k].measure;
        }
    }
    return CLI_RESOLVED;
}

/* A value the library refuses for the unit's arm, though in its range:
 * both parts named ("--formation: 'square' is not open to a cavalry
 * firer"), and for a name the ones the arm takes, found by asking the
 * library for each. */
static int not_open(const char *cmd, const struct cli_opt *o, const char *text, int32_t arm) {
    char arm_name[32], name[48], open[256] = "";
    lower(napfire_enum_name(NAPFIRE_ENUM_ARM, arm), arm_name, sizeof arm_name);
    const char *who = o->who == FIRER ? "firer" : "target";
    size_t len = 0;
    for (int32_t v = 0; o->type == CLI_ENUM && v < 64; v++) {
        napfire_unit u;
        const char *n = napfire_enum_name(o->enum_id, v);
        napfire_unit_init(&u, sizeof u, arm);
        if (strcmp(n, "unknown") == 0 || napfire_unit_set(&u, o->param, v) != NAPFIRE_OK)
            continue;
        int w = snprintf(open + len, sizeof open - len, "%s%s", len ? ", " : "", lower(n, name, sizeof name));
        if (w < 0 || (size_t)w >= sizeof open - len)
            break;
        len += (size_t)w;
    }
    if (len)
        return cli_error(cmd, "--%s: '%s' is not open to a %s %s: give one of %s", o->name, text ? text : "", arm_name,
                         who, open);
    if (o->type == CLI_FLAG)
        return cli_error(cmd, "--%s is not open to a %s %s: the option applies to other arms", o->name, arm_name, who);
    return cli_error(cmd, "--%s: '%s' is not open to a %s %s: the option applies to other arms", o->name,
                     text ? text : "", arm_name, who);
}

static int is_artillery_arm(int32_t arm) {
    return arm == NAPFIRE_ARM_FOOT_ARTILLERY || arm == NAPFIRE_ARM_HORSE_ARTILLERY;
}

/* The firer and the target from their rows; the library refuses values
 * that do not apply to the unit's arm, and the message names the option. */
static int build_units(const char *cmd, const struct cli_arg *args, int artillery, napfire_unit *firer,
                       napfire_unit *target) {
    int32_t arm[2] = {artillery ? NAPFIRE_ARM_FOOT_ARTILLERY : NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LINE_INFANTRY};
    for (size_t k = 0; k < NOPTS; k++)
        if (args[k].given && opts[k].param == ARM_PARAM && (opts[k].who == FIRER || opts[k].who == TARGET))
            arm[opts[k].who == TARGET] = args[k].value;
    if ((artillery != 0) != is_artillery_arm(arm[0]))
        return bad(cmd,
                   artillery ? "--arm: a battery fires here: give foot-artillery or horse-artillery, not"
                             : "--arm: artillery fires with 'napfire artillery'; give an infantry or cavalry arm, not",
                   args[row_of("arm")].text);
    napfire_unit_init(firer, sizeof *firer, arm[0]);
    napfire_unit_init(target, sizeof *target, arm[1]);
    for (size_t k = 0; k < NOPTS; k++) {
        const struct cli_opt *o = &opts[k];
        if (!args[k].given || o->param == ARM_PARAM || (o->who != FIRER && o->who != TARGET))
            continue;
        napfire_unit *u = o->who == FIRER ? firer : target;
        if (napfire_unit_set(u, o->param, args[k].value) != NAPFIRE_OK)
            return not_open(cmd, o, args[k].text, arm[o->who == TARGET]);
    }
    return CLI_RESOLVED;
}

static int build_shot(const char *cmd, const struct cli_arg *args, int32_t measure, const napfire_unit *firer,
                      const napfire_unit *target, napfire_shot *shot) {
    if (napfire_shot_init(shot, sizeof *shot, firer, target) != NAPFIRE_OK)
        return bad(cmd, "cannot build the shot", NULL);
    napfire_shot_set(shot, NAPFIRE_SHOT_MEASURE, measure < 0 ? NAPFIRE_MEASURE_METRIC : measure);
    for (size_t k = 0; k < NOPTS; k++) {
        const struct cli_opt *o = &opts[k];
        if (!args[k].given || o->who != SHOT)
            continue;
        if (o->param == NAPFIRE_SHOT_SCREEN_DISTANCE && napfire_shot_set(shot, NAPFIRE_SHOT_SCREEN, 1) != NAPFIRE_OK)
            return bad(cmd, "--screen-distance: only an infantry target not in skirmish order is screened", NULL);
        int st = napfire_shot_set(shot, o->param, args[k].value);
        if (st != NAPFIRE_OK)
            return cli_error(cmd, "--%s: '%s' is refused for this shot: %s", o->name, args[k].text ? args[k].text : "",
                             napfire_strerror(st));
    }
    return CLI_RESOLVED;
}

/* The four commands sharing the table. */
struct fire_kind {
    const char *cmd;
    int artillery; /* the firer is a battery */
    int odds;      /* the distribution, not one roll */
    unsigned scope;
    const char *usage, *about;
};

#define RESOLVE_USAGE "[OPTIONS] --distance D --roll-2d6 N"
#define ODDS_USAGE "[OPTIONS] --distance D"

static const struct fire_kind musketry = {
    .cmd = "musketry",
    .scope = S_MUSKETRY,
    .usage = RESOLVE_USAGE,
    .about = "Resolves one musketry shot with the built-in rules data (F-DATA)\n"
             "and explains it.",
};
static const struct fire_kind artillery = {
    .cmd = "artillery",
    .artillery = 1,
    .scope = S_ARTILLERY,
    .usage = RESOLVE_USAGE,
    .about = "Resolves one artillery shot with the built-in rules data (F-DATA)\n"
             "and explains it.",
};
static const struct fire_kind odds_musketry = {
    .cmd = "odds musketry",
    .odds = 1,
    .scope = S_ODDS_MUSKETRY,
    .usage = ODDS_USAGE,
    .about = "The exact odds of one musketry shot: every outcome over 2D6 and the\n"
             "half die (216 equally likely rolls), and the expected casualties.",
};
static const struct fire_kind odds_artillery = {
    .cmd = "odds artillery",
    .artillery = 1,
    .odds = 1,
    .scope = S_ODDS_ARTILLERY,
    .usage = ODDS_USAGE,
    .about = "The exact odds of one artillery shot: every outcome over 2D6 and the\n"
             "half die (216 equally likely rolls), and the expected casualties.",
};

static struct cli_spec fire_spec(const struct fire_kind *k) {
    struct cli_spec spec = {
        .cmd = k->cmd,
        .usage = k->usage,
        .about = k->about,
        .epilog = "\nDistances: 15cm, 150mm, 9in or 9\" (metric and imperial are separate\n"
                  "tables; do not mix them in one shot).\n"
                  "Exit status: 0 resolved (odds: permitted), 1 the rules forbid the shot,\n"
                  "2 bad input, 3 the rules data needed is unknown (the message names it),\n"
                  "4 the output could not be written.\n",
        .opts = opts,
        .nopts = NOPTS,
        .scope = k->scope,
    };
    return spec;
}

/* The shot the options describe, ready to resolve: rules loaded, units
 * and shot built; every refusal reported. */
struct fire_input {
    napfire_rules rules;
    const napfire_rules *use_rules; /* NULL: the built-in data */
    napfire_unit firer, target;
    napfire_shot shot;
    struct roll roll;
};

static int fire_input(const struct fire_kind *k, const struct cli_arg *args, struct fire_input *in) {
    int32_t measure;
    if (check_measures(k->cmd, args, &measure) != CLI_RESOLVED)
        return CLI_BAD_INPUT;
    const struct cli_arg *distance = &args[row_of("distance")];
    const struct cli_arg *rules_file = &args[row_of("rules")];
    if (!distance->given)
        return cli_error(k->cmd, "--distance is required (e.g. --distance 15cm)");
    if (!args[row_of("roll-2d6")].given && !k->odds)
        return cli_error(k->cmd, "--roll-2d6 is required (the 2D6 roll, 2..12)");
    in->use_rules = NULL;
    if (rules_file->given) {
        int lst = cli_load_rules(k->cmd, rules_file->text, &in->rules);
        if (lst != CLI_RESOLVED)
            return lst;
        in->use_rules = &in->rules;
    }
    if (build_units(k->cmd, args, k->artillery, &in->firer, &in->target) != CLI_RESOLVED ||
        build_shot(k->cmd, args, measure, &in->firer, &in->target, &in->shot) != CLI_RESOLVED)
        return CLI_BAD_INPUT;
    in->roll.measure = measure < 0 ? NAPFIRE_MEASURE_METRIC : measure;
    in->roll.distance = distance->value;
    in->roll.roll = args[row_of("roll-2d6")].value;
    in->roll.die = args[row_of("half-die")].value;
    return CLI_RESOLVED;
}

/* One roll resolved and explained. */
static int resolve(const char *cmd, const struct fire_input *in, int json) {
    napfire_result r;
    int st = napfire_shot_resolve(&in->shot, in->use_rules, in->roll.roll, in->roll.die, &r);
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: %s (%s)\n", cmd, napfire_strerror(st), napfire_status_name(st));
        return CLI_BAD_INPUT;
    }
    if (json)
        print_json(&in->shot, in->use_rules, st, &r);
    else
        print_text(&in->shot, in->use_rules, &in->roll, st, &r);
    if (st == NAPFIRE_EUNKNOWN) {
        fprintf(stderr, "napfire %s: rules data unknown: ", cmd);
        print_missing(stderr, &r);
        fprintf(stderr, "\n");
        return CLI_UNKNOWN;
    }
    return r.permitted ? CLI_RESOLVED : CLI_FORBIDDEN;
}

static int fire_main(int argc, char **argv, const struct fire_kind *k) {
    const struct cli_spec spec = fire_spec(k);
    struct cli_arg args[NOPTS];
    const char *pos[1];
    int npos = 0;
    int rc = cli_parse(&spec, argc, argv, args, pos, &npos);
    if (rc == CLI_HELP_SHOWN)
        return CLI_RESOLVED;
    if (rc != CLI_RESOLVED)
        return rc;
    const struct cli_arg *svg = &args[row_of("svg")];
    const struct cli_arg *rules_file = &args[row_of("rules")];
    const struct cli_input inputs[] = {{"rules file", rules_file->given ? rules_file->text : NULL}};
    if (svg->given && cli_check_output(k->cmd, "--svg", svg->text, inputs, 1) != CLI_RESOLVED)
        return CLI_BAD_INPUT;
    static struct fire_input in;
    rc = fire_input(k, args, &in);
    if (rc != CLI_RESOLVED)
        return rc;
    if (svg->given) {
        rc = odds_svg(svg->text, k->cmd, &in.shot, in.use_rules);
        if (rc != CLI_RESOLVED)
            return rc;
    }
    int json = args[row_of("json")].given;
    if (k->odds)
        return print_odds(k->cmd, &in.shot, in.use_rules, json);
    return resolve(k->cmd, &in, json);
}

int napfire_cmd_musketry(int argc, char **argv) {
    return fire_main(argc, argv, &musketry);
}

int napfire_cmd_artillery(int argc, char **argv) {
    return fire_main(argc, argv, &artillery);
}

int napfire_cmd_odds_musketry(int argc, char **argv) {
    return fire_main(argc, argv, &odds_musketry);
}

int napfire_cmd_odds_artillery(int argc, char **argv) {
    return fire_main(argc, argv, &odds_artillery);
}
