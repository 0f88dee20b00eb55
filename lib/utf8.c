/* SPDX-License-Identifier: MIT */
/* Strict UTF-8, shared by the provenance setter (rules.c) and the rules
 * text parser: one decoder, so both refuse the same bytes. */
#include "common.h"

int napfire__utf8_width(const unsigned char *s, size_t len) {
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t need;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = c & 0x1Fu;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        cp = c & 0x0Fu;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        cp = c & 0x07u;
        min = 0x10000;
    } else {
        return NF_UTF8_NOT_LEAD;
    }
    if (len <= need)
        return NF_UTF8_TRUNCATED;
    for (size_t k = 1; k <= need; k++) {
        unsigned char cc = s[k];
        if ((cc & 0xC0) != 0x80)
            return NF_UTF8_TRUNCATED;
        cp = (cp << 6) | (cc & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return NF_UTF8_INVALID;
    return (int)need + 1;
}
