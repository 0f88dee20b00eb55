/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the figure scale (F-*): units, shots and
 * their parameters, the range band, modifiers, resolution, rounding,
 * distributions, expected casualties, batches, the dice and the rules
 * setters, with arbitrary integers (out-of-range ids and values too) and
 * corrupted storage. Also linked into tests/fuzz/replay.c, which feeds it
 * the committed corpus tests/fuzz/corpus/fuzz_fire/ under `meson test`.
 *
 * The input is a sequence of operations on a small pool of units, shots
 * and two rules objects: the built-in data, and a complete MADE-UP object
 * (below) so that shots needing the unknown cells and the artillery numbers
 * reach their OK paths. Invariants checked (any violation aborts):
 *   - every status is a known status; failed calls leave their outputs
 *     untouched, except the documented ENOSPC count and EUNKNOWN result;
 *   - a resolved result is self-consistent (verdict bits, column from the
 *     modified roll, halving, half die, screen split, reserved zero);
 *   - the distribution equals the histogram of the 66 resolutions of every
 *     roll and half die (weights sum to NAPFIRE_OUTCOME_DENOMINATOR), its
 *     verdict is roll 2's, and expected is its weighted mean, reduced;
 *   - resolve_many element i equals the single resolve of element i;
 *   - the dice follow the documented PCG32 (an independent copy here);
 *   - setters refuse without changing anything, and getters read back.
 */
#include "fuzz_util.h"

#define NUNITS 4
#define NSHOTS 4
#define MAX_OPS 64
#define MAX_BATCH_FUZZ 8
#define MAX_OUT 24 /* more than the 22 distinct outcomes a shot can have */

/* MADE-UP rules numbers: test data, not from any rulebook. They only need
 * to be valid (known, ordered) so that every code path can be reached. */
static void made_up_rules(napfire_rules *r) {
    FZ_MUST(napfire_rules_init(r, sizeof *r) == NAPFIRE_OK, "init");
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t h = row * 5 + col * 3 + (col % 2);
            int32_t star = (h % 2 == 0 && h >= 2 && col >= 7) ? 1 : 0;
            FZ_MUST(napfire_rules_set_musketry(r, row, col, h, star) == NAPFIRE_OK, "cell");
        }
    for (int32_t g = 0; g < 5; g++) {
        FZ_MUST(napfire_rules_set_gun_range(r, g, 0, 100 + g * 10, 400 + g * 20, 900 + g * 30) == NAPFIRE_OK,
                "gun range");
        FZ_MUST(napfire_rules_set_gun_range(r, g, 1, 40 + g * 4, 160 + g * 8, 360 + g * 12) == NAPFIRE_OK, "gun range");
        for (int32_t a = 0; a < 2; a++)
            for (int32_t b = 1; b <= 3; b++)
                /* canister is read only at canister range (F-ART-1) */
                for (int32_t col = 0; col < 9 && (a == 0 || b == 1); col++)
                    FZ_MUST(napfire_rules_set_artillery(r, g, a, b, col, g + a * 3 + (4 - b) * col) == NAPFIRE_OK,
                            "artillery cell");
    }
    for (int32_t id = NAPFIRE_MOD_COLUMN; id <= NAPFIRE_MOD_BUILDINGS; id++)
        FZ_MUST(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, id, 0, id - 12) == NAPFIRE_OK, "art mod");
    FZ_MUST(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COLUMN, 1, 3) == NAPFIRE_OK, "art mod");
    FZ_MUST(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_COVER, 1, -3) == NAPFIRE_OK, "art mod");
    FZ_MUST(napfire_rules_set_modifier(r, NAPFIRE_FIRE_ARTILLERY, NAPFIRE_MOD_MOVED_HALF, 0, -1) == NAPFIRE_OK,
            "art mod");
    FZ_MUST(napfire_rules_set_provenance(r, NAPFIRE_PROVENANCE_NAME, "fuzz made-up rules (not from any rulebook)") ==
                NAPFIRE_OK,
            "name");
}

struct state {
    napfire_rules rules[2]; /* 0: built-in data, 1: made up; both changed by the input */
    napfire_unit units[NUNITS];
    napfire_shot shots[NSHOTS];
};

static const napfire_rules *pick_rules(struct state *st, fz_in *in) {
    uint8_t k = fz_u8(in) % 3;
    return k == 0 ? NULL : &st->rules[k - 1];
}

static int32_t pick_param(fz_in *in, int shot) {
    uint8_t sel = fz_u8(in);
    if (sel < 200)
        return (shot ? NAPFIRE_SHOT_MEASURE - 1 : 0) + (int32_t)(sel % 20);
    return fz_int(in);
}

static int32_t pick_roll(fz_in *in) {
    uint8_t sel = fz_u8(in);
    return sel < 230 ? 2 + (int32_t)(sel % 11) : fz_int(in);
}

static int32_t pick_die(fz_in *in) {
    uint8_t sel = fz_u8(in);
    return sel < 230 ? (int32_t)(sel % 7) : fz_int(in);
}

static int32_t column_of(int32_t modified) {
    if (modified < 1)
        return -1;
    if (modified > 18)
        return 8;
    return (modified - 1) / 2;
}

/* The size argument of *_init: nearly always right. */
static size_t pick_size(fz_in *in, size_t right) {
    uint8_t sel = fz_u8(in);
    return sel < 250 ? right : right + (size_t)(sel % 3) - 1u;
}

/* ---- results ---------------------------------------------------------- */

static void check_result(int st, const napfire_result *r, int32_t roll, int32_t die) {
    for (size_t i = 0; i < 12; i++)
        FZ_MUST(r->reserved[i] == 0, "result reserved zero");
    FZ_MUST(r->band >= NAPFIRE_BAND_NONE && r->band <= NAPFIRE_BAND_LONG, "band");
    if (st == NAPFIRE_EUNKNOWN) {
        FZ_MUST(r->permitted == 0 && r->reason == NAPFIRE_REASON_NONE && r->reasons == 0, "unknown: no verdict");
        FZ_MUST(r->missing >= NAPFIRE_MISSING_MUSKETRY_CELL && r->missing <= NAPFIRE_MISSING_THRESHOLD,
                "unknown names what is missing");
        FZ_MUST(r->missing_index[0] >= 0, "missing index");
        return;
    }
    FZ_MUST(st == NAPFIRE_OK, "check_result on OK");
    FZ_MUST(r->missing == NAPFIRE_MISSING_NONE, "nothing missing");
    for (size_t i = 0; i < 4; i++)
        FZ_MUST(r->missing_index[i] == -1, "missing index unused");
    if (!r->permitted) {
        FZ_MUST(r->permitted == 0, "permitted 0/1");
        FZ_MUST(r->reason >= 1 && r->reason <= NAPFIRE_REASON_OVERHEAD_CANISTER, "reason");
        FZ_MUST(r->reasons != 0 && r->reasons < (1u << 16), "reasons");
        FZ_MUST(r->reasons & (1u << r->reason), "reason in reasons");
        FZ_MUST((r->reasons & ((1u << r->reason) - 1u)) == 0, "reason is the first");
        FZ_MUST(r->casualties == 0 && r->target_casualties == 0 && r->screen_casualties == 0,
                "forbidden shot: no casualties");
        FZ_MUST(r->half_die_used == 0 && r->half_pending == 0, "forbidden shot: no die");
        return;
    }
    FZ_MUST(r->permitted == 1, "permitted 0/1");
    FZ_MUST(r->reason == NAPFIRE_REASON_NONE && r->reasons == 0, "permitted: no reason");
    FZ_MUST(r->band >= NAPFIRE_BAND_CANISTER, "permitted: in range");
    FZ_MUST(r->modified_roll == roll + r->net_modifier, "modified roll");
    FZ_MUST(r->column == column_of(r->modified_roll), "column from the modified roll");
    FZ_MUST(r->row >= 0 && r->row < 30, "row");
    FZ_MUST(r->table_halves >= 0 && r->table_halves <= NAPFIRE_MAX_CELL_HALVES + 2, "table");
    if (r->column < 0)
        FZ_MUST(r->table_halves == 0, "no column, no cell");
    FZ_MUST(r->halves == r->table_halves || (r->band == NAPFIRE_BAND_LONG && r->halves == r->table_halves / 2),
            "halving only at long range");
    int odd = r->halves % 2 != 0;
    FZ_MUST(!(r->half_die_used && r->half_pending), "die used or pending, not both");
    FZ_MUST(!r->half_pending || (odd && die == 0), "pending needs a half and no die");
    FZ_MUST(!r->half_die_used || (odd && die != 0), "die used needs a half and a die");
    FZ_MUST(r->casualties == r->halves / 2 + (r->half_die_used && die >= 4 ? 1 : 0), "rounding of halves");
    FZ_MUST(r->casualties == r->target_casualties + r->screen_casualties, "casualty split");
    FZ_MUST(r->screen_casualties >= 0 && r->screen_casualties <= 1, "screen takes one at most");
    FZ_MUST(r->target_casualties >= 0, "target casualties");
}

static int resolve_checked(const napfire_shot *s, const napfire_rules *rules, int32_t roll, int32_t die,
                           napfire_result *out) {
    napfire_result before;
    memset(out, 0xA5, sizeof *out);
    before = *out;
    int st = napfire_shot_resolve(s, rules, roll, die, out);
    FZ_MUST(fz_known_status(st), "resolve status");
    FZ_MUST(st != NAPFIRE_ENOSPC && st != NAPFIRE_ESYNTAX && st != NAPFIRE_ESIZE, "resolve status documented");
    if (st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN)
        check_result(st, out, roll, die);
    else
        FZ_MUST(memcmp(out, &before, sizeof before) == 0, "failed resolve leaves out untouched");
    if (roll < 2 || roll > 12 || die < 0 || die > 6)
        FZ_MUST(st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN, "bad dice refused");
    return st;
}

/* ---- operations ------------------------------------------------------- */

static void op_unit_init(struct state *S, fz_in *in) {
    napfire_unit *u = &S->units[fz_u8(in) % NUNITS];
    int32_t arm = fz_int(in);
    size_t size = pick_size(in, sizeof *u);
    napfire_unit before = *u;
    int st = napfire_unit_init(u, size, arm);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESIZE, "unit_init status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(memcmp(u, &before, sizeof before) == 0, "failed unit_init leaves unit");
        return;
    }
    int32_t v = -99;
    FZ_MUST(napfire_unit_get(u, NAPFIRE_UNIT_ARM, &v) == NAPFIRE_OK && v == arm, "arm read back");
}

static void op_unit_set(struct state *S, fz_in *in) {
    napfire_unit *u = &S->units[fz_u8(in) % NUNITS];
    int32_t param = pick_param(in, 0);
    int32_t value = fz_int(in);
    napfire_unit before = *u;
    int st = napfire_unit_set(u, param, value);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE, "unit_set status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(memcmp(u, &before, sizeof before) == 0, "failed unit_set leaves unit");
        return;
    }
    int32_t v = -99, lo = 0, hi = 0;
    FZ_MUST(napfire_unit_get(u, param, &v) == NAPFIRE_OK && v == value, "unit value read back");
    FZ_MUST(napfire_param_bounds(param, &lo, &hi) == NAPFIRE_OK && lo <= value && value <= hi,
            "set value within bounds");
    FZ_MUST(param != NAPFIRE_UNIT_ARM, "arm not settable");
}

static void op_unit_get(struct state *S, fz_in *in) {
    const napfire_unit *u = &S->units[fz_u8(in) % NUNITS];
    int32_t param = pick_param(in, 0);
    int32_t v = 0x5A5A5A5A, lo = 0, hi = 0;
    int st = napfire_unit_get(u, param, &v);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE, "unit_get status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(v == 0x5A5A5A5A, "failed unit_get leaves value");
        return;
    }
    FZ_MUST(napfire_param_bounds(param, &lo, &hi) == NAPFIRE_OK, "unit param has bounds");
    /* Defaults may sit outside the settable bounds only for ARM (fixed). */
    FZ_MUST(lo <= v && v <= hi, "unit value within bounds");
    int32_t yes = 7;
    int32_t year = fz_int(in);
    st = napfire_unit_may_open_order(u, year, &yes);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN, "open order status");
    FZ_MUST(st == NAPFIRE_OK ? (yes == 0 || yes == 1) : yes == 7, "open order answer");
    FZ_MUST((st == NAPFIRE_OK) == (year >= 1 && year <= 9999), "open order year domain");
}

static void op_shot_init(struct state *S, fz_in *in) {
    napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    const napfire_unit *f = &S->units[fz_u8(in) % NUNITS];
    const napfire_unit *t = &S->units[fz_u8(in) % NUNITS];
    size_t size = pick_size(in, sizeof *s);
    napfire_shot before = *s;
    int st = napfire_shot_init(s, size, f, t);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_ESTATE || st == NAPFIRE_ESIZE, "shot_init status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(memcmp(s, &before, sizeof before) == 0, "failed shot_init leaves shot");
        return;
    }
    int32_t v = 0;
    FZ_MUST(napfire_shot_get(s, NAPFIRE_SHOT_DISTANCE, &v) == NAPFIRE_OK && v == -1, "distance not given after init");
}

static void op_shot_set(struct state *S, fz_in *in) {
    napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    int32_t param = pick_param(in, 1);
    int32_t value = fz_int(in);
    napfire_shot before = *s;
    int st = napfire_shot_set(s, param, value);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE, "shot_set status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(memcmp(s, &before, sizeof before) == 0, "failed shot_set leaves shot");
        return;
    }
    int32_t v = -99, lo = 0, hi = 0;
    FZ_MUST(napfire_shot_get(s, param, &v) == NAPFIRE_OK && v == value, "shot value read back");
    FZ_MUST(napfire_param_bounds(param, &lo, &hi) == NAPFIRE_OK && lo <= value && value <= hi,
            "set value within bounds");
}

static void op_shot_get(struct state *S, fz_in *in) {
    const napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    int32_t param = pick_param(in, 1);
    int32_t v = 0x5A5A5A5A, lo = 0, hi = 0;
    int st = napfire_shot_get(s, param, &v);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE, "shot_get status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(v == 0x5A5A5A5A, "failed shot_get leaves value");
        return;
    }
    FZ_MUST(napfire_param_bounds(param, &lo, &hi) == NAPFIRE_OK, "shot param has bounds");
    /* -1 is "not given" for the two required distances. */
    FZ_MUST((lo <= v && v <= hi) || v == -1, "shot value within bounds");
}

static void op_bounds(fz_in *in) {
    int32_t param = fz_u8(in) < 128 ? pick_param(in, 1) : pick_param(in, 0);
    int32_t lo = 0x5A5A5A5A, hi = 0x5A5A5A5A;
    int st = napfire_param_bounds(param, &lo, &hi);
    int known = (param >= NAPFIRE_UNIT_ARM && param <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN) ||
                (param >= NAPFIRE_SHOT_MEASURE && param <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY);
    FZ_MUST(st == (known ? NAPFIRE_OK : NAPFIRE_EDOMAIN), "bounds status");
    if (st == NAPFIRE_OK)
        FZ_MUST(lo <= hi, "bounds ordered");
    else
        FZ_MUST(lo == 0x5A5A5A5A && hi == 0x5A5A5A5A, "failed bounds leave outputs");
    FZ_MUST(napfire_param_bounds(param, NULL, &hi) == NAPFIRE_EINVAL, "NULL lo");
}

static void op_band(struct state *S, fz_in *in) {
    const napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    const napfire_rules *rules = pick_rules(S, in);
    int32_t band = 0x5A5A5A5A;
    int st = napfire_shot_band(s, rules, &band);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_ESTATE || st == NAPFIRE_EDOMAIN ||
                st == NAPFIRE_EUNKNOWN,
            "band status");
    if (st != NAPFIRE_OK) {
        FZ_MUST(band == 0x5A5A5A5A, "failed band leaves band");
        return;
    }
    FZ_MUST(band >= NAPFIRE_BAND_NONE && band <= NAPFIRE_BAND_LONG, "band value");
    /* A permitted resolution is in the same band. */
    napfire_result r;
    if (resolve_checked(s, rules, 7, 0, &r) == NAPFIRE_OK && r.permitted)
        FZ_MUST(r.band == band, "resolve band equals band");
}

static void op_modifiers(struct state *S, fz_in *in) {
    const napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    const napfire_rules *rules = pick_rules(S, in);
    size_t cap = fz_u8(in) % (MAX_OUT + 1);
    napfire_modifier items[MAX_OUT], before[MAX_OUT];
    memset(items, 0xA5, sizeof items);
    memcpy(before, items, sizeof items);
    size_t count = 12345;
    int32_t net = 0x5A5A5A5A;
    int st = napfire_shot_modifiers(s, rules, cap ? items : NULL, cap, &count, &net);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_ESTATE || st == NAPFIRE_ENOSPC ||
                st == NAPFIRE_EUNKNOWN,
            "modifiers status");
    if (st == NAPFIRE_ENOSPC) {
        FZ_MUST(count > cap && count <= 20, "ENOSPC count");
        FZ_MUST(memcmp(items, before, sizeof items) == 0 && net == 0x5A5A5A5A, "ENOSPC leaves items and net");
        return;
    }
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN) {
        FZ_MUST(count == 12345 && net == 0x5A5A5A5A && memcmp(items, before, sizeof items) == 0,
                "failed modifiers leave outputs");
        return;
    }
    FZ_MUST(count <= cap, "count within cap");
    FZ_MUST(memcmp(items + count, before + count, (MAX_OUT - count) * sizeof items[0]) == 0,
            "items past count untouched");
    int32_t sum = 0, unknown = 0;
    for (size_t i = 0; i < count; i++) {
        const napfire_modifier *it = &items[i];
        FZ_MUST(it->id >= NAPFIRE_MOD_GUARD && it->id <= NAPFIRE_MOD_MOVED_HALF && it->id != NAPFIRE_MOD_GUARD_CAP,
                "item id");
        if (it->id == NAPFIRE_MOD_EXTRA)
            FZ_MUST(i + 1 == count && it->applied == 1 && it->value != 0, "EXTRA last, applied");
        else if (i > 0)
            FZ_MUST(items[i - 1].id < it->id, "items in id order");
        FZ_MUST(it->applied >= -1 && it->applied <= 1, "applied");
        FZ_MUST(it->value >= -NAPFIRE_MAX_MODIFIER && it->value <= NAPFIRE_MAX_MODIFIER, "value");
        FZ_MUST((it->suppressed_by != 0) == (it->applied == 0), "suppressed iff not applied");
        FZ_MUST(it->suppressed_by == 0 || it->suppressed_by == NAPFIRE_MOD_GUARD_CAP ||
                    it->suppressed_by == NAPFIRE_MOD_DISORDERED || it->suppressed_by == NAPFIRE_MOD_SKIRMISHERS,
                "suppressed_by");
        if (it->applied == 1)
            sum += it->value;
        if (it->applied == -1) {
            FZ_MUST(it->value == 0, "unknown value reads 0");
            unknown++;
        }
    }
    if (st == NAPFIRE_EUNKNOWN) {
        /* An unknown Guard cap is a threshold, not an item: no -1 needed. */
        FZ_MUST(net == 0x5A5A5A5A, "EUNKNOWN leaves net");
        return;
    }
    FZ_MUST(unknown == 0, "OK has no unknown item");
    FZ_MUST(net == sum, "net is the sum of applied items");
    napfire_result r;
    int32_t roll = pick_roll(in);
    if (roll >= 2 && roll <= 12 && resolve_checked(s, rules, roll, 0, &r) == NAPFIRE_OK && r.permitted)
        FZ_MUST(r.net_modifier == net, "resolve net equals modifiers net");
}

static void op_resolve(struct state *S, fz_in *in) {
    const napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    const napfire_rules *rules = pick_rules(S, in);
    int32_t roll = pick_roll(in), die = pick_die(in);
    napfire_result r;
    int st = resolve_checked(s, rules, roll, die, &r);
    if (st != NAPFIRE_OK || !r.permitted || die < 1 || die > 6)
        return;
    /* The die only matters when a half remains: die 0 then reports it as pending. */
    napfire_result r0;
    FZ_MUST(resolve_checked(s, rules, roll, 0, &r0) == NAPFIRE_OK, "die 0 resolves too");
    FZ_MUST(r0.half_pending == r.half_die_used, "pending iff the die is used");
    FZ_MUST(r0.casualties == r.casualties - (r.half_die_used && die >= 4 ? 1 : 0), "die 0 counts whole figures only");
}

static void op_round_half(fz_in *in) {
    int32_t halves = fz_u8(in) < 200 ? (int32_t)fz_u8(in) : fz_int(in);
    int32_t die = pick_die(in);
    int32_t sc = fz_u8(in) < 240 ? (int32_t)(fz_u8(in) % 2) : fz_int(in);
    int32_t fig = 0x5A5A5A5A;
    int st = napfire_round_half(halves, die, sc, &fig);
    int domain = halves >= 0 && halves <= 2 * NAPFIRE_MAX_FIGURES && die >= 0 && die <= 6 && (sc == 0 || sc == 1);
    int needs = domain && halves % 2 != 0 && !sc;
    if (!domain)
        FZ_MUST(st == NAPFIRE_EDOMAIN, "round_half domain");
    else if (needs && die == 0)
        FZ_MUST(st == NAPFIRE_EINVAL, "round_half needs the die");
    else
        FZ_MUST(st == NAPFIRE_OK && fig == halves / 2 + (needs && die >= 4 ? 1 : 0), "round_half value");
    if (st != NAPFIRE_OK)
        FZ_MUST(fig == 0x5A5A5A5A, "failed round_half leaves figures");
}

static int32_t roll_ways(int32_t r) {
    return 6 - (r > 7 ? r - 7 : 7 - r);
}

static int32_t gcd32(int32_t a, int32_t b) {
    for (int i = 0; i < 64 && b != 0; i++) {
        int32_t t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

/* Add weight to (t, sc) in an unsorted histogram of at most MAX_OUT entries. */
static void hist_add(napfire_outcome *h, size_t *n, int32_t t, int32_t sc, int32_t w) {
    for (size_t i = 0; i < *n; i++)
        if (h[i].target_casualties == t && h[i].screen_casualties == sc) {
            h[i].weight += w;
            return;
        }
    FZ_MUST(*n < MAX_OUT, "histogram fits");
    h[*n] = (napfire_outcome){t, sc, w, 0};
    (*n)++;
}

static void op_distribution(struct state *S, fz_in *in) {
    const napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
    const napfire_rules *rules = pick_rules(S, in);
    size_t cap = fz_u8(in) % (MAX_OUT + 1);

    napfire_outcome out[MAX_OUT], out_before[MAX_OUT];
    memset(out, 0xA5, sizeof out);
    memcpy(out_before, out, sizeof out);
    napfire_result verdict, verdict_before;
    memset(&verdict, 0xA5, sizeof verdict);
    verdict_before = verdict;
    size_t count = 12345;
    int st = napfire_shot_distribution(s, rules, cap ? out : NULL, cap, &count, &verdict);
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_ESTATE || st == NAPFIRE_ENOSPC ||
                st == NAPFIRE_EUNKNOWN,
            "distribution status");

    int32_t num = 0x5A5A5A5A, den = 0x5A5A5A5A;
    double value = -1.0;
    int est = napfire_shot_expected(s, rules, &num, &den, &value);

    /* The reference: every roll with die 0 in roll order, as documented. */
    napfire_result first;
    memset(&first, 0, sizeof first);
    int ref_st = NAPFIRE_OK, forbidden = 0;
    for (int32_t roll = 2; roll <= 12; roll++) {
        napfire_result r;
        int rs = resolve_checked(s, rules, roll, 0, &r);
        if (roll == 2)
            first = r;
        if (rs != NAPFIRE_OK) {
            ref_st = rs;
            if (rs == NAPFIRE_EUNKNOWN)
                first = r;
            break;
        }
        if (!r.permitted) {
            FZ_MUST(roll == 2, "verdicts do not depend on the roll");
            forbidden = 1;
            break;
        }
    }
    /* EINVAL/ESTATE of the shot come before anything the rolls decide. */
    if (ref_st != NAPFIRE_OK) {
        FZ_MUST(st == ref_st && est == ref_st, "distribution fails as resolve fails");
        FZ_MUST(memcmp(out, out_before, sizeof out) == 0 && count == 12345,
                "failed distribution leaves outcomes and count");
        if (st == NAPFIRE_EUNKNOWN) {
            FZ_MUST(verdict.missing == first.missing &&
                        memcmp(verdict.missing_index, first.missing_index, sizeof first.missing_index) == 0,
                    "EUNKNOWN verdict names the first unknown in roll order");
            /* Undecided exactly when the datum is one a clause needs. */
            int32_t kind = first.missing, id = first.missing_index[0];
            int undecided = kind == NAPFIRE_MISSING_RANGE ||
                            (kind == NAPFIRE_MISSING_THRESHOLD &&
                             (id == NAPFIRE_THRESHOLD_SCREEN || id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE ||
                              id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE));
            FZ_MUST(verdict.permitted == (undecided ? -1 : 1) && verdict.reason == NAPFIRE_REASON_NONE &&
                        verdict.reasons == 0,
                    "EUNKNOWN verdict: decided (1) or undecided (-1), never forbidden");
            FZ_MUST(verdict.band == (first.band == NAPFIRE_BAND_NONE ? -1 : first.band) &&
                        verdict.net_modifier == first.net_modifier && verdict.column == -1 &&
                        verdict.modified_roll == 0 && verdict.table_halves == 0 && verdict.casualties == 0,
                    "EUNKNOWN verdict holds only what every roll shares");
        } else {
            FZ_MUST(memcmp(&verdict, &verdict_before, sizeof verdict) == 0, "failed distribution leaves verdict");
        }
        FZ_MUST(num == 0x5A5A5A5A && den == 0x5A5A5A5A && value == -1.0, "failed expected leaves outputs");
        return;
    }

    napfire_outcome ref[MAX_OUT];
    size_t nref = 0;
    if (forbidden) {
        hist_add(ref, &nref, 0, 0, NAPFIRE_OUTCOME_DENOMINATOR);
    } else {
        for (int32_t roll = 2; roll <= 12; roll++)
            for (int32_t die = 1; die <= 6; die++) {
                napfire_result r;
                FZ_MUST(resolve_checked(s, rules, roll, die, &r) == NAPFIRE_OK && r.permitted,
                        "every roll and die resolves when die 0 does");
                hist_add(ref, &nref, r.target_casualties, r.screen_casualties, roll_ways(roll));
            }
    }

    if (nref > cap) {
        FZ_MUST(st == NAPFIRE_ENOSPC && count == nref, "ENOSPC with the count");
        FZ_MUST(memcmp(out, out_before, sizeof out) == 0, "ENOSPC leaves outcomes");
        FZ_MUST(memcmp(&verdict, &verdict_before, sizeof verdict) == 0, "ENOSPC leaves verdict");
    } else {
        FZ_MUST(st == NAPFIRE_OK && count == nref, "distribution count");
        int32_t total = 0;
        for (size_t i = 0; i < count; i++) {
            FZ_MUST(out[i].weight > 0 && out[i].reserved == 0, "outcome weight, reserved");
            if (i > 0)
                FZ_MUST(out[i - 1].target_casualties < out[i].target_casualties ||
                            (out[i - 1].target_casualties == out[i].target_casualties &&
                             out[i - 1].screen_casualties < out[i].screen_casualties),
                        "outcomes distinct and sorted");
            total += out[i].weight;
            int found = 0;
            for (size_t k = 0; k < nref; k++)
                if (ref[k].target_casualties == out[i].target_casualties &&
                    ref[k].screen_casualties == out[i].screen_casualties) {
                    FZ_MUST(ref[k].weight == out[i].weight, "outcome weight equals resolutions");
                    found = 1;
                }
            FZ_MUST(found, "outcome is a resolution");
        }
        FZ_MUST(total == NAPFIRE_OUTCOME_DENOMINATOR, "weights sum to the denominator");
        FZ_MUST(memcmp(out + count, out_before + count, (MAX_OUT - count) * sizeof out[0]) == 0,
                "outcomes past count untouched");
        FZ_MUST(verdict.permitted == first.permitted && verdict.reason == first.reason &&
                    verdict.reasons == first.reasons && verdict.band == first.band &&
                    verdict.net_modifier == first.net_modifier && verdict.row == first.row && verdict.column == -1 &&
                    verdict.casualties == 0 && verdict.missing == NAPFIRE_MISSING_NONE,
                "verdict is roll 2's");
    }

    FZ_MUST(est == NAPFIRE_OK, "expected succeeds with the distribution");
    int32_t wsum = 0;
    for (size_t k = 0; k < nref; k++)
        wsum += (ref[k].target_casualties + ref[k].screen_casualties) * ref[k].weight;
    FZ_MUST(den > 0 && NAPFIRE_OUTCOME_DENOMINATOR % den == 0, "denominator divides 216");
    FZ_MUST(gcd32(num, den) == 1, "fraction reduced");
    FZ_MUST(num * (NAPFIRE_OUTCOME_DENOMINATOR / den) == wsum, "expected is the weighted mean");
    /* Through a double variable: where doubles are computed in wider
     * registers (x87), the assignment rounds the quotient as the library's
     * did, and a bare comparison would not. */
    volatile double quotient = (double)num / (double)den;
    FZ_MUST(value == quotient, "expected value");
}

static void op_many(struct state *S, fz_in *in) {
    size_t n = fz_u8(in) % (MAX_BATCH_FUZZ + 1);
    const napfire_rules *rules = pick_rules(S, in);
    napfire_shot shots[MAX_BATCH_FUZZ];
    int32_t rolls[MAX_BATCH_FUZZ], dice[MAX_BATCH_FUZZ], statuses[MAX_BATCH_FUZZ];
    napfire_result res[MAX_BATCH_FUZZ], single[MAX_BATCH_FUZZ];
    memset(shots, 0, sizeof shots);
    memset(rolls, 0, sizeof rolls);
    memset(dice, 0, sizeof dice);
    for (size_t i = 0; i < n; i++) {
        shots[i] = S->shots[fz_u8(in) % NSHOTS];
        rolls[i] = pick_roll(in);
        dice[i] = pick_die(in);
    }
    memset(res, 0xA5, sizeof res);
    memset(single, 0xA5, sizeof single);
    memset(statuses, 0xA5, sizeof statuses);
    FZ_MUST(napfire_resolve_many(shots, n, rules, rolls, dice, n ? res : NULL, statuses) == NAPFIRE_OK,
            "resolve_many OK");
    for (size_t i = 0; i < n; i++) {
        int st = napfire_shot_resolve(&shots[i], rules, rolls[i], dice[i], &single[i]);
        FZ_MUST(statuses[i] == st, "batch status equals single");
        FZ_MUST(memcmp(&res[i], &single[i], sizeof res[i]) == 0, "batch result equals single");
    }
    FZ_MUST(napfire_resolve_many(NULL, (size_t)NAPFIRE_MAX_BATCH + 1u, rules, NULL, NULL, NULL, NULL) ==
                NAPFIRE_EDOMAIN,
            "batch too large");
    if (n > 0)
        FZ_MUST(napfire_resolve_many(shots, n, rules, rolls, NULL, res, statuses) == NAPFIRE_EINVAL,
                "batch NULL array");
}

/* The documented PCG32, written out again. */
struct pcg {
    uint64_t state, inc;
};

static uint32_t pcg_next(struct pcg *g) {
    uint64_t old = g->state;
    g->state = old * 6364136223846793005ull + g->inc;
    uint32_t x = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (x >> rot) | (x << ((32u - rot) & 31u));
}

static int32_t pcg_d6(struct pcg *g) {
    uint32_t x = pcg_next(g);
    for (int i = 1; i < 64 && x >= 4294967292u; i++)
        x = pcg_next(g);
    return (int32_t)(x % 6u) + 1;
}

static void op_dice(fz_in *in) {
    napfire_dice d;
    uint64_t seed = fz_u64(in), stream = fz_u64(in);
    size_t size = pick_size(in, sizeof d);
    memset(&d, 0x3C, sizeof d);
    napfire_dice before = d;
    int st = napfire_dice_init(&d, size, seed, stream);
    if (size != sizeof d) {
        FZ_MUST(st == NAPFIRE_ESIZE && memcmp(&d, &before, sizeof d) == 0, "dice ESIZE");
        int32_t face = 99;
        st = napfire_dice_d6(&d, &face);
        FZ_MUST(st == NAPFIRE_ESTATE && face == 99, "garbage dice refused");
        return;
    }
    FZ_MUST(st == NAPFIRE_OK, "dice init");
    struct pcg g = {0, (stream << 1u) | 1u};
    (void)pcg_next(&g);
    g.state += seed;
    (void)pcg_next(&g);
    int synced = 1;
    int steps = fz_u8(in) % 32;
    for (int i = 0; i < steps; i++) {
        uint8_t op = fz_u8(in);
        switch (op % 4) {
            case 0: {
                uint32_t v = 0;
                st = napfire_dice_next(&d, &v);
                FZ_MUST(fz_known_status(st), "dice status");
                if (synced)
                    FZ_MUST(st == NAPFIRE_OK && v == pcg_next(&g), "dice_next is PCG32");
                break;
            }
            case 1: {
                int32_t f = 99;
                st = napfire_dice_d6(&d, &f);
                FZ_MUST(st == NAPFIRE_OK ? f >= 1 && f <= 6 : f == 99, "d6 face");
                if (synced)
                    FZ_MUST(st == NAPFIRE_OK && f == pcg_d6(&g), "d6 is documented");
                break;
            }
            case 2: {
                int32_t r = 99;
                st = napfire_dice_2d6(&d, &r);
                FZ_MUST(st == NAPFIRE_OK ? r >= 2 && r <= 12 : r == 99, "2d6 roll");
                if (synced) {
                    int32_t a = pcg_d6(&g);
                    FZ_MUST(st == NAPFIRE_OK && r == a + pcg_d6(&g), "2d6 is two d6");
                }
                break;
            }
            default: {
                /* Corrupt the storage: the generator must refuse it or go on
             * safely; the reference can no longer follow. */
                size_t at = fz_u8(in) % sizeof d;
                ((unsigned char *)(void *)d.opaque_)[at] ^= (unsigned char)(fz_u8(in) | 1u);
                synced = 0;
                FZ_MUST(napfire_dice_next(&d, NULL) == NAPFIRE_EINVAL, "dice NULL value");
                break;
            }
        }
    }
}

/* Rules setters on the input's copies; refused values change nothing and
 * accepted ones read back. */
static void op_rules_set(struct state *S, fz_in *in) {
    napfire_rules *r = &S->rules[fz_u8(in) % 2];
    napfire_rules before = *r;
    uint8_t kind = fz_u8(in) % 7;
    int32_t a = fz_int(in), b = fz_int(in), c = fz_int(in), d = fz_int(in), e = fz_int(in);
    int32_t x = 0, y = 0, z = 0;
    int st, gst;
    switch (kind) {
        case 0:
            st = napfire_rules_set_musketry(r, a, b, c, d);
            if (st == NAPFIRE_OK) {
                gst = napfire_rules_get_musketry(r, a, b, &x, &y);
                FZ_MUST(c == NAPFIRE_UNKNOWN ? gst == NAPFIRE_EUNKNOWN && x == -1 && y == 0
                                             : gst == NAPFIRE_OK && x == c && y == d,
                        "musketry read back");
            }
            break;
        case 1:
            st = napfire_rules_set_range(r, a, b, c, d);
            if (st == NAPFIRE_OK)
                FZ_MUST(napfire_rules_get_range(r, a, b, &x, &y) == NAPFIRE_OK && x == c && y == d, "range read back");
            break;
        case 2:
            st = napfire_rules_set_gun_range(r, a, b, c, d, e);
            if (st == NAPFIRE_OK)
                FZ_MUST(napfire_rules_get_gun_range(r, a, b, &x, &y, &z) == NAPFIRE_OK && x == c && y == d && z == e,
                        "gun range read back");
            break;
        case 3:
            st = napfire_rules_set_artillery(r, a, b, c, d, e);
            if (st == NAPFIRE_OK) {
                gst = napfire_rules_get_artillery(r, a, b, c, d, &x);
                FZ_MUST(gst == (e == NAPFIRE_UNKNOWN ? NAPFIRE_EUNKNOWN : NAPFIRE_OK) && x == e, "artillery read back");
            }
            break;
        case 4:
            st = napfire_rules_set_modifier(r, a, b, c, d);
            if (st == NAPFIRE_OK) {
                gst = napfire_rules_get_modifier(r, a, b, c, &x);
                FZ_MUST(gst == (d == NAPFIRE_MODIFIER_UNKNOWN ? NAPFIRE_EUNKNOWN : NAPFIRE_OK) && x == d,
                        "modifier read back");
            }
            break;
        case 5:
            st = napfire_rules_set_threshold(r, a, b, c);
            if (st == NAPFIRE_OK) {
                gst = napfire_rules_get_threshold(r, a, b, &x);
                FZ_MUST(gst == (c == NAPFIRE_UNKNOWN ? NAPFIRE_EUNKNOWN : NAPFIRE_OK) && x == c, "threshold read back");
            }
            break;
        default: {
            char text[160];
            size_t len = fz_u8(in) % sizeof text;
            for (size_t i = 0; i < len; i++)
                text[i] = (char)fz_u8(in);
            text[len] = '\0';
            st = napfire_rules_set_provenance(r, a, text);
            if (st == NAPFIRE_OK) {
                char back[160];
                size_t blen = 0;
                FZ_MUST(napfire_rules_get_provenance(r, a, back, sizeof back, &blen) == NAPFIRE_OK &&
                            blen == strlen(text) && memcmp(back, text, blen + 1) == 0,
                        "provenance read back");
            }
            break;
        }
    }
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE || st == NAPFIRE_EINVAL,
            "rules setter status");
    if (st != NAPFIRE_OK)
        FZ_MUST(memcmp(r, &before, sizeof before) == 0, "refused setter leaves rules");
}

/* Rules getters with arbitrary indices, on NULL (built in) or a copy. */
static void op_rules_get(struct state *S, fz_in *in) {
    const napfire_rules *r = pick_rules(S, in);
    int32_t a = fz_int(in), b = fz_int(in), c = fz_int(in), d = fz_int(in);
    int32_t x = 0x5A5A5A5A, y = 0x5A5A5A5A, z = 0x5A5A5A5A;
    int st;
    switch (fz_u8(in) % 6) {
        case 0:
            st = napfire_rules_get_musketry(r, a, b, &x, &y);
            break;
        case 1:
            st = napfire_rules_get_range(r, a, b, &x, &y);
            break;
        case 2:
            st = napfire_rules_get_gun_range(r, a, b, &x, &y, &z);
            break;
        case 3:
            st = napfire_rules_get_artillery(r, a, b, c, d, &x);
            break;
        case 4:
            st = napfire_rules_get_modifier(r, a, b, c, &x);
            break;
        default:
            st = napfire_rules_get_threshold(r, a, b, &x);
            break;
    }
    FZ_MUST(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE || st == NAPFIRE_EUNKNOWN,
            "rules getter status");
    if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
        FZ_MUST(x == 0x5A5A5A5A && y == 0x5A5A5A5A && z == 0x5A5A5A5A, "failed getter leaves outputs");
}

/* Flip bits of a unit, shot or rules copy: every later call must refuse
 * it (ESTATE) or treat it as the valid object it now happens to be. */
static void op_corrupt(struct state *S, fz_in *in) {
    uint8_t which = fz_u8(in) % 3;
    unsigned char *p;
    size_t n;
    if (which == 0) {
        napfire_unit *u = &S->units[fz_u8(in) % NUNITS];
        p = ((unsigned char *)(void *)u->opaque_);
        n = sizeof u->opaque_;
    } else if (which == 1) {
        napfire_shot *s = &S->shots[fz_u8(in) % NSHOTS];
        p = ((unsigned char *)(void *)s->opaque_);
        n = sizeof s->opaque_;
    } else {
        napfire_rules *r = &S->rules[fz_u8(in) % 2];
        p = ((unsigned char *)(void *)r->opaque_);
        n = sizeof r->opaque_;
    }
    size_t hi = fz_u8(in);
    size_t at = (hi << 8 | fz_u8(in)) % n;
    p[at] ^= (unsigned char)(fz_u8(in) | 1u);
}

static void op_names(fz_in *in) {
    int32_t a = fz_int(in), b = fz_int(in);
    fz_check_name(napfire_strerror(a));
    fz_check_name(napfire_status_name(a));
    fz_check_name(napfire_enum_name(a, b));
    fz_check_name(napfire_enum_name(a % 20, b));
    fz_check_name(napfire_reason_name(a));
    fz_check_name(napfire_modifier_name(a));
    FZ_MUST(napfire_version_number() == NAPFIRE_VERSION_NUMBER, "version");
}

static void setup(struct state *S, const napfire_rules *made_up) {
    FZ_MUST(napfire_rules_init(&S->rules[0], sizeof S->rules[0]) == NAPFIRE_OK, "init");
    S->rules[1] = *made_up;
    /* A musketry firer, its target, a battery and cavalry: shots that can
     * be resolved before the input changes anything. */
    static const int32_t arms[NUNITS] = {NAPFIRE_ARM_LINE_INFANTRY, NAPFIRE_ARM_LIGHT_INFANTRY,
                                         NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_ARM_CAVALRY};
    for (int i = 0; i < NUNITS; i++) {
        FZ_MUST(napfire_unit_init(&S->units[i], sizeof S->units[i], arms[i]) == NAPFIRE_OK, "unit");
        FZ_MUST(napfire_unit_set(&S->units[i], NAPFIRE_UNIT_FIGURES, 8 + 10 * i) == NAPFIRE_OK, "figures");
    }
    static const int firer[NSHOTS] = {0, 2, 1, 2}, target[NSHOTS] = {1, 0, 3, 3};
    for (int i = 0; i < NSHOTS; i++) {
        FZ_MUST(napfire_shot_init(&S->shots[i], sizeof S->shots[i], &S->units[firer[i]], &S->units[target[i]]) ==
                    NAPFIRE_OK,
                "shot");
        FZ_MUST(napfire_shot_set(&S->shots[i], NAPFIRE_SHOT_DISTANCE, 150) == NAPFIRE_OK, "distance");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static napfire_rules made_up;
    static int ready;
    if (!ready) {
        made_up_rules(&made_up);
        ready = 1;
    }
    static struct state S;
    setup(&S, &made_up);
    fz_in in = {data, size, 0};
    for (int ops = 0; ops < MAX_OPS && fz_more(&in); ops++) {
        switch (fz_u8(&in) % 18) {
            case 0:
                op_unit_init(&S, &in);
                break;
            case 1:
                op_unit_set(&S, &in);
                break;
            case 2:
                op_unit_get(&S, &in);
                break;
            case 3:
                op_shot_init(&S, &in);
                break;
            case 4:
                op_shot_set(&S, &in);
                break;
            case 5:
                op_shot_get(&S, &in);
                break;
            case 6:
                op_bounds(&in);
                break;
            case 7:
                op_band(&S, &in);
                break;
            case 8:
                op_modifiers(&S, &in);
                break;
            case 9:
                op_resolve(&S, &in);
                break;
            case 10:
                op_round_half(&in);
                break;
            case 11:
                op_distribution(&S, &in);
                break;
            case 12:
                op_many(&S, &in);
                break;
            case 13:
                op_dice(&in);
                break;
            case 14:
                op_rules_set(&S, &in);
                break;
            case 15:
                op_rules_get(&S, &in);
                break;
            case 16:
                op_corrupt(&S, &in);
                break;
            default:
                op_names(&in);
                break;
        }
    }
    return 0;
}
