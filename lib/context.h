/* SPDX-License-Identifier: MIT */
/*
 * The shot context an entry point opens (context.c): a validated shot, the
 * rules it reads, and the first unknown datum met. It sits below the rules
 * engine: the engine's steps take it, and nothing here calls them.
 */
#ifndef NAPFIRE_CONTEXT_H
#define NAPFIRE_CONTEXT_H

#include "rules_data.h"

/* Where a lookup found unknown data (NAPFIRE_MISSING_* and its index, as
 * napfire_result holds them). */
struct nf_missing {
    int32_t kind; /* NAPFIRE_MISSING_* */
    int32_t index[4];
};

/* The rules data one computation reads, and the first unknown datum it
 * met. Every reader below that can meet unknown data records it here
 * (the first one only, so reading in precedence order names the datum the
 * rules need first); callers pass the context down and tell unknown from
 * corrupt by the status alone. */
struct nf_data {
    const struct nf_rules *r;
    const struct nf_shot *shot; /* the validated shot of napfire__shot_open(), else NULL */
    struct nf_missing first;    /* kind NAPFIRE_MISSING_NONE: nothing missing yet */
};
void napfire__data_init(struct nf_data *d, const struct nf_rules *r);
/* Record (kind, a, b, c, e) unless a datum is already recorded; returns
 * NAPFIRE_EUNKNOWN so a reader can end with it. */
int napfire__data_miss(struct nf_data *d, int32_t kind, int32_t a, int32_t b, int32_t c, int32_t e);
/* napfire__threshold() and napfire__modifier_value() through the context. */
static inline int napfire__need_threshold(struct nf_data *d, int32_t id, int32_t measure, int32_t *value) {
    int st = napfire__threshold(d->r, id, measure, value);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_THRESHOLD, id, measure, -1, -1);
    return st;
}
static inline int napfire__need_modifier(struct nf_data *d, int32_t fire, int32_t id, int32_t variant, int32_t *value) {
    int st = napfire__modifier_value(d->r, fire, id, variant, value);
    if (st == NAPFIRE_EUNKNOWN)
        return napfire__data_miss(d, NAPFIRE_MISSING_MODIFIER, fire, id, variant, -1);
    return st;
}
/* Validate a public shot and rules pair, for every napfire_shot_*
 * entry point that reads both, and open the data context on them (rules
 * NULL: the built-in data). With NF_OPEN_DISTANCE a shot without its
 * distance is NAPFIRE_EINVAL. */
#define NF_OPEN_DISTANCE 1u
int napfire__shot_open(const napfire_shot *s, const napfire_rules *rules, unsigned how, struct nf_data *d);

#endif /* NAPFIRE_CONTEXT_H */
