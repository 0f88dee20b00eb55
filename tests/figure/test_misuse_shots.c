/* SPDX-License-Identifier: MIT */
/* The misuse matrix for shots (napfire_shot_* and the calls reading one):
 * NULL, sizes, domains, hostile storage, every sealed byte, poked values,
 * forged seals and digests, and every unit combination. */
#include "misuse.h"

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

/* Corrupt every 4-byte word of a valid unit / shot / rules in turn with
 * out-of-domain patterns: every call returns a status, never crashes, and
 * an OK result is sane. A changed word the unit or shot seals is always
 * noticed (ESTATE); the unused words after the seal never are. */
/* API contract Principles (hostile storage; lib/seal.h "Integrity
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
        ((unsigned char *)(void *)c->opaque_)[off] ^= 0xFF;
        snprintf(what, sizeof what, "shot %d: unused byte %zu", _i, off);
        shots_answer_alike(c, &s, what);
        EXPECT(napfire_shot_set(c, NAPFIRE_SHOT_ENFILADE, 1) == NAPFIRE_OK, "%s: set refused", what);
        free(c);
    }
}
END_TEST
static struct nf_shot *shot_storage(void *s) {
    return NF_SHOT((napfire_shot *)s);
}

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
static void forge_shot_seal(void *s) {
    struct nf_shot *n = shot_storage(s);
    n->seal = NF_SEAL_OF(n, struct nf_shot, NF_SHOT_KEY);
}
/* A shot whose forged seal covers a parameter the readers refuse: the
 * calls that validate the shot refuse it, outputs untouched (its
 * parameters, band, modifiers). The resolutions' fast path
 * (lib/fast.c fast_resolve) checks the seal but not the parameters and
 * answers from the digest, so resolve may answer: known statuses there. */
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

/* The digest (lib/model.h struct nf_digest) under a forged seal: each
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
            ((unsigned char *)(void *)c->opaque_)[offsetof(struct nf_shot, dg) + off] = fills[k];
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

static Suite *misuse_shots_suite(void) {
    Suite *s = suite_create("misuse-shots");
    TCase *th = tcase_create("hostile");
    tcase_set_timeout(th, 120);
    tcase_add_loop_test(th, hostile_shots, 0, N_BAD_SHOTS);
    tcase_add_test(th, corruption_sweep);
    suite_add_tcase(s, th);
    TCase *tm = tcase_create("matrix");
    tcase_add_test(tm, null_and_size_shots);
    tcase_add_test(tm, errors_leave_objects_usable);
    suite_add_tcase(s, tm);
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_loop_test(tt, shot_every_sealed_byte, 0, N_BASE_SHOTS);
    tcase_add_loop_test(tt, shot_poked_values, 0, N_BASE_SHOTS);
    tcase_add_test(tt, forged_seal_matches_library);
    tcase_add_loop_test(tt, shot_forged_seal, 0, N_BASE_SHOTS);
    tcase_add_loop_test(tt, shot_forged_digest, 0, N_BASE_SHOTS + 2);
    tcase_add_test(tt, shot_unit_combinations);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_shots_suite());
}
