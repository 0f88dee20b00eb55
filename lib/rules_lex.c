/* SPDX-License-Identifier: MIT */
/*
 * Syntax of the rules text format, apart from what any key means (as inih
 * keeps syntax apart from its handlers): the bytes of a line, blanks and
 * comments, value tokens, keys and '=', quoted texts, the version line,
 * and the error message buffer. Bounded: every loop runs over one line of
 * at most NAPFIRE_RULES_LINE_MAX bytes. No libc formatting.
 */
#include <string.h>

#include "rules_text.h"

int napfire__span_is(struct nf_span s, const char *word) {
    size_t n = strlen(word);
    return s.n == n && memcmp(s.p, word, n) == 0;
}

/* ---- messages ----------------------------------------------------------- */

void napfire__msg_bytes(struct nf_msg *m, const char *s, size_t n) {
    size_t room = NAPFIRE_PARSE_MESSAGE_SIZE - 1 - m->n;
    if (n > room) {
        n = room;
        /* Never cut a UTF-8 sequence: back up to a lead byte. */
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(m->buf + m->n, s, n);
    m->n += n;
    m->buf[m->n] = '\0';
}

void napfire__msg_str(struct nf_msg *m, const char *s) {
    napfire__msg_bytes(m, s, strlen(s));
}

size_t napfire__int_text(int64_t v, int plus, char out[24]) {
    char digits[24];
    size_t n = 0, k = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        digits[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u && n < 20);
    if (v < 0 || (plus && v > 0))
        out[k++] = v < 0 ? '-' : '+';
    while (n > 0)
        out[k++] = digits[--n];
    return k;
}

/* A count, line number or bound; `plus` writes '+' before a positive. */
void napfire__msg_int(struct nf_msg *m, int64_t v, int plus) {
    char text[24];
    napfire__msg_bytes(m, text, napfire__int_text(v, plus, text));
}

/* Quote at most 32 bytes of (already UTF-8-validated) text. */
void napfire__msg_quote(struct nf_msg *m, const unsigned char *p, size_t n) {
    size_t lim = 32;
    napfire__msg_str(m, "'");
    if (n > lim) {
        while (lim > 0 && (p[lim] & 0xC0) == 0x80)
            lim--;
        napfire__msg_bytes(m, (const char *)p, lim);
        napfire__msg_str(m, "...");
    } else {
        napfire__msg_bytes(m, (const char *)p, n);
    }
    napfire__msg_str(m, "'");
}

struct nf_msg *napfire__lex_fail(struct nf_lexer *lx, size_t at, int32_t code) {
    memset(lx->err, 0, sizeof *lx->err);
    lx->err->line = lx->lineno;
    lx->err->column = (int32_t)(at + 1);
    lx->err->code = code;
    lx->m.buf = lx->err->message;
    lx->m.n = 0;
    return &lx->m;
}

/* ---- tokens ------------------------------------------------------------- */

static int blank(unsigned char c) {
    return c == ' ' || c == '\t';
}

size_t napfire__lex_blanks(const struct nf_lexer *lx, size_t i) {
    while (i < lx->len && blank(lx->line[i]))
        i++;
    return i;
}

int napfire__lex_at_end(const struct nf_lexer *lx, size_t i) {
    i = napfire__lex_blanks(lx, i);
    return i == lx->len || lx->line[i] == '#';
}

int napfire__lex_token(const struct nf_lexer *lx, size_t *i, struct nf_span *tok, size_t *at) {
    size_t j = napfire__lex_blanks(lx, *i);
    *i = j;
    if (j == lx->len || lx->line[j] == '#')
        return 0;
    size_t start = j;
    while (j < lx->len && !blank(lx->line[j]) && lx->line[j] != '#')
        j++;
    tok->p = lx->line + start;
    tok->n = j - start;
    *at = start;
    *i = j;
    return 1;
}

int napfire__lex_bytes(struct nf_lexer *lx) {
    size_t i = 0;
    while (i < lx->len) {
        unsigned char c = lx->line[i];
        if (c == 0) {
            napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_NUL), "NUL byte");
            return 0;
        }
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F) {
                struct nf_msg *m = napfire__lex_fail(lx, i, NAPFIRE_PARSE_CONTROL);
                napfire__msg_str(m, "control character ");
                napfire__msg_int(m, c, 0);
                napfire__msg_str(m, " (only tab and the line end are allowed)");
                return 0;
            }
            i++;
            continue;
        }
        int w = napfire__utf8_width(lx->line + i, lx->len - i);
        if (w < 0) {
            static const char *const why[] = {
                [-NF_UTF8_NOT_LEAD] = "invalid UTF-8: not a lead byte",
                [-NF_UTF8_TRUNCATED] = "invalid UTF-8: truncated sequence",
                [-NF_UTF8_INVALID] = "invalid UTF-8: overlong form, surrogate or beyond U+10FFFF",
            };
            napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_UTF8), why[-w]);
            return 0;
        }
        i += (size_t)w;
    }
    return 1;
}

static int keychar(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

int napfire__lex_key(struct nf_lexer *lx, size_t i, struct nf_span *key, size_t *at, size_t *after) {
    size_t start = i;
    while (i < lx->len && keychar(lx->line[i]))
        i++;
    if (i == start) {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_SYNTAX),
                         "expected a key (letters, digits, '_' and '.') then '='");
        return 0;
    }
    key->p = lx->line + start;
    key->n = i - start;
    *at = start;
    i = napfire__lex_blanks(lx, i);
    if (i == lx->len || lx->line[i] != '=') {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_SYNTAX), "expected '=' after the key");
        return 0;
    }
    *after = i + 1;
    return 1;
}

/* The bytes of a quoted text after its opening quote; *i ends on the
 * closing quote. */
static int text_body(struct nf_lexer *lx, size_t open, size_t *i, char *out, size_t max, const char *what) {
    size_t n = 0;
    for (;;) {
        if (*i == lx->len) {
            napfire__msg_str(napfire__lex_fail(lx, open, NAPFIRE_PARSE_VALUE),
                             "unterminated text: missing the closing '\"'");
            return 0;
        }
        unsigned char c = lx->line[*i];
        if (c == '"')
            break;
        if (c == '\t') {
            napfire__msg_str(napfire__lex_fail(lx, *i, NAPFIRE_PARSE_VALUE), "tab in a text");
            return 0;
        }
        if (c == '\\') {
            if (*i + 1 == lx->len || (lx->line[*i + 1] != '"' && lx->line[*i + 1] != '\\')) {
                napfire__msg_str(napfire__lex_fail(lx, *i, NAPFIRE_PARSE_VALUE),
                                 "unknown escape in a text: only \\\" and \\\\");
                return 0;
            }
            c = lx->line[++*i];
        }
        if (n == max) {
            struct nf_msg *m = napfire__lex_fail(lx, open, NAPFIRE_PARSE_RANGE);
            napfire__msg_str(m, "text too long: ");
            napfire__msg_str(m, what);
            napfire__msg_str(m, " takes at most ");
            napfire__msg_int(m, (int64_t)max, 0);
            napfire__msg_str(m, " bytes");
            return 0;
        }
        out[n++] = (char)c;
        ++*i;
    }
    out[n] = '\0';
    return 1;
}

int napfire__lex_text(struct nf_lexer *lx, size_t i, char *out, size_t max, const char *what) {
    i = napfire__lex_blanks(lx, i);
    if (i == lx->len || lx->line[i] == '#') {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_COUNT),
                         "missing value: expected a quoted text \"...\"");
        return 0;
    }
    if (lx->line[i] != '"') {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_VALUE), "expected a quoted text \"...\"");
        return 0;
    }
    size_t open = i++;
    if (!text_body(lx, open, &i, out, max, what))
        return 0;
    i = napfire__lex_blanks(lx, i + 1);
    if (i < lx->len && lx->line[i] != '#') {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_COUNT), "unexpected text after the closing '\"'");
        return 0;
    }
    return 1;
}

size_t napfire__read_digits(struct nf_span s, size_t *i, int64_t cap, int64_t *v) {
    size_t start = *i;
    int64_t acc = 0;
    while (*i < s.n && s.p[*i] >= '0' && s.p[*i] <= '9') {
        if (acc <= cap)
            acc = acc * 10 + (s.p[*i] - '0');
        (*i)++;
    }
    *v = acc;
    return *i - start;
}

static const char version_word[] = "napfire-rules";

int napfire__lex_version(struct nf_lexer *lx, size_t i) {
    size_t n = sizeof version_word - 1;
    if (lx->len - i < n || memcmp(lx->line + i, version_word, n) != 0 || (lx->len - i > n && !blank(lx->line[i + n]))) {
        napfire__msg_str(napfire__lex_fail(lx, i, NAPFIRE_PARSE_VERSION),
                         "missing version line: the text must begin with 'napfire-rules 1'");
        return 0;
    }
    i = napfire__lex_blanks(lx, i + n);
    struct nf_span rest = {lx->line, lx->len};
    int64_t v = 0;
    size_t at = i;
    size_t nd = napfire__read_digits(rest, &i, 1000000, &v);
    if (nd == 0 || !napfire__lex_at_end(lx, i)) {
        napfire__msg_str(napfire__lex_fail(lx, at, NAPFIRE_PARSE_VERSION),
                         "malformed version line: expected 'napfire-rules 1'");
        return 0;
    }
    if (v != NAPFIRE_RULES_TEXT_VERSION) {
        struct nf_msg *m = napfire__lex_fail(lx, at, NAPFIRE_PARSE_VERSION);
        napfire__msg_str(m, "unsupported format version ");
        if (v > 999999)
            napfire__msg_str(m, "(huge)");
        else
            napfire__msg_int(m, v, 0);
        napfire__msg_str(m, ": this library reads version 1");
        return 0;
    }
    return 1;
}
