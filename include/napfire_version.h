/* SPDX-License-Identifier: MIT */
/**
 * @file napfire_version.h
 * @brief Compile-time version of the libnapfire headers.
 *
 * A plain committed file (not generated) so that `cc -Iinclude lib/ *.c`
 * builds the library without meson. `meson.build` reads the same numbers
 * and refuses to configure when they disagree with the project version.
 */
#ifndef NAPFIRE_VERSION_H
#define NAPFIRE_VERSION_H

/** Major version: changes only with an incompatible ABI (a new SONAME). */
#define NAPFIRE_VERSION_MAJOR 0
/** Minor version: grows with every release that adds API. */
#define NAPFIRE_VERSION_MINOR 1
/** Patch version: fixes that add no API. */
#define NAPFIRE_VERSION_PATCH 0
/** The version as a string, "MAJOR.MINOR.PATCH". */
#define NAPFIRE_VERSION_STRING "0.1.0"
/** The version as one number, MAJOR*10000 + MINOR*100 + PATCH. */
#define NAPFIRE_VERSION_NUMBER \
    (NAPFIRE_VERSION_MAJOR * 10000 + NAPFIRE_VERSION_MINOR * 100 + NAPFIRE_VERSION_PATCH)

#endif /* NAPFIRE_VERSION_H */
