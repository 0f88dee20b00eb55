/* SPDX-License-Identifier: MIT */
/* Independent slow reference for the exact trace (H-LOS-1..3), see ref.c. */
#ifndef NAPFIRE_TEST_HEX_REF_H
#define NAPFIRE_TEST_HEX_REF_H

#include <stddef.h>

#include "napfire.h"

/* Writes at most cap steps and returns how many the trace has. Distance
 * up to 30. */
size_t ref_trace(napfire_hex from, napfire_hex to, napfire_trace_step *out, size_t cap);

#endif
