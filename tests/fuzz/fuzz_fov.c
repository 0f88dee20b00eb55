/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the field of view (H-LOS, H-ELV): a map, a query
 * and a radius decoded from the input; napfire_fov_grid() against one
 * napfire_los_grid() per hex. Also linked into tests/fuzz/replay.c for the
 * committed corpus tests/fuzz/corpus/fuzz_fov/.
 *
 * Invariants checked (any violation aborts):
 *   - when the call succeeds, every hex at distance 1..radius holds the
 *     rule napfire_los_grid() gives for it, every other byte
 *     NAPFIRE_FOV_NOT_ASKED, and nothing past the grid is written;
 *   - it fails with EDOMAIN exactly when the query, the layout or the
 *     sizes are refused by napfire_los_grid() with any target, or a cell
 *     at distance 0..radius is bad; then the output is untouched;
 *   - a short or misaligned workspace and a damaged plan are refused with
 *     their statuses, the output untouched.
 */
#include "fuzz_util.h"

#define MAX_SIDE 24
#define MAX_RADIUS 40
#define CANARY 0x5A

static const napfire_fov_plan *plans[MAX_RADIUS + 1];
static unsigned char *works[MAX_RADIUS + 1];

/* Plans and workspaces by radius, built on first use and kept. */
static const napfire_fov_plan *plan_for(int32_t radius) {
    if (!plans[radius]) {
        size_t n = napfire_fov_plan_size(radius);
        void *buf = aligned_alloc(64, (n + 63) / 64 * 64);
        FZ_MUST(buf != NULL, "plan storage");
        FZ_MUST(napfire_fov_plan_init(buf, n, radius, &plans[radius]) == NAPFIRE_OK, "plan built");
        size_t ws = napfire_fov_work_size(plans[radius]);
        works[radius] = aligned_alloc(64, (ws + 64 + 63) / 64 * 64);
        FZ_MUST(works[radius] != NULL, "workspace");
    }
    return plans[radius];
}

/* A cell from two or three bytes: mostly valid, sometimes not. */
static void decode_cell(fz_in *in, napfire_hex_info *c) {
    uint8_t a = fz_u8(in), b = fz_u8(in);
    memset(c, 0, sizeof *c);
    c->terrain = a & 3;
    c->presence = (a >> 2) & 3;
    c->unit_side = (a >> 4) & 3;
    c->elevation = (int32_t)(b % 16) - 6;
    if ((a & 0xC0) == 0xC0 && (b & 0xF0) == 0xF0) { /* rare: a bad cell */
        uint8_t which = fz_u8(in) % 3;
        if (which == 0)
            c->terrain = 4 + (b & 3);
        else if (which == 1)
            c->presence = -1;
        else
            c->reserved[b & 3] = 1;
    }
}

static int32_t distance(napfire_hex a, napfire_hex b) {
    int32_t d = -1;
    napfire_hex_distance(a, b, &d);
    return d;
}

static int cell_bad(const napfire_hex_info *c) {
    return c->terrain < 0 || c->terrain > 3 || c->presence < 0 || c->presence > 3 ||
           (c->reserved[0] | c->reserved[1] | c->reserved[2] | c->reserved[3]) != 0;
}

struct fz_map {
    int32_t layout, columns, rows, radius;
    napfire_hex_info cells[MAX_SIDE * MAX_SIDE];
    napfire_los_query q;
};

/* EDOMAIN expected: what napfire_los_grid() refuses before it reads a
 * cell (probed with a target next to the firer, whose line reads none),
 * or a bad cell within reach. */
static int expect_edomain(const struct fz_map *m) {
    napfire_los_query q = m->q;
    napfire_los_result r;
    q.target.q = q.firer.q > 0 ? q.firer.q - 1 : q.firer.q + 1;
    q.target.r = q.firer.r;
    if (napfire_los_grid(&q, m->layout, m->columns, m->rows, m->cells, &r) == NAPFIRE_EDOMAIN)
        return 1;
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            napfire_hex h;
            napfire_hex_from_offset(m->layout, col, row, &h);
            int32_t d = distance(m->q.firer, h);
            if (d >= 0 && d <= m->radius && cell_bad(&m->cells[row * m->columns + col]))
                return 1;
        }
    return 0;
}

static void compare(const struct fz_map *m, const uint8_t *rule) {
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            napfire_hex h;
            napfire_hex_from_offset(m->layout, col, row, &h);
            int32_t d = distance(m->q.firer, h);
            uint8_t got = rule[row * m->columns + col];
            if (d < 1 || d > m->radius) {
                FZ_MUST(got == NAPFIRE_FOV_NOT_ASKED, "a hex not asked is NOT_ASKED");
                continue;
            }
            napfire_los_query q = m->q;
            napfire_los_result r;
            q.target = h;
            FZ_MUST(napfire_los_grid(&q, m->layout, m->columns, m->rows, m->cells, &r) == NAPFIRE_OK,
                    "los answers a hex fov answered");
            FZ_MUST(got == (uint8_t)r.rule, "fov gives the rule of napfire_los_grid");
        }
}

static void decode(fz_in *in, struct fz_map *m) {
    m->layout = fz_u8(in) % 5 == 4 ? fz_int(in) : fz_u8(in) % 4;
    m->columns = fz_range(in, 1, MAX_SIDE);
    m->rows = fz_range(in, 1, MAX_SIDE);
    if (fz_u8(in) == 0xFF)
        m->columns = fz_int(in) % (MAX_SIDE + 1); /* may be 0 or negative */
    m->radius = fz_range(in, 1, MAX_RADIUS);
    memset(&m->q, 0, sizeof m->q);
    int32_t col = fz_range(in, -12, MAX_SIDE + 12), row = fz_range(in, -12, MAX_SIDE + 12);
    if (napfire_hex_from_offset(m->layout >= 0 && m->layout < 4 ? m->layout : 0, col, row, &m->q.firer) != NAPFIRE_OK)
        m->q.firer.q = m->q.firer.r = 0;
    if (fz_u8(in) == 0xFE)
        m->q.firer.q = fz_int(in);
    m->q.front_mask = fz_u8(in) % 0x48u;
    m->q.firer_side = fz_u8(in) % 4;
    m->q.target_side = fz_u8(in) % 4;
    m->q.policy = fz_u8(in) % 3;
    if (fz_u8(in) == 0xFD)
        m->q.reserved[fz_u8(in) % 4] = 1;
    int32_t n = m->columns > 0 ? m->columns * m->rows : 0;
    for (int32_t i = 0; i < n; i++)
        decode_cell(in, &m->cells[i]);
}

/* Refusals that come before the map: workspace and plan. */
static void misuse(const struct fz_map *m, const napfire_fov_plan *plan, uint8_t *rule, size_t n) {
    size_t ws = napfire_fov_work_size(plan);
    unsigned char *work = works[m->radius];
    FZ_MUST(napfire_fov_grid(plan, work, ws - 1, &m->q, m->layout, m->columns, m->rows, m->cells, rule) ==
                NAPFIRE_ENOSPC,
            "a short workspace is ENOSPC");
    /* Half what malloc aligns to: misaligned on every machine. */
    FZ_MUST(napfire_fov_grid(plan, work + _Alignof(max_align_t) / 2, ws, &m->q, m->layout, m->columns, m->rows,
                             m->cells, rule) == NAPFIRE_EINVAL,
            "a misaligned workspace is EINVAL");
    FZ_MUST(napfire_fov_grid((const napfire_fov_plan *)(const void *)m->cells, work, ws, &m->q, m->layout, m->columns,
                             m->rows, m->cells, rule) == NAPFIRE_ESTATE,
            "storage that is no plan is ESTATE");
    for (size_t i = 0; i < n + 1; i++)
        FZ_MUST(rule[i] == CANARY, "refused calls write nothing");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static struct fz_map m;
    static uint8_t rule[MAX_SIDE * MAX_SIDE + 1];
    fz_in in = {data, size, 0};
    decode(&in, &m);
    const napfire_fov_plan *plan = plan_for(m.radius);
    size_t n = m.columns > 0 && m.rows > 0 ? (size_t)m.columns * (size_t)m.rows : 0;
    memset(rule, CANARY, sizeof rule);
    misuse(&m, plan, rule, n);
    int rc = napfire_fov_grid(plan, works[m.radius], napfire_fov_work_size(plan), &m.q, m.layout, m.columns, m.rows,
                              m.cells, rule);
    FZ_MUST(rc == NAPFIRE_OK || rc == NAPFIRE_EDOMAIN, "fov returns OK or EDOMAIN here");
    FZ_MUST((rc == NAPFIRE_EDOMAIN) == expect_edomain(&m), "EDOMAIN exactly for a bad query, grid or cell");
    FZ_MUST(rule[n] == CANARY, "nothing past the grid is written");
    if (rc != NAPFIRE_OK) {
        for (size_t i = 0; i < n; i++)
            FZ_MUST(rule[i] == CANARY, "a refused call writes nothing");
        return 0;
    }
    compare(&m, rule);
    return 0;
}
