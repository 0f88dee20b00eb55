/* SPDX-License-Identifier: MIT */
/* Hostile storage for every object type at once: garbage, another
 * type's bytes and pointers, each in a heap block of exactly its size. */
#include "misuse.h"
#include "napfire_table.h"

/* ================================================================ */
/* Hostile storage, type by type; sealed storage byte by byte
 *
 * API contract Principles, "Hostile storage is safe": a magic marks
 * initialised objects, and units, shots and rules carry seals that every
 * mutator writes and every reader checks (lib/seal.h "Integrity
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
 * Rules data is sealed per section (lib/rules_data.h "Rules data in sealed
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
    void (*refused_as)(void *obj, size_t avail, const char *what, int want);
};

static const struct type_desc types[] = {
    {"napfire_unit", sizeof(napfire_unit), valid_unit, unit_refused, unit_refused_as},
    {"napfire_shot", sizeof(napfire_shot), valid_shot, shot_refused, shot_refused_as},
    {"napfire_rules", sizeof(napfire_rules), valid_rules, rules_refused, rules_refused_as},
    {"napfire_dice", sizeof(napfire_dice), valid_dice, dice_refused, dice_refused_as},
    {"napfire_trace", sizeof(napfire_trace), valid_trace, trace_refused, trace_refused_as},
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
    static _Alignas(8) unsigned char valid[MAX_OBJ]; /* storage: 8-byte aligned */
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
    static _Alignas(8) unsigned char src[MAX_OBJ]; /* storage: 8-byte aligned */
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
        _Alignas(8) unsigned char buf[MAX_OBJ]; /* storage: 8-byte aligned */
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

/* ================================================================ */
/* Storage off an 8-byte boundary
 *
 * API contract "Storage that survives binding tools": every function
 * taking caller storage refuses it with NAPFIRE_EALIGN when it is not on
 * an 8-byte boundary, writing nothing, after the NULL and size checks and
 * before anything reads the storage. A valid object's bytes at offsets
 * 1..7 are still refused (the test is the address, not the contents), in
 * heap blocks ending right after the object so that any read of it would
 * be seen by ASan, and by UBSan's alignment check. */

static const size_t misalignments[] = {1, 2, 3, 4, 5, 6, 7};

/* A copy of a valid object at offset off of a block ending with it. */
static unsigned char *misaligned_copy(const struct type_desc *t, size_t off, unsigned char **block) {
    static _Alignas(8) unsigned char valid[MAX_OBJ]; /* storage: 8-byte aligned */
    t->make_valid(valid);
    *block = malloc(t->size + off);
    ck_assert_ptr_nonnull(*block);
    memcpy(*block + off, valid, t->size);
    return *block + off;
}

/* API contract "Storage that survives binding tools" (NAPFIRE_EALIGN) */
START_TEST(misaligned_every_type) {
    const struct type_desc *t = &types[_i];
    char what[96];
    for (size_t k = 0; k < NF_NELEM(misalignments); k++) {
        unsigned char *block, *obj = misaligned_copy(t, misalignments[k], &block);
        snprintf(what, sizeof what, "%s at offset %zu", t->name, misalignments[k]);
        t->refused_as(obj, t->size, what, NAPFIRE_EALIGN);
        free(block);
    }
}
END_TEST

/* The initialisers: EINVAL for NULL and ESIZE come first, then EALIGN,
 * before the arm or hexes are looked at; nothing is written. */
/* API contract "Storage that survives binding tools" (NAPFIRE_EALIGN) */
START_TEST(misaligned_initialisers) {
    unsigned char *block = malloc(MAX_OBJ + 8), *before = malloc(MAX_OBJ + 8);
    ck_assert_ptr_nonnull(block);
    ck_assert_ptr_nonnull(before);
    memset(block, SENTINEL_BYTE, MAX_OBJ + 8);
    memcpy(before, block, MAX_OBJ + 8);
    napfire_hex a = {0, 0}, b = {3, -1}, far = {NAPFIRE_HEX_COORD_MAX + 1, 0};
    for (size_t k = 0; k < NF_NELEM(misalignments); k++) {
        void *at = block + misalignments[k];
        ck_assert_int_eq(napfire_unit_init(at, sizeof(napfire_unit), 0), NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_unit_init(at, sizeof(napfire_unit), 99), NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_unit_init(at, 1, 0), NAPFIRE_ESIZE);
        ck_assert_int_eq(napfire_shot_init(at, sizeof(napfire_shot), cached_good_unit(), cached_good_unit()),
                         NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_shot_init(at, sizeof(napfire_shot), NULL, cached_good_unit()), NAPFIRE_EINVAL);
        ck_assert_int_eq(napfire_rules_init(at, sizeof(napfire_rules)), NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_rules_init(at, 8), NAPFIRE_ESIZE);
        ck_assert_int_eq(napfire_dice_init(at, sizeof(napfire_dice), 1, 2), NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_trace_init(at, sizeof(napfire_trace), a, b), NAPFIRE_EALIGN);
        ck_assert_int_eq(napfire_trace_init(at, sizeof(napfire_trace), a, far), NAPFIRE_EALIGN);
    }
    ck_assert_mem_eq(block, before, MAX_OBJ + 8);
    free(block);
    free(before);
}
END_TEST

/* The calls misaligned_every_type's helpers do not make: the table on
 * its own, the known odds, and the rules walkers; rules NULL stays the
 * built-in data. */
/* API contract "Storage that survives binding tools" (NAPFIRE_EALIGN) */
START_TEST(misaligned_other_calls) {
    unsigned char *sblock, *rblock;
    const napfire_shot *s = (const void *)misaligned_copy(&types[1], 4, &sblock);
    const napfire_rules *r = (const void *)misaligned_copy(&types[2], 4, &rblock);
    const napfire_shot *good = cached_good_shot();
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32, idx[4] = {SENTINEL_I32};
    size_t count = 12345;
    napfire_outcome oc[32];
    ck_assert_int_eq(napfire_shot_table(s, NULL, 8, &a, &b, &c), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_shot_table(good, r, 8, &a, &b, &c), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_shot_distribution_known(s, NULL, oc, 32, &count, &a, NULL), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_shot_distribution_known(good, r, oc, 32, &count, &a, NULL), NAPFIRE_EALIGN);
    int32_t cursor = 0;
    ck_assert_int_eq(napfire_rules_next_unknown(r, &cursor, &a, idx), NAPFIRE_EALIGN);
    char buf[256];
    ck_assert_int_eq(napfire_rules_check_next(r, &cursor, &a, &b, idx, buf, sizeof buf, &count), NAPFIRE_EALIGN);
    int32_t shots[2], resolved[2];
    ck_assert_int_eq(napfire_rules_coverage(r, shots, resolved, NULL, 0, &count), NAPFIRE_EALIGN);
    ck_assert_int_eq(a, SENTINEL_I32);
    ck_assert_int_eq(b, SENTINEL_I32);
    ck_assert_int_eq(c, SENTINEL_I32);
    ck_assert_int_eq(cursor, 0);
    ck_assert_uint_eq(count, 12345);
    /* The batches that roll: misaligned shots or rules refuse the whole
     * call before the generator is touched. */
    napfire_dice dice;
    ck_assert_int_eq(napfire_dice_init(&dice, sizeof dice, 1, 2), NAPFIRE_OK);
    napfire_dice dice_before = dice;
    napfire_result res;
    int32_t status = SENTINEL_I32;
    uint32_t index = 0;
    ck_assert_int_eq(napfire_resolve_many_dice(s, 1, NULL, &dice, &res, &status, NULL, NULL), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_resolve_many_dice(good, 1, r, &dice, &res, &status, NULL, NULL), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_resolve_indexed_dice(s, 1, NULL, &index, 1, &dice, &status, NULL, NULL), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_resolve_indexed_dice(good, 1, r, &index, 1, &dice, &status, NULL, NULL), NAPFIRE_EALIGN);
    ck_assert_mem_eq(&dice, &dice_before, sizeof dice);
    ck_assert_int_eq(status, SENTINEL_I32);
    /* F-GEO: the table measure (napfire_table.h), footprints unread. */
    napfire_footprint fp[2];
    memset(fp, 0, sizeof fp);
    napfire_scene scene = {&fp[0], &fp[1], NULL, NULL, 0, NULL, 0};
    napfire_shot shot_copy = *good;
    ck_assert_int_eq(napfire_shot_measure((napfire_shot *)(uintptr_t)s, NULL, &scene, NULL, 0, &count), NAPFIRE_EALIGN);
    ck_assert_int_eq(napfire_shot_measure(&shot_copy, r, &scene, NULL, 0, &count), NAPFIRE_EALIGN);
    ck_assert_mem_eq(&shot_copy, good, sizeof shot_copy);
    /* Still the NULL checks first. */
    ck_assert_int_eq(napfire_shot_table(s, NULL, 8, NULL, &b, &c), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_next_unknown(r, NULL, &a, idx), NAPFIRE_EINVAL);
    free(sblock);
    free(rblock);
}
END_TEST

static Suite *misuse_storage_suite(void) {
    Suite *s = suite_create("misuse-storage");
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_loop_test(tt, garbage_every_type, 0, N_TYPES);
    tcase_add_loop_test(tt, foreign_bytes_every_pair, 0, N_TYPES);
    tcase_add_loop_test(tt, foreign_pointer_every_pair, 0, N_TYPES);
    tcase_add_test(tt, valid_objects_in_tight_blocks);
    tcase_add_loop_test(tt, misaligned_every_type, 0, N_TYPES);
    tcase_add_test(tt, misaligned_initialisers);
    tcase_add_test(tt, misaligned_other_calls);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_storage_suite());
}
