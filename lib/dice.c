/* SPDX-License-Identifier: MIT */
/* The seeded dice generator in caller storage: PCG32 (PCG-XSH-RR 64/32),
 * with d6 by rejection so that every face is equally likely. */
#include <string.h>

#include "common.h"

#define NF_DICE_MAGIC 0x4E464431u /* "NFD1" */
#define PCG_MULT 6364136223846793005ull
/* Largest multiple of 6 not above 2^32: outputs at or past it are
 * rejected so that every face is equally likely. */
#define D6_LIMIT 4294967292u
/* Rejection happens with probability 4 / 2^32; 64 rejections in a row
 * cannot happen in practice, and the bound keeps the loop finite. */
#define D6_TRIES 64

struct nf_dice {
    uint32_t magic;
    uint32_t pad;
    uint64_t state;
    uint64_t inc;
};
_Static_assert(sizeof(struct nf_dice) <= NAPFIRE_DICE_SIZE, "dice layout fits");
_Static_assert(sizeof(napfire_dice) == NAPFIRE_DICE_SIZE, "public dice size");
_Static_assert(_Alignof(napfire_dice) == 8, "public dice alignment");

#define NF_DICE(d) ((struct nf_dice *)(void *)(d)->opaque_)

static uint32_t pcg32(struct nf_dice *g) {
    uint64_t old = g->state;
    g->state = old * PCG_MULT + g->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

size_t napfire_dice_size(void) {
    return sizeof(napfire_dice);
}

int napfire_dice_init(napfire_dice *d, size_t size, uint64_t seed, uint64_t stream) {
    if (!d)
        return NAPFIRE_EINVAL;
    if (size != sizeof(napfire_dice))
        return NAPFIRE_ESIZE;
    if (NF_MISALIGNED(d))
        return NAPFIRE_EALIGN;
    memset(d, 0, sizeof *d);
    struct nf_dice *g = NF_DICE(d);
    g->state = 0;
    g->inc = (stream << 1u) | 1u;
    (void)pcg32(g);
    g->state += seed;
    (void)pcg32(g);
    g->magic = NF_DICE_MAGIC;
    return NAPFIRE_OK;
}

static struct nf_dice *dice_state(napfire_dice *d, int *status) {
    if (!d) {
        *status = NAPFIRE_EINVAL;
        return NULL;
    }
    if (NF_MISALIGNED(d)) {
        *status = NAPFIRE_EALIGN;
        return NULL;
    }
    struct nf_dice *g = NF_DICE(d);
    /* An even increment is not a PCG stream, and init leaves pad zero:
     * either way the storage is not ours. */
    if (g->magic != NF_DICE_MAGIC || g->pad != 0 || !(g->inc & 1u)) {
        *status = NAPFIRE_ESTATE;
        return NULL;
    }
    *status = NAPFIRE_OK;
    return g;
}

int napfire_dice_next(napfire_dice *d, uint32_t *value) {
    int st;
    struct nf_dice *g = dice_state(d, &st);
    if (!value)
        return NAPFIRE_EINVAL;
    if (!g)
        return st;
    *value = pcg32(g);
    return NAPFIRE_OK;
}

static int32_t d6(struct nf_dice *g) {
    uint32_t x = pcg32(g);
    for (int i = 1; i < D6_TRIES && x >= D6_LIMIT; i++)
        x = pcg32(g);
    return (int32_t)(x % 6u) + 1;
}

int napfire_dice_d6(napfire_dice *d, int32_t *face) {
    int st;
    struct nf_dice *g = dice_state(d, &st);
    if (!face)
        return NAPFIRE_EINVAL;
    if (!g)
        return st;
    *face = d6(g);
    return NAPFIRE_OK;
}

int napfire_dice_2d6(napfire_dice *d, int32_t *roll) {
    int st;
    struct nf_dice *g = dice_state(d, &st);
    if (!roll)
        return NAPFIRE_EINVAL;
    if (!g)
        return st;
    int32_t a = d6(g);
    *roll = a + d6(g);
    return NAPFIRE_OK;
}
