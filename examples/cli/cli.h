/* SPDX-License-Identifier: MIT */
/* Shared declarations of the napfire command-line tool's subcommands. */
#ifndef NAPFIRE_CLI_H
#define NAPFIRE_CLI_H

/* Exit statuses, the same for every subcommand. */
enum {
    CLI_RESOLVED = 0,   /* the shot (or LOS) is permitted and resolved */
    CLI_FORBIDDEN = 1,  /* the rules forbid it */
    CLI_BAD_INPUT = 2,  /* bad command line or input file */
    CLI_UNKNOWN = 3,    /* the rules data needed is unknown */
    CLI_WRITE_ERROR = 4 /* the output could not be written (full disk, closed pipe) */
};

int napfire_cmd_fire(int argc, char **argv, int artillery, int odds);
int napfire_cmd_los(int argc, char **argv);
int napfire_cmd_rules(int argc, char **argv);

struct napfire_rules;
/* Load a rules text over the built-in data; returns an exit status. */
int cli_load_rules(const char *cmd, const char *path, struct napfire_rules *rules);

/* Print s to stdout as a JSON string, quotes and escapes included. */
void cli_json_string(const char *s);

struct napfire_result;
/* ,"missing_sentence":...,"missing_patch":... for a result's missing
 * datum (napfire_missing_describe), or null for both when none is named. */
void cli_json_missing_text(const struct napfire_result *r);

#endif
