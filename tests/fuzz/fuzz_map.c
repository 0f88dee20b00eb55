/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the map reader of `napfire los` (examples/cli/map.c,
 * doc/los-map-format.md): the input is a map file's bytes. Also linked into
 * tests/fuzz/replay.c for the committed corpus tests/fuzz/corpus/fuzz_map/.
 *
 * Invariants checked (any violation aborts):
 *   - a refusal has a message (printable ASCII, NUL-terminated in its
 *     buffer) and a line no greater than the input's line count, and frees
 *     everything (LeakSanitizer watches the fuzzer);
 *   - an accepted map has 1..CLI_MAP_MAX columns and rows and every cell
 *     within the documented ranges (terrain, elevation, presence, side);
 *   - an accepted map is a valid napfire_los_grid() map: the line of sight
 *     between its corners answers NAPFIRE_OK;
 *   - parsing is a function of the bytes: a second parse agrees.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */

#include "fuzz_text.h"

#include "map.h"
#include "napfire_hex.h"

static void check_map(const struct cli_map *m) {
    FZ_MUST(m->layout >= 0 && m->layout <= 3, "layout");
    FZ_MUST(m->columns >= 1 && m->columns <= CLI_MAP_MAX, "columns");
    FZ_MUST(m->rows >= 1 && m->rows <= CLI_MAP_MAX, "rows");
    FZ_MUST(m->cells != NULL, "cells");
    size_t n = (size_t)m->columns * (size_t)m->rows;
    for (size_t i = 0; i < n; i++) {
        const napfire_hex_info *c = &m->cells[i];
        FZ_MUST(c->terrain >= NAPFIRE_TERRAIN_CLEAR && c->terrain <= NAPFIRE_TERRAIN_SLOPE, "terrain");
        FZ_MUST(c->elevation >= -CLI_MAP_ELEVATION_MAX && c->elevation <= CLI_MAP_ELEVATION_MAX, "elevation");
        FZ_MUST(c->presence >= NAPFIRE_PRESENCE_NONE && c->presence <= NAPFIRE_PRESENCE_LEADER_ONLY, "presence");
        FZ_MUST(c->unit_side >= 0 && c->unit_side <= CLI_MAP_SIDE_MAX, "side");
        FZ_MUST(c->presence != NAPFIRE_PRESENCE_NONE || c->unit_side == 0, "a side only with a unit");
    }
    napfire_los_query q;
    memset(&q, 0, sizeof q);
    FZ_MUST(napfire_hex_from_offset(m->layout, 0, 0, &q.firer) == NAPFIRE_OK, "corner");
    FZ_MUST(napfire_hex_from_offset(m->layout, m->columns - 1, m->rows - 1, &q.target) == NAPFIRE_OK, "corner");
    if (q.firer.q == q.target.q && q.firer.r == q.target.r)
        return;
    q.front_mask = 0x3F;
    q.firer_side = 1;
    q.target_side = 2;
    napfire_los_result res;
    FZ_MUST(napfire_los_grid(&q, m->layout, m->columns, m->rows, m->cells, &res) == NAPFIRE_OK,
            "an accepted map is a valid grid");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct cli_map m, again;
    struct cli_map_error err, err2;
    int rc = cli_map_parse((const char *)data, size, &m, &err);
    int rc2 = cli_map_parse((const char *)data, size, &again, &err2);
    FZ_MUST(rc == rc2, "the same bytes, the same answer");
    if (rc != 0) {
        FZ_MUST(m.cells == NULL && again.cells == NULL, "a refusal leaves nothing to free");
        fz_check_text_refusal(&err, data, size, 0);
        FZ_MUST(err.line == err2.line && err.column == err2.column && !strcmp(err.message, err2.message),
                "the same refusal");
        return 0;
    }
    FZ_MUST(rc == 0, "0 or -1");
    check_map(&m);
    FZ_MUST(m.layout == again.layout && m.columns == again.columns && m.rows == again.rows &&
                !memcmp(m.cells, again.cells, (size_t)m.columns * (size_t)m.rows * sizeof *m.cells),
            "the same map");
    cli_map_free(&m);
    cli_map_free(&again);
    FZ_MUST(m.cells == NULL, "freed");
    return 0;
}
