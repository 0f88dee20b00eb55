/* SPDX-License-Identifier: MIT */
/*
 * The browser playground's pictures (pictures.wasm), over the public API.
 *
 * The page (app.js) asks every question of the npm package napfire; this
 * file only draws what the CLI draws, with the same picture.c and svg.c as
 * `napfire odds/los --svg`: the odds chart of the package's shot (its C
 * storage, copied in by the page), the map, a line of sight on it and a
 * field of view the package computed. Every function returns a napfire
 * status and writes the SVG into one buffer (nfw_svg).
 *
 * State is static: a WebAssembly instance is single-threaded and owned by
 * one page, and the library itself keeps none.
 */
#include <string.h>

#include <napfire.h>

#include "../cli/out.h"
#include "../cli/picture.h"
#include "../cli/svg.h"
#include "napfire_web.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* The page's grid, as large as a printed La Bataille map with room to
 * spare; the library takes up to NAPFIRE_HEX_GRID_MAX. */
#define GRID_MAX 128
/* A full 128 x 128 map draws in about 3.3 MB. */
#define SVG_CAP (5 * 1024 * 1024)
#define TITLE_CAP 96
/* The elevations and sides the page paints. */
#define ELEVATION_MAX 99
#define SIDE_MAX 9

static char svg_buf[SVG_CAP];
static char title_buf[TITLE_CAP];
static struct out_buffer svg_sink;

static napfire_shot shot;
static napfire_rules rules;
static napfire_hex_info cells[GRID_MAX * GRID_MAX];
static int32_t grid_layout = NAPFIRE_HEX_ODD_Q, grid_cols = 10, grid_rows = 7;

/* The field of view the page computed with the package, for the firer at
 * fov_firer with fov_front, until the map changes. */
static uint8_t fov_view[GRID_MAX * GRID_MAX];
static int fov_valid;
static napfire_hex fov_firer;
static uint32_t fov_front;

static struct out *svg_start(void) {
    static struct out o;
    return out_to_buffer(&o, &svg_sink, svg_buf, sizeof svg_buf);
}

EXPORT(nfw_svg) const char *nfw_svg(void) {
    return svg_buf;
}
EXPORT(nfw_svg_len) size_t nfw_svg_len(void) {
    return svg_sink.len;
}
EXPORT(nfw_title) char *nfw_title(void) {
    return title_buf;
}
EXPORT(nfw_title_cap) size_t nfw_title_cap(void) {
    return sizeof title_buf - 1;
}
/* Where the page copies a Shot's and a Rules' storage (the package's
 * bytes: the same library, the same layout). */
EXPORT(nfw_shot) napfire_shot *nfw_shot(void) {
    return &shot;
}
EXPORT(nfw_rules) napfire_rules *nfw_rules(void) {
    return &rules;
}

/* The odds chart of the shot in nfw_shot(), over the rules in nfw_rules()
 * (custom_rules 1) or the built-in data (0), as `napfire odds --svg`. */
EXPORT(nfw_odds_svg) int nfw_odds_svg(int32_t custom_rules) {
    static struct svg_odds_pic pic;
    napfire_result miss;
    int32_t reason = 0;
    title_buf[sizeof title_buf - 1] = '\0';
    int st = pic_odds(&pic, title_buf[0] ? title_buf : "Outcomes over 2D6 x half die", &shot,
                      custom_rules ? &rules : NULL, &miss, &reason);
    if (st != NAPFIRE_OK)
        return st;
    return svg_odds(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}

/* ------------------------------------------------------------------ */
/* Hex scale: the map, a line of sight, a field of view */

EXPORT(nfw_grid_max) int32_t nfw_grid_max(void) {
    return GRID_MAX;
}

/* A new empty map: clear ground at elevation 0. */
EXPORT(nfw_map_init) int nfw_map_init(int32_t layout, int32_t columns, int32_t rows) {
    napfire_hex h;
    if (napfire_hex_from_offset(layout, 0, 0, &h) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    if (columns < 1 || rows < 1 || columns > GRID_MAX || rows > GRID_MAX)
        return NAPFIRE_EDOMAIN;
    memset(cells, 0, sizeof cells);
    fov_valid = 0;
    grid_layout = layout;
    grid_cols = columns;
    grid_rows = rows;
    return NAPFIRE_OK;
}

static int on_grid(int32_t col, int32_t row) {
    return col >= 0 && row >= 0 && col < grid_cols && row < grid_rows;
}

EXPORT(nfw_map_set)
int nfw_map_set(int32_t col, int32_t row, int32_t elevation, int32_t terrain, int32_t presence, int32_t side) {
    if (!on_grid(col, row) || elevation < -ELEVATION_MAX || elevation > ELEVATION_MAX ||
        terrain < NAPFIRE_TERRAIN_CLEAR || terrain > NAPFIRE_TERRAIN_SLOPE || presence < NAPFIRE_PRESENCE_NONE ||
        presence > NAPFIRE_PRESENCE_LEADER_ONLY || side < 0 || side > SIDE_MAX)
        return NAPFIRE_EDOMAIN;
    napfire_hex_info *c = &cells[row * grid_cols + col];
    fov_valid = 0;
    memset(c, 0, sizeof *c);
    c->elevation = elevation;
    c->terrain = terrain;
    c->presence = presence;
    c->unit_side = presence == NAPFIRE_PRESENCE_NONE ? 0 : side;
    return NAPFIRE_OK;
}

EXPORT(nfw_map_svg) int nfw_map_svg(void) {
    static struct svg_los_pic pic;
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_map(&pic, &m);
    return svg_los(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}

EXPORT(nfw_fov_view) uint8_t *nfw_fov_view(void) {
    return fov_view;
}

/* The page has copied a field of view (napfire_fov_grid through the
 * package: columns * rows bytes, row by row) into nfw_fov_view() for the
 * firer at (fc, fr) with these front hexsides. */
EXPORT(nfw_fov_set) int nfw_fov_set(int32_t fc, int32_t fr, uint32_t front_mask) {
    fov_valid = 0;
    if (!on_grid(fc, fr) || napfire_hex_from_offset(grid_layout, fc, fr, &fov_firer) != NAPFIRE_OK)
        return NAPFIRE_EDOMAIN;
    fov_front = front_mask;
    fov_valid = 1;
    return NAPFIRE_OK;
}

/* The picture's words of a field of view: the counts per rule. */
static void fov_lines(struct svg_los_pic *pic) {
    int32_t counts[NAPFIRE_LOS_RULE_GRAZING + 1] = {0}, hidden = 0;
    for (int32_t i = 0; i < grid_cols * grid_rows; i++)
        if (fov_view[i] <= NAPFIRE_LOS_RULE_GRAZING)
            counts[fov_view[i]]++;
    struct out lo;
    struct out_buffer lb;
    struct out *line = out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_NOTE], sizeof pic->lines[0]);
    for (int32_t r = 1; r <= NAPFIRE_LOS_RULE_GRAZING; r++) {
        if (counts[r])
            out_fmt(line, "%s%s %d", hidden ? ", " : "", napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, r),
                    counts[r]);
        hidden += counts[r];
    }
    out_fmt(out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_HEADING], sizeof pic->lines[0]),
            "Field of view of the firer (H-LOS, H-ELV)");
    out_fmt(out_to_buffer(&lo, &lb, pic->lines[SVG_LOS_VERDICT], sizeof pic->lines[0]), "seen %d; hidden %d%s",
            counts[0], hidden, hidden ? " by:" : "");
}

/* The field of view alone, as `napfire los --fov --svg` draws it. */
EXPORT(nfw_fov_svg) int nfw_fov_svg(void) {
    static struct svg_los_pic pic;
    if (!fov_valid)
        return NAPFIRE_ESTATE;
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_map(&pic, &m);
    pic.firer = fov_firer;
    pic.front_mask = fov_front;
    pic.view = fov_view;
    fov_lines(&pic);
    return svg_los(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}

/* The line of sight from (fc, fr) to (tc, tr) as `napfire los --svg`
 * draws it, over the field of view of the same firer if the page set one.
 * NAPFIRE_EDOMAIN for a hex off the grid or firer and target in one hex
 * (the page has asked the package first and says why). */
EXPORT(nfw_los_svg)
int nfw_los_svg(int32_t fc, int32_t fr, int32_t tc, int32_t tr, uint32_t front_mask, int32_t firer_side,
                int32_t target_side, uint32_t policy) {
    /* A trace over distance n has at most 4n + 1 steps; on the grid n is
     * below 2 * GRID_MAX. */
    static napfire_trace_step steps[4 * 2 * GRID_MAX + 1];
    static struct svg_los_pic pic;
    napfire_los_query q;
    memset(&q, 0, sizeof q);
    if (!on_grid(fc, fr) || !on_grid(tc, tr) || napfire_hex_from_offset(grid_layout, fc, fr, &q.firer) != NAPFIRE_OK ||
        napfire_hex_from_offset(grid_layout, tc, tr, &q.target) != NAPFIRE_OK || (fc == tc && fr == tr))
        return NAPFIRE_EDOMAIN;
    q.front_mask = front_mask;
    q.firer_side = firer_side;
    q.target_side = target_side;
    q.policy = policy;
    napfire_los_result res;
    int st = napfire_los_grid(&q, grid_layout, grid_cols, grid_rows, cells, &res);
    if (st != NAPFIRE_OK)
        return st;
    size_t n = 0;
    if (napfire_trace_steps(q.firer, q.target, steps, sizeof steps / sizeof steps[0], &n) != NAPFIRE_OK)
        return NAPFIRE_ENOSPC;
    struct svg_map m = {grid_layout, grid_cols, grid_rows, cells};
    pic_los(&pic, &m, &q, &res, steps, n);
    pic.view = fov_valid && fov_firer.q == q.firer.q && fov_firer.r == q.firer.r ? fov_view : NULL;
    return svg_los(svg_start(), &pic) == 0 ? NAPFIRE_OK : NAPFIRE_ENOSPC;
}
