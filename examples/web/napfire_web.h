/* SPDX-License-Identifier: MIT */
/* The WebAssembly exports of napfire_web.c (pictures.wasm), which app.js
 * calls by these names. Statuses are napfire_status values. */
#ifndef NAPFIRE_WEB_H
#define NAPFIRE_WEB_H

#include <stddef.h>
#include <stdint.h>

#include <napfire.h>

const char *nfw_svg(void);
size_t nfw_svg_len(void);
char *nfw_title(void);
size_t nfw_title_cap(void);
napfire_shot *nfw_shot(void);
napfire_rules *nfw_rules(void);
int nfw_odds_svg(int32_t custom_rules);
int32_t nfw_grid_max(void);
int nfw_map_init(int32_t layout, int32_t columns, int32_t rows);
int nfw_map_set(int32_t col, int32_t row, int32_t elevation, int32_t terrain, int32_t presence, int32_t side);
int nfw_map_svg(void);
uint8_t *nfw_fov_view(void);
int nfw_fov_set(int32_t fc, int32_t fr, uint32_t front_mask);
int nfw_fov_svg(void);
int nfw_los_svg(int32_t fc, int32_t fr, int32_t tc, int32_t tr, uint32_t front_mask, int32_t firer_side,
                int32_t target_side, uint32_t policy);

#endif
