/* SPDX-License-Identifier: MIT */
/* napfire rules: the template of the rules text format, and checking a
 * user's file; plus the --rules FILE loader every subcommand shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"

int cli_load_rules(const char *cmd, const char *path, napfire_rules *rules) {
    static char text[NAPFIRE_RULES_TEXT_MAX + 1];
    napfire_rules_init(rules, sizeof *rules);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "napfire %s: cannot open rules file '%s'\n", cmd, path);
        return CLI_BAD_INPUT;
    }
    size_t len = fread(text, 1, sizeof text, f);
    int read_error = ferror(f);
    fclose(f);
    if (read_error || len > NAPFIRE_RULES_TEXT_MAX) {
        fprintf(stderr, "napfire %s: cannot read '%s' (or larger than %d bytes)\n", cmd, path,
                NAPFIRE_RULES_TEXT_MAX);
        return CLI_BAD_INPUT;
    }
    napfire_parse_error err;
    int st = napfire_rules_parse(rules, text, len, &err);
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

static void help(void) {
    printf("usage: napfire rules --template\n"
           "       napfire rules --check FILE\n\n"
           "--template    print the built-in rules data as a rules text: the\n"
           "              template to fill from your rulebook ('?' = unknown)\n"
           "--check FILE  parse FILE over the built-in data and report the first\n"
           "              error (file:line:column: message) or what is still unknown\n"
           "\nFormat: doc/rules-format.md. Exit status: 0 valid, 2 invalid.\n");
}

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
    if (argc == 2 && !strcmp(argv[1], "--template")) {
        size_t len = 0;
        int st = napfire_rules_format(NULL, text, sizeof text, &len);
        if (st != NAPFIRE_OK) {
            fprintf(stderr, "napfire rules: %s\n", napfire_strerror(st));
            return CLI_BAD_INPUT;
        }
        fwrite(text, 1, len, stdout);
        return CLI_RESOLVED;
    }
    if (argc == 3 && !strcmp(argv[1], "--check")) {
        napfire_rules r;
        int st = cli_load_rules("rules", argv[2], &r);
        if (st != CLI_RESOLVED)
            return st;
        printf("%s: valid; %d of 45 musketry cells still unknown\n", argv[2], count_unknown(&r));
        return CLI_RESOLVED;
    }
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        help();
        return CLI_RESOLVED;
    }
    fprintf(stderr, "napfire rules: expected --template or --check FILE\n");
    return CLI_BAD_INPUT;
}
