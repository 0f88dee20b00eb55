/* SPDX-License-Identifier: MIT */
/*
 * napfire_rules_check_next(): the plausibility findings about a rules
 * object, one per call. Every finding is a value that the setters accept
 * but that looks like a typing slip (F-TAB-1, F-RNG, F-ART-1), or a name
 * that misstates where the data come from (F-DATA).
 *
 * The checks are a fixed list of sites; the cursor is the next site to
 * look at, so a caller walks them with no state of its own. Each site
 * gives at most one finding; its message is measured first, written only
 * when it fits.
 */
#include <string.h>

#include "rules_text.h"

/* The sites in the order findings are given. */
enum {
    SITE_MUSKETRY = 0,                /* row * 2 + (0 falling, 1 below the row above) */
    SITE_GUN = SITE_MUSKETRY + 10,    /* ((gun * 2 + measure) * 4) + check */
    SITE_WEAPON = SITE_GUN + 40,      /* weapon * 2 + measure */
    SITE_ARTILLERY = SITE_WEAPON + 6, /* (gun * 2 + ammo) * 3 + band - 1 */
    SITE_NAME = SITE_ARTILLERY + 30,  /* 0 built-in name, 1 placeholder */
    SITE_END = SITE_NAME + 2
};

static const char *const band_word[] = {"none", "canister", "effective", "long"};
static const char *const gun_word[] = {"light", "p6", "p9", "p12", "howitzer"};

struct finding {
    int32_t check;
    int32_t missing;
    int32_t index[4];
};

static void put_key(struct nf_out *o, const struct finding *f) {
    char patch[160];
    size_t len = 0;
    if (napfire_missing_describe(f->missing, f->index, NAPFIRE_DESCRIBE_PATCH, patch, sizeof patch, &len) != NAPFIRE_OK)
        return;
    napfire__put(o, patch, strcspn(patch, " ="));
}

static void put_cell(struct nf_out *o, int32_t halves) {
    if (halves == 0)
        napfire__puts(o, "-");
    else if (halves > 1)
        napfire__put_int(o, halves / 2, 0);
    if (halves % 2)
        napfire__puts(o, "\xC2\xBD");
}

static void put_rolls(struct nf_out *o, int32_t column) {
    napfire__put_int(o, column * 2 + 1, 0);
    napfire__puts(o, "-");
    napfire__put_int(o, column * 2 + 2, 0);
}

/* A row of nine cells (-1 unknown) whose casualties fall as the roll rises. */
static int falling(struct nf_out *o, const int32_t cells[NF_COLUMNS], struct finding *f) {
    int32_t best = -1, best_col = -1;
    for (int32_t col = 0; col < NF_COLUMNS; col++) {
        if (cells[col] < 0)
            continue;
        if (cells[col] < best) {
            f->check = NAPFIRE_CHECK_FALLING_ROW;
            put_key(o, f);
            napfire__puts(o, ": ");
            put_cell(o, best);
            napfire__puts(o, " at modified roll ");
            put_rolls(o, best_col);
            napfire__puts(o, " but ");
            put_cell(o, cells[col]);
            napfire__puts(o, " at ");
            put_rolls(o, col);
            napfire__puts(o, ": casualties fall as the modified roll rises");
            return 1;
        }
        best = cells[col];
        best_col = col;
    }
    return 0;
}

static void musketry_row(const napfire_rules *r, int32_t row, int32_t cells[NF_COLUMNS]) {
    for (int32_t col = 0; col < NF_COLUMNS; col++) {
        int32_t star = 0;
        if (napfire_rules_get_musketry(r, row, col, &cells[col], &star) != NAPFIRE_OK)
            cells[col] = -1;
    }
}

static int musketry_site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    int32_t row = s / 2, cells[NF_COLUMNS], above[NF_COLUMNS];
    *f = (struct finding){0, NAPFIRE_MISSING_MUSKETRY_CELL, {row, 0, -1, -1}};
    musketry_row(r, row, cells);
    if (s % 2 == 0)
        return falling(o, cells, f);
    if (row == 0)
        return 0;
    musketry_row(r, row - 1, above);
    for (int32_t col = 0; col < NF_COLUMNS; col++) {
        if (cells[col] < 0 || above[col] < 0 || cells[col] >= above[col])
            continue;
        f->check = NAPFIRE_CHECK_ROW_BELOW;
        napfire__puts(o, "musketry.row");
        napfire__put_int(o, row + 1, 0);
        napfire__puts(o, " inflicts fewer casualties than the smaller musketry.row");
        napfire__put_int(o, row, 0);
        napfire__puts(o, " at modified roll ");
        put_rolls(o, col);
        return 1;
    }
    return 0;
}

static void gun_maxima(const napfire_rules *r, int32_t gun, int32_t measure, int32_t max[3]) {
    if (napfire_rules_get_gun_range(r, gun, measure, &max[0], &max[1], &max[2]) != NAPFIRE_OK)
        max[0] = max[1] = max[2] = -1;
}

/* The first band where a lighter gun reaches farther, or -1. */
static int32_t outranged_band(const napfire_rules *r, int32_t gun, int32_t measure, const int32_t max[3]) {
    int32_t lighter[3];
    if (gun < 1 || gun > NAPFIRE_GUN_P12)
        return -1; /* light, 6, 9, 12 pounders: heavier guns reach at least as far */
    gun_maxima(r, gun - 1, measure, lighter);
    for (int32_t b = 0; b < 3; b++)
        if (max[b] >= 0 && lighter[b] > max[b])
            return b;
    return -1;
}

/* The first band whose metric and imperial maxima disagree by more than a
 * factor of 2 (a tenth of an inch is 2.54 mm; the tables are separate,
 * F-RNG-1, but not that far apart), or -1. */
static int32_t disagreeing_band(const napfire_rules *r, int32_t gun) {
    int32_t mm[3], tenths[3];
    gun_maxima(r, gun, NAPFIRE_MEASURE_METRIC, mm);
    gun_maxima(r, gun, NAPFIRE_MEASURE_IMPERIAL, tenths);
    for (int32_t b = 0; b < 3; b++)
        if (mm[b] > 0 && tenths[b] > 0 &&
            ((int64_t)mm[b] * 100 > (int64_t)tenths[b] * 508 || (int64_t)mm[b] * 200 < (int64_t)tenths[b] * 254))
            return b;
    return -1;
}

static int gun_site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    int32_t gun = s / 8, measure = s / 4 % 2, k = s % 4, max[3], b = -1;
    *f = (struct finding){0, NAPFIRE_MISSING_RANGE, {gun, measure, NAPFIRE_ARM_FOOT_ARTILLERY, 1}};
    gun_maxima(r, gun, measure, max);
    if (k < 2) {
        b = k + 1;
        if (max[b] < 0 || max[b] != max[b - 1])
            return 0;
        f->check = NAPFIRE_CHECK_EMPTY_BAND;
    } else if (k == 2) {
        if ((b = outranged_band(r, gun, measure, max)) < 0)
            return 0;
        f->check = NAPFIRE_CHECK_LIGHTER_GUN;
    } else {
        if (measure != NAPFIRE_MEASURE_IMPERIAL || (b = disagreeing_band(r, gun)) < 0)
            return 0;
        f->check = NAPFIRE_CHECK_MEASURES;
    }
    put_key(o, f);
    static const char *const what[4][2] = {
        {": the ", " band is empty (its maximum equals the one before)"},
        {": the ", " band is empty (its maximum equals the one before)"},
        {": the lighter ", " range"},
        {": the metric and imperial ", " maxima disagree by more than a factor of 2"},
    };
    napfire__puts(o, what[k][0]);
    if (k == 2) {
        napfire__puts(o, gun_word[gun - 1]);
        napfire__puts(o, " reaches farther at ");
    }
    napfire__puts(o, band_word[b + 1]);
    napfire__puts(o, what[k][1]);
    return 1;
}

static int weapon_site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    int32_t weapon = s / 2, measure = s % 2, e = -1, lo = -1;
    *f = (struct finding){0, NAPFIRE_MISSING_RANGE, {weapon, measure, NAPFIRE_ARM_LINE_INFANTRY, 2}};
    /* sharpshooters have one band (F-RNG-3): long = effective */
    if (weapon == NAPFIRE_WEAPON_SHARPSHOOTER || napfire_rules_get_range(r, weapon, measure, &e, &lo) != NAPFIRE_OK ||
        e < 0 || e != lo)
        return 0;
    f->check = NAPFIRE_CHECK_EMPTY_BAND;
    put_key(o, f);
    napfire__puts(o, ": the long band is empty (its maximum equals the effective one)");
    return 1;
}

static int artillery_site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    int32_t gun = s / 6, ammo = s / 3 % 2, band = s % 3 + 1, cells[NF_COLUMNS];
    if (ammo == NAPFIRE_AMMO_CANISTER && band != NAPFIRE_BAND_CANISTER)
        return 0; /* never read (F-ART-1) */
    *f = (struct finding){0, NAPFIRE_MISSING_ARTILLERY_CELL, {gun, ammo, band, 0}};
    for (int32_t col = 0; col < NF_COLUMNS; col++)
        if (napfire_rules_get_artillery(r, gun, ammo, band, col, &cells[col]) != NAPFIRE_OK)
            cells[col] = -1;
    return falling(o, cells, f);
}

/* Whether the data (every section but provenance) differ from the built-in
 * data. Seals are a function of the bytes they cover, so equal data have
 * equal seals and one comparison covers it all. */
static int data_differ(const napfire_rules *r) {
    napfire_rules builtin;
    napfire_rules_init(&builtin, sizeof builtin);
    const struct nf_rules *a = NF_CRULES(r), *b = NF_CRULES(&builtin);
    size_t from = offsetof(struct nf_rules, musketry), to = offsetof(struct nf_rules, prov);
    return memcmp((const char *)a + from, (const char *)b + from, to - from) != 0;
}

static int name_site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    *f = (struct finding){0, NAPFIRE_MISSING_NONE, {-1, -1, -1, -1}};
    if (!r)
        return 0;
    const char *name = NF_CRULES(r)->prov.name, *builtin = napfire__builtin.prov.name;
    if (s == 0 && strcmp(name, builtin) == 0 && data_differ(r)) {
        f->check = NAPFIRE_CHECK_BUILTIN_NAME;
        napfire__puts(o, "name: the data differ from the built-in data but keep its name \"");
        napfire__puts(o, builtin);
        napfire__puts(o, "\": name your rules");
        return 1;
    }
    if (s == 1 && strcmp(name, NAPFIRE_RULES_PLACEHOLDER_NAME) == 0 && data_differ(r)) {
        f->check = NAPFIRE_CHECK_UNNAMED;
        napfire__puts(o, "name: the data differ from the built-in data but the name is still the template's "
                         "\"" NAPFIRE_RULES_PLACEHOLDER_NAME "\": name your rules");
        return 1;
    }
    return 0;
}

static int site(const napfire_rules *r, int32_t s, struct nf_out *o, struct finding *f) {
    if (s < SITE_GUN)
        return musketry_site(r, s - SITE_MUSKETRY, o, f);
    if (s < SITE_WEAPON)
        return gun_site(r, s - SITE_GUN, o, f);
    if (s < SITE_ARTILLERY)
        return weapon_site(r, s - SITE_WEAPON, o, f);
    if (s < SITE_NAME)
        return artillery_site(r, s - SITE_ARTILLERY, o, f);
    return name_site(r, s - SITE_NAME, o, f);
}

static const struct finding none = {NAPFIRE_CHECK_NONE, NAPFIRE_MISSING_NONE, {-1, -1, -1, -1}};

/* The first site from s on with a finding (SITE_END: none), measuring its
 * message into count. */
static int32_t next_site(const napfire_rules *r, int32_t s, struct nf_out *count, struct finding *f) {
    while (s < SITE_END && !site(r, s, count, f))
        s++;
    if (s == SITE_END)
        *f = none;
    return s;
}

static int check_args(const int32_t *cursor, const int32_t *check, const int32_t *missing, const int32_t *index,
                      const char *buf, size_t cap, const size_t *len) {
    if (!cursor || !check || !missing || !index || !len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    return *cursor < 0 || *cursor > SITE_END ? NAPFIRE_EDOMAIN : NAPFIRE_OK;
}

int napfire_rules_check_next(const napfire_rules *r, int32_t *cursor, int32_t *check, int32_t *missing,
                             int32_t index[4], char *buf, size_t cap, size_t *len) {
    int st = check_args(cursor, check, missing, index, buf, cap, len);
    if (st != NAPFIRE_OK)
        return st;
    if (!napfire__rules_resolve(r, &st) || st != NAPFIRE_OK || !napfire__rules_intact(r))
        return st == NAPFIRE_EALIGN ? st : NAPFIRE_ESTATE;
    struct finding f = none;
    struct nf_out count = {NULL, 0, 0};
    int32_t s = next_site(r, *cursor, &count, &f);
    *len = count.pos;
    if (count.pos >= cap)
        return NAPFIRE_ENOSPC;
    struct nf_out o = {buf, cap - 1, 0};
    if (s < SITE_END)
        site(r, s, &o, &f);
    buf[o.pos] = '\0';
    *cursor = s < SITE_END ? s + 1 : SITE_END;
    *check = f.check;
    *missing = f.missing;
    memcpy(index, f.index, sizeof f.index);
    return NAPFIRE_OK;
}
