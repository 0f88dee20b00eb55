/* SPDX-License-Identifier: MIT */
/* The shot context (context.h): what every napfire_shot_* entry point that
 * reads rules data opens first, and where the engine's readers record the
 * first unknown datum. */
#include "context.h"

void napfire__data_init(struct nf_data *d, const struct nf_rules *r) {
    d->r = r;
    d->shot = NULL;
    d->first.kind = NAPFIRE_MISSING_NONE;
    for (size_t i = 0; i < NF_COUNT(d->first.index); i++)
        d->first.index[i] = -1;
}

int napfire__data_miss(struct nf_data *d, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t e) {
    if (d->first.kind == NAPFIRE_MISSING_NONE) {
        d->first.kind = kind;
        d->first.index[0] = a;
        d->first.index[1] = b;
        d->first.index[2] = c;
        d->first.index[3] = e;
    }
    return NAPFIRE_EUNKNOWN;
}

int napfire__shot_open(const napfire_shot *s, const napfire_rules *rules, unsigned how, struct nf_data *d) {
    if (!s)
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED(s))
        return NAPFIRE_EALIGN;
    int st;
    const struct nf_rules *r = napfire__rules_resolve(rules, &st);
    if (st)
        return st;
    const struct nf_shot *n = NF_CSHOT(s);
    /* The seal says the library made these bytes; validity still guards
     * the tables the fields index, against a forged seal. */
    if (!napfire__shot_sealed(n) || !napfire__shot_valid(n))
        return NAPFIRE_ESTATE;
    if ((how & NF_OPEN_DISTANCE) && nf_s(n, NAPFIRE_SHOT_DISTANCE) < 0)
        return NAPFIRE_EINVAL;
    napfire__data_init(d, r);
    d->shot = n;
    return NAPFIRE_OK;
}
