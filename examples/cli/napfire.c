/* SPDX-License-Identifier: MIT */
/* napfire: a command-line calculator over libnapfire. */
#define _POSIX_C_SOURCE 200809L /* SIGPIPE */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"
#include "opts.h"

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
            "Run 'napfire COMMAND --help' for a command's options. Options are\n"
            "--name VALUE or --name=VALUE, each at most once (a repeated option is\n"
            "an error); every refused value is named with what is allowed.\n"
            "\n"
            "Exit status: 0 resolved, 1 the rules forbid it, 2 bad input (command\n"
            "line, map or rules file), 3 the rules data needed is unknown, 4 the\n"
            "output could not be written (full disk, closed pipe).\n",
            napfire_version_string());
}

static void odds_usage(FILE *to) {
    fprintf(to, "usage: napfire odds musketry|artillery [OPTIONS] --distance D\n"
                "\n"
                "The exact odds of one shot over 2D6 and the half die. Run\n"
                "'napfire odds musketry --help' or 'napfire odds artillery --help'\n"
                "for the options.\n");
}

static int dispatch(int argc, char **argv) {
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return CLI_RESOLVED;
    }
    if (!strcmp(cmd, "--version")) {
        printf("napfire %s\n", napfire_version_string());
        return CLI_RESOLVED;
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
        if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
            odds_usage(stdout);
            return CLI_RESOLVED;
        }
        if (argc >= 3)
            fprintf(stderr, "napfire odds: '%s' is not allowed: give musketry or artillery\n", argv[2]);
        odds_usage(stderr);
        return CLI_BAD_INPUT;
    }
    if (!strcmp(cmd, "los"))
        return napfire_cmd_los(argc - 1, argv + 1);
    fprintf(stderr, "napfire: unknown command '%s' (musketry, artillery, los, rules, odds)\n", cmd);
    usage(stderr);
    return CLI_BAD_INPUT;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    /* A closed pipe must be an error with a message, not a silent death by
     * SIGPIPE: ignored, a write fails with EPIPE and is reported below.
     * Windows has no SIGPIPE (a write to a closed pipe just fails). */
#ifdef SIGPIPE
    signal(SIGPIPE, SIG_IGN);
#endif
    int rc = dispatch(argc, argv);
    /* Output is buffered: a full disk or a closed pipe shows only here. */
    if (cli_close_output(stdout, "the output") != CLI_RESOLVED)
        return CLI_WRITE_ERROR;
    return rc;
}
