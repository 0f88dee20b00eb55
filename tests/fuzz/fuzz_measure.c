/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the table measure (F-GEO-1..14): a shot, rules and
 * a scene of footprints decoded from the input; napfire_shot_measure().
 * Also linked into tests/fuzz/replay.c for the committed corpus
 * tests/fuzz/corpus/fuzz_measure/.
 *
 * Invariants checked (any violation aborts):
 *   - the status is OK, EDOMAIN, ENOSPC or EUNKNOWN; on every error the
 *     shot is unchanged, and except for ENOSPC's and EUNKNOWN's count and
 *     EUNKNOWN's facts, every output too;
 *   - OK: 4 facts for infantry, 14 for artillery, in the order of their
 *     parameters, each value within its parameter's bounds (or its "not
 *     given" default) and what napfire_shot_get() reads, a known decider
 *     and rule, a decider index within its array, reserved words zero;
 *   - measuring again changes nothing (the shot's bytes are the same);
 *   - the scene moved across the table measures the same (F-GEO-1).
 */
#include "fuzz_util.h"
#include "napfire_table.h"

#define MAX_FRIENDS 6
#define MAX_OTHERS 3

typedef struct {
    napfire_footprint fp[3 + MAX_FRIENDS + MAX_OTHERS]; /* firer, target, screen, friends, others */
    size_t nf, no;
    int screen;
} scene_in;

/* A coordinate: mostly near the origin, sometimes at or past the bound. */
static int32_t coord(fz_in *in) {
    uint8_t sel = fz_u8(in);
    if (sel < 240)
        return fz_range(in, -400, 400);
    static const int32_t edges[] = {NAPFIRE_TABLE_COORD_MAX,
                                    -NAPFIRE_TABLE_COORD_MAX,
                                    NAPFIRE_TABLE_COORD_MAX + 1,
                                    -NAPFIRE_TABLE_COORD_MAX - 1,
                                    INT32_MIN,
                                    INT32_MAX};
    return edges[sel % 6];
}

/* Mostly a rectangle facing a lattice direction, sometimes any corners. */
static napfire_footprint footprint(fz_in *in) {
    napfire_footprint f;
    memset(&f, 0, sizeof f);
    if (fz_u8(in) < 200) {
        int32_t cx = fz_range(in, -400, 400), cy = fz_range(in, -400, 800);
        int32_t fx = fz_range(in, -3, 3), fy = fz_range(in, -3, 3), a = fz_range(in, 1, 40), b = fz_range(in, 1, 60);
        int32_t rx = fy, ry = -fx;
        f.corner[0] = (napfire_point){cx + a * fx - b * rx, cy + a * fy - b * ry};
        f.corner[1] = (napfire_point){cx + a * fx + b * rx, cy + a * fy + b * ry};
        f.corner[2] = (napfire_point){cx - a * fx + b * rx, cy - a * fy + b * ry};
        f.corner[3] = (napfire_point){cx - a * fx - b * rx, cy - a * fy - b * ry};
    } else {
        for (int i = 0; i < 4; i++)
            f.corner[i] = (napfire_point){coord(in), coord(in)};
    }
    f.level = fz_range(in, -1, 2);
    if (fz_u8(in) == 255)
        f.reserved[fz_u8(in) % 3] = fz_int(in);
    return f;
}

static void decode_scene(fz_in *in, scene_in *s) {
    memset(s, 0, sizeof *s);
    s->screen = fz_u8(in) % 4 == 0;
    s->nf = fz_u8(in) % (MAX_FRIENDS + 1);
    s->no = fz_u8(in) % (MAX_OTHERS + 1);
    for (size_t i = 0; i < 3 + s->nf + s->no; i++)
        s->fp[i] = footprint(in);
}

static napfire_scene scene_of(const scene_in *s) {
    napfire_scene sc = {&s->fp[0], &s->fp[1], s->screen ? &s->fp[2] : NULL, &s->fp[3], s->nf, &s->fp[3 + s->nf], s->no};
    return sc;
}

static int make_shot(fz_in *in, napfire_shot *s) {
    napfire_unit f, t;
    int artillery = fz_u8(in) % 2;
    FZ_MUST(napfire_unit_init(&f, sizeof f, artillery ? NAPFIRE_ARM_FOOT_ARTILLERY : NAPFIRE_ARM_LINE_INFANTRY) ==
                NAPFIRE_OK,
            "firer");
    FZ_MUST(napfire_unit_init(&t, sizeof t, NAPFIRE_ARM_LINE_INFANTRY) == NAPFIRE_OK, "target");
    static const int32_t formations[] = {NAPFIRE_FORMATION_LINE, NAPFIRE_FORMATION_SQUARE, NAPFIRE_FORMATION_SKIRMISH,
                                         NAPFIRE_FORMATION_COLUMN_OF_DIVISIONS};
    (void)napfire_unit_set(&t, NAPFIRE_UNIT_FORMATION, formations[fz_u8(in) % 4]);
    if (!artillery)
        (void)napfire_unit_set(&f, NAPFIRE_UNIT_FORMATION, formations[fz_u8(in) % 2]);
    FZ_MUST(napfire_shot_init(s, sizeof *s, &f, &t) == NAPFIRE_OK, "shot");
    (void)napfire_shot_set(s, NAPFIRE_SHOT_MEASURE, fz_u8(in) % 2);
    if (artillery)
        (void)napfire_shot_set(s, NAPFIRE_SHOT_AMMO, fz_u8(in) % 2);
    return artillery;
}

static void check_facts(const napfire_shot *s, const napfire_measured *facts, size_t n, const scene_in *sc) {
    static const int32_t order[] = {102, 103, 105, 106, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118};
    for (size_t i = 0; i < n; i++) {
        const napfire_measured *f = &facts[i];
        int32_t lo = 0, hi = 0, got = 0;
        FZ_MUST(f->param == order[i], "facts in parameter order");
        FZ_MUST(napfire_param_bounds(f->param, &lo, &hi) == NAPFIRE_OK, "bounds");
        FZ_MUST((f->value >= lo && f->value <= hi) || f->value == -1, "value within bounds");
        FZ_MUST(napfire_shot_get(s, f->param, &got) == NAPFIRE_OK && got == f->value, "value set on the shot");
        FZ_MUST(f->decider >= NAPFIRE_DECIDER_NONE && f->decider <= NAPFIRE_DECIDER_OTHER, "decider kind");
        size_t bound = f->decider == NAPFIRE_DECIDER_FRIEND ? sc->nf : f->decider == NAPFIRE_DECIDER_OTHER ? sc->no : 0;
        FZ_MUST(bound ? f->decider_index >= 0 && (size_t)f->decider_index < bound : f->decider_index == -1,
                "decider index");
        FZ_MUST(strcmp(napfire_table_rule_id(f->rule), "unknown") != 0, "rule");
        FZ_MUST(f->missing == NAPFIRE_MISSING_NONE, "nothing missing");
        for (size_t k = 0; k < 6; k++)
            FZ_MUST(f->reserved[k] == 0, "reserved zero");
    }
}

/* The scene moved by (dx, dy) when every corner stays within the bound. */
static int moved(const scene_in *in, scene_in *out, int32_t dx, int32_t dy) {
    *out = *in;
    for (size_t i = 0; i < 3 + in->nf + in->no; i++)
        for (int k = 0; k < 4; k++) {
            int64_t x = (int64_t)in->fp[i].corner[k].x + dx, y = (int64_t)in->fp[i].corner[k].y + dy;
            if (x < -NAPFIRE_TABLE_COORD_MAX || x > NAPFIRE_TABLE_COORD_MAX || y < -NAPFIRE_TABLE_COORD_MAX ||
                y > NAPFIRE_TABLE_COORD_MAX)
                return 0;
            out->fp[i].corner[k] = (napfire_point){(int32_t)x, (int32_t)y};
        }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size, 0};
    napfire_shot s;
    int artillery = make_shot(&in, &s);
    napfire_rules r;
    FZ_MUST(napfire_rules_init(&r, sizeof r) == NAPFIRE_OK, "rules");
    int with_range = fz_u8(&in) % 2;
    if (with_range)
        (void)napfire_rules_set_gun_range(&r, NAPFIRE_GUN_P6, NAPFIRE_MEASURE_METRIC, 150, 400, 800);
    scene_in sc;
    decode_scene(&in, &sc);
    size_t cap = fz_u8(&in) % 16;
    int32_t dx = fz_range(&in, -1000, 1000), dy = fz_range(&in, -1000, 1000);
    napfire_scene scene = scene_of(&sc);
    napfire_measured facts[16], blank[16];
    memset(facts, 0x5A, sizeof facts);
    memcpy(blank, facts, sizeof blank);
    napfire_shot before = s;
    size_t n = 77;
    int st = napfire_shot_measure(&s, &r, &scene, cap ? facts : NULL, cap, &n);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ENOSPC || st == NAPFIRE_EUNKNOWN, "status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(memcmp(&before, &s, sizeof s) == 0, "shot unchanged on error");
        if (st == NAPFIRE_EDOMAIN)
            FZ_MUST(n == 77 && memcmp(facts, blank, sizeof facts) == 0, "outputs unchanged");
        if (st == NAPFIRE_ENOSPC)
            FZ_MUST(n == (artillery ? 14u : 4u) && memcmp(facts, blank, sizeof facts) == 0, "ENOSPC count");
        return 0;
    }
    FZ_MUST(n == (artillery ? 14u : 4u), "count");
    if (cap)
        check_facts(&s, facts, n, &sc);
    napfire_shot once = s;
    FZ_MUST(napfire_shot_measure(&s, &r, &scene, NULL, 0, &n) == NAPFIRE_OK, "again");
    FZ_MUST(memcmp(&once, &s, sizeof s) == 0, "measuring again changes nothing");
    scene_in shifted;
    if (moved(&sc, &shifted, dx, dy)) {
        napfire_scene sh = scene_of(&shifted);
        napfire_shot other = before;
        FZ_MUST(napfire_shot_measure(&other, &r, &sh, NULL, 0, &n) == NAPFIRE_OK, "moved scene measured");
        FZ_MUST(memcmp(&other, &s, sizeof s) == 0, "moved scene measures the same");
    }
    return 0;
}
