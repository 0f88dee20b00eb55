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

/* The line of the file that sets a key, or 0 (built-in data). */
static int text_key_line(const struct loaded *l, const char *key, size_t klen) {
    int line = 1;
    for (const char *p = l->text; p < l->text + l->len; line++) {
        const char *s = p + strspn(p, " \t");
        if (strncmp(s, key, klen) == 0 && strchr(" \t=", s[klen]) && s[klen] != '\0')
            return line;
        const char *nl = memchr(p, '\n', (size_t)(l->text + l->len - p));
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}

/* The line of the file that sets a datum's key, or 0 (built-in data). */
static int key_line(const struct loaded *l, const struct datum *d) {
    char patch[256];
    describe(d, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
    return text_key_line(l, patch, strcspn(patch, " ="));
}

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

/* ---- --check: the library's findings ---------------------------------------- */

struct warning {
    int line;
    char text[256];
};

#define MAX_WARNINGS 256

struct warnings {
    struct warning w[MAX_WARNINGS];
    size_t n;
};

/* Each finding of napfire_rules_check_next(), at the line of the file
 * that sets the key it names (the name's findings: the line of `name`). */
static void findings(const napfire_rules *r, const struct loaded *l, struct warnings *ws) {
    int32_t cursor = 0;
    while (ws->n < MAX_WARNINGS) {
        struct datum d;
        int32_t check = NAPFIRE_CHECK_NONE;
        struct warning *w = &ws->w[ws->n];
        size_t len = 0;
        if (napfire_rules_check_next(r, &cursor, &check, &d.missing, d.index, w->text, sizeof w->text, &len) !=
                NAPFIRE_OK ||
            check == NAPFIRE_CHECK_NONE)
            return;
        if (d.missing != NAPFIRE_MISSING_NONE)
            w->line = key_line(l, &d);
        else if ((w->line = text_key_line(l, "name", 4)) == 0)
            w->line = -1; /* the file as a whole: it kept the built-in name */
        ws->n++;
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
        if (f->ws.w[i].line < 0)
            out_fmt(o, "%s{\"line\":null,\"message\":", i ? "," : "");
        else
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
        if (w->line < 0)
            printf("%s: warning: %s\n", l->path, w->text);
        else if (w->line)
            printf("%s:%d: warning: %s\n", l->path, w->line, w->text);
        else
            printf("%s: warning (built-in data): %s\n", l->path, w->text);
    }
}

static int rules_check(const napfire_rules *r, const struct loaded *l, int json) {
    static struct findings f;
    memset(&f, 0, sizeof f);
    f.n = unknown_data(r, f.data, MAX_DATA);
    findings(r, l, &f.ws);
    for (size_t i = 0; i < f.n; i++)
        f.count[group_of(&f.data[i])]++;
    if (json)
        check_json(l, &f);
    else
        check_text(l, &f);
    return CLI_RESOLVED;
}

/* ---- --coverage ---------------------------------------------------------------- */

static struct datum of_blocker(const napfire_blocker *b) {
    struct datum d = {b->missing, {b->index[0], b->index[1], b->index[2], b->index[3]}};
    return d;
}

static int rules_coverage(const napfire_rules *r, const struct loaded *l, int json) {
    static napfire_blocker b[NAPFIRE_COVERAGE_BLOCKERS_MAX];
    int32_t shots[2], resolved[2];
    size_t nb = 0;
    int st = napfire_rules_coverage(r, shots, resolved, b, NAPFIRE_COVERAGE_BLOCKERS_MAX, &nb);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "napfire rules: %s\n", napfire_strerror(st));
        return CLI_BAD_INPUT;
    }
    static const char *const kind[2] = {"musketry", "artillery"};
    char patch[256], sentence[256];
    if (json) {
        struct out *o = out_stdout();
        out_s(o, "{\"file\":");
        out_json_string(o, l->path);
        out_s(o, ",\"valid\":true");
        for (int a = 0; a < 2; a++)
            out_fmt(o, ",\"%s\":{\"shots\":%d,\"resolved\":%d}", kind[a], shots[a], resolved[a]);
        out_s(o, ",\"blocking\":[");
        for (size_t i = 0; i < nb; i++) {
            out_fmt(o, "%s{\"shots\":%d,", i ? "," : "", b[i].shots);
            struct datum d = of_blocker(&b[i]);
            json_datum(o, &d);
            out_s(o, "}");
        }
        out_s(o, "]}\n");
        return CLI_RESOLVED;
    }
    printf("%s: coverage of the sweep (doc/rules-format.md)\n", l->path);
    for (int a = 0; a < 2; a++)
        printf("  %-9s %4d of %4d shots resolve (%d%%)\n", kind[a], resolved[a], shots[a],
               shots[a] ? resolved[a] * 100 / shots[a] : 0);
    if (nb == 0)
        return CLI_RESOLVED;
    printf("missing data, by the shots each blocks (fill the first lines first):\n");
    size_t shown = nb < 15 ? nb : 15;
    for (size_t i = 0; i < shown; i++) {
        struct datum d = of_blocker(&b[i]);
        describe(&d, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch);
        describe(&d, NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence);
        printf("  %4d  %-40s # %s\n", b[i].shots, patch, sentence);
    }
    if (shown < nb)
        printf("  ... and %zu more (--json lists them all)\n", nb - shown);
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
                            "from your rulebook ('?' = unknown) and to name (its name is a "
                            "placeholder, \"" NAPFIRE_RULES_PLACEHOLDER_NAME "\")"},
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
        static napfire_rules tpl;
        napfire_rules_init(&tpl, sizeof tpl);
        int st = napfire_rules_set_provenance(&tpl, NAPFIRE_PROVENANCE_NAME, NAPFIRE_RULES_PLACEHOLDER_NAME);
        if (st == NAPFIRE_OK)
            st = napfire_rules_format(&tpl, text, sizeof text, &len);
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
