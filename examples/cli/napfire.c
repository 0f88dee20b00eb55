/* SPDX-License-Identifier: MIT */
/* napfire: a command-line calculator over libnapfire. */
#include <stdio.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"

static void usage(FILE *to) {
    fprintf(to,
            "usage: napfire COMMAND [OPTIONS]\n"
            "\n"
            "Resolve Napoleonic wargame fire with libnapfire %s.\n"
            "\n"
            "commands:\n"
            "  musketry   resolve an infantry volley (figure scale, RULES F-*)\n"
            "  artillery  resolve a battery's fire (figure scale, RULES F-ART)\n"
            "  los        trace a line of sight on a hex map (RULES H-*)\n"
            "  rules      print the rules-data template, or check a rules file\n"
            "  odds       exact odds of a shot: 'napfire odds musketry|artillery ...'\n"
            "\n"
            "Run 'napfire COMMAND --help' for a command's options.\n"
            "Exit status: 0 resolved, 1 the rules forbid it, 2 bad input,\n"
            "3 the rules data needed is unknown.\n",
            napfire_version_string());
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("napfire %s\n", napfire_version_string());
        return 0;
    }
    if (!strcmp(cmd, "musketry"))
        return napfire_cmd_fire(argc - 1, argv + 1, 0, 0);
    if (!strcmp(cmd, "artillery"))
        return napfire_cmd_fire(argc - 1, argv + 1, 1, 0);
    if (!strcmp(cmd, "rules"))
        return napfire_cmd_rules(argc - 1, argv + 1);
    if (!strcmp(cmd, "odds")) {
        if (argc >= 3 && (!strcmp(argv[2], "musketry") || !strcmp(argv[2], "artillery")))
            return napfire_cmd_fire(argc - 2, argv + 2, !strcmp(argv[2], "artillery"), 1);
        fprintf(stderr, "usage: napfire odds musketry|artillery [OPTIONS] --distance D\n");
        return CLI_BAD_INPUT;
    }
    if (!strcmp(cmd, "los"))
        return napfire_cmd_los(argc - 1, argv + 1);
    fprintf(stderr, "napfire: unknown command '%s'\n", cmd);
    usage(stderr);
    return CLI_BAD_INPUT;
}
