/* SPDX-License-Identifier: MIT */
/* Writing and checking the seals (seal.h) that no hot path checks inline:
 * units, shots once their digest is final, and the rules object over its
 * section seals. */
#include <string.h>

#include "rules_data.h"

int napfire__unit_sealed(const struct nf_unit_obj *o) {
    return o->magic == NF_UNIT_MAGIC && NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY) == o->seal;
}

void napfire__unit_seal(struct nf_unit_obj *o) {
    o->magic = NF_UNIT_MAGIC;
    o->zero = 0;
    o->seal = NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY);
}

void napfire__shot_seal(struct nf_shot *n) {
    n->magic = NF_SHOT_MAGIC;
    n->zero = 0;
    n->seal = NF_SEAL_OF(n, struct nf_shot, NF_SHOT_KEY);
}

/* Every section's seal, in storage order, then the object's over them. */
#define SEAL_SECTIONS(field, count, type) \
  for (size_t i = 0; i < (count); i++, k++) { \
    const type *sec = &(&n->field)[i]; \
    seals[k] = NF_SECTION_SEAL(sec, type, k); \
  }
static uint64_t section_seals(const struct nf_rules *n, uint64_t seals[NF_SEC_COUNT + 1]) {
    size_t k = 0;
    NF_SECTIONS(SEAL_SECTIONS)
    seals[NF_SEC_COUNT] = n->magic | (uint64_t)n->zero << 32;
    return napfire__seal(seals, NF_SEC_COUNT + 1, NF_RULES_KEY);
}
#undef SEAL_SECTIONS

#define STORED_SEALS(field, count, type) \
  for (size_t i = 0; i < (count); i++, k++) \
    stored[k] = (&n->field)[i].seal;
/* Magic and every seal as the setters left them. */
int napfire__rules_sealed(const struct nf_rules *n) {
    if (n->magic != NF_RULES_MAGIC)
        return 0;
    uint64_t seals[NF_SEC_COUNT + 1], stored[NF_SEC_COUNT];
    size_t k = 0;
    NF_SECTIONS(STORED_SEALS)
    uint64_t top = section_seals(n, seals);
    return memcmp(seals, stored, sizeof stored) == 0 && top == n->seal;
}
#undef STORED_SEALS

#define WRITE_SEALS(field, count, type) \
  for (size_t i = 0; i < (count); i++, k++) \
    (&n->field)[i].seal = seals[k];
void napfire__rules_reseal(struct nf_rules *n) {
    uint64_t seals[NF_SEC_COUNT + 1];
    size_t k = 0;
    n->seal = section_seals(n, seals);
    NF_SECTIONS(WRITE_SEALS)
}
#undef WRITE_SEALS
