/* SPDX-License-Identifier: MIT */
/*
 * The scene file of `napfire musketry --scene` and `napfire artillery
 * --scene` (doc/scene-format.md): a shot on the table as the units'
 * footprints, with the firer's and the target's settings in the words of
 * the command's options. A bounded parser over bytes in memory, on the
 * map's line reader (map.h), and a loader that reads the file first. The
 * limits below are the ones the format's documentation lists.
 *
 * The parser checks each footprint as the library will (F-GEO-1, F-GEO-2:
 * corners in bounds, strictly convex, clockwise; the firer's and the
 * target's interiors apart), so that every refusal names its line and
 * column. The settings are kept as words with their places: the command
 * checks them against its option table (cli_value) and names the place.
 */
#ifndef NAPFIRE_CLI_SCENE_H
#define NAPFIRE_CLI_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include <napfire_table.h>

#include "map.h"

#define CLI_SCENE_FILE_MAX (1024L * 1024L)          /* bytes of a scene file */
#define CLI_SCENE_LINE_MAX CLI_MAP_LINE_MAX         /* bytes of one line, line end excluded */
#define CLI_SCENE_FOOTPRINTS_MAX 1024               /* footprints of a scene, all kinds */
#define CLI_SCENE_COORD_MAX NAPFIRE_TABLE_COORD_MAX /* |x|, |y| of a corner: 2^18 */
#define CLI_SCENE_LEVEL_MAX 9999                    /* levels -9999..9999 */
#define CLI_SCENE_SETTINGS_MAX 24                   /* settings on one line */
#define CLI_SCENE_WORD_MAX 63                       /* bytes of one setting */

/* A setting NAME=VALUE (or a bare NAME, a flag) and where it was. */
struct cli_scene_setting {
    char name[CLI_SCENE_WORD_MAX + 1];
    const char *value; /* into text, after the '='; NULL for a bare name */
    char text[CLI_SCENE_WORD_MAX + 1];
    long line, column;
};

/* The settings of one line (the firer's, the target's, the shot's). */
struct cli_scene_settings {
    size_t n;
    long line; /* 0: no such line */
    struct cli_scene_setting s[CLI_SCENE_SETTINGS_MAX];
};

/* A scene as the file gives it: footprints in file order, each with its
 * line, and the settings. */
struct cli_scene {
    int32_t measure; /* NAPFIRE_MEASURE_METRIC (mm) or _IMPERIAL (tenths) */
    napfire_footprint firer, target, screen;
    long firer_line, target_line, screen_line; /* screen_line 0: no screen */
    size_t friend_count, other_count;
    napfire_footprint friends[CLI_SCENE_FOOTPRINTS_MAX];
    long friend_line[CLI_SCENE_FOOTPRINTS_MAX];
    napfire_footprint others[CLI_SCENE_FOOTPRINTS_MAX];
    long other_line[CLI_SCENE_FOOTPRINTS_MAX];
    struct cli_scene_settings unit[2]; /* the firer's [0] and the target's [1] */
    struct cli_scene_settings shot;
};

/* Parse @p len bytes into @p sc: 0, or -1 with @p err filled (line and
 * column from 1, always). */
int cli_scene_parse(const char *text, size_t len, struct cli_scene *sc, struct cli_map_error *err);

/* Read and parse the file @p path; on failure prints
 * "napfire CMD: PATH:LINE:COLUMN: message" (or what made the file
 * unreadable) to stderr. Returns NULL, or a scene to free(). */
struct cli_scene *cli_scene_load(const char *cmd, const char *path);

/* The scene as napfire_shot_measure() takes it (pointers into @p sc). */
napfire_scene cli_scene_view(const struct cli_scene *sc);

/* ---- cmd_scene.c: a scene shot in `napfire musketry/artillery` ---- */

struct cli_spec;
struct cli_opt;
struct cli_arg;
struct out;

/* The lines whose settings a row may take (cli_scene_args' row_ok). */
enum cli_scene_line {
    CLI_SCENE_FIRER,
    CLI_SCENE_TARGET,
    CLI_SCENE_SHOT
};

/* A measured shot: the facts napfire_shot_measure() reported. */
struct cli_scene_facts {
    const struct cli_scene *scene; /* NULL: no scene (nothing to print) */
    const char *path;
    int32_t measure;
    napfire_measured f[NAPFIRE_MEASURED_MAX];
    size_t n;
};

/* The scene's settings into the command's option rows, checked as the
 * command line's are (cli_value): a word that is no row of its line
 * (row_ok), a measured fact (distance, enfilade, ...: the footprints
 * give them), a setting given twice or also on the command line, a bad
 * value: refused naming PATH:LINE:COLUMN. Also refuses a measured fact
 * given on the command line. CLI_RESOLVED or CLI_BAD_INPUT. */
int cli_scene_args(const char *cmd, const char *path, const struct cli_spec *spec, const struct cli_scene *sc,
                   struct cli_arg *args, int (*row_ok)(enum cli_scene_line line, const struct cli_opt *o));

/* Measure @p shot from the scene (its MEASURE set to the scene's first)
 * into @p t. CLI_RESOLVED; CLI_UNKNOWN when a fact needs unknown rules
 * data (the shot unchanged, the facts in @p t name it); CLI_BAD_INPUT
 * after a message naming the line (a screen the target cannot have). */
int cli_scene_measure(const char *cmd, const char *path, const struct cli_scene *sc, napfire_shot *shot,
                      const napfire_rules *rules, struct cli_scene_facts *t);

/* One fact in words, naming its decider and its rule IDs ("sector of
 * fire: friend 2 (line 9) is in it (F-GEO-6, F-ART-4)"). */
void cli_scene_fact_words(const struct cli_scene_facts *t, const napfire_measured *f, char *buf, size_t cap);

/* "measured on the table:" and every fact, a line each. */
void cli_scene_facts_text(struct out *o, const struct cli_scene_facts *t);

/* ,"measured":[...] (nothing without a scene). */
void cli_scene_facts_json(struct out *o, const struct cli_scene_facts *t);

/* --svg FILE: the table (svg_table.h) with the facts, @p title and the
 * verdict (@p permitted 1, 0, or -1 undecided). An exit status. */
int cli_scene_svg(const char *cmd, const char *path, const struct cli_scene_facts *t, const napfire_rules *rules,
                  const char *title, const char *verdict, int32_t permitted);

/* The first fact that needs unknown rules data, as a result naming it
 * (napfire_missing_describe); 0 when none does. */
int cli_scene_missing(const struct cli_scene_facts *t, napfire_result *r);

#endif
