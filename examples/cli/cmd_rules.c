/* SPDX-License-Identifier: MIT */
/* napfire rules: the template of the rules text format, checking a user's
 * file (what is still unknown, likely typing slips) and its coverage (the
 * share of a fixed sweep of shots that resolves); plus the --rules FILE
 * loader every subcommand shares. doc/rules-format.md documents the output
 * and the exit statuses.
 *
 * The option handling is the small napfire_cmd_rules() at the end; the
 * work is in rules_check() and rules_coverage(), which take a parsed rules
 * object and the file's text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "map.h"
#include "opts.h"

/* ---- loading ------------------------------------------------------------ */

struct loaded {
    const char *path;
    char *text; /* the file's bytes (malloc'ed), or NULL */
    size_t len;
    napfire_parse_error err;
    int status; /* NAPFIRE_OK, ESYNTAX (err), or EINVAL (unreadable, reported) */
};

/* Read (cli_read_file reports why a file cannot be read) and parse a
 * rules file over the built-in data. */
static void load(const char *path, napfire_rules *rules, struct loaded *out) {
    memset(out, 0, sizeof *out);
    out->path = path;
    napfire_rules_init(rules, sizeof *rules);
    out->text = cli_read_file("rules", "rules file", path, NAPFIRE_RULES_TEXT_MAX, "NAPFIRE_RULES_TEXT_MAX", &out->len);
    if (!out->text) {
        out->status = NAPFIRE_EINVAL;
        return;
    }
    out->text[out->len] = '\0'; /* the buffer holds the limit + 1 bytes */
    out->status = napfire_rules_parse(rules, out->text, out->len, &out->err);
    if (out->status == NAPFIRE_ESYNTAX)
        fprintf(stderr, "%s:%d:%d: %s\n", path, out->err.line, out->err.column, out->err.message);
    else if (out->status != NAPFIRE_OK)
        fprintf(stderr, "napfire rules: %s\n", napfire_strerror(out->status));
}

int cli_load_rules(const char *cmd, const char *path, napfire_rules *rules) {
    napfire_rules_init(rules, sizeof *rules);
    size_t len = 0;
    char *text = cli_read_file(cmd, "rules file", path, NAPFIRE_RULES_TEXT_MAX, "NAPFIRE_RULES_TEXT_MAX", &len);
    if (!text)
        return CLI_BAD_INPUT;
    napfire_parse_error err;
    int st = napfire_rules_parse(rules, text, len, &err);
    free(text);
    if (st == NAPFIRE_ESYNTAX) {
        fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
        return CLI_BAD_INPUT;
    }
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire %s: %s\n", cmd, napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    return CLI_RESOLVED;
}

/* ---- one datum ------------------------------------------------------------ */

struct datum {
    int32_t missing;
    int32_t index[4];
};

/* The groups --check lists, in this order. */
enum group {
    G_MUSKETRY,
    G_INFANTRY_RANGE,
    G_GUN_RANGE,
    G_ARTILLERY,
    G_MODIFIER,
    G_THRESHOLD,
    G_COUNT
};
static const char *const group_name[G_COUNT] = {
    "musketry cells", "infantry ranges", "gun ranges", "artillery cells", "modifiers", "thresholds",
};
static const char *const group_key[G_COUNT] = {
    "musketry_cells", "infantry_ranges", "gun_ranges", "artillery_cells", "modifiers", "thresholds",
};

static enum group group_of(const struct datum *d) {
    switch (d->missing) {
        case NAPFIRE_MISSING_MUSKETRY_CELL:
            return G_MUSKETRY;
        case NAPFIRE_MISSING_RANGE:
            return d->index[2] >= NAPFIRE_ARM_FOOT_ARTILLERY ? G_GUN_RANGE : G_INFANTRY_RANGE;
        case NAPFIRE_MISSING_ARTILLERY_CELL:
            return G_ARTILLERY;
        case NAPFIRE_MISSING_MODIFIER:
            return G_MODIFIER;
        default:
            return G_THRESHOLD;
    }
}

static void describe(const struct datum *d, int32_t style, char *buf, size_t cap) {
    size_t len = 0;
    if (napfire_missing_describe(d->missing, d->index, style, buf, cap, &len) != NAPFIRE_OK)
        snprintf(buf, cap, "%s", napfire_enum_name(NAPFIRE_ENUM_MISSING, d->missing));
}

/* The line of the file that sets a datum's key, or 0 (built-in data). */
static int key_line(const struct loaded *l, const struct datum *d) {
    char patch[256];
    describe(d, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
    size_t klen = strcspn(patch, " =");
    int line = 1;
    for (const char *p = l->text; p < l->text + l->len; line++) {
        const char *s = p + strspn(p, " \t");
        if (strncmp(s, patch, klen) == 0 && strchr(" \t=", s[klen]) && s[klen] != '\0')
            return line;
        const char *nl = memchr(p, '\n', (size_t)(l->text + l->len - p));
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}

/* The key of the rules text that holds a datum (from its PATCH line). */
static const char *key_of(const struct datum *d, char *buf, size_t cap) {
    describe(d, NAPFIRE_DESCRIBE_PATCH, buf, cap);
    buf[strcspn(buf, " =")] = '\0';
    return buf;
}

static const char *const band_word[] = {"none", "canister", "effective", "long"};
static const char *const gun_word[] = {"light", "p6", "p9", "p12", "howitzer"};

/* ---- --check: unknown data ----------------------------------------------- */

#define MAX_DATA 512

static size_t unknown_data(const napfire_rules *r, struct datum *out, size_t cap) {
    size_t n = 0;
    int32_t cursor = 0;
    while (n < cap) {
        struct datum d;
        if (napfire_rules_next_unknown(r, &cursor, &d.missing, d.index) != NAPFIRE_OK ||
            d.missing == NAPFIRE_MISSING_NONE)
            break;
        out[n++] = d;
    }
    return n;
}

/* ---- --check: likely typing slips ------------------------------------------ */

struct warning {
    int line;
    char text[256];
};

#define MAX_WARNINGS 256

struct warnings {
    struct warning w[MAX_WARNINGS];
    size_t n;
};

/* A warning at the line of the file that sets `at`'s key; the caller
 * writes its text into the returned buffer. */
static char *warn(struct warnings *ws, const struct loaded *l, const struct datum *at) {
    static char overflow[256];
    if (ws->n == MAX_WARNINGS)
        return overflow;
    struct warning *w = &ws->w[ws->n++];
    w->line = key_line(l, at);
    return w->text;
}
#define WARN(ws, l, at, ...) snprintf(warn(ws, l, at), sizeof((ws)->w[0].text), __VA_ARGS__)

static void cell_text(int32_t halves, char *buf, size_t cap) {
    if (halves == 0)
        snprintf(buf, cap, "-");
    else if (halves == 1)
        snprintf(buf, cap, "\xC2\xBD");
    else
        snprintf(buf, cap, "%d%s", halves / 2, halves % 2 ? "\xC2\xBD" : "");
}

/* A row of cells that falls as the modified roll rises. */
static void falling_row(struct warnings *ws, const struct loaded *l, const int32_t *cells, const struct datum *key) {
    char name[64];
    key_of(key, name, sizeof name);
    int32_t best = -1, best_col = -1;
    for (int32_t col = 0; col < 9; col++) {
        if (cells[col] < 0)
            continue;
        if (cells[col] < best) {
            char a[96], x[16], y[16];
            cell_text(best, x, sizeof x);
            cell_text(cells[col], y, sizeof y);
            snprintf(a, sizeof a, "%s at modified roll %d-%d but %s at %d-%d", x, best_col * 2 + 1, best_col * 2 + 2, y,
                     col * 2 + 1, col * 2 + 2);
            WARN(ws, l, key, "%s: %s: casualties fall as the modified roll rises", name, a);
            return;
        }
        best = cells[col];
        best_col = col;
    }
}

static void musketry_warnings(const napfire_rules *r, const struct loaded *l, struct warnings *ws) {
    int32_t cells[5][9];
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t star = 0;
            if (napfire_rules_get_musketry(r, row, col, &cells[row][col], &star) != NAPFIRE_OK)
                cells[row][col] = -1;
        }
    for (int32_t row = 0; row < 5; row++) {
        struct datum key = {NAPFIRE_MISSING_MUSKETRY_CELL, {row, 0, -1, -1}};
        falling_row(ws, l, cells[row], &key);
        if (row == 0)
            continue;
        for (int32_t col = 0; col < 9; col++) {
            if (cells[row][col] < 0 || cells[row - 1][col] < 0 || cells[row][col] >= cells[row - 1][col])
                continue;
            WARN(ws, l, &key,
                 "musketry.row%d inflicts fewer casualties than the smaller "
                 "musketry.row%d at modified roll %d-%d",
                 row + 1, row, col * 2 + 1, col * 2 + 2);
            break;
        }
    }
}

static void artillery_warnings(const napfire_rules *r, const struct loaded *l, struct warnings *ws) {
    for (int32_t gun = 0; gun < 5; gun++)
        for (int32_t ammo = 0; ammo < 2; ammo++)
            for (int32_t band = NAPFIRE_BAND_CANISTER; band <= NAPFIRE_BAND_LONG; band++) {
                if (ammo == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER)
                    continue; /* never read (F-ART-1) */
                int32_t cells[9];
                for (int32_t col = 0; col < 9; col++)
                    if (napfire_rules_get_artillery(r, gun, ammo, band, col, &cells[col]) != NAPFIRE_OK)
                        cells[col] = -1;
                struct datum key = {NAPFIRE_MISSING_ARTILLERY_CELL, {gun, ammo, band, 0}};
                falling_row(ws, l, cells, &key);
            }
}

/* Band maxima: the setters keep each key's maxima from decreasing; what
 * stays legal but looks like a slip is an empty band (two equal maxima),
 * a heavier gun outranged by a lighter one, and metric and imperial
 * maxima that disagree by more than a factor of 2 (tenths of an inch are
 * 2.54 mm; the tables are separate, F-RNG-1, but not that far apart). */
struct gun_maxima {
    int32_t max[5][2][3]; /* [gun][measure][band - 1], -1 unknown */
};

static void gun_range_warnings(const struct gun_maxima *gm, int32_t g, int32_t m, const struct loaded *l,
                               struct warnings *ws) {
    const int32_t(*gun)[2][3] = gm->max;
    char k[64];
    struct datum key = {NAPFIRE_MISSING_RANGE, {g, m, NAPFIRE_ARM_FOOT_ARTILLERY, 1}};
    key_of(&key, k, sizeof k);
    for (int32_t b = 1; b < 3; b++)
        if (gun[g][m][b] >= 0 && gun[g][m][b] == gun[g][m][b - 1])
            WARN(ws, l, &key,
                 "%s: the %s band is empty (its maximum equals the one "
                 "before)",
                 k, band_word[b + 1]);
    /* light, 6, 9, 12 pounders: heavier guns reach at least as far */
    if (g >= 1 && g <= NAPFIRE_GUN_P12)
        for (int32_t b = 0; b < 3; b++)
            if (gun[g][m][b] >= 0 && gun[g - 1][m][b] > gun[g][m][b]) {
                WARN(ws, l, &key, "%s: the lighter %s reaches farther at %s range", k, gun_word[g - 1],
                     band_word[b + 1]);
                break;
            }
    if (m == 1)
        for (int32_t b = 0; b < 3; b++) {
            int32_t mm = gun[g][0][b], tenths = gun[g][1][b];
            /* a tenth of an inch is 2.54 mm */
            if (mm > 0 && tenths > 0 && (mm * 100 > tenths * 508 || mm * 200 < tenths * 254)) {
                WARN(ws, l, &key,
                     "%s: the metric and imperial %s maxima disagree by "
                     "more than a factor of 2",
                     k, band_word[b + 1]);
                break;
            }
        }
}

static void range_warnings(const napfire_rules *r, const struct loaded *l, struct warnings *ws) {
    struct gun_maxima gm;
    for (int32_t g = 0; g < 5; g++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t *x = gm.max[g][m];
            if (napfire_rules_get_gun_range(r, g, m, &x[0], &x[1], &x[2]) != NAPFIRE_OK)
                x[0] = x[1] = x[2] = -1;
        }
    for (int32_t g = 0; g < 5; g++)
        for (int32_t m = 0; m < 2; m++)
            gun_range_warnings(&gm, g, m, l, ws);
    char k[64];
    for (int32_t w = 0; w < 3; w++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t e = -1, lo = -1;
            if (napfire_rules_get_range(r, w, m, &e, &lo) != NAPFIRE_OK)
                continue;
            struct datum key = {NAPFIRE_MISSING_RANGE, {w, m, NAPFIRE_ARM_LINE_INFANTRY, 2}};
            /* sharpshooters have one band (F-RNG-3): long = effective */
            if (w != NAPFIRE_WEAPON_SHARPSHOOTER && e >= 0 && e == lo)
                WARN(ws, l, &key,
                     "%s: the long band is empty (its maximum equals the "
                     "effective one)",
                     key_of(&key, k, sizeof k));
        }
}

/* ---- --check ----------------------------------------------------------------- */

/* "patch":...,"sentence":... of a datum. */
static void json_datum(struct out *o, const struct datum *d) {
    char patch[256], sentence[256];
    describe(d, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
    describe(d, NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence);
    out_s(o, "\"patch\":");
    out_json_string(o, patch);
    out_s(o, ",\"sentence\":");
    out_json_string(o, sentence);
}

/* What --check found: the unknown data by group, and the warnings. */
struct findings {
    struct datum data[MAX_DATA];
    size_t n;
    size_t count[G_COUNT];
    struct warnings ws;
};

static void check_json(const struct loaded *l, const struct findings *f) {
    struct out *o = out_stdout();
    out_s(o, "{\"file\":");
    out_json_string(o, l->path);
    out_fmt(o, ",\"valid\":true,\"unknown\":%zu,\"families\":[", f->n);
    for (int g = 0; g < G_COUNT; g++) {
        out_fmt(o, "%s{\"family\":\"%s\",\"unknown\":%zu,\"data\":[", g ? "," : "", group_key[g], f->count[g]);
        int first = 1;
        for (size_t i = 0; i < f->n; i++) {
            if (group_of(&f->data[i]) != (enum group)g)
                continue;
            out_s(o, first ? "{" : ",{");
            json_datum(o, &f->data[i]);
            out_s(o, "}");
            first = 0;
        }
        out_s(o, "]}");
    }
    out_s(o, "],\"warnings\":[");
    for (size_t i = 0; i < f->ws.n; i++) {
        out_fmt(o, "%s{\"line\":%d,\"message\":", i ? "," : "", f->ws.w[i].line);
        out_json_string(o, f->ws.w[i].text);
        out_s(o, "}");
    }
    out_s(o, "]}\n");
}

static void check_text(const struct loaded *l, const struct findings *f) {
    char patch[256], sentence[256];
    printf("%s: valid; %zu data the rules can read still unknown\n", l->path, f->n);
    for (int g = 0; g < G_COUNT; g++)
        printf("%s%s %zu", g ? ", " : "  ", group_name[g], f->count[g]);
    printf("; %zu warning%s\n", f->ws.n, f->ws.n == 1 ? "" : "s");
    for (int g = 0; g < G_COUNT; g++) {
        printf("\n%s: %zu unknown\n", group_name[g], f->count[g]);
        for (size_t i = 0; i < f->n; i++) {
            if (group_of(&f->data[i]) != (enum group)g)
                continue;
            describe(&f->data[i], NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
            describe(&f->data[i], NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence);
            printf("  %-44s # %s\n", patch, sentence);
        }
    }
    if (f->ws.n)
        printf("\n");
    for (size_t i = 0; i < f->ws.n; i++) {
        const struct warning *w = &f->ws.w[i];
        if (w->line)
            printf("%s:%d: warning: %s\n", l->path, w->line, w->text);
        else
            printf("%s: warning (built-in data): %s\n", l->path, w->text);
    }
}

static int rules_check(const napfire_rules *r, const struct loaded *l, int json) {
    static struct findings f;
    memset(&f, 0, sizeof f);
    f.n = unknown_data(r, f.data, MAX_DATA);
    musketry_warnings(r, l, &f.ws);
    range_warnings(r, l, &f.ws);
    artillery_warnings(r, l, &f.ws);
    for (size_t i = 0; i < f.n; i++)
        f.count[group_of(&f.data[i])]++;
    if (json)
        check_json(l, &f);
    else
        check_text(l, &f);
    return CLI_RESOLVED;
}

/* ---- --coverage ---------------------------------------------------------------- */

/* The documented sweep (doc/rules-format.md): musketry from line infantry
 * of 11, 12, 20, 28 and 36 figures (rows 1-5 under the default row
 * thresholds) in each formation that fires, at each band, for each 2D6
 * roll; artillery from a foot battery of each gun with each ammunition, at
 * each band, for each roll. A band is shot at its maximum distance in the
 * file's rules; where that maximum is unknown the shot needs it. The
 * target is line infantry in line, the measure metric, the half die 4. */
static const int32_t sweep_figures[] = {11, 12, 20, 28, 36};
static const int32_t sweep_formations[] = {
    NAPFIRE_FORMATION_LINE,
    NAPFIRE_FORMATION_COLUMN_OF_COMPANIES,
    NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS,
    NAPFIRE_FORMATION_MASSED_COLUMN,
    NAPFIRE_FORMATION_SQUARE,
    NAPFIRE_FORMATION_MASS,
    NAPFIRE_FORMATION_OPEN_ORDER,
};

struct blocker {
    struct datum d;
    int shots;
};

struct tally {
    int shots[2], resolved[2]; /* [0] musketry, [1] artillery */
    struct blocker b[MAX_DATA];
    size_t nb;
};

static void count_shot(struct tally *t, int artillery, int st, const napfire_result *res) {
    t->shots[artillery]++;
    if (st == NAPFIRE_OK) {
        t->resolved[artillery]++;
        return;
    }
    if (st != NAPFIRE_EUNKNOWN)
        return;
    for (size_t i = 0; i < t->nb; i++)
        if (t->b[i].d.missing == res->missing &&
            memcmp(t->b[i].d.index, res->missing_index, sizeof res->missing_index) == 0) {
            t->b[i].shots++;
            return;
        }
    if (t->nb < MAX_DATA) {
        t->b[t->nb].d.missing = res->missing;
        memcpy(t->b[t->nb].d.index, res->missing_index, sizeof res->missing_index);
        t->b[t->nb++].shots = 1;
    }
}

/* The distance of a band: its maximum when known; else just past the last
 * known one, which makes the shot need the unknown maximum. */
static int32_t band_distance(const int32_t *max, int32_t band) {
    int32_t last = 0;
    for (int32_t b = 0; b <= band; b++)
        if (max[b] >= 0)
            last = b == band ? max[b] : max[b] + 1;
    return last;
}

static void roll_sweep(struct tally *t, const napfire_shot *s, const napfire_rules *r, int artillery) {
    for (int32_t roll = 2; roll <= 12; roll++) {
        napfire_result res;
        int st = napfire_shot_resolve(s, r, roll, 4, &res);
        count_shot(t, artillery, st, &res);
    }
}

static void musketry_sweep(const napfire_rules *r, struct tally *t) {
    int32_t max[2] = {-1, -1};
    napfire_rules_get_range(r, NAPFIRE_WEAPON_MUSKET, NAPFIRE_MEASURE_METRIC, &max[0], &max[1]);
    for (size_t f = 0; f < sizeof sweep_figures / sizeof sweep_figures[0]; f++)
        for (size_t o = 0; o < sizeof sweep_formations / sizeof sweep_formations[0]; o++)
            for (int32_t band = 0; band < 2; band++) {
                napfire_unit firer, target;
                napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_LINE_INFANTRY);
                napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY);
                napfire_unit_set(&firer, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_VETERAN);
                napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, sweep_figures[f]);
                if (napfire_unit_set(&firer, NAPFIRE_UNIT_FORMATION, sweep_formations[o]) != NAPFIRE_OK)
                    continue;
                napfire_shot s;
                napfire_shot_init(&s, sizeof s, &firer, &target);
                napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, band_distance(max, band));
                roll_sweep(t, &s, r, 0);
            }
}

static void artillery_sweep(const napfire_rules *r, struct tally *t) {
    for (int32_t gun = 0; gun < 5; gun++) {
        int32_t max[3] = {-1, -1, -1};
        napfire_rules_get_gun_range(r, gun, NAPFIRE_MEASURE_METRIC, &max[0], &max[1], &max[2]);
        for (int32_t ammo = 0; ammo < 2; ammo++)
            for (int32_t band = 0; band < 3; band++) {
                napfire_unit firer, target;
                napfire_unit_init(&firer, sizeof firer, NAPFIRE_ARM_FOOT_ARTILLERY);
                napfire_unit_init(&target, sizeof target, NAPFIRE_ARM_LINE_INFANTRY);
                napfire_unit_set(&firer, NAPFIRE_UNIT_GUN, gun);
                napfire_unit_set(&firer, NAPFIRE_UNIT_FIGURES, 2);
                napfire_shot s;
                napfire_shot_init(&s, sizeof s, &firer, &target);
                napfire_shot_set(&s, NAPFIRE_SHOT_AMMO, ammo);
                napfire_shot_set(&s, NAPFIRE_SHOT_DISTANCE, band_distance(max, band));
                roll_sweep(t, &s, r, 1);
            }
    }
}

static int by_shots(const void *a, const void *b) {
    const struct blocker *x = a, *y = b;
    return (y->shots > x->shots) - (y->shots < x->shots);
}

static int rules_coverage(const napfire_rules *r, const struct loaded *l, int json) {
    static struct tally t;
    memset(&t, 0, sizeof t);
    musketry_sweep(r, &t);
    artillery_sweep(r, &t);
    /* Stable for equal counts: the order first met in the sweep. */
    for (size_t i = 1; i < t.nb; i++)
        for (size_t j = i; j > 0 && by_shots(&t.b[j - 1], &t.b[j]) > 0; j--) {
            struct blocker tmp = t.b[j];
            t.b[j] = t.b[j - 1];
            t.b[j - 1] = tmp;
        }
    static const char *const kind[2] = {"musketry", "artillery"};
    char patch[256], sentence[256];
    if (json) {
        struct out *o = out_stdout();
        out_s(o, "{\"file\":");
        out_json_string(o, l->path);
        out_s(o, ",\"valid\":true");
        for (int a = 0; a < 2; a++)
            out_fmt(o, ",\"%s\":{\"shots\":%d,\"resolved\":%d}", kind[a], t.shots[a], t.resolved[a]);
        out_s(o, ",\"blocking\":[");
        for (size_t i = 0; i < t.nb; i++) {
            out_fmt(o, "%s{\"shots\":%d,", i ? "," : "", t.b[i].shots);
            json_datum(o, &t.b[i].d);
            out_s(o, "}");
        }
        out_s(o, "]}\n");
        return CLI_RESOLVED;
    }
    printf("%s: coverage of the sweep (doc/rules-format.md)\n", l->path);
    for (int a = 0; a < 2; a++)
        printf("  %-9s %4d of %4d shots resolve (%d%%)\n", kind[a], t.resolved[a], t.shots[a],
               t.shots[a] ? t.resolved[a] * 100 / t.shots[a] : 0);
    if (t.nb == 0)
        return CLI_RESOLVED;
    printf("missing data, by the shots each blocks (fill the first lines first):\n");
    size_t shown = t.nb < 15 ? t.nb : 15;
    for (size_t i = 0; i < shown; i++) {
        describe(&t.b[i].d, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
        describe(&t.b[i].d, NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence);
        printf("  %4d  %-40s # %s\n", t.b[i].shots, patch, sentence);
    }
    if (shown < t.nb)
        printf("  ... and %zu more (--json lists them all)\n", t.nb - shown);
    return CLI_RESOLVED;
}

/* ---- options ---------------------------------------------------------------------- */

enum rules_row {
    R_TEMPLATE,
    R_CHECK,
    R_COVERAGE,
    R_JSON,
    R_ROWS
};

/* One row per option (opts.h); the order is enum rules_row's. */
static const struct cli_opt rules_opts[] = {
    [R_TEMPLATE] = {.name = "template",
                    .type = CLI_FLAG,
                    .help = "print the built-in rules data as a rules text: the template to fill "
                            "from your rulebook ('?' = unknown)"},
    [R_CHECK] = {.name = "check",
                 .metavar = "FILE",
                 .type = CLI_TEXT,
                 .help = "parse FILE over the built-in data; list every datum the rules can "
                         "read that is still unknown, by family, each with the line that "
                         "supplies it; warn about likely typing slips (warnings never refuse "
                         "a file)"},
    [R_COVERAGE] = {.name = "coverage",
                    .metavar = "FILE",
                    .type = CLI_TEXT,
                    .help = "the share of a fixed sweep of musketry and artillery shots that "
                            "FILE's data resolves, and the missing data ranked by how many of "
                            "those shots each one blocks"},
    [R_JSON] = {.name = "json", .type = CLI_FLAG, .help = "with --check or --coverage: the same as one JSON object"},
};

static const struct cli_spec rules_spec = {
    .cmd = "rules",
    .usage = "--template | --check FILE | --coverage FILE [--json]",
    .about = "The rules data text format (doc/rules-format.md): its template,\n"
             "checking a file, and the share of shots a file resolves.",
    .epilog = "\nFormat and sweep: doc/rules-format.md. Exit status: 0 the file is valid\n"
              "(unknown data and warnings included), 2 bad options, or FILE unreadable\n"
              "or malformed (file:line:column: message on stderr, nothing on stdout),\n"
              "4 the output could not be written.\n",
    .opts = rules_opts,
    .nopts = R_ROWS,
    .scope = 1u,
};

int napfire_cmd_rules(int argc, char **argv) {
    static char text[NAPFIRE_RULES_TEXT_MAX + 1];
    struct cli_arg args[R_ROWS];
    const char *pos[1];
    int npos = 0;
    int rc = cli_parse(&rules_spec, argc, argv, args, pos, &npos);
    if (rc == CLI_HELP_SHOWN)
        return CLI_RESOLVED;
    if (rc != CLI_RESOLVED)
        return rc;
    int modes = args[R_TEMPLATE].given + args[R_CHECK].given + args[R_COVERAGE].given;
    if (modes > 1)
        return cli_error("rules", "give --template or --check FILE or --coverage FILE, not both");
    if (modes == 0)
        return cli_error("rules", "expected --template or --check FILE or --coverage FILE");
    if (args[R_JSON].given && args[R_TEMPLATE].given)
        return cli_error("rules", "--json goes with --check or --coverage");
    if (args[R_TEMPLATE].given) {
        size_t len = 0;
        int st = napfire_rules_format(NULL, text, sizeof text, &len);
        if (st != NAPFIRE_OK) {
            fprintf(stderr, "napfire rules: %s\n", napfire_strerror(st));
            return CLI_BAD_INPUT;
        }
        fwrite(text, 1, len, stdout);
        return CLI_RESOLVED;
    }
    static napfire_rules r;
    struct loaded l;
    int check = args[R_CHECK].given;
    load(check ? args[R_CHECK].text : args[R_COVERAGE].text, &r, &l);
    if (l.status != NAPFIRE_OK) {
        free(l.text);
        return CLI_BAD_INPUT;
    }
    int st = check ? rules_check(&r, &l, args[R_JSON].given) : rules_coverage(&r, &l, args[R_JSON].given);
    free(l.text);
    return st;
}
