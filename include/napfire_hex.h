/* SPDX-License-Identifier: MIT */
/**
 * @file napfire_hex.h
 * @brief libnapfire hex scale (RULES.md H-*): placeholder while the hex API is written.
 */
#ifndef NAPFIRE_HEX_H
#define NAPFIRE_HEX_H
#include "napfire.h"
#endif /* NAPFIRE_HEX_H */
