/* SPDX-License-Identifier: MIT */
/*
 * The rules text format's private pieces (doc/rules-format.md), one
 * concern per file:
 *
 *   rules_lex.c     syntax only: lines, bytes, blanks, comments, tokens,
 *                   quoted texts, and the error message buffer
 *   rules_values.c  one token to one value: cells, distances, numbers
 *   rules_keys.c    the table of key families: names, dimensions, value
 *                   kinds and counts, getters and setters
 *   rules_parse.c   napfire_rules_parse(): the table applied to each line
 *   rules_format.c  napfire_rules_format(): the table written out
 *   describe.c      napfire_missing_describe(): one datum as a line or a
 *                   sentence, found through the table
 *
 * Adding a key family is one row in rules_keys.c.
 */
#ifndef NAPFIRE_RULES_TEXT_H
#define NAPFIRE_RULES_TEXT_H

#include "rules_data.h"

/* ---- lexing (rules_lex.c) ---------------------------------------------- */

/* A run of bytes inside the text: a token or a key component. */
struct nf_span {
    const unsigned char *p;
    size_t n;
};

int napfire__span_is(struct nf_span s, const char *word);

/* An error message being assembled into napfire_parse_error::message. */
struct nf_msg {
    char *buf;
    size_t n; /* bytes used, < NAPFIRE_PARSE_MESSAGE_SIZE */
};

void napfire__msg_bytes(struct nf_msg *m, const char *s, size_t n);
void napfire__msg_str(struct nf_msg *m, const char *s);
void napfire__msg_int(struct nf_msg *m, int64_t v, int plus);
/* v in decimal at the start of out, '+' before a positive with `plus`;
 * returns the length. */
size_t napfire__int_text(int64_t v, int plus, char out[24]);
void napfire__msg_quote(struct nf_msg *m, const unsigned char *p, size_t n);

/* The line being read and where its errors go. */
struct nf_lexer {
    napfire_parse_error *err;
    const unsigned char *line; /* without its line end */
    size_t len;
    int32_t lineno;
    struct nf_msg m;
};

/* Start an error at 0-based byte offset `at` of the current line. */
struct nf_msg *napfire__lex_fail(struct nf_lexer *lx, size_t at, int32_t code);
size_t napfire__lex_blanks(const struct nf_lexer *lx, size_t i);
/* 1 when only blanks and a comment remain from i. */
int napfire__lex_at_end(const struct nf_lexer *lx, size_t i);
/* The next value at or after *i, up to a comment; 0 when none is left. */
int napfire__lex_token(const struct nf_lexer *lx, size_t *i, struct nf_span *tok, size_t *at);
/* NUL, control characters and strict UTF-8 of the whole line. */
int napfire__lex_bytes(struct nf_lexer *lx);
/* A key at i (letters, digits, '_', '.') and its '='; *after is past '='. */
int napfire__lex_key(struct nf_lexer *lx, size_t i, struct nf_span *key, size_t *at, size_t *after);
/* A quoted text "..." with \" and \\ from i: at most max bytes into out
 * (NUL-terminated), nothing but a comment after it. `what` names the
 * field in the too-long message. */
int napfire__lex_text(struct nf_lexer *lx, size_t i, char *out, size_t max, const char *what);
/* The version line `napfire-rules N` from byte i. */
int napfire__lex_version(struct nf_lexer *lx, size_t i);
/* Saturating decimal digits from s.p[*i]; returns how many were read. */
size_t napfire__read_digits(struct nf_span s, size_t *i, int64_t cap, int64_t *v);

/* ---- values (rules_values.c) ---------------------------------------------- */

enum nf_value_kind {
    NF_VALUE_TEXT,      /* a quoted provenance text */
    NF_VALUE_CELL_STAR, /* musketry cell: -, ½, N, N½, N* */
    NF_VALUE_CELL,      /* artillery cell: no star */
    NF_VALUE_DISTANCE,  /* a distance in the key's measure */
    NF_VALUE_COUNT,     /* a whole number lo..hi */
    NF_VALUE_MODIFIER   /* a signed whole number */
};

/* How a token reads: '.' keeps, '?' sets unknown, else a value. */
enum {
    NF_KEEP,
    NF_SET
};

/* One value token of the given kind; measure for distances, lo..hi for
 * counts. Returns 1 with *how, *value and *star, or 0 with the error. */
int napfire__value_parse(struct nf_lexer *lx, struct nf_span t, size_t at, enum nf_value_kind kind, int32_t measure,
                         int32_t lo, int32_t hi, int *how, int32_t *value, int32_t *star);

/* ---- the key families (rules_keys.c) -------------------------------------- */

#define NF_KEY_DIMS 3
#define NF_KEY_VALUES 9  /* the most values one key holds (a table row) */
#define NF_KEY_SLOTS 160 /* at least the number of keys (parse's duplicate check) */

struct nf_names {
    const char *const *names; /* NULL entries are no name */
    int32_t count;
};

struct nf_family {
    const char *prefix;  /* dotted key prefix, NULL for none */
    const char *section; /* comment block written before the family, or NULL */
    const char *title;   /* the family's name for people (--check groups) */
    size_t width;        /* the key column's width in the formatted text */
    int32_t ndims;
    struct nf_names dim[NF_KEY_DIMS];
    enum nf_value_kind kind;
    int32_t missing; /* NAPFIRE_MISSING_* of its data; NONE for texts */
    /* For vectors the setter keeps ordered: the message when they are not,
     * and whether the order is strict. */
    const char *order;
    int strict;
    /* A setter's EDOMAIN on one value the parser let through: why. */
    const char *refused;
    /* The key exists (the parser knows it); NULL: every index does. */
    int (*exists)(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]);
    /* The rules can read its data: only these keys are written out and
     * listed as unknown; NULL: every existing key. */
    int (*readable)(const int32_t ix[NF_KEY_DIMS]);
    /* How many values each key holds, or (values_of) per key. */
    int32_t values;
    int32_t (*values_of)(const int32_t ix[NF_KEY_DIMS]);
    /* Value j through the public getter (an unknown value is a value;
     * *star for musketry cells) and setter, for values that stand alone. */
    int (*get1)(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j, int32_t *v,
                int32_t *star);
    int (*set1)(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS], int32_t j, int32_t v,
                int32_t star);
    /* All values at once, for vectors the setter keeps ordered (NULL:
     * value by value); *bad gets -1, the whole vector being refused. */
    int (*get)(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
               int32_t v[NF_KEY_VALUES], int32_t star[NF_KEY_VALUES]);
    int (*set)(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
               const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad);
    /* Value j of key ix as a napfire_result missing index: each entry
     * is a key index, the value's position j, or nothing, plus a number. */
    struct nf_datum_part {
        enum {
            NF_FROM_KEY0,
            NF_FROM_KEY1,
            NF_FROM_KEY2,
            NF_FROM_VALUE,
            NF_FROM_NONE
        } from;
        int32_t add;
    } datum[4];
    int32_t fire; /* modifiers: the NAPFIRE_FIRE_* kind of the family */
};

extern const struct nf_family napfire__families[];
extern const int32_t napfire__nfamilies;

/* The value that means unknown for a family's kind. */
int32_t napfire__family_unknown(const struct nf_family *f);
/* Keys of a family: count, and the index vector of key number k. */
int32_t napfire__family_keys(const struct nf_family *f);
void napfire__family_key(const struct nf_family *f, int32_t k, int32_t ix[NF_KEY_DIMS]);
int napfire__family_exists(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]);
int napfire__family_readable(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]);
/* Value j of key ix as a napfire_result missing index. */
void napfire__family_datum(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], int32_t j, int32_t index[4]);
/* How many values a key of the family holds. */
int32_t napfire__family_count(const struct nf_family *f, const int32_t ix[NF_KEY_DIMS]);
/* A key's values through the getters (unknown ones included), or through
 * the setters; *bad gets the index of a value refused, -1 for the whole. */
int napfire__family_get(const struct nf_family *f, const napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                        int32_t v[NF_KEY_VALUES], int32_t star[NF_KEY_VALUES]);
int napfire__family_set(const struct nf_family *f, napfire_rules *r, const int32_t ix[NF_KEY_DIMS],
                        const int32_t v[NF_KEY_VALUES], const int32_t star[NF_KEY_VALUES], int32_t *bad);
/* Resolve a key: the family and index, and its slot for duplicates. */
const struct nf_family *napfire__key_lookup(struct nf_span key, int32_t ix[NF_KEY_DIMS], size_t *slot);
/* Every stored value through the getters: OK, or the first error. */
int napfire__keys_validate(const napfire_rules *r);
/* The family, key and value position holding a datum; NULL when no
 * readable key holds it (or it is outside every domain). */
const struct nf_family *napfire__key_of_datum(int32_t missing, const int32_t index[4], int32_t ix[NF_KEY_DIMS],
                                              int32_t *j);

/* ---- writing (rules_format.c) ------------------------------------------- */

struct nf_out {
    char *buf;  /* NULL: count only */
    size_t cap; /* room for text, the NUL excluded */
    size_t pos;
};

void napfire__put(struct nf_out *o, const char *s, size_t n);
void napfire__puts(struct nf_out *o, const char *s);
void napfire__put_int(struct nf_out *o, int32_t v, int plus);
/* The dotted key of a family's key, padded to width, then " = ". */
void napfire__put_key(struct nf_out *o, const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], size_t width);

#endif /* NAPFIRE_RULES_TEXT_H */
