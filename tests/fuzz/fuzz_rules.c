/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the rules text parser (F-DATA,
 * doc/rules-format.md). Also linked into tests/fuzz/replay.c, which feeds
 * it the committed corpus under `meson test`.
 *
 * For every input, parsed onto two bases (the built-in data, and a complete
 * made-up object so that '.' keeps known values and ordering can fail):
 *   - on error: the rules are byte-for-byte unchanged, and the error has a
 *     plausible line/column, a known code and a NUL-terminated UTF-8
 *     message;
 *   - on success: the error struct is zeroed; format() succeeds, refuses a
 *     buffer one byte short without touching it, and parse(format(r)) onto
 *     the built-in data equals r (every getter) and formats identically;
 *     every unknown datum napfire_rules_next_unknown() names describes
 *     itself as a PATCH line with exactly one '?' (whose key is in the
 *     formatted text) and a sentence without one.
 * Any violation aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "rules_eq.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FORMAT_CAP 32768

static void die(const char *what, const char *detail) {
    fprintf(stderr, "fuzz_rules: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

static void must(int ok, const char *what) {
    if (!ok)
        die(what, NULL);
}

static int valid_utf8(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t need = c < 0x80                 ? 0
                      : c >= 0xC2 && c <= 0xDF ? 1
                      : c >= 0xE0 && c <= 0xEF ? 2
                      : c >= 0xF0 && c <= 0xF4 ? 3
                                               : 9;
        if (need == 9 || n - i <= need)
            return need == 0;
        for (size_t k = 1; k <= need; k++)
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
        i += need + 1;
    }
    return 1;
}

/* A complete made-up object (every value known), built once. Test data,
 * not from any rulebook. */
static void complete_base(napfire_rules *r) {
    must(napfire_rules_init(r, sizeof *r) == NAPFIRE_OK, "init");
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t h = row * 4 + col * 3;
            int32_t star = (h % 2 == 0 && h >= 2 && col == 8) ? 1 : 0;
            must(napfire_rules_set_musketry(r, row, col, h, star) == NAPFIRE_OK, "set cell");
        }
    for (int32_t g = 0; g < 5; g++) {
        must(napfire_rules_set_gun_range(r, g, 0, 100 + g * 10, 400 + g * 20, 900 + g * 30) == NAPFIRE_OK,
             "set gun range");
        must(napfire_rules_set_gun_range(r, g, 1, 60 + g * 5, 240 + g * 10, 540 + g * 20) == NAPFIRE_OK,
             "set gun range");
        for (int32_t a = 0; a < 2; a++)
            for (int32_t b = 1; b <= 3; b++)
                for (int32_t col = 0; col < 9; col++)
                    /* canister is never read beyond canister range (F-ART-1) */
                    must(napfire_rules_set_artillery(r, g, a, b, col, a == 1 && b > 1 ? -1 : g + a + b + col * 2) ==
                             NAPFIRE_OK,
                         "set artillery");
    }
    for (int32_t id = 8; id <= 16; id++)
        must(napfire_rules_set_modifier(r, 1, id, 0, id - 12) == NAPFIRE_OK, "set mod");
    must(napfire_rules_set_modifier(r, 1, 8, 1, 3) == NAPFIRE_OK, "set mod");
    must(napfire_rules_set_modifier(r, 1, 15, 1, -3) == NAPFIRE_OK, "set mod");
    must(napfire_rules_set_modifier(r, 1, 19, 0, -1) == NAPFIRE_OK, "set mod");
}

static void check_error(const napfire_parse_error *e, const uint8_t *data, size_t size) {
    must(e->code >= NAPFIRE_PARSE_VERSION && e->code <= NAPFIRE_PARSE_ORDER, "error code");
    must(e->line >= 1 && e->column >= 1, "error position");
    must(e->column <= NAPFIRE_RULES_LINE_MAX + 1, "error column bound");
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    must((size_t)e->line <= lines, "error line beyond the text");
    size_t mlen = 0;
    while (mlen < sizeof e->message && e->message[mlen] != '\0')
        mlen++;
    must(mlen > 0 && mlen < sizeof e->message, "error message terminated");
    must(valid_utf8((const unsigned char *)e->message, mlen), "error message UTF-8");
    for (size_t i = 0; i < 5; i++)
        must(e->reserved[i] == 0, "error reserved");
}

static void check_unknown(const napfire_rules *r, const char *text);

static void check_success(const napfire_rules *r, const napfire_parse_error *e) {
    static char text[FORMAT_CAP], again[FORMAT_CAP];
    static const napfire_parse_error zero;
    must(memcmp(e, &zero, sizeof zero) == 0, "error struct zeroed on success");

    size_t len = 0, len2 = 0;
    must(napfire_rules_format(r, text, sizeof text, &len) == NAPFIRE_OK, "format");
    must(len < sizeof text && text[len] == '\0', "format NUL");

    /* One byte short: ENOSPC with the length, buffer untouched. */
    memset(again, 0x5A, len + 1);
    size_t short_len = 0;
    must(napfire_rules_format(r, again, len, &short_len) == NAPFIRE_ENOSPC, "format ENOSPC");
    must(short_len == len, "format ENOSPC length");
    for (size_t i = 0; i <= len; i++)
        if ((unsigned char)again[i] != 0x5A)
            die("format wrote into a short buffer", NULL);

    napfire_rules back;
    napfire_parse_error e2;
    must(napfire_rules_init(&back, sizeof back) == NAPFIRE_OK, "init");
    int st = napfire_rules_parse(&back, text, len, &e2);
    if (st != NAPFIRE_OK) {
        fprintf(stderr, "%s\n", text);
        fprintf(stderr, "line %d column %d: %s\n", (int)e2.line, (int)e2.column, e2.message);
        die("parse(format(r)) failed", napfire_status_name(st));
    }
    char why[256];
    if (!rules_equal(r, &back, why, sizeof why))
        die("parse(format(r)) differs from r", why);
    must(napfire_rules_format(&back, again, sizeof again, &len2) == NAPFIRE_OK, "format 2");
    must(len2 == len && memcmp(text, again, len) == 0, "format(parse(format(r))) differs");
    check_unknown(r, text);
}

/* Every unknown datum, described both ways (napfire_missing_describe). */
static void check_unknown(const napfire_rules *r, const char *text) {
    int32_t cursor = 0, missing = 0, index[4];
    for (int guard = 0; guard < 1000; guard++) {
        must(napfire_rules_next_unknown(r, &cursor, &missing, index) == NAPFIRE_OK, "next_unknown");
        if (missing == NAPFIRE_MISSING_NONE)
            return;
        char patch[256], sentence[256];
        size_t plen = 0, slen = 0;
        must(napfire_missing_describe(missing, index, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch, &plen) == NAPFIRE_OK,
             "describe patch");
        must(napfire_missing_describe(missing, index, NAPFIRE_DESCRIBE_SENTENCE, sentence, sizeof sentence, &slen) ==
                 NAPFIRE_OK,
             "describe sentence");
        const char *q = strchr(patch, '?');
        must(q != NULL && strchr(q + 1, '?') == NULL, "patch has one '?'");
        must(strchr(sentence, '?') == NULL && slen > 0, "sentence has no '?'");
        char key[128];
        size_t klen = strcspn(patch, " ");
        must(klen > 0 && klen < sizeof key - 1, "patch key");
        memcpy(key, patch, klen);
        key[klen] = ' ';
        key[klen + 1] = '\0';
        must(strstr(text, key) != NULL, "patch key is a formatted key");
    }
    die("next_unknown does not end", NULL);
}

static void one(const napfire_rules *base, const uint8_t *data, size_t size) {
    napfire_rules r, before;
    napfire_parse_error e;
    memcpy(&r, base, sizeof r);
    memcpy(&before, base, sizeof before);
    memset(&e, 0xA5, sizeof e);
    int st = napfire_rules_parse(&r, (const char *)data, size, &e);
    if (st == NAPFIRE_OK) {
        check_success(&r, &e);
    } else {
        must(st == NAPFIRE_ESYNTAX, "status is ESYNTAX");
        must(memcmp(&r, &before, sizeof r) == 0, "rules changed by a failed parse");
        check_error(&e, data, size);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static napfire_rules builtin, complete;
    static int ready;
    if (!ready) {
        must(napfire_rules_init(&builtin, sizeof builtin) == NAPFIRE_OK, "init");
        complete_base(&complete);
        ready = 1;
    }
    /* Copy into an exact-size buffer so a read past `size` is caught by
     * ASan even when the caller's buffer is larger. */
    uint8_t *copy = malloc(size ? size : 1);
    must(copy != NULL, "malloc");
    if (size)
        memcpy(copy, data, size);
    one(&builtin, copy, size);
    one(&complete, copy, size);
    free(copy);
    return 0;
}
