/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix (API contract "Principles", "Errors and verdicts"): every
 * function given NULL (EINVAL), an out-of-domain value (EDOMAIN), a wrong
 * size (ESIZE), uninitialised or corrupted storage (ESTATE) returns the
 * documented status and leaves its outputs untouched. Hostile storage never
 * crashes (the suite also runs under ASan/UBSan).
 *
 * The first tests use only two facts about the private layout: the magic
 * is in bytes 0..3 of every object, and bytes 4..7 of a unit are sealed.
 * Units, shots and rules are sealed (lib/internal.h "Integrity seals"):
 * the tests further down change every sealed byte, poke valid values into
 * the packed parameters and forge seals, all located through
 * lib/internal.h (offsetof, the field tables, NF_SEAL_OF), so that they
 * follow the layout when it changes. The dice and trace tables (one row
 * per field) take their offsets from lib/probability.c's documented
 * seeding and lib/hex_internal.h; see "Hostile storage, type by type".
 */
#include "nftest.h"

#include <stddef.h>
#include <stdio.h>

/* Private layouts, for offsetof only: the tests never call into them. */
#include "../../lib/fast.h"
#include "../../lib/hex_internal.h"

/* Fails through Check only on failure: ck_assert records a mark point (a
 * write to Check's log) on every success, which would dominate the run
 * time of the sweeps and fillings below. */
#define EXPECT(cond, ...) \
  do { \
    if (!(cond)) \
      ck_abort_msg(__VA_ARGS__); \
  } while (0)

/* ---------------------------------------------------------------- */
/* Valid objects */

static void good_unit(napfire_unit *u) {
    infantry(u, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
}

/* The F-EX-1 shot: resolves with the built-in data. */
static void good_shot(napfire_shot *s) {
    napfire_unit f, t;
    good_unit(&f);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
}

static void fill32(void *obj, size_t offset, uint32_t v) {
    memcpy((unsigned char *)obj + offset, &v, sizeof v);
}

/* ---------------------------------------------------------------- */
/* Hostile storage generators */

#define N_BAD_UNITS 8
static void make_bad_unit(napfire_unit *u, int which) {
    napfire_shot s;
    napfire_rules r;
    switch (which) {
        case 0: /* garbage */
            memset(u, 0xAA, sizeof *u);
            break;
        case 1: /* zero bytes */
            memset(u, 0, sizeof *u);
            break;
        case 2: /* a shot's bytes in unit storage */
            good_shot(&s);
            memcpy(u, &s, sizeof *u);
            break;
        case 3: /* a rules object's bytes */
            rules_new(&r);
            memcpy(u, &r, sizeof *u);
            break;
        case 4: /* valid unit, magic corrupted */
            good_unit(u);
            u->opaque_.bytes[0] ^= 0xFF;
            u->opaque_.bytes[3] ^= 0x01;
            break;
        case 5: /* valid unit, its sealed padding (bytes 4..7) changed */
            good_unit(u);
            memset(u->opaque_.bytes + 4, 0x7f, 4);
            break;
        case 6: /* valid unit, everything after the magic corrupted */
            good_unit(u);
            memset(u->opaque_.bytes + 4, 0x7f, sizeof *u - 4);
            break;
        default: /* valid unit, everything after the magic 0xFF (-1 everywhere) */
            good_unit(u);
            memset(u->opaque_.bytes + 4, 0xFF, sizeof *u - 4);
            break;
    }
}

#define N_BAD_SHOTS 8
static void make_bad_shot(napfire_shot *s, int which) {
    napfire_unit u;
    napfire_rules r;
    switch (which) {
        case 0:
            memset(s, 0xAA, sizeof *s);
            break;
        case 1:
            memset(s, 0, sizeof *s);
            break;
        case 2: /* a unit's bytes in a shot, rest zero */
            good_unit(&u);
            memset(s, 0, sizeof *s);
            memcpy(s, &u, sizeof u);
            break;
        case 3: /* a unit's bytes, rest garbage */
            good_unit(&u);
            memset(s, 0x11, sizeof *s);
            memcpy(s, &u, sizeof u);
            break;
        case 4: /* a rules object's bytes */
            rules_new(&r);
            memcpy(s, &r, sizeof *s);
            break;
        case 5: /* valid shot, magic corrupted */
            good_shot(s);
            s->opaque_.bytes[1] ^= 0x5A;
            break;
        case 6: /* valid shot, everything after the magic corrupted */
            good_shot(s);
            memset(s->opaque_.bytes + 4, 0x7f, sizeof *s - 4);
            break;
        default:
            good_shot(s);
            memset(s->opaque_.bytes + 4, 0x80, sizeof *s - 4);
            break;
    }
}

#define N_BAD_RULES 7
static void make_bad_rules(napfire_rules *r, int which) {
    napfire_unit u;
    napfire_shot s;
    switch (which) {
        case 0:
            memset(r, 0xAA, sizeof *r);
            break;
        case 1:
            memset(r, 0, sizeof *r);
            break;
        case 2:
            good_unit(&u);
            memset(r, 0, sizeof *r);
            memcpy(r, &u, sizeof u);
            break;
        case 3:
            good_shot(&s);
            memset(r, 0, sizeof *r);
            memcpy(r, &s, sizeof s);
            break;
        case 4:
            rules_new(r);
            r->opaque_.bytes[2] ^= 0x80;
            break;
        case 5: /* magic intact, every field corrupted */
            rules_new(r);
            memset(r->opaque_.bytes + 4, 0x7f, sizeof *r - 4);
            break;
        default:
            rules_new(r);
            memset(r->opaque_.bytes + 4, 0xEE, sizeof *r - 4);
            break;
    }
}

/* ---------------------------------------------------------------- */
/* ESTATE from every function taking a unit */

/* API contract Principles (hostile storage) */
START_TEST(hostile_units) {
    napfire_unit u, before;
    make_bad_unit(&u, _i);
    memcpy(&before, &u, sizeof u);
    int32_t v = SENTINEL_I32;
    for (int32_t p = NAPFIRE_UNIT_ARM; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
        ck_assert_msg(napfire_unit_get(&u, p, &v) == NAPFIRE_ESTATE, "bad unit %d: get %s", _i,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, p));
        ck_assert_int_eq(v, SENTINEL_I32);
        int32_t lo, hi;
        ck_assert_int_eq(napfire_param_bounds(p, &lo, &hi), NAPFIRE_OK);
        ck_assert_msg(napfire_unit_set(&u, p, lo) == NAPFIRE_ESTATE, "bad unit %d: set %s", _i,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, p));
        ck_assert_msg(napfire_unit_set(&u, p, hi) == NAPFIRE_ESTATE, "bad unit %d: set %s", _i,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, p));
    }
    int32_t yes = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_may_open_order(&u, 1812, &yes), NAPFIRE_ESTATE);
    ck_assert_int_eq(yes, SENTINEL_I32);
    ck_assert_int_eq(memcmp(&u, &before, sizeof u), 0);

    napfire_unit ok;
    good_unit(&ok);
    napfire_shot s, sb;
    memset(&s, SENTINEL_BYTE, sizeof s);
    memcpy(&sb, &s, sizeof s);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &u, &ok), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &ok, &u), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &u, &u), NAPFIRE_ESTATE);
    ck_assert_int_eq(memcmp(&s, &sb, sizeof s), 0);

    /* init makes any storage valid again */
    unit_new(&u, NAPFIRE_ARM_CAVALRY);
    ck_assert_int_eq(uget(&u, NAPFIRE_UNIT_ARM), NAPFIRE_ARM_CAVALRY);
}
END_TEST

/* ESTATE from every function taking a shot. */
/* API contract Principles (hostile storage) */
START_TEST(hostile_shots) {
    napfire_shot s, before;
    make_bad_shot(&s, _i);
    memcpy(&before, &s, sizeof s);
    for (int32_t p = NAPFIRE_SHOT_MEASURE; p <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY; p++) {
        int32_t v = SENTINEL_I32;
        ck_assert_msg(napfire_shot_get(&s, p, &v) == NAPFIRE_ESTATE, "bad shot %d: get %s", _i,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, p));
        ck_assert_int_eq(v, SENTINEL_I32);
        int32_t lo, hi;
        ck_assert_int_eq(napfire_param_bounds(p, &lo, &hi), NAPFIRE_OK);
        ck_assert_msg(napfire_shot_set(&s, p, hi) == NAPFIRE_ESTATE, "bad shot %d: set %s", _i,
                      napfire_enum_name(NAPFIRE_ENUM_PARAM, p));
    }
    ck_assert_int_eq(memcmp(&s, &before, sizeof s), 0);

    napfire_rules r;
    rules_new(&r);
    const napfire_rules *rs[] = {NULL, &r};
    for (size_t k = 0; k < 2; k++) {
        int32_t band = SENTINEL_I32;
        ck_assert_int_eq(napfire_shot_band(&s, rs[k], &band), NAPFIRE_ESTATE);
        ck_assert_int_eq(band, SENTINEL_I32);

        napfire_modifier items[4], items_b[4];
        memset(items, SENTINEL_BYTE, sizeof items);
        memcpy(items_b, items, sizeof items);
        size_t count = 12345;
        int32_t net = SENTINEL_I32;
        ck_assert_int_eq(napfire_shot_modifiers(&s, rs[k], items, 4, &count, &net), NAPFIRE_ESTATE);
        ck_assert_uint_eq(count, 12345);
        ck_assert_int_eq(net, SENTINEL_I32);
        ck_assert_int_eq(memcmp(items, items_b, sizeof items), 0);

        napfire_result res, res_b;
        memset(&res, SENTINEL_BYTE, sizeof res);
        memcpy(&res_b, &res, sizeof res);
        ck_assert_int_eq(napfire_shot_resolve(&s, rs[k], 8, 6, &res), NAPFIRE_ESTATE);
        ck_assert_int_eq(memcmp(&res, &res_b, sizeof res), 0);
    }
}
END_TEST

/* ESTATE from every function taking a rules object. */
/* API contract Principles (hostile storage), F-DATA */
START_TEST(hostile_rules) {
    static napfire_rules r, before;
    make_bad_rules(&r, _i);
    memcpy(&before, &r, sizeof r);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 3, 5, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 0, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 2, 1, &a, &b, &c), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 2, 1, 1, 1, &a), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, &a), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, NAPFIRE_THRESHOLD_SCREEN, 0, &a), NAPFIRE_ESTATE);
    ck_assert_int_eq(a, SENTINEL_I32);
    ck_assert_int_eq(b, SENTINEL_I32);
    ck_assert_int_eq(c, SENTINEL_I32);
    char buf[200];
    memset(buf, SENTINEL_BYTE, sizeof buf);
    size_t len = 777;
    for (int32_t f = 0; f <= 2; f++)
        ck_assert_int_eq(napfire_rules_get_provenance(&r, f, buf, sizeof buf, &len), NAPFIRE_ESTATE);
    ck_assert_uint_eq(len, 777);
    for (size_t i = 0; i < sizeof buf; i++)
        ck_assert_int_eq((unsigned char)buf[i], SENTINEL_BYTE);

    napfire_shot s;
    good_shot(&s);
    int32_t band = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_band(&s, &r, &band), NAPFIRE_ESTATE);
    ck_assert_int_eq(band, SENTINEL_I32);
    size_t count = 12345;
    int32_t net = SENTINEL_I32;
    napfire_modifier items[8];
    ck_assert_int_eq(napfire_shot_modifiers(&s, &r, items, 8, &count, &net), NAPFIRE_ESTATE);
    ck_assert_uint_eq(count, 12345);
    ck_assert_int_eq(net, SENTINEL_I32);
    napfire_result res, res_b;
    memset(&res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res, sizeof res);
    ck_assert_int_eq(napfire_shot_resolve(&s, &r, 8, 6, &res), NAPFIRE_ESTATE);
    ck_assert_int_eq(memcmp(&res, &res_b, sizeof res), 0);

    {
        /* setters refuse storage that was never initialised, or whose
         * seals no longer match */
        ck_assert_int_eq(napfire_rules_set_musketry(&r, 0, 0, 2, 0), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_range(&r, 0, 0, 10, 20), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_gun_range(&r, 0, 0, 10, 20, 30), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_artillery(&r, 0, 0, 1, 0, 2), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_modifier(&r, 0, NAPFIRE_MOD_GUARD, 0, 1), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_threshold(&r, 0, 0, 10), NAPFIRE_ESTATE);
        ck_assert_int_eq(napfire_rules_set_provenance(&r, 0, "x"), NAPFIRE_ESTATE);
    }
    ck_assert_int_eq(memcmp(&r, &before, sizeof r), 0);
}
END_TEST

static int known_status(int st) {
    return st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE ||
           st == NAPFIRE_EUNKNOWN;
}

static void sane_result(const napfire_result *res) {
    EXPECT(res->permitted == 0 || res->permitted == 1, "permitted %d", (int)res->permitted);
    EXPECT(res->reason >= NAPFIRE_REASON_NONE && res->reason <= NAPFIRE_REASON_OVERHEAD_CANISTER, "reason %d",
           (int)res->reason);
    EXPECT(res->band >= NAPFIRE_BAND_NONE && res->band <= NAPFIRE_BAND_LONG, "band %d", (int)res->band);
    EXPECT(res->casualties >= 0 && res->casualties == res->target_casualties + res->screen_casualties, "casualties %d",
           (int)res->casualties);
    /* Musketry rows 0..4; artillery rows number every gun, ammunition and
     * band (tables.c). */
    EXPECT(res->row >= -1 && res->row < NF_GUNS * NF_AMMOS * NF_ART_BANDS, "row %d", (int)res->row);
    EXPECT(res->column >= -1 && res->column <= 8, "column %d", (int)res->column);
}

/* Corrupt every 4-byte word of a valid unit / shot / rules in turn with
 * out-of-domain patterns: every call returns a status, never crashes, and
 * an OK result is sane. A changed word the unit or shot seals is always
 * noticed (ESTATE); the unused words after the seal never are. */
/* API contract Principles (hostile storage; lib/internal.h "Integrity
 * seals") */
START_TEST(corruption_sweep) {
    const uint32_t patterns[] = {0x7f7f7f7fu, 0x80000000u, 0xFFFFFFFFu, 0x00010000u};
    int noticed = 0, total = 0;
    for (size_t pi = 0; pi < NF_NELEM(patterns); pi++) {
        for (size_t off = 4; off + 4 <= NAPFIRE_UNIT_SIZE; off += 4) {
            napfire_unit u, t;
            good_unit(&u);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            napfire_unit before = u;
            fill32(&u, off, patterns[pi]);
            int changed = memcmp(&u, &before, sizeof u) != 0;
            for (int32_t p = NAPFIRE_UNIT_ARM; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
                int32_t v;
                EXPECT(known_status(napfire_unit_get(&u, p, &v)), "unit_get");
            }
            int32_t yes;
            EXPECT(known_status(napfire_unit_may_open_order(&u, 1812, &yes)), "may_open_order");
            napfire_shot s;
            int st = napfire_shot_init(&s, sizeof s, &u, &t);
            EXPECT(st == NAPFIRE_OK || st == NAPFIRE_ESTATE, "status %d", st);
            EXPECT((st == NAPFIRE_ESTATE) == (changed && off < offsetof(struct nf_unit_obj, seal) + 8),
                   "unit word %zu = 0x%08x: shot_init gave %s", off, (unsigned)patterns[pi], napfire_status_name(st));
            total++;
            if (st == NAPFIRE_ESTATE) {
                noticed++;
                continue;
            }
            sset(&s, NAPFIRE_SHOT_DISTANCE, 150);
            napfire_result res;
            st = napfire_shot_resolve(&s, NULL, 8, 6, &res);
            EXPECT(known_status(st), "status %d", st);
            if (st == NAPFIRE_OK)
                sane_result(&res);
        }
        for (size_t off = 4; off + 4 <= NAPFIRE_SHOT_SIZE; off += 4) {
            napfire_shot s, before;
            good_shot(&s);
            before = s;
            fill32(&s, off, patterns[pi]);
            int sealed = memcmp(&s, &before, sizeof s) != 0 && off < offsetof(struct nf_shot, seal) + 8;
            napfire_result res;
            int st = napfire_shot_resolve(&s, NULL, 8, 6, &res);
            EXPECT(known_status(st), "status %d", st);
            EXPECT((st == NAPFIRE_ESTATE) == sealed, "shot word %zu = 0x%08x: shot_resolve gave %s", off,
                   (unsigned)patterns[pi], napfire_status_name(st));
            if (st == NAPFIRE_OK)
                sane_result(&res);
            int32_t band;
            EXPECT(known_status(napfire_shot_band(&s, NULL, &band)), "shot_band");
            napfire_modifier items[32];
            size_t count;
            int32_t net;
            st = napfire_shot_modifiers(&s, NULL, items, 32, &count, &net);
            EXPECT(known_status(st), "status %d", st);
            if (st == NAPFIRE_OK)
                EXPECT(count <= 32, "count %zu", count);
            for (int32_t p = NAPFIRE_SHOT_MEASURE; p <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY; p++) {
                int32_t v;
                EXPECT(known_status(napfire_shot_get(&s, p, &v)), "shot_get");
            }
        }
    }
    /* The sealed words of a unit are always noticed. */
    ck_assert_int_gt(noticed, 0);
    ck_assert_int_gt(total, 0);
}
END_TEST

static const napfire_rules *full_rules(void);

/* API contract Principles (hostile storage; lib/internal.h "Rules data in
 * sealed sections"), F-DATA */
START_TEST(rules_corruption_sweep) {
    const uint32_t patterns[] = {0x7f7f7f7fu, 0x80000000u};
    static napfire_rules r;
    napfire_shot s;
    good_shot(&s);
    for (size_t pi = 0; pi < NF_NELEM(patterns); pi++)
        for (size_t off = 4; off + 4 <= NAPFIRE_RULES_SIZE; off += 4) {
            /* built once: the setters' asserts would dominate the sweep */
            memcpy(&r, full_rules(), sizeof r);
            fill32(&r, off, patterns[pi]);
            napfire_result res;
            int st = napfire_shot_resolve(&s, &r, 8, 6, &res);
            EXPECT(known_status(st), "status %d", st);
            if (st == NAPFIRE_OK)
                sane_result(&res);
            for (int32_t row = 0; row < 5; row++)
                for (int32_t col = 0; col < 9; col++) {
                    int32_t h, star;
                    st = napfire_rules_get_musketry(&r, row, col, &h, &star);
                    EXPECT(st == NAPFIRE_OK || st == NAPFIRE_ESTATE, "status %d", st);
                    if (st == NAPFIRE_OK) {
                        EXPECT(h >= 0 && h <= NAPFIRE_MAX_CELL_HALVES && (star == 0 || star == 1), "cell %d/%d", (int)h,
                               (int)star);
                    }
                }
            char buf[128];
            size_t len;
            for (int32_t f = 0; f <= 2; f++) {
                st = napfire_rules_get_provenance(&r, f, buf, sizeof buf, &len);
                EXPECT(st == NAPFIRE_OK || st == NAPFIRE_ESTATE, "status %d", st);
                if (st == NAPFIRE_OK)
                    EXPECT(strlen(buf) == len, "provenance length");
            }
        }
}
END_TEST

/* ---------------------------------------------------------------- */
/* NULL pointers, sizes, domains: every function */

/* API contract Principles / Errors (EINVAL, ESIZE, EDOMAIN) */
START_TEST(null_and_size_units) {
    napfire_unit u, ub;
    memset(&u, SENTINEL_BYTE, sizeof u);
    memcpy(&ub, &u, sizeof u);
    ck_assert_int_eq(napfire_unit_init(NULL, sizeof u, 0), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u - 1, 0), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_unit_init(&u, NAPFIRE_SHOT_SIZE, 0), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u, -1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_unit_init(&u, sizeof u, 5), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&u, &ub, sizeof u), 0);

    good_unit(&u);
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_unit_set(NULL, NAPFIRE_UNIT_NATION, 1), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_unit_get(NULL, NAPFIRE_UNIT_NATION, &v), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_unit_get(&u, NAPFIRE_UNIT_NATION, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_unit_may_open_order(NULL, 1812, &v), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_unit_may_open_order(&u, 1812, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(v, SENTINEL_I32);

    int32_t lo = SENTINEL_I32, hi = SENTINEL_I32;
    ck_assert_int_eq(napfire_param_bounds(NAPFIRE_UNIT_NATION, NULL, &hi), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_param_bounds(NAPFIRE_UNIT_NATION, &lo, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_param_bounds(NAPFIRE_SHOT_DISTANCE, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(lo, SENTINEL_I32);
    ck_assert_int_eq(hi, SENTINEL_I32);

    ck_assert_uint_eq(napfire_unit_size(), sizeof(napfire_unit));
    ck_assert_uint_eq(napfire_shot_size(), sizeof(napfire_shot));
    ck_assert_uint_eq(napfire_rules_size(), sizeof(napfire_rules));
}
END_TEST

/* API contract Principles / Errors (EINVAL, ESIZE, EDOMAIN) */
START_TEST(null_and_size_shots) {
    napfire_unit f, t;
    good_unit(&f);
    plain_target(&t, NAPFIRE_FORMATION_LINE);
    napfire_shot s, sb;
    memset(&s, SENTINEL_BYTE, sizeof s);
    memcpy(&sb, &s, sizeof s);
    ck_assert_int_eq(napfire_shot_init(NULL, sizeof s, &f, &t), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, NULL, &t), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s, &f, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_init(&s, sizeof s - 1, &f, &t), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_shot_init(&s, NAPFIRE_UNIT_SIZE, &f, &t), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_shot_init(&s, NAPFIRE_RULES_SIZE, &f, &t), NAPFIRE_ESIZE);
    ck_assert_int_eq(memcmp(&s, &sb, sizeof s), 0);

    good_shot(&s);
    int32_t v = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_set(NULL, NAPFIRE_SHOT_DISTANCE, 10), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_get(NULL, NAPFIRE_SHOT_DISTANCE, &v), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_get(&s, NAPFIRE_SHOT_DISTANCE, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(v, SENTINEL_I32);

    int32_t band = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_band(NULL, NULL, &band), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_band(&s, NULL, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(band, SENTINEL_I32);

    napfire_modifier items[4], items_b[4];
    memset(items, SENTINEL_BYTE, sizeof items);
    memcpy(items_b, items, sizeof items);
    size_t count = 12345;
    int32_t net = SENTINEL_I32;
    ck_assert_int_eq(napfire_shot_modifiers(NULL, NULL, items, 4, &count, &net), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, items, 4, NULL, &net), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, items, 4, &count, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_modifiers(&s, NULL, NULL, 4, &count, &net), NAPFIRE_EINVAL);
    ck_assert_uint_eq(count, 12345);
    ck_assert_int_eq(net, SENTINEL_I32);
    ck_assert_int_eq(memcmp(items, items_b, sizeof items), 0);

    napfire_result res, res_b;
    memset(&res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res, sizeof res);
    ck_assert_int_eq(napfire_shot_resolve(NULL, NULL, 8, 6, &res), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 8, 6, NULL), NAPFIRE_EINVAL);
    const int32_t bad_rolls[] = {1, 0, -1, 13, 100, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad_rolls); i++)
        ck_assert_int_eq(napfire_shot_resolve(&s, NULL, bad_rolls[i], 6, &res), NAPFIRE_EDOMAIN);
    const int32_t bad_dice[] = {-1, 7, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < NF_NELEM(bad_dice); i++)
        ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 8, bad_dice[i], &res), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&res, &res_b, sizeof res), 0);
    /* the edges of the domain are accepted: with EXTRA -3 the F-EX-1 shot
     * lands on known cells for rolls 2 (column 0) and 12 (column 5) */
    sset(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, -3);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 2, 1, &res), NAPFIRE_OK);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 12, 6, &res), NAPFIRE_OK);
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 12, 0, &res), NAPFIRE_OK);
}
END_TEST

START_TEST(null_and_size_rules) {
    static napfire_rules r, rb;
    memset(&r, SENTINEL_BYTE, sizeof r);
    memcpy(&rb, &r, sizeof r);
    ck_assert_int_eq(napfire_rules_init(NULL, sizeof r), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_init(&r, sizeof r - 1), NAPFIRE_ESIZE);
    ck_assert_int_eq(napfire_rules_init(&r, NAPFIRE_SHOT_SIZE), NAPFIRE_ESIZE);
    ck_assert_int_eq(memcmp(&r, &rb, sizeof r), 0);

    rules_new(&r);
    memcpy(&rb, &r, sizeof r);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    /* setters need an object */
    ck_assert_int_eq(napfire_rules_set_musketry(NULL, 0, 0, 0, 0), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_range(NULL, 0, 0, 1, 2), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_gun_range(NULL, 0, 0, 1, 2, 3), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_artillery(NULL, 0, 0, 1, 0, 2), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_modifier(NULL, 0, 1, 0, 1), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_threshold(NULL, 0, 0, 1), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_provenance(NULL, 0, "x"), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_set_provenance(&r, 0, NULL), NAPFIRE_EINVAL);
    /* getters need every output */
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 0, NULL, &b), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 0, &a, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, NULL, &b), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_range(NULL, 0, 0, &a, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 0, 0, NULL, &b, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 0, 0, &a, NULL, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 0, 0, &a, &b, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 1, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, 0, 1, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, 0, 0, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(a, SENTINEL_I32);
    ck_assert_int_eq(b, SENTINEL_I32);
    ck_assert_int_eq(c, SENTINEL_I32);
    char buf[64];
    memset(buf, SENTINEL_BYTE, sizeof buf);
    size_t len = 777;
    ck_assert_int_eq(napfire_rules_get_provenance(&r, 0, NULL, 64, &len), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_get_provenance(&r, 0, buf, sizeof buf, NULL), NAPFIRE_EINVAL);
    ck_assert_uint_eq(len, 777);
    for (size_t i = 0; i < sizeof buf; i++)
        ck_assert_int_eq((unsigned char)buf[i], SENTINEL_BYTE);
    ck_assert_int_eq(memcmp(&r, &rb, sizeof r), 0);
}
END_TEST

/* EDOMAIN for every index argument of the rules getters (outputs untouched)
 * and setters (object unchanged). */
/* API contract Errors (EDOMAIN), F-DATA */
START_TEST(domain_rules) {
    static napfire_rules r, rb;
    rules_new(&r);
    memcpy(&rb, &r, sizeof r);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    const int32_t bad_small[] = {-1, INT32_MIN};
    for (size_t i = 0; i < NF_NELEM(bad_small); i++) {
        int32_t x = bad_small[i];
        ck_assert_int_eq(napfire_rules_get_musketry(&r, x, 0, &a, &b), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, x, &a, &b), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_range(&r, x, 0, &a, &b), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_range(&r, 0, x, &a, &b), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_gun_range(&r, x, 0, &a, &b, &c), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_gun_range(&r, 0, x, &a, &b, &c), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_artillery(&r, x, 0, 1, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, x, 1, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, x, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 1, x, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_modifier(&r, x, 1, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_modifier(&r, 0, x, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_modifier(&r, 0, 1, x, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_threshold(&r, x, 0, &a), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_get_threshold(&r, 0, x, &a), NAPFIRE_EDOMAIN);
        char buf[8];
        size_t len = 777;
        ck_assert_int_eq(napfire_rules_get_provenance(&r, x, buf, sizeof buf, &len), NAPFIRE_EDOMAIN);
        ck_assert_uint_eq(len, 777);
        ck_assert_int_eq(napfire_rules_set_musketry(&r, x, 0, 0, 0), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_range(&r, x, 0, 1, 2), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_gun_range(&r, x, 0, 1, 2, 3), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_artillery(&r, x, 0, 1, 0, 2), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_modifier(&r, x, 1, 0, 1), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_threshold(&r, x, 0, 1), NAPFIRE_EDOMAIN);
        ck_assert_int_eq(napfire_rules_set_provenance(&r, x, "x"), NAPFIRE_EDOMAIN);
    }
    /* one past the end of each index */
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 5, 0, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 9, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_range(&r, 3, 0, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 2, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 5, 0, &a, &b, &c), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 0, 2, &a, &b, &c), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 5, 0, 1, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 2, 1, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 0, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 4, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 0, 0, 1, 9, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, 2, 1, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, 9, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(&r, 0, 2, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(a, SENTINEL_I32);
    ck_assert_int_eq(b, SENTINEL_I32);
    ck_assert_int_eq(c, SENTINEL_I32);
    ck_assert_int_eq(memcmp(&r, &rb, sizeof r), 0);

    /* The built-in data (NULL) validates the same way. */
    ck_assert_int_eq(napfire_rules_get_musketry(NULL, 5, 0, &a, &b), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_rules_get_threshold(NULL, 9, 0, &a), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(a, SENTINEL_I32);
}
END_TEST

/* Errors leave a valid object usable and unchanged. */
/* API contract Errors and verdicts, F-EX-1 */
START_TEST(errors_leave_objects_usable) {
    napfire_shot s, sb;
    good_shot(&s);
    memcpy(&sb, &s, sizeof s);
    napfire_result res;
    ck_assert_int_eq(napfire_shot_resolve(&s, NULL, 13, 6, &res), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_shot_set(&s, NAPFIRE_SHOT_EXTRA_MODIFIER, 99), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(napfire_shot_set(&s, NAPFIRE_SHOT_AMMO, 1), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(memcmp(&s, &sb, sizeof s), 0);
    res = resolve_ok(&s, NULL, 8, 6);
    ck_assert_int_eq(res.casualties, 3);
}
END_TEST

/* ================================================================ */
/* Hostile storage, type by type; sealed storage byte by byte
 *
 * API contract Principles, "Hostile storage is safe": a magic marks
 * initialised objects, and units, shots and rules carry seals that every
 * mutator writes and every reader checks (lib/internal.h "Integrity
 * seals"), so garbage, another type's bytes, or a valid object with one
 * byte changed behind the library's back (even to a value a setter would
 * store) yields NAPFIRE_ESTATE, with every output untouched (API contract
 * "Errors and verdicts") and never an access outside the object. Dice and
 * trace iterators carry no seal: their fields are validated on every use.
 *
 * For that last part every hostile object lives in a heap block of exactly
 * its size, or of the size of the object it really is when a pointer of one
 * type is passed as another, so ASan and valgrind flag any read past it.
 *
 * Rules data is sealed per section (lib/internal.h "Rules data in sealed
 * sections"): a changed section is refused by every call that reads it,
 * and a call that reads only other sections must give exactly what the
 * unchanged rules give; the setters check every seal. Units and shots are
 * sealed whole. Behind a forged seal the readers still check what they
 * read, so no value indexes outside an object.
 */

/* Fixed-seed fillings per type: enough to hit every early exit of the
 * validators many times, few enough for valgrind. */
#define N_FILLS 2000
#define N_FOREIGN_FILLS 16

/* The dice layout is private to lib/probability.c, not in a header. This
 * mirror is checked against the documented seeding (napfire.h, PCG32) by
 * dice_mirror_matches() before any row uses it. */
struct mirror_dice {
    uint32_t magic;
    uint32_t pad;
    uint64_t state;
    uint64_t inc;
};
#define MIRROR_DICE_MAGIC 0x4E464431u /* "NFD1", as lib/probability.c */

static const uint32_t all_magics[] = {NF_UNIT_MAGIC, NF_SHOT_MAGIC, NF_RULES_MAGIC, NF_TRACE_MAGIC, MIRROR_DICE_MAGIC};

/* splitmix64: a fixed seed makes every failure reproducible. */
static uint64_t rng_next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static void rng_fill(uint64_t *s, void *dst, size_t n) {
    unsigned char *b = dst;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t x = rng_next(s);
        memcpy(b + i, &x, n - i < 8 ? n - i : 8);
    }
}

/* A copy of n bytes at the start of a heap block of exactly n bytes. */
static void *tight_copy(const void *src, size_t n) {
    void *p = malloc(n);
    EXPECT(p != NULL, "out of memory");
    memcpy(p, src, n);
    return p;
}

/* Store a value of the field's width at an offset (1, 2, 4 or 8 bytes),
 * truncating as a store to that field would. */
static void put_field(void *obj, size_t offset, size_t width, int64_t v) {
    unsigned char *b = (unsigned char *)obj + offset;
    switch (width) {
        case 1: {
            uint8_t x = (uint8_t)(uint64_t)v;
            memcpy(b, &x, 1);
            break;
        }
        case 2: {
            uint16_t x = (uint16_t)(uint64_t)v;
            memcpy(b, &x, 2);
            break;
        }
        case 4: {
            uint32_t x = (uint32_t)(uint64_t)v;
            memcpy(b, &x, 4);
            break;
        }
        default: {
            uint64_t x = (uint64_t)v;
            memcpy(b, &x, 8);
            break;
        }
    }
}

static const char *pname(int32_t p) {
    return napfire_enum_name(NAPFIRE_ENUM_PARAM, p);
}

/* Built once per test process: the full made-up rules (every cell known). */
static const napfire_rules *full_rules(void) {
    static napfire_rules r;
    static int ready;
    if (!ready) {
        made_up_artillery(&r);
        made_up_musketry(&r);
        ready = 1;
    }
    return &r;
}

/* Built once per test process, as the helpers assert on every call. */
static const napfire_unit *cached_good_unit(void) {
    static napfire_unit u;
    static int ready;
    if (!ready) {
        good_unit(&u);
        ready = 1;
    }
    return &u;
}

static const napfire_shot *cached_good_shot(void) {
    static napfire_shot s;
    static int ready;
    if (!ready) {
        good_shot(&s);
        ready = 1;
    }
    return &s;
}

/* ---------------------------------------------------------------- */
/* Every entry point, refusing one hostile object */

/* Largest object, for snapshots. */
#define MAX_OBJ NAPFIRE_RULES_SIZE

/* API contract Principles (hostile storage): every function taking a unit. */
static void unit_refused(void *obj, size_t avail, const char *what) {
    napfire_unit *u = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
        int32_t v = SENTINEL_I32, lo, hi;
        EXPECT(napfire_unit_get(u, p, &v) == NAPFIRE_ESTATE, "%s: unit_get(%s)", what, pname(p));
        EXPECT(v == SENTINEL_I32, "%s: unit_get(%s) wrote", what, pname(p));
        EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
        EXPECT(napfire_unit_set(u, p, lo) == NAPFIRE_ESTATE, "%s: unit_set(%s)", what, pname(p));
        EXPECT(napfire_unit_set(u, p, hi) == NAPFIRE_ESTATE, "%s: unit_set(%s)", what, pname(p));
    }
    int32_t yes = SENTINEL_I32;
    EXPECT(napfire_unit_may_open_order(u, 1812, &yes) == NAPFIRE_ESTATE, "%s: may_open_order", what);
    EXPECT(yes == SENTINEL_I32, "%s: may_open_order wrote", what);

    const napfire_unit *ok = cached_good_unit();
    napfire_shot s, sb;
    memset(&s, SENTINEL_BYTE, sizeof s);
    memcpy(&sb, &s, sizeof s);
    EXPECT(napfire_shot_init(&s, sizeof s, u, ok) == NAPFIRE_ESTATE, "%s: shot_init firer", what);
    EXPECT(napfire_shot_init(&s, sizeof s, ok, u) == NAPFIRE_ESTATE, "%s: shot_init target", what);
    EXPECT(memcmp(&s, &sb, sizeof s) == 0, "%s: shot_init wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: unit storage changed", what);
}

/* The shot-reading calls with one rules argument; outputs untouched. */
static void shot_calls_refused(const napfire_shot *s, const napfire_rules *r, const char *what) {
    int32_t band = SENTINEL_I32;
    EXPECT(napfire_shot_band(s, r, &band) == NAPFIRE_ESTATE, "%s: shot_band", what);
    EXPECT(band == SENTINEL_I32, "%s: shot_band wrote", what);

    napfire_modifier items[NF_MAX_ITEMS], items_b[NF_MAX_ITEMS];
    memset(items, SENTINEL_BYTE, sizeof items);
    memcpy(items_b, items, sizeof items);
    size_t count = 12345;
    int32_t net = SENTINEL_I32;
    EXPECT(napfire_shot_modifiers(s, r, items, NF_MAX_ITEMS, &count, &net) == NAPFIRE_ESTATE, "%s: shot_modifiers",
           what);
    EXPECT(count == 12345 && net == SENTINEL_I32 && memcmp(items, items_b, sizeof items) == 0,
           "%s: shot_modifiers wrote", what);

    napfire_result res, res_b;
    memset(&res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res, sizeof res);
    EXPECT(napfire_shot_resolve(s, r, 8, 6, &res) == NAPFIRE_ESTATE, "%s: shot_resolve", what);
    EXPECT(napfire_shot_resolve(s, r, 2, 0, &res) == NAPFIRE_ESTATE, "%s: shot_resolve", what);
    EXPECT(memcmp(&res, &res_b, sizeof res) == 0, "%s: shot_resolve wrote", what);

    napfire_outcome oc[32], oc_b[32];
    memset(oc, SENTINEL_BYTE, sizeof oc);
    memcpy(oc_b, oc, sizeof oc);
    EXPECT(napfire_shot_distribution(s, r, oc, 32, &count, &res) == NAPFIRE_ESTATE, "%s: shot_distribution", what);
    EXPECT(count == 12345 && memcmp(oc, oc_b, sizeof oc) == 0 && memcmp(&res, &res_b, sizeof res) == 0,
           "%s: shot_distribution wrote", what);

    int32_t num = SENTINEL_I32, den = SENTINEL_I32;
    double value = -1.5;
    EXPECT(napfire_shot_expected(s, r, &num, &den, &value) == NAPFIRE_ESTATE, "%s: shot_expected", what);
    EXPECT(num == SENTINEL_I32 && den == SENTINEL_I32 && value == -1.5, "%s: shot_expected wrote", what);

    /* The batch succeeds as a whole and reports the element (API contract,
     * Probability and dice: it fails only for pointers or counts). */
    int32_t roll = 8, die = 6, status = SENTINEL_I32;
    EXPECT(napfire_resolve_many(s, 1, r, &roll, &die, &res, &status) == NAPFIRE_OK, "%s: resolve_many", what);
    EXPECT(status == NAPFIRE_ESTATE, "%s: resolve_many status %d", what, (int)status);
    EXPECT(memcmp(&res, &res_b, sizeof res) == 0, "%s: resolve_many wrote", what);
}

/* API contract Principles (hostile storage): every function taking a shot. */
static void shot_refused(void *obj, size_t avail, const char *what) {
    napfire_shot *s = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        int32_t v = SENTINEL_I32, lo, hi;
        EXPECT(napfire_shot_get(s, p, &v) == NAPFIRE_ESTATE, "%s: shot_get(%s)", what, pname(p));
        EXPECT(v == SENTINEL_I32, "%s: shot_get(%s) wrote", what, pname(p));
        EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
        EXPECT(napfire_shot_set(s, p, lo) == NAPFIRE_ESTATE, "%s: shot_set(%s)", what, pname(p));
        EXPECT(napfire_shot_set(s, p, hi) == NAPFIRE_ESTATE, "%s: shot_set(%s)", what, pname(p));
    }
    shot_calls_refused(s, NULL, what);
    shot_calls_refused(s, full_rules(), what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: shot storage changed", what);
}

static const char rules_text_ok[] = "napfire-rules 1\nthreshold.screen.mm = 50\n";

/* API contract Principles (hostile storage), F-DATA: every function taking a
 * rules object, for storage that is not a rules object at all. */
static void rules_refused(void *obj, size_t avail, const char *what) {
    napfire_rules *r = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    /* first and last index of every table */
    for (int32_t k = 0; k < 2; k++) {
        EXPECT(napfire_rules_get_musketry(r, 4 * k, 8 * k, &a, &b) == NAPFIRE_ESTATE, "%s: get_musketry", what);
        EXPECT(napfire_rules_get_range(r, 2 * k, k, &a, &b) == NAPFIRE_ESTATE, "%s: get_range", what);
        EXPECT(napfire_rules_get_gun_range(r, 4 * k, k, &a, &b, &c) == NAPFIRE_ESTATE, "%s: get_gun_range", what);
        EXPECT(napfire_rules_get_artillery(r, 4 * k, k, 1 + 2 * k, 8 * k, &a) == NAPFIRE_ESTATE, "%s: get_artillery",
               what);
        EXPECT(napfire_rules_get_modifier(r, k, k ? NAPFIRE_MOD_MOVED_HALF : NAPFIRE_MOD_GUARD, 0, &a) ==
                   NAPFIRE_ESTATE,
               "%s: get_modifier", what);
        EXPECT(napfire_rules_get_threshold(r, 8 * k, k, &a) == NAPFIRE_ESTATE, "%s: get_threshold", what);
    }
    EXPECT(a == SENTINEL_I32 && b == SENTINEL_I32 && c == SENTINEL_I32, "%s: getter wrote", what);
    char buf[160], buf_b[160];
    memset(buf, SENTINEL_BYTE, sizeof buf);
    memcpy(buf_b, buf, sizeof buf);
    size_t len = 777;
    for (int32_t f = 0; f <= 2; f++)
        EXPECT(napfire_rules_get_provenance(r, f, buf, sizeof buf, &len) == NAPFIRE_ESTATE, "%s: get_provenance", what);
    EXPECT(napfire_rules_format(r, buf, sizeof buf, &len) == NAPFIRE_ESTATE, "%s: format", what);
    EXPECT(napfire_rules_format(r, NULL, 0, &len) == NAPFIRE_ESTATE, "%s: format", what);
    EXPECT(len == 777 && memcmp(buf, buf_b, sizeof buf) == 0, "%s: getter wrote", what);

    EXPECT(napfire_rules_set_musketry(r, 0, 0, 2, 0) == NAPFIRE_ESTATE, "%s: set_musketry", what);
    EXPECT(napfire_rules_set_range(r, 0, 0, 10, 20) == NAPFIRE_ESTATE, "%s: set_range", what);
    EXPECT(napfire_rules_set_gun_range(r, 0, 0, 10, 20, 30) == NAPFIRE_ESTATE, "%s: set_gun_range", what);
    EXPECT(napfire_rules_set_artillery(r, 0, 0, 1, 0, 2) == NAPFIRE_ESTATE, "%s: set_artillery", what);
    EXPECT(napfire_rules_set_modifier(r, 0, NAPFIRE_MOD_GUARD, 0, 1) == NAPFIRE_ESTATE, "%s: set_modifier", what);
    EXPECT(napfire_rules_set_threshold(r, 0, 0, 10) == NAPFIRE_ESTATE, "%s: set_threshold", what);
    EXPECT(napfire_rules_set_provenance(r, 0, "x") == NAPFIRE_ESTATE, "%s: set_provenance", what);

    napfire_parse_error err, err_b;
    memset(&err, SENTINEL_BYTE, sizeof err);
    memcpy(&err_b, &err, sizeof err);
    EXPECT(napfire_rules_parse(r, rules_text_ok, sizeof rules_text_ok - 1, &err) == NAPFIRE_ESTATE, "%s: parse", what);
    EXPECT(memcmp(&err, &err_b, sizeof err) == 0, "%s: parse wrote err", what);

    shot_calls_refused(cached_good_shot(), r, what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: rules storage changed", what);
}

/* API contract Probability and dice, Principles (hostile storage). */
static void dice_refused(void *obj, size_t avail, const char *what) {
    napfire_dice *d = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    uint32_t x = 0x5A5A5A5Au;
    int32_t face = SENTINEL_I32;
    EXPECT(napfire_dice_next(d, &x) == NAPFIRE_ESTATE, "%s: dice_next", what);
    EXPECT(napfire_dice_d6(d, &face) == NAPFIRE_ESTATE, "%s: dice_d6", what);
    EXPECT(napfire_dice_2d6(d, &face) == NAPFIRE_ESTATE, "%s: dice_2d6", what);
    EXPECT(x == 0x5A5A5A5Au && face == SENTINEL_I32, "%s: dice wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: dice storage changed", what);
}

/* H-LOS-1..3 trace iterator, API contract Principles (hostile storage). */
static void trace_refused(void *obj, size_t avail, const char *what) {
    napfire_trace *it = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    napfire_trace_step step, step_b;
    memset(&step, SENTINEL_BYTE, sizeof step);
    memcpy(&step_b, &step, sizeof step);
    int32_t more = SENTINEL_I32;
    EXPECT(napfire_trace_next(it, &step, &more) == NAPFIRE_ESTATE, "%s: trace_next", what);
    EXPECT(more == SENTINEL_I32 && memcmp(&step, &step_b, sizeof step) == 0, "%s: trace_next wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: trace storage changed", what);
}

/* ---------------------------------------------------------------- */
/* Valid objects of every type */

static void valid_unit(void *obj) {
    good_unit(obj);
}

static void valid_shot(void *obj) {
    good_shot(obj);
}

static void valid_rules(void *obj) {
    memcpy(obj, full_rules(), sizeof(napfire_rules));
}

static void valid_dice(void *obj) {
    ck_assert_int_eq(napfire_dice_init(obj, sizeof(napfire_dice), 42, 54), NAPFIRE_OK);
}

/* A trace part-way along a line that crosses a vertex. */
static void valid_trace(void *obj) {
    napfire_trace *it = obj;
    napfire_hex from = {0, 0}, to = {5, -1};
    ck_assert_int_eq(napfire_trace_init(it, sizeof *it, from, to), NAPFIRE_OK);
    napfire_trace_step step;
    int32_t more;
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(napfire_trace_next(it, &step, &more), NAPFIRE_OK);
        ck_assert_int_eq(more, 1);
    }
}

struct type_desc {
    const char *name;
    size_t size;
    void (*make_valid)(void *obj);
    void (*refused)(void *obj, size_t avail, const char *what);
};

static const struct type_desc types[] = {
    {"napfire_unit", sizeof(napfire_unit), valid_unit, unit_refused},
    {"napfire_shot", sizeof(napfire_shot), valid_shot, shot_refused},
    {"napfire_rules", sizeof(napfire_rules), valid_rules, rules_refused},
    {"napfire_dice", sizeof(napfire_dice), valid_dice, dice_refused},
    {"napfire_trace", sizeof(napfire_trace), valid_trace, trace_refused},
};
#define N_TYPES ((int)NF_NELEM(types))

/* Any status a shot call may give for rules it cannot fully trust. */
static int shot_status_ok(int st) {
    return st == NAPFIRE_OK || st == NAPFIRE_ESTATE || st == NAPFIRE_EUNKNOWN;
}

/* Rules with the right magic but random contents: a cell may happen to be
 * valid, so only known statuses and sane results are required here; the
 * one-field rows below pin down ESTATE exactly. Formatting reads every
 * field, and 4 KiB of random bytes are never all valid. */
static void rules_random_body_checked(const napfire_rules *r, const char *what) {
    size_t len = 777;
    EXPECT(napfire_rules_format(r, NULL, 0, &len) == NAPFIRE_ESTATE, "%s: format", what);
    EXPECT(len == 777, "%s: format wrote", what);
    napfire_result res;
    int st = napfire_shot_resolve(cached_good_shot(), r, 8, 6, &res);
    EXPECT(shot_status_ok(st), "%s: resolve status %d", what, st);
    if (st == NAPFIRE_OK)
        sane_result(&res);
    int32_t h = SENTINEL_I32, star = SENTINEL_I32;
    for (int32_t row = 0; row < NF_ROWS; row++)
        for (int32_t col = 0; col < NF_COLUMNS; col++) {
            st = napfire_rules_get_musketry(r, row, col, &h, &star);
            EXPECT(st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN || st == NAPFIRE_ESTATE, "%s: get_musketry status %d",
                   what, st);
            if (st == NAPFIRE_OK)
                EXPECT(h >= 0 && h <= NAPFIRE_MAX_CELL_HALVES && (star == 0 || star == 1),
                       "%s: get_musketry gave %d/%d", what, (int)h, (int)star);
        }
}

/* All zero bytes, all 0xFF bytes, and N_FILLS random fillings of each
 * type, each in a heap block of exactly the type's size. Then the right
 * magic with random contents: for every type but rules no such object is
 * valid (a unit's arm alone is valid with odds 5 in 2^32). */
/* API contract Principles (hostile storage) */
START_TEST(garbage_every_type) {
    const struct type_desc *t = &types[_i];
    unsigned char *obj = malloc(t->size);
    ck_assert_ptr_nonnull(obj);
    char what[96];
    memset(obj, 0, t->size);
    snprintf(what, sizeof what, "%s zero bytes", t->name);
    t->refused(obj, t->size, what);
    memset(obj, 0xFF, t->size);
    snprintf(what, sizeof what, "%s 0xFF bytes", t->name);
    t->refused(obj, t->size, what);

    uint64_t seed = 0x6E617066697265u + (uint64_t)_i;
    for (int k = 0; k < N_FILLS; k++) {
        rng_fill(&seed, obj, t->size);
        snprintf(what, sizeof what, "%s random filling %d", t->name, k);
        t->refused(obj, t->size, what);
    }
    static unsigned char valid[MAX_OBJ];
    t->make_valid(valid);
    for (int k = 0; k < N_FILLS; k++) {
        memcpy(obj, valid, 4);
        rng_fill(&seed, obj + 4, t->size - 4);
        snprintf(what, sizeof what, "%s magic + random filling %d", t->name, k);
        if (t->refused == rules_refused)
            rules_random_body_checked((const napfire_rules *)(void *)obj, what);
        else
            t->refused(obj, t->size, what);
    }
    free(obj);
}
END_TEST

/* Another type's valid bytes in this type's storage: the prefix when the
 * other is larger; when smaller, the rest zero and then random. */
/* API contract Principles (distinct magics: another type's bytes are refused) */
START_TEST(foreign_bytes_every_pair) {
    const struct type_desc *t = &types[_i];
    unsigned char *obj = malloc(t->size);
    ck_assert_ptr_nonnull(obj);
    static unsigned char src[MAX_OBJ];
    char what[96];
    uint64_t seed = 0xF0E1D2C3u + (uint64_t)_i;
    for (int si = 0; si < N_TYPES; si++) {
        if (si == _i)
            continue;
        const struct type_desc *st = &types[si];
        st->make_valid(src);
        if (st->size >= t->size) {
            memcpy(obj, src, t->size);
            snprintf(what, sizeof what, "%s bytes in %s", st->name, t->name);
            t->refused(obj, t->size, what);
            continue;
        }
        memset(obj, 0, t->size);
        memcpy(obj, src, st->size);
        snprintf(what, sizeof what, "%s bytes in %s, rest zero", st->name, t->name);
        t->refused(obj, t->size, what);
        for (int k = 0; k < N_FOREIGN_FILLS; k++) {
            rng_fill(&seed, obj + st->size, t->size - st->size);
            snprintf(what, sizeof what, "%s bytes in %s, rest random %d", st->name, t->name, k);
            t->refused(obj, t->size, what);
        }
    }
    free(obj);
}
END_TEST

/* A valid object of another type passed through a cast pointer, in a heap
 * block of its own (smaller or larger) size: refused, and nothing past the
 * real object is read. */
/* API contract Principles (hostile storage) */
START_TEST(foreign_pointer_every_pair) {
    const struct type_desc *t = &types[_i];
    char what[96];
    for (int si = 0; si < N_TYPES; si++) {
        if (si == _i)
            continue;
        const struct type_desc *st = &types[si];
        void *obj = malloc(st->size);
        ck_assert_ptr_nonnull(obj);
        st->make_valid(obj);
        snprintf(what, sizeof what, "%s passed as %s", st->name, t->name);
        t->refused(obj, st->size, what);
        free(obj);
    }
}
END_TEST

/* Valid objects at the very end of their exact-size blocks still work:
 * the refusals above are not the library failing at every heap object. */
/* API contract Principles (caller storage anywhere) */
START_TEST(valid_objects_in_tight_blocks) {
    for (int ti = 0; ti < N_TYPES; ti++) {
        unsigned char buf[MAX_OBJ];
        types[ti].make_valid(buf);
        void *obj = tight_copy(buf, types[ti].size);
        int32_t v;
        uint32_t x;
        napfire_trace_step step;
        int32_t more;
        size_t len;
        switch (ti) {
            case 0:
                ck_assert_int_eq(napfire_unit_get(obj, NAPFIRE_UNIT_FIGURES, &v), NAPFIRE_OK);
                break;
            case 1:
                ck_assert_int_eq(napfire_shot_band(obj, NULL, &v), NAPFIRE_OK);
                break;
            case 2:
                /* counting only: ENOSPC with the length (napfire_rules_format) */
                ck_assert_int_eq(napfire_rules_format(obj, NULL, 0, &len), NAPFIRE_ENOSPC);
                ck_assert_uint_gt(len, 0);
                break;
            case 3:
                ck_assert_int_eq(napfire_dice_next(obj, &x), NAPFIRE_OK);
                break;
            default:
                ck_assert_int_eq(napfire_trace_next(obj, &step, &more), NAPFIRE_OK);
                break;
        }
        free(obj);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* Sealed storage: units and shots
 *
 * lib/internal.h "Integrity seals": every setter ends by sealing the
 * bytes a unit or shot keeps (up to and including its seal), and every
 * call checks the seal first. So any change not made by a setter (one
 * bit, garbage, even a value the setter would accept) is ESTATE for every
 * call. The bytes after the seal, up to NAPFIRE_UNIT_SIZE and
 * NAPFIRE_SHOT_SIZE, are unused: a change there changes nothing. */

#define UNIT_SEALED_END (offsetof(struct nf_unit_obj, seal) + sizeof(uint64_t))
#define SHOT_SEALED_END (offsetof(struct nf_shot, seal) + sizeof(uint64_t))
_Static_assert(UNIT_SEALED_END <= NAPFIRE_UNIT_SIZE && SHOT_SEALED_END <= NAPFIRE_SHOT_SIZE, "sealed bytes fit");

/* Bad values of a magic: flipped bits, zero, and every other type's magic. */
static size_t magic_bad_values(uint32_t magic, int64_t out[8]) {
    size_t n = 0;
    out[n++] = magic ^ 1u;
    out[n++] = magic ^ 0x80000000u;
    out[n++] = ~magic;
    out[n++] = 0;
    for (size_t i = 0; i < NF_NELEM(all_magics); i++)
        if (all_magics[i] != magic)
            out[n++] = all_magics[i];
    return n;
}

/* Units of every arm with settings off their defaults. */
#define N_BASE_UNITS 5
static void base_unit(napfire_unit *u, int which) {
    switch (which) {
        case 0:
            good_unit(u);
            break;
        case 1:
            unit_new(u, NAPFIRE_ARM_LIGHT_INFANTRY);
            uset(u, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_VETERAN);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_OPEN_ORDER);
            uset(u, NAPFIRE_UNIT_WEAPON, NAPFIRE_WEAPON_RIFLE);
            uset(u, NAPFIRE_UNIT_FIGURES, 12);
            uset(u, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 1);
            uset(u, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
            break;
        case 2:
            unit_new(u, NAPFIRE_ARM_CAVALRY);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
            uset(u, NAPFIRE_UNIT_CHARGING, 1);
            uset(u, NAPFIRE_UNIT_FIGURES, 20);
            break;
        case 3:
            battery(u, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
            uset(u, NAPFIRE_UNIT_MASSED_BATTERY, 1);
            uset(u, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
            break;
        default:
            battery(u, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_HOWITZER, 2);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
            uset(u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
            break;
    }
}

/* Shots with an infantry, an artillery and a cavalry-target case, their
 * dependent settings (FIRING_FIGURES, SCREEN, artillery facts) in use. */
#define N_BASE_SHOTS 3
static void base_shot(napfire_shot *s, int which) {
    napfire_unit f, t;
    switch (which) {
        case 0:
            good_shot(s);
            sset(s, NAPFIRE_SHOT_FIRING_FIGURES, 20);
            sset(s, NAPFIRE_SHOT_SCREEN, 1);
            sset(s, NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
            sset(s, NAPFIRE_SHOT_EXTRA_MODIFIER, -3);
            break;
        case 1:
            battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 300);
            sset(s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
            sset(s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
            sset(s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 70);
            sset(s, NAPFIRE_SHOT_OVERHEAD, 1);
            sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 120);
            break;
        default:
            good_unit(&f);
            base_unit(&t, 2);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 100);
            sset(s, NAPFIRE_SHOT_ENFILADE, 1);
            break;
    }
}

/* The changes made to each byte: its low bit, its high bit, and all bits
 * set (all clear where it is 0xFF already). */
#define N_BYTE_CHANGES 3
static unsigned char byte_changed(unsigned char b, int k) {
    switch (k) {
        case 0:
            return (unsigned char)(b ^ 0x01u);
        case 1:
            return (unsigned char)(b ^ 0x80u);
        default:
            return b == 0xFF ? 0x00 : 0xFF;
    }
}

/* Each byte in [0, end) of a valid object changed N_BYTE_CHANGES ways,
 * each copy in a block of exactly size bytes and checked by `check`;
 * returns the number of copies. */
static int sealed_bytes_refused(const void *obj, size_t size, size_t end, const char *prefix,
                                void (*check)(void *, size_t, const char *)) {
    char what[128];
    int rows = 0;
    for (size_t off = 0; off < end; off++)
        for (int k = 0; k < N_BYTE_CHANGES; k++) {
            unsigned char *copy = tight_copy(obj, size);
            copy[off] = byte_changed(copy[off], k);
            snprintf(what, sizeof what, "%sbyte %zu = 0x%02x", prefix, off, (unsigned)copy[off]);
            check(copy, size, what);
            free(copy);
            rows++;
        }
    return rows;
}

/* Every getter of two units answers the same. */
static void units_answer_alike(const napfire_unit *a, const napfire_unit *b, const char *what) {
    for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
        int32_t va = SENTINEL_I32, vb = SENTINEL_I32;
        EXPECT(napfire_unit_get(a, p, &va) == NAPFIRE_OK && napfire_unit_get(b, p, &vb) == NAPFIRE_OK && va == vb,
               "%s: unit_get(%s) differs", what, pname(p));
    }
    int32_t ya = SENTINEL_I32, yb = SENTINEL_I32;
    EXPECT(napfire_unit_may_open_order(a, 1812, &ya) == NAPFIRE_OK &&
               napfire_unit_may_open_order(b, 1812, &yb) == NAPFIRE_OK && ya == yb,
           "%s: may_open_order differs", what);
}

/* Every call reading two shots answers the same, with either rules. */
static void shots_answer_alike(const napfire_shot *a, const napfire_shot *b, const char *what) {
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        int32_t va = SENTINEL_I32, vb = SENTINEL_I32;
        EXPECT(napfire_shot_get(a, p, &va) == NAPFIRE_OK && napfire_shot_get(b, p, &vb) == NAPFIRE_OK && va == vb,
               "%s: shot_get(%s) differs", what, pname(p));
    }
    const napfire_rules *rs[] = {NULL, full_rules()};
    for (size_t k = 0; k < NF_NELEM(rs); k++) {
        napfire_result ra, rb;
        memset(&ra, SENTINEL_BYTE, sizeof ra);
        memset(&rb, SENTINEL_BYTE, sizeof rb);
        int sa = napfire_shot_resolve(a, rs[k], 8, 3, &ra), sb = napfire_shot_resolve(b, rs[k], 8, 3, &rb);
        EXPECT(sa == sb && memcmp(&ra, &rb, sizeof ra) == 0, "%s: shot_resolve differs", what);
        int32_t ba = SENTINEL_I32, bb = SENTINEL_I32;
        EXPECT(napfire_shot_band(a, rs[k], &ba) == napfire_shot_band(b, rs[k], &bb) && ba == bb,
               "%s: shot_band differs", what);
    }
}

/* API contract Principles (hostile storage; lib/internal.h "Integrity
 * seals"): every byte a unit keeps, its magic, padding, parameters and
 * seal, changed three ways, is refused by every call taking a unit; a
 * magic of another type too; the unused bytes after the seal are not read. */
START_TEST(unit_every_sealed_byte) {
    napfire_unit u;
    base_unit(&u, _i);
    char prefix[48], what[128];
    snprintf(prefix, sizeof prefix, "unit %d: ", _i);
    int rows = sealed_bytes_refused(&u, sizeof u, UNIT_SEALED_END, prefix, unit_refused);
    ck_assert_int_eq(rows, N_BYTE_CHANGES * (int)UNIT_SEALED_END);

    int64_t bad[8];
    size_t nbad = magic_bad_values(NF_UNIT_MAGIC, bad);
    for (size_t k = 0; k < nbad; k++) {
        napfire_unit *c = tight_copy(&u, sizeof u);
        put_field(c, offsetof(struct nf_unit_obj, magic), 4, bad[k]);
        snprintf(what, sizeof what, "unit %d: magic = %lld", _i, (long long)bad[k]);
        unit_refused(c, sizeof u, what);
        free(c);
    }

    for (size_t off = UNIT_SEALED_END; off < sizeof u; off++) {
        napfire_unit *c = tight_copy(&u, sizeof u);
        c->opaque_.bytes[off] ^= 0xFF;
        snprintf(what, sizeof what, "unit %d: unused byte %zu", _i, off);
        units_answer_alike(c, &u, what);
        EXPECT(napfire_unit_set(c, NAPFIRE_UNIT_DISORDERED, 1) == NAPFIRE_OK, "%s: set refused", what);
        free(c);
    }
}
END_TEST

/* The same for shots: their own parameters, the copies of firer and
 * target, the digest and the seal. */
START_TEST(shot_every_sealed_byte) {
    napfire_shot s;
    base_shot(&s, _i);
    char prefix[48], what[128];
    snprintf(prefix, sizeof prefix, "shot %d: ", _i);
    int rows = sealed_bytes_refused(&s, sizeof s, SHOT_SEALED_END, prefix, shot_refused);
    ck_assert_int_eq(rows, N_BYTE_CHANGES * (int)SHOT_SEALED_END);

    int64_t bad[8];
    size_t nbad = magic_bad_values(NF_SHOT_MAGIC, bad);
    for (size_t k = 0; k < nbad; k++) {
        napfire_shot *c = tight_copy(&s, sizeof s);
        put_field(c, offsetof(struct nf_shot, magic), 4, bad[k]);
        snprintf(what, sizeof what, "shot %d: magic = %lld", _i, (long long)bad[k]);
        shot_refused(c, sizeof s, what);
        free(c);
    }

    /* Every fourth unused byte: they are many, and alike. */
    for (size_t off = SHOT_SEALED_END; off < sizeof s; off += 4) {
        napfire_shot *c = tight_copy(&s, sizeof s);
        c->opaque_.bytes[off] ^= 0xFF;
        snprintf(what, sizeof what, "shot %d: unused byte %zu", _i, off);
        shots_answer_alike(c, &s, what);
        EXPECT(napfire_shot_set(c, NAPFIRE_SHOT_ENFILADE, 1) == NAPFIRE_OK, "%s: set refused", what);
        free(c);
    }
}
END_TEST

/* Values a setter is asked for: the whole domain when small, else its
 * edges and middle. */
static size_t sample_values(int32_t param, int32_t out[24]) {
    int32_t lo, hi;
    ck_assert_int_eq(napfire_param_bounds(param, &lo, &hi), NAPFIRE_OK);
    size_t n = 0;
    if ((int64_t)hi - lo < 24) {
        for (int32_t v = lo; v <= hi; v++)
            out[n++] = v;
    } else {
        const int32_t pick[] = {lo, lo + 1, lo + 2, (int32_t)(((int64_t)lo + hi) / 2), hi - 1, hi};
        for (size_t i = 0; i < NF_NELEM(pick); i++)
            out[n++] = pick[i];
    }
    return n;
}

/* The storage of a unit or shot (aligned: the public types are). */
static struct nf_unit_obj *unit_storage(void *u) {
    return NF_UNIT((napfire_unit *)u);
}
static struct nf_shot *shot_storage(void *s) {
    return NF_SHOT((napfire_shot *)s);
}

/*
 * Valid values poked into private storage. For every parameter and every
 * value in its domain, the setter decides (EDOMAIN for a value the object's
 * other settings exclude: a GUN on infantry, a formation the arm cannot
 * take, FIRING_FIGURES above the firer's figures, a SCREEN before a target
 * that cannot be screened, an artillery fact on a musketry shot, ...; the
 * object then unchanged). The same value written straight into the
 * parameter's bit field (napfire__field_put, no seal) is refused by every
 * call, even where the setter accepts it and makes exactly that change to
 * the field.
 */
/* API contract Principles (parameters validated against the object's other
 * settings; storage changed behind the library's back refused) */
START_TEST(unit_poked_values) {
    napfire_unit base;
    base_unit(&base, _i);
    char what[128];
    int refused = 0, accepted = 0;
    for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
        int32_t vals[24];
        size_t n = sample_values(p, vals);
        for (size_t k = 0; k < n; k++) {
            if (vals[k] == uget(&base, p))
                continue;
            snprintf(what, sizeof what, "unit %d: %s = %d", _i, pname(p), (int)vals[k]);
            napfire_unit by_set = base;
            int st = napfire_unit_set(&by_set, p, vals[k]);
            EXPECT(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN, "%s: set gave %s", what, napfire_status_name(st));
            napfire_unit *poked = tight_copy(&base, sizeof base);
            napfire__field_put(&unit_storage(poked)->u.bits, &nf_unit_fields[p - NF_UNIT_PARAM_FIRST], vals[k]);
            if (st == NAPFIRE_OK) {
                EXPECT(uget(&by_set, p) == vals[k], "%s: set did not take", what);
                EXPECT(unit_storage(poked)->u.bits == unit_storage(&by_set)->u.bits, "%s: poke differs from set", what);
                accepted++;
            } else {
                EXPECT(memcmp(&by_set, &base, sizeof base) == 0, "%s: EDOMAIN changed the unit", what);
                refused++;
            }
            unit_refused(poked, sizeof base, what);
            free(poked);
        }
    }
    ck_assert_int_gt(refused, 0);
    ck_assert_int_gt(accepted, 0);
}
END_TEST

START_TEST(shot_poked_values) {
    napfire_shot base;
    base_shot(&base, _i);
    char what[128];
    int refused = 0, accepted = 0;
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        int32_t vals[24];
        size_t n = sample_values(p, vals);
        for (size_t k = 0; k < n; k++) {
            if (vals[k] == sget(&base, p))
                continue;
            snprintf(what, sizeof what, "shot %d: %s = %d", _i, pname(p), (int)vals[k]);
            napfire_shot by_set = base;
            int st = napfire_shot_set(&by_set, p, vals[k]);
            EXPECT(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN, "%s: set gave %s", what, napfire_status_name(st));
            napfire_shot *poked = tight_copy(&base, sizeof base);
            napfire__field_put(shot_storage(poked)->bits, &nf_shot_fields[p - NF_SHOT_PARAM_FIRST], vals[k]);
            if (st == NAPFIRE_OK) {
                EXPECT(sget(&by_set, p) == vals[k], "%s: set did not take", what);
                EXPECT(memcmp(shot_storage(poked)->bits, shot_storage(&by_set)->bits,
                              sizeof shot_storage(poked)->bits) == 0,
                       "%s: poke differs from set", what);
                accepted++;
            } else {
                EXPECT(memcmp(&by_set, &base, sizeof base) == 0, "%s: EDOMAIN changed the shot", what);
                refused++;
            }
            shot_refused(poked, sizeof base, what);
            free(poked);
        }
    }
    ck_assert_int_gt(refused, 0);
    ck_assert_int_gt(accepted, 0);
}
END_TEST

/* Recompute a seal as the library does (NF_SEAL_OF), so that a poked
 * value passes the seal check: what a forger, not an accident, does. A
 * shot's digest is not derived again (napfire__digest is not exported). */
static void forge_unit_seal(void *u) {
    struct nf_unit_obj *o = unit_storage(u);
    o->seal = NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY);
}
static void forge_shot_seal(void *s) {
    struct nf_shot *n = shot_storage(s);
    n->seal = NF_SEAL_OF(n, struct nf_shot, NF_SHOT_KEY);
}

/* The raw values of a field to forge: all of them for narrow fields, else
 * both ends and the values next to them. Returns the count. */
static size_t field_raw_values(const struct nf_field *f, uint32_t out[40]) {
    uint32_t mask = (uint32_t)((UINT64_C(1) << f->width) - 1);
    size_t n = 0;
    if (f->width <= 5) {
        for (uint32_t r = 0; r <= mask; r++)
            out[n++] = r;
    } else {
        const uint32_t pick[] = {0, 1, 2, mask / 2, mask - 1, mask};
        for (size_t i = 0; i < NF_NELEM(pick); i++)
            out[n++] = pick[i];
    }
    return n;
}

/* A forged value refused: outside the parameter's bounds (the default
 * aside, e.g. DISTANCE -1 "not given"), or inside them but refused by
 * the setter for the object's other settings (bar ARM, which no setter
 * changes: another arm whose settings fit is a valid unit). */
static int forged_must_refuse(int32_t p, int32_t v, int32_t def, int setter_st) {
    int32_t lo, hi;
    EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
    if (v == def)
        return 0;
    if (v < lo || v > hi)
        return 1;
    return p != NAPFIRE_UNIT_ARM && setter_st == NAPFIRE_EDOMAIN;
}

/* A shot whose forged seal covers a parameter the readers refuse: the
 * calls that validate the shot refuse it, outputs untouched (its
 * parameters, band, modifiers). The resolutions' fast path
 * (lib/resolve.c fast_resolve) checks the seal but not the parameters and
 * answers from the digest, so resolve may answer: known statuses there. */
static void shot_calls_known(const napfire_shot *s, const char *what);
static void shot_forged_refused(void *obj, size_t avail, const char *what) {
    napfire_shot *s = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        int32_t v = SENTINEL_I32, lo, hi;
        EXPECT(napfire_shot_get(s, p, &v) == NAPFIRE_ESTATE, "%s: shot_get(%s)", what, pname(p));
        EXPECT(v == SENTINEL_I32, "%s: shot_get(%s) wrote", what, pname(p));
        EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
        EXPECT(napfire_shot_set(s, p, hi) == NAPFIRE_ESTATE, "%s: shot_set(%s)", what, pname(p));
    }
    const napfire_rules *rs[] = {NULL, full_rules()};
    for (size_t k = 0; k < NF_NELEM(rs); k++) {
        int32_t band = SENTINEL_I32, net = SENTINEL_I32;
        EXPECT(napfire_shot_band(s, rs[k], &band) == NAPFIRE_ESTATE && band == SENTINEL_I32, "%s: shot_band", what);
        napfire_modifier items[NF_MAX_ITEMS];
        size_t count = 12345;
        EXPECT(napfire_shot_modifiers(s, rs[k], items, NF_MAX_ITEMS, &count, &net) == NAPFIRE_ESTATE &&
                   count == 12345 && net == SENTINEL_I32,
               "%s: shot_modifiers", what);
    }
    shot_calls_known(s, what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: shot storage changed", what);
}

/* Batches of the shot, big enough for a plan (NF_BATCH_PLAN): known
 * statuses, sane results, in a heap block of exactly their size. */
static void batch_calls_known(const napfire_shot *s, const napfire_rules *rules, const char *what) {
    enum {
        B = NF_BATCH_PLAN
    };
    napfire_shot *many = malloc(B * sizeof *many);
    ck_assert_ptr_nonnull(many);
    int32_t rolls[B], dice[B], st[B];
    napfire_result res[B];
    for (int i = 0; i < B; i++) {
        memcpy(&many[i], s, sizeof *s);
        rolls[i] = 2 + i % 11;
        dice[i] = i % 7;
    }
    EXPECT(napfire_resolve_many(many, B, rules, rolls, dice, res, st) == NAPFIRE_OK, "%s: resolve_many", what);
    for (int i = 0; i < B; i++) {
        EXPECT(known_status(st[i]), "%s: resolve_many status %d", what, (int)st[i]);
        if (st[i] == NAPFIRE_OK)
            sane_result(&res[i]);
    }
    napfire_dice d;
    ck_assert_int_eq(napfire_dice_init(&d, sizeof d, 7, 54), NAPFIRE_OK);
    EXPECT(napfire_resolve_many_dice(many, B, rules, &d, res, st, NULL, NULL) == NAPFIRE_OK, "%s: resolve_many_dice",
           what);
    for (int i = 0; i < B; i++) {
        EXPECT(known_status(st[i]), "%s: resolve_many_dice status %d", what, (int)st[i]);
        if (st[i] == NAPFIRE_OK)
            sane_result(&res[i]);
    }
    free(many);
}

/* Every call on a shot gives a known status, and an OK result is sane. */
static void shot_calls_known(const napfire_shot *s, const char *what) {
    const napfire_rules *rs[] = {NULL, full_rules()};
    for (size_t k = 0; k < NF_NELEM(rs); k++) {
        int32_t band, v;
        EXPECT(known_status(napfire_shot_band(s, rs[k], &band)), "%s: shot_band", what);
        napfire_modifier items[NF_MAX_ITEMS];
        size_t count;
        int32_t net;
        int st = napfire_shot_modifiers(s, rs[k], items, NF_MAX_ITEMS, &count, &net);
        EXPECT(known_status(st), "%s: shot_modifiers %d", what, st);
        if (st == NAPFIRE_OK)
            EXPECT(count <= NF_MAX_ITEMS, "%s: count %zu", what, count);
        for (int32_t roll = 2; roll <= 12; roll += 5) {
            napfire_result res;
            st = napfire_shot_resolve(s, rs[k], roll, 3, &res);
            EXPECT(known_status(st), "%s: shot_resolve %d", what, st);
            if (st == NAPFIRE_OK)
                sane_result(&res);
        }
        napfire_outcome oc[64];
        napfire_result verdict;
        st = napfire_shot_distribution(s, rs[k], oc, 64, &count, &verdict);
        EXPECT(known_status(st) || st == NAPFIRE_ENOSPC, "%s: shot_distribution %d", what, st);
        int32_t num, den;
        double value;
        st = napfire_shot_expected(s, rs[k], &num, &den, &value);
        EXPECT(known_status(st), "%s: shot_expected %d", what, st);
        for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++)
            EXPECT(known_status(napfire_shot_get(s, p, &v)), "%s: shot_get", what);
        batch_calls_known(s, rs[k], what);
    }
}

/* The seal forger is the library's: resealing an untouched object changes
 * no byte, so the forged rows below test the readers, not a bad seal. */
START_TEST(forged_seal_matches_library) {
    napfire_unit u;
    base_unit(&u, 3);
    napfire_unit uf = u;
    forge_unit_seal(&uf);
    ck_assert_int_eq(memcmp(&u, &uf, sizeof u), 0);
    napfire_shot s;
    base_shot(&s, 1);
    napfire_shot sf = s;
    forge_shot_seal(&sf);
    ck_assert_int_eq(memcmp(&s, &sf, sizeof s), 0);
}
END_TEST

/*
 * A forged seal cannot make the library read outside an object
 * (lib/internal.h "Integrity seals": every value used as an index is
 * range-checked where it is used): every raw value of every unit field
 * (an arm 7, a formation 15, a weapon 3, a gun 7, ...) under a recomputed
 * seal. Values outside the parameter's bounds, or that the setter refuses
 * for the unit's other settings, are refused (readers validate what they
 * read); one the setter accepts gives the setter's very bytes.
 */
/* API contract Principles (hostile storage never crashes) */
START_TEST(unit_forged_seal) {
    napfire_unit base;
    base_unit(&base, _i);
    char what[128];
    int refused = 0;
    for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
        const struct nf_field *f = &nf_unit_fields[p - NF_UNIT_PARAM_FIRST];
        uint32_t raw[40];
        size_t n = field_raw_values(f, raw);
        int32_t cur = uget(&base, p);
        for (size_t k = 0; k < n; k++) {
            int32_t v = (int32_t)raw[k] + f->bias;
            if (v == cur)
                continue;
            snprintf(what, sizeof what, "unit %d: %s = %d under a forged seal", _i, pname(p), (int)v);
            napfire_unit by_set = base;
            int st = napfire_unit_set(&by_set, p, v);
            napfire_unit *c = tight_copy(&base, sizeof base);
            napfire__field_put(&unit_storage(c)->u.bits, f, v);
            forge_unit_seal(c);
            if (forged_must_refuse(p, v, cur, st)) {
                unit_refused(c, sizeof base, what);
                refused++;
            } else if (st == NAPFIRE_OK) {
                EXPECT(memcmp(c, &by_set, sizeof base) == 0, "%s: differs from set", what);
            } else {
                int32_t x;
                for (int32_t q = NF_UNIT_PARAM_FIRST; q <= NF_UNIT_PARAM_LAST; q++)
                    EXPECT(known_status(napfire_unit_get(c, q, &x)), "%s: unit_get", what);
                EXPECT(known_status(napfire_unit_may_open_order(c, 1812, &x)), "%s: may_open_order", what);
                napfire_shot s;
                if (napfire_shot_init(&s, sizeof s, c, cached_good_unit()) == NAPFIRE_OK)
                    shot_calls_known(&s, what);
            }
            free(c);
        }
    }
    ck_assert_int_gt(refused, 0);
}
END_TEST

/* The same for a shot's own fields and for the fields of its copies of
 * firer and target. A shot's digest is not derived again here, so a
 * forged value the setter would accept leaves a digest that disagrees
 * with the parameters: the calls need only give known statuses. */
START_TEST(shot_forged_seal) {
    napfire_shot base;
    base_shot(&base, _i);
    napfire_unit a, b;
    good_unit(&a);
    good_unit(&b);
    napfire_shot fresh;
    shot_new(&fresh, &a, &b);
    char what[128];
    int refused = 0;
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        const struct nf_field *f = &nf_shot_fields[p - NF_SHOT_PARAM_FIRST];
        uint32_t raw[40];
        size_t n = field_raw_values(f, raw);
        int32_t cur = sget(&base, p);
        for (size_t k = 0; k < n; k++) {
            int32_t v = (int32_t)raw[k] + f->bias;
            if (v == cur)
                continue;
            snprintf(what, sizeof what, "shot %d: %s = %d under a forged seal", _i, pname(p), (int)v);
            napfire_shot by_set = base;
            int st = napfire_shot_set(&by_set, p, v);
            napfire_shot *c = tight_copy(&base, sizeof base);
            napfire__field_put(shot_storage(c)->bits, f, v);
            forge_shot_seal(c);
            /* The default (what init stores) is valid storage. */
            if (forged_must_refuse(p, v, sget(&fresh, p), st)) {
                shot_forged_refused(c, sizeof base, what);
                refused++;
            } else {
                shot_calls_known(c, what);
            }
            free(c);
        }
    }
    /* The copies of the units: values out of every bound. */
    for (int side = 0; side < 2; side++)
        for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
            const struct nf_field *f = &nf_unit_fields[p - NF_UNIT_PARAM_FIRST];
            int32_t lo, hi;
            ck_assert_int_eq(napfire_param_bounds(p, &lo, &hi), NAPFIRE_OK);
            int32_t v = (int32_t)((UINT64_C(1) << f->width) - 1) + f->bias;
            if (v <= hi)
                continue;
            snprintf(what, sizeof what, "shot %d: %s %s = %d under a forged seal", _i, side ? "target" : "firer",
                     pname(p), (int)v);
            napfire_shot *c = tight_copy(&base, sizeof base);
            struct nf_unit *u = side ? &shot_storage(c)->target : &shot_storage(c)->firer;
            napfire__field_put(&u->bits, f, v);
            forge_shot_seal(c);
            shot_forged_refused(c, sizeof base, what);
            free(c);
            refused++;
        }
    ck_assert_int_gt(refused, 0);
}
END_TEST

/* The digest (lib/internal.h struct nf_digest) under a forged seal: each
 * byte set to 0xFF, 0x7F, 0x80, 1 and 2 (the last two are also the fast
 * paths' numbers, so a musketry digest is read as artillery's and the
 * other way round) leaves the parameters valid, so the shot is accepted,
 * but what the digest holds must never index anything out of bounds
 * (ASan, valgrind). */
/* API contract Principles (hostile storage never crashes) */
START_TEST(shot_forged_digest) {
    napfire_shot base;
    if (_i < N_BASE_SHOTS) {
        base_shot(&base, _i);
    } else if (_i == N_BASE_SHOTS) {
        good_shot(&base); /* the fast path's musketry shot (F-EX-1) */
    } else {
        /* An artillery shot the fast path answers with full_rules(). */
        napfire_unit f, t;
        battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_HOWITZER, 4);
        plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
        shot_at(&base, &f, &t, NAPFIRE_MEASURE_METRIC, ART_EFF_MM);
        napfire_result res;
        ck_assert_int_eq(napfire_shot_resolve(&base, full_rules(), 7, 4, &res), NAPFIRE_OK);
        ck_assert_int_eq(res.permitted, 1);
    }
    const unsigned char fills[] = {0xFF, 0x7F, 0x80, 0x01, 0x02};
    char what[128];
    for (size_t off = 0; off < sizeof(struct nf_digest); off++)
        for (size_t k = 0; k < NF_NELEM(fills); k++) {
            napfire_shot *c = tight_copy(&base, sizeof base);
            c->opaque_.bytes[offsetof(struct nf_shot, dg) + off] = fills[k];
            forge_shot_seal(c);
            snprintf(what, sizeof what, "shot %d: digest byte %zu = 0x%02x under a forged seal", _i, off,
                     (unsigned)fills[k]);
            shot_calls_known(c, what);
            free(c);
        }
}
END_TEST

/* The shot's facts against its copied units (F-TAB-2, F-SCR-1): a unit
 * field of the shot changed so that a shot setting no longer fits it.
 * Refused for the seal, and under a forged seal too: the readers check
 * the shot against its units (shot_forged_refused()). */
struct shot_unit_combo {
    const char *name;
    int base;   /* base_shot */
    int target; /* 0: the firer's copy, 1: the target's */
    int32_t param, value;
};
static const struct shot_unit_combo shot_unit_combos[] = {
    {"firer FIGURES below FIRING_FIGURES", 0, 0, NAPFIRE_UNIT_FIGURES, 19},
    {"target in SKIRMISH behind a SCREEN", 0, 1, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SKIRMISH},
    {"target turned CAVALRY behind a SCREEN", 0, 1, NAPFIRE_UNIT_ARM, NAPFIRE_ARM_CAVALRY},
    {"firer turned CAVALRY with FIRING_FIGURES", 0, 0, NAPFIRE_UNIT_ARM, NAPFIRE_ARM_CAVALRY},
    {"artillery firer turned LINE_INFANTRY, AMMO and facts kept", 1, 0, NAPFIRE_UNIT_ARM, NAPFIRE_ARM_LINE_INFANTRY},
    {"artillery firer in infantry LINE formation", 1, 0, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LINE},
    {"target cavalry in SQUARE", 2, 1, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_SQUARE},
};

/* API contract Principles (a shot's settings validated against its units) */
START_TEST(shot_unit_combinations) {
    char what[160];
    for (size_t i = 0; i < NF_NELEM(shot_unit_combos); i++) {
        const struct shot_unit_combo *c = &shot_unit_combos[i];
        napfire_shot s;
        base_shot(&s, c->base);
        for (int forged = 0; forged < 2; forged++) {
            napfire_shot *stored = tight_copy(&s, sizeof s);
            struct nf_unit *u = c->target ? &shot_storage(stored)->target : &shot_storage(stored)->firer;
            napfire__field_put(&u->bits, &nf_unit_fields[c->param - NF_UNIT_PARAM_FIRST], c->value);
            if (forged)
                forge_shot_seal(stored);
            snprintf(what, sizeof what, "%s%s", c->name, forged ? " (forged seal)" : "");
            if (forged)
                shot_forged_refused(stored, sizeof s, what);
            else
                shot_refused(stored, sizeof s, what);
            free(stored);
        }
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* One field corrupted: dice */

/* The mirror agrees with napfire.h's documented PCG32 seeding, so the
 * rows below corrupt the fields they name. */
static void dice_mirror_matches(void) {
    _Static_assert(sizeof(struct mirror_dice) <= NAPFIRE_DICE_SIZE, "mirror fits");
    const uint64_t mult = 6364136223846793005u;
    napfire_dice d;
    ck_assert_int_eq(napfire_dice_init(&d, sizeof d, 42, 54), NAPFIRE_OK);
    struct mirror_dice m;
    memcpy(&m, &d, sizeof m);
    uint64_t inc = (54u << 1) | 1u;
    uint64_t state = ((0 * mult + inc) + 42) * mult + inc;
    ck_assert_uint_eq(m.magic, MIRROR_DICE_MAGIC);
    ck_assert_uint_eq(m.pad, 0);
    ck_assert(m.inc == inc);
    ck_assert(m.state == state);
}

struct wide_field {
    const char *name;
    size_t offset, width;
    int64_t bad[4];
    size_t nbad;
};
#define DICE_FIELD(F) #F, offsetof(struct mirror_dice, F), sizeof(((struct mirror_dice *)0)->F)
/* magic: magic_bad_values(); state: every value is a state (see below). */
static const struct wide_field dice_fields[] = {
    {DICE_FIELD(pad), {1, 0x80000000, 0xFFFFFFFF}, 3},
    /* an even increment is no PCG stream */
    {DICE_FIELD(inc), {0, 2, -2, INT64_MIN}, 4},
};

/* API contract Probability and dice; Principles (every field validated). */
START_TEST(dice_one_field) {
    dice_mirror_matches();
    napfire_dice base;
    ck_assert_int_eq(napfire_dice_init(&base, sizeof base, 0x1234, 0x5678), NAPFIRE_OK);
    uint32_t x;
    /* part-way through a stream, not just seeded */
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq(napfire_dice_next(&base, &x), NAPFIRE_OK);
    char what[96];
    int64_t bad[8];
    size_t nbad = magic_bad_values(MIRROR_DICE_MAGIC, bad);
    for (size_t k = 0; k < nbad; k++) {
        napfire_dice *d = tight_copy(&base, sizeof base);
        put_field(d, offsetof(struct mirror_dice, magic), 4, bad[k]);
        snprintf(what, sizeof what, "dice magic = %lld", (long long)bad[k]);
        dice_refused(d, sizeof base, what);
        free(d);
    }
    for (size_t f = 0; f < NF_NELEM(dice_fields); f++)
        for (size_t k = 0; k < dice_fields[f].nbad; k++) {
            napfire_dice *d = tight_copy(&base, sizeof base);
            put_field(d, dice_fields[f].offset, dice_fields[f].width, dice_fields[f].bad[k]);
            snprintf(what, sizeof what, "dice %s = %lld", dice_fields[f].name, (long long)dice_fields[f].bad[k]);
            dice_refused(d, sizeof base, what);
            free(d);
        }
    /* the current increment made even */
    napfire_dice *d = tight_copy(&base, sizeof base);
    struct mirror_dice m;
    memcpy(&m, d, sizeof m);
    put_field(d, offsetof(struct mirror_dice, inc), 8, (int64_t)(m.inc ^ 1u));
    dice_refused(d, sizeof base, "dice inc made even");
    free(d);

    /* Any 64-bit state is a PCG32 state: not corruption, rolls stay faces. */
    const int64_t states[] = {0, 1, -1, INT64_MIN, INT64_MAX};
    for (size_t k = 0; k < NF_NELEM(states); k++) {
        d = tight_copy(&base, sizeof base);
        put_field(d, offsetof(struct mirror_dice, state), 8, states[k]);
        int32_t face;
        for (int n = 0; n < 8; n++) {
            ck_assert_int_eq(napfire_dice_d6(d, &face), NAPFIRE_OK);
            ck_assert(face >= 1 && face <= 6);
            ck_assert_int_eq(napfire_dice_2d6(d, &face), NAPFIRE_OK);
            ck_assert(face >= 2 && face <= 12);
        }
        free(d);
    }
}
END_TEST

/* ---------------------------------------------------------------- */
/* One field corrupted: the trace iterator (H-LOS-1..3) */

#define PAST_BOUND ((int64_t)NAPFIRE_HEX_COORD_MAX + 1)
#define WALK_FIELD(F) #F, offsetof(struct nf_walk, F)
/* Values no walk can hold in that field, whatever the others hold. */
static const struct walk_field {
    const char *name;
    size_t offset;
    int64_t bad[4];
    size_t nbad;
} walk_fields[] = {
    {WALK_FIELD(fq), {PAST_BOUND, -PAST_BOUND, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(fr), {PAST_BOUND, -PAST_BOUND, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(dq), {2 * PAST_BOUND - 1, -(2 * PAST_BOUND - 1), INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(dr), {2 * PAST_BOUND - 1, -(2 * PAST_BOUND - 1), INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(n), {-1, INT32_MIN, INT32_MAX}, 3},
    {WALK_FIELD(mode), {-1, 3, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(j), {-1, 6, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(hq), {INT32_MIN, INT32_MAX}, 2},
    {WALK_FIELD(hr), {INT32_MIN, INT32_MAX}, 2},
    {WALK_FIELD(pend), {-2, 7, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(phase), {-1, 3, INT32_MIN, INT32_MAX}, 4},
    {WALK_FIELD(emitted), {-1, INT32_MIN, INT32_MAX}, 3},
};
_Static_assert(sizeof(struct nf_walk) == (NF_NELEM(walk_fields) + 1) * sizeof(int32_t),
               "a row for every field of struct nf_walk (plus the magic)");

/* Fields that depend on each other, each broken on its own. Returns 0
 * where the walk's state makes the change meaningless. */
static int walk_n_plus_1(struct nf_walk *w) {
    w->n += 1;
    return 1;
}
static int walk_n_minus_1(struct nf_walk *w) {
    w->n -= 1;
    return 1;
}
static int walk_mode_other(struct nf_walk *w) {
    w->mode = (w->mode + 1) % 3;
    return 1;
}
static int walk_j_other(struct nf_walk *w) {
    w->j = (w->j + 1) % 6;
    return 1;
}
static int walk_emitted_past_4n_plus_1(struct nf_walk *w) {
    w->emitted = 4 * w->n + 2;
    return 1;
}
static int walk_pend_backwards(struct nf_walk *w) {
    w->pend = (w->j + 3) % 6;
    return 1;
}
static int walk_fresh_with_pending_move(struct nf_walk *w) {
    w->phase = 0;
    w->hq = w->hr = 0;
    w->emitted = 0;
    w->pend = 0;
    return 1;
}
static int walk_walking_at_the_end(struct nf_walk *w) {
    w->phase = 1;
    w->hq = w->dq;
    w->hr = w->dr;
    w->pend = -1;
    return 1;
}
static int walk_over_at_the_start(struct nf_walk *w) {
    if (w->n == 0)
        return 0; /* start and end coincide */
    w->phase = 2;
    w->hq = w->hr = 0;
    w->pend = -1;
    return 1;
}
static int walk_position_past_the_end(struct nf_walk *w) {
    if (w->n == 0)
        return 0;
    w->hq = 2 * w->dq;
    w->hr = 2 * w->dr;
    return 1;
}
static int walk_position_off_the_line(struct nf_walk *w) {
    /* a whole hex sideways of the line: never crossed by it */
    if (w->n == 0)
        return 0;
    w->hq = w->hq - w->dr - (w->dr == 0);
    w->hr = w->hr + w->dq + w->dr;
    return 1;
}

static const struct {
    const char *name;
    int (*apply)(struct nf_walk *w);
} walk_combos[] = {
    {"n one more than the distance", walk_n_plus_1},
    {"n one less than the distance", walk_n_minus_1},
    {"mode of another direction class", walk_mode_other},
    {"j of another direction", walk_j_other},
    {"emitted past 4n + 1", walk_emitted_past_4n_plus_1},
    {"pending move backwards", walk_pend_backwards},
    {"fresh walk with a pending move", walk_fresh_with_pending_move},
    {"walking but at the last hex", walk_walking_at_the_end},
    {"over but at the first hex", walk_over_at_the_start},
    {"position past the end", walk_position_past_the_end},
    {"position off the line", walk_position_off_the_line},
};

/* The walk moved so that its first or last hex lies exactly on (e = 0)
 * or one past (e = 1) the coordinate bound (H-HEX-3), on each of the six
 * sides: q, r and q + r, both signs. The walk is relative to its first
 * hex, so every other field stays consistent. */
static void walk_translate(struct nf_walk *w, int side, int32_t e) {
    const int32_t max = NAPFIRE_HEX_COORD_MAX, half = NAPFIRE_HEX_COORD_MAX / 2;
    int32_t s = w->dq + w->dr;
#define MAX0(x) ((x) > 0 ? (x) : 0)
#define MIN0(x) ((x) < 0 ? (x) : 0)
    switch (side) {
        case 0:
            w->fq = max - MAX0(w->dq) + e;
            w->fr = -half;
            break;
        case 1:
            w->fq = -max - MIN0(w->dq) - e;
            w->fr = half;
            break;
        case 2:
            w->fr = max - MAX0(w->dr) + e;
            w->fq = -half;
            break;
        case 3:
            w->fr = -max - MIN0(w->dr) - e;
            w->fq = half;
            break;
        case 4:
            w->fr = half;
            w->fq = max - half - MAX0(s) + e;
            break;
        default:
            w->fr = -half;
            w->fq = -max + half - MIN0(s) - e;
            break;
    }
#undef MAX0
#undef MIN0
}

static int walk_in_bound(const struct nf_walk *w) {
    napfire_hex a = {w->fq, w->fr}, b = {w->fq + w->dq, w->fr + w->dr};
    return napfire_hex_check(a) == NAPFIRE_OK && napfire_hex_check(b) == NAPFIRE_OK;
}

static const napfire_hex walk_lines[][2] = {
    {{0, 0}, {5, -1}},  /* sector, through a vertex */
    {{0, 0}, {-3, 7}},  /* sector */
    {{0, 0}, {4, -2}},  /* diagonal w[0]: along hexsides */
    {{-2, 1}, {-6, 3}}, /* diagonal w[3] */
    {{3, 3}, {3, 3}},   /* a single hex */
};

/* napfire_hex.h (caller-owned iterator); API contract Principles (every
 * field validated): every state of several walks, every field broken. */
START_TEST(trace_one_field) {
    const napfire_hex *line = walk_lines[_i];
    napfire_trace it;
    ck_assert_int_eq(napfire_trace_init(&it, sizeof it, line[0], line[1]), NAPFIRE_OK);
    char what[160];
    int rows = 0;
    /* Every state from fresh to over: at most 4n + 1 steps, then "over". */
    for (int stepno = 0; stepno < 64; stepno++) {
        int64_t bad[8];
        size_t nbad = magic_bad_values(NF_TRACE_MAGIC, bad);
        for (size_t k = 0; k < nbad; k++) {
            napfire_trace *c = tight_copy(&it, sizeof it);
            put_field(c, offsetof(struct nf_walk, magic), 4, bad[k]);
            snprintf(what, sizeof what, "line %d step %d: magic = %lld", _i, stepno, (long long)bad[k]);
            trace_refused(c, sizeof it, what);
            free(c);
            rows++;
        }
        for (size_t f = 0; f < NF_NELEM(walk_fields); f++)
            for (size_t k = 0; k < walk_fields[f].nbad; k++) {
                napfire_trace *c = tight_copy(&it, sizeof it);
                put_field(c, walk_fields[f].offset, 4, walk_fields[f].bad[k]);
                snprintf(what, sizeof what, "line %d step %d: %s = %lld", _i, stepno, walk_fields[f].name,
                         (long long)walk_fields[f].bad[k]);
                trace_refused(c, sizeof it, what);
                free(c);
                rows++;
            }
        for (size_t k = 0; k < NF_NELEM(walk_combos); k++) {
            struct nf_walk w;
            memcpy(&w, &it, sizeof w);
            if (!walk_combos[k].apply(&w))
                continue;
            napfire_trace *c = tight_copy(&it, sizeof it);
            memcpy(c, &w, sizeof w);
            snprintf(what, sizeof what, "line %d step %d: %s", _i, stepno, walk_combos[k].name);
            trace_refused(c, sizeof it, what);
            free(c);
            rows++;
        }
        for (int side = 0; side < 6; side++)
            for (int32_t e = 0; e <= 1; e++) {
                struct nf_walk w;
                memcpy(&w, &it, sizeof w);
                walk_translate(&w, side, e);
                EXPECT(walk_in_bound(&w) == (e == 0), "translation %d/%d", side, (int)e);
                napfire_trace *c = tight_copy(&it, sizeof it);
                memcpy(c, &w, sizeof w);
                snprintf(what, sizeof what, "line %d step %d: moved %s the bound, side %d", _i, stepno,
                         e ? "one past" : "onto", side);
                if (e) {
                    trace_refused(c, sizeof it, what);
                } else {
                    napfire_trace_step st;
                    int32_t more;
                    EXPECT(napfire_trace_next(c, &st, &more) == NAPFIRE_OK, "%s: refused", what);
                }
                free(c);
                rows++;
            }
        napfire_trace_step st;
        int32_t more;
        ck_assert_int_eq(napfire_trace_next(&it, &st, &more), NAPFIRE_OK);
        if (!more)
            break;
    }
    ck_assert_int_gt(rows, 0);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Sealed sections: rules (F-DATA)
 *
 * lib/internal.h "Rules data in sealed sections": the rules data is kept
 * in sections (a musketry row, a weapon's ranges, a gun's ranges, a gun
 * and ammunition's rows, a fire kind's modifiers, the musketry and the
 * artillery thresholds, the provenance), each ending with its own seal,
 * and the object's seal covers the magic and the section seals. A call
 * that reads a changed section is ESTATE, its outputs untouched; a call
 * that reads only other sections answers exactly as the intact rules do.
 * The setters, parsing and formatting check every seal first. And the
 * readers check the values they read too, so a value out of its domain
 * under a recomputed section seal is still ESTATE from the getters. */

/* Where section k (NF_SEC_*) lies in struct nf_rules, from the layout's
 * own list of sections (NF_SECTIONS). */
struct section {
    size_t offset, size, sealed; /* sealed: bytes up to and including its seal */
};
static struct section sections[NF_SEC_COUNT];
#define SECTION_ROWS(field, count, type) \
  for (size_t i = 0; i < (count); i++, k++) { \
    sections[k].offset = offsetof(struct nf_rules, field) + i * sizeof(type); \
    sections[k].size = sizeof(type); \
    sections[k].sealed = offsetof(type, seal) + sizeof(uint64_t); \
  }
static size_t sections_init(void) {
    size_t k = 0;
    NF_SECTIONS(SECTION_ROWS)
    return k;
}
#undef SECTION_ROWS

static void section_name(int k, char *buf, size_t cap) {
    if (k < NF_SEC_WRANGE)
        snprintf(buf, cap, "musketry row %d", k - NF_SEC_MROW);
    else if (k < NF_SEC_GRANGE)
        snprintf(buf, cap, "range of weapon %d", k - NF_SEC_WRANGE);
    else if (k < NF_SEC_AROWS)
        snprintf(buf, cap, "range of gun %d", k - NF_SEC_GRANGE);
    else if (k < NF_SEC_MODS)
        snprintf(buf, cap, "artillery rows of gun %d ammo %d", (k - NF_SEC_AROWS) / NF_AMMOS,
                 (k - NF_SEC_AROWS) % NF_AMMOS);
    else if (k < NF_SEC_MTHR)
        snprintf(buf, cap, "modifiers of fire %d", k - NF_SEC_MODS);
    else
        snprintf(buf, cap, "%s",
                 k == NF_SEC_MTHR   ? "musketry thresholds"
                 : k == NF_SEC_ATHR ? "artillery thresholds"
                                    : "provenance");
}

/* Recompute section k's seal as the library does (NF_SECTION_SEAL), so
 * that a value written into it passes the section's check. The object's
 * seal is left as it was: the setters, parsing and formatting still see
 * the change. */
static void reseal_section(struct nf_rules *n, int k) {
    uint64_t idx = (uint64_t)k;
    if (k < NF_SEC_WRANGE) {
        struct nf_mrow *p = &n->musketry[k - NF_SEC_MROW];
        p->seal = NF_SECTION_SEAL(p, struct nf_mrow, idx);
    } else if (k < NF_SEC_GRANGE) {
        struct nf_wrange *p = &n->range[k - NF_SEC_WRANGE];
        p->seal = NF_SECTION_SEAL(p, struct nf_wrange, idx);
    } else if (k < NF_SEC_AROWS) {
        struct nf_grange *p = &n->gun_range[k - NF_SEC_GRANGE];
        p->seal = NF_SECTION_SEAL(p, struct nf_grange, idx);
    } else if (k < NF_SEC_MODS) {
        struct nf_arows *p = &n->artillery[(k - NF_SEC_AROWS) / NF_AMMOS][(k - NF_SEC_AROWS) % NF_AMMOS];
        p->seal = NF_SECTION_SEAL(p, struct nf_arows, idx);
    } else if (k < NF_SEC_MTHR) {
        struct nf_mods *p = &n->modifier[k - NF_SEC_MODS];
        p->seal = NF_SECTION_SEAL(p, struct nf_mods, idx);
    } else if (k == NF_SEC_MTHR) {
        n->mthr.seal = NF_SECTION_SEAL(&n->mthr, struct nf_mthr, idx);
    } else if (k == NF_SEC_ATHR) {
        n->athr.seal = NF_SECTION_SEAL(&n->athr, struct nf_athr, idx);
    } else {
        n->prov.seal = NF_SECTION_SEAL(&n->prov, struct nf_prov, idx);
    }
}

/* A getter that reads section k (and no other); outputs pre-filled with
 * SENTINEL_I32, the text with SENTINEL_BYTE. */
static int section_read(const napfire_rules *r, int k, int32_t out[3], char *text, size_t *len) {
    if (k < NF_SEC_WRANGE)
        return napfire_rules_get_musketry(r, k - NF_SEC_MROW, 0, &out[0], &out[1]);
    if (k < NF_SEC_GRANGE)
        return napfire_rules_get_range(r, k - NF_SEC_WRANGE, NAPFIRE_MEASURE_IMPERIAL, &out[0], &out[1]);
    if (k < NF_SEC_AROWS)
        return napfire_rules_get_gun_range(r, k - NF_SEC_GRANGE, NAPFIRE_MEASURE_METRIC, &out[0], &out[1], &out[2]);
    if (k < NF_SEC_MODS)
        return napfire_rules_get_artillery(r, (k - NF_SEC_AROWS) / NF_AMMOS, (k - NF_SEC_AROWS) % NF_AMMOS,
                                           NAPFIRE_BAND_CANISTER, 0, &out[0]);
    if (k < NF_SEC_MTHR) {
        int32_t fire = k - NF_SEC_MODS;
        return napfire_rules_get_modifier(
            r, fire, fire == NAPFIRE_FIRE_MUSKETRY ? NAPFIRE_MOD_GUARD : NAPFIRE_MOD_COLUMN, 0, &out[0]);
    }
    if (k == NF_SEC_MTHR)
        return napfire_rules_get_threshold(r, NAPFIRE_THRESHOLD_ROW_3, NAPFIRE_MEASURE_METRIC, &out[0]);
    if (k == NF_SEC_ATHR)
        return napfire_rules_get_threshold(r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, NAPFIRE_MEASURE_IMPERIAL, &out[0]);
    return napfire_rules_get_provenance(r, NAPFIRE_PROVENANCE_EDITION, text, 256, len);
}

/* What one getter gave. */
struct read_out {
    int st;
    int32_t out[3];
    size_t len;
    char text[256];
};

static void section_read_into(const napfire_rules *r, int k, struct read_out *o) {
    memset(o, SENTINEL_BYTE, sizeof *o);
    o->len = 777;
    o->st = section_read(r, k, o->out, o->text, &o->len);
}

/* The getter of every section but `except` answers exactly as for the
 * intact rules (-1: every section). */
static void other_sections_alike(const napfire_rules *r, int except, const char *what) {
    static struct read_out clean[NF_SEC_COUNT];
    static int ready;
    if (!ready) {
        for (int k = 0; k < NF_SEC_COUNT; k++) {
            section_read_into(full_rules(), k, &clean[k]);
            ck_assert_int_eq(clean[k].st, NAPFIRE_OK);
        }
        ready = 1;
    }
    for (int k = 0; k < NF_SEC_COUNT; k++) {
        if (k == except)
            continue;
        struct read_out o;
        section_read_into(r, k, &o);
        char name[48];
        section_name(k, name, sizeof name);
        EXPECT(memcmp(&o, &clean[k], sizeof o) == 0, "%s: the getter of %s gave %s", what, name,
               napfire_status_name(o.st));
    }
}

/* Every setter and parsing check every seal first (F-DATA). */
static void rules_setters_refused(napfire_rules *r, const char *what) {
    EXPECT(napfire_rules_set_musketry(r, 0, 0, 2, 0) == NAPFIRE_ESTATE, "%s: set_musketry", what);
    EXPECT(napfire_rules_set_range(r, 0, 0, 10, 20) == NAPFIRE_ESTATE, "%s: set_range", what);
    EXPECT(napfire_rules_set_gun_range(r, 0, 0, 10, 20, 30) == NAPFIRE_ESTATE, "%s: set_gun_range", what);
    EXPECT(napfire_rules_set_artillery(r, 0, 0, 1, 0, 2) == NAPFIRE_ESTATE, "%s: set_artillery", what);
    EXPECT(napfire_rules_set_modifier(r, 0, NAPFIRE_MOD_GUARD, 0, 1) == NAPFIRE_ESTATE, "%s: set_modifier", what);
    EXPECT(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_SCREEN, 0, 40) == NAPFIRE_ESTATE, "%s: set_threshold",
           what);
    EXPECT(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_ROW_4, 0, 30) == NAPFIRE_ESTATE, "%s: set_threshold", what);
    EXPECT(napfire_rules_set_provenance(r, 0, "x") == NAPFIRE_ESTATE, "%s: set_provenance", what);
    napfire_parse_error err, err_b;
    memset(&err, SENTINEL_BYTE, sizeof err);
    memcpy(&err_b, &err, sizeof err);
    EXPECT(napfire_rules_parse(r, rules_text_ok, sizeof rules_text_ok - 1, &err) == NAPFIRE_ESTATE, "%s: parse", what);
    EXPECT(memcmp(&err, &err_b, sizeof err) == 0, "%s: parse wrote err", what);
}

/* Elements of the rules data, one kind per getter (and the star). */
enum rules_kind {
    RK_MUSKETRY,
    RK_STAR,
    RK_RANGE,
    RK_GUN_RANGE,
    RK_ARTILLERY,
    RK_MODIFIER,
    RK_THRESHOLD,
    RK_NAME,
    RK_EDITION,
    RK_SOURCE,
    RK_COUNT
};

static const char *const kind_names[RK_COUNT] = {"musketry cell",  "musketry star", "range",     "gun range",
                                                 "artillery cell", "modifier",      "threshold", "name",
                                                 "edition",        "source"};

/* Elements of a kind, indexed as rules_read() and elem_locate() do. */
static size_t elem_count(int kind) {
    switch (kind) {
        case RK_MUSKETRY:
        case RK_STAR:
            return NF_ROWS * NF_COLUMNS;
        case RK_RANGE:
            return NF_WEAPONS * NF_MEASURES * 2;
        case RK_GUN_RANGE:
            return NF_GUNS * NF_MEASURES * NF_ART_BANDS;
        case RK_ARTILLERY:
            return NF_GUNS * NF_AMMOS * NF_ART_BANDS * NF_COLUMNS;
        case RK_MODIFIER:
            return NF_FIRES * NF_MOD_IDS * NF_VARIANTS;
        case RK_THRESHOLD:
            return NF_THRESHOLDS * NF_MEASURES;
        default:
            return 1;
    }
}

/* Where element i of a kind is stored: its offset in struct nf_rules, its
 * width in bytes, and its section (NF_SEC_*). */
static size_t elem_locate(int kind, size_t i, size_t *width, int *sec) {
    int32_t k = (int32_t)i;
    switch (kind) {
        case RK_MUSKETRY:
        case RK_STAR: {
            int32_t row = k / NF_COLUMNS;
            *width = 1;
            *sec = NF_SEC_MROW + row;
            return sections[*sec].offset + (size_t)(k % NF_COLUMNS) +
                   (kind == RK_STAR ? offsetof(struct nf_mrow, star) : offsetof(struct nf_mrow, cell));
        }
        case RK_RANGE:
            *width = sizeof(int32_t);
            *sec = NF_SEC_WRANGE + k / (NF_MEASURES * 2);
            return sections[*sec].offset + offsetof(struct nf_wrange, max) + (size_t)(k % (NF_MEASURES * 2)) * 4;
        case RK_GUN_RANGE:
            *width = sizeof(int32_t);
            *sec = NF_SEC_GRANGE + k / (NF_MEASURES * NF_ART_BANDS);
            return sections[*sec].offset + offsetof(struct nf_grange, max) +
                   (size_t)(k % (NF_MEASURES * NF_ART_BANDS)) * 4;
        case RK_ARTILLERY:
            *width = 1;
            *sec = NF_SEC_AROWS + k / (NF_ART_BANDS * NF_COLUMNS);
            return sections[*sec].offset + offsetof(struct nf_arows, cell) + (size_t)(k % (NF_ART_BANDS * NF_COLUMNS));
        case RK_MODIFIER:
            *width = 1;
            *sec = NF_SEC_MODS + k / (NF_MOD_IDS * NF_VARIANTS);
            return sections[*sec].offset + offsetof(struct nf_mods, v) + (size_t)(k % (NF_MOD_IDS * NF_VARIANTS));
        case RK_THRESHOLD: {
            int32_t id = k / NF_MEASURES;
            *width = sizeof(int32_t);
            *sec = id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE || id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE
                       ? NF_SEC_ATHR
                       : NF_SEC_MTHR;
            return napfire__threshold_offset(id, k % NF_MEASURES);
        }
        case RK_NAME:
            *width = NF_NAME_CAP;
            *sec = NF_SEC_PROV;
            return offsetof(struct nf_rules, prov.name);
        case RK_EDITION:
            *width = NF_EDITION_CAP;
            *sec = NF_SEC_PROV;
            return offsetof(struct nf_rules, prov.edition);
        default:
            *width = NF_SOURCE_CAP;
            *sec = NF_SEC_PROV;
            return offsetof(struct nf_rules, prov.source);
    }
}

/* Read element i of a kind through its public getter; outputs are
 * pre-filled with SENTINEL_I32 (texts with SENTINEL_BYTE). */
static int rules_read(const napfire_rules *r, int kind, size_t i, int32_t out[3], char *text, size_t *len) {
    int32_t k = (int32_t)i;
    switch (kind) {
        case RK_MUSKETRY:
        case RK_STAR:
            return napfire_rules_get_musketry(r, k / NF_COLUMNS, k % NF_COLUMNS, &out[0], &out[1]);
        case RK_RANGE:
            return napfire_rules_get_range(r, k / (NF_MEASURES * 2), (k / 2) % NF_MEASURES, &out[0], &out[1]);
        case RK_GUN_RANGE:
            return napfire_rules_get_gun_range(r, k / (NF_MEASURES * NF_ART_BANDS), (k / NF_ART_BANDS) % NF_MEASURES,
                                               &out[0], &out[1], &out[2]);
        case RK_ARTILLERY:
            return napfire_rules_get_artillery(
                r, k / (NF_AMMOS * NF_ART_BANDS * NF_COLUMNS), (k / (NF_ART_BANDS * NF_COLUMNS)) % NF_AMMOS,
                NAPFIRE_BAND_CANISTER + (k / NF_COLUMNS) % NF_ART_BANDS, k % NF_COLUMNS, &out[0]);
        case RK_MODIFIER:
            return napfire_rules_get_modifier(r, k / (NF_MOD_IDS * NF_VARIANTS), (k / NF_VARIANTS) % NF_MOD_IDS,
                                              k % NF_VARIANTS, &out[0]);
        case RK_THRESHOLD:
            return napfire_rules_get_threshold(r, k / NF_MEASURES, k % NF_MEASURES, &out[0]);
        default:
            return napfire_rules_get_provenance(r, kind - RK_NAME, text, 256, len);
    }
}

/* Values out of element i's domain, as its storage can hold them (cells
 * and stars bytes, modifiers signed bytes, the rest int32): just outside
 * the domain on both sides, the unknown marker stepped over, extremes. */
static size_t rules_bad_values(int kind, size_t i, int64_t out[8]) {
    size_t n = 0;
    switch (kind) {
        case RK_MUSKETRY:
        case RK_ARTILLERY:
            out[n++] = NAPFIRE_MAX_CELL_HALVES + 1;
            out[n++] = NF_CELL_UNKNOWN - 1;
            break;
        case RK_STAR:
            out[n++] = 2;
            out[n++] = 255;
            break;
        case RK_RANGE:
        case RK_GUN_RANGE:
            out[n++] = -2;
            out[n++] = (int64_t)NAPFIRE_MAX_DISTANCE + 1;
            out[n++] = INT32_MIN;
            out[n++] = INT32_MAX;
            break;
        case RK_MODIFIER:
            out[n++] = -NAPFIRE_MAX_MODIFIER - 1;
            out[n++] = NAPFIRE_MAX_MODIFIER + 1;
            out[n++] = INT8_MIN + 1; /* INT8_MIN itself is "unknown" */
            out[n++] = INT8_MAX;
            break;
        default: { /* RK_THRESHOLD */
            int32_t id = (int32_t)(i / NF_MEASURES);
            int32_t lo = napfire__threshold_lo(id), hi = napfire__threshold_hi(id);
            out[n++] = lo - 1 == NAPFIRE_UNKNOWN ? lo - 2 : lo - 1;
            out[n++] = (int64_t)hi + 1;
            out[n++] = INT32_MIN;
            out[n++] = INT32_MAX;
            break;
        }
    }
    return n;
}

/* Provenance texts the setter could never have stored. */
static const struct {
    const char *name;
    const char *bytes; /* written with its NUL; NULL: no NUL in the whole field */
} bad_texts[] = {
    {"no NUL within the field", NULL},     {"byte 0xFF", "\xFF"},
    {"control character", "a\x01z"},       {"DEL", "\x7F"},
    {"overlong NUL", "\xC0\x80"},          {"surrogate", "\xED\xA0\x80"},
    {"past U+10FFFF", "\xF4\x90\x80\x80"}, {"truncated sequence", "ab\xE2\x82"},
};

/* What the shot calls give for some rules; every output pre-filled. */
struct probe_out {
    int st_band, st_mods, st_dist, st_res;
    int32_t band, net;
    size_t count, noc;
    napfire_modifier items[NF_MAX_ITEMS];
    napfire_outcome oc[32];
    napfire_result verdict, res;
};

static void probe_run(const napfire_shot *s, const napfire_rules *r, struct probe_out *o) {
    memset(o, SENTINEL_BYTE, sizeof *o);
    o->st_band = napfire_shot_band(s, r, &o->band);
    o->st_mods = napfire_shot_modifiers(s, r, o->items, NF_MAX_ITEMS, &o->count, &o->net);
    o->st_dist = napfire_shot_distribution(s, r, o->oc, 32, &o->noc, &o->verdict);
    o->st_res = napfire_shot_resolve(s, r, 7, 4, &o->res);
}

/* Shots that read musketry cells of several rows, the star, both
 * measures, the screen, artillery cells, gun bands and the thresholds. */
#define N_PROBES 4
static void probe_shot(napfire_shot *s, int which) {
    napfire_unit f, t;
    switch (which) {
        case 0:
            good_shot(s);
            break;
        case 1:
            infantry(&f, NAPFIRE_NATION_FRANCE, NAPFIRE_CLASS_GUARD, NAPFIRE_FORMATION_LINE, 48);
            plain_target(&t, NAPFIRE_FORMATION_SQUARE);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 100);
            sset(s, NAPFIRE_SHOT_SCREEN, 1);
            sset(s, NAPFIRE_SHOT_SCREEN_DISTANCE, 60);
            break;
        case 2:
            battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
            uset(&f, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
            plain_target(&t, NAPFIRE_FORMATION_MASSED_COLUMN);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 100);
            sset(s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
            break;
        default:
            battery(&f, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_P12, 3);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            uset(&t, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 400);
            sset(s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 100);
            sset(s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 200);
            sset(s, NAPFIRE_SHOT_OVERHEAD, 1);
            sset(s, NAPFIRE_SHOT_BATTERY_HIGHER, 1);
            sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 100);
            sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY, 100);
            break;
    }
}

/* Per-section seals: each call either refuses (ESTATE, its outputs
 * untouched) or read no changed section and gives exactly what the clean
 * rules give; with exact, every call gives what the clean rules give. */
static void probe_compare_mode(const napfire_rules *bad, int exact, const char *what) {
    static struct probe_out clean[N_PROBES];
    static napfire_shot shots[N_PROBES];
    static int ready;
    if (!ready) {
        for (int p = 0; p < N_PROBES; p++) {
            probe_shot(&shots[p], p);
            probe_run(&shots[p], full_rules(), &clean[p]);
            ck_assert(clean[p].st_res == NAPFIRE_OK || clean[p].st_res == NAPFIRE_EUNKNOWN);
        }
        ready = 1;
    }
    struct probe_out untouched;
    memset(&untouched, SENTINEL_BYTE, sizeof untouched);
    for (int p = 0; p < N_PROBES; p++) {
        struct probe_out o;
        probe_run(&shots[p], bad, &o);
        const struct probe_out *c = &clean[p];
#define SAME(field) (memcmp(&o.field, &c->field, sizeof o.field) == 0)
#define UNTOUCHED(field) (memcmp(&o.field, &untouched.field, sizeof o.field) == 0)
        if (!exact && o.st_band == NAPFIRE_ESTATE)
            EXPECT(UNTOUCHED(band), "%s: probe %d band written", what, p);
        else
            EXPECT(o.st_band == c->st_band && SAME(band), "%s: probe %d band differs", what, p);
        if (!exact && o.st_mods == NAPFIRE_ESTATE)
            EXPECT(UNTOUCHED(items) && UNTOUCHED(count) && UNTOUCHED(net), "%s: probe %d modifiers written", what, p);
        else
            EXPECT(o.st_mods == c->st_mods && SAME(items) && SAME(count) && SAME(net), "%s: probe %d modifiers differ",
                   what, p);
        if (!exact && o.st_dist == NAPFIRE_ESTATE)
            EXPECT(UNTOUCHED(oc) && UNTOUCHED(noc) && UNTOUCHED(verdict), "%s: probe %d distribution written", what, p);
        else
            EXPECT(o.st_dist == c->st_dist && SAME(oc) && SAME(noc) && SAME(verdict),
                   "%s: probe %d distribution differs", what, p);
        if (!exact && o.st_res == NAPFIRE_ESTATE)
            EXPECT(UNTOUCHED(res), "%s: probe %d result written", what, p);
        else
            EXPECT(o.st_res == c->st_res && SAME(res), "%s: probe %d result differs", what, p);
#undef SAME
#undef UNTOUCHED
    }
}

static void probe_compare(const napfire_rules *bad, const char *what) {
    probe_compare_mode(bad, 0, what);
}

/* Every call answers exactly as for the intact rules. */
static void probe_compare_exact(const napfire_rules *bad, const char *what) {
    probe_compare_mode(bad, 1, what);
}

/* Rules changed behind the library's back, at one place in section sec:
 * the reader of that place refuses (kind -1: the section's getter), every
 * other section reads as before, formatting (F-DATA --check), parsing and
 * every setter refuse, nothing is written, and the shot calls either
 * refuse or answer as for the intact rules: with the section resealed
 * too, since every reader, the resolutions' fast path included, checks the
 * values it reads. */
static void rules_changed_checked(const napfire_rules *bad, int sec, int kind, size_t i, int probe, const char *what) {
    napfire_rules *r = tight_copy(bad, sizeof *bad);
    int32_t out[3] = {SENTINEL_I32, SENTINEL_I32, SENTINEL_I32};
    char text[256], text_b[256];
    memset(text, SENTINEL_BYTE, sizeof text);
    memcpy(text_b, text, sizeof text);
    size_t len = 777;
    int st = kind < 0 ? section_read(r, sec, out, text, &len) : rules_read(r, kind, i, out, text, &len);
    EXPECT(st == NAPFIRE_ESTATE, "%s: reader gave %s", what, napfire_status_name(st));
    EXPECT(out[0] == SENTINEL_I32 && out[1] == SENTINEL_I32 && out[2] == SENTINEL_I32 && len == 777 &&
               memcmp(text, text_b, sizeof text) == 0,
           "%s: reader wrote", what);
    other_sections_alike(r, sec, what);

    EXPECT(napfire_rules_format(r, NULL, 0, &len) == NAPFIRE_ESTATE, "%s: format", what);
    EXPECT(napfire_rules_format(r, text, sizeof text, &len) == NAPFIRE_ESTATE, "%s: format", what);
    EXPECT(len == 777 && memcmp(text, text_b, sizeof text) == 0, "%s: format wrote", what);
    rules_setters_refused(r, what);
    EXPECT(memcmp(r, bad, sizeof *bad) == 0, "%s: rules changed", what);
    if (probe)
        probe_compare(r, what);
    free(r);
}

/* The sections, the magic, the padding word and the object's seal are
 * the whole layout, and each section's seal ends it: no byte of a
 * section escapes its seal, and a new field outside the sections would
 * fail here. */
/* API contract Principles (hostile storage), F-DATA */
START_TEST(rules_sections_cover_layout) {
    ck_assert_uint_eq(sections_init(), NF_SEC_COUNT);
    size_t covered = offsetof(struct nf_rules, musketry) + sizeof(uint64_t); /* magic, zero; the seal */
    ck_assert_uint_eq(offsetof(struct nf_rules, musketry), 2 * sizeof(uint32_t));
    for (int k = 0; k < NF_SEC_COUNT; k++) {
        ck_assert_uint_eq(sections[k].sealed, sections[k].size);
        if (k > 0)
            ck_assert_uint_eq(sections[k].offset, sections[k - 1].offset + sections[k - 1].size);
        covered += sections[k].size;
    }
    ck_assert_uint_eq(sections[NF_SEC_COUNT - 1].offset + sections[NF_SEC_COUNT - 1].size,
                      offsetof(struct nf_rules, seal));
    ck_assert_uint_eq(covered, sizeof(struct nf_rules));
}
END_TEST

/* Every byte of section _i changed (its low bit, then its high bit): the
 * section's getter refuses, the others answer as before (per-section
 * semantics), and the setters refuse. */
/* API contract Principles (hostile storage; lib/internal.h "Rules data in
 * sealed sections"), F-DATA */
START_TEST(rules_every_sealed_byte) {
    sections_init();
    static napfire_rules bad;
    const struct section *sec = &sections[_i];
    char name[48], what[128];
    section_name(_i, name, sizeof name);
    for (size_t off = 0; off < sec->sealed; off++)
        for (int k = 0; k < 2; k++) {
            memcpy(&bad, full_rules(), sizeof bad);
            bad.opaque_.bytes[sec->offset + off] ^= (unsigned char)(k ? 0x80u : 0x01u);
            snprintf(what, sizeof what, "rules %s: byte %zu ^ 0x%02x", name, off, k ? 0x80u : 0x01u);
            /* The shot probes for one change per byte: they cost 30
             * resolutions. */
            rules_changed_checked(&bad, _i, -1, 0, k == 0, what);
        }
}
END_TEST

/* The bytes outside the sections. The magic: every call refuses. The
 * object's seal: the getters read only sections, so they answer as
 * before, and the setters refuse. The unused bytes after the object's
 * seal: nothing changes. */
/* API contract Principles (hostile storage), F-DATA */
START_TEST(rules_outside_sections) {
    sections_init();
    static napfire_rules bad;
    char what[128];
    for (size_t off = 0; off < sizeof(uint32_t); off++)
        for (int k = 0; k < N_BYTE_CHANGES; k++) {
            napfire_rules *r = tight_copy(full_rules(), sizeof bad);
            r->opaque_.bytes[off] = byte_changed(r->opaque_.bytes[off], k);
            snprintf(what, sizeof what, "rules magic byte %zu = 0x%02x", off, (unsigned)r->opaque_.bytes[off]);
            rules_refused(r, sizeof bad, what);
            free(r);
        }
    for (size_t off = 0; off < sizeof(uint64_t); off++) {
        memcpy(&bad, full_rules(), sizeof bad);
        bad.opaque_.bytes[offsetof(struct nf_rules, seal) + off] ^= 0x01;
        snprintf(what, sizeof what, "rules seal byte %zu", off);
        napfire_rules *r = tight_copy(&bad, sizeof bad);
        other_sections_alike(r, -1, what);
        probe_compare_exact(r, what);
        size_t len = 777;
        EXPECT(napfire_rules_format(r, NULL, 0, &len) == NAPFIRE_ESTATE && len == 777, "%s: format", what);
        rules_setters_refused(r, what);
        EXPECT(memcmp(r, &bad, sizeof bad) == 0, "%s: rules changed", what);
        free(r);
    }
    static char clean_text[8192], text[8192];
    size_t clean_len, len;
    ck_assert_int_eq(napfire_rules_format(full_rules(), clean_text, sizeof clean_text, &clean_len), NAPFIRE_OK);
    for (size_t off = sizeof(struct nf_rules); off < sizeof bad; off += 61) {
        memcpy(&bad, full_rules(), sizeof bad);
        bad.opaque_.bytes[off] ^= 0xFF;
        snprintf(what, sizeof what, "rules unused byte %zu", off);
        other_sections_alike(&bad, -1, what);
        EXPECT(napfire_rules_format(&bad, text, sizeof text, &len) == NAPFIRE_OK && len == clean_len &&
                   memcmp(text, clean_text, len) == 0,
               "%s: format differs", what);
        EXPECT(napfire_rules_set_threshold(&bad, NAPFIRE_THRESHOLD_SCREEN, 0, 40) == NAPFIRE_OK, "%s: set refused",
               what);
    }
}
END_TEST

/* Values out of their domain written into one element, its section
 * resealed (NF_SECTION_SEAL): the section's seal passes, yet the getter of
 * that element refuses, because the readers check values too; the others
 * answer as before; the setters see the object's seal. */
/* API contract Principles (hostile storage), F-DATA */
START_TEST(rules_sealed_bad_values) {
    sections_init();
    int kind = _i;
    const napfire_rules *clean = full_rules();
    static napfire_rules bad;
    char what[128];
    int rows = 0;
    if (kind >= RK_NAME) {
        size_t width;
        int sec;
        size_t off = elem_locate(kind, 0, &width, &sec);
        for (size_t k = 0; k < NF_NELEM(bad_texts); k++) {
            memcpy(&bad, clean, sizeof bad);
            unsigned char *dst = bad.opaque_.bytes + off;
            if (bad_texts[k].bytes)
                memcpy(dst, bad_texts[k].bytes, strlen(bad_texts[k].bytes) + 1);
            else
                memset(dst, 'A', width);
            reseal_section(NF_RULES(&bad), sec);
            snprintf(what, sizeof what, "rules %s: %s, section resealed", kind_names[kind], bad_texts[k].name);
            rules_changed_checked(&bad, sec, kind, 0, 1, what);
            rows++;
        }
        ck_assert_int_gt(rows, 0);
        return;
    }
    for (size_t i = 0; i < elem_count(kind); i++) {
        /* Storage no getter reads (unused modifier slots, the imperial
         * copy of a count) has no reader to refuse it. */
        int32_t out[3];
        char text[256];
        size_t len;
        if (rules_read(clean, kind, i, out, text, &len) == NAPFIRE_EDOMAIN)
            continue;
        if (kind == RK_THRESHOLD && i % NF_MEASURES != 0 && !napfire__threshold_is_distance((int32_t)(i / NF_MEASURES)))
            continue;
        size_t width;
        int sec;
        size_t off = elem_locate(kind, i, &width, &sec);
        int64_t vals[8];
        size_t n = rules_bad_values(kind, i, vals);
        for (size_t k = 0; k < n; k++) {
            memcpy(&bad, clean, sizeof bad);
            put_field(&bad, off, width, vals[k]);
            reseal_section(NF_RULES(&bad), sec);
            snprintf(what, sizeof what, "rules %s %zu = %lld, section resealed", kind_names[kind], i,
                     (long long)vals[k]);
            rules_changed_checked(&bad, sec, kind, i, k == 0, what);
            rows++;
        }
    }
    ck_assert_int_gt(rows, 0);
}
END_TEST

/* Values that are each in their domain but contradict one another, as no
 * setter would store them (F-DATA: a star only on whole figures N >= 1,
 * maxima not decreasing, row thresholds strictly increasing), their
 * section resealed: the getters still refuse them. */
static void star_on_odd_cell(struct nf_rules *n) {
    n->musketry[1].cell[3] = 3;
    n->musketry[1].star[3] = 1;
}
static void star_on_zero_cell(struct nf_rules *n) {
    n->musketry[0].cell[0] = 0;
    n->musketry[0].star[0] = 1;
}
static void star_on_half_cell(struct nf_rules *n) {
    n->musketry[0].cell[4] = 1;
    n->musketry[0].star[4] = 1;
}
static void star_on_unknown_cell(struct nf_rules *n) {
    n->musketry[0].cell[1] = NF_CELL_UNKNOWN;
    n->musketry[0].star[1] = 1;
}
static void range_effective_above_long(struct nf_rules *n) {
    n->range[0].max[0][0] = n->range[0].max[0][1] + 1;
}
static void gun_canister_above_effective(struct nf_rules *n) {
    n->gun_range[2].max[0][0] = n->gun_range[2].max[0][1] + 1;
}
static void gun_effective_above_long(struct nf_rules *n) {
    n->gun_range[2].max[1][1] = n->gun_range[2].max[1][2] + 1;
}
static void rows_not_increasing(struct nf_rules *n) {
    n->mthr.v[1] = n->mthr.v[0]; /* ROW_3 = ROW_2 */
}
static void rows_decreasing(struct nf_rules *n) {
    n->mthr.v[3] = n->mthr.v[0] - 1; /* ROW_5 below ROW_2 */
}

static const struct {
    const char *name;
    void (*apply)(struct nf_rules *n);
    int sec;      /* the section changed */
    int kind;     /* the reader that must refuse */
    size_t index; /* its element, as in rules_read() */
} rules_combos[] = {
    {"star on an odd cell", star_on_odd_cell, NF_SEC_MROW + 1, RK_MUSKETRY, 1 * NF_COLUMNS + 3},
    {"star on a zero cell", star_on_zero_cell, NF_SEC_MROW, RK_MUSKETRY, 0},
    {"star on a half cell", star_on_half_cell, NF_SEC_MROW, RK_MUSKETRY, 4},
    {"star on an unknown cell", star_on_unknown_cell, NF_SEC_MROW, RK_MUSKETRY, 1},
    {"range effective above long", range_effective_above_long, NF_SEC_WRANGE, RK_RANGE, 0},
    {"gun canister above effective", gun_canister_above_effective, NF_SEC_GRANGE + 2, RK_GUN_RANGE,
     2 * NF_MEASURES *NF_ART_BANDS},
    {"gun effective above long", gun_effective_above_long, NF_SEC_GRANGE + 2, RK_GUN_RANGE,
     2 * NF_MEASURES *NF_ART_BANDS + NF_ART_BANDS},
    {"row thresholds not increasing", rows_not_increasing, NF_SEC_MTHR, RK_THRESHOLD,
     NAPFIRE_THRESHOLD_ROW_3 *NF_MEASURES},
    {"row thresholds decreasing", rows_decreasing, NF_SEC_MTHR, RK_THRESHOLD, NAPFIRE_THRESHOLD_ROW_5 *NF_MEASURES},
};

/* API contract Principles (readers check the values they read), F-DATA. */
START_TEST(rules_inconsistent_combinations) {
    sections_init();
    static napfire_rules bad;
    for (size_t k = 0; k < NF_NELEM(rules_combos); k++) {
        memcpy(&bad, full_rules(), sizeof bad);
        rules_combos[k].apply(NF_RULES(&bad));
        reseal_section(NF_RULES(&bad), rules_combos[k].sec);
        rules_changed_checked(&bad, rules_combos[k].sec, rules_combos[k].kind, rules_combos[k].index, 1,
                              rules_combos[k].name);
    }
    /* A setter that checks the rows against each other must not call
     * corrupted rows a domain error of its argument. */
    memcpy(&bad, full_rules(), sizeof bad);
    rows_decreasing(NF_RULES(&bad));
    reseal_section(NF_RULES(&bad), NF_SEC_MTHR);
    ck_assert_int_eq(napfire_rules_set_threshold(&bad, NAPFIRE_THRESHOLD_SCREEN, 0, 40), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_set_threshold(&bad, NAPFIRE_THRESHOLD_ROW_4, 0, 30), NAPFIRE_ESTATE);
}
END_TEST

/* resolve_many mixes hostile and valid shots: each element as its own
 * call, the batch itself succeeds (API contract Probability and dice). The
 * hostile element is last in an exactly-sized array. */
START_TEST(batch_with_hostile_elements) {
    napfire_shot *shots = malloc(3 * sizeof *shots);
    ck_assert_ptr_nonnull(shots);
    good_shot(&shots[0]);
    base_shot(&shots[1], 1);
    make_bad_shot(&shots[2], _i);
    const int32_t rolls[3] = {8, 9, 10}, dice[3] = {6, 5, 4};
    napfire_result res[3], res_b;
    int32_t statuses[3];
    memset(res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res[2], sizeof res_b);
    ck_assert_int_eq(napfire_resolve_many(shots, 3, NULL, rolls, dice, res, statuses), NAPFIRE_OK);
    for (int k = 0; k < 2; k++) {
        napfire_result one;
        memset(&one, SENTINEL_BYTE, sizeof one);
        ck_assert_int_eq(statuses[k], napfire_shot_resolve(&shots[k], NULL, rolls[k], dice[k], &one));
        ck_assert_int_eq(memcmp(&one, &res[k], sizeof one), 0);
    }
    ck_assert_int_eq(statuses[2], NAPFIRE_ESTATE);
    ck_assert_int_eq(memcmp(&res[2], &res_b, sizeof res_b), 0);
    free(shots);
}
END_TEST

static Suite *misuse_suite(void) {
    Suite *s = suite_create("misuse");
    TCase *th = tcase_create("hostile");
    tcase_set_timeout(th, 120);
    tcase_add_loop_test(th, hostile_units, 0, N_BAD_UNITS);
    tcase_add_loop_test(th, hostile_shots, 0, N_BAD_SHOTS);
    tcase_add_loop_test(th, hostile_rules, 0, N_BAD_RULES);
    tcase_add_test(th, corruption_sweep);
    tcase_add_test(th, rules_corruption_sweep);
    suite_add_tcase(s, th);
    TCase *tm = tcase_create("matrix");
    tcase_add_test(tm, null_and_size_units);
    tcase_add_test(tm, null_and_size_shots);
    tcase_add_test(tm, null_and_size_rules);
    tcase_add_test(tm, domain_rules);
    tcase_add_test(tm, errors_leave_objects_usable);
    suite_add_tcase(s, tm);
    /* Hostile storage, type by type; sealed storage byte by byte */
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_loop_test(tt, garbage_every_type, 0, N_TYPES);
    tcase_add_loop_test(tt, foreign_bytes_every_pair, 0, N_TYPES);
    tcase_add_loop_test(tt, foreign_pointer_every_pair, 0, N_TYPES);
    tcase_add_test(tt, valid_objects_in_tight_blocks);
    tcase_add_loop_test(tt, unit_every_sealed_byte, 0, N_BASE_UNITS);
    tcase_add_loop_test(tt, shot_every_sealed_byte, 0, N_BASE_SHOTS);
    tcase_add_loop_test(tt, unit_poked_values, 0, N_BASE_UNITS);
    tcase_add_loop_test(tt, shot_poked_values, 0, N_BASE_SHOTS);
    tcase_add_test(tt, forged_seal_matches_library);
    tcase_add_loop_test(tt, unit_forged_seal, 0, N_BASE_UNITS);
    tcase_add_loop_test(tt, shot_forged_seal, 0, N_BASE_SHOTS);
    tcase_add_loop_test(tt, shot_forged_digest, 0, N_BASE_SHOTS + 2);
    tcase_add_test(tt, shot_unit_combinations);
    tcase_add_test(tt, dice_one_field);
    tcase_add_loop_test(tt, trace_one_field, 0, (int)NF_NELEM(walk_lines));
    tcase_add_test(tt, rules_sections_cover_layout);
    tcase_add_loop_test(tt, rules_every_sealed_byte, 0, NF_SEC_COUNT);
    tcase_add_test(tt, rules_outside_sections);
    tcase_add_loop_test(tt, rules_sealed_bad_values, 0, RK_COUNT);
    tcase_add_test(tt, rules_inconsistent_combinations);
    tcase_add_loop_test(tt, batch_with_hostile_elements, 0, N_BAD_SHOTS);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_suite());
}
