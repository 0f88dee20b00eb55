/* SPDX-License-Identifier: MIT */
/* Helpers shared by the misuse tests (test_misuse_*.c): valid and
 * hostile objects, and every entry point refusing one hostile object. */
#include "misuse.h"

/* ---------------------------------------------------------------- */
/* Valid objects */

void good_unit(napfire_unit *u) {
    infantry(u, NAPFIRE_NATION_BRITAIN, NAPFIRE_CLASS_ELITE, NAPFIRE_FORMATION_LINE, 30);
    uset(u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_HALF);
}

/* The F-EX-1 shot: resolves with the built-in data. */
void good_shot(napfire_shot *s) {
    napfire_unit f, t;
    good_unit(&f);
    plain_target(&t, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
    shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 150);
}

void fill32(void *obj, size_t offset, uint32_t v) {
    memcpy((unsigned char *)obj + offset, &v, sizeof v);
}
/* ---------------------------------------------------------------- */
/* Hostile storage generators */

void make_bad_shot(napfire_shot *s, int which) {
    napfire_unit u;
    napfire_rules r;
    switch (which) {
        case 0:
            memset(s, 0xAA, sizeof *s);
            break;
        case 1:
            memset(s, 0, sizeof *s);
            break;
        case 2: /* a unit's bytes in a shot, rest zero */
            good_unit(&u);
            memset(s, 0, sizeof *s);
            memcpy(s, &u, sizeof u);
            break;
        case 3: /* a unit's bytes, rest garbage */
            good_unit(&u);
            memset(s, 0x11, sizeof *s);
            memcpy(s, &u, sizeof u);
            break;
        case 4: /* a rules object's bytes */
            rules_new(&r);
            memcpy(s, &r, sizeof *s);
            break;
        case 5: /* valid shot, magic corrupted */
            good_shot(s);
            ((unsigned char *)(void *)s->opaque_)[1] ^= 0x5A;
            break;
        case 6: /* valid shot, everything after the magic corrupted */
            good_shot(s);
            memset(((unsigned char *)(void *)s->opaque_) + 4, 0x7f, sizeof *s - 4);
            break;
        default:
            good_shot(s);
            memset(((unsigned char *)(void *)s->opaque_) + 4, 0x80, sizeof *s - 4);
            break;
    }
}

int known_status(int st) {
    return st == NAPFIRE_OK || st == NAPFIRE_EINVAL || st == NAPFIRE_EDOMAIN || st == NAPFIRE_ESTATE ||
           st == NAPFIRE_EUNKNOWN;
}

void sane_result(const napfire_result *res) {
    EXPECT(res->permitted == 0 || res->permitted == 1, "permitted %d", (int)res->permitted);
    EXPECT(res->reason >= NAPFIRE_REASON_NONE && res->reason <= NAPFIRE_REASON_OVERHEAD_CANISTER, "reason %d",
           (int)res->reason);
    EXPECT(res->band >= NAPFIRE_BAND_NONE && res->band <= NAPFIRE_BAND_LONG, "band %d", (int)res->band);
    EXPECT(res->casualties >= 0 && res->casualties == res->target_casualties + res->screen_casualties, "casualties %d",
           (int)res->casualties);
    /* Musketry rows 0..4; artillery rows number every gun, ammunition and
     * band (tables.c). */
    EXPECT(res->row >= -1 && res->row < NF_GUNS * NF_AMMOS * NF_ART_BANDS, "row %d", (int)res->row);
    EXPECT(res->column >= -1 && res->column <= 8, "column %d", (int)res->column);
}

static const uint32_t all_magics[] = {NF_UNIT_MAGIC, NF_SHOT_MAGIC, NF_RULES_MAGIC, NF_TRACE_MAGIC, MIRROR_DICE_MAGIC};

/* A copy of n bytes at the start of a heap block of exactly n bytes. */
void *tight_copy(const void *src, size_t n) {
    void *p = malloc(n);
    EXPECT(p != NULL, "out of memory");
    memcpy(p, src, n);
    return p;
}

/* Store a value of the field's width at an offset (1, 2, 4 or 8 bytes),
 * truncating as a store to that field would. */
void put_field(void *obj, size_t offset, size_t width, int64_t v) {
    unsigned char *b = (unsigned char *)obj + offset;
    switch (width) {
        case 1: {
            uint8_t x = (uint8_t)(uint64_t)v;
            memcpy(b, &x, 1);
            break;
        }
        case 2: {
            uint16_t x = (uint16_t)(uint64_t)v;
            memcpy(b, &x, 2);
            break;
        }
        case 4: {
            uint32_t x = (uint32_t)(uint64_t)v;
            memcpy(b, &x, 4);
            break;
        }
        default: {
            uint64_t x = (uint64_t)v;
            memcpy(b, &x, 8);
            break;
        }
    }
}

const char *pname(int32_t p) {
    return napfire_enum_name(NAPFIRE_ENUM_PARAM, p);
}

/* Built once per test process: the full made-up rules (every cell known). */
const napfire_rules *full_rules(void) {
    static napfire_rules r;
    static int ready;
    if (!ready) {
        made_up_artillery(&r);
        made_up_musketry(&r);
        ready = 1;
    }
    return &r;
}

/* Built once per test process, as the helpers assert on every call. */
const napfire_unit *cached_good_unit(void) {
    static napfire_unit u;
    static int ready;
    if (!ready) {
        good_unit(&u);
        ready = 1;
    }
    return &u;
}

const napfire_shot *cached_good_shot(void) {
    static napfire_shot s;
    static int ready;
    if (!ready) {
        good_shot(&s);
        ready = 1;
    }
    return &s;
}

/* ---------------------------------------------------------------- */
/* Every entry point, refusing one hostile object */

/* API contract Principles (hostile storage): every function taking a unit. */
void unit_refused_as(void *obj, size_t avail, const char *what, int want) {
    napfire_unit *u = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    for (int32_t p = NF_UNIT_PARAM_FIRST; p <= NF_UNIT_PARAM_LAST; p++) {
        int32_t v = SENTINEL_I32, lo, hi;
        EXPECT(napfire_unit_get(u, p, &v) == want, "%s: unit_get(%s)", what, pname(p));
        EXPECT(v == SENTINEL_I32, "%s: unit_get(%s) wrote", what, pname(p));
        EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
        EXPECT(napfire_unit_set(u, p, lo) == want, "%s: unit_set(%s)", what, pname(p));
        EXPECT(napfire_unit_set(u, p, hi) == want, "%s: unit_set(%s)", what, pname(p));
    }
    int32_t yes = SENTINEL_I32;
    EXPECT(napfire_unit_may_open_order(u, 1812, &yes) == want, "%s: may_open_order", what);
    EXPECT(yes == SENTINEL_I32, "%s: may_open_order wrote", what);

    const napfire_unit *ok = cached_good_unit();
    napfire_shot s, sb;
    memset(&s, SENTINEL_BYTE, sizeof s);
    memcpy(&sb, &s, sizeof s);
    EXPECT(napfire_shot_init(&s, sizeof s, u, ok) == want, "%s: shot_init firer", what);
    EXPECT(napfire_shot_init(&s, sizeof s, ok, u) == want, "%s: shot_init target", what);
    EXPECT(memcmp(&s, &sb, sizeof s) == 0, "%s: shot_init wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: unit storage changed", what);
}

/* The shot-reading calls with one rules argument; outputs untouched. */
static void shot_calls_refused(const napfire_shot *s, const napfire_rules *r, const char *what, int want) {
    int32_t band = SENTINEL_I32;
    EXPECT(napfire_shot_band(s, r, &band) == want, "%s: shot_band", what);
    EXPECT(band == SENTINEL_I32, "%s: shot_band wrote", what);

    napfire_modifier items[NF_MAX_ITEMS], items_b[NF_MAX_ITEMS];
    memset(items, SENTINEL_BYTE, sizeof items);
    memcpy(items_b, items, sizeof items);
    size_t count = 12345;
    int32_t net = SENTINEL_I32;
    EXPECT(napfire_shot_modifiers(s, r, items, NF_MAX_ITEMS, &count, &net) == want, "%s: shot_modifiers", what);
    EXPECT(count == 12345 && net == SENTINEL_I32 && memcmp(items, items_b, sizeof items) == 0,
           "%s: shot_modifiers wrote", what);

    napfire_result res, res_b;
    memset(&res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res, sizeof res);
    EXPECT(napfire_shot_resolve(s, r, 8, 6, &res) == want, "%s: shot_resolve", what);
    EXPECT(napfire_shot_resolve(s, r, 2, 0, &res) == want, "%s: shot_resolve", what);
    EXPECT(memcmp(&res, &res_b, sizeof res) == 0, "%s: shot_resolve wrote", what);

    napfire_outcome oc[32], oc_b[32];
    memset(oc, SENTINEL_BYTE, sizeof oc);
    memcpy(oc_b, oc, sizeof oc);
    EXPECT(napfire_shot_distribution(s, r, oc, 32, &count, &res) == want, "%s: shot_distribution", what);
    EXPECT(count == 12345 && memcmp(oc, oc_b, sizeof oc) == 0 && memcmp(&res, &res_b, sizeof res) == 0,
           "%s: shot_distribution wrote", what);

    int32_t num = SENTINEL_I32, den = SENTINEL_I32;
    double value = -1.5;
    EXPECT(napfire_shot_expected(s, r, &num, &den, &value) == want, "%s: shot_expected", what);
    EXPECT(num == SENTINEL_I32 && den == SENTINEL_I32 && value == -1.5, "%s: shot_expected wrote", what);

    /* The batch succeeds as a whole and reports the element (API contract,
     * Probability and dice: it fails only for pointers or counts). */
    int32_t roll = 8, die = 6, status = SENTINEL_I32;
    int whole = want == NAPFIRE_EALIGN ? NAPFIRE_EALIGN : NAPFIRE_OK;
    EXPECT(napfire_resolve_many(s, 1, r, &roll, &die, &res, &status) == whole, "%s: resolve_many", what);
    EXPECT(status == (whole ? SENTINEL_I32 : want), "%s: resolve_many status %d", what, (int)status);
    EXPECT(memcmp(&res, &res_b, sizeof res) == 0, "%s: resolve_many wrote", what);
}

/* API contract Principles (hostile storage): every function taking a shot. */
void shot_refused_as(void *obj, size_t avail, const char *what, int want) {
    napfire_shot *s = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++) {
        int32_t v = SENTINEL_I32, lo, hi;
        EXPECT(napfire_shot_get(s, p, &v) == want, "%s: shot_get(%s)", what, pname(p));
        EXPECT(v == SENTINEL_I32, "%s: shot_get(%s) wrote", what, pname(p));
        EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
        EXPECT(napfire_shot_set(s, p, lo) == want, "%s: shot_set(%s)", what, pname(p));
        EXPECT(napfire_shot_set(s, p, hi) == want, "%s: shot_set(%s)", what, pname(p));
    }
    shot_calls_refused(s, NULL, what, want);
    shot_calls_refused(s, full_rules(), what, want);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: shot storage changed", what);
}

/* API contract Principles (hostile storage), F-DATA: every function taking a
 * rules object, for storage that is not a rules object at all. */
void rules_refused_as(void *obj, size_t avail, const char *what, int want) {
    napfire_rules *r = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    int32_t a = SENTINEL_I32, b = SENTINEL_I32, c = SENTINEL_I32;
    /* first and last index of every table */
    for (int32_t k = 0; k < 2; k++) {
        EXPECT(napfire_rules_get_musketry(r, 4 * k, 8 * k, &a, &b) == want, "%s: get_musketry", what);
        EXPECT(napfire_rules_get_range(r, 2 * k, k, &a, &b) == want, "%s: get_range", what);
        EXPECT(napfire_rules_get_gun_range(r, 4 * k, k, &a, &b, &c) == want, "%s: get_gun_range", what);
        EXPECT(napfire_rules_get_artillery(r, 4 * k, k, 1 + 2 * k, 8 * k, &a) == want, "%s: get_artillery", what);
        EXPECT(napfire_rules_get_modifier(r, k, k ? NAPFIRE_MOD_MOVED_HALF : NAPFIRE_MOD_GUARD, 0, &a) == want,
               "%s: get_modifier", what);
        EXPECT(napfire_rules_get_threshold(r, 8 * k, k, &a) == want, "%s: get_threshold", what);
    }
    EXPECT(a == SENTINEL_I32 && b == SENTINEL_I32 && c == SENTINEL_I32, "%s: getter wrote", what);
    char buf[160], buf_b[160];
    memset(buf, SENTINEL_BYTE, sizeof buf);
    memcpy(buf_b, buf, sizeof buf);
    size_t len = 777;
    for (int32_t f = 0; f <= 2; f++)
        EXPECT(napfire_rules_get_provenance(r, f, buf, sizeof buf, &len) == want, "%s: get_provenance", what);
    EXPECT(napfire_rules_format(r, buf, sizeof buf, &len) == want, "%s: format", what);
    EXPECT(napfire_rules_format(r, NULL, 0, &len) == want, "%s: format", what);
    EXPECT(len == 777 && memcmp(buf, buf_b, sizeof buf) == 0, "%s: getter wrote", what);

    EXPECT(napfire_rules_set_musketry(r, 0, 0, 2, 0) == want, "%s: set_musketry", what);
    EXPECT(napfire_rules_set_range(r, 0, 0, 10, 20) == want, "%s: set_range", what);
    EXPECT(napfire_rules_set_gun_range(r, 0, 0, 10, 20, 30) == want, "%s: set_gun_range", what);
    EXPECT(napfire_rules_set_artillery(r, 0, 0, 1, 0, 2) == want, "%s: set_artillery", what);
    EXPECT(napfire_rules_set_modifier(r, 0, NAPFIRE_MOD_GUARD, 0, 1) == want, "%s: set_modifier", what);
    EXPECT(napfire_rules_set_threshold(r, 0, 0, 10) == want, "%s: set_threshold", what);
    EXPECT(napfire_rules_set_provenance(r, 0, "x") == want, "%s: set_provenance", what);

    napfire_parse_error err, err_b;
    memset(&err, SENTINEL_BYTE, sizeof err);
    memcpy(&err_b, &err, sizeof err);
    EXPECT(napfire_rules_parse(r, rules_text_ok, sizeof rules_text_ok - 1, &err) == want, "%s: parse", what);
    EXPECT(memcmp(&err, &err_b, sizeof err) == 0, "%s: parse wrote err", what);

    shot_calls_refused(cached_good_shot(), r, what, want);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: rules storage changed", what);
}

/* API contract Probability and dice, Principles (hostile storage). */
void dice_refused_as(void *obj, size_t avail, const char *what, int want) {
    napfire_dice *d = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    uint32_t x = 0x5A5A5A5Au;
    int32_t face = SENTINEL_I32;
    EXPECT(napfire_dice_next(d, &x) == want, "%s: dice_next", what);
    EXPECT(napfire_dice_d6(d, &face) == want, "%s: dice_d6", what);
    EXPECT(napfire_dice_2d6(d, &face) == want, "%s: dice_2d6", what);
    EXPECT(x == 0x5A5A5A5Au && face == SENTINEL_I32, "%s: dice wrote", what);
    napfire_result res, res_b;
    memset(&res, SENTINEL_BYTE, sizeof res);
    memcpy(&res_b, &res, sizeof res);
    int32_t status = SENTINEL_I32, roll = SENTINEL_I32;
    uint32_t index = 0;
    EXPECT(napfire_resolve_many_dice(cached_good_shot(), 1, NULL, d, &res, &status, &roll, NULL) == want,
           "%s: resolve_many_dice", what);
    EXPECT(napfire_resolve_indexed_dice(cached_good_shot(), 1, NULL, &index, 1, d, &status, NULL, &res) == want,
           "%s: resolve_indexed_dice", what);
    EXPECT(status == SENTINEL_I32 && roll == SENTINEL_I32 && memcmp(&res, &res_b, sizeof res) == 0,
           "%s: dice batch wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: dice storage changed", what);
}

/* H-LOS-1..3 trace iterator, API contract Principles (hostile storage). */
void trace_refused_as(void *obj, size_t avail, const char *what, int want) {
    napfire_trace *it = obj;
    unsigned char before[MAX_OBJ];
    memcpy(before, obj, avail);
    napfire_trace_step step, step_b;
    memset(&step, SENTINEL_BYTE, sizeof step);
    memcpy(&step_b, &step, sizeof step);
    int32_t more = SENTINEL_I32;
    EXPECT(napfire_trace_next(it, &step, &more) == want, "%s: trace_next", what);
    EXPECT(more == SENTINEL_I32 && memcmp(&step, &step_b, sizeof step) == 0, "%s: trace_next wrote", what);
    EXPECT(memcmp(obj, before, avail) == 0, "%s: trace storage changed", what);
}

/* Hostile storage is NAPFIRE_ESTATE for every call. */
void unit_refused(void *obj, size_t avail, const char *what) {
    unit_refused_as(obj, avail, what, NAPFIRE_ESTATE);
}

void shot_refused(void *obj, size_t avail, const char *what) {
    shot_refused_as(obj, avail, what, NAPFIRE_ESTATE);
}

void rules_refused(void *obj, size_t avail, const char *what) {
    rules_refused_as(obj, avail, what, NAPFIRE_ESTATE);
}

void dice_refused(void *obj, size_t avail, const char *what) {
    dice_refused_as(obj, avail, what, NAPFIRE_ESTATE);
}

void trace_refused(void *obj, size_t avail, const char *what) {
    trace_refused_as(obj, avail, what, NAPFIRE_ESTATE);
}

/* Bad values of a magic: flipped bits, zero, and every other type's magic. */
size_t magic_bad_values(uint32_t magic, int64_t out[8]) {
    size_t n = 0;
    out[n++] = magic ^ 1u;
    out[n++] = magic ^ 0x80000000u;
    out[n++] = ~magic;
    out[n++] = 0;
    for (size_t i = 0; i < NF_NELEM(all_magics); i++)
        if (all_magics[i] != magic)
            out[n++] = all_magics[i];
    return n;
}
/* Units of every arm with settings off their defaults. */
void base_unit(napfire_unit *u, int which) {
    switch (which) {
        case 0:
            good_unit(u);
            break;
        case 1:
            unit_new(u, NAPFIRE_ARM_LIGHT_INFANTRY);
            uset(u, NAPFIRE_UNIT_CLASS, NAPFIRE_CLASS_VETERAN);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_OPEN_ORDER);
            uset(u, NAPFIRE_UNIT_WEAPON, NAPFIRE_WEAPON_RIFLE);
            uset(u, NAPFIRE_UNIT_FIGURES, 12);
            uset(u, NAPFIRE_UNIT_SECOND_CLASS_FIRERS, 1);
            uset(u, NAPFIRE_UNIT_COVER, NAPFIRE_COVER_LIMITED);
            break;
        case 2:
            unit_new(u, NAPFIRE_ARM_CAVALRY);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_COLUMN_OF_COMPANIES);
            uset(u, NAPFIRE_UNIT_CHARGING, 1);
            uset(u, NAPFIRE_UNIT_FIGURES, 20);
            break;
        case 3:
            battery(u, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
            uset(u, NAPFIRE_UNIT_MASSED_BATTERY, 1);
            uset(u, NAPFIRE_UNIT_UNLIMBERED_THIS_TURN, 1);
            break;
        default:
            battery(u, NAPFIRE_ARM_HORSE_ARTILLERY, NAPFIRE_GUN_HOWITZER, 2);
            uset(u, NAPFIRE_UNIT_FORMATION, NAPFIRE_FORMATION_LIMBERED);
            uset(u, NAPFIRE_UNIT_MOVED, NAPFIRE_MOVED_MORE);
            break;
    }
}
/* Shots with an infantry, an artillery and a cavalry-target case, their
 * dependent settings (FIRING_FIGURES, SCREEN, artillery facts) in use. */
void base_shot(napfire_shot *s, int which) {
    napfire_unit f, t;
    switch (which) {
        case 0:
            good_shot(s);
            sset(s, NAPFIRE_SHOT_FIRING_FIGURES, 20);
            sset(s, NAPFIRE_SHOT_SCREEN, 1);
            sset(s, NAPFIRE_SHOT_SCREEN_DISTANCE, 40);
            sset(s, NAPFIRE_SHOT_EXTRA_MODIFIER, -3);
            break;
        case 1:
            battery(&f, NAPFIRE_ARM_FOOT_ARTILLERY, NAPFIRE_GUN_P9, 4);
            plain_target(&t, NAPFIRE_FORMATION_LINE);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_IMPERIAL, 300);
            sset(s, NAPFIRE_SHOT_AMMO, NAPFIRE_AMMO_CANISTER);
            sset(s, NAPFIRE_SHOT_FRIEND_NEAR_TARGET, 50);
            sset(s, NAPFIRE_SHOT_TARGET_FAR_FROM_FRIENDS, 70);
            sset(s, NAPFIRE_SHOT_OVERHEAD, 1);
            sset(s, NAPFIRE_SHOT_OVERHEAD_FRIEND_TO_BATTERY, 120);
            break;
        default:
            good_unit(&f);
            base_unit(&t, 2);
            shot_at(s, &f, &t, NAPFIRE_MEASURE_METRIC, 100);
            sset(s, NAPFIRE_SHOT_ENFILADE, 1);
            break;
    }
}
unsigned char byte_changed(unsigned char b, int k) {
    switch (k) {
        case 0:
            return (unsigned char)(b ^ 0x01u);
        case 1:
            return (unsigned char)(b ^ 0x80u);
        default:
            return b == 0xFF ? 0x00 : 0xFF;
    }
}

/* Each byte in [0, end) of a valid object changed N_BYTE_CHANGES ways,
 * each copy in a block of exactly size bytes and checked by `check`;
 * returns the number of copies. */
int sealed_bytes_refused(const void *obj, size_t size, size_t end, const char *prefix,
                         void (*check)(void *, size_t, const char *)) {
    char what[128];
    int rows = 0;
    for (size_t off = 0; off < end; off++)
        for (int k = 0; k < N_BYTE_CHANGES; k++) {
            unsigned char *copy = tight_copy(obj, size);
            copy[off] = byte_changed(copy[off], k);
            snprintf(what, sizeof what, "%sbyte %zu = 0x%02x", prefix, off, (unsigned)copy[off]);
            check(copy, size, what);
            free(copy);
            rows++;
        }
    return rows;
}

/* Values a setter is asked for: the whole domain when small, else its
 * edges and middle. */
size_t sample_values(int32_t param, int32_t out[24]) {
    int32_t lo, hi;
    ck_assert_int_eq(napfire_param_bounds(param, &lo, &hi), NAPFIRE_OK);
    size_t n = 0;
    if ((int64_t)hi - lo < 24) {
        for (int32_t v = lo; v <= hi; v++)
            out[n++] = v;
    } else {
        const int32_t pick[] = {lo, lo + 1, lo + 2, (int32_t)(((int64_t)lo + hi) / 2), hi - 1, hi};
        for (size_t i = 0; i < NF_NELEM(pick); i++)
            out[n++] = pick[i];
    }
    return n;
}

/* The storage of a unit or shot (aligned: the public types are). */
struct nf_unit_obj *unit_storage(void *u) {
    return NF_UNIT((napfire_unit *)u);
}

/* Recompute a seal as the library does (NF_SEAL_OF), so that a poked
 * value passes the seal check: what a forger, not an accident, does. A
 * shot's digest is not derived again (napfire__digest is not exported). */
void forge_unit_seal(void *u) {
    struct nf_unit_obj *o = unit_storage(u);
    o->seal = NF_SEAL_OF(o, struct nf_unit_obj, NF_UNIT_KEY);
}

/* The raw values of a field to forge: all of them for narrow fields, else
 * both ends and the values next to them. Returns the count. */
size_t field_raw_values(const struct nf_field *f, uint32_t out[40]) {
    uint32_t mask = (uint32_t)((UINT64_C(1) << f->width) - 1);
    size_t n = 0;
    if (f->width <= 5) {
        for (uint32_t r = 0; r <= mask; r++)
            out[n++] = r;
    } else {
        const uint32_t pick[] = {0, 1, 2, mask / 2, mask - 1, mask};
        for (size_t i = 0; i < NF_NELEM(pick); i++)
            out[n++] = pick[i];
    }
    return n;
}

/* A forged value refused: outside the parameter's bounds (the default
 * aside, e.g. DISTANCE -1 "not given"), or inside them but refused by
 * the setter for the object's other settings (bar ARM, which no setter
 * changes: another arm whose settings fit is a valid unit). */
int forged_must_refuse(int32_t p, int32_t v, int32_t def, int setter_st) {
    int32_t lo, hi;
    EXPECT(napfire_param_bounds(p, &lo, &hi) == NAPFIRE_OK, "bounds of %s", pname(p));
    if (v == def)
        return 0;
    if (v < lo || v > hi)
        return 1;
    return p != NAPFIRE_UNIT_ARM && setter_st == NAPFIRE_EDOMAIN;
}

/* Batches of the shot, big enough for a plan (NF_BATCH_PLAN): known
 * statuses, sane results, in a heap block of exactly their size. */
static void batch_calls_known(const napfire_shot *s, const napfire_rules *rules, const char *what) {
    enum {
        B = NF_BATCH_PLAN
    };
    napfire_shot *many = malloc(B * sizeof *many);
    ck_assert_ptr_nonnull(many);
    int32_t rolls[B], dice[B], st[B];
    napfire_result res[B];
    for (int i = 0; i < B; i++) {
        memcpy(&many[i], s, sizeof *s);
        rolls[i] = 2 + i % 11;
        dice[i] = i % 7;
    }
    EXPECT(napfire_resolve_many(many, B, rules, rolls, dice, res, st) == NAPFIRE_OK, "%s: resolve_many", what);
    for (int i = 0; i < B; i++) {
        EXPECT(known_status(st[i]), "%s: resolve_many status %d", what, (int)st[i]);
        if (st[i] == NAPFIRE_OK)
            sane_result(&res[i]);
    }
    napfire_dice d;
    ck_assert_int_eq(napfire_dice_init(&d, sizeof d, 7, 54), NAPFIRE_OK);
    EXPECT(napfire_resolve_many_dice(many, B, rules, &d, res, st, NULL, NULL) == NAPFIRE_OK, "%s: resolve_many_dice",
           what);
    for (int i = 0; i < B; i++) {
        EXPECT(known_status(st[i]), "%s: resolve_many_dice status %d", what, (int)st[i]);
        if (st[i] == NAPFIRE_OK)
            sane_result(&res[i]);
    }
    /* The indexed batch reads the one shot, in a block of its own size,
     * for every trial. */
    napfire_shot *one = malloc(sizeof *one);
    ck_assert_ptr_nonnull(one);
    memcpy(one, s, sizeof *s);
    uint32_t kind[B] = {0};
    int32_t cas[B];
    EXPECT(napfire_resolve_indexed_dice(one, 1, rules, kind, B, &d, st, cas, res) == NAPFIRE_OK,
           "%s: resolve_indexed_dice", what);
    for (int i = 0; i < B; i++) {
        EXPECT(known_status(st[i]), "%s: resolve_indexed_dice status %d", what, (int)st[i]);
        if (st[i] == NAPFIRE_OK)
            sane_result(&res[i]);
    }
    free(one);
    free(many);
}

/* Every call on a shot gives a known status, and an OK result is sane. */
void shot_calls_known(const napfire_shot *s, const char *what) {
    const napfire_rules *rs[] = {NULL, full_rules()};
    for (size_t k = 0; k < NF_NELEM(rs); k++) {
        int32_t band, v;
        EXPECT(known_status(napfire_shot_band(s, rs[k], &band)), "%s: shot_band", what);
        napfire_modifier items[NF_MAX_ITEMS];
        size_t count;
        int32_t net;
        int st = napfire_shot_modifiers(s, rs[k], items, NF_MAX_ITEMS, &count, &net);
        EXPECT(known_status(st), "%s: shot_modifiers %d", what, st);
        if (st == NAPFIRE_OK)
            EXPECT(count <= NF_MAX_ITEMS, "%s: count %zu", what, count);
        for (int32_t roll = 2; roll <= 12; roll += 5) {
            napfire_result res;
            st = napfire_shot_resolve(s, rs[k], roll, 3, &res);
            EXPECT(known_status(st), "%s: shot_resolve %d", what, st);
            if (st == NAPFIRE_OK)
                sane_result(&res);
        }
        napfire_outcome oc[64];
        napfire_result verdict;
        st = napfire_shot_distribution(s, rs[k], oc, 64, &count, &verdict);
        EXPECT(known_status(st) || st == NAPFIRE_ENOSPC, "%s: shot_distribution %d", what, st);
        int32_t num, den;
        double value;
        st = napfire_shot_expected(s, rs[k], &num, &den, &value);
        EXPECT(known_status(st), "%s: shot_expected %d", what, st);
        for (int32_t p = NF_SHOT_PARAM_FIRST; p <= NF_SHOT_PARAM_LAST; p++)
            EXPECT(known_status(napfire_shot_get(s, p, &v)), "%s: shot_get", what);
        batch_calls_known(s, rs[k], what);
    }
}
