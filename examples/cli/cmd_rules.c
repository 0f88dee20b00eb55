/* SPDX-License-Identifier: MIT */
/* napfire rules: the template of the rules text format, and checking a
 * user's file; plus the --rules FILE loader every subcommand shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "map.h"
#include "opts.h"

int cli_load_rules(const char *cmd, const char *path, napfire_rules *rules) {
    napfire_rules_init(rules, sizeof *rules);
    size_t len = 0;
    char *text = cli_read_file(cmd, "rules file", path, NAPFIRE_RULES_TEXT_MAX,
                               "NAPFIRE_RULES_TEXT_MAX", &len);
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

enum rules_row { R_TEMPLATE, R_CHECK, R_ROWS };

/* One row per option (opts.h); the order is enum rules_row's. */
static const struct cli_opt rules_opts[] = {
    {"template", NULL, CLI_FLAG, 0, 0, 0, 0, 0, 0, NULL,
     "print the built-in rules data as a rules "
     "text: the template to fill from your "
     "rulebook ('?' = unknown)"},
    {"check", "FILE", CLI_TEXT, 0, 0, 0, 0, 0, 0, NULL,
     "parse FILE over the built-in data and report "
     "the first error (file:line:column: message) "
     "or what is still unknown"},
};

static const struct cli_spec rules_spec = {
    "rules", "--template | --check FILE",
    "The rules data text format (doc/rules-format.md): its template, and\n"
    "checking a file.",
    "\nExit status: 0 valid, 2 invalid (or bad options), 4 the output could\n"
    "not be written.\n",
    rules_opts, R_ROWS, 1u, 0, 0};

static int count_unknown(const napfire_rules *r) {
    int unknown = 0;
    int32_t h, s;
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            unknown += napfire_rules_get_musketry(r, row, col, &h, &s) == NAPFIRE_EUNKNOWN;
    return unknown;
}

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
    if (args[R_TEMPLATE].given && args[R_CHECK].given)
        return cli_error("rules", "give --template or --check FILE, not both");
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
    if (args[R_CHECK].given) {
        const char *path = args[R_CHECK].text;
        napfire_rules r;
        int st = cli_load_rules("rules", path, &r);
        if (st != CLI_RESOLVED)
            return st;
        printf("%s: valid; %d of 45 musketry cells still unknown\n", path, count_unknown(&r));
        return CLI_RESOLVED;
    }
    return cli_error("rules", "expected --template or --check FILE");
}
