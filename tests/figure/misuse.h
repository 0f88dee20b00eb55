/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix (API contract "Principles", "Errors and verdicts"): every
 * function given NULL (EINVAL), an out-of-domain value (EDOMAIN), a wrong
 * size (ESIZE), uninitialised or corrupted storage (ESTATE) returns the
 * documented status and leaves its outputs untouched. Hostile storage never
 * crashes (the suites also run under ASan/UBSan). One program per entry-point
 * family: test_misuse_units.c, _shots, _rules, _storage (every type at once),
 * _batch (batches and dice) and _hex (the trace iterator).
 *
 * The first tests use only two facts about the private layout: the magic
 * is in bytes 0..3 of every object, and bytes 4..7 of a unit are sealed.
 * Units, shots and rules are sealed (lib/seal.h "Integrity seals"):
 * the tests further down change every sealed byte, poke valid values into
 * the packed parameters and forge seals, all located through
 * the private headers (offsetof, the field tables, NF_SEAL_OF), so that they
 * follow the layout when it changes. The dice and trace tables (one row
 * per field) take their offsets from lib/probability.c's documented
 * seeding and lib/hex_internal.h; see "Hostile storage, type by type" in
 * test_misuse_storage.c.
 */
#ifndef MISUSE_H
#define MISUSE_H

#include "nftest.h"

#include <stddef.h>
#include <stdio.h>

/* Private layouts, for offsetof only: the tests never call into them. */
#include "../../lib/fast.h"
#include "../../lib/hex_internal.h"

/* Fails through Check only on failure: ck_assert records a mark point (a
 * write to Check's log) on every success, which would dominate the run
 * time of the sweeps and fillings below. */
#define EXPECT(cond, ...) \
  do { \
    if (!(cond)) \
      ck_abort_msg(__VA_ARGS__); \
  } while (0)

/* Hostile storage generators: make_bad_unit(), make_bad_shot(),
 * make_bad_rules() build this many kinds each. */
#define N_BAD_UNITS 8
#define N_BAD_SHOTS 8
#define N_BAD_RULES 7

#define MIRROR_DICE_MAGIC 0x4E464431u /* "NFD1", as lib/probability.c */

/* A valid rules text: parsing it onto hostile storage must still fail. */
static const char rules_text_ok[] = "napfire-rules 1\nthreshold.screen.mm = 50\n";

/* Largest object, for snapshots. */
#define MAX_OBJ NAPFIRE_RULES_SIZE

/* Sealed storage: units and shots
 *
 * lib/seal.h "Integrity seals": every setter ends by sealing the
 * bytes a unit or shot keeps (up to and including its seal), and every
 * call checks the seal first. So any change not made by a setter (one
 * bit, garbage, even a value the setter would accept) is ESTATE for every
 * call. The bytes after the seal, up to NAPFIRE_UNIT_SIZE and
 * NAPFIRE_SHOT_SIZE, are unused: a change there changes nothing. */
#define UNIT_SEALED_END (offsetof(struct nf_unit_obj, seal) + sizeof(uint64_t))
#define SHOT_SEALED_END (offsetof(struct nf_shot, seal) + sizeof(uint64_t))
_Static_assert(UNIT_SEALED_END <= NAPFIRE_UNIT_SIZE && SHOT_SEALED_END <= NAPFIRE_SHOT_SIZE, "sealed bytes fit");

/* Units of every arm with settings off their defaults (base_unit()). */
#define N_BASE_UNITS 5

/* Shots with an infantry, an artillery and a cavalry-target case, their
 * dependent settings (FIRING_FIGURES, SCREEN, artillery facts) in use
 * (base_shot()). */
#define N_BASE_SHOTS 3

/* The changes made to each byte: its low bit, its high bit, and all bits
 * set (all clear where it is 0xFF already). */
#define N_BYTE_CHANGES 3

/* Shared helpers (misuse.c); each is documented there. */
void good_unit(napfire_unit *u);
void good_shot(napfire_shot *s);
void fill32(void *obj, size_t offset, uint32_t v);
void make_bad_shot(napfire_shot *s, int which);
int known_status(int st);
void sane_result(const napfire_result *res);
void *tight_copy(const void *src, size_t n);
void put_field(void *obj, size_t offset, size_t width, int64_t v);
const char *pname(int32_t p);
const napfire_rules *full_rules(void);
const napfire_unit *cached_good_unit(void);
const napfire_shot *cached_good_shot(void);
void unit_refused(void *obj, size_t avail, const char *what);
void shot_refused(void *obj, size_t avail, const char *what);
void rules_refused(void *obj, size_t avail, const char *what);
void dice_refused(void *obj, size_t avail, const char *what);
void trace_refused(void *obj, size_t avail, const char *what);
/* The same calls, refusing with want (NAPFIRE_ESTATE, or NAPFIRE_EALIGN for
 * storage off an 8-byte boundary: then a batch refuses as a whole). */
void unit_refused_as(void *obj, size_t avail, const char *what, int want);
void shot_refused_as(void *obj, size_t avail, const char *what, int want);
void rules_refused_as(void *obj, size_t avail, const char *what, int want);
void dice_refused_as(void *obj, size_t avail, const char *what, int want);
void trace_refused_as(void *obj, size_t avail, const char *what, int want);
size_t magic_bad_values(uint32_t magic, int64_t out[8]);
void base_unit(napfire_unit *u, int which);
void base_shot(napfire_shot *s, int which);
unsigned char byte_changed(unsigned char b, int k);
int sealed_bytes_refused(const void *obj, size_t size, size_t end, const char *prefix,
                         void (*check)(void *, size_t, const char *));
size_t sample_values(int32_t param, int32_t out[24]);
struct nf_unit_obj *unit_storage(void *u);
void forge_unit_seal(void *u);
size_t field_raw_values(const struct nf_field *f, uint32_t out[40]);
int forged_must_refuse(int32_t p, int32_t v, int32_t def, int setter_st);
void shot_calls_known(const napfire_shot *s, const char *what);

#endif
