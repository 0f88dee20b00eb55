/* SPDX-License-Identifier: MIT */
/*
 * napfire_rules_parse(): the rules text applied line by line through the
 * key family table (rules_keys.c).
 *
 * Parsing overlays a copy of the caller's rules through the public setters,
 * so the text is validated exactly as value-by-value calls would be, and
 * commits the copy only when the whole text is good. Everything is bounded:
 * the text size, the line length, every number (saturating accumulation),
 * and every loop runs over one of those. No allocation, no recursion.
 */
#include <string.h>

#include "rules_text.h"

_Static_assert(sizeof(napfire_parse_error) == 160, "napfire_parse_error is 160 bytes");
_Static_assert(offsetof(napfire_parse_error, line) == 0, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, column) == 4, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, code) == 8, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, message) == 12, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, reserved) == 140, "parse error layout");

struct parser {
    struct nf_lexer lx;
    napfire_rules *tmp;
    int32_t first_line[NF_KEY_SLOTS]; /* where each key was given, 0: not yet */
};

/* A setter refused a value the parser let through: say why when the
 * family knows, else generically. */
static int refused(struct parser *p, const struct nf_family *f, size_t at, int st) {
    struct nf_msg *m = napfire__lex_fail(&p->lx, at, NAPFIRE_PARSE_RANGE);
    if (st == NAPFIRE_EDOMAIN && f && f->refused) {
        napfire__msg_str(m, f->refused);
        return 0;
    }
    napfire__msg_str(m, "value refused by the rules data (");
    napfire__msg_str(m, napfire_status_name(st));
    napfire__msg_str(m, ")");
    return 0;
}

/* A provenance text (the one family of kind TEXT). */
static int apply_text(struct parser *p, const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], size_t i) {
    static const size_t max[] = {
        [NAPFIRE_PROVENANCE_NAME] = NF_NAME_CAP - 1,
        [NAPFIRE_PROVENANCE_EDITION] = NF_EDITION_CAP - 1,
        [NAPFIRE_PROVENANCE_SOURCE] = NF_SOURCE_CAP - 1,
    };
    char text[NF_SOURCE_CAP];
    if (!napfire__lex_text(&p->lx, i, text, max[ix[0]], f->dim[0].names[ix[0]]))
        return 0;
    /* The line is valid UTF-8 and an escape only ever yields ASCII, so the
     * setter's own checks pass; it still has the last word. */
    int st = napfire_rules_set_provenance(p->tmp, ix[0], text);
    return st == NAPFIRE_OK ? 1 : refused(p, f, napfire__lex_blanks(&p->lx, i) + 1, st);
}

/* The values' count: report a short or a long line. */
static int short_line(struct parser *p, size_t at, int32_t found, int32_t expected) {
    struct nf_msg *m = napfire__lex_fail(&p->lx, at, NAPFIRE_PARSE_COUNT);
    if (found == 0) {
        napfire__msg_str(m, "missing value: this key takes ");
    } else {
        napfire__msg_str(m, "too few values: found ");
        napfire__msg_int(m, found, 0);
        napfire__msg_str(m, ", this key takes ");
    }
    napfire__msg_int(m, expected, 0);
    return 0;
}

static int long_line(struct parser *p, size_t at, int32_t expected) {
    struct nf_msg *m = napfire__lex_fail(&p->lx, at, NAPFIRE_PARSE_COUNT);
    napfire__msg_str(m, "too many values: this key takes ");
    napfire__msg_int(m, expected, 0);
    return 0;
}

/* After a setter refused an ordered vector: the first value out of order
 * (each value is in its domain, so the order is what is wrong). */
static int out_of_order(struct parser *p, const struct nf_family *f, const int32_t v[], const size_t at[],
                        int32_t count) {
    int32_t last = f->strict ? 0 : -1;
    for (int32_t j = 0; j < count; j++) {
        if (v[j] == NAPFIRE_UNKNOWN)
            continue;
        if (v[j] < last + f->strict) {
            napfire__msg_str(napfire__lex_fail(&p->lx, at[j], NAPFIRE_PARSE_ORDER), f->order);
            return 0;
        }
        last = v[j];
    }
    return refused(p, f, at[0], NAPFIRE_EDOMAIN);
}

/* The values of one key: read the current ones, overlay the line's ('.'
 * keeps one), and set them all through the family's setter. */
static int apply_values(struct parser *p, const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], size_t i) {
    int32_t v[NF_KEY_VALUES] = {0}, star[NF_KEY_VALUES] = {0};
    size_t at[NF_KEY_VALUES];
    int32_t count = napfire__family_count(f, ix);
    int st = napfire__family_get(f, p->tmp, ix, v, star);
    if (st != NAPFIRE_OK)
        return refused(p, f, 0, st);
    for (int32_t j = 0; j < count; j++) {
        struct nf_span t;
        int how;
        int32_t value, s, datum[4];
        if (!napfire__lex_token(&p->lx, &i, &t, &at[j]))
            return short_line(p, i, j, count);
        /* Distances take the measure from the datum, counts their domain. */
        napfire__family_datum(f, ix, j, datum);
        int32_t lo = f->kind == NF_VALUE_COUNT ? napfire__threshold_lo(datum[0]) : 0;
        int32_t hi = f->kind == NF_VALUE_COUNT ? napfire__threshold_hi(datum[0]) : 0;
        if (!napfire__value_parse(&p->lx, t, at[j], f->kind, datum[1], lo, hi, &how, &value, &s))
            return 0;
        if (how == NF_SET) {
            v[j] = value;
            star[j] = s;
        }
    }
    struct nf_span extra;
    size_t extra_at;
    if (napfire__lex_token(&p->lx, &i, &extra, &extra_at))
        return long_line(p, extra_at, count);
    int32_t bad = -1;
    st = napfire__family_set(f, p->tmp, ix, v, star, &bad);
    if (st == NAPFIRE_EDOMAIN && bad < 0 && f->order)
        return out_of_order(p, f, v, at, count);
    return st == NAPFIRE_OK ? 1 : refused(p, f, at[bad < 0 ? 0 : bad], st);
}

/* One `key = values` line (or a blank or comment line). */
static int parse_line(struct parser *p) {
    size_t i = napfire__lex_blanks(&p->lx, 0);
    if (napfire__lex_at_end(&p->lx, i))
        return 1;
    struct nf_span key;
    size_t kat, after;
    if (!napfire__lex_key(&p->lx, i, &key, &kat, &after))
        return 0;
    int32_t ix[NF_KEY_DIMS];
    size_t slot = 0;
    const struct nf_family *f = napfire__key_lookup(key, ix, &slot);
    if (!f) {
        struct nf_msg *m = napfire__lex_fail(&p->lx, kat, NAPFIRE_PARSE_UNKNOWN_KEY);
        napfire__msg_str(m, "unknown key ");
        napfire__msg_quote(m, key.p, key.n);
        return 0;
    }
    if (p->first_line[slot]) {
        struct nf_msg *m = napfire__lex_fail(&p->lx, kat, NAPFIRE_PARSE_DUPLICATE_KEY);
        napfire__msg_str(m, "duplicate key ");
        napfire__msg_quote(m, key.p, key.n);
        napfire__msg_str(m, " (first given on line ");
        napfire__msg_int(m, p->first_line[slot], 0);
        napfire__msg_str(m, ")");
        return 0;
    }
    p->first_line[slot] = p->lx.lineno;
    return f->kind == NF_VALUE_TEXT ? apply_text(p, f, ix, after) : apply_values(p, f, ix, after);
}

/* One line of the text: its bytes, then the version or a key. */
static int parse_one(struct parser *p) {
    if (p->lx.len > NAPFIRE_RULES_LINE_MAX) {
        napfire__msg_str(napfire__lex_fail(&p->lx, NAPFIRE_RULES_LINE_MAX, NAPFIRE_PARSE_LINE_TOO_LONG),
                         "line too long: at most 1024 bytes");
        return 0;
    }
    if (!napfire__lex_bytes(&p->lx))
        return 0;
    if (p->lx.lineno > 1)
        return parse_line(p);
    /* An optional UTF-8 byte order mark before the version line. */
    size_t i = p->lx.len >= 3 && memcmp(p->lx.line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    return napfire__lex_version(&p->lx, i);
}

/* Point the lexer at the line starting at pos (LF or CRLF ends it);
 * returns where the next line starts. */
static size_t next_line(struct nf_lexer *lx, const unsigned char *s, size_t len, size_t pos, int32_t lineno) {
    size_t end = pos;
    while (end < len && s[end] != '\n')
        end++;
    size_t next = end < len ? end + 1 : end;
    if (end > pos && s[end - 1] == '\r')
        end--; /* CRLF */
    lx->line = s ? s + pos : (const unsigned char *)"";
    lx->len = end - pos;
    lx->lineno = lineno;
    return next;
}

int napfire_rules_parse(napfire_rules *r, const char *text, size_t len, napfire_parse_error *err) {
    if (!r || !err || (!text && len > 0))
        return NAPFIRE_EINVAL;
    if (NF_MISALIGNED(r))
        return NAPFIRE_EALIGN;
    if (NF_CRULES(r)->magic != NF_RULES_MAGIC)
        return NAPFIRE_ESTATE;
    /* Every stored value must be valid before anything is read or kept. */
    int st = napfire__keys_validate(r);
    if (st != NAPFIRE_OK)
        return st;

    napfire_rules tmp;
    memcpy(&tmp, r, sizeof tmp);
    struct parser p;
    memset(&p, 0, sizeof p);
    p.tmp = &tmp;
    p.lx.err = err;
    p.lx.lineno = 1;

    const unsigned char *s = (const unsigned char *)text;
    if (len > NAPFIRE_RULES_TEXT_MAX) {
        p.lx.line = s;
        napfire__msg_str(napfire__lex_fail(&p.lx, 0, NAPFIRE_PARSE_TOO_LARGE),
                         "text too large: at most 1048576 bytes (1 MiB)");
        return NAPFIRE_ESYNTAX;
    }
    size_t pos = 0;
    /* One line per iteration; lines are never empty of progress, so this
     * runs at most len + 1 times. An empty text is one empty line. */
    for (int32_t lineno = 1; lineno == 1 || pos < len; lineno++) {
        pos = next_line(&p.lx, s, len, pos, lineno);
        if (!parse_one(&p))
            return NAPFIRE_ESYNTAX;
    }
    memcpy(r, &tmp, sizeof tmp);
    memset(err, 0, sizeof *err);
    return NAPFIRE_OK;
}
