/* SPDX-License-Identifier: MIT */
/*
 * The seal policy, whole: what is sealed (a unit, a shot with its digest,
 * each rules section and the rules object over the section seals), with
 * which key, and how a reader checks it. seal.c writes and checks the
 * seals that no hot path needs inline.
 */
#ifndef NAPFIRE_SEAL_H
#define NAPFIRE_SEAL_H

#include "model.h"

/* Magic values are distinct per type so that one object's bytes copied into
 * another type's storage are rejected as well as garbage is. */
#define NF_UNIT_MAGIC 0x4E465531u  /* "NFU1" */
#define NF_SHOT_MAGIC 0x4E465331u  /* "NFS1" */
#define NF_RULES_MAGIC 0x4E465231u /* "NFR1" */

/*
 * Integrity seals. Every mutator of a unit, a shot or a rules object ends
 * by writing a 64-bit seal over the storage it keeps; every reader checks
 * the seal of what it reads before trusting it, so storage changed behind
 * the library's back (garbage, a stale or half-copied object, even a
 * "valid" value poked into a field) is NAPFIRE_ESTATE. The seal guards
 * against accidents, not forgers: every value used as an index is still
 * range-checked where it is used, so a forged seal cannot make the
 * library read outside an object. Seals hash contents only, never
 * addresses, so an object stays valid when copied byte for byte.
 *
 * The seal is key + sum of word_i * K_i (mod 2^64), K_i = G * (2i + 1)
 * mod 2^31 with G odd: every K_i is odd, so a change to any one word
 * always changes the seal (an odd K_i is invertible mod 2^64), and the
 * K_i are distinct (G is invertible mod 2^31), so swapping two words
 * changes it too, unless they differ by a multiple of a large power of
 * two. A mixing step after the sum would add nothing to an equality test
 * (it would be a bijection), so there is none. The multipliers fit a
 * 32-bit immediate and the loop is unrolled for the constant sizes the
 * callers pass, so a word costs two instructions (a multiply from memory
 * by an immediate and an add), which is what lets the hot path check a
 * seal on every call.
 */
static inline uint64_t napfire__load64(const unsigned char *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

#define NF_SEAL_G UINT64_C(0x9E3779B9)
#if defined(__clang__)
#  define NF_UNROLL _Pragma("unroll 32")
#elif defined(__GNUC__) && __GNUC__ >= 8
#  define NF_UNROLL _Pragma("GCC unroll 32")
#else
#  define NF_UNROLL
#endif

static inline uint64_t napfire__seal(const void *storage, size_t words, uint64_t key) {
    const unsigned char *p = (const unsigned char *)storage;
    uint64_t h = key;
    NF_UNROLL
    for (size_t i = 0; i < words; i++)
        h += napfire__load64(p + 8 * i) * ((NF_SEAL_G * (2 * i + 1)) & UINT64_C(0x7FFFFFFF));
    return h;
}

/* The words before the seal field of a struct that ends with one. */
#define NF_SEALED_WORDS(type) (offsetof(type, seal) / 8)
#define NF_SEAL_OF(ptr, type, key) napfire__seal((ptr), NF_SEALED_WORDS(type), (key))

/* Per-type keys: one type's sealed bytes in another type's storage, or
 * one rules section copied over another, do not match. */
#define NF_UNIT_KEY 0x6E61706669726555u
#define NF_SHOT_KEY 0x6E61706669726553u
#define NF_RULES_KEY 0x6E61706669726552u

/* A section's seal: the key differs per section position, so a section
 * copied over another is noticed. */
#define NF_SECTION_SEAL(ptr, type, index) NF_SEAL_OF((ptr), type, NF_RULES_KEY + 2u * (uint64_t)(index) + 1u)
#define NF_SECTION_OK(ptr, type, index) (NF_SECTION_SEAL((ptr), type, (index)) == (ptr)->seal)

/* Inline: every resolution checks its shot's seal first. */
static inline int napfire__shot_sealed(const struct nf_shot *s) {
    return s->magic == NF_SHOT_MAGIC && NF_SEAL_OF(s, struct nf_shot, NF_SHOT_KEY) == s->seal;
}
int napfire__unit_sealed(const struct nf_unit_obj *o);
/* Tag and seal storage whose contents are final (a shot's digest
 * included). */
void napfire__unit_seal(struct nf_unit_obj *o);
void napfire__shot_seal(struct nf_shot *n);

struct nf_rules;
/* Recompute every seal of a rules object after a change (rules.c's
 * setters and init). */
void napfire__rules_reseal(struct nf_rules *n);
/* Magic and every seal as the setters left them. */
int napfire__rules_sealed(const struct nf_rules *n);

#endif /* NAPFIRE_SEAL_H */
