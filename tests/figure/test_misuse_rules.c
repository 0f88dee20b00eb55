/* SPDX-License-Identifier: MIT */
/* The misuse matrix for rules objects (napfire_rules_*, F-DATA): NULL,
 * sizes, domains, hostile storage, and the sealed sections byte by byte. */
#include "misuse.h"

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
            ((unsigned char *)(void *)r->opaque_)[2] ^= 0x80;
            break;
        case 5: /* magic intact, every field corrupted */
            rules_new(r);
            memset(((unsigned char *)(void *)r->opaque_) + 4, 0x7f, sizeof *r - 4);
            break;
        default:
            rules_new(r);
            memset(((unsigned char *)(void *)r->opaque_) + 4, 0xEE, sizeof *r - 4);
            break;
    }
}

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

/* API contract Principles (hostile storage; lib/rules_data.h "Rules data in
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

/* The rules getters and setters with integer arguments, for the tables of
 * domain_rules: which call, and its arguments after the object. */
enum rules_fn {
    GET_MUSKETRY,
    GET_RANGE,
    GET_GUN_RANGE,
    GET_ARTILLERY,
    GET_MODIFIER,
    GET_THRESHOLD,
    GET_PROVENANCE,
    SET_MUSKETRY,
    SET_RANGE,
    SET_GUN_RANGE,
    SET_ARTILLERY,
    SET_MODIFIER,
    SET_THRESHOLD,
    SET_PROVENANCE
};

struct rules_call {
    enum rules_fn fn;
    int32_t a[5];
};

static const char *const rules_fn_names[] = {
    "get_musketry", "get_range", "get_gun_range", "get_artillery", "get_modifier", "get_threshold", "get_provenance",
    "set_musketry", "set_range", "set_gun_range", "set_artillery", "set_modifier", "set_threshold", "set_provenance"};

/* Make the call; the getters write to out[] (and len). */
static int rules_call_run(napfire_rules *r, const struct rules_call *c, int32_t out[3], size_t *len) {
    const int32_t *a = c->a;
    char buf[8];
    switch (c->fn) {
        case GET_MUSKETRY:
            return napfire_rules_get_musketry(r, a[0], a[1], &out[0], &out[1]);
        case GET_RANGE:
            return napfire_rules_get_range(r, a[0], a[1], &out[0], &out[1]);
        case GET_GUN_RANGE:
            return napfire_rules_get_gun_range(r, a[0], a[1], &out[0], &out[1], &out[2]);
        case GET_ARTILLERY:
            return napfire_rules_get_artillery(r, a[0], a[1], a[2], a[3], &out[0]);
        case GET_MODIFIER:
            return napfire_rules_get_modifier(r, a[0], a[1], a[2], &out[0]);
        case GET_THRESHOLD:
            return napfire_rules_get_threshold(r, a[0], a[1], &out[0]);
        case GET_PROVENANCE:
            return napfire_rules_get_provenance(r, a[0], buf, sizeof buf, len);
        case SET_MUSKETRY:
            return napfire_rules_set_musketry(r, a[0], a[1], a[2], a[3]);
        case SET_RANGE:
            return napfire_rules_set_range(r, a[0], a[1], a[2], a[3]);
        case SET_GUN_RANGE:
            return napfire_rules_set_gun_range(r, a[0], a[1], a[2], a[3], a[4]);
        case SET_ARTILLERY:
            return napfire_rules_set_artillery(r, a[0], a[1], a[2], a[3], a[4]);
        case SET_MODIFIER:
            return napfire_rules_set_modifier(r, a[0], a[1], a[2], a[3]);
        case SET_THRESHOLD:
            return napfire_rules_set_threshold(r, a[0], a[1], a[2]);
        default:
            return napfire_rules_set_provenance(r, a[0], "x");
    }
}

/* Valid calls and which of their arguments is an index (domain_rules sets
 * it to a negative value). */
static const struct {
    struct rules_call call;
    int index;
} index_args[] = {
    {{GET_MUSKETRY, {0, 0}}, 0},
    {{GET_MUSKETRY, {0, 0}}, 1},
    {{GET_RANGE, {0, 0}}, 0},
    {{GET_RANGE, {0, 0}}, 1},
    {{GET_GUN_RANGE, {0, 0}}, 0},
    {{GET_GUN_RANGE, {0, 0}}, 1},
    {{GET_ARTILLERY, {0, 0, 1, 0}}, 0},
    {{GET_ARTILLERY, {0, 0, 1, 0}}, 1},
    {{GET_ARTILLERY, {0, 0, 1, 0}}, 2},
    {{GET_ARTILLERY, {0, 0, 1, 0}}, 3},
    {{GET_MODIFIER, {0, 1, 0}}, 0},
    {{GET_MODIFIER, {0, 1, 0}}, 1},
    {{GET_MODIFIER, {0, 1, 0}}, 2},
    {{GET_THRESHOLD, {0, 0}}, 0},
    {{GET_THRESHOLD, {0, 0}}, 1},
    {{GET_PROVENANCE, {0}}, 0},
    {{SET_MUSKETRY, {0, 0, 0, 0}}, 0},
    {{SET_RANGE, {0, 0, 1, 2}}, 0},
    {{SET_GUN_RANGE, {0, 0, 1, 2, 3}}, 0},
    {{SET_ARTILLERY, {0, 0, 1, 0, 2}}, 0},
    {{SET_MODIFIER, {0, 1, 0, 1}}, 0},
    {{SET_THRESHOLD, {0, 0, 1}}, 0},
    {{SET_PROVENANCE, {0}}, 0},
};

/* One past the end of each index of the getters. */
static const struct rules_call past_the_end[] = {
    {GET_MUSKETRY, {5, 0}},        {GET_MUSKETRY, {0, 9}},        {GET_RANGE, {3, 0}},
    {GET_RANGE, {0, 2}},           {GET_GUN_RANGE, {5, 0}},       {GET_GUN_RANGE, {0, 2}},
    {GET_ARTILLERY, {5, 0, 1, 0}}, {GET_ARTILLERY, {0, 2, 1, 0}}, {GET_ARTILLERY, {0, 0, 0, 0}},
    {GET_ARTILLERY, {0, 0, 4, 0}}, {GET_ARTILLERY, {0, 0, 1, 9}}, {GET_MODIFIER, {2, 1, 0}},
    {GET_THRESHOLD, {9, 0}},       {GET_THRESHOLD, {0, 2}},
};

/* EDOMAIN for every index argument of the rules getters (outputs untouched)
 * and setters (object unchanged). */
/* API contract Errors (EDOMAIN), F-DATA */
START_TEST(domain_rules) {
    static napfire_rules r, rb;
    rules_new(&r);
    memcpy(&rb, &r, sizeof r);
    int32_t out[3] = {SENTINEL_I32, SENTINEL_I32, SENTINEL_I32};
    size_t len = 777;
    const int32_t bad_small[] = {-1, INT32_MIN};
    for (size_t i = 0; i < NF_NELEM(bad_small); i++)
        for (size_t k = 0; k < NF_NELEM(index_args); k++) {
            struct rules_call c = index_args[k].call;
            c.a[index_args[k].index] = bad_small[i];
            ck_assert_msg(rules_call_run(&r, &c, out, &len) == NAPFIRE_EDOMAIN, "%s, argument %d = %ld",
                          rules_fn_names[c.fn], index_args[k].index, (long)bad_small[i]);
        }
    ck_assert_uint_eq(len, 777);
    for (size_t k = 0; k < NF_NELEM(past_the_end); k++)
        ck_assert_msg(rules_call_run(&r, &past_the_end[k], out, &len) == NAPFIRE_EDOMAIN, "%s past the end, row %zu",
                      rules_fn_names[past_the_end[k].fn], k);
    for (int j = 0; j < 3; j++)
        ck_assert_int_eq(out[j], SENTINEL_I32);
    ck_assert_int_eq(memcmp(&r, &rb, sizeof r), 0);

    /* The built-in data (NULL) validates the same way. */
    ck_assert_int_eq(rules_call_run(NULL, &past_the_end[0], out, &len), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(rules_call_run(NULL, &past_the_end[12], out, &len), NAPFIRE_EDOMAIN);
    ck_assert_int_eq(out[0], SENTINEL_I32);
}
END_TEST

/* ---------------------------------------------------------------- */
/* Sealed sections: rules (F-DATA)
 *
 * lib/rules_data.h "Rules data in sealed sections": the rules data is kept
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
/* API contract Principles (hostile storage; lib/rules_data.h "Rules data in
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
            ((unsigned char *)(void *)bad.opaque_)[sec->offset + off] ^= (unsigned char)(k ? 0x80u : 0x01u);
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
            ((unsigned char *)(void *)r->opaque_)[off] = byte_changed(((unsigned char *)(void *)r->opaque_)[off], k);
            snprintf(what, sizeof what, "rules magic byte %zu = 0x%02x", off,
                     (unsigned)((unsigned char *)(void *)r->opaque_)[off]);
            rules_refused(r, sizeof bad, what);
            free(r);
        }
    for (size_t off = 0; off < sizeof(uint64_t); off++) {
        memcpy(&bad, full_rules(), sizeof bad);
        ((unsigned char *)(void *)bad.opaque_)[offsetof(struct nf_rules, seal) + off] ^= 0x01;
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
        ((unsigned char *)(void *)bad.opaque_)[off] ^= 0xFF;
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
            unsigned char *dst = ((unsigned char *)(void *)bad.opaque_) + off;
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

static Suite *misuse_rules_suite(void) {
    Suite *s = suite_create("misuse-rules");
    TCase *th = tcase_create("hostile");
    tcase_set_timeout(th, 120);
    tcase_add_loop_test(th, hostile_rules, 0, N_BAD_RULES);
    tcase_add_test(th, rules_corruption_sweep);
    suite_add_tcase(s, th);
    TCase *tm = tcase_create("matrix");
    tcase_add_test(tm, null_and_size_rules);
    tcase_add_test(tm, domain_rules);
    suite_add_tcase(s, tm);
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_test(tt, rules_sections_cover_layout);
    tcase_add_loop_test(tt, rules_every_sealed_byte, 0, NF_SEC_COUNT);
    tcase_add_test(tt, rules_outside_sections);
    tcase_add_loop_test(tt, rules_sealed_bad_values, 0, RK_COUNT);
    tcase_add_test(tt, rules_inconsistent_combinations);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_rules_suite());
}
