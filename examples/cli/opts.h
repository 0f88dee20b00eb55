/* SPDX-License-Identifier: MIT */
/*
 * Option parsing shared by every napfire subcommand, on getopt_long.
 *
 * A subcommand describes its options in one table of struct cli_opt (adding
 * an option is one row) and calls cli_parse() with a struct cli_spec. The
 * parser accepts `--name VALUE` and `--name=VALUE` (and unique prefixes of
 * a name, as getopt_long does), `-h`/`--help` (the subcommand's own help,
 * printed from the same table), and `--` to end the options. Every value is
 * checked here against its row: a whole number of the tool's one number
 * syntax (number.h) in its range (explicit, or napfire_param_bounds() of
 * the row's parameter), a name of its napfire_enum_name() enumeration, a
 * distance with its unit. The rules:
 *
 *   - an option given twice is an error (no "last one wins": a shot
 *     computed from a silently overridden option is a wrong answer);
 *   - every error names the option, the value given and what is allowed;
 *   - a row's companions (`needs`) must be given with it, and are named.
 *
 * The parsed values land in one struct cli_arg per row, so no sequence of
 * arguments can outgrow the storage.
 *
 * A subcommand registers its options so (cmd_rules.c, cmd_los.c):
 *
 *   enum rules_row { R_TEMPLATE, R_CHECK, R_ROWS };      // one per row
 *   static const struct cli_opt rules_opts[] = {         // in that order
 *       [R_TEMPLATE] = {.name = "template", .type = CLI_FLAG, .help = "print ..."},
 *       [R_CHECK] = {.name = "check", .metavar = "FILE", .type = CLI_TEXT,
 *                    .help = "parse FILE ..."},
 *   };
 *   static const struct cli_spec rules_spec = {.cmd = "rules", .usage = "USAGE",
 *       .about = "ABOUT", .epilog = "EPILOG", .opts = rules_opts, .nopts = R_ROWS,
 *       .scope = 1u};
 *   struct cli_arg args[R_ROWS];
 *   int rc = cli_parse(&rules_spec, argc, argv, args, pos, &npos);
 *   // CLI_HELP_SHOWN: return 0; CLI_BAD_INPUT: return it (already reported)
 *   if (args[R_CHECK].given) use(args[R_CHECK].text);
 *
 * A number is {.name = "extra", .metavar = "N", .type = CLI_INT, .lo = -10,
 * .hi = 10, ...} (or no lo and hi and a napfire parameter in `param`), a
 * name {.name = "ammo", .metavar = "NAME", .type = CLI_ENUM, .enum_id =
 * NAPFIRE_ENUM_AMMO, ...}; cmd_fire.c shares one table between four
 * commands through `scope`.
 */
#ifndef NAPFIRE_CLI_OPTS_H
#define NAPFIRE_CLI_OPTS_H

#include <stdint.h>
#include <stdio.h>

/* What an option's value is. */
enum cli_type {
    CLI_FLAG,         /* no value */
    CLI_INT,          /* a whole number in lo..hi */
    CLI_ENUM,         /* a name of enumeration enum_id, "column-of-divisions" style */
    CLI_DIST,         /* a distance: 15cm, 150mm, 9in, 9" (0..NAPFIRE_MAX_DISTANCE) */
    CLI_DIST_OR_NONE, /* a distance, or 'none' (value -1) */
    CLI_TEXT          /* any non-empty text (a file name, a list parsed later) */
};

/* One option. lo..hi applies to CLI_INT; when both are 0 and param is not,
 * the range is napfire_param_bounds(param). */
struct cli_opt {
    const char *name;    /* the long name, without "--": the C parameter's name in kebab case */
    const char *alias;   /* an older spelling, still accepted (--help names it); NULL: none */
    const char *metavar; /* the value's name in --help (NULL: flags) */
    enum cli_type type;
    int32_t enum_id;   /* CLI_ENUM: a napfire_enum value */
    int32_t lo, hi;    /* CLI_INT: allowed range */
    int32_t param;     /* the subcommand's own use (a unit/shot parameter) */
    int who;           /* the subcommand's own use (whose parameter) */
    unsigned scope;    /* commands (cli_spec.scope bits) offering it; 0: all */
    const char *needs; /* companions, comma-separated names; NULL: none */
    const char *help;
};

/* A row's parsed value. */
struct cli_arg {
    int given;        /* 1 when the option was on the command line */
    const char *text; /* the value as given (NULL for flags) */
    int32_t value;    /* the value: number, enum value, distance; 1 for flags */
    int32_t measure;  /* CLI_DIST*: NAPFIRE_MEASURE_*; -1 for 'none' */
};

/* A subcommand. */
struct cli_spec {
    const char *cmd;    /* "musketry", "odds artillery", "los" */
    const char *usage;  /* after "usage: napfire CMD " */
    const char *about;  /* paragraph(s) printed after the usage line */
    const char *epilog; /* printed after the options (exit statuses) */
    const struct cli_opt *opts;
    size_t nopts;
    unsigned scope;       /* this command's bit, matched against cli_opt.scope */
    int min_pos, max_pos; /* positional arguments allowed */
};

/* cli_parse() results besides the CLI_* exit statuses of cli.h. */
#define CLI_HELP_SHOWN (-1)

/*
 * Parse argv[1..argc-1] (argv[0] is the subcommand's name). @p args has
 * spec->nopts entries, filled for every row; @p pos receives up to
 * spec->max_pos positional arguments, their number in @p npos.
 * Returns CLI_RESOLVED (0), CLI_HELP_SHOWN after printing the help to
 * stdout, or CLI_BAD_INPUT after printing one error to stderr.
 * argv is permuted (getopt_long); getopt's global state is reset first,
 * so it may be called more than once per process.
 */
int cli_parse(const struct cli_spec *spec, int argc, char **argv, struct cli_arg *args, const char **pos, int *npos);

/* Check @p text as a value of row @p o (its type, range or names), as
 * the command line's are: 0 and *a filled (text, value, measure), or -1
 * and @p why ("'x' is not allowed: give ..."). Scene files (scene.c)
 * give settings in the options' words and are checked here too. */
int cli_value(const struct cli_opt *o, const char *text, struct cli_arg *a, char *why, size_t cap);

/* The help of a subcommand, from its table. */
void cli_help(const struct cli_spec *spec, FILE *to);

/* The index of the row named @p name, or -1. */
int cli_find(const struct cli_spec *spec, const char *name);

/* "napfire CMD: message" on stderr and the --help hint; returns
 * CLI_BAD_INPUT. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
int cli_error(const char *cmd, const char *fmt, ...);

/* The allowed names of a CLI_ENUM row, ", "-separated, into buf. */
void cli_enum_names(int32_t enum_id, char *buf, size_t cap);

#endif
