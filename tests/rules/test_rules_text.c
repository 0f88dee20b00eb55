/* SPDX-License-Identifier: MIT */
/*
 * The rules text format (F-DATA, doc/rules-format.md):
 * napfire_rules_parse() and napfire_rules_format().
 *
 *   round trip   built-in data, randomised complete and partial data
 *   errors       every error class with its line and column, and the rules
 *                untouched (memcmp of the whole object) after each
 *   overlay      '.' keeps, '?' resets, keys left out keep their values
 *   units        10cm, 6in, 6", 10.5cm, 100mm; mismatches refused
 *   files        examples/rules/seed.txt is exactly the built-in data;
 *                tests/data/synthetic.txt is complete
 *
 * Usage: test_rules_text SEED_TXT SYNTHETIC_TXT (meson passes both).
 * The random data below is TEST DATA made up by a PRNG, not rules.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "napfire.h"
#include "rules_eq.h"

static const char *seed_path;
static const char *synthetic_path;

#define TEXT_CAP 32768

/* ---- helpers --------------------------------------------------------- */

static void rules_new(napfire_rules *r) {
    ck_assert_int_eq(napfire_rules_init(r, sizeof *r), NAPFIRE_OK);
}

static int parse_str(napfire_rules *r, const char *text, napfire_parse_error *e) {
    return napfire_rules_parse(r, text, strlen(text), e);
}

static void parse_ok(napfire_rules *r, const char *text) {
    napfire_parse_error e;
    int st = parse_str(r, text, &e);
    ck_assert_msg(st == NAPFIRE_OK, "parse: %s at %d:%d: %s", napfire_status_name(st), (int)e.line, (int)e.column,
                  e.message);
}

static size_t format_ok(const napfire_rules *r, char *buf, size_t cap) {
    size_t len = 0;
    ck_assert_int_eq(napfire_rules_format(r, buf, cap, &len), NAPFIRE_OK);
    ck_assert_uint_lt(len, cap);
    ck_assert_int_eq(buf[len], '\0');
    ck_assert_uint_eq(strlen(buf), len);
    return len;
}

static void assert_equal(const napfire_rules *a, const napfire_rules *b) {
    char why[256];
    ck_assert_msg(rules_equal(a, b, why, sizeof why), "rules differ: %s", why);
}

static int32_t cell(const napfire_rules *r, int32_t row, int32_t col, int32_t *star) {
    int32_t h = 0, s = 0;
    int st = napfire_rules_get_musketry(r, row, col, &h, &s);
    ck_assert(st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN);
    if (star)
        *star = s;
    return h;
}

static int32_t thr(const napfire_rules *r, int32_t id, int32_t measure) {
    int32_t v = 0;
    int st = napfire_rules_get_threshold(r, id, measure, &v);
    ck_assert(st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN);
    return v;
}

static int32_t mod(const napfire_rules *r, int32_t fire, int32_t id, int32_t variant) {
    int32_t v = 0;
    int st = napfire_rules_get_modifier(r, fire, id, variant, &v);
    ck_assert(st == NAPFIRE_OK || st == NAPFIRE_EUNKNOWN);
    return v;
}

static char *read_file(const char *path, size_t *len) {
    ck_assert_msg(path != NULL, "file path not given on the command line");
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = malloc(NAPFIRE_RULES_TEXT_MAX + 1);
    ck_assert_ptr_nonnull(buf);
    size_t n = fread(buf, 1, NAPFIRE_RULES_TEXT_MAX + 1, f);
    fclose(f);
    ck_assert_uint_le(n, NAPFIRE_RULES_TEXT_MAX);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* xorshift64*: deterministic test data. */
static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 33) % n;
}

static int32_t rnd_range(int32_t lo, int32_t hi) {
    return lo + (int32_t)rnd((uint32_t)(hi - lo + 1));
}

/* Random provenance text: ASCII with quotes, backslashes and '#', and
 * some multi-byte UTF-8, at most max bytes. */
static void rnd_text(char *out, size_t max) {
    static const char *const pieces[] = {"a", "Z", " ", "\"", "\\", "#", "=", "½", "é", "Я", "€", "𝄞", "?", ".", "9"};
    size_t n = 0, want = rnd((uint32_t)max + 1);
    while (n < want) {
        const char *p = pieces[rnd((uint32_t)(sizeof pieces / sizeof pieces[0]))];
        size_t l = strlen(p);
        if (n + l > want)
            break;
        memcpy(out + n, p, l);
        n += l;
    }
    out[n] = '\0';
}

/* Random valid rules. unknown_pct: chance of an unknown value. */
static void rnd_rules(napfire_rules *r, uint32_t unknown_pct) {
    rules_new(r);
#define UNK() (rnd(100) < unknown_pct)
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++) {
            int32_t h = UNK() ? NAPFIRE_UNKNOWN : rnd_range(0, NAPFIRE_MAX_CELL_HALVES);
            int32_t star = h >= 2 && h % 2 == 0 && rnd(3) == 0;
            ck_assert_int_eq(napfire_rules_set_musketry(r, row, col, h, star), NAPFIRE_OK);
        }
    for (int32_t w = 0; w < 3; w++)
        for (int32_t m = 0; m < 2; m++) {
            int32_t e = rnd_range(0, NAPFIRE_MAX_DISTANCE / 2);
            int32_t l = e + rnd_range(0, NAPFIRE_MAX_DISTANCE / 2);
            ck_assert_int_eq(napfire_rules_set_range(r, w, m, UNK() ? -1 : e, UNK() ? -1 : l), NAPFIRE_OK);
        }
    for (int32_t g = 0; g < 5; g++) {
        for (int32_t m = 0; m < 2; m++) {
            int32_t c = rnd_range(0, 1000), e = c + rnd_range(0, 1000), l = e + rnd_range(0, 1000);
            ck_assert_int_eq(napfire_rules_set_gun_range(r, g, m, UNK() ? -1 : c, UNK() ? -1 : e, UNK() ? -1 : l),
                             NAPFIRE_OK);
        }
        /* Canister ammunition only at canister range (F-ART-1): the other
         * bands of canister are never read and stay unknown. */
        for (int32_t a = 0; a < 2; a++)
            for (int32_t b = 1; b <= 3; b++)
                for (int32_t col = 0; col < 9; col++)
                    ck_assert_int_eq(napfire_rules_set_artillery(r, g, a, b, col,
                                                                 UNK() || (a == 1 && b > 1) ? -1 : rnd_range(0, 198)),
                                     NAPFIRE_OK);
    }
    for (int32_t fire = 0; fire < 2; fire++)
        for (int32_t id = 1; id <= 19; id++)
            for (int32_t v = 0; v < 2; v++) {
                int32_t val = UNK() ? NAPFIRE_MODIFIER_UNKNOWN : rnd_range(-NAPFIRE_MAX_MODIFIER, NAPFIRE_MAX_MODIFIER);
                int st = napfire_rules_set_modifier(r, fire, id, v, val);
                ck_assert(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN);
            }
    for (int32_t id = 0; id <= 2; id++)
        for (int32_t m = 0; m < 2; m++)
            ck_assert_int_eq(napfire_rules_set_threshold(r, id, m, UNK() ? -1 : rnd_range(0, NAPFIRE_MAX_DISTANCE)),
                             NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_STAR_FIGURES, 0, UNK() ? -1 : rnd_range(1, 9999)),
                     NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(r, NAPFIRE_THRESHOLD_GUARD_CAP, 0, UNK() ? -1 : rnd_range(0, 20)),
                     NAPFIRE_OK);
    /* Rows: clear, then increasing values in order. */
    for (int32_t id = NAPFIRE_THRESHOLD_ROW_2; id <= NAPFIRE_THRESHOLD_ROW_5; id++)
        ck_assert_int_eq(napfire_rules_set_threshold(r, id, 0, -1), NAPFIRE_OK);
    int32_t last = 0;
    for (int32_t id = NAPFIRE_THRESHOLD_ROW_2; id <= NAPFIRE_THRESHOLD_ROW_5; id++) {
        int32_t v = last + rnd_range(1, 2000);
        last = v;
        ck_assert_int_eq(napfire_rules_set_threshold(r, id, 0, UNK() ? -1 : v), NAPFIRE_OK);
    }
    static const size_t caps[3] = {63, 31, 127};
    for (int32_t f = 0; f < 3; f++) {
        char text[128];
        rnd_text(text, caps[f]);
        ck_assert_int_eq(napfire_rules_set_provenance(r, f, text), NAPFIRE_OK);
    }
#undef UNK
}

/* Every getter answers OK: nothing unknown. */
static void assert_complete(const napfire_rules *r) {
    int32_t a, b, c;
    for (int32_t row = 0; row < 5; row++)
        for (int32_t col = 0; col < 9; col++)
            ck_assert_int_eq(napfire_rules_get_musketry(r, row, col, &a, &b), NAPFIRE_OK);
    for (int32_t w = 0; w < 3; w++)
        for (int32_t m = 0; m < 2; m++) {
            ck_assert_int_eq(napfire_rules_get_range(r, w, m, &a, &b), NAPFIRE_OK);
            ck_assert(a >= 0 && b >= 0);
        }
    for (int32_t g = 0; g < 5; g++) {
        for (int32_t m = 0; m < 2; m++) {
            ck_assert_int_eq(napfire_rules_get_gun_range(r, g, m, &a, &b, &c), NAPFIRE_OK);
            ck_assert(a >= 0 && b >= 0 && c >= 0);
        }
        for (int32_t am = 0; am < 2; am++)
            for (int32_t band = 1; band <= 3; band++)
                for (int32_t col = 0; col < 9; col++)
                    ck_assert_int_eq(napfire_rules_get_artillery(r, g, am, band, col, &a),
                                     am == 1 && band > 1 ? NAPFIRE_EUNKNOWN : NAPFIRE_OK);
    }
    for (int32_t fire = 0; fire < 2; fire++)
        for (int32_t id = 1; id <= 19; id++)
            for (int32_t v = 0; v < 2; v++) {
                int st = napfire_rules_get_modifier(r, fire, id, v, &a);
                ck_assert_msg(st == NAPFIRE_OK || st == NAPFIRE_EDOMAIN, "modifier (%d,%d,%d) %s", (int)fire, (int)id,
                              (int)v, napfire_status_name(st));
            }
    for (int32_t id = 0; id < 9; id++)
        for (int32_t m = 0; m < 2; m++)
            ck_assert_int_eq(napfire_rules_get_threshold(r, id, m, &a), NAPFIRE_OK);
}

/* ---- round trip ------------------------------------------------------ */

/* F-DATA: the built-in data formats and parses back to itself, onto any
 * base; format(NULL) is format(built-in). */
START_TEST(roundtrip_builtin) {
    static char t1[TEXT_CAP], t2[TEXT_CAP];
    napfire_rules builtin, back;
    rules_new(&builtin);
    size_t n1 = format_ok(NULL, t1, sizeof t1);
    size_t n2 = format_ok(&builtin, t2, sizeof t2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_mem_eq(t1, t2, n1);
    ck_assert_ptr_null(strstr(t1, " . ")); /* never '.' */
    ck_assert_ptr_nonnull(strstr(t1, "napfire-rules 1\n"));
    ck_assert(memcmp(t1, "napfire-rules 1\n", 16) == 0);

    rules_new(&back);
    parse_ok(&back, t1);
    assert_equal(&back, &builtin);

    /* Onto a complete random object: the text overrides everything. */
    rng_state = 0x5eed;
    rnd_rules(&back, 0);
    ck_assert_int_eq(napfire_rules_parse(&back, t1, n1, &(napfire_parse_error){0}), NAPFIRE_OK);
    assert_equal(&back, &builtin);
}
END_TEST

/* parse(format(r)) == r for randomised complete and partial data; the
 * output is stable (format of the result is byte-identical). */
START_TEST(roundtrip_random) {
    static char t1[TEXT_CAP], t2[TEXT_CAP];
    rng_state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 300; i++) {
        napfire_rules r, back;
        rnd_rules(&r, i < 150 ? 0 : (uint32_t)(i % 100));
        if (i < 150)
            assert_complete(&r);
        size_t n1 = format_ok(&r, t1, sizeof t1);
        rules_new(&back);
        napfire_parse_error e;
        int st = napfire_rules_parse(&back, t1, n1, &e);
        ck_assert_msg(st == NAPFIRE_OK, "iteration %d: %d:%d %s\n%s", i, (int)e.line, (int)e.column, e.message, t1);
        assert_equal(&back, &r);
        size_t n2 = format_ok(&back, t2, sizeof t2);
        ck_assert_uint_eq(n1, n2);
        ck_assert_mem_eq(t1, t2, n1);
    }
}
END_TEST

/* ENOSPC reports the length and leaves the buffer alone; argument errors. */
START_TEST(format_buffer) {
    static char t[TEXT_CAP], s[TEXT_CAP];
    size_t len = 0, n = format_ok(NULL, t, sizeof t);
    ck_assert_int_eq(napfire_rules_format(NULL, NULL, 0, &len), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(len, n);
    memset(s, 0x5A, sizeof s);
    len = 0;
    ck_assert_int_eq(napfire_rules_format(NULL, s, n, &len), NAPFIRE_ENOSPC);
    ck_assert_uint_eq(len, n);
    for (size_t i = 0; i < sizeof s; i++)
        ck_assert_int_eq((unsigned char)s[i], 0x5A);
    ck_assert_int_eq(napfire_rules_format(NULL, s, n + 1, &len), NAPFIRE_OK);
    ck_assert_mem_eq(s, t, n + 1);
    ck_assert_int_eq(napfire_rules_format(NULL, s, sizeof s, NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_format(NULL, NULL, 10, &len), NAPFIRE_EINVAL);
    napfire_rules junk;
    memset(&junk, 0x33, sizeof junk);
    len = 77;
    ck_assert_int_eq(napfire_rules_format(&junk, s, sizeof s, &len), NAPFIRE_ESTATE);
    ck_assert_uint_eq(len, 77);
}
END_TEST

/* ---- argument and state errors ---------------------------------------- */

START_TEST(parse_arguments) {
    napfire_rules r, before;
    napfire_parse_error e, e0;
    rules_new(&r);
    memcpy(&before, &r, sizeof r);
    memset(&e, 0x77, sizeof e);
    memcpy(&e0, &e, sizeof e);
    const char *t = "napfire-rules 1\n";
    ck_assert_int_eq(napfire_rules_parse(NULL, t, strlen(t), &e), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_parse(&r, t, strlen(t), NULL), NAPFIRE_EINVAL);
    ck_assert_int_eq(napfire_rules_parse(&r, NULL, 5, &e), NAPFIRE_EINVAL);
    ck_assert_mem_eq(&e, &e0, sizeof e);
    ck_assert_mem_eq(&r, &before, sizeof r);

    /* NULL text of length 0 is an empty text: no version line. */
    ck_assert_int_eq(napfire_rules_parse(&r, NULL, 0, &e), NAPFIRE_ESYNTAX);
    ck_assert_int_eq(e.code, NAPFIRE_PARSE_VERSION);
    ck_assert_int_eq(e.line, 1);
    ck_assert_int_eq(e.column, 1);

    /* Uninitialised storage. */
    napfire_rules junk, junk0;
    memset(&junk, 0x33, sizeof junk);
    memcpy(&junk0, &junk, sizeof junk);
    memcpy(&e, &e0, sizeof e);
    ck_assert_int_eq(napfire_rules_parse(&junk, t, strlen(t), &e), NAPFIRE_ESTATE);
    ck_assert_mem_eq(&junk, &junk0, sizeof junk);
    ck_assert_mem_eq(&e, &e0, sizeof e);

    /* Initialised, then corrupted past its first bytes (where the private
     * layout keeps its marker): a getter sees it, and so does parse. */
    napfire_rules bad, bad0;
    rules_new(&bad);
    memset(((unsigned char *)(void *)bad.opaque_) + 64, 0x7F, sizeof bad - 64);
    memcpy(&bad0, &bad, sizeof bad);
    size_t len;
    static char buf[TEXT_CAP];
    ck_assert_int_eq(napfire_rules_format(&bad, buf, sizeof buf, &len), NAPFIRE_ESTATE);
    ck_assert_int_eq(napfire_rules_parse(&bad, t, strlen(t), &e), NAPFIRE_ESTATE);
    ck_assert_mem_eq(&bad, &bad0, sizeof bad);
    ck_assert_mem_eq(&e, &e0, sizeof e);

    /* Success clears the error struct. */
    memset(&e, 0x77, sizeof e);
    ck_assert_int_eq(napfire_rules_parse(&r, t, strlen(t), &e), NAPFIRE_OK);
    napfire_parse_error zero;
    memset(&zero, 0, sizeof zero);
    ck_assert_mem_eq(&e, &zero, sizeof e);
    ck_assert_mem_eq(&r, &before, sizeof r); /* a text with no keys changes nothing */
}
END_TEST

/* ---- text errors ------------------------------------------------------- */

#define V "napfire-rules 1\n"
/* A few valid lines first, so that a late error must undo them. */
#define PRE V "musketry.row5 = . 1 2 3 4 5 6 7 8\nthreshold.overhead_clearance.tenths = 7in\nsource = \"changed\"\n"

struct err_case {
    const char *name;
    const char *text;
    size_t len; /* 0: strlen */
    int32_t code, line, column;
    const char *message; /* a substring */
};

static const struct err_case err_cases[] = {
    /* version line */
    {"empty", "", 0, NAPFIRE_PARSE_VERSION, 1, 1, "missing version line"},
    {"no version", "name = \"x\"\n", 0, NAPFIRE_PARSE_VERSION, 1, 1, "missing version line"},
    {"comment first", "# hi\n" V, 0, NAPFIRE_PARSE_VERSION, 1, 1, "missing version line"},
    {"version 2", "napfire-rules 2\n", 0, NAPFIRE_PARSE_VERSION, 1, 15, "unsupported format version 2"},
    {"version 10", "napfire-rules 10 # x\n", 0, NAPFIRE_PARSE_VERSION, 1, 15, "unsupported format version 10"},
    {"version huge", "napfire-rules 99999999999999\n", 0, NAPFIRE_PARSE_VERSION, 1, 15,
     "unsupported format version (huge)"},
    {"version none", "napfire-rules\n", 0, NAPFIRE_PARSE_VERSION, 1, 14, "malformed version line"},
    {"version junk", "napfire-rules 1x\n", 0, NAPFIRE_PARSE_VERSION, 1, 15, "malformed version line"},
    {"version glued", "napfire-rules1\n", 0, NAPFIRE_PARSE_VERSION, 1, 1, "missing version line"},
    {"version indented", " napfire-rules 1\n", 0, NAPFIRE_PARSE_VERSION, 1, 1, "missing version line"},
    /* bytes */
    {"NUL", PRE "name = \"a\0b\"\n", sizeof(PRE "name = \"a\0b\"\n") - 1, NAPFIRE_PARSE_NUL, 5, 10, "NUL byte"},
    {"NUL in version", "napfire-rules 1\0\n", 17, NAPFIRE_PARSE_NUL, 1, 16, "NUL byte"},
    {"UTF-8 truncated", PRE "# caf\xC3\n", 0, NAPFIRE_PARSE_UTF8, 5, 6, "invalid UTF-8"},
    {"UTF-8 overlong", PRE "# \xC0\xAF\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "invalid UTF-8"},
    {"UTF-8 surrogate", PRE "# \xED\xA0\x80\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "invalid UTF-8"},
    {"UTF-8 > U+10FFFF", PRE "# \xF4\x90\x80\x80\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "invalid UTF-8"},
    /* overlong forms that start with a valid lead byte (3 and 4 bytes) */
    {"UTF-8 overlong 3 bytes", PRE "# \xE0\x80\xAF\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "overlong form"},
    {"UTF-8 overlong 4 bytes", PRE "# \xF0\x80\x80\xAF\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "overlong form"},
    /* bytes above the last lead byte F4 */
    {"UTF-8 lead F5", PRE "# \xF5\x80\x80\x80\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "not a lead byte"},
    {"UTF-8 byte FF", PRE "# \xFF\n", 0, NAPFIRE_PARSE_UTF8, 5, 3, "not a lead byte"},
    {"UTF-8 stray continuation", PRE "name = \"\x80\"\n", 0, NAPFIRE_PARSE_UTF8, 5, 9, "invalid UTF-8"},
    {"control", PRE "name = \"\x01\"\n", 0, NAPFIRE_PARSE_CONTROL, 5, 9, "control character"},
    {"DEL", PRE "# \x7F\n", 0, NAPFIRE_PARSE_CONTROL, 5, 3, "control character"},
    {"UTF-8 broken sequence",
     PRE "# \xC3"
         "A\n",
     0, NAPFIRE_PARSE_UTF8, 5, 3, "truncated sequence"},
    {"lone CR", PRE "threshold.guard_cap = 2\rthreshold.star_figures = 4\n", 0, NAPFIRE_PARSE_CONTROL, 5, 24,
     "control character"},
    /* structure */
    {"no key", PRE "= 5\n", 0, NAPFIRE_PARSE_SYNTAX, 5, 1, "expected a key"},
    {"no equals", PRE "musketry.row1 - - -\n", 0, NAPFIRE_PARSE_SYNTAX, 5, 15, "expected '='"},
    {"bad key char", PRE "musketry-row1 = -\n", 0, NAPFIRE_PARSE_SYNTAX, 5, 9, "expected '='"},
    {"unknown key", PRE "musketry.row6 = - - - - - - - - -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1,
     "unknown key 'musketry.row6'"},
    {"unknown key indented", PRE "   foo.bar = 1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 4, "unknown key 'foo.bar'"},
    {"musketry-only modifier under artillery", PRE "modifier.artillery.guard = +1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5,
     1, "unknown key"},
    {"threshold without measure", PRE "threshold.screen = 50\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"count threshold with measure", PRE "threshold.guard_cap.mm = 2\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1,
     "unknown key"},
    {"single row threshold", PRE "threshold.row2 = 12\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"row 0", PRE "musketry.row0 = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"row misspelt", PRE "musketry.rov1 = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key 'musketry.rov1'"},
    {"four parts, not artillery", PRE "gun_range.p6.mm.x = 1 2 3\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"row 10", PRE "musketry.row10 = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"rows", PRE "musketry.rows = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"row with measure", PRE "musketry.row1.mm = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"weapon", PRE "range.bow.mm = 1 2\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"measure", PRE "range.musket.inch = 1 2\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"gun", PRE "gun_range.p24.mm = 1 2 3\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"gun measure", PRE "gun_range.p6.cm = 1 2 3\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"artillery short", PRE "artillery.p6.roundshot = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"artillery gun", PRE "artillery.p7.roundshot.long = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"artillery ammo", PRE "artillery.p6.shell.long = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"artillery band", PRE "artillery.p6.canister.short = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"fire kind", PRE "modifier.cavalry.column = +1 +2\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"modifier id", PRE "modifier.musketry.extra = +1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"moved_half is artillery only", PRE "modifier.musketry.moved_half = -1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1,
     "unknown key"},
    {"threshold id", PRE "threshold.moon.mm = 1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"threshold measure", PRE "threshold.screen.in = 1\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    /* F-ART-1: canister ammunition is never read beyond canister range. */
    {"unreadable artillery cell", PRE "artillery.p6.canister.long = ? ? 1 ? ? ? ? ? ?\n", 0, NAPFIRE_PARSE_RANGE, 5, 34,
     "never read this cell"},
    {"five components", PRE "artillery.p6.canister.long.x = -\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"trailing dot", PRE "name. = \"x\"\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"key alone", PRE "threshold.guard_cap\n", 0, NAPFIRE_PARSE_SYNTAX, 5, 20, "expected '='"},
    {"key case", PRE "Name = \"x\"\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"empty component", PRE "range..mm = 1 2\n", 0, NAPFIRE_PARSE_UNKNOWN_KEY, 5, 1, "unknown key"},
    {"duplicate", PRE "threshold.guard_cap = 2\nthreshold.guard_cap = 3\n", 0, NAPFIRE_PARSE_DUPLICATE_KEY, 6, 1,
     "first given on line 5"},
    {"duplicate of PRE", PRE "musketry.row5 = . . . . . . . . .\n", 0, NAPFIRE_PARSE_DUPLICATE_KEY, 5, 1,
     "first given on line 2"},
    /* cells */
    {"malformed cell", PRE "musketry.row4 = - 5* 6x . . . . . .\n", 0, NAPFIRE_PARSE_VALUE, 5, 22,
     "malformed cell '6x'"},
    {"malformed half", PRE "musketry.row4 = - hh . . . . . . .\n", 0, NAPFIRE_PARSE_VALUE, 5, 19, "malformed cell"},
    {"malformed minus", PRE "musketry.row4 = -1 . . . . . . . .\n", 0, NAPFIRE_PARSE_VALUE, 5, 17, "malformed cell"},
    {"cell 100", PRE "musketry.row4 = - 100 . . . . . . .\n", 0, NAPFIRE_PARSE_RANGE, 5, 19, "cell out of range"},
    {"cell 99h", PRE "artillery.p6.roundshot.long = 99h . . . . . . . .\n", 0, NAPFIRE_PARSE_RANGE, 5, 31,
     "cell out of range"},
    {"cell huge", PRE "musketry.row1 = 99999999999999999999999 . . . . . . . .\n", 0, NAPFIRE_PARSE_RANGE, 5, 17,
     "cell out of range"},
    {"star on half", PRE "musketry.row1 = . . . . h* . . . .\n", 0, NAPFIRE_PARSE_STAR, 5, 25,
     "a star needs a whole number"},
    {"star on N½", PRE "musketry.row1 = . 2\xC2\xBD* . . . . . . .\n", 0, NAPFIRE_PARSE_STAR, 5, 19, "a star needs"},
    {"star on zero", PRE "musketry.row1 = 0* . . . . . . . .\n", 0, NAPFIRE_PARSE_STAR, 5, 17, "a star needs"},
    {"star in artillery", PRE "artillery.p9.roundshot.long = . 3* . . . . . . .\n", 0, NAPFIRE_PARSE_STAR, 5, 33,
     "artillery cells take no star"},
    {"too few cells", PRE "musketry.row1 = - - - - - - - -\n", 0, NAPFIRE_PARSE_COUNT, 5, 32,
     "too few values: found 8, this key takes 9"},
    {"too few cells, comment", PRE "musketry.row1 = - - # rest\n", 0, NAPFIRE_PARSE_COUNT, 5, 21, "found 2"},
    {"long malformed cell",
     PRE "musketry.row1 = \xC2\xBD\xC2\xBD"
         "abcdefghijklmnopqrstuvwxyz0123456789 . . . . . . . .\n",
     0, NAPFIRE_PARSE_VALUE, 5, 17,
     "malformed cell '\xC2\xBD\xC2\xBD"
     "abcdefghijklmnopqrstuvwxyz01...'"},
    {"rows too few", PRE "threshold.rows = 1 2\n", 0, NAPFIRE_PARSE_COUNT, 5, 21,
     "too few values: found 2, this key takes 4"},
    {"missing text", PRE "edition =   \n", 0, NAPFIRE_PARSE_COUNT, 5, 13, "missing value: expected a quoted text"},
    {"long cell cut before a sequence",
     PRE "musketry.row1 = a\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD"
         "\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD . . . . . . . .\n",
     0, NAPFIRE_PARSE_VALUE, 5, 17,
     "'a\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD"
     "\xC2\xBD\xC2\xBD\xC2\xBD\xC2\xBD...'"},
    {"quarter", PRE "musketry.row1 = 1\xC2\xBC . . . . . . . .\n", 0, NAPFIRE_PARSE_VALUE, 5, 17, "malformed cell"},
    {"star alone", PRE "musketry.row1 = * . . . . . . . .\n", 0, NAPFIRE_PARSE_VALUE, 5, 17, "malformed cell"},
    {"range one value", PRE "range.musket.mm = 100\n", 0, NAPFIRE_PARSE_COUNT, 5, 22,
     "too few values: found 1, this key takes 2"},
    {"gun range none", PRE "gun_range.light.tenths =\n", 0, NAPFIRE_PARSE_COUNT, 5, 25,
     "missing value: this key takes 3"},
    {"threshold two values", PRE "threshold.guard_cap = 2 3\n", 0, NAPFIRE_PARSE_COUNT, 5, 25,
     "too many values: this key takes 1"},
    {"rows five values", PRE "threshold.rows = 1 2 3 4 5\n", 0, NAPFIRE_PARSE_COUNT, 5, 26, "too many values"},
    {"text comment only", PRE "edition = # none\n", 0, NAPFIRE_PARSE_COUNT, 5, 11,
     "missing value: expected a quoted text"},
    {"backslash at the end", PRE "edition = \"abc\\\n", 0, NAPFIRE_PARSE_VALUE, 5, 15, "unknown escape"},
    {"too many cells", PRE "musketry.row1 = - - - - - - - - - -\n", 0, NAPFIRE_PARSE_COUNT, 5, 35, "too many values"},
    {"missing value", PRE "threshold.guard_cap =\n", 0, NAPFIRE_PARSE_COUNT, 5, 22, "missing value"},
    {"missing value, blanks", PRE "threshold.guard_cap =   # none\n", 0, NAPFIRE_PARSE_COUNT, 5, 25, "missing value"},
    {"range three values", PRE "range.musket.mm = 1 2 3\n", 0, NAPFIRE_PARSE_COUNT, 5, 23, "too many values"},
    {"modifier two values", PRE "modifier.musketry.guard = +1 +2\n", 0, NAPFIRE_PARSE_COUNT, 5, 30, "too many values"},
    {"variant modifier one value", PRE "modifier.musketry.cover = -2\n", 0, NAPFIRE_PARSE_COUNT, 5, 29,
     "too few values: found 1, this key takes 2"},
    /* numbers */
    {"modifier 21", PRE "modifier.musketry.guard = +21\n", 0, NAPFIRE_PARSE_RANGE, 5, 27, "modifier out of range"},
    {"modifier malformed", PRE "modifier.musketry.guard = 2+\n", 0, NAPFIRE_PARSE_VALUE, 5, 27, "malformed modifier"},
    {"distance too far", PRE "threshold.screen.tenths = 1000001\n", 0, NAPFIRE_PARSE_RANGE, 5, 27,
     "distance out of range"},
    {"distance too far in cm", PRE "threshold.screen.mm = 100001cm\n", 0, NAPFIRE_PARSE_RANGE, 5, 23,
     "distance out of range"},
    {"negative distance", PRE "threshold.screen.mm = -5\n", 0, NAPFIRE_PARSE_VALUE, 5, 23, "malformed distance"},
    {"star figures 0", PRE "threshold.star_figures = 0\n", 0, NAPFIRE_PARSE_RANGE, 5, 26,
     "number out of range: 1..9999"},
    {"guard cap 21", PRE "threshold.guard_cap = 21\n", 0, NAPFIRE_PARSE_RANGE, 5, 23, "number out of range: 0..20"},
    {"count with sign", PRE "threshold.star_figures = +5\n", 0, NAPFIRE_PARSE_VALUE, 5, 26, "malformed number"},
    {"rows malformed", PRE "threshold.rows = 12 20 2x 36\n", 0, NAPFIRE_PARSE_VALUE, 5, 24, "malformed number"},
    {"modifier word", PRE "modifier.musketry.guard = x\n", 0, NAPFIRE_PARSE_VALUE, 5, 27, "malformed modifier"},
    {"modifier sign only", PRE "modifier.musketry.guard = -\n", 0, NAPFIRE_PARSE_VALUE, 5, 27, "malformed modifier"},
    {"count malformed", PRE "threshold.star_figures = 4x\n", 0, NAPFIRE_PARSE_VALUE, 5, 26, "malformed number"},
    /* units */
    {"inches on a metric key", PRE "range.musket.mm = 6in 12in\n", 0, NAPFIRE_PARSE_UNIT, 5, 20,
     "does not fit a metric key"},
    {"cm on an imperial key", PRE "range.musket.tenths = 6 10cm\n", 0, NAPFIRE_PARSE_UNIT, 5, 27,
     "does not fit an imperial key"},
    {"unknown unit", PRE "threshold.screen.mm = 5km\n", 0, NAPFIRE_PARSE_UNIT, 5, 24, "unknown unit 'km'"},
    {"unknown unit, imperial", PRE "threshold.screen.tenths = 3ft\n", 0, NAPFIRE_PARSE_UNIT, 5, 28, "use in"},
    {"decimal without unit, imperial", PRE "threshold.screen.tenths = 3.5\n", 0, NAPFIRE_PARSE_VALUE, 5, 28,
     "tenths of an inch are whole"},
    {"decimal in mm", PRE "threshold.screen.mm = 5.5mm\n", 0, NAPFIRE_PARSE_VALUE, 5, 24, "a decimal needs the unit"},
    {"decimal without unit", PRE "threshold.screen.mm = 5.5\n", 0, NAPFIRE_PARSE_VALUE, 5, 24,
     "a decimal needs the unit"},
    {"two decimals", PRE "threshold.screen.mm = 5.55cm\n", 0, NAPFIRE_PARSE_VALUE, 5, 23, "malformed distance"},
    /* order */
    {"range decreasing", PRE "range.musket.mm = 200 100\n", 0, NAPFIRE_PARSE_ORDER, 5, 23,
     "range maxima must not decrease"},
    {"range decreasing via keep", PRE "range.musket.mm = 300 .\n", 0, NAPFIRE_PARSE_ORDER, 5, 23,
     "a kept '.' value counts"},
    {"gun range decreasing", PRE "gun_range.p6.mm = 10 ? 5\n", 0, NAPFIRE_PARSE_ORDER, 5, 24,
     "range maxima must not decrease"},
    {"rows equal", PRE "threshold.rows = 12 20 20 36\n", 0, NAPFIRE_PARSE_ORDER, 5, 24,
     "row thresholds must increase strictly"},
    {"rows via keep", PRE "threshold.rows = 30 . . .\n", 0, NAPFIRE_PARSE_ORDER, 5, 21, "row thresholds"},
    /* texts */
    {"unquoted text", PRE "name = My rules\n", 0, NAPFIRE_PARSE_VALUE, 5, 8, "expected a quoted text"},
    {"unterminated", PRE "name = \"My rules\n", 0, NAPFIRE_PARSE_VALUE, 5, 8, "unterminated text"},
    {"bad escape", PRE "edition = \"a\\nb\"\n", 0, NAPFIRE_PARSE_VALUE, 5, 13, "unknown escape"},
    {"tab in text", PRE "edition = \"a\tb\"\n", 0, NAPFIRE_PARSE_VALUE, 5, 13, "tab in a text"},
    {"text after quote", PRE "edition = \"a\" b\n", 0, NAPFIRE_PARSE_COUNT, 5, 15, "unexpected text after"},
    {"name too long",
     PRE "edition = \"x\"\n"
         "name = \"0123456789012345678901234567890123456789012345678901234567890123\"\n",
     0, NAPFIRE_PARSE_RANGE, 6, 8, "name takes at most 63 bytes"},
    {"edition too long", PRE "edition = \"0123456789012345678901234567890\\\\\"\n", 0, NAPFIRE_PARSE_RANGE, 5, 11,
     "edition takes at most 31 bytes"},
};

static void check_err_case(const struct err_case *c, const napfire_rules *base) {
    napfire_rules r;
    memcpy(&r, base, sizeof r);
    napfire_parse_error e;
    memset(&e, 0x77, sizeof e);
    size_t len = c->len ? c->len : strlen(c->text);
    int st = napfire_rules_parse(&r, c->text, len, &e);
    ck_assert_msg(st == NAPFIRE_ESYNTAX, "%s: status %s", c->name, napfire_status_name(st));
    ck_assert_msg(e.code == c->code && e.line == c->line && e.column == c->column,
                  "%s: got code %d at %d:%d (%s), want code %d at %d:%d", c->name, (int)e.code, (int)e.line,
                  (int)e.column, e.message, (int)c->code, (int)c->line, (int)c->column);
    ck_assert_msg(strstr(e.message, c->message) != NULL, "%s: message '%s' lacks '%s'", c->name, e.message, c->message);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(e.reserved[i], 0);
    /* F-DATA: a failed parse leaves the rules exactly as they were. */
    ck_assert_msg(memcmp(&r, base, sizeof r) == 0, "%s: rules changed", c->name);
}

START_TEST(errors) {
    napfire_rules base;
    rules_new(&base);
    for (size_t i = 0; i < sizeof err_cases / sizeof err_cases[0]; i++)
        check_err_case(&err_cases[i], &base);
    /* The same onto a complete random object. */
    rng_state = 77;
    rnd_rules(&base, 0);
    /* keep the order cases meaningful: known musket ranges 100 200 */
    ck_assert_int_eq(napfire_rules_set_range(&base, 0, 0, 100, 200), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(&base, NAPFIRE_THRESHOLD_ROW_2, 0, -1), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_set_threshold(&base, NAPFIRE_THRESHOLD_ROW_3, 0, 20), NAPFIRE_OK);
    for (size_t i = 0; i < sizeof err_cases / sizeof err_cases[0]; i++)
        check_err_case(&err_cases[i], &base);
}
END_TEST

/* Distinct error classes have distinct messages. */
START_TEST(error_messages_distinct) {
    napfire_rules r;
    rules_new(&r);
    char seen[NAPFIRE_PARSE_ORDER + 1][NAPFIRE_PARSE_MESSAGE_SIZE];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < sizeof err_cases / sizeof err_cases[0]; i++) {
        napfire_parse_error e;
        const struct err_case *c = &err_cases[i];
        ck_assert_int_eq(napfire_rules_parse(&r, c->text, c->len ? c->len : strlen(c->text), &e), NAPFIRE_ESYNTAX);
        memcpy(seen[e.code], e.message, sizeof e.message);
    }
    /* every code appears (TOO_LARGE and LINE_TOO_LONG have their own tests) */
    for (int a = 1; a <= NAPFIRE_PARSE_ORDER; a++) {
        if (a == NAPFIRE_PARSE_TOO_LARGE || a == NAPFIRE_PARSE_LINE_TOO_LONG)
            continue;
        ck_assert_msg(seen[a][0] != '\0', "code %d not covered", a);
        for (int b = 1; b < a; b++)
            ck_assert_msg(strcmp(seen[a], seen[b]) != 0, "codes %d and %d share '%s'", a, b, seen[a]);
    }
}
END_TEST

/* Hostile storage (doc/hardening.md): any single corrupted byte either leaves the
 * object valid, or makes format and parse report ESTATE and change
 * nothing. No layout knowledge: every offset is tried. */
START_TEST(corrupted_storage) {
    static char t[TEXT_CAP];
    napfire_rules good, r, before;
    rng_state = 99;
    rnd_rules(&good, 20);
    const char *text = V "musketry.row1 = . . . . . . . . 3\n";
    static const unsigned char junk[3] = {0x80, 0x7F, 0xFF};
    int estate = 0;
    for (size_t off = 0; off < sizeof good; off++)
        for (size_t j = 0; j < sizeof junk; j++) {
            memcpy(&r, &good, sizeof r);
            if (((unsigned char *)(void *)r.opaque_)[off] == junk[j])
                continue;
            ((unsigned char *)(void *)r.opaque_)[off] = junk[j];
            memcpy(&before, &r, sizeof r);
            size_t len = 0;
            int fst = napfire_rules_format(&r, t, sizeof t, &len);
            ck_assert(fst == NAPFIRE_OK || fst == NAPFIRE_ESTATE);
            napfire_parse_error e;
            int pst = napfire_rules_parse(&r, text, strlen(text), &e);
            ck_assert_int_eq(pst, fst == NAPFIRE_OK ? NAPFIRE_OK : NAPFIRE_ESTATE);
            if (fst == NAPFIRE_ESTATE) {
                estate++;
                ck_assert_mem_eq(&r, &before, sizeof r);
            } else if (off % 13 == 0) {
                /* still valid: its text round-trips (sampled, for time) */
                napfire_rules back;
                rules_new(&back);
                ck_assert_int_eq(napfire_rules_format(&before, t, sizeof t, &len), NAPFIRE_OK);
                ck_assert_int_eq(napfire_rules_parse(&back, t, len, &e), NAPFIRE_OK);
                assert_equal(&back, &before);
            }
        }
    ck_assert_int_gt(estate, 1000);
}
END_TEST

/* Bounds: line length and text size. */
START_TEST(bounds) {
    napfire_rules r, before;
    rules_new(&r);
    memcpy(&before, &r, sizeof r);
    napfire_parse_error e;
    char *big = malloc(NAPFIRE_RULES_TEXT_MAX + 2);
    ck_assert_ptr_nonnull(big);

    /* A 1024-byte comment line is fine, 1025 is not. */
    size_t n = 0;
    n += (size_t)sprintf(big, "napfire-rules 1\n");
    big[n++] = '#';
    memset(big + n, 'x', NAPFIRE_RULES_LINE_MAX - 1);
    n += NAPFIRE_RULES_LINE_MAX - 1;
    big[n++] = '\n';
    ck_assert_int_eq(napfire_rules_parse(&r, big, n, &e), NAPFIRE_OK);
    /* with CRLF the CR does not count */
    memcpy(big + n - 1, "\r\n", 2);
    ck_assert_int_eq(napfire_rules_parse(&r, big, n + 1, &e), NAPFIRE_OK);
    memcpy(big + n - 1, "x\n", 2);
    ck_assert_int_eq(napfire_rules_parse(&r, big, n + 1, &e), NAPFIRE_ESYNTAX);
    ck_assert_int_eq(e.code, NAPFIRE_PARSE_LINE_TOO_LONG);
    ck_assert_int_eq(e.line, 2);
    ck_assert_int_eq(e.column, NAPFIRE_RULES_LINE_MAX + 1);
    ck_assert_ptr_nonnull(strstr(e.message, "line too long"));
    ck_assert_mem_eq(&r, &before, sizeof r);

    /* Exactly the maximum size is fine (blank lines), one more is not. */
    memset(big, '\n', NAPFIRE_RULES_TEXT_MAX + 1);
    memcpy(big, "napfire-rules 1\n", 16);
    ck_assert_int_eq(napfire_rules_parse(&r, big, NAPFIRE_RULES_TEXT_MAX, &e), NAPFIRE_OK);
    ck_assert_int_eq(napfire_rules_parse(&r, big, NAPFIRE_RULES_TEXT_MAX + 1, &e), NAPFIRE_ESYNTAX);
    ck_assert_int_eq(e.code, NAPFIRE_PARSE_TOO_LARGE);
    ck_assert_int_eq(e.line, 1);
    ck_assert_int_eq(e.column, 1);
    ck_assert_ptr_nonnull(strstr(e.message, "text too large"));
    ck_assert_mem_eq(&r, &before, sizeof r);
    free(big);
}
END_TEST

/* ---- overlay semantics ------------------------------------------------- */

/* F-DATA: a file may fill only part of a row; '.' keeps the current value. */
START_TEST(partial_fill) {
    napfire_rules r;
    rules_new(&r);
    parse_ok(&r, V "# fill some of row 5, keep the rest\n"
                   "musketry.row5 = . 1 . 2* . . . . 7\xC2\xBD\n");
    int32_t star;
    ck_assert_int_eq(cell(&r, 4, 0, &star), 0); /* kept '-' */
    ck_assert_int_eq(cell(&r, 4, 1, &star), 2);
    ck_assert_int_eq(star, 0);
    ck_assert_int_eq(cell(&r, 4, 2, &star), NAPFIRE_UNKNOWN); /* kept '?' */
    ck_assert_int_eq(cell(&r, 4, 3, &star), 4);
    ck_assert_int_eq(star, 1);
    ck_assert_int_eq(cell(&r, 4, 8, &star), 15);
    /* other rows and data untouched */
    ck_assert_int_eq(cell(&r, 3, 5, NULL), 10);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 0), 50);

    /* A second file fills the remaining cells of row 5, '.' over known. */
    parse_ok(&r, V "musketry.row5 = . . 3 . 4h 5 5 6 .\n");
    ck_assert_int_eq(cell(&r, 4, 1, NULL), 2);
    ck_assert_int_eq(cell(&r, 4, 2, NULL), 6);
    ck_assert_int_eq(cell(&r, 4, 3, &star), 4);
    ck_assert_int_eq(star, 1);
    ck_assert_int_eq(cell(&r, 4, 4, NULL), 9);
    ck_assert_int_eq(cell(&r, 4, 8, NULL), 15);

    /* '.' everywhere changes nothing. */
    napfire_rules before;
    memcpy(&before, &r, sizeof r);
    parse_ok(&r, V "musketry.row1 = . . . . . . . . .\nrange.rifle.mm = . .\n"
                   "gun_range.p9.tenths = . . .\nmodifier.musketry.column = . .\n"
                   "threshold.rows = . . . .\nthreshold.screen.tenths = .\n"
                   "threshold.star_figures = .\n"
                   "artillery.p9.canister.canister = . . . . . . . . .\n");
    ck_assert_mem_eq(&r, &before, sizeof r);

    /* Mixed kept and new maxima keep the order rule. */
    parse_ok(&r, V "range.musket.mm = . 250\n");
    int32_t e_, l_;
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, &e_, &l_), NAPFIRE_OK);
    ck_assert_int_eq(e_, 100);
    ck_assert_int_eq(l_, 250);
    parse_ok(&r, V "threshold.rows = . 25 . 40\n");
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_2, 0), 12);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_3, 1), 25);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_4, 0), 28);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_5, 0), 40);
    /* Rows may all move up in one line, past the old values. */
    parse_ok(&r, V "threshold.rows = 50 60 70 80\n");
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_2, 0), 50);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_5, 1), 80);
}
END_TEST

/* '?' makes a value unknown, for every kind of value. */
/* F-ART-1 (Decision: canister only at canister range): the template holds
 * only what the rules can read. Canister cells beyond canister range are
 * neither written nor settable; '?' and '.' stay accepted for them, so
 * files written before still parse, and format/parse round-trip. */
START_TEST(unreadable_cells) {
    static char t[TEXT_CAP];
    napfire_rules r, back;
    rules_new(&r);
    for (int32_t g = 0; g < 5; g++)
        for (int32_t col = 0; col < 9; col++) {
            /* both sides: canister at canister range is settable */
            ck_assert_int_eq(napfire_rules_set_artillery(&r, g, NAPFIRE_AMMO_CANISTER, NAPFIRE_BAND_CANISTER, col, 2),
                             NAPFIRE_OK);
            for (int32_t b = NAPFIRE_BAND_EFFECTIVE; b <= NAPFIRE_BAND_LONG; b++) {
                ck_assert_int_eq(napfire_rules_set_artillery(&r, g, NAPFIRE_AMMO_CANISTER, b, col, 0), NAPFIRE_EDOMAIN);
                ck_assert_int_eq(napfire_rules_set_artillery(&r, g, NAPFIRE_AMMO_CANISTER, b, col, -1), NAPFIRE_OK);
                ck_assert_int_eq(napfire_rules_set_artillery(&r, g, NAPFIRE_AMMO_ROUNDSHOT, b, col, 4), NAPFIRE_OK);
            }
        }
    size_t n = format_ok(&r, t, sizeof t);
    ck_assert_ptr_null(strstr(t, ".canister.effective"));
    ck_assert_ptr_null(strstr(t, ".canister.long"));
    ck_assert_ptr_nonnull(strstr(t, "artillery.p6.canister.canister"));
    ck_assert_ptr_nonnull(strstr(t, "artillery.p6.roundshot.long"));
    rules_new(&back);
    ck_assert_int_eq(napfire_rules_parse(&back, t, n, &(napfire_parse_error){0}), NAPFIRE_OK);
    assert_equal(&back, &r);
    parse_ok(&back, "napfire-rules 1\nartillery.light.canister.effective = ? ? . . ? ? ? ? ?\n");
    assert_equal(&back, &r);
    /* '-' (no effect) agrees with the rule, as a printed table writes it:
     * accepted, the cell stays unknown; half a figure is a casualty,
     * refused at its place, nothing changed */
    parse_ok(&back, "napfire-rules 1\nartillery.light.canister.long = - - - - - - - - -\n");
    assert_equal(&back, &r);
    napfire_parse_error e;
    ck_assert_int_eq(
        parse_str(&back, "napfire-rules 1\nartillery.light.canister.long = - \xC2\xBD - - - - - - -\n", &e),
        NAPFIRE_ESYNTAX);
    ck_assert_int_eq(e.code, NAPFIRE_PARSE_RANGE);
    ck_assert_int_eq(e.column, 35);
    ck_assert_ptr_nonnull(strstr(e.message, "write '?' or '-' there"));
    assert_equal(&back, &r);
}
END_TEST

START_TEST(question_mark_resets) {
    napfire_rules r;
    rules_new(&r);
    parse_ok(&r, V "musketry.row4 = . . . . . ? . . .\n"
                   "range.musket.mm = ? .\n"
                   "modifier.musketry.guard = ?\n"
                   "modifier.musketry.cover = . ?\n"
                   "threshold.screen.mm = ?\n"
                   "threshold.star_figures = ?\n"
                   "threshold.rows = 12 ? 28 ?\n");
    int32_t h = 0, s = 0;
    ck_assert_int_eq(napfire_rules_get_musketry(&r, 3, 5, &h, &s), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(cell(&r, 3, 1, NULL), 1);
    int32_t e_, l_;
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, &e_, &l_), NAPFIRE_OK);
    ck_assert_int_eq(e_, NAPFIRE_UNKNOWN);
    ck_assert_int_eq(l_, 200);
    ck_assert_int_eq(mod(&r, 0, NAPFIRE_MOD_GUARD, 0), NAPFIRE_MODIFIER_UNKNOWN);
    ck_assert_int_eq(mod(&r, 0, NAPFIRE_MOD_COVER, 0), -2);
    ck_assert_int_eq(mod(&r, 0, NAPFIRE_MOD_COVER, 1), NAPFIRE_MODIFIER_UNKNOWN);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 0), NAPFIRE_UNKNOWN);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 1), 30);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_STAR_FIGURES, 1), NAPFIRE_UNKNOWN);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_3, 0), NAPFIRE_UNKNOWN);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_ROW_4, 0), 28);

    /* and a filled artillery row back to unknown */
    parse_ok(&r, V "artillery.p12.roundshot.long = 1 2 3 4 5 6 7 8 9\n");
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 3, 0, 3, 8, &h), NAPFIRE_OK);
    ck_assert_int_eq(h, 18);
    parse_ok(&r, V "artillery.p12.roundshot.long = . . . . . . . . ?\n");
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 3, 0, 3, 8, &h), NAPFIRE_EUNKNOWN);
    ck_assert_int_eq(napfire_rules_get_artillery(&r, 3, 0, 3, 7, &h), NAPFIRE_OK);
}
END_TEST

/* Units: keys name the measure; values may carry cm/mm or in/". */
START_TEST(units) {
    napfire_rules r;
    rules_new(&r);
    parse_ok(&r, V "threshold.screen.mm = 6cm\n"
                   "threshold.screen.tenths = 4in\n"
                   "threshold.long_range_clearance.mm = 10.5cm\n"
                   "threshold.long_range_clearance.tenths = 6.5in\n"
                   "threshold.overhead_clearance.mm = 95mm\n"
                   "threshold.overhead_clearance.tenths = 7\"\n"
                   "range.musket.mm = 10cm 20cm\n"
                   "range.musket.tenths = 6in 12in\n"
                   "range.rifle.mm = 115 23cm\n"
                   "gun_range.p6.tenths = 3in 65 12.5in\n");
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 0), 60);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 1), 40);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, 0), 105);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE, 1), 65);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, 0), 95);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE, 1), 70);
    int32_t a, b, c;
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 0, &a, &b), NAPFIRE_OK);
    ck_assert_int_eq(a, 100);
    ck_assert_int_eq(b, 200);
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 1, &a, &b), NAPFIRE_OK);
    ck_assert_int_eq(a, 60);
    ck_assert_int_eq(b, 120);
    ck_assert_int_eq(napfire_rules_get_range(&r, 1, 0, &a, &b), NAPFIRE_OK);
    ck_assert_int_eq(a, 115);
    ck_assert_int_eq(b, 230);
    ck_assert_int_eq(napfire_rules_get_gun_range(&r, 1, 1, &a, &b, &c), NAPFIRE_OK);
    ck_assert_int_eq(a, 30);
    ck_assert_int_eq(b, 65);
    ck_assert_int_eq(c, 125);
}
END_TEST

/* Lexical details: CRLF, BOM, tabs, comments, no final newline, '½'/'h',
 * escapes, empty texts. */
START_TEST(lexical) {
    napfire_rules r;
    rules_new(&r);
    parse_ok(&r, "\xEF\xBB\xBFnapfire-rules 1   # the version\r\n"
                 "\r\n"
                 "   # an indented comment\r\n"
                 "\tmusketry.row5\t=\t-\th 1h 2\xC2\xBD 3* 4\xC2\xBD 5 6 7*# trailing\r\n"
                 "name=\"Quote \\\" backslash \\\\ hash # \xC2\xBD\"   # comment\r\n"
                 "edition = \"\"\r\n"
                 "modifier.musketry.guard = +3");
    ck_assert_int_eq(cell(&r, 4, 1, NULL), 1);
    ck_assert_int_eq(cell(&r, 4, 2, NULL), 3);
    ck_assert_int_eq(cell(&r, 4, 3, NULL), 5);
    int32_t star;
    ck_assert_int_eq(cell(&r, 4, 4, &star), 6);
    ck_assert_int_eq(star, 1);
    ck_assert_int_eq(cell(&r, 4, 8, &star), 14);
    ck_assert_int_eq(star, 1);
    char buf[160];
    size_t len;
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_NAME, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_str_eq(buf, "Quote \" backslash \\ hash # \xC2\xBD");
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_EDITION, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_uint_eq(len, 0);
    ck_assert_int_eq(mod(&r, 0, NAPFIRE_MOD_GUARD, 0), 3);

    /* 0 is accepted as '-' and formatted as '-'; +0/-0 as 0. */
    parse_ok(&r, V "musketry.row5 = 0 . . . . . . . .\nmodifier.musketry.elite = -0\n");
    ck_assert_int_eq(cell(&r, 4, 0, NULL), 0);
    ck_assert_int_eq(mod(&r, 0, NAPFIRE_MOD_ELITE, 0), 0);

    /* The longest texts fit exactly. */
    char t[512];
    snprintf(t, sizeof t, V "name = \"%s\"\nedition = \"%s\"\n",
             "012345678901234567890123456789012345678901234567890123456789012", "0123456789012345678901234567\\\\\\\"");
    parse_ok(&r, t);
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_NAME, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_uint_eq(len, 63);
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_EDITION, buf, sizeof buf, &len), NAPFIRE_OK);
    ck_assert_uint_eq(len, 30);
}
END_TEST

/* ---- the committed files ------------------------------------------------ */

/* Non-comment, non-blank lines of a text, each ending in '\n'. */
static size_t data_lines(const char *in, size_t n, char *out, size_t cap) {
    size_t o = 0, i = 0;
    while (i < n) {
        size_t e = i;
        while (e < n && in[e] != '\n')
            e++;
        size_t j = i;
        while (j < e && (in[j] == ' ' || in[j] == '\t'))
            j++;
        if (j < e && in[j] != '#') {
            ck_assert_uint_lt(o + (e - i) + 1, cap);
            memcpy(out + o, in + i, e - i);
            o += e - i;
            out[o++] = '\n';
        }
        i = e + 1;
    }
    out[o] = '\0';
    return o;
}

/* examples/rules/seed.txt is exactly the built-in data under the
 * placeholder name (F-DATA): it parses to it onto any base, and its data
 * lines are what format(built-in) writes. */
START_TEST(seed_file) {
    size_t n;
    char *text = read_file(seed_path, &n);
    napfire_rules builtin, r;
    rules_new(&builtin);
    ck_assert_int_eq(napfire_rules_set_provenance(&builtin, NAPFIRE_PROVENANCE_NAME, NAPFIRE_RULES_PLACEHOLDER_NAME),
                     NAPFIRE_OK);
    rules_new(&r);
    napfire_parse_error e;
    int st = napfire_rules_parse(&r, text, n, &e);
    ck_assert_msg(st == NAPFIRE_OK, "seed.txt %d:%d %s", (int)e.line, (int)e.column, e.message);
    assert_equal(&r, &builtin);
    ck_assert_mem_eq(&r, &builtin, sizeof r);
    rng_state = 42;
    rnd_rules(&r, 0);
    ck_assert_int_eq(napfire_rules_parse(&r, text, n, &e), NAPFIRE_OK);
    assert_equal(&r, &builtin);

    static char fmt[TEXT_CAP], a[TEXT_CAP], b[TEXT_CAP];
    size_t fn = format_ok(&builtin, fmt, sizeof fmt);
    size_t an = data_lines(text, n, a, sizeof a);
    size_t bn = data_lines(fmt, fn, b, sizeof b);
    ck_assert_uint_eq(an, bn);
    ck_assert_str_eq(a, b);
    /* The template quotes what the source text says of row 5 (F-DATA). */
    ck_assert_ptr_nonnull(strstr(text, "5*, 6*, 6*, 7*, 7*"));
    ck_assert_ptr_nonnull(strstr(text, "three"));
    ck_assert_ptr_nonnull(strstr(text, "musketry.row5 = -   ?   ?   ?   ?   ?   ?   ?   ?\n"));
    free(text);
}
END_TEST

/* tests/data/synthetic.txt: labelled, complete, and it round-trips. */
START_TEST(synthetic_file) {
    size_t n;
    char *text = read_file(synthetic_path, &n);
    ck_assert_ptr_nonnull(strstr(text, "NOT FROM ANY RULEBOOK"));
    napfire_rules r;
    rules_new(&r);
    napfire_parse_error e;
    int st = napfire_rules_parse(&r, text, n, &e);
    ck_assert_msg(st == NAPFIRE_OK, "synthetic.txt %d:%d %s", (int)e.line, (int)e.column, e.message);
    assert_complete(&r);
    char name[64];
    size_t len;
    ck_assert_int_eq(napfire_rules_get_provenance(&r, NAPFIRE_PROVENANCE_NAME, name, sizeof name, &len), NAPFIRE_OK);
    ck_assert_ptr_nonnull(strstr(name, "SYNTHETIC"));
    /* The seed's known values are kept: F-EX-1's cell and the ranges. */
    ck_assert_int_eq(cell(&r, 3, 5, NULL), 10);
    ck_assert_int_eq(thr(&r, NAPFIRE_THRESHOLD_SCREEN, 0), 50);
    int32_t a, b;
    ck_assert_int_eq(napfire_rules_get_range(&r, 0, 1, &a, &b), NAPFIRE_OK);
    ck_assert_int_eq(a, 60);
    ck_assert_int_eq(b, 120);
    /* Same result onto a complete random base (the file gives every key). */
    napfire_rules other;
    rng_state = 4242;
    rnd_rules(&other, 30);
    ck_assert_int_eq(napfire_rules_parse(&other, text, n, &e), NAPFIRE_OK);
    assert_equal(&other, &r);

    static char t1[TEXT_CAP];
    size_t n1 = format_ok(&r, t1, sizeof t1);
    napfire_rules back;
    rules_new(&back);
    ck_assert_int_eq(napfire_rules_parse(&back, t1, n1, &e), NAPFIRE_OK);
    assert_equal(&back, &r);
    free(text);
}
END_TEST

static Suite *rules_text_suite(void) {
    Suite *s = suite_create("rules_text");
    TCase *rt = tcase_create("roundtrip");
    tcase_set_timeout(rt, 60);
    tcase_add_test(rt, roundtrip_builtin);
    tcase_add_test(rt, roundtrip_random);
    tcase_add_test(rt, format_buffer);
    suite_add_tcase(s, rt);
    TCase *er = tcase_create("errors");
    tcase_set_timeout(er, 60);
    tcase_add_test(er, parse_arguments);
    tcase_add_test(er, errors);
    tcase_add_test(er, error_messages_distinct);
    tcase_add_test(er, bounds);
    tcase_add_test(er, corrupted_storage);
    suite_add_tcase(s, er);
    TCase *ov = tcase_create("overlay");
    tcase_add_test(ov, partial_fill);
    tcase_add_test(ov, question_mark_resets);
    tcase_add_test(ov, unreadable_cells);
    tcase_add_test(ov, units);
    tcase_add_test(ov, lexical);
    suite_add_tcase(s, ov);
    TCase *fi = tcase_create("files");
    tcase_add_test(fi, seed_file);
    tcase_add_test(fi, synthetic_file);
    suite_add_tcase(s, fi);
    return s;
}

int main(int argc, char **argv) {
    if (argc >= 2)
        seed_path = argv[1];
    if (argc >= 3)
        synthetic_path = argv[2];
    SRunner *sr = srunner_create(rules_text_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
