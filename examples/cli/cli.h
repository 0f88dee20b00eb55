/* SPDX-License-Identifier: MIT */
/* Shared declarations of the napfire command-line tool's subcommands. */
#ifndef NAPFIRE_CLI_H
#define NAPFIRE_CLI_H

#include <stdio.h>

#include "out.h"

/* Exit statuses, the same for every subcommand. */
enum {
    CLI_RESOLVED = 0,   /* the shot (or LOS) is permitted and resolved */
    CLI_FORBIDDEN = 1,  /* the rules forbid it */
    CLI_BAD_INPUT = 2,  /* bad command line or input file */
    CLI_UNKNOWN = 3,    /* the rules data needed is unknown */
    CLI_WRITE_ERROR = 4 /* the output could not be written (full disk, closed pipe) */
};

/* Every subcommand has this signature: argv[0] is its own name, the rest
 * its options and arguments; it returns an exit status. */
typedef int cli_command_fn(int argc, char **argv);

/* A row of the command table (napfire.c). */
struct command {
    const char *name;
    cli_command_fn *run;
    const char *summary; /* the line in 'napfire --help'; NULL: not listed */
};

cli_command_fn napfire_cmd_musketry, napfire_cmd_artillery, napfire_cmd_odds_musketry, napfire_cmd_odds_artillery,
    napfire_cmd_los, napfire_cmd_rules;

struct napfire_rules;
/* Load a rules text over the built-in data; returns an exit status. */
int cli_load_rules(const char *cmd, const char *path, struct napfire_rules *rules);

/* ---- out_file.c: where the CLI's output goes ---- */

/* The standard output as a sink (the stdout of the moment: tests swap it). */
struct out *out_stdout(void);

/* Close an output stream and report a write error naming it. Returns
 * CLI_RESOLVED or CLI_WRITE_ERROR. */
int cli_close_output(FILE *f, const char *path);

/* An input a command reads, for cli_check_output(). */
struct cli_input {
    const char *what; /* "map", "rules file" */
    const char *path; /* NULL: not given */
};

/* Before a command reads anything: refuse (CLI_BAD_INPUT, after a message
 * naming @p opt and @p path) an output file that is not a regular file
 * (a directory, a FIFO, a device, a socket, a link to nothing) or that is
 * the same file as one of the @p n inputs (same device and inode, through
 * any link). Only stat()s: never blocks. */
int cli_check_output(const char *cmd, const char *opt, const char *path, const struct cli_input *inputs, size_t n);

/* Draw into the file at @p path: fn writes the bytes and returns 0 (or
 * non-zero when what it was given cannot be drawn). The bytes go to a new
 * file beside the target, renamed over it only when complete: on any
 * failure the target is as it was. Reports a failure on stderr as
 * "napfire CMD: ..." naming the file. Returns CLI_RESOLVED, CLI_BAD_INPUT
 * or CLI_WRITE_ERROR. */
int cli_write_file(const char *cmd, const char *path, int (*fn)(struct out *, const void *), const void *arg);

#endif
