/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix (API.md "Principles", "Errors vs verdicts"): every
 * function given NULL (EINVAL), an out-of-domain value (EDOMAIN), a wrong
 * size (ESIZE), uninitialised or corrupted storage (ESTATE) returns the
 * documented status and leaves its outputs untouched. Hostile storage never
 * crashes (the suite also runs under ASan/UBSan).
 *
 * Only two facts about the private layout are used: the magic is in bytes
 * 0..3 of every object, and (as the brief suggests) bytes 4..7 of a unit
 * hold a field; everything else corrupts whole ranges or sweeps offsets.
 */
#include "nftest.h"

/* ---------------------------------------------------------------- */
/* Valid objects */

static void good_unit(napfire_unit *u)
{
    infantry(u, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
}

/* The F-EX-1 shot: resolves with the built-in data. */
static void good_shot(napfire_shot *s)
{
    napfire_unit f, t;
    good_unit(&f);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
}

static void fill32(void *obj, size_t offset, uint32_t v)
{
    memcpy((unsigned char *)obj + offset, &v, sizeof v);
}

/* ---------------------------------------------------------------- */
/* Hostile storage generators */

#define N_BAD_UNITS 8
static void make_bad_unit(napfire_unit *u, int which)
{
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
    case 5: /* valid unit, one field (bytes 4..7) corrupted */
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
static void make_bad_shot(napfire_shot *s, int which)
{
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
/* The first N_BAD_RULES_MAGIC variants have a wrong magic. */
#define N_BAD_RULES_MAGIC 5
static void make_bad_rules(napfire_rules *r, int which)
{
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

/* API.md Principles (hostile storage) */
START_TEST(hostile_units)
{
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
/* API.md Principles (hostile storage) */
START_TEST(hostile_shots)
{
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
/* API.md Principles (hostile storage), F-DATA */
START_TEST(hostile_rules)
{
    static napfire_rules r, before;
    make_bad_rules(&r, _i);
    memcpy(&before, &r, sizeof r);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 3, 5, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 0, 0, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, &a, &b), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 2, 1, &a, &b, &c), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 2, 1, 1, 1, &a), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_get_modifier(&r, NAPFIRE_FIRE_MUSKETRY, NAPFIRE_MOD_GUARD, 0, &a),
                     NAPFIRE_ESTATE);
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

    if (_i < N_BAD_RULES_MAGIC) {
        /* setters refuse storage that was never initialised */
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

static int known_status(int st)
{
    return st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_EDOMAIN ||
           st == NAPFIRE_ESTATE || st == NAPFIRE_EUNKNOWN;
}

static void sane_result(const napfire_result *res)
{
    ck_assert(res->permitted == 0 || res->permitted == 1);
    ck_assert_int_ge(res->reason, NAPFIRE_REASON_NONE);
    ck_assert_int_le(res->reason, NAPFIRE_REASON_OVERHEAD_CANISTER);
    ck_assert_int_ge(res->band, NAPFIRE_BAND_NONE);
    ck_assert_int_le(res->band, NAPFIRE_BAND_LONG);
    ck_assert_int_ge(res->casualties, 0);
    ck_assert_int_eq(res->casualties, res->target_casualties + res->screen_casualties);
    ck_assert_int_ge(res->row, -1);
    ck_assert_int_le(res->row, 4);
    ck_assert_int_ge(res->column, -1);
    ck_assert_int_le(res->column, 8);
}

/* Corrupt every 4-byte word of a valid unit / shot / rules in turn with
 * out-of-domain patterns: every call returns a status (ESTATE when it
 * notices), never crashes, and an OK result is sane. */
/* API.md Principles (per-use validation) */
START_TEST(corruption_sweep)
{
    const uint32_t patterns[] = {0x7f7f7f7fu, 0x80000000u, 0xFFFFFFFFu, 0x00010000u};
    int noticed = 0, total = 0;
    for (size_t pi = 0; pi < NF_NELEM(patterns); pi++) {
        for (size_t off = 4; off + 4 <= NAPFIRE_UNIT_SIZE; off += 4) {
            napfire_unit u, t;
            good_unit(&u);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            fill32(&u, off, patterns[pi]);
            for (int32_t p = NAPFIRE_UNIT_ARM; p <= NAPFIRE_UNIT_UNLIMBERED_THIS_TURN; p++) {
                int32_t v;
                ck_assert(known_status(napfire_unit_get(&u, p, &v)));
            }
            int32_t yes;
            ck_assert(known_status(napfire_unit_may_open_order(&u, 1812, &yes)));
            napfire_shot s;
            int st = napfire_shot_init(&s, sizeof s, &u, &t);
            ck_assert(st == NAPFIRE_OK || st == NAPFIRE_ESTATE);
            total++;
            if (st == NAPFIRE_ESTATE) {
                noticed++;
                continue;
            }
            sset(&s, NAPFIRE_SHOT_DISTANCE, 150);
            napfire_result res;
            st = napfire_shot_resolve(&s, NULL, 8, 6, &res);
            ck_assert(known_status(st));
            if (st == NAPFIRE_OK)
                sane_result(&res);
        }
        for (size_t off = 4; off + 4 <= NAPFIRE_SHOT_SIZE; off += 4) {
            napfire_shot s;
            good_shot(&s);
            fill32(&s, off, patterns[pi]);
            napfire_result res;
            int st = napfire_shot_resolve(&s, NULL, 8, 6, &res);
            ck_assert(known_status(st));
            if (st == NAPFIRE_OK)
                sane_result(&res);
            int32_t band;
            ck_assert(known_status(napfire_shot_band(&s, NULL, &band)));
            napfire_modifier items[32];
            size_t count;
            int32_t net;
            st = napfire_shot_modifiers(&s, NULL, items, 32, &count, &net);
            ck_assert(known_status(st));
            if (st == NAPFIRE_OK)
                ck_assert_uint_le(count, 32);
            for (int32_t p = NAPFIRE_SHOT_MEASURE; p <= NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_ENEMY; p++) {
                int32_t v;
                ck_assert(known_status(napfire_shot_get(&s, p, &v)));
            }
        }
    }
    /* The firer's arm word (bytes 4..7 today) is always noticed. */
    ck_assert_int_gt(noticed, 0);
    ck_assert_int_gt(total, 0);
}
END_TEST

/* API.md Principles (per-use validation), F-DATA */
START_TEST(rules_corruption_sweep)
{
    const uint32_t patterns[] = {0x7f7f7f7fu, 0x80000000u};
    static napfire_rules r;
    napfire_shot s;
    good_shot(&s);
    for (size_t pi = 0; pi < NF_NELEM(patterns); pi++)
        for (size_t off = 4; off + 4 <= NAPFIRE_RULES_SIZE; off += 4) {
            made_up_artillery(&r);
            made_up_musketry(&r);
            fill32(&r, off, patterns[pi]);
            napfire_result res;
            int st = napfire_shot_resolve(&s, &r, 8, 6, &res);
            ck_assert(known_status(st));
            if (st == NAPFIRE_OK)
                sane_result(&res);
            for (int32_t row = 0; row < 5; row++)
                for (int32_t col = 0; col < 9; col++) {
                    int32_t h, star;
                    st = napfire_rules_get_musketry(&r, row, col, &h, &star);
                    ck_assert(st == NAPFIRE_OK || st == NAPFIRE_ESTATE);
                    if (st == NAPFIRE_OK) {
                        ck_assert_int_ge(h, 0);
                        ck_assert_int_le(h, NAPFIRE_MAX_CELL_HALVES);
                        ck_assert(star == 0 || star == 1);
                    }
                }
            char buf[128];
            size_t len;
            for (int32_t f = 0; f <= 2; f++) {
                st = napfire_rules_get_provenance(&r, f, buf, sizeof buf, &len);
                ck_assert(st == NAPFIRE_OK || st == NAPFIRE_ESTATE);
                if (st == NAPFIRE_OK)
                    ck_assert_uint_eq(strlen(buf), len);
            }
        }
}
END_TEST

/* ---------------------------------------------------------------- */
/* NULL pointers, sizes, domains: every function */

/* API.md Principles / Errors (EINVAL, ESIZE, EDOMAIN) */
START_TEST(null_and_size_units)
{
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

/* API.md Principles / Errors (EINVAL, ESIZE, EDOMAIN) */
START_TEST(null_and_size_shots)
{
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

START_TEST(null_and_size_rules)
{
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
/* API.md Errors (EDOMAIN), F-DATA */
START_TEST(domain_rules)
{
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
/* API.md Errors vs verdicts, F-EX-1 */
START_TEST(errors_leave_objects_usable)
{
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

static Suite *misuse_suite(void)
{
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
    return s;
}

int main(void)
{
    return run_suite(misuse_suite());
}
