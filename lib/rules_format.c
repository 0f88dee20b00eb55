/* SPDX-License-Identifier: MIT */
/*
 * napfire_rules_format(): the key family table (rules_keys.c) written out,
 * family by family, every key the rules can read. The built-in data's text
 * is the template users fill. No libc formatting.
 */
#include <string.h>

#include "rules_text.h"

void napfire__put(struct nf_out *o, const char *s, size_t n) {
    /* Writers size the buffer first; the bound check is only a guard. */
    if (o->buf && n <= o->cap && o->pos <= o->cap - n)
        memcpy(o->buf + o->pos, s, n);
    o->pos += n;
}

void napfire__puts(struct nf_out *o, const char *s) {
    napfire__put(o, s, strlen(s));
}

void napfire__put_int(struct nf_out *o, int32_t v, int plus) {
    char text[24];
    napfire__put(o, text, napfire__int_text(v, plus, text));
}

void napfire__put_key(struct nf_out *o, const struct nf_family *f, const int32_t ix[NF_KEY_DIMS], size_t width) {
    size_t before = o->pos;
    if (f->prefix)
        napfire__puts(o, f->prefix);
    for (int32_t d = 0; d < f->ndims; d++) {
        if (f->prefix || d > 0)
            napfire__puts(o, ".");
        napfire__puts(o, f->dim[d].names[ix[d]]);
    }
    for (size_t n = o->pos - before; n < width; n++)
        napfire__puts(o, " ");
    napfire__puts(o, " = ");
}

/* A cell padded to 4 display columns (½ is two bytes, one column). */
static void put_cell(struct nf_out *o, int32_t halves, int32_t star, int last) {
    size_t width;
    size_t before = o->pos;
    if (halves == NAPFIRE_UNKNOWN || halves == 0) {
        napfire__puts(o, halves ? "?" : "-");
        width = 1;
    } else {
        if (halves >= 2)
            napfire__put_int(o, halves / 2, 0);
        width = o->pos - before;
        if (halves % 2) {
            napfire__puts(o, "\xC2\xBD");
            width++;
        }
        if (star) {
            napfire__puts(o, "*");
            width++;
        }
    }
    if (!last)
        for (; width < 4; width++)
            napfire__puts(o, " ");
}

static void put_value(struct nf_out *o, const struct nf_family *f, int32_t v, int32_t star, int last) {
    if (f->kind == NF_VALUE_CELL || f->kind == NF_VALUE_CELL_STAR) {
        put_cell(o, v, star, last);
        return;
    }
    if (v == napfire__family_unknown(f))
        napfire__puts(o, "?");
    else
        napfire__put_int(o, v, f->kind == NF_VALUE_MODIFIER);
    if (!last)
        napfire__puts(o, " ");
}

static int put_text(struct nf_out *o, const napfire_rules *r, const struct nf_family *f,
                    const int32_t ix[NF_KEY_DIMS]) {
    char text[NF_SOURCE_CAP];
    size_t n;
    int st = napfire_rules_get_provenance(r, ix[0], text, sizeof text, &n);
    if (st != NAPFIRE_OK)
        return st == NAPFIRE_ENOSPC ? NAPFIRE_ESTATE : st;
    napfire__put_key(o, f, ix, f->width);
    napfire__puts(o, "\"");
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '"' || text[i] == '\\')
            napfire__puts(o, "\\");
        napfire__put(o, text + i, 1);
    }
    napfire__puts(o, "\"\n");
    return NAPFIRE_OK;
}

static int put_line(struct nf_out *o, const napfire_rules *r, const struct nf_family *f,
                    const int32_t ix[NF_KEY_DIMS]) {
    if (f->kind == NF_VALUE_TEXT)
        return put_text(o, r, f, ix);
    int32_t v[NF_KEY_VALUES] = {0}, star[NF_KEY_VALUES] = {0};
    int st = napfire__family_get(f, r, ix, v, star);
    if (st != NAPFIRE_OK)
        return st;
    napfire__put_key(o, f, ix, f->width);
    int32_t count = napfire__family_count(f, ix);
    for (int32_t j = 0; j < count; j++)
        put_value(o, f, v[j], star[j], j + 1 == count);
    napfire__puts(o, "\n");
    return NAPFIRE_OK;
}

static int emit(const napfire_rules *r, struct nf_out *o) {
    napfire__puts(o, "napfire-rules 1\n");
    napfire__puts(o, "# libnapfire rules data: see doc/rules-format.md. '?' = unknown.\n\n");
    for (int32_t k = 0; k < napfire__nfamilies; k++) {
        const struct nf_family *f = &napfire__families[k];
        if (f->section)
            napfire__puts(o, f->section);
        for (int32_t key = 0; key < napfire__family_keys(f); key++) {
            int32_t ix[NF_KEY_DIMS];
            napfire__family_key(f, key, ix);
            if (!napfire__family_readable(f, ix))
                continue;
            int st = put_line(o, r, f, ix);
            if (st != NAPFIRE_OK)
                return st;
        }
    }
    return NAPFIRE_OK;
}

/* Count, then (when cap allows) write; a failed count writes nothing. */
int napfire_rules_format(const napfire_rules *r, char *buf, size_t cap, size_t *len) {
    if (!len || (!buf && cap > 0))
        return NAPFIRE_EINVAL;
    /* Every stored value, written out or not, must be valid. */
    int st = napfire__keys_validate(r);
    if (st != NAPFIRE_OK)
        return st;
    struct nf_out o = {NULL, 0, 0};
    st = emit(r, &o);
    if (st != NAPFIRE_OK)
        return st;
    *len = o.pos;
    if (cap < o.pos + 1)
        return NAPFIRE_ENOSPC;
    struct nf_out w = {buf, cap - 1, 0};
    st = emit(r, &w);
    if (st != NAPFIRE_OK || w.pos != o.pos) /* only if r changed under us */
        return NAPFIRE_ESTATE;
    buf[w.pos] = '\0';
    return NAPFIRE_OK;
}
