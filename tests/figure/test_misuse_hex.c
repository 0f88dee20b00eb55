/* SPDX-License-Identifier: MIT */
/* The trace iterator (napfire_trace_*, H-LOS-1..3), one field corrupted
 * at a time. */
#include "misuse.h"

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

static Suite *misuse_hex_suite(void) {
    Suite *s = suite_create("misuse-hex");
    TCase *tt = tcase_create("storage");
    tcase_set_timeout(tt, 240);
    tcase_add_loop_test(tt, trace_one_field, 0, (int)NF_NELEM(walk_lines));
    suite_add_tcase(s, tt);
    return s;
}

int main(void) {
    return run_suite(misuse_hex_suite());
}
