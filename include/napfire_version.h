/* SPDX-License-Identifier: MIT */
/**
 * @file napfire_version.h
 * @brief Compile-time version of the libnapfire headers.
 *
 * A plain committed file (not generated) so that `cc -Iinclude lib/ *.c`
 * builds the library without meson. The project version in `meson.build`
 * is the one source; meson refuses to configure when a number here
 * disagrees with it. What each number means: doc/abi.md, "Versions".
 */
#ifndef NAPFIRE_VERSION_H
#define NAPFIRE_VERSION_H

/** Major version: the SONAME's number (`libnapfire.so.1`); changes only
 *  with an incompatible ABI. */
#define NAPFIRE_VERSION_MAJOR 1
/** Minor version: grows with every release that adds API; release 1.N
 *  exports the symbols of version node `NAPFIRE_1.N` and older. */
#define NAPFIRE_VERSION_MINOR 3
/** Patch version: fixes that add no API. */
#define NAPFIRE_VERSION_PATCH 0
/** The version as a string, "MAJOR.MINOR.PATCH". */
#define NAPFIRE_VERSION_STRING "1.3.0"
/** The version as one number, MAJOR*10000 + MINOR*100 + PATCH. */
#define NAPFIRE_VERSION_NUMBER (NAPFIRE_VERSION_MAJOR * 10000 + NAPFIRE_VERSION_MINOR * 100 + NAPFIRE_VERSION_PATCH)

#endif /* NAPFIRE_VERSION_H */
