/* SPDX-License-Identifier: MIT */
/* The option parser of every napfire subcommand: see opts.h. */
#define _GNU_SOURCE /* getopt_long */

#include "opts.h"

#include <ctype.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "number.h"

/* getopt_long's `val` for row i; below it, the short options. */
#define ROW_VAL 256
/* Option tables are a few dozen rows; the bound keeps getopt's val in range. */
#define ROWS_MAX 1000

int cli_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "napfire %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see 'napfire %s --help')\n", cmd);
    va_end(ap);
    return CLI_BAD_INPUT;
}

/* Enumerations have fewer values than this; napfire_enum_name() answers
 * "unknown" past their end. */
#define ENUM_VALUES_MAX 64

/* "column-of-divisions" for the library's "COLUMN_OF_DIVISIONS". */
static int enum_matches(const char *name, const char *text) {
    size_t i = 0;
    for (; name[i] && text[i]; i++) {
        char c = (char)toupper((unsigned char)text[i]);
        if (c == '-')
            c = '_';
        if (c != name[i])
            return 0;
    }
    return !name[i] && !text[i];
}

static int parse_enum(int32_t enum_id, const char *text, int32_t *out) {
    for (int32_t v = 0; v < ENUM_VALUES_MAX; v++) {
        const char *name = napfire_enum_name(enum_id, v);
        if (strcmp(name, "unknown") != 0 && enum_matches(name, text)) {
            *out = v;
            return 0;
        }
    }
    return -1;
}

void cli_enum_names(int32_t enum_id, char *buf, size_t cap) {
    size_t len = 0;
    if (cap == 0)
        return;
    buf[0] = '\0';
    for (int32_t v = 0; v < ENUM_VALUES_MAX; v++) {
        const char *name = napfire_enum_name(enum_id, v);
        if (!strcmp(name, "unknown"))
            continue;
        if (len && len + 2 < cap) {
            buf[len++] = ',';
            buf[len++] = ' ';
        }
        for (size_t i = 0; name[i] && len + 1 < cap; i++)
            buf[len++] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
        buf[len] = '\0';
    }
}

/* "15cm" -> 150 (metric), "9in" / 9" -> 90 (imperial). The whole part is
 * a number of the one syntax (number.h), then at most one decimal: the
 * tables are in whole mm and tenths of an inch. */
static int parse_distance(const char *text, int32_t *value, int32_t *measure) {
    int32_t whole = 0, frac = 0;
    const char *p = cli_number(text, 0, NAPFIRE_MAX_DISTANCE, &whole);
    int decimal = p && *p == '.';
    if (!p || (decimal && (p[1] < '0' || p[1] > '9')))
        return -1;
    if (decimal) {
        frac = p[1] - '0';
        p += 2;
    }
    int64_t v;
    if (!strcmp(p, "cm") || !strcmp(p, "in") || !strcmp(p, "\"")) {
        v = (int64_t)whole * 10 + frac;
    } else if (!strcmp(p, "mm") && !decimal) {
        v = whole;
    } else {
        return -1;
    }
    if (v > NAPFIRE_MAX_DISTANCE)
        return -1;
    *measure = p[0] == 'c' || p[0] == 'm' ? NAPFIRE_MEASURE_METRIC : NAPFIRE_MEASURE_IMPERIAL;
    *value = (int32_t)v;
    return 0;
}

static int offered(const struct cli_spec *spec, const struct cli_opt *o) {
    return o->scope == 0 || (o->scope & spec->scope) != 0;
}

int cli_find(const struct cli_spec *spec, const char *name) {
    for (size_t i = 0; i < spec->nopts; i++)
        if (!strcmp(spec->opts[i].name, name) || (spec->opts[i].alias && !strcmp(spec->opts[i].alias, name)))
            return (int)i;
    return -1;
}

static void int_range(const struct cli_opt *o, int32_t *lo, int32_t *hi) {
    *lo = o->lo;
    *hi = o->hi;
    if (o->lo == 0 && o->hi == 0 && o->param != 0 && napfire_param_bounds(o->param, lo, hi) != NAPFIRE_OK) {
        *lo = 0;
        *hi = 0;
    }
}

int cli_value(const struct cli_opt *o, const char *text, struct cli_arg *a, char *why, size_t cap) {
    a->text = text;
    a->measure = -1;
    switch (o->type) {
        case CLI_FLAG:
            a->value = 1;
            return 0;
        case CLI_INT: {
            int32_t lo, hi;
            int_range(o, &lo, &hi);
            if (cli_whole_number(text, lo, hi, &a->value) == 0)
                return 0;
            snprintf(why, cap, "'%s' is not allowed: give a whole number %d..%d", text, lo, hi);
            return -1;
        }
        case CLI_ENUM:
            if (parse_enum(o->enum_id, text, &a->value) == 0)
                return 0;
            char names[512];
            cli_enum_names(o->enum_id, names, sizeof names);
            snprintf(why, cap, "'%s' is not allowed: give one of %s", text, names);
            return -1;
        case CLI_DIST:
        case CLI_DIST_OR_NONE:
            if (o->type == CLI_DIST_OR_NONE && !strcmp(text, "none")) {
                a->value = -1;
                return 0;
            }
            if (parse_distance(text, &a->value, &a->measure) == 0)
                return 0;
            snprintf(why, cap,
                     "'%s' is not allowed: give a distance 0..%d with its unit, "
                     "mm or cm (one decimal) or in or \" (one decimal), e.g. 15cm or 9in%s",
                     text, NAPFIRE_MAX_DISTANCE / 10, o->type == CLI_DIST_OR_NONE ? ", or 'none'" : "");
            return -1;
        default:
            /* CLI_TEXT is a file name or a list parsed later: never empty
             * (an empty file name would only fail later, as a write error). */
            if (*text)
                return 0;
            snprintf(why, cap, "'' is not allowed: give %s (%s)", o->metavar ? o->metavar : "a value", o->help);
            return -1;
    }
}

/* One value, checked against its row; an error names all three. */
static int take_value(const struct cli_spec *spec, const struct cli_opt *o, const char *text, struct cli_arg *a) {
    char why[768];
    if (cli_value(o, text, a, why, sizeof why))
        return cli_error(spec->cmd, "--%s: %s", o->name, why);
    return CLI_RESOLVED;
}

/* Each companion named in o->needs must have been given. */
static int check_needs(const struct cli_spec *spec, const struct cli_opt *o, const struct cli_arg *args) {
    char all[256] = "", missing[256] = "";
    size_t nall = 0, nmissing = 0;
    for (const char *p = o->needs; p && *p;) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        int k = cli_find(spec, name);
        nall += (size_t)snprintf(all + nall, sizeof all - nall, "%s--%s", nall ? " and " : "", name);
        if (nall >= sizeof all)
            nall = sizeof all - 1;
        if (k >= 0 && !args[k].given) {
            nmissing += (size_t)snprintf(missing + nmissing, sizeof missing - nmissing, "%s--%s",
                                         nmissing ? " and " : "", name);
            if (nmissing >= sizeof missing)
                nmissing = sizeof missing - 1;
        }
        p += len + (p[len] == ',');
    }
    if (nmissing)
        return cli_error(spec->cmd, "--%s needs %s; missing: %s", o->name, all, missing);
    return CLI_RESOLVED;
}

/* "--name=value" -> "name" into buf. */
static const char *bare_name(const char *arg, char *buf, size_t cap) {
    while (*arg == '-')
        arg++;
    snprintf(buf, cap, "%.*s", (int)strcspn(arg, "="), arg);
    return buf;
}

static int finish(const struct cli_spec *spec, int argc, char **argv, struct cli_arg *args, const char **pos,
                  int *npos) {
    *npos = 0;
    for (int i = optind; i < argc; i++) {
        if (*npos >= spec->max_pos) {
            if (spec->max_pos == 0)
                return cli_error(spec->cmd, "unexpected argument '%s' (this command takes only options)", argv[i]);
            return cli_error(spec->cmd, "unexpected argument '%s' (usage: napfire %s %s)", argv[i], spec->cmd,
                             spec->usage);
        }
        pos[(*npos)++] = argv[i];
    }
    if (*npos < spec->min_pos)
        return cli_error(spec->cmd, "missing arguments (usage: napfire %s %s)", spec->cmd, spec->usage);
    for (size_t k = 0; k < spec->nopts; k++)
        if (args[k].given && check_needs(spec, &spec->opts[k], args) != CLI_RESOLVED)
            return CLI_BAD_INPUT;
    return CLI_RESOLVED;
}

/* getopt_long's table for the rows this command offers, plus --help;
 * every row's value slot reset. NULL when out of memory. */
static struct option *long_options(const struct cli_spec *spec, struct cli_arg *args) {
    struct option *lo = calloc(2 * spec->nopts + 2, sizeof *lo);
    if (!lo)
        return NULL;
    size_t n = 0;
    for (size_t k = 0; k < spec->nopts; k++) {
        args[k].given = 0;
        args[k].text = NULL;
        args[k].value = 0;
        args[k].measure = -1;
        const struct cli_opt *o = &spec->opts[k];
        if (!offered(spec, o))
            continue;
        lo[n].name = o->name;
        lo[n].has_arg = o->type == CLI_FLAG ? no_argument : required_argument;
        lo[n].val = ROW_VAL + (int)k;
        n++;
        if (o->alias) { /* the same row: giving both is "given twice" */
            lo[n] = lo[n - 1];
            lo[n++].name = o->alias;
        }
    }
    lo[n].name = "help";
    lo[n].val = 'h';
    /* lo[n + 1] stays zero: the end of the table. */
    return lo;
}

/* getopt_long refused the argument @p seen (c is '?' or ':'). */
static int refused(const struct cli_spec *spec, int c, const char *seen) {
    if (c == ':')
        return cli_error(spec->cmd, "%s needs a value", seen);
    if (optopt && optopt < ROW_VAL && optopt != 'h')
        return cli_error(spec->cmd, "unknown option '-%c'", optopt);
    if (optopt >= ROW_VAL)
        return cli_error(spec->cmd, "%s takes no value", seen);
    char name[64];
    if (cli_find(spec, bare_name(seen, name, sizeof name)) >= 0)
        return cli_error(spec->cmd, "--%s is not an option of 'napfire %s'", name, spec->cmd);
    return cli_error(spec->cmd, "unknown or ambiguous option '%s'", seen);
}

/* One option getopt_long accepted: the row's first and only value. */
static int accept(const struct cli_spec *spec, size_t k, struct cli_arg *args) {
    const struct cli_opt *o = &spec->opts[k];
    if (args[k].given)
        return cli_error(spec->cmd, "--%s given twice ('%s', then '%s'): give each option once", o->name,
                         args[k].text ? args[k].text : "", optarg ? optarg : "");
    int rc = take_value(spec, o, optarg ? optarg : "", &args[k]);
    if (rc == CLI_RESOLVED)
        args[k].given = 1;
    return rc;
}

int cli_parse(const struct cli_spec *spec, int argc, char **argv, struct cli_arg *args, const char **pos, int *npos) {
    *npos = 0;
    if (spec->nopts > ROWS_MAX || argc < 1)
        return cli_error(spec->cmd, "internal error: bad option table");
    struct option *lo = long_options(spec, args);
    if (!lo) {
        fprintf(stderr, "napfire %s: out of memory\n", spec->cmd);
        return CLI_BAD_INPUT;
    }
    int rc = CLI_RESOLVED;
    optind = 0; /* glibc: a full reinitialisation, so a second call starts afresh */
    opterr = 0; /* the messages here name the option, the value and what is allowed */
    /* Bounded: every call consumes at least one argument. */
    for (int c; rc == CLI_RESOLVED && (c = getopt_long(argc, argv, ":h", lo, NULL)) != -1;) {
        /* The argument getopt just read; for `--name VALUE` the option is the one before. */
        const char *seen = argv[optind - 1];
        if (optarg && seen == optarg && optind >= 2)
            seen = argv[optind - 2];
        if (c == 'h') {
            cli_help(spec, stdout);
            rc = CLI_HELP_SHOWN;
        } else if (c < ROW_VAL || (size_t)(c - ROW_VAL) >= spec->nopts) {
            rc = refused(spec, c, seen);
        } else {
            rc = accept(spec, (size_t)(c - ROW_VAL), args);
        }
    }
    free(lo);
    if (rc != CLI_RESOLVED)
        return rc;
    return finish(spec, argc, argv, args, pos, npos);
}

/* Help text column and line width: option descriptions are wrapped so
 * that --help fits 80 columns whatever the table says. */
#define HELP_INDENT 29
#define HELP_WIDTH 79

/* The words of @p text (any run of blanks or newlines separates them)
 * from column *col, wrapped at HELP_WIDTH with HELP_INDENT. */
static void wrap(FILE *to, const char *text, int *col) {
    for (const char *p = text; *p;) {
        p += strspn(p, " \n");
        size_t len = strcspn(p, " \n");
        if (len == 0)
            break;
        if (*col > HELP_INDENT && *col + 1 + (int)len > HELP_WIDTH) {
            fprintf(to, "\n%*s", HELP_INDENT, "");
            *col = HELP_INDENT;
        } else if (*col > HELP_INDENT) {
            fputc(' ', to);
            (*col)++;
        }
        fprintf(to, "%.*s", (int)len, p);
        *col += (int)len;
        p += len;
    }
}

/* What is allowed, from the row: a range, the names, the companions. */
static void print_allowed(const struct cli_opt *o, FILE *to, int *col) {
    char text[640];
    int32_t lo, hi;
    text[0] = '\0';
    switch (o->type) {
        case CLI_INT:
            int_range(o, &lo, &hi);
            snprintf(text, sizeof text, "(%d..%d)", lo, hi);
            break;
        case CLI_ENUM: {
            char names[512];
            cli_enum_names(o->enum_id, names, sizeof names);
            snprintf(text, sizeof text, "(one of: %s)", names);
            break;
        }
        case CLI_DIST_OR_NONE:
            snprintf(text, sizeof text, "(or 'none')");
            break;
        default:
            break;
    }
    wrap(to, text, col);
    size_t n = 0;
    text[0] = '\0';
    for (const char *p = o->needs; p && *p && n < sizeof text;) {
        size_t len = strcspn(p, ",");
        n += (size_t)snprintf(text + n, sizeof text - n, "%s--%.*s", p == o->needs ? "(needs " : " and ", (int)len, p);
        p += len + (p[len] == ',');
        if (!*p && n < sizeof text)
            n += (size_t)snprintf(text + n, sizeof text - n, ")");
    }
    wrap(to, text, col);
}

void cli_help(const struct cli_spec *spec, FILE *to) {
    fprintf(to, "usage: napfire %s %s\n\n%s\n\noptions:\n", spec->cmd, spec->usage, spec->about);
    for (size_t k = 0; k < spec->nopts; k++) {
        const struct cli_opt *o = &spec->opts[k];
        if (!offered(spec, o))
            continue;
        char head[64];
        snprintf(head, sizeof head, "--%s%s%s", o->name, o->metavar ? " " : "", o->metavar ? o->metavar : "");
        int col = fprintf(to, "  %-26s", head);
        if (col > HELP_INDENT - 1) {
            fprintf(to, "\n%*s", HELP_INDENT - 1, "");
        }
        col = HELP_INDENT;
        fputc(' ', to);
        wrap(to, o->help, &col);
        print_allowed(o, to, &col);
        if (o->alias) {
            char aka[64];
            snprintf(aka, sizeof aka, "(also --%s)", o->alias);
            wrap(to, aka, &col);
        }
        fprintf(to, "\n");
    }
    fprintf(to, "  %-26s %s\n", "-h, --help", "this text");
    fprintf(to, "\nOptions: --name VALUE or --name=VALUE; each option at most once (a\n"
                "repeated option is an error); '--' ends the options.\n");
    if (spec->epilog)
        fprintf(to, "%s", spec->epilog);
}
