/* SPDX-License-Identifier: MIT */
/*
 * The rules text format (doc/rules-format.md, RULES.md F-DATA):
 * napfire_rules_parse() and napfire_rules_format().
 *
 * Parsing overlays a copy of the caller's rules through the public setters,
 * so the text is validated exactly as value-by-value calls would be, and
 * commits the copy only when the whole text is good. Everything is bounded:
 * the text size, the line length, every number (saturating accumulation),
 * and every loop runs over one of those. No allocation, no recursion, no
 * libc formatting: messages are assembled by hand.
 */
#include <string.h>

#include "internal.h"

_Static_assert(sizeof(napfire_parse_error) == 160, "napfire_parse_error is 160 bytes");
_Static_assert(offsetof(napfire_parse_error, line) == 0, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, column) == 4, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, code) == 8, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, message) == 12, "parse error layout");
_Static_assert(offsetof(napfire_parse_error, reserved) == 140, "parse error layout");

#define U NAPFIRE_UNKNOWN
#define MU NAPFIRE_MODIFIER_UNKNOWN

/* ---- names used in keys (part of the format: never change) ---------- */

static const char *const weapon_names[NF_WEAPONS] = {"musket", "rifle", "sharpshooter"};
static const char *const measure_names[NF_MEASURES] = {"mm", "tenths"};
static const char *const gun_names[NF_GUNS] = {"light", "p6", "p9", "p12", "howitzer"};
static const char *const ammo_names[NF_AMMOS] = {"roundshot", "canister"};
static const char *const band_names[NF_ART_BANDS] = {"canister", "effective", "long"};
static const char *const fire_names[NF_FIRES] = {"musketry", "artillery"};
static const char *const mod_names[NF_MOD_IDS] = {
    [NAPFIRE_MOD_GUARD] = "guard",
    [NAPFIRE_MOD_ELITE] = "elite",
    [NAPFIRE_MOD_STEADY] = "steady",
    [NAPFIRE_MOD_RAW] = "raw",
    [NAPFIRE_MOD_BRITISH_LINE] = "british_line",
    [NAPFIRE_MOD_FIRED_LAST_TURN] = "fired_last_turn",
    [NAPFIRE_MOD_DISORDERED] = "disordered",
    [NAPFIRE_MOD_COLUMN] = "column",
    [NAPFIRE_MOD_SQUARE_OR_ENFILADE] = "square_or_enfilade",
    [NAPFIRE_MOD_MASS] = "mass",
    [NAPFIRE_MOD_ARTILLERY] = "artillery",
    [NAPFIRE_MOD_CHARGING_CAVALRY] = "charging_cavalry",
    [NAPFIRE_MOD_OPEN_ORDER] = "open_order",
    [NAPFIRE_MOD_SKIRMISHERS] = "skirmishers",
    [NAPFIRE_MOD_COVER] = "cover",
    [NAPFIRE_MOD_BUILDINGS] = "buildings",
    [NAPFIRE_MOD_MOVED_HALF] = "moved_half",
};
/* Distance thresholds carry a measure in their key; the others do not.
 * The four row thresholds share one key, "threshold.rows". */
static const char *const threshold_names[NF_THRESHOLDS] = {
    [NAPFIRE_THRESHOLD_SCREEN] = "screen",
    [NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE] = "long_range_clearance",
    [NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE] = "overhead_clearance",
    [NAPFIRE_THRESHOLD_STAR_FIGURES] = "star_figures",
    [NAPFIRE_THRESHOLD_GUARD_CAP] = "guard_cap",
};

static const char version_word[] = "napfire-rules";

/* ---- keys ------------------------------------------------------------ */

enum key_kind {
    K_NAME, K_EDITION, K_SOURCE, K_MUSKETRY, K_RANGE, K_GUN_RANGE, K_ARTILLERY,
    K_MODIFIER, K_THRESHOLD, K_ROWS
};

struct key {
    enum key_kind kind;
    int32_t a, b, c; /* indices; meaning per kind */
};

/* Each key has a slot for the duplicate check. */
#define SLOT_MUSKETRY 3
#define SLOT_RANGE (SLOT_MUSKETRY + NF_ROWS)
#define SLOT_GUN_RANGE (SLOT_RANGE + NF_WEAPONS * NF_MEASURES)
#define SLOT_ARTILLERY (SLOT_GUN_RANGE + NF_GUNS * NF_MEASURES)
#define SLOT_MODIFIER (SLOT_ARTILLERY + NF_GUNS * NF_AMMOS * NF_ART_BANDS)
#define SLOT_THRESHOLD (SLOT_MODIFIER + NF_FIRES * NF_MOD_IDS)
#define SLOT_ROWS (SLOT_THRESHOLD + NF_THRESHOLDS * NF_MEASURES)
#define NSLOTS (SLOT_ROWS + 1)

static size_t key_slot(const struct key *k) {
    switch (k->kind) {
    case K_NAME: return 0;
    case K_EDITION: return 1;
    case K_SOURCE: return 2;
    case K_MUSKETRY: return (size_t)(SLOT_MUSKETRY + k->a);
    case K_RANGE: return (size_t)(SLOT_RANGE + k->a * NF_MEASURES + k->b);
    case K_GUN_RANGE: return (size_t)(SLOT_GUN_RANGE + k->a * NF_MEASURES + k->b);
    case K_ARTILLERY:
        return (size_t)(SLOT_ARTILLERY + (k->a * NF_AMMOS + k->b) * NF_ART_BANDS + k->c);
    case K_MODIFIER: return (size_t)(SLOT_MODIFIER + k->a * NF_MOD_IDS + k->b);
    case K_THRESHOLD: return (size_t)(SLOT_THRESHOLD + k->a * NF_MEASURES + k->b);
    case K_ROWS: return SLOT_ROWS;
    }
    return 0;
}

static int is_distance_threshold(int32_t id) {
    return id == NAPFIRE_THRESHOLD_SCREEN || id == NAPFIRE_THRESHOLD_LONG_RANGE_CLEARANCE ||
           id == NAPFIRE_THRESHOLD_OVERHEAD_CLEARANCE;
}

static int is_row_threshold(int32_t id) {
    return id >= NAPFIRE_THRESHOLD_ROW_2 && id <= NAPFIRE_THRESHOLD_ROW_5;
}

/* Ids with a second value (variant 1): massed column, limited cover. */
static int has_variant(int32_t id) {
    return id == NAPFIRE_MOD_COLUMN || id == NAPFIRE_MOD_COVER;
}

/* Which modifier ids a fire kind holds (as rules.c's modifier_slot_ok). */
static int modifier_in_fire(int32_t fire, int32_t id) {
    if (fire == NAPFIRE_FIRE_MUSKETRY)
        return id >= NAPFIRE_MOD_GUARD && id <= NAPFIRE_MOD_BUILDINGS;
    return (id >= NAPFIRE_MOD_COLUMN && id <= NAPFIRE_MOD_BUILDINGS) ||
           id == NAPFIRE_MOD_MOVED_HALF;
}

/* A component of a dotted key. */
struct span {
    const unsigned char *p;
    size_t n;
};

static int span_is(struct span s, const char *word) {
    size_t n = strlen(word);
    return s.n == n && memcmp(s.p, word, n) == 0;
}

/* Index of s in names[0..count), or -1. NULL names never match. */
static int32_t span_index(struct span s, const char *const *names, int32_t count) {
    for (int32_t i = 0; i < count; i++)
        if (names[i] && span_is(s, names[i]))
            return i;
    return -1;
}

/* Split a key at '.' into at most 4 components; returns the count, or 0
 * for more than 4 or an empty component. */
static size_t split_key(const unsigned char *p, size_t n, struct span parts[4]) {
    size_t count = 0, start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || p[i] == '.') {
            if (i == start || count == 4)
                return 0;
            parts[count].p = p + start;
            parts[count].n = i - start;
            count++;
            start = i + 1;
        }
    }
    return count;
}

/* Resolve a key; 1 if it is one of the format's keys. */
static int lookup_key(const unsigned char *p, size_t n, struct key *k) {
    struct span s[4];
    size_t c = split_key(p, n, s);
    k->a = k->b = k->c = 0;
    if (c == 1) {
        if (span_is(s[0], "name")) { k->kind = K_NAME; return 1; }
        if (span_is(s[0], "edition")) { k->kind = K_EDITION; return 1; }
        if (span_is(s[0], "source")) { k->kind = K_SOURCE; return 1; }
        return 0;
    }
    if (c == 2 && span_is(s[0], "musketry")) {
        /* row1 .. row5 */
        if (s[1].n == 4 && memcmp(s[1].p, "row", 3) == 0 && s[1].p[3] >= '1' &&
            s[1].p[3] <= '0' + NF_ROWS) {
            k->kind = K_MUSKETRY;
            k->a = s[1].p[3] - '1';
            return 1;
        }
        return 0;
    }
    if (c == 3 && span_is(s[0], "range")) {
        k->kind = K_RANGE;
        k->a = span_index(s[1], weapon_names, NF_WEAPONS);
        k->b = span_index(s[2], measure_names, NF_MEASURES);
        return k->a >= 0 && k->b >= 0;
    }
    if (c == 3 && span_is(s[0], "gun_range")) {
        k->kind = K_GUN_RANGE;
        k->a = span_index(s[1], gun_names, NF_GUNS);
        k->b = span_index(s[2], measure_names, NF_MEASURES);
        return k->a >= 0 && k->b >= 0;
    }
    if (c == 4 && span_is(s[0], "artillery")) {
        k->kind = K_ARTILLERY;
        k->a = span_index(s[1], gun_names, NF_GUNS);
        k->b = span_index(s[2], ammo_names, NF_AMMOS);
        k->c = span_index(s[3], band_names, NF_ART_BANDS);
        return k->a >= 0 && k->b >= 0 && k->c >= 0;
    }
    if (c == 3 && span_is(s[0], "modifier")) {
        k->kind = K_MODIFIER;
        k->a = span_index(s[1], fire_names, NF_FIRES);
        k->b = span_index(s[2], mod_names, NF_MOD_IDS);
        return k->a >= 0 && k->b >= 0 && modifier_in_fire(k->a, k->b);
    }
    if ((c == 2 || c == 3) && span_is(s[0], "threshold")) {
        if (c == 2 && span_is(s[1], "rows")) {
            k->kind = K_ROWS;
            return 1;
        }
        k->kind = K_THRESHOLD;
        k->a = span_index(s[1], threshold_names, NF_THRESHOLDS);
        if (k->a < 0)
            return 0;
        if (is_distance_threshold(k->a)) {
            if (c != 3)
                return 0;
            k->b = span_index(s[2], measure_names, NF_MEASURES);
            return k->b >= 0;
        }
        return c == 2;
    }
    return 0;
}

/* ---- messages ------------------------------------------------------- */

struct msg {
    char *buf;
    size_t n; /* bytes used, < NAPFIRE_PARSE_MESSAGE_SIZE */
};

static void msg_bytes(struct msg *m, const char *s, size_t n) {
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

static void msg_str(struct msg *m, const char *s) {
    msg_bytes(m, s, strlen(s));
}

/* A count or line number (never negative here). */
static void msg_int(struct msg *m, uint64_t u) {
    char digits[24];
    size_t n = 0;
    do {
        digits[sizeof digits - 1 - n] = (char)('0' + (int)(u % 10));
        u /= 10;
        n++;
    } while (u && n < sizeof digits - 1);
    msg_bytes(m, digits + sizeof digits - n, n);
}

/* Quote at most 32 bytes of (already UTF-8-validated) text. */
static void msg_quote(struct msg *m, const unsigned char *p, size_t n) {
    size_t lim = 32;
    msg_str(m, "'");
    if (n > lim) {
        while (lim > 0 && (p[lim] & 0xC0) == 0x80)
            lim--;
        msg_bytes(m, (const char *)p, lim);
        msg_str(m, "...");
    } else {
        msg_bytes(m, (const char *)p, n);
    }
    msg_str(m, "'");
}

/* ---- the parser ------------------------------------------------------ */

struct parser {
    napfire_rules *tmp;
    napfire_parse_error *err;
    const unsigned char *line; /* current line, without its line end */
    size_t len;
    int32_t lineno;
    struct msg m; /* into err->message, once failing */
};

/* Start an error at 0-based byte offset `at` of the current line. */
static struct msg *fail(struct parser *p, size_t at, int32_t code) {
    memset(p->err, 0, sizeof *p->err);
    p->err->line = p->lineno;
    p->err->column = (int32_t)(at + 1);
    p->err->code = code;
    p->m.buf = p->err->message;
    p->m.n = 0;
    return &p->m;
}

static int blank(unsigned char c) {
    return c == ' ' || c == '\t';
}

static size_t skip_blanks(const struct parser *p, size_t i) {
    while (i < p->len && blank(p->line[i]))
        i++;
    return i;
}

/* The next whitespace-separated value at or after *i, up to a comment.
 * Returns 0 when the values are exhausted (*i then points there). */
static int next_token(const struct parser *p, size_t *i, struct span *tok, size_t *at) {
    size_t j = skip_blanks(p, *i);
    *i = j;
    if (j == p->len || p->line[j] == '#')
        return 0;
    size_t start = j;
    while (j < p->len && !blank(p->line[j]) && p->line[j] != '#')
        j++;
    tok->p = p->line + start;
    tok->n = j - start;
    *at = start;
    *i = j;
    return 1;
}

/* Validate the bytes of a line: NUL, control characters, strict UTF-8
 * (no overlong forms, surrogates or code points past U+10FFFF). */
static int check_bytes(struct parser *p) {
    size_t i = 0;
    while (i < p->len) {
        unsigned char c = p->line[i];
        if (c == 0) {
            msg_str(fail(p, i, NAPFIRE_PARSE_NUL), "NUL byte");
            return 0;
        }
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t') || c == 0x7F) {
                struct msg *m = fail(p, i, NAPFIRE_PARSE_CONTROL);
                msg_str(m, "control character ");
                msg_int(m, (uint64_t)c);
                msg_str(m, " (only tab and the line end are allowed)");
                return 0;
            }
            i++;
            continue;
        }
        int w = napfire__utf8_width(p->line + i, p->len - i);
        if (w < 0) {
            static const char *const why[] = {
                [-NF_UTF8_NOT_LEAD] = "invalid UTF-8: not a lead byte",
                [-NF_UTF8_TRUNCATED] = "invalid UTF-8: truncated sequence",
                [-NF_UTF8_INVALID] = "invalid UTF-8: overlong form, surrogate or beyond U+10FFFF",
            };
            msg_str(fail(p, i, NAPFIRE_PARSE_UTF8), why[-w]);
            return 0;
        }
        i += (size_t)w;
    }
    return 1;
}

/* Accumulate decimal digits from s[*i], saturating above `cap`. Returns
 * the number of digits read. */
static size_t read_digits(struct span s, size_t *i, int64_t cap, int64_t *v) {
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

enum { V_KEEP, V_UNKNOWN, V_VALUE };

static const char cell_forms[] = "expected -, \xC2\xBD, h, N, N\xC2\xBD, Nh, N*, ? or .";

/* A table cell. Returns 1 with *kind, *halves and *star, or 0 after
 * reporting the error. Checks the domain (0..99½ figures, star only on
 * whole N >= 1, no star in artillery cells) for precise messages; the
 * setter checks it again. */
static int parse_cell(struct parser *p, struct span t, size_t at, int allow_star, int *kind,
                      int32_t *halves, int32_t *star) {
    *star = 0;
    *halves = U;
    if (t.n == 1 && t.p[0] == '.') {
        *kind = V_KEEP;
        return 1;
    }
    *kind = V_VALUE;
    if (t.n == 1 && t.p[0] == '?') {
        *kind = V_UNKNOWN;
        return 1;
    }
    if (t.n == 1 && t.p[0] == '-') {
        *halves = 0;
        return 1;
    }
    size_t i = 0;
    int64_t n = 0;
    size_t nd = read_digits(t, &i, NAPFIRE_MAX_CELL_HALVES, &n);
    int half = 0;
    if (i < t.n && t.p[i] == 'h') {
        half = 1;
        i++;
    } else if (i + 1 < t.n && t.p[i] == 0xC2 && t.p[i + 1] == 0xBD) {
        half = 1;
        i += 2;
    }
    int starred = 0;
    if (i < t.n && t.p[i] == '*') {
        starred = 1;
        i++;
    }
    if (i != t.n || (nd == 0 && !half)) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_VALUE);
        msg_str(m, "malformed cell ");
        msg_quote(m, t.p, t.n);
        msg_str(m, ": ");
        msg_str(m, cell_forms);
        return 0;
    }
    int64_t h = n * 2 + half;
    if (h > NAPFIRE_MAX_CELL_HALVES) {
        msg_str(fail(p, at, NAPFIRE_PARSE_RANGE), "cell out of range: at most 99 figures");
        return 0;
    }
    if (starred && !allow_star) {
        msg_str(fail(p, at, NAPFIRE_PARSE_STAR), "artillery cells take no star");
        return 0;
    }
    if (starred && (half || n < 1)) {
        msg_str(fail(p, at, NAPFIRE_PARSE_STAR),
                "a star needs a whole number of figures, at least 1 (F-DATA)");
        return 0;
    }
    *halves = (int32_t)h;
    *star = starred;
    return 1;
}

/* A distance in the key's measure: N (mm or tenths of an inch), or with a
 * unit: Nmm, Ncm, N.Dcm (metric); Nin, N.Din, N" (imperial). */
static int parse_distance(struct parser *p, struct span t, size_t at, int32_t measure, int *kind,
                          int32_t *value) {
    *value = U;
    if (t.n == 1 && (t.p[0] == '.' || t.p[0] == '?')) {
        *kind = t.p[0] == '.' ? V_KEEP : V_UNKNOWN;
        return 1;
    }
    *kind = V_VALUE;
    size_t i = 0;
    int64_t whole = 0, frac = 0;
    size_t nd = read_digits(t, &i, NAPFIRE_MAX_DISTANCE, &whole);
    size_t nf = 0, dot = 0;
    if (nd > 0 && i < t.n && t.p[i] == '.') {
        dot = i++;
        nf = read_digits(t, &i, 9, &frac);
    }
    if (nd == 0 || (dot && nf != 1)) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_VALUE);
        msg_str(m, "malformed distance ");
        msg_quote(m, t.p, t.n);
        msg_str(m, ": expected N, Nmm, Ncm, Nin, a decimal like 10.5cm, ? or .");
        return 0;
    }
    struct span unit = {t.p + i, t.n - i};
    int64_t scale;  /* to the key's unit, in tenths (mm or 1/100 in) */
    int32_t unit_measure;
    if (unit.n == 0) {
        unit_measure = measure;
        scale = 1;
    } else if (span_is(unit, "mm")) {
        unit_measure = NAPFIRE_MEASURE_METRIC;
        scale = 1;
    } else if (span_is(unit, "cm")) {
        unit_measure = NAPFIRE_MEASURE_METRIC;
        scale = 10;
    } else if (span_is(unit, "in") || span_is(unit, "\"")) {
        unit_measure = NAPFIRE_MEASURE_IMPERIAL;
        scale = 10;
    } else {
        struct msg *m = fail(p, at + i, NAPFIRE_PARSE_UNIT);
        msg_str(m, "unknown unit ");
        msg_quote(m, unit.p, unit.n);
        msg_str(m, measure == NAPFIRE_MEASURE_METRIC ? ": use mm or cm"
                                                     : ": use in (or \") or tenths without a unit");
        return 0;
    }
    if (unit_measure != measure) {
        struct msg *m = fail(p, at + i, NAPFIRE_PARSE_UNIT);
        msg_str(m, "unit ");
        msg_quote(m, unit.p, unit.n);
        msg_str(m, measure == NAPFIRE_MEASURE_METRIC
                       ? " does not fit a metric key (.mm): the tables are separate (F-RNG-1)"
                       : " does not fit an imperial key (.tenths): the tables are separate "
                         "(F-RNG-1)");
        return 0;
    }
    if (dot && scale == 1) {
        struct msg *m = fail(p, at + dot, NAPFIRE_PARSE_VALUE);
        msg_str(m, "a decimal needs the unit cm or in: ");
        msg_str(m, measure == NAPFIRE_MEASURE_METRIC ? "millimetres" : "tenths of an inch");
        msg_str(m, " are whole");
        return 0;
    }
    int64_t v = whole * scale + (dot ? frac : 0);
    if (v > NAPFIRE_MAX_DISTANCE) {
        msg_str(fail(p, at, NAPFIRE_PARSE_RANGE), "distance out of range: at most 1000000");
        return 0;
    }
    *value = (int32_t)v;
    return 1;
}

/* A whole number lo..hi (counts). */
static int parse_count(struct parser *p, struct span t, size_t at, int32_t lo, int32_t hi,
                       int *kind, int32_t *value) {
    *value = U;
    if (t.n == 1 && (t.p[0] == '.' || t.p[0] == '?')) {
        *kind = t.p[0] == '.' ? V_KEEP : V_UNKNOWN;
        return 1;
    }
    *kind = V_VALUE;
    size_t i = 0;
    int64_t v = 0;
    size_t nd = read_digits(t, &i, hi, &v);
    if (nd == 0 || i != t.n) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_VALUE);
        msg_str(m, "malformed number ");
        msg_quote(m, t.p, t.n);
        msg_str(m, ": expected a whole number, ? or .");
        return 0;
    }
    if (v < lo || v > hi) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_RANGE);
        msg_str(m, "number out of range: ");
        msg_int(m, (uint64_t)lo);
        msg_str(m, "..");
        msg_int(m, (uint64_t)hi);
        return 0;
    }
    *value = (int32_t)v;
    return 1;
}

/* A signed modifier -20..+20. */
static int parse_modifier(struct parser *p, struct span t, size_t at, int *kind,
                          int32_t *value) {
    *value = MU;
    if (t.n == 1 && (t.p[0] == '.' || t.p[0] == '?')) {
        *kind = t.p[0] == '.' ? V_KEEP : V_UNKNOWN;
        return 1;
    }
    *kind = V_VALUE;
    size_t i = 0;
    int neg = 0;
    if (t.n > 0 && (t.p[0] == '+' || t.p[0] == '-')) {
        neg = t.p[0] == '-';
        i = 1;
    }
    int64_t v = 0;
    size_t nd = read_digits(t, &i, NAPFIRE_MAX_MODIFIER, &v);
    if (nd == 0 || i != t.n) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_VALUE);
        msg_str(m, "malformed modifier ");
        msg_quote(m, t.p, t.n);
        msg_str(m, ": expected a signed whole number like +2, 0 or -1, ? or .");
        return 0;
    }
    if (v > NAPFIRE_MAX_MODIFIER) {
        msg_str(fail(p, at, NAPFIRE_PARSE_RANGE), "modifier out of range: -20..+20");
        return 0;
    }
    *value = (int32_t)(neg ? -v : v);
    return 1;
}

/* After the last expected value: nothing but blanks and a comment. */
static int expect_end(struct parser *p, size_t i, int32_t expected) {
    struct span t;
    size_t at;
    if (!next_token(p, &i, &t, &at))
        return 1;
    struct msg *m = fail(p, at, NAPFIRE_PARSE_COUNT);
    msg_str(m, "too many values: this key takes ");
    msg_int(m, (uint64_t)expected);
    return 0;
}

/* Fetch value number `index` of `expected`; reports a short line. */
static int expect_token(struct parser *p, size_t *i, int32_t index, int32_t expected,
                        struct span *t, size_t *at) {
    if (next_token(p, i, t, at))
        return 1;
    struct msg *m = fail(p, *i, NAPFIRE_PARSE_COUNT);
    if (index == 0) {
        msg_str(m, "missing value: this key takes ");
    } else {
        msg_str(m, "too few values: found ");
        msg_int(m, (uint64_t)index);
        msg_str(m, ", this key takes ");
    }
    msg_int(m, (uint64_t)expected);
    return 0;
}

/* A setter refused a value the parser let through: report it generically
 * (the parser's own checks normally give a precise message first). */
static int refused(struct parser *p, size_t at, int st) {
    struct msg *m = fail(p, at, NAPFIRE_PARSE_RANGE);
    msg_str(m, "value refused by the rules data (");
    msg_str(m, napfire_status_name(st));
    msg_str(m, ")");
    return 0;
}

static int apply_cells(struct parser *p, const struct key *k, size_t i) {
    int musketry = k->kind == K_MUSKETRY;
    for (int32_t col = 0; col < NF_COLUMNS; col++) {
        struct span t;
        size_t at;
        int kind;
        int32_t halves, star;
        if (!expect_token(p, &i, col, NF_COLUMNS, &t, &at) ||
            !parse_cell(p, t, at, musketry, &kind, &halves, &star))
            return 0;
        if (kind == V_KEEP)
            continue;
        int st = musketry
                     ? napfire_rules_set_musketry(p->tmp, k->a, col, halves, star)
                     : napfire_rules_set_artillery(p->tmp, k->a, k->b,
                                                   k->c + NAPFIRE_BAND_CANISTER, col, halves);
        if (st != NAPFIRE_OK)
            return refused(p, at, st);
    }
    return expect_end(p, i, NF_COLUMNS);
}

/* Range maxima (2 for a weapon, 3 for a gun), not decreasing where known. */
static int apply_maxima(struct parser *p, const struct key *k, size_t i) {
    int gun = k->kind == K_GUN_RANGE;
    int32_t count = gun ? NF_ART_BANDS : 2;
    int32_t v[NF_ART_BANDS];
    size_t at[NF_ART_BANDS];
    int st = gun ? napfire_rules_get_gun_range(p->tmp, k->a, k->b, &v[0], &v[1], &v[2])
                 : napfire_rules_get_range(p->tmp, k->a, k->b, &v[0], &v[1]);
    if (st != NAPFIRE_OK)
        return refused(p, 0, st);
    for (int32_t j = 0; j < count; j++) {
        struct span t;
        int kind;
        int32_t value;
        if (!expect_token(p, &i, j, count, &t, &at[j]) ||
            !parse_distance(p, t, at[j], k->b, &kind, &value))
            return 0;
        if (kind != V_KEEP)
            v[j] = value;
    }
    if (!expect_end(p, i, count))
        return 0;
    st = gun ? napfire_rules_set_gun_range(p->tmp, k->a, k->b, v[0], v[1], v[2])
             : napfire_rules_set_range(p->tmp, k->a, k->b, v[0], v[1]);
    if (st == NAPFIRE_EDOMAIN) {
        /* The values are each in range, so the order is wrong: point at the
         * first maximum below an earlier known one. */
        int32_t last = -1;
        for (int32_t j = 0; j < count; j++) {
            if (v[j] == U)
                continue;
            if (v[j] < last) {
                msg_str(fail(p, at[j], NAPFIRE_PARSE_ORDER),
                        "range maxima must not decrease (a kept '.' value counts)");
                return 0;
            }
            last = v[j];
        }
    }
    if (st != NAPFIRE_OK)
        return refused(p, at[0], st);
    return 1;
}

static int apply_modifier(struct parser *p, const struct key *k, size_t i) {
    int32_t count = has_variant(k->b) ? NF_VARIANTS : 1;
    for (int32_t variant = 0; variant < count; variant++) {
        struct span t;
        size_t at;
        int kind;
        int32_t value;
        if (!expect_token(p, &i, variant, count, &t, &at) ||
            !parse_modifier(p, t, at, &kind, &value))
            return 0;
        if (kind == V_KEEP)
            continue;
        int st = napfire_rules_set_modifier(p->tmp, k->a, k->b, variant, value);
        if (st != NAPFIRE_OK)
            return refused(p, at, st);
    }
    return expect_end(p, i, count);
}

static int apply_threshold(struct parser *p, const struct key *k, size_t i) {
    struct span t;
    size_t at;
    int kind;
    int32_t value;
    if (!expect_token(p, &i, 0, 1, &t, &at))
        return 0;
    int ok = is_distance_threshold(k->a)
                 ? parse_distance(p, t, at, k->b, &kind, &value)
                 : k->a == NAPFIRE_THRESHOLD_GUARD_CAP
                       ? parse_count(p, t, at, 0, NAPFIRE_MAX_MODIFIER, &kind, &value)
                       : parse_count(p, t, at, 1, NAPFIRE_MAX_FIGURES, &kind, &value);
    if (!ok || !expect_end(p, i, 1))
        return 0;
    if (kind == V_KEEP)
        return 1;
    int st = napfire_rules_set_threshold(p->tmp, k->a, k->b, value);
    return st == NAPFIRE_OK ? 1 : refused(p, at, st);
}

/* threshold.rows: the firing figures from which rows 2..5 apply (F-TAB-1),
 * strictly increasing where known. All four are cleared, then set in
 * order, so the setter checks each against the ones before it. */
static int apply_rows(struct parser *p, size_t i) {
    enum { NROWS = NAPFIRE_THRESHOLD_ROW_5 - NAPFIRE_THRESHOLD_ROW_2 + 1 };
    int32_t v[NROWS];
    size_t at[NROWS];
    for (int32_t j = 0; j < NROWS; j++) {
        struct span t;
        int kind;
        int32_t value;
        int st = napfire_rules_get_threshold(p->tmp, NAPFIRE_THRESHOLD_ROW_2 + j, 0, &v[j]);
        if (st != NAPFIRE_OK && st != NAPFIRE_EUNKNOWN)
            return refused(p, 0, st);
        if (!expect_token(p, &i, j, NROWS, &t, &at[j]) ||
            !parse_count(p, t, at[j], 1, NAPFIRE_MAX_FIGURES, &kind, &value))
            return 0;
        if (kind != V_KEEP)
            v[j] = value;
    }
    if (!expect_end(p, i, NROWS))
        return 0;
    for (int32_t j = 0; j < NROWS; j++) {
        int st = napfire_rules_set_threshold(p->tmp, NAPFIRE_THRESHOLD_ROW_2 + j, 0, U);
        if (st != NAPFIRE_OK)
            return refused(p, at[j], st);
    }
    for (int32_t j = 0; j < NROWS; j++) {
        int st = napfire_rules_set_threshold(p->tmp, NAPFIRE_THRESHOLD_ROW_2 + j, 0, v[j]);
        if (st == NAPFIRE_EDOMAIN && v[j] != U) {
            msg_str(fail(p, at[j], NAPFIRE_PARSE_ORDER),
                    "row thresholds must increase strictly (a kept '.' value counts)");
            return 0;
        }
        if (st != NAPFIRE_OK)
            return refused(p, at[j], st);
    }
    return 1;
}

/* A provenance text: "..." with the escapes \" and \\. */
static int apply_text(struct parser *p, const struct key *k, size_t i) {
    static const struct {
        int32_t field;
        const char *name;
        int32_t max;
    } fields[] = {
        {NAPFIRE_PROVENANCE_NAME, "name", NF_NAME_CAP - 1},
        {NAPFIRE_PROVENANCE_EDITION, "edition", NF_EDITION_CAP - 1},
        {NAPFIRE_PROVENANCE_SOURCE, "source", NF_SOURCE_CAP - 1},
    };
    size_t f = (size_t)(k->kind - K_NAME);
    char text[NF_SOURCE_CAP];
    size_t n = 0;
    i = skip_blanks(p, i);
    if (i == p->len || p->line[i] == '#') {
        msg_str(fail(p, i, NAPFIRE_PARSE_COUNT), "missing value: expected a quoted text \"...\"");
        return 0;
    }
    if (p->line[i] != '"') {
        msg_str(fail(p, i, NAPFIRE_PARSE_VALUE), "expected a quoted text \"...\"");
        return 0;
    }
    size_t open = i++;
    for (;;) {
        if (i == p->len) {
            msg_str(fail(p, open, NAPFIRE_PARSE_VALUE), "unterminated text: missing the closing '\"'");
            return 0;
        }
        unsigned char c = p->line[i];
        if (c == '"')
            break;
        if (c == '\t') {
            msg_str(fail(p, i, NAPFIRE_PARSE_VALUE), "tab in a text");
            return 0;
        }
        if (c == '\\') {
            if (i + 1 == p->len || (p->line[i + 1] != '"' && p->line[i + 1] != '\\')) {
                msg_str(fail(p, i, NAPFIRE_PARSE_VALUE),
                        "unknown escape in a text: only \\\" and \\\\");
                return 0;
            }
            c = p->line[++i];
        }
        if (n == (size_t)fields[f].max) {
            struct msg *m = fail(p, open, NAPFIRE_PARSE_RANGE);
            msg_str(m, "text too long: ");
            msg_str(m, fields[f].name);
            msg_str(m, " takes at most ");
            msg_int(m, (uint64_t)fields[f].max);
            msg_str(m, " bytes");
            return 0;
        }
        text[n++] = (char)c;
        i++;
    }
    text[n] = '\0';
    i = skip_blanks(p, i + 1);
    if (i < p->len && p->line[i] != '#') {
        msg_str(fail(p, i, NAPFIRE_PARSE_COUNT), "unexpected text after the closing '\"'");
        return 0;
    }
    /* The line is valid UTF-8 and an escape only ever yields ASCII, so the
     * setter's own checks pass; it still has the last word. */
    int st = napfire_rules_set_provenance(p->tmp, fields[f].field, text);
    return st == NAPFIRE_OK ? 1 : refused(p, open + 1, st);
}

static int keychar(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '.';
}

/* One `key = values` line (or a blank or comment line). */
static int parse_line(struct parser *p, int32_t first_line[NSLOTS]) {
    size_t i = skip_blanks(p, 0);
    if (i == p->len || p->line[i] == '#')
        return 1;
    size_t kstart = i;
    while (i < p->len && keychar(p->line[i]))
        i++;
    size_t klen = i - kstart;
    if (klen == 0) {
        msg_str(fail(p, i, NAPFIRE_PARSE_SYNTAX),
                "expected a key (letters, digits, '_' and '.') then '='");
        return 0;
    }
    i = skip_blanks(p, i);
    if (i == p->len || p->line[i] != '=') {
        msg_str(fail(p, i, NAPFIRE_PARSE_SYNTAX), "expected '=' after the key");
        return 0;
    }
    i++;
    struct key k;
    if (!lookup_key(p->line + kstart, klen, &k)) {
        struct msg *m = fail(p, kstart, NAPFIRE_PARSE_UNKNOWN_KEY);
        msg_str(m, "unknown key ");
        msg_quote(m, p->line + kstart, klen);
        return 0;
    }
    size_t slot = key_slot(&k);
    if (first_line[slot]) {
        struct msg *m = fail(p, kstart, NAPFIRE_PARSE_DUPLICATE_KEY);
        msg_str(m, "duplicate key ");
        msg_quote(m, p->line + kstart, klen);
        msg_str(m, " (first given on line ");
        msg_int(m, (uint64_t)first_line[slot]);
        msg_str(m, ")");
        return 0;
    }
    first_line[slot] = p->lineno;
    switch (k.kind) {
    case K_NAME:
    case K_EDITION:
    case K_SOURCE:
        return apply_text(p, &k, i);
    case K_MUSKETRY:
    case K_ARTILLERY:
        return apply_cells(p, &k, i);
    case K_RANGE:
    case K_GUN_RANGE:
        return apply_maxima(p, &k, i);
    case K_MODIFIER:
        return apply_modifier(p, &k, i);
    case K_THRESHOLD:
        return apply_threshold(p, &k, i);
    case K_ROWS:
        return apply_rows(p, i);
    }
    return 0;
}

/* `napfire-rules N`, then blanks and an optional comment. */
static int parse_version(struct parser *p, size_t i) {
    size_t n = sizeof version_word - 1;
    if (p->len - i < n || memcmp(p->line + i, version_word, n) != 0 ||
        (p->len - i > n && !blank(p->line[i + n]))) {
        msg_str(fail(p, i, NAPFIRE_PARSE_VERSION),
                "missing version line: the text must begin with 'napfire-rules 1'");
        return 0;
    }
    i = skip_blanks(p, i + n);
    struct span rest = {p->line, p->len};
    int64_t v = 0;
    size_t at = i;
    size_t nd = read_digits(rest, &i, 1000000, &v);
    size_t end = skip_blanks(p, i);
    if (nd == 0 || (end < p->len && p->line[end] != '#')) {
        msg_str(fail(p, at, NAPFIRE_PARSE_VERSION),
                "malformed version line: expected 'napfire-rules 1'");
        return 0;
    }
    if (v != NAPFIRE_RULES_TEXT_VERSION) {
        struct msg *m = fail(p, at, NAPFIRE_PARSE_VERSION);
        msg_str(m, "unsupported format version ");
        if (v > 999999)
            msg_str(m, "(huge)");
        else
            msg_int(m, (uint64_t)v);
        msg_str(m, ": this library reads version 1");
        return 0;
    }
    return 1;
}

/* Forward: reads every value through the getters (see below). */
static int validate(const napfire_rules *r);

int napfire_rules_parse(napfire_rules *r, const char *text, size_t len,
                        napfire_parse_error *err) {
    if (!r || !err || (!text && len > 0))
        return NAPFIRE_EINVAL;
    if (NF_CRULES(r)->magic != NF_RULES_MAGIC)
        return NAPFIRE_ESTATE;
    /* Every stored value must be valid before anything is read or kept. */
    int st = validate(r);
    if (st != NAPFIRE_OK)
        return st;

    napfire_rules tmp;
    memcpy(&tmp, r, sizeof tmp);
    int32_t first_line[NSLOTS];
    memset(first_line, 0, sizeof first_line);
    struct parser p;
    memset(&p, 0, sizeof p);
    p.tmp = &tmp;
    p.err = err;
    p.lineno = 1;

    const unsigned char *s = (const unsigned char *)text;
    if (len > NAPFIRE_RULES_TEXT_MAX) {
        p.line = s;
        p.len = 0;
        msg_str(fail(&p, 0, NAPFIRE_PARSE_TOO_LARGE),
                "text too large: at most 1048576 bytes (1 MiB)");
        return NAPFIRE_ESYNTAX;
    }
    size_t pos = 0;
    int32_t lineno = 0;
    /* One line per iteration; lines are never empty of progress, so this
     * runs at most len + 1 times. An empty text is one empty line. */
    while (lineno == 0 || pos < len) {
        lineno++;
        size_t end = pos;
        while (end < len && s[end] != '\n')
            end++;
        size_t next = end < len ? end + 1 : end;
        if (end > pos && s[end - 1] == '\r')
            end--; /* CRLF */
        p.line = s ? s + pos : (const unsigned char *)"";
        p.len = end - pos;
        p.lineno = lineno;
        if (p.len > NAPFIRE_RULES_LINE_MAX) {
            msg_str(fail(&p, NAPFIRE_RULES_LINE_MAX, NAPFIRE_PARSE_LINE_TOO_LONG),
                    "line too long: at most 1024 bytes");
            return NAPFIRE_ESYNTAX;
        }
        if (!check_bytes(&p))
            return NAPFIRE_ESYNTAX;
        if (lineno == 1) {
            /* An optional UTF-8 byte order mark before the version line. */
            size_t i = p.len >= 3 && memcmp(p.line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
            if (!parse_version(&p, i))
                return NAPFIRE_ESYNTAX;
        } else if (!parse_line(&p, first_line)) {
            return NAPFIRE_ESYNTAX;
        }
        pos = next;
    }
    memcpy(r, &tmp, sizeof tmp);
    memset(err, 0, sizeof *err);
    return NAPFIRE_OK;
}

/* ---- the formatter --------------------------------------------------- */

struct out {
    char *buf;  /* NULL: count only */
    size_t cap; /* room for text, the NUL excluded */
    size_t pos;
};

static void put(struct out *o, const char *s, size_t n) {
    /* The count pass sized the buffer; the bound check is only a guard. */
    if (o->buf && n <= o->cap && o->pos <= o->cap - n)
        memcpy(o->buf + o->pos, s, n);
    o->pos += n;
}

static void puts_(struct out *o, const char *s) {
    put(o, s, strlen(s));
}

static void put_int(struct out *o, int32_t v, int plus) {
    char digits[16];
    size_t n = 0;
    uint32_t u = v < 0 ? (uint32_t)0 - (uint32_t)v : (uint32_t)v;
    do {
        digits[sizeof digits - 1 - n] = (char)('0' + (int)(u % 10));
        u /= 10;
        n++;
    } while (u && n < sizeof digits - 1);
    if (v < 0)
        puts_(o, "-");
    else if (plus && v > 0)
        puts_(o, "+");
    put(o, digits + sizeof digits - n, n);
}

static void put_value(struct out *o, int32_t v) {
    if (v == U)
        puts_(o, "?");
    else
        put_int(o, v, 0);
}

/* A cell padded to 4 display columns (½ is two bytes, one column). */
static void put_cell(struct out *o, int32_t halves, int32_t star, int last) {
    size_t width;
    size_t before = o->pos;
    if (halves == U) {
        puts_(o, "?");
        width = 1;
    } else if (halves == 0) {
        puts_(o, "-");
        width = 1;
    } else {
        if (halves >= 2)
            put_int(o, halves / 2, 0);
        width = o->pos - before;
        if (halves % 2) {
            puts_(o, "\xC2\xBD");
            width++;
        }
        if (star) {
            puts_(o, "*");
            width++;
        }
    }
    if (!last)
        for (; width < 4; width++)
            puts_(o, " ");
}

/* A dotted key padded to `width` columns, then " = ". */
static void put_key(struct out *o, size_t width, const char *a, const char *b, const char *c,
                    const char *d) {
    size_t before = o->pos;
    puts_(o, a);
    const char *rest[3] = {b, c, d};
    for (size_t i = 0; i < 3 && rest[i]; i++) {
        puts_(o, ".");
        puts_(o, rest[i]);
    }
    for (size_t n = o->pos - before; n < width; n++)
        puts_(o, " ");
    puts_(o, " = ");
}

static int put_text(struct out *o, const napfire_rules *r, int32_t field, const char *key) {
    char text[NF_SOURCE_CAP];
    size_t n;
    int st = napfire_rules_get_provenance(r, field, text, sizeof text, &n);
    if (st != NAPFIRE_OK)
        return st == NAPFIRE_ENOSPC ? NAPFIRE_ESTATE : st;
    put_key(o, 7, key, NULL, NULL, NULL);
    puts_(o, "\"");
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '"' || text[i] == '\\')
            puts_(o, "\\");
        put(o, text + i, 1);
    }
    puts_(o, "\"\n");
    return NAPFIRE_OK;
}

/* Getter statuses: OK and UNKNOWN are values; anything else is corruption. */
#define VALUE_OR_RETURN(call)                                                                \
    do {                                                                                     \
        int st_ = (call);                                                                    \
        if (st_ != NAPFIRE_OK && st_ != NAPFIRE_EUNKNOWN)                                    \
            return st_;                                                                      \
    } while (0)

static int emit(const napfire_rules *r, struct out *o) {
    puts_(o, "napfire-rules 1\n");
    puts_(o, "# libnapfire rules data: see doc/rules-format.md. '?' = unknown.\n\n");

    static const int32_t text_fields[3] = {NAPFIRE_PROVENANCE_NAME, NAPFIRE_PROVENANCE_EDITION,
                                           NAPFIRE_PROVENANCE_SOURCE};
    static const char *const text_keys[3] = {"name", "edition", "source"};
    for (size_t f = 0; f < 3; f++) {
        int st = put_text(o, r, text_fields[f], text_keys[f]);
        if (st != NAPFIRE_OK)
            return st;
    }

    puts_(o, "\n# Thresholds: distances in mm (.mm) or tenths of an inch (.tenths).\n");
    for (int32_t id = 0; id < NF_THRESHOLDS; id++) {
        if (is_row_threshold(id))
            continue;
        for (int32_t m = 0; m < NF_MEASURES; m++) {
            if (!is_distance_threshold(id) && m > 0)
                break;
            /* A count holds one value for both measures: the getter
             * refuses storage where the two differ. */
            int32_t v;
            VALUE_OR_RETURN(napfire_rules_get_threshold(r, id, m, &v));
            put_key(o, 37, "threshold", threshold_names[id],
                    is_distance_threshold(id) ? measure_names[m] : NULL, NULL);
            put_value(o, v);
            puts_(o, "\n");
        }
    }
    put_key(o, 37, "threshold", "rows", NULL, NULL);
    for (int32_t id = NAPFIRE_THRESHOLD_ROW_2; id <= NAPFIRE_THRESHOLD_ROW_5; id++) {
        int32_t v;
        VALUE_OR_RETURN(napfire_rules_get_threshold(r, id, 0, &v));
        put_value(o, v);
        puts_(o, id < NAPFIRE_THRESHOLD_ROW_5 ? " " : "\n");
    }

    puts_(o, "\n# Infantry ranges (F-RNG): effective and long maxima.\n");
    for (int32_t w = 0; w < NF_WEAPONS; w++)
        for (int32_t m = 0; m < NF_MEASURES; m++) {
            int32_t e, l;
            VALUE_OR_RETURN(napfire_rules_get_range(r, w, m, &e, &l));
            put_key(o, 25, "range", weapon_names[w], measure_names[m], NULL);
            put_value(o, e);
            puts_(o, " ");
            put_value(o, l);
            puts_(o, "\n");
        }

    puts_(o, "\n# Musketry table (F-TAB): rows 1-5, modified rolls 1-2 .. 17-18.\n");
    for (int32_t row = 0; row < NF_ROWS; row++) {
        char name[5] = {'r', 'o', 'w', (char)('1' + row), '\0'};
        put_key(o, 0, "musketry", name, NULL, NULL);
        for (int32_t col = 0; col < NF_COLUMNS; col++) {
            int32_t h, star;
            VALUE_OR_RETURN(napfire_rules_get_musketry(r, row, col, &h, &star));
            put_cell(o, h, star, col == NF_COLUMNS - 1);
        }
        puts_(o, "\n");
    }

    for (int32_t fire = 0; fire < NF_FIRES; fire++) {
        if (fire == NAPFIRE_FIRE_MUSKETRY) {
            puts_(o, "\n# Musketry modifiers (F-MOD); column and cover take two values.\n");
        } else {
            puts_(o, "\n# Artillery (F-ART-1): gun band maxima (canister, effective, long),\n"
                     "# then casualty table rows: gun, ammunition, band.\n");
            for (int32_t g = 0; g < NF_GUNS; g++)
                for (int32_t m = 0; m < NF_MEASURES; m++) {
                    int32_t v[3];
                    VALUE_OR_RETURN(napfire_rules_get_gun_range(r, g, m, &v[0], &v[1], &v[2]));
                    put_key(o, 25, "gun_range", gun_names[g], measure_names[m], NULL);
                    for (int j = 0; j < 3; j++) {
                        put_value(o, v[j]);
                        puts_(o, j < 2 ? " " : "\n");
                    }
                }
            for (int32_t g = 0; g < NF_GUNS; g++)
                for (int32_t a = 0; a < NF_AMMOS; a++)
                    for (int32_t b = 0; b < NF_ART_BANDS; b++) {
                        put_key(o, 37, "artillery", gun_names[g], ammo_names[a], band_names[b]);
                        for (int32_t col = 0; col < NF_COLUMNS; col++) {
                            int32_t h;
                            VALUE_OR_RETURN(napfire_rules_get_artillery(
                                r, g, a, b + NAPFIRE_BAND_CANISTER, col, &h));
                            put_cell(o, h, 0, col == NF_COLUMNS - 1);
                        }
                        puts_(o, "\n");
                    }
            puts_(o, "\n# Artillery modifiers (F-ART-1, F-ART-3).\n");
        }
        for (int32_t id = 0; id < NF_MOD_IDS; id++) {
            if (!mod_names[id] || !modifier_in_fire(fire, id))
                continue;
            put_key(o, 37, "modifier", fire_names[fire], mod_names[id], NULL);
            int32_t nv = has_variant(id) ? NF_VARIANTS : 1;
            for (int32_t variant = 0; variant < nv; variant++) {
                int32_t v;
                VALUE_OR_RETURN(napfire_rules_get_modifier(r, fire, id, variant, &v));
                if (v == MU)
                    puts_(o, "?");
                else
                    put_int(o, v, 1);
                puts_(o, variant + 1 < nv ? " " : "\n");
            }
        }
    }
    return NAPFIRE_OK;
}

static int validate(const napfire_rules *r) {
    struct out o = {NULL, 0, 0};
    return emit(r, &o);
}

/* Count, then (when cap allows) write; a failed count writes nothing. */
int napfire_rules_format(const napfire_rules *r, char *buf, size_t cap, size_t *len) {
    if (!len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    struct out o = {NULL, 0, 0};
    int st = emit(r, &o);
    if (st != NAPFIRE_OK)
        return st;
    *len = o.pos;
    if (cap < o.pos + 1)
        return NAPFIRE_ENOSPC;
    struct out w = {buf, cap - 1, 0};
    st = emit(r, &w);
    if (st != NAPFIRE_OK || w.pos != o.pos) /* only if r changed under us */
        return NAPFIRE_ESTATE;
    buf[w.pos] = '\0';
    return NAPFIRE_OK;
}
