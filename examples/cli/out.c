/* SPDX-License-Identifier: MIT */
/* The output module: see out.h. */
#include "out.h"

#include <stdarg.h>
#include <string.h>

static int buffer_write(void *ctx, const char *data, size_t len) {
    struct out_buffer *b = ctx;
    if (b->len + len + 1 > b->cap)
        return -1;
    memcpy(b->buf + b->len, data, len);
    b->len += len;
    b->buf[b->len] = '\0';
    return 0;
}

struct out *out_to_buffer(struct out *o, struct out_buffer *b, char *buf, size_t cap) {
    b->buf = buf;
    b->cap = cap;
    b->len = 0;
    if (cap > 0)
        buf[0] = '\0';
    o->write = buffer_write;
    o->ctx = b;
    o->failed = cap == 0;
    return o;
}

void out_put(struct out *o, const char *data, size_t len) {
    if (!o->failed && len > 0 && o->write(o->ctx, data, len) != 0)
        o->failed = 1;
}

void out_s(struct out *o, const char *s) {
    out_put(o, s, strlen(s));
}

static void put_num(struct out *o, long long v) {
    char buf[24];
    size_t i = sizeof buf;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        buf[--i] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u != 0 && i > 1);
    if (v < 0)
        buf[--i] = '-';
    out_put(o, buf + i, sizeof buf - i);
}

/* One conversion at p (just past the '%'); returns the last byte used. */
static const char *convert(struct out *o, const char *p, va_list *ap) {
    switch (*p) {
        case 'd':
            put_num(o, va_arg(*ap, int));
            break;
        case 'u':
            put_num(o, va_arg(*ap, unsigned));
            break;
        case 's':
            out_s(o, va_arg(*ap, const char *));
            break;
        case 'z':
            if (p[1] == 'u') {
                put_num(o, (long long)va_arg(*ap, size_t));
                p++;
            }
            break;
        case '%':
            out_put(o, "%", 1);
            break;
        default:
            break;
    }
    return p;
}

void out_fmt(struct out *o, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    const char *run = f;
    for (const char *p = f; *p; p++) {
        if (*p != '%')
            continue;
        out_put(o, run, (size_t)(p - run));
        p = convert(o, p + 1, &ap);
        if (!*p) {
            run = p;
            break;
        }
        run = p + 1;
    }
    out_s(o, run);
    va_end(ap);
}

/* What replaces the ASCII byte c, into rep (NUL-terminated); "" keeps it. */
static void escape_one(unsigned char c, enum out_escape how, char rep[8]) {
    static const char hex[] = "0123456789abcdef";
    rep[0] = '\0';
    if (how == OUT_XML) {
        const char *e = c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '"' ? "&quot;" : "";
        memcpy(rep, e, strlen(e) + 1);
    } else if (c == '"' || c == '\\') {
        rep[0] = '\\';
        rep[1] = (char)c;
        rep[2] = '\0';
    } else if (c < 0x20) {
        memcpy(rep, "\\u00", 4);
        rep[4] = hex[c >> 4];
        rep[5] = hex[c & 15];
        rep[6] = '\0';
    }
}

/* The length (2..4) of the well-formed UTF-8 sequence starting at the
 * non-ASCII byte s[0] (Unicode's table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or 0 when there is none: *bad then
 * receives the length of its maximal subpart (1..3), the bytes one U+FFFD
 * replaces, as Unicode recommends (and as Python's "replace" decodes). The
 * NUL at the end stops the scan like any byte that continues nothing. */
static size_t utf8_length(const unsigned char *s, size_t *bad) {
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        *bad = 1;
        return 0;
    }
    for (size_t i = 1; i <= need; i++) {
        if (s[i] < lo || s[i] > hi) {
            *bad = i;
            return 0;
        }
        lo = 0x80;
        hi = 0xBF;
    }
    return need + 1;
}

void out_escaped(struct out *o, const char *s, enum out_escape how) {
    static const char replacement[] = "\xEF\xBF\xBD"; /* U+FFFD */
    const unsigned char *p = (const unsigned char *)s, *run = p;
    while (*p) {
        char rep[8] = "";
        size_t skip = 1, bad = 0;
        if (*p < 0x80)
            escape_one(*p, how, rep);
        else if ((skip = utf8_length(p, &bad)) == 0)
            skip = bad;
        if (!rep[0] && !bad) {
            p += skip;
            continue;
        }
        out_put(o, (const char *)run, (size_t)(p - run));
        out_s(o, bad ? replacement : rep);
        p += skip;
        run = p;
    }
    out_s(o, (const char *)run);
}

void out_json_string(struct out *o, const char *s) {
    out_put(o, "\"", 1);
    out_escaped(o, s, OUT_JSON);
    out_put(o, "\"", 1);
}
