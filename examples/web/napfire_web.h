/* SPDX-License-Identifier: MIT */
/* The WebAssembly exports of napfire_web.c, which app.js calls by these
 * names. Statuses are napfire_status values. */
#ifndef NAPFIRE_WEB_H
#define NAPFIRE_WEB_H

#include <stddef.h>
#include <stdint.h>

char *nfw_in(void);
size_t nfw_in_cap(void);
const char *nfw_out(void);
size_t nfw_out_len(void);
const char *nfw_svg(void);
size_t nfw_svg_len(void);
const char *nfw_strerror(int st);
const char *nfw_status_name(int st);
const char *nfw_enum_name(int32_t e, int32_t v);
const char *nfw_hex_enum_name(int32_t e, int32_t v);
const char *nfw_version(void);
char *nfw_title(void);
size_t nfw_title_cap(void);
int nfw_bounds(int32_t param);
int nfw_dice_seed(uint32_t seed_lo, uint32_t seed_hi);
int nfw_dice_roll(void);
int nfw_hex_facing(int32_t formation, int32_t facing);
int nfw_rules_load(size_t len);
int nfw_rules_builtin(void);
int nfw_fire_begin(int32_t firer_arm, int32_t target_arm);
int nfw_unit_set(int32_t which, int32_t param, int32_t value);
int nfw_shot_begin(void);
int nfw_shot_set(int32_t param, int32_t value);
int nfw_resolve(int32_t roll, int32_t half_die);
int nfw_odds(void);
int32_t nfw_grid_max(void);
int nfw_map_init(int32_t layout, int32_t columns, int32_t rows);
int nfw_map_set(int32_t col, int32_t row, int32_t elevation, int32_t terrain, int32_t presence, int32_t side);
int nfw_map_svg(void);
int nfw_los(int32_t fc, int32_t fr, int32_t tc, int32_t tr, int32_t formation, int32_t facing, int32_t firer_side,
            int32_t target_side, uint32_t policy);
const uint8_t *nfw_fov_rules(void);
int nfw_fov(int32_t fc, int32_t fr, int32_t formation, int32_t facing, int32_t firer_side, int32_t target_side,
            uint32_t policy, int32_t r);
int nfw_fov_svg(void);

#endif
