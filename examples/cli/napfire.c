/* SPDX-License-Identifier: MIT */
/* napfire: a command-line calculator over libnapfire. */
#define _POSIX_C_SOURCE 200809L /* SIGPIPE */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <napfire.h>

#include "cli.h"

static cli_command_fn cmd_help, cmd_version, cmd_odds;

/* The subcommands, in the order 'napfire --help' lists them. */
static const struct command commands[] = {
    {.name = "musketry",
     .run = napfire_cmd_musketry,
     .summary = "resolve an infantry volley (figure scale, RULES F-*)"},
    {.name = "artillery",
     .run = napfire_cmd_artillery,
     .summary = "resolve a battery's fire (figure scale, RULES F-ART)"},
    {.name = "los", .run = napfire_cmd_los, .summary = "trace a line of sight on a hex map (RULES H-*)"},
    {.name = "rules", .run = napfire_cmd_rules, .summary = "print the rules-data template, or check a rules file"},
    {.name = "odds", .run = cmd_odds, .summary = "exact odds of a shot: 'napfire odds musketry|artillery ...'"},
    {.name = "--help", .run = cmd_help},
    {.name = "-h", .run = cmd_help},
    {.name = "help", .run = cmd_help},
    {.name = "--version", .run = cmd_version},
};

/* 'napfire odds KIND ...': the shots whose odds are computed. */
static const struct command odds_commands[] = {
    {.name = "musketry", .run = napfire_cmd_odds_musketry},
    {.name = "artillery", .run = napfire_cmd_odds_artillery},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct command *find(const struct command *table, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(table[i].name, name))
            return &table[i];
    return NULL;
}

static void usage(FILE *to) {
    fprintf(to,
            "usage: napfire COMMAND [OPTIONS]\n"
            "\n"
            "Resolve Napoleonic wargame fire with libnapfire %s.\n"
            "\n"
            "commands:\n",
            napfire_version_string());
    for (size_t i = 0; i < COUNT(commands); i++)
        if (commands[i].summary)
            fprintf(to, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(to, "\n"
                "Run 'napfire COMMAND --help' for a command's options. Options are\n"
                "--name VALUE or --name=VALUE, each at most once (a repeated option is\n"
                "an error); every refused value is named with what is allowed.\n"
                "\n"
                "Exit status: 0 resolved, 1 the rules forbid it, 2 bad input (command\n"
                "line, map or rules file), 3 the rules data needed is unknown, 4 the\n"
                "output could not be written (full disk). A reader that leaves early\n"
                "(napfire ... | head) ends it silently, by SIGPIPE, as any filter.\n");
}

static int cmd_help(int argc, char **argv) {
    (void)argc;
    (void)argv;
    usage(stdout);
    return CLI_RESOLVED;
}

static int cmd_version(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("napfire %s\n", napfire_version_string());
    return CLI_RESOLVED;
}

static void odds_usage(FILE *to) {
    fprintf(to, "usage: napfire odds musketry|artillery [OPTIONS] --distance D\n"
                "\n"
                "The exact odds of one shot over 2D6 and the half die. Run\n"
                "'napfire odds musketry --help' or 'napfire odds artillery --help'\n"
                "for the options.\n");
}

static int cmd_odds(int argc, char **argv) {
    const struct command *c = argc >= 2 ? find(odds_commands, COUNT(odds_commands), argv[1]) : NULL;
    if (c)
        return c->run(argc - 1, argv + 1);
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        odds_usage(stdout);
        return CLI_RESOLVED;
    }
    if (argc >= 2)
        fprintf(stderr, "napfire odds: '%s' is not allowed: give musketry or artillery\n", argv[1]);
    odds_usage(stderr);
    return CLI_BAD_INPUT;
}

static int dispatch(int argc, char **argv) {
    const struct command *c = find(commands, COUNT(commands), argv[1]);
    if (c)
        return c->run(argc - 1, argv + 1);
    fprintf(stderr, "napfire: unknown command '%s' (", argv[1]);
    for (size_t i = 0, listed = 0; i < COUNT(commands); i++)
        if (commands[i].summary)
            fprintf(stderr, "%s%s", listed++ ? ", " : "", commands[i].name);
    fprintf(stderr, ")\n");
    usage(stderr);
    return CLI_BAD_INPUT;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return CLI_BAD_INPUT;
    }
    /* A reader that left (`napfire rules --check f | head`) ends the tool
     * as it ends any filter: silently, by SIGPIPE, whatever disposition
     * the parent left us. Where there is no SIGPIPE (Windows), or it is
     * blocked, the write fails with EPIPE: exit status 4, silently too. */
#ifdef SIGPIPE
    signal(SIGPIPE, SIG_DFL);
#endif
    int rc = dispatch(argc, argv);
    /* Output is buffered: a full disk or a closed pipe shows only here. */
    if (cli_close_output(stdout, "the output") != CLI_RESOLVED)
        return CLI_WRITE_ERROR;
    return rc;
}
