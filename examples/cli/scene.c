/* SPDX-License-Identifier: MIT */
/* The scene file reader of `napfire musketry/artillery --scene`: see
 * scene.h and doc/scene-format.md. */
#include "scene.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "number.h"

/* Every refusal has a line and a column from 1 (cli_scene_parse makes
 * sure of the reader's own). */
#define fail cli_text_fail

static const char *const corner_names[4] = {"front-left", "front-right", "rear-right", "rear-left"};

/* The kinds of line after the header. */
enum line_kind {
    L_MEASURE,
    L_FIRER,
    L_TARGET,
    L_SCREEN,
    L_FRIEND,
    L_OTHER,
    L_SHOT,
    L_KINDS
};
static const char *const kind_names[L_KINDS] = {"measure", "firer", "target", "screen", "friend", "other", "shot"};

/* One line being read: its tokens in turn. */
struct line {
    struct cli_lines *r;
    size_t at;
    long line;
};

static char *token(struct line *l, long *col) {
    return cli_next_token(l->r, &l->at, col);
}

/* "X,Y" into p, each in -CLI_SCENE_COORD_MAX..CLI_SCENE_COORD_MAX. */
static int parse_point(const char *tok, napfire_point *p) {
    const char *q = cli_number(tok, -CLI_SCENE_COORD_MAX, CLI_SCENE_COORD_MAX, &p->x);
    if (!q || *q != ',')
        return -1;
    q = cli_number(q + 1, -CLI_SCENE_COORD_MAX, CLI_SCENE_COORD_MAX, &p->y);
    return q && *q == '\0' ? 0 : -1;
}

static int64_t cross(napfire_point o, napfire_point a, napfire_point b) {
    return ((int64_t)a.x - o.x) * ((int64_t)b.y - o.y) - ((int64_t)a.y - o.y) * ((int64_t)b.x - o.x);
}

/* F-GEO-2: strictly convex and clockwise seen from above (every turn to
 * the right). With four corners, four right turns cannot cross: a
 * crossing quadrilateral turns both ways. col[] are the corners' columns. */
static int check_convex(const napfire_footprint *f, long line, const long col[4], const char *who,
                        struct cli_map_error *err) {
    int64_t turn[4];
    int zero = 0, left = 0, right = 0;
    for (int i = 0; i < 4; i++) {
        turn[i] = cross(f->corner[i], f->corner[(i + 1) % 4], f->corner[(i + 2) % 4]);
        zero += turn[i] == 0;
        left += turn[i] > 0;
        right += turn[i] < 0;
    }
    if (zero == 4)
        return fail(err, line, col[0], "%s: the four corners enclose no area (they lie on one line)", who);
    for (int i = 0; i < 4 && zero; i++)
        if (turn[i] == 0)
            return fail(err, line, col[(i + 1) % 4],
                        "%s: the %s corner lies on the line through its neighbours or repeats one: a footprint "
                        "is a strictly convex quadrilateral",
                        who, corner_names[(i + 1) % 4]);
    for (int i = 0; i < 4 && left && right; i++)
        if (turn[i] > 0)
            return fail(err, line, col[(i + 1) % 4],
                        "%s: concave or self-crossing at the %s corner: a footprint is a strictly convex "
                        "quadrilateral",
                        who, corner_names[(i + 1) % 4]);
    if (left)
        return fail(err, line, col[0],
                    "%s: the corners run counter-clockwise: give front-left, front-right, rear-right, "
                    "rear-left, clockwise seen from above (a unit facing +y: 0,10 10,10 10,0 0,0)",
                    who);
    return 0;
}

/* Every corner of b on the outer side of some edge of a, or on its line:
 * the interiors of the two convex footprints do not meet along that edge. */
static int separated_by_edge_of(const napfire_footprint *a, const napfire_footprint *b) {
    for (int i = 0; i < 4; i++) {
        int outside = 1;
        for (int j = 0; j < 4 && outside; j++)
            outside = cross(a->corner[i], a->corner[(i + 1) % 4], b->corner[j]) >= 0;
        if (outside)
            return 1;
    }
    return 0;
}

/* F-GEO-2: the firer's and the target's interiors apart. Two convex
 * polygons have disjoint interiors exactly when an edge line of one
 * separates them. */
static int interiors_meet(const napfire_footprint *a, const napfire_footprint *b) {
    return !separated_by_edge_of(a, b) && !separated_by_edge_of(b, a);
}

/* NAME=VALUE or NAME into the settings list. */
static int add_setting(struct cli_scene_settings *set, const char *tok, long line, long col,
                       struct cli_map_error *err) {
    if (set->n >= CLI_SCENE_SETTINGS_MAX)
        return fail(err, line, col, "more than %d settings on one line", CLI_SCENE_SETTINGS_MAX);
    size_t len = strlen(tok);
    if (len > CLI_SCENE_WORD_MAX)
        return fail(err, line, col, "setting '%.40s...' is longer than %d bytes", tok, CLI_SCENE_WORD_MAX);
    struct cli_scene_setting *s = &set->s[set->n++];
    memcpy(s->text, tok, len + 1);
    size_t name_len = strcspn(tok, "=");
    memcpy(s->name, tok, name_len);
    s->name[name_len] = '\0';
    s->value = tok[name_len] == '=' ? s->text + name_len + 1 : NULL;
    s->line = line;
    s->column = col;
    if (name_len == 0)
        return fail(err, line, col, "setting '%s' has no name: write NAME=VALUE", tok);
    return 0;
}

/* The words after a footprint's corners: level=N, and for the firer and
 * the target their settings. */
static int footprint_rest(struct line *l, napfire_footprint *f, struct cli_scene_settings *set, const char *who,
                          struct cli_map_error *err) {
    int level_seen = 0;
    long col;
    for (char *tok; (tok = token(l, &col)) != NULL;) {
        if (strncmp(tok, "level=", 6) == 0) {
            if (level_seen)
                return fail(err, l->line, col, "%s: level given twice", who);
            if (cli_whole_number(tok + 6, -CLI_SCENE_LEVEL_MAX, CLI_SCENE_LEVEL_MAX, &f->level))
                return fail(err, l->line, col, "%s: '%.40s' is not allowed: give level=N, N a whole number -%d..%d",
                            who, tok, CLI_SCENE_LEVEL_MAX, CLI_SCENE_LEVEL_MAX);
            level_seen = 1;
        } else if (!set) {
            return fail(err, l->line, col, "%s: '%.40s' is not allowed after the corners: only level=N", who, tok);
        } else if (add_setting(set, tok, l->line, col, err)) {
            return -1;
        }
    }
    return 0;
}

/* KIND X,Y X,Y X,Y X,Y [level=N] [settings]: the corners checked. */
static int parse_footprint(struct line *l, napfire_footprint *f, struct cli_scene_settings *set, const char *who,
                           struct cli_map_error *err) {
    long col[4];
    memset(f, 0, sizeof *f);
    for (int i = 0; i < 4; i++) {
        char *tok = token(l, &col[i]);
        if (!tok)
            return fail(err, l->line, l->r->indent + (long)strlen(l->r->buf),
                        "%s: %d corners, 4 needed (front-left, front-right, rear-right, rear-left, each X,Y)", who, i);
        if (parse_point(tok, &f->corner[i]))
            return fail(err, l->line, col[i],
                        "%s: %s corner '%.40s' is not allowed: give X,Y, whole numbers -%d..%d (2^18)", who,
                        corner_names[i], tok, CLI_SCENE_COORD_MAX, CLI_SCENE_COORD_MAX);
    }
    if (check_convex(f, l->line, col, who, err))
        return -1;
    if (set)
        set->line = l->line;
    return footprint_rest(l, f, set, who, err);
}

static int parse_measure(struct line *l, struct cli_scene *sc, struct cli_map_error *err) {
    long col;
    char *tok = token(l, &col);
    if (!tok)
        return fail(err, l->line, l->r->indent + 7, "measure: give mm or tenths (tenths of an inch)");
    if (!strcmp(tok, "mm"))
        sc->measure = NAPFIRE_MEASURE_METRIC;
    else if (!strcmp(tok, "tenths"))
        sc->measure = NAPFIRE_MEASURE_IMPERIAL;
    else
        return fail(err, l->line, col, "measure '%.40s' is not allowed: give mm or tenths (tenths of an inch)", tok);
    if (token(l, &col))
        return fail(err, l->line, col, "measure: one word only (mm or tenths)");
    return 0;
}

static int parse_shot(struct line *l, struct cli_scene *sc, struct cli_map_error *err) {
    long col;
    sc->shot.line = l->line;
    for (char *tok; (tok = token(l, &col)) != NULL;)
        if (add_setting(&sc->shot, tok, l->line, col, err))
            return -1;
    return 0;
}

/* friend or other: the next slot, or a refusal past the limit. */
static int parse_many(struct line *l, enum line_kind kind, struct cli_scene *sc, size_t total,
                      struct cli_map_error *err) {
    if (total >= CLI_SCENE_FOOTPRINTS_MAX)
        return fail(err, l->line, l->r->indent, "more than %d footprints in one scene", CLI_SCENE_FOOTPRINTS_MAX);
    char who[32];
    if (kind == L_FRIEND) {
        snprintf(who, sizeof who, "friend %zu", sc->friend_count + 1);
        sc->friend_line[sc->friend_count] = l->line;
        return parse_footprint(l, &sc->friends[sc->friend_count++], NULL, who, err);
    }
    snprintf(who, sizeof who, "other %zu", sc->other_count + 1);
    sc->other_line[sc->other_count] = l->line;
    return parse_footprint(l, &sc->others[sc->other_count++], NULL, who, err);
}

/* One line after the header, by its first word. seen[] counts the lines
 * of each kind (measure, firer, target, screen and shot at most once). */
static int parse_body_line(struct line *l, struct cli_scene *sc, int seen[L_KINDS], struct cli_map_error *err) {
    long col;
    char *word = token(l, &col);
    int kind = 0;
    while (kind < L_KINDS && strcmp(word, kind_names[kind]))
        kind++;
    if (kind == L_KINDS)
        return fail(err, l->line, col,
                    "'%.40s' is not a line of a scene: give measure, firer, target, screen, friend, other or shot",
                    word);
    if (seen[kind]++ && kind != L_FRIEND && kind != L_OTHER)
        return fail(err, l->line, col, "a second '%s' line: a scene has one", kind_names[kind]);
    size_t total = 2u + (sc->screen_line != 0 ? 1u : 0u) + sc->friend_count + sc->other_count;
    switch (kind) {
        case L_MEASURE:
            return parse_measure(l, sc, err);
        case L_FIRER:
            sc->firer_line = l->line;
            return parse_footprint(l, &sc->firer, &sc->unit[0], "firer", err);
        case L_TARGET:
            sc->target_line = l->line;
            return parse_footprint(l, &sc->target, &sc->unit[1], "target", err);
        case L_SCREEN:
            if (total >= CLI_SCENE_FOOTPRINTS_MAX)
                return fail(err, l->line, col, "more than %d footprints in one scene", CLI_SCENE_FOOTPRINTS_MAX);
            sc->screen_line = l->line;
            return parse_footprint(l, &sc->screen, NULL, "screen", err);
        case L_SHOT:
            return parse_shot(l, sc, err);
        default:
            return parse_many(l, (enum line_kind)kind, sc, total, err);
    }
}

/* What the whole file must have, once read. */
static int check_complete(const struct cli_scene *sc, const int seen[L_KINDS], long header_line,
                          struct cli_map_error *err) {
    if (!seen[L_MEASURE])
        return fail(err, header_line, 1, "no 'measure' line: give 'measure mm' or 'measure tenths'");
    if (!seen[L_FIRER])
        return fail(err, header_line, 1, "no 'firer' line: a scene needs the firer's footprint");
    if (!seen[L_TARGET])
        return fail(err, header_line, 1, "no 'target' line: a scene needs the target's footprint");
    if (interiors_meet(&sc->firer, &sc->target))
        return fail(err, sc->target_line, 1,
                    "target: its footprint overlaps the firer's (line %ld): their interiors must not meet (F-GEO-2)",
                    sc->firer_line);
    return 0;
}

static int parse_lines(struct cli_lines *r, struct cli_scene *sc, struct cli_map_error *err) {
    int got = cli_next_line(r, err);
    if (got < 0)
        return -1;
    if (got == 0)
        return fail(err, r->line > 0 ? r->line : 1, 1, "no scene: expected the header line 'napfire-scene 1'");
    if (strcmp(r->buf, "napfire-scene 1") != 0)
        return fail(err, r->line, r->indent, "the first line must be 'napfire-scene 1' (format and version)");
    long header_line = r->line;
    int seen[L_KINDS] = {0};
    while ((got = cli_next_line(r, err)) == 1) {
        struct line l = {r, 0, r->line};
        if (parse_body_line(&l, sc, seen, err))
            return -1;
    }
    if (got < 0)
        return -1;
    return check_complete(sc, seen, header_line, err);
}

int cli_scene_parse(const char *text, size_t len, struct cli_scene *sc, struct cli_map_error *err) {
    memset(sc, 0, sizeof *sc);
    err->line = err->column = 0;
    err->message[0] = '\0';
    if (len > (size_t)CLI_SCENE_FILE_MAX)
        return fail(err, 1, 1, "larger than %ld bytes", CLI_SCENE_FILE_MAX);
    struct cli_lines *r = cli_lines_open(text, len, "scene");
    if (!r)
        return fail(err, 1, 1, "out of memory");
    int rc = parse_lines(r, sc, err);
    free(r);
    if (rc != 0 && err->column == 0)
        err->column = CLI_SCENE_LINE_MAX + 1; /* the reader's one refusal of a whole line: too long */
    return rc;
}

struct cli_scene *cli_scene_load(const char *cmd, const char *path) {
    size_t len = 0;
    char *text = cli_read_file(cmd, "scene", path, (size_t)CLI_SCENE_FILE_MAX, "the scene file limit", &len);
    if (!text)
        return NULL;
    struct cli_scene *sc = malloc(sizeof *sc);
    struct cli_map_error err;
    int rc = sc ? cli_scene_parse(text, len, sc, &err) : -1;
    free(text);
    if (!sc) {
        fprintf(stderr, "napfire %s: out of memory reading scene '%s'\n", cmd, path);
        return NULL;
    }
    if (rc == 0)
        return sc;
    fprintf(stderr, "napfire %s: %s:%ld:%ld: %s\n", cmd, path, err.line, err.column, err.message);
    free(sc);
    return NULL;
}

napfire_scene cli_scene_view(const struct cli_scene *sc) {
    napfire_scene v;
    memset(&v, 0, sizeof v);
    v.firer = &sc->firer;
    v.target = &sc->target;
    v.screen = sc->screen_line ? &sc->screen : NULL;
    v.friends = sc->friend_count ? sc->friends : NULL;
    v.friend_count = sc->friend_count;
    v.others = sc->other_count ? sc->others : NULL;
    v.other_count = sc->other_count;
    return v;
}
