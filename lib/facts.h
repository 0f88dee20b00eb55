/* SPDX-License-Identifier: MIT */
/*
 * What a shot's parameters decide without any rules data (facts.c): the
 * verdicts no datum can change, the inputs of the row, the second-class
 * rule's firer, and which modifier items apply. The setters derive the
 * shot's digest from them (digest.c), and the rules engine asks them too,
 * so the two read one definition of each clause.
 */
#ifndef NAPFIRE_FACTS_H
#define NAPFIRE_FACTS_H

#include "model.h"

/* Clauses that need no rules data (F-TAB-6, F-ART-2..7), as reason bits. */
uint32_t napfire__static_verdicts(const struct nf_shot *s);
/* F-TAB-2: the highest row a formation allows. */
int32_t napfire__row_cap(int32_t formation);
/* F-TAB-1: the figures that choose the row (the firing figures, or the
 * whole unit). */
int32_t napfire__row_figures(const struct nf_shot *s);
/* F-CAS-2: a firer whose half figures are dropped. */
int napfire__is_second_class(const struct nf_unit *firer);
/* F-TAB-6: fire the documents cover (infantry not in skirmish order, and
 * artillery). */
int napfire__fire_covered(const struct nf_unit *firer);

/* The modifier items that apply to a shot (F-MOD-1..16, F-ART-3), in
 * breakdown order, as NF_MOD_SLOT()s: musketry's for infantry, the
 * battery's otherwise; no value is read. At most NF_ITEMS_CAP. */
#define NF_ITEMS_CAP 16
struct nf_items {
    uint8_t slot[NF_ITEMS_CAP];
    size_t count;
};
void napfire__modifier_items(const struct nf_shot *s, struct nf_items *items);
/* The items of a covered shot into slots[0..cap) (none for fire not
 * covered): 0 when there are more than cap. */
int napfire__modifier_slots(const struct nf_shot *s, uint8_t *slots, size_t cap, size_t *count);

/* digest.c: derive the shot's digest (struct nf_digest) from its
 * validated parameters; the setters call it on every change. */
void napfire__digest(struct nf_shot *s);

#endif /* NAPFIRE_FACTS_H */
