/* SPDX-License-Identifier: MIT */
/* Temporary: replaced by the hex-scale LOS subcommand. */
#include <stdio.h>

#include "cli.h"

int napfire_cmd_los(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "napfire los: not built in this version\n");
    return CLI_BAD_INPUT;
}
