/* SPDX-License-Identifier: MIT */
/*
 * One value token of the rules text format to one number: table cells,
 * distances with their units, whole and signed numbers. The domain checks
 * here give precise messages; the setters check the values again and have
 * the last word.
 */
#include "rules_text.h"

#define U NAPFIRE_UNKNOWN

static const char cell_forms[] = "expected -, \xC2\xBD, h, N, N\xC2\xBD, Nh, N*, ? or .";

static int malformed(struct nf_lexer *lx, size_t at, struct nf_span t, const char *what, const char *expected) {
    struct nf_msg *m = napfire__lex_fail(lx, at, NAPFIRE_PARSE_VALUE);
    napfire__msg_str(m, "malformed ");
    napfire__msg_str(m, what);
    napfire__msg_str(m, " ");
    napfire__msg_quote(m, t.p, t.n);
    napfire__msg_str(m, ": ");
    napfire__msg_str(m, expected);
    return 0;
}

/* A cell's domain: 0..99½ figures, a star only where allowed and only on
 * a whole N >= 1. */
static int cell_domain(struct nf_lexer *lx, size_t at, int64_t n, int half, int starred, int allow_star,
                       int32_t *halves, int32_t *star) {
    int64_t h = n * 2 + half;
    if (h > NAPFIRE_MAX_CELL_HALVES) {
        napfire__msg_str(napfire__lex_fail(lx, at, NAPFIRE_PARSE_RANGE), "cell out of range: at most 99 figures");
        return 0;
    }
    if (starred && !allow_star) {
        napfire__msg_str(napfire__lex_fail(lx, at, NAPFIRE_PARSE_STAR), "artillery cells take no star");
        return 0;
    }
    if (starred && (half || n < 1)) {
        napfire__msg_str(napfire__lex_fail(lx, at, NAPFIRE_PARSE_STAR),
                         "a star needs a whole number of figures, at least 1 (F-DATA)");
        return 0;
    }
    *halves = (int32_t)h;
    *star = starred;
    return 1;
}

/* A table cell: -, N, ½ or h after N, and a star after a whole N >= 1. */
static int cell(struct nf_lexer *lx, struct nf_span t, size_t at, int allow_star, int32_t *halves, int32_t *star) {
    if (t.n == 1 && t.p[0] == '-') {
        *halves = 0;
        return 1;
    }
    size_t i = 0;
    int64_t n = 0;
    size_t nd = napfire__read_digits(t, &i, NAPFIRE_MAX_CELL_HALVES, &n);
    int half = 0;
    if (i < t.n && t.p[i] == 'h') {
        half = 1;
        i++;
    } else if (i + 1 < t.n && t.p[i] == 0xC2 && t.p[i + 1] == 0xBD) {
        half = 1;
        i += 2;
    }
    int starred = i < t.n && t.p[i] == '*';
    i += (size_t)starred;
    if (i != t.n || (nd == 0 && !half))
        return malformed(lx, at, t, "cell", cell_forms);
    return cell_domain(lx, at, n, half, starred, allow_star, halves, star);
}

/* The measure and scale (to mm or tenths of an inch) of a distance unit;
 * 0 for a unit the format does not know. */
static int unit_of(struct nf_span unit, int32_t key_measure, int32_t *measure, int64_t *scale) {
    static const struct {
        const char *name;
        int32_t measure;
        int64_t scale;
    } units[] = {
        {"mm", NAPFIRE_MEASURE_METRIC, 1},
        {"cm", NAPFIRE_MEASURE_METRIC, 10},
        {"in", NAPFIRE_MEASURE_IMPERIAL, 10},
        {"\"", NAPFIRE_MEASURE_IMPERIAL, 10},
    };
    if (unit.n == 0) {
        *measure = key_measure;
        *scale = 1;
        return 1;
    }
    for (size_t k = 0; k < NF_COUNT(units); k++)
        if (napfire__span_is(unit, units[k].name)) {
            *measure = units[k].measure;
            *scale = units[k].scale;
            return 1;
        }
    return 0;
}

static int bad_unit(struct nf_lexer *lx, size_t at, struct nf_span unit, int known, int32_t measure) {
    int metric = measure == NAPFIRE_MEASURE_METRIC;
    struct nf_msg *m = napfire__lex_fail(lx, at, NAPFIRE_PARSE_UNIT);
    napfire__msg_str(m, known ? "unit " : "unknown unit ");
    napfire__msg_quote(m, unit.p, unit.n);
    if (!known)
        napfire__msg_str(m, metric ? ": use mm or cm" : ": use in (or \") or tenths without a unit");
    else
        napfire__msg_str(m, metric ? " does not fit a metric key (.mm): the tables are separate "
                                     "(F-RNG-1)"
                                   : " does not fit an imperial key (.tenths): the tables are "
                                     "separate (F-RNG-1)");
    return 0;
}

/* A distance in the key's measure: N (mm or tenths of an inch), or with a
 * unit: Nmm, Ncm, N.Dcm (metric); Nin, N.Din, N" (imperial). */
static int distance(struct nf_lexer *lx, struct nf_span t, size_t at, int32_t measure, int32_t *value) {
    size_t i = 0;
    int64_t whole = 0, frac = 0;
    size_t nd = napfire__read_digits(t, &i, NAPFIRE_MAX_DISTANCE, &whole);
    size_t nf = 0, dot = 0;
    if (nd > 0 && i < t.n && t.p[i] == '.') {
        dot = i++;
        nf = napfire__read_digits(t, &i, 9, &frac);
    }
    if (nd == 0 || (dot && nf != 1))
        return malformed(lx, at, t, "distance", "expected N, Nmm, Ncm, Nin, a decimal like 10.5cm, ? or .");
    struct nf_span unit = {t.p + i, t.n - i};
    int64_t scale = 1;
    int32_t unit_measure = measure;
    int known = unit_of(unit, measure, &unit_measure, &scale);
    if (!known || unit_measure != measure)
        return bad_unit(lx, at + i, unit, known, measure);
    if (dot && scale == 1) {
        struct nf_msg *m = napfire__lex_fail(lx, at + dot, NAPFIRE_PARSE_VALUE);
        napfire__msg_str(m, "a decimal needs the unit cm or in: ");
        napfire__msg_str(m, measure == NAPFIRE_MEASURE_METRIC ? "millimetres" : "tenths of an inch");
        napfire__msg_str(m, " are whole");
        return 0;
    }
    int64_t v = whole * scale + (dot ? frac : 0);
    if (v > NAPFIRE_MAX_DISTANCE) {
        napfire__msg_str(napfire__lex_fail(lx, at, NAPFIRE_PARSE_RANGE), "distance out of range: at most 1000000");
        return 0;
    }
    *value = (int32_t)v;
    return 1;
}

/* A whole number lo..hi; with `sign`, a leading + or - (modifiers). */
static int number(struct nf_lexer *lx, struct nf_span t, size_t at, int sign, int32_t lo, int32_t hi, int32_t *value) {
    size_t i = 0;
    int neg = 0;
    if (sign && t.n > 0 && (t.p[0] == '+' || t.p[0] == '-')) {
        neg = t.p[0] == '-';
        i = 1;
    }
    int64_t v = 0;
    size_t nd = napfire__read_digits(t, &i, hi, &v);
    if (nd == 0 || i != t.n)
        return malformed(lx, at, t, sign ? "modifier" : "number",
                         sign ? "expected a signed whole number like +2, 0 or -1, ? or ."
                              : "expected a whole number, ? or .");
    v = neg ? -v : v;
    if (v < lo || v > hi) {
        struct nf_msg *m = napfire__lex_fail(lx, at, NAPFIRE_PARSE_RANGE);
        napfire__msg_str(m, sign ? "modifier out of range: " : "number out of range: ");
        napfire__msg_int(m, lo, sign);
        napfire__msg_str(m, "..");
        napfire__msg_int(m, hi, sign);
        return 0;
    }
    *value = (int32_t)v;
    return 1;
}

int napfire__value_parse(struct nf_lexer *lx, struct nf_span t, size_t at, enum nf_value_kind kind, int32_t measure,
                         int32_t lo, int32_t hi, int *how, int32_t *value, int32_t *star) {
    *star = 0;
    *value = kind == NF_VALUE_MODIFIER ? NAPFIRE_MODIFIER_UNKNOWN : U;
    *how = t.n == 1 && t.p[0] == '.' ? NF_KEEP : NF_SET;
    if (t.n == 1 && (t.p[0] == '.' || t.p[0] == '?'))
        return 1;
    switch (kind) {
        case NF_VALUE_CELL_STAR:
        case NF_VALUE_CELL:
            return cell(lx, t, at, kind == NF_VALUE_CELL_STAR, value, star);
        case NF_VALUE_DISTANCE:
            return distance(lx, t, at, measure, value);
        case NF_VALUE_COUNT:
            return number(lx, t, at, 0, lo, hi, value);
        case NF_VALUE_MODIFIER:
            return number(lx, t, at, 1, -NAPFIRE_MAX_MODIFIER, NAPFIRE_MAX_MODIFIER, value);
        case NF_VALUE_TEXT:
            break;
    }
    return 0;
}
