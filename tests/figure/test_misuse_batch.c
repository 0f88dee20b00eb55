/* SPDX-License-Identifier: MIT */
/* The batches (napfire_resolve_many with hostile elements) and the dice
 * iterator (napfire_dice_*), one field corrupted at a time. */
#include "misuse.h"

/* The dice layout is private to lib/probability.c, not in a header. This
 * mirror is checked against the documented seeding (napfire.h, PCG32) by
 * dice_mirror_matches() before any row uses it. */
struct mirror_dice {
    uint32_t magic;
    uint32_t pad;
    uint64_t state;
    uint64_t inc;
};

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

static Suite *misuse_batch_suite(void) {
    Suite *s = suite_create("misuse-batch");
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_test(tt, dice_one_field);
    tcase_add_loop_test(tt, batch_with_hostile_elements, 0, N_BAD_SHOTS);
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_batch_suite());
}
