/* SPDX-License-Identifier: MIT */
/*
 * napfire los --fov (cmd_los_fov.c): what cmd_los.c hands over once the
 * command line and the map are read.
 */
#ifndef NAPFIRE_CLI_LOS_FOV_H
#define NAPFIRE_CLI_LOS_FOV_H

#include <napfire.h>

#include "map.h"

struct los_fov_request {
    int32_t col, row;    /* the firer's hex as given */
    int32_t radius;      /* 1..NAPFIRE_FOV_RADIUS_MAX */
    napfire_los_query q; /* firer, front, sides, policy; target unused */
    int json;
    const char *svg; /* --svg FILE, or NULL */
};

/* Compute and print the view; CLI_RESOLVED, CLI_BAD_INPUT or
 * CLI_WRITE_ERROR, after a message on stderr. */
int cli_los_fov(const struct cli_map *m, const struct los_fov_request *r);

#endif
