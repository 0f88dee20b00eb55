/* SPDX-License-Identifier: MIT */
/* A shot measured from a scene file in `napfire musketry/artillery
 * --scene`: its settings into the option rows, the measure, and the
 * facts in words and in JSON (scene.h, doc/scene-format.md). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <napfire_table.h>

#include "cli.h"
#include "opts.h"
#include "out.h"
#include "picture.h"
#include "scene.h"
#include "svg_table.h"

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 5, 6)))
#endif
static int
scene_error(const char *cmd, const char *path, long line, long column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "napfire %s: %s:%ld:%ld: ", cmd, path, line, column);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return CLI_BAD_INPUT;
}

/* The shot parameters a measure sets (F-GEO-13): the scene gives them,
 * never a setting or an option. */
static int measured_param(int32_t param) {
    return param == NAPFIRE_SHOT_DISTANCE || param == NAPFIRE_SHOT_ENFILADE || param == NAPFIRE_SHOT_SCREEN ||
           param == NAPFIRE_SHOT_SCREEN_DISTANCE ||
           (param >= NAPFIRE_SHOT_FRIEND_IN_ARC && param <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY);
}

static const char *const line_names[] = {"firer", "target", "shot"};

/* One setting into its row: the row found, its value checked. */
static int take_setting(const char *cmd, const char *path, const struct cli_spec *spec, enum cli_scene_line line,
                        const struct cli_scene_setting *s, struct cli_arg *args,
                        int (*row_ok)(enum cli_scene_line line, const struct cli_opt *o)) {
    char row_name[CLI_SCENE_WORD_MAX + 16];
    snprintf(row_name, sizeof row_name, "%s%s", line == CLI_SCENE_TARGET ? "target-" : "", s->name);
    int k = cli_find(spec, row_name);
    const struct cli_opt *o = k >= 0 ? &spec->opts[k] : NULL;
    int offered = o && (o->scope == 0 || (o->scope & spec->scope) != 0);
    if (!o || !offered || !row_ok(line, o))
        return scene_error(cmd, path, s->line, s->column,
                           "'%s' is not a setting of the %s line: give the %s options of 'napfire %s --help' "
                           "without their '--%s'",
                           s->name, line_names[line], line_names[line], cmd, line == CLI_SCENE_TARGET ? "target-" : "");
    if (measured_param(o->param))
        return scene_error(cmd, path, s->line, s->column, "'%s' is measured from the footprints: leave it out",
                           s->name);
    if ((o->type == CLI_FLAG) != (s->value == NULL))
        return scene_error(cmd, path, s->line, s->column,
                           o->type == CLI_FLAG ? "'%s' is a flag: write it alone, without '='"
                                               : "'%s' needs a value: write %s=VALUE",
                           s->name, s->name);
    if (args[k].given)
        return scene_error(cmd, path, s->line, s->column,
                           "'%s' is given twice (in the scene, or also as --%s on the command line): give each "
                           "setting once",
                           s->name, o->name);
    char why[768];
    if (cli_value(o, s->value ? s->value : "", &args[k], why, sizeof why))
        return scene_error(cmd, path, s->line, s->column, "%s: %s", s->name, why);
    args[k].given = 1;
    return CLI_RESOLVED;
}

int cli_scene_args(const char *cmd, const char *path, const struct cli_spec *spec, const struct cli_scene *sc,
                   struct cli_arg *args, int (*row_ok)(enum cli_scene_line line, const struct cli_opt *o)) {
    for (size_t k = 0; k < spec->nopts; k++)
        if (args[k].given && spec->opts[k].param && measured_param(spec->opts[k].param) &&
            row_ok(CLI_SCENE_SHOT, &spec->opts[k]))
            return cli_error(cmd, "--%s is measured from the scene's footprints: leave it out with --scene",
                             spec->opts[k].name);
    const struct cli_scene_settings *lists[] = {&sc->unit[0], &sc->unit[1], &sc->shot};
    for (int line = CLI_SCENE_FIRER; line <= CLI_SCENE_SHOT; line++)
        for (size_t i = 0; i < lists[line]->n; i++)
            if (take_setting(cmd, path, spec, (enum cli_scene_line)line, &lists[line]->s[i], args, row_ok) !=
                CLI_RESOLVED)
                return CLI_BAD_INPUT;
    return CLI_RESOLVED;
}

int cli_scene_measure(const char *cmd, const char *path, const struct cli_scene *sc, napfire_shot *shot,
                      const napfire_rules *rules, struct cli_scene_facts *t) {
    memset(t, 0, sizeof *t);
    t->scene = sc;
    t->path = path;
    t->measure = sc->measure;
    int st = napfire_shot_set(shot, NAPFIRE_SHOT_MEASURE, sc->measure);
    napfire_scene view = cli_scene_view(sc);
    if (st == NAPFIRE_OK)
        st = napfire_shot_measure(shot, rules, &view, t->f, NAPFIRE_MEASURED_MAX, &t->n);
    if (st == NAPFIRE_OK)
        return CLI_RESOLVED;
    if (st == NAPFIRE_EUNKNOWN)
        return CLI_UNKNOWN;
    if (st == NAPFIRE_EDOMAIN && sc->screen_line)
        return scene_error(cmd, path, sc->screen_line, 1,
                           "screen: this target cannot be screened: only an infantry target not in skirmish order "
                           "is (F-SCR-1)");
    return scene_error(cmd, path, sc->target_line, 1, "the library refuses this scene: %s (%s)", napfire_strerror(st),
                       napfire_status_name(st));
}

/* The line of the scene file that gave the deciding footprint; 0: none. */
static long decider_line(const struct cli_scene *sc, const napfire_measured *f) {
    size_t i = (size_t)(f->decider_index < 0 ? 0 : f->decider_index);
    switch (f->decider) {
        case NAPFIRE_DECIDER_FIRER:
            return sc->firer_line;
        case NAPFIRE_DECIDER_TARGET:
            return sc->target_line;
        case NAPFIRE_DECIDER_SCREEN:
            return sc->screen_line;
        case NAPFIRE_DECIDER_FRIEND:
            return i < sc->friend_count ? sc->friend_line[i] : 0;
        case NAPFIRE_DECIDER_OTHER:
            return i < sc->other_count ? sc->other_line[i] : 0;
        default:
            return 0;
    }
}

/* "the target (line 4)", "friend 2 (line 9)": the footprint that decided. */
static void decider_words(const struct cli_scene_facts *t, const napfire_measured *f, char *buf, size_t cap) {
    static const char *const names[] = {"no footprint", "the firer", "the target", "the screen", "friend", "other"};
    long line = decider_line(t->scene, f);
    int numbered = f->decider == NAPFIRE_DECIDER_FRIEND || f->decider == NAPFIRE_DECIDER_OTHER;
    if (f->decider < NAPFIRE_DECIDER_FIRER || f->decider > NAPFIRE_DECIDER_OTHER || line == 0)
        snprintf(buf, cap, "%s", names[0]);
    else if (numbered)
        snprintf(buf, cap, "%s %d (line %ld)", names[f->decider], f->decider_index + 1, line);
    else
        snprintf(buf, cap, "%s (line %ld)", names[f->decider], line);
}

/* The words of a fact: what it is, and its sentence when it holds (a
 * flag of 1, a distance of 0 or more) and when not; in them '@' stands
 * for the deciding footprint, '#' for the distance and its unit. */
struct fact_words {
    int32_t param;
    const char *label, *yes, *no;
};

static const struct fact_words fact_words[] = {
    {NAPFIRE_SHOT_DISTANCE, "range", "@ is # from the firer's front edge", "not measured"},
    {NAPFIRE_SHOT_ENFILADE, "enfilade", "the firer's front is in the flank of @",
     "the firer is not in the target's flank"},
    {NAPFIRE_SHOT_SCREEN, "screen", "@ covers the target", "none"},
    {NAPFIRE_SHOT_SCREEN_DISTANCE, "screen distance", "@ is # from the target", "not given (no screen)"},
    {NAPFIRE_SHOT_FRIEND_IN_ARC, "sector of fire", "@ is in the sector of fire", "no friend in the sector of fire"},
    {NAPFIRE_SHOT_FRIEND_NEAR_TARGET, "friends in front of the target", "@ is # in front of the target",
     "no friend close in front of the target"},
    {NAPFIRE_SHOT_FRIEND_NEAR_BATTERY, "friends in front of the battery", "@ is # in front of the battery",
     "no friend close in front of the battery"},
    {NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, "the target's far part", "@ is # from the target's farthest part",
     "not needed (no friend close in front)"},
    {NAPFIRE_SHOT_CLEAR_LOS, "line of sight", "clear", "blocked by @"},
    {NAPFIRE_SHOT_PENETRATION_HITS_FRIEND, "roundshot passing through", "would hit @", "hits no friend"},
    {NAPFIRE_SHOT_OVERHEAD, "fire over friends", "the fire passes over @", "no friend between battery and target"},
    {NAPFIRE_SHOT_BATTERY_HIGHER, "battery higher", "higher than the target and the friends between",
     "not higher than @"},
    {NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, "overflown friends to the battery", "@ is # from the battery's front",
     "none (no friend between)"},
    {NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, "overflown friends to the enemy", "@ is # from the target",
     "none (no friend between)"},
};

static const struct fact_words *words_of(int32_t param) {
    for (size_t i = 0; i < sizeof fact_words / sizeof fact_words[0]; i++)
        if (fact_words[i].param == param)
            return &fact_words[i];
    return NULL;
}

/* A flag fact (0/1) or a distance (-1: none). */
static int is_flag(int32_t param) {
    return param == NAPFIRE_SHOT_ENFILADE || param == NAPFIRE_SHOT_SCREEN || param == NAPFIRE_SHOT_FRIEND_IN_ARC ||
           param == NAPFIRE_SHOT_CLEAR_LOS || param == NAPFIRE_SHOT_PENETRATION_HITS_FRIEND ||
           param == NAPFIRE_SHOT_OVERHEAD || param == NAPFIRE_SHOT_BATTERY_HIGHER;
}

/* @p phrase with '@' and '#' filled in, into the sink. */
static void fill(struct out *o, const char *phrase, const char *who, int32_t value, const char *unit) {
    for (const char *p = phrase; *p; p++) {
        if (*p == '@')
            out_s(o, who);
        else if (*p == '#')
            out_fmt(o, "%d %s", value, unit);
        else
            out_put(o, p, 1);
    }
}

void cli_scene_fact_words(const struct cli_scene_facts *t, const napfire_measured *f, char *buf, size_t cap) {
    const struct fact_words *w = words_of(f->param);
    char who[64], what[200];
    struct out o;
    struct out_buffer b;
    out_to_buffer(&o, &b, buf, cap);
    decider_words(t, f, who, sizeof who);
    if (!w) {
        out_fmt(&o, "%s = %d (%s)", napfire_enum_name(NAPFIRE_ENUM_PARAM, f->param), f->value,
                napfire_table_rule_id(f->rule));
        return;
    }
    out_fmt(&o, "%s: ", w->label);
    if (f->missing != NAPFIRE_MISSING_NONE) {
        napfire_result r;
        memset(&r, 0, sizeof r);
        r.missing = f->missing;
        memcpy(r.missing_index, f->missing_index, sizeof r.missing_index);
        pic_missing_text(&r, what, sizeof what);
        out_fmt(&o, "not decided: %s", what);
    } else {
        int yes = is_flag(f->param) ? f->value == 1 : f->value >= 0;
        fill(&o, yes ? w->yes : w->no, who, f->value, t->measure == NAPFIRE_MEASURE_METRIC ? "mm" : "tenths");
    }
    out_fmt(&o, " (%s)", napfire_table_rule_id(f->rule));
}

void cli_scene_facts_text(struct out *o, const struct cli_scene_facts *t) {
    if (!t || !t->scene)
        return;
    out_fmt(o, "measured on the table (%s, %s):\n", t->path,
            t->measure == NAPFIRE_MEASURE_METRIC ? "mm" : "tenths of an inch");
    for (size_t i = 0; i < t->n; i++) {
        char line[400];
        cli_scene_fact_words(t, &t->f[i], line, sizeof line);
        out_fmt(o, "  %s\n", line);
    }
}

/* "friend-in-arc" for NAPFIRE_SHOT_FRIEND_IN_ARC: the option's name. */
static void param_key(int32_t param, char *buf, size_t cap) {
    const char *name = napfire_enum_name(NAPFIRE_ENUM_PARAM, param);
    size_t i = 0;
    name += strncmp(name, "SHOT_", 5) == 0 ? 5 : 0;
    for (; name[i] && i + 1 < cap; i++)
        buf[i] = name[i] == '_' ? '-' : (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    buf[i] = '\0';
}

static const char *decider_key(int32_t decider) {
    static const char *const keys[] = {"none", "firer", "target", "screen", "friend", "other"};
    return decider >= 0 && decider <= NAPFIRE_DECIDER_OTHER ? keys[decider] : "none";
}

void cli_scene_facts_json(struct out *o, const struct cli_scene_facts *t) {
    if (!t || !t->scene)
        return;
    out_s(o, ",\"measured\":[");
    for (size_t i = 0; i < t->n; i++) {
        const napfire_measured *f = &t->f[i];
        char words[400], key[48];
        cli_scene_fact_words(t, f, words, sizeof words);
        param_key(f->param, key, sizeof key);
        out_fmt(o,
                "%s{\"param\":\"%s\",\"value\":%d,\"decider\":\"%s\",\"decider_index\":%d,\"decider_line\":%d,"
                "\"rule\":\"%s\",\"missing\":\"%s\",\"missing_index\":[%d,%d,%d,%d],\"text\":",
                i ? "," : "", key, f->value, decider_key(f->decider), f->decider_index, (int)decider_line(t->scene, f),
                napfire_table_rule_id(f->rule), napfire_enum_name(NAPFIRE_ENUM_MISSING, f->missing),
                f->missing_index[0], f->missing_index[1], f->missing_index[2], f->missing_index[3]);
        out_json_string(o, words);
        out_s(o, "}");
    }
    out_s(o, "]");
}

int cli_scene_missing(const struct cli_scene_facts *t, napfire_result *r) {
    memset(r, 0, sizeof *r);
    for (size_t i = 0; t && i < t->n; i++)
        if (t->f[i].missing != NAPFIRE_MISSING_NONE) {
            r->missing = t->f[i].missing;
            memcpy(r->missing_index, t->f[i].missing_index, sizeof r->missing_index);
            return 1;
        }
    return 0;
}

static int draw_table(struct out *o, const void *pic) {
    return svg_table(o, pic);
}

int cli_scene_svg(const char *cmd, const char *path, const struct cli_scene_facts *t, const napfire_rules *rules,
                  const char *title, const char *verdict, int32_t permitted) {
    static struct svg_table_pic pic;
    memset(&pic, 0, sizeof pic);
    pic.scene = cli_scene_view(t->scene);
    pic.artillery = t->n > 4;
    pic.range = -1;
    pic.unit = t->measure == NAPFIRE_MEASURE_METRIC ? "mm" : "tenths";
    pic.permitted = permitted;
    napfire_rules builtin;
    if (!rules && napfire_rules_init(&builtin, sizeof builtin) == NAPFIRE_OK)
        rules = &builtin;
    if (napfire_rules_get_threshold(rules, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, t->measure, &pic.clearance) !=
        NAPFIRE_OK)
        pic.clearance = 0;
    for (size_t i = 0; i < t->n && pic.nlines < SVG_TABLE_LINES; i++) {
        if (t->f[i].param == NAPFIRE_SHOT_DISTANCE && t->f[i].missing == NAPFIRE_MISSING_NONE)
            pic.range = t->f[i].value;
        cli_scene_fact_words(t, &t->f[i], pic.lines[pic.nlines++], sizeof pic.lines[0]);
    }
    snprintf(pic.title, sizeof pic.title, "%s", title);
    snprintf(pic.verdict, sizeof pic.verdict, "%s", verdict);
    return cli_write_file(cmd, path, draw_table, &pic);
}
