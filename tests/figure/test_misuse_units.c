/* SPDX-License-Identifier: MIT */
/* The misuse matrix for units (napfire_unit_*): NULL, sizes, domains,
 * hostile storage, every sealed byte, poked values and forged seals. */
#include "misuse.h"

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
            ((unsigned char *)(void *)u->opaque_)[0] ^= 0xFF;
            ((unsigned char *)(void *)u->opaque_)[3] ^= 0x01;
            break;
        case 5: /* valid unit, its sealed padding (bytes 4..7) changed */
            good_unit(u);
            memset(((unsigned char *)(void *)u->opaque_) + 4, 0x7f, 4);
            break;
        case 6: /* valid unit, everything after the magic corrupted */
            good_unit(u);
            memset(((unsigned char *)(void *)u->opaque_) + 4, 0x7f, sizeof *u - 4);
            break;
        default: /* valid unit, everything after the magic 0xFF (-1 everywhere) */
            good_unit(u);
            memset(((unsigned char *)(void *)u->opaque_) + 4, 0xFF, sizeof *u - 4);
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

/* API contract Principles (hostile storage; lib/seal.h "Integrity
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
        ((unsigned char *)(void *)c->opaque_)[off] ^= 0xFF;
        snprintf(what, sizeof what, "unit %d: unused byte %zu", _i, off);
        units_answer_alike(c, &u, what);
        EXPECT(napfire_unit_set(c, NAPFIRE_UNIT_DISORDERED, 1) == NAPFIRE_OK, "%s: set refused", what);
        free(c);
    }
}
END_TEST

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

/*
 * A forged seal cannot make the library read outside an object
 * (lib/seal.h "Integrity seals": every value used as an index is
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

static Suite *misuse_units_suite(void) {
    Suite *s = suite_create("misuse-units");
    TCase *th = tcase_create("hostile");
    tcase_set_timeout(th, 120);
    tcase_add_loop_test(th, hostile_units, 0, N_BAD_UNITS);
    suite_add_tcase(s, th);
    TCase *tm = tcase_create("matrix");
    tcase_add_test(tm, null_and_size_units);
    suite_add_tcase(s, tm);
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_loop_test(tt, unit_every_sealed_byte, 0, N_BASE_UNITS);
    tcase_add_loop_test(tt, unit_poked_values, 0, N_BASE_UNITS);
    tcase_add_loop_test(tt, unit_forged_seal, 0, N_BASE_UNITS);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_units_suite());
}
