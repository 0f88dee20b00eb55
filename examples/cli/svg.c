/* SPDX-License-Identifier: MIT */
/*
 * SVG pictures of a line of sight and of a shot's odds (see svg.h).
 *
 * Integer geometry throughout: a flat-top hex has its centre at
 * (36 q, 21 (2 r + q)) and a pointy-top hex at (21 (2 q + r), 36 r). That is
 * a regular grid scaled by 21/20.78 in one axis, an affine map, so centres,
 * hexsides and vertices keep every incidence the exact trace relies on (a
 * line along a hexside is drawn along it, a vertex touch touches), and the
 * output has no floating point to differ between platforms.
 */
#include "svg.h"

#include <stdarg.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Output: %d, %u, %s and %% only, so no libc formatting is needed. */

static void put(struct svg_out *o, const char *s, size_t n) {
    if (!o->failed && n > 0 && o->write(o->ctx, s, n) != 0)
        o->failed = 1;
}

static void put_s(struct svg_out *o, const char *s) {
    put(o, s, strlen(s));
}

static void put_num(struct svg_out *o, long long v) {
    char buf[24];
    size_t i = sizeof buf;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        buf[--i] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u != 0 && i > 1);
    if (v < 0)
        buf[--i] = '-';
    put(o, buf + i, sizeof buf - i);
}

#define fmt svg_fmt

void svg_fmt(struct svg_out *o, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    const char *run = f;
    for (const char *p = f; *p; p++) {
        if (*p != '%')
            continue;
        put(o, run, (size_t)(p - run));
        p++;
        if (*p == 'd')
            put_num(o, va_arg(ap, int));
        else if (*p == 'u')
            put_num(o, va_arg(ap, unsigned));
        else if (*p == 's')
            put_s(o, va_arg(ap, const char *));
        else if (*p == '%')
            put(o, "%", 1);
        if (!*p)
            break;
        run = p + 1;
    }
    put_s(o, run);
    va_end(ap);
}

/* Free text into XML character data or an attribute. */
static void esc(struct svg_out *o, const char *s) {
    const char *run = s;
    for (; *s; s++) {
        const char *rep = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '"' ? "&quot;" : NULL;
        if (!rep)
            continue;
        put(o, run, (size_t)(s - run));
        put_s(o, rep);
        run = s + 1;
    }
    put_s(o, run);
}

void svg_json_string(struct svg_out *o, const char *s) {
    put(o, "\"", 1);
    const char *run = s;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c != '"' && c != '\\' && c >= 0x20)
            continue;
        put(o, run, (size_t)(s - run));
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            put(o, e, 2);
        } else {
            static const char hex[] = "0123456789abcdef";
            char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            put(o, e, 6);
        }
        run = s + 1;
    }
    put_s(o, run);
    put(o, "\"", 1);
}

/* Hundredths as "12.34". */
static void put_hundredths(struct svg_out *o, int32_t h) {
    fmt(o, "%d.%s%d", h / 100, h % 100 < 10 ? "0" : "", h % 100);
}

/* ------------------------------------------------------------------ */
/* Hex geometry */

struct pt {
    int32_t x, y;
};

static int pointy(int32_t layout) {
    return layout == NAPFIRE_HEX_ODD_R || layout == NAPFIRE_HEX_EVEN_R;
}

static struct pt centre(int32_t layout, napfire_hex h) {
    struct pt p;
    if (pointy(layout)) {
        p.x = 21 * (2 * h.q + h.r);
        p.y = 36 * h.r;
    } else {
        p.x = 36 * h.q;
        p.y = 21 * (2 * h.r + h.q);
    }
    return p;
}

/* Vertex v (between hexsides v and v+1) is the mean of the centres of the
 * three hexes meeting there; the sum is always a multiple of 3. */
static struct pt vertex(int32_t layout, napfire_hex h, int32_t v) {
    napfire_hex d1 = {0, 0}, d2 = {0, 0};
    napfire_hex_direction(((v % 6) + 6) % 6, &d1);
    napfire_hex_direction(((v + 1) % 6 + 6) % 6, &d2);
    struct pt c = centre(layout, h), a = centre(layout, d1), b = centre(layout, d2);
    struct pt p = {c.x + (a.x + b.x) / 3, c.y + (a.y + b.y) / 3};
    return p;
}

static void polygon_points(struct svg_out *o, int32_t layout, napfire_hex h) {
    for (int32_t v = 0; v < 6; v++) {
        struct pt p = vertex(layout, h, v);
        fmt(o, "%s%d,%d", v ? " " : "", p.x, p.y);
    }
}

/* Hexside i runs from vertex i-1 to vertex i. */
static void hexside_line(struct svg_out *o, int32_t layout, napfire_hex h, int32_t side, const char *cls) {
    struct pt a = vertex(layout, h, side + 5), b = vertex(layout, h, side);
    fmt(o, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", cls, a.x, a.y, b.x, b.y);
}

static int offset_of(int32_t layout, napfire_hex h, int32_t *col, int32_t *row) {
    return napfire_hex_to_offset(h, layout, col, row) == NAPFIRE_OK;
}

static const char *terrain_fill(const napfire_hex_info *c) {
    switch (c->terrain) {
        case NAPFIRE_TERRAIN_BLOCKING:
            return "#6f9a5b";
        case NAPFIRE_TERRAIN_TOWN:
            return "#b3a29a";
        case NAPFIRE_TERRAIN_SLOPE:
            return "#cfa872";
        default:
            break;
    }
    if (c->elevation < 0)
        return "#d8e4ea";
    if (c->elevation == 0)
        return "#f4f1e4";
    if (c->elevation == 1)
        return "#e8dcb2";
    if (c->elevation == 2)
        return "#dccb90";
    return "#cdb46a";
}

static const char *side_fill(int32_t side) {
    return side == 1 ? "#3b6fb6" : side == 2 ? "#c0392b" : "#7f7f7f";
}

static const char *const terrain_name[] = {"clear", "woods", "town", "slope"};

static int cell_ok(const napfire_hex_info *c) {
    return c->terrain >= 0 && c->terrain <= 3 && c->presence >= 0 && c->presence <= 3;
}

/* ------------------------------------------------------------------ */

int svg_los(struct svg_out *o, const struct svg_map *m, const napfire_los_query *q, const napfire_los_result *res) {
    if (!o || !m || !m->cells || m->layout < 0 || m->layout > 3 || m->columns < 1 || m->rows < 1 || m->columns > 4096 ||
        m->rows > 4096 || (q == NULL) != (res == NULL))
        return -1;
    const int32_t L = m->layout, C = m->columns, R = m->rows;
    int32_t minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (int32_t row = 0; row < R; row++)
        for (int32_t col = 0; col < C; col++) {
            napfire_hex h;
            if (napfire_hex_from_offset(L, col, row, &h) != NAPFIRE_OK)
                return -1;
            if (!cell_ok(&m->cells[(size_t)row * (size_t)C + (size_t)col]))
                return -1;
            struct pt p = centre(L, h);
            if ((row == 0 && col == 0) || p.x < minx)
                minx = p.x;
            if ((row == 0 && col == 0) || p.y < miny)
                miny = p.y;
            if ((row == 0 && col == 0) || p.x > maxx)
                maxx = p.x;
            if ((row == 0 && col == 0) || p.y > maxy)
                maxy = p.y;
        }
    const int32_t rx = pointy(L) ? 21 : 24, ry = pointy(L) ? 24 : 21, margin = 12, line = 15;
    const int32_t lines = q ? 5 : 2;
    int32_t mapw = maxx - minx + 2 * rx, maph = maxy - miny + 2 * ry;
    int32_t width = mapw + 2 * margin, height = maph + 2 * margin + lines * line;
    if (width < 460)
        width = 460;
    fmt(o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"napfire-los\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
        width * 2, height * 2, width, height);
    put_s(o, "<style>\n"
             ".napfire-los .hex{stroke:#8a8a80;stroke-width:0.6}\n"
             ".napfire-los .coord{font-size:6px;fill:#6b6b60;text-anchor:middle}\n"
             ".napfire-los .elev{font-size:7px;fill:#4a3b1c;text-anchor:middle}\n"
             ".napfire-los .trace-hex{fill:#f7dc3b;fill-opacity:0.5;stroke:none}\n"
             ".napfire-los .trace-pair{fill:#f7dc3b;fill-opacity:0.25;stroke:none}\n"
             ".napfire-los .trace-hexside{stroke:#8e44ad;stroke-width:4;stroke-linecap:round}\n"
             ".napfire-los .trace-vertex{fill:#fff;stroke:#1f78b4;stroke-width:2}\n"
             ".napfire-los .front-hexside{stroke:#e67e22;stroke-width:3;stroke-linecap:round}\n"
             ".napfire-los .exit-hexside{stroke:#d00;stroke-width:3;stroke-dasharray:3 2}\n"
             ".napfire-los .line-of-fire{stroke:#111;stroke-width:1.2}\n"
             ".napfire-los .blocker{fill:none;stroke:#d00;stroke-width:3}\n"
             ".napfire-los .blocker-other{fill:none;stroke:#d00;stroke-width:2;stroke-dasharray:4 3}\n"
             ".napfire-los .unit{stroke:#111;stroke-width:0.8}\n"
             ".napfire-los .routed{fill-opacity:0.35;stroke-dasharray:2 2}\n"
             ".napfire-los .ring{fill:none;stroke:#111;stroke-width:2}\n"
             ".napfire-los .who{font-size:10px;font-weight:bold;fill:#111}\n"
             ".napfire-los .text{font-size:11px;fill:#111}\n"
             ".napfire-los .key{font-size:9px;fill:#111}\n"
             ".napfire-los .verdict{font-size:12px;font-weight:bold}\n"
             ".napfire-los .clear{fill:#1a7f37}\n"
             ".napfire-los .blocked{fill:#c00}\n"
             "</style>\n");
    fmt(o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    fmt(o, "<g class=\"map\" transform=\"translate(%d,%d)\">\n", margin + rx - minx, margin + ry - miny);

    /* Terrain, elevation, coordinates. */
    for (int32_t row = 0; row < R; row++)
        for (int32_t col = 0; col < C; col++) {
            const napfire_hex_info *c = &m->cells[(size_t)row * (size_t)C + (size_t)col];
            napfire_hex h;
            napfire_hex_from_offset(L, col, row, &h);
            struct pt p = centre(L, h);
            fmt(o,
                "<polygon class=\"hex\" data-col=\"%d\" data-row=\"%d\" data-terrain=\"%s\" "
                "data-elevation=\"%d\" fill=\"%s\" points=\"",
                col, row, terrain_name[c->terrain], c->elevation, terrain_fill(c));
            polygon_points(o, L, h);
            put_s(o, "\"/>\n");
            fmt(o, "<text class=\"coord\" x=\"%d\" y=\"%d\">%d,%d</text>\n", p.x, p.y - 12, col, row);
            if (c->elevation != 0 || c->terrain == NAPFIRE_TERRAIN_SLOPE)
                fmt(o, "<text class=\"elev\" x=\"%d\" y=\"%d\">%s%d</text>\n", p.x, p.y + 17,
                    c->terrain == NAPFIRE_TERRAIN_SLOPE ? "slope " : "e", c->elevation);
        }

    napfire_trace it;
    napfire_trace_step st;
    int32_t more = 0;
    if (q) {
        /* The trace: hexes crossed, then hexsides run along, then vertices
         * touched on top, so that none hides another. */
        for (int pass = 0; pass < 3; pass++) {
            if (napfire_trace_init(&it, sizeof it, q->firer, q->target) != NAPFIRE_OK)
                return -1;
            for (int32_t guard = 0; guard < 4 * 2 * NAPFIRE_HEX_COORD_MAX + 2; guard++) {
                if (napfire_trace_next(&it, &st, &more) != NAPFIRE_OK || !more)
                    break;
                if (pass == 0 && st.kind == NAPFIRE_STEP_HEX) {
                    put_s(o, "<polygon class=\"trace-hex\" points=\"");
                    polygon_points(o, L, st.hex);
                    put_s(o, "\"/>\n");
                } else if (pass == 0 && st.kind == NAPFIRE_STEP_HEXSIDE) {
                    for (int k = 0; k < 2; k++) {
                        put_s(o, "<polygon class=\"trace-pair\" points=\"");
                        polygon_points(o, L, k ? st.other : st.hex);
                        put_s(o, "\"/>\n");
                    }
                } else if (pass == 1 && st.kind == NAPFIRE_STEP_HEXSIDE) {
                    hexside_line(o, L, st.hex, st.side, "trace-hexside");
                } else if (pass == 2 && st.kind == NAPFIRE_STEP_VERTEX) {
                    struct pt v = vertex(L, st.hex, st.side);
                    int32_t col = 0, row = 0;
                    offset_of(L, st.hex, &col, &row);
                    fmt(o,
                        "<circle class=\"trace-vertex\" data-col=\"%d\" data-row=\"%d\" cx=\"%d\" "
                        "cy=\"%d\" r=\"3\"/>\n",
                        col, row, v.x, v.y);
                }
            }
        }
    }

    /* Units. */
    for (int32_t row = 0; row < R; row++)
        for (int32_t col = 0; col < C; col++) {
            const napfire_hex_info *c = &m->cells[(size_t)row * (size_t)C + (size_t)col];
            if (c->presence == NAPFIRE_PRESENCE_NONE)
                continue;
            napfire_hex h;
            napfire_hex_from_offset(L, col, row, &h);
            struct pt p = centre(L, h);
            if (c->presence == NAPFIRE_PRESENCE_LEADER_ONLY)
                fmt(o, "<circle class=\"unit leader\" data-side=\"%d\" cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/>\n",
                    c->unit_side, p.x, p.y, side_fill(c->unit_side));
            else
                fmt(o,
                    "<rect class=\"unit%s\" data-side=\"%d\" x=\"%d\" y=\"%d\" width=\"20\" height=\"12\" "
                    "fill=\"%s\"/>\n",
                    c->presence == NAPFIRE_PRESENCE_ROUTED ? " routed" : "", c->unit_side, p.x - 10, p.y - 6,
                    side_fill(c->unit_side));
        }

    if (q) {
        struct pt f = centre(L, q->firer), t = centre(L, q->target);
        for (int32_t i = 0; i < 6; i++)
            if (q->front_mask & (1u << i))
                hexside_line(o, L, q->firer, i, "front-hexside");
        fmt(o, "<line class=\"line-of-fire\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", f.x, f.y, t.x, t.y);
        if (!res->clear && res->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) {
            for (int32_t i = 0; i < 6; i++)
                if (res->exit_mask & (1u << i))
                    hexside_line(o, L, q->firer, i, "exit-hexside");
        } else if (!res->clear && res->blocker_kind != 0) {
            int32_t col = 0, row = 0;
            offset_of(L, res->blocker, &col, &row);
            fmt(o, "<polygon class=\"blocker\" data-col=\"%d\" data-row=\"%d\" points=\"", col, row);
            polygon_points(o, L, res->blocker);
            put_s(o, "\"/>\n");
            if (res->blocker_kind == NAPFIRE_STEP_HEXSIDE) {
                put_s(o, "<polygon class=\"blocker-other\" points=\"");
                polygon_points(o, L, res->blocker_other);
                put_s(o, "\"/>\n");
            }
        }
        fmt(o, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"13\"/>\n", f.x, f.y);
        fmt(o, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"13\"/>\n", t.x, t.y);
        fmt(o, "<text class=\"who\" x=\"%d\" y=\"%d\">F</text>\n", f.x + 11, f.y - 8);
        fmt(o, "<text class=\"who\" x=\"%d\" y=\"%d\">T</text>\n", t.x + 11, t.y - 8);
    }
    put_s(o, "</g>\n");

    /* The words. */
    int32_t y = margin + maph + line;
    if (q) {
        static const char *const elev_id[] = {"", "H-ELV-3", "H-ELV-3", "H-ELV-1/2", "H-ELV-2"};
        int32_t fc = 0, fr = 0, tc = 0, tr = 0, bc = 0, br = 0, oc = 0, orow = 0;
        offset_of(L, q->firer, &fc, &fr);
        offset_of(L, q->target, &tc, &tr);
        offset_of(L, res->blocker, &bc, &br);
        offset_of(L, res->blocker_other, &oc, &orow);
        fmt(o,
            "<text class=\"text\" x=\"%d\" y=\"%d\">Line of sight from F %d,%d to T %d,%d, "
            "distance %d</text>\n",
            margin, y, fc, fr, tc, tr, res->distance);
        y += line;
        const char *rule = napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->rule);
        if (res->clear) {
            fmt(o, "<text class=\"text verdict clear\" data-clear=\"1\" x=\"%d\" y=\"%d\">CLEAR line of sight", margin,
                y);
            if (res->lifted)
                fmt(o, " (%d blocker%s seen over by elevation, H-ELV-1/2)", res->lifted, res->lifted > 1 ? "s" : "");
            put_s(o, "</text>\n");
        } else if (res->rule == NAPFIRE_LOS_RULE_FRONT_HEXSIDE) {
            fmt(o,
                "<text class=\"text verdict blocked\" data-clear=\"0\" data-rule=\"%s\" x=\"%d\" y=\"%d\">"
                "BLOCKED: %s [%s]: the line leaves through no front hexside</text>\n",
                rule, margin, y, rule, napfire_los_rule_id(res->rule));
        } else {
            fmt(o,
                "<text class=\"text verdict blocked\" data-clear=\"0\" data-rule=\"%s\" x=\"%d\" y=\"%d\">"
                "BLOCKED: %s [%s] at %d,%d",
                rule, margin, y, rule, napfire_los_rule_id(res->rule), bc, br);
            if (res->blocker_kind == NAPFIRE_STEP_HEXSIDE)
                fmt(o, " (hexside with %d,%d; the blocker: %s [%s])", oc, orow,
                    napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, res->cause), napfire_los_rule_id(res->cause));
            put_s(o, "</text>\n");
        }
        y += line;
        if (!res->clear && res->elevation > NAPFIRE_LOS_ELV_NONE && res->elevation <= NAPFIRE_LOS_ELV_FRIEND_ADJACENT)
            fmt(o, "<text class=\"text\" x=\"%d\" y=\"%d\">elevation does not lift it: %s [%s]</text>\n", margin, y,
                napfire_hex_enum_name(NAPFIRE_HEX_ENUM_ELEVATION, res->elevation), elev_id[res->elevation]);
        else if (!res->clear && res->lifted)
            fmt(o,
                "<text class=\"text\" x=\"%d\" y=\"%d\">(%d blocker%s before it seen over by elevation, "
                "H-ELV-1/2)</text>\n",
                margin, y, res->lifted, res->lifted > 1 ? "s" : "");
        y += line;
        fmt(o, "<g class=\"legend\" transform=\"translate(%d,%d)\">\n", margin, y - 4);
        put_s(o, "<rect x=\"0\" y=\"-4\" width=\"12\" height=\"8\" fill=\"#f7dc3b\" fill-opacity=\"0.6\"/>"
                 "<text class=\"key\" x=\"16\" y=\"3\">hex crossed</text>\n"
                 "<line class=\"trace-hexside\" x1=\"90\" y1=\"0\" x2=\"102\" y2=\"0\"/>"
                 "<text class=\"key\" x=\"108\" y=\"3\">hexside run along (H-LOS-3)</text>\n"
                 "<circle class=\"trace-vertex\" cx=\"250\" cy=\"0\" r=\"3\"/>"
                 "<text class=\"key\" x=\"258\" y=\"3\">vertex touched only (H-LOS-2)</text>\n"
                 "</g>\n");
        y += line;
        fmt(o, "<g class=\"legend\" transform=\"translate(%d,%d)\">\n", margin, y - 4);
        put_s(o, "<line class=\"front-hexside\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>"
                 "<text class=\"key\" x=\"16\" y=\"3\">front hexside (H-LOS-4)</text>\n"
                 "<rect x=\"132\" y=\"-5\" width=\"12\" height=\"10\" class=\"blocker\"/>"
                 "<text class=\"key\" x=\"150\" y=\"3\">first blocker (H-ELV-6)</text>\n"
                 "<rect x=\"262\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"#3b6fb6\"/>"
                 "<rect x=\"277\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"#c0392b\"/>"
                 "<text class=\"key\" x=\"294\" y=\"3\">units of sides 1 and 2</text>\n"
                 "</g>\n");
    } else {
        fmt(o, "<text class=\"text\" x=\"%d\" y=\"%d\">Map of %d x %d hexes (%s)</text>\n", margin, y, C, R,
            napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LAYOUT, L));
    }
    put_s(o, "</svg>\n");
    return o->failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Odds */

/* The library's odds over what is known: the picture draws exactly what
 * napfire_shot_distribution_known() weighs, the unknown share included. */
int svg_odds_compute(const napfire_shot *s, const napfire_rules *rules, napfire_outcome *out, size_t cap, size_t *n,
                     int32_t *unknown, napfire_result *missing) {
    if (!s || !n || !unknown || !missing || (!out && cap))
        return NAPFIRE_EINVAL;
    int st = napfire_shot_distribution_known(s, rules, out, cap, n, unknown, missing);
    return st == NAPFIRE_EUNKNOWN ? NAPFIRE_OK : st;
}

static int32_t gcd32(int32_t a, int32_t b) {
    while (b != 0) {
        int32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int svg_odds(struct svg_out *o, const char *title, const char *rules_name, const napfire_outcome *out, size_t n,
             int32_t unknown, int32_t permitted, const char *verdict) {
    if (!o || (!out && n) || n > 64 || unknown < 0)
        return -1;
    int32_t sum = unknown;
    int64_t total = 0;
    int any_screen = 0;
    for (size_t i = 0; i < n; i++) {
        if (out[i].weight < 0 || out[i].weight > NAPFIRE_OUTCOME_DENOMINATOR || out[i].target_casualties < 0 ||
            out[i].screen_casualties < 0)
            return -1;
        sum += out[i].weight;
        total += (int64_t)out[i].weight * (out[i].target_casualties + out[i].screen_casualties);
        if (out[i].screen_casualties)
            any_screen = 1;
    }
    if (sum != NAPFIRE_OUTCOME_DENOMINATOR)
        return -1;
    const int32_t bars = (int32_t)n + (unknown ? 1 : 0), bw = 44, gap = 14, left = 40, top = 90, ch = 216;
    int32_t width = left + bars * (bw + gap) + 20;
    if (width < 700)
        width = 700;
    const int32_t height = top + ch + 90;
    fmt(o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"napfire-odds\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
        width * 3 / 2, height * 3 / 2, width, height);
    put_s(o, "<style>\n"
             ".napfire-odds .title{font-size:13px;font-weight:bold}\n"
             ".napfire-odds .text{font-size:11px;fill:#111}\n"
             ".napfire-odds .verdict{font-size:10px}\n"
             ".napfire-odds .small{font-size:9px;fill:#333;text-anchor:middle}\n"
             ".napfire-odds .axis{stroke:#555;stroke-width:1}\n"
             ".napfire-odds .grid{stroke:#ddd;stroke-width:0.6}\n"
             ".napfire-odds .bar{fill:#3b6fb6}\n"
             ".napfire-odds .bar.screened{fill:#8e44ad}\n"
             ".napfire-odds .bar.unknown{fill:#c8c8c8;stroke:#777;stroke-dasharray:3 2}\n"
             "</style>\n");
    fmt(o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    put_s(o, "<text class=\"title\" x=\"12\" y=\"20\">");
    esc(o, title ? title : "");
    put_s(o, "</text>\n<text class=\"text\" x=\"12\" y=\"37\">rules: ");
    esc(o, rules_name ? rules_name : "");
    /* A long verdict ("permitted; unknown rules data: ...") takes two lines. */
    const char *v = verdict ? verdict : "", *semi = strstr(v, "; ");
    fmt(o, "</text>\n<text class=\"text verdict\" data-permitted=\"%d\" x=\"12\" y=\"53\">", permitted ? 1 : 0);
    if (semi) {
        char first[128];
        size_t k = (size_t)(semi - v) + 1 < sizeof first ? (size_t)(semi - v) + 1 : sizeof first - 1;
        memcpy(first, v, k);
        first[k] = '\0';
        esc(o, first);
        fmt(o, "<tspan x=\"12\" dy=\"14\">");
        esc(o, semi + 2);
        put_s(o, "</tspan>");
    } else {
        esc(o, v);
    }
    put_s(o, "</text>\n");
    /* Gridlines every 36/216 (one 2D6 sixth), the axis, then the bars. */
    for (int32_t w = 0; w <= ch; w += 36)
        fmt(o,
            "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
            "<text class=\"small\" x=\"%d\" y=\"%d\">%d</text>\n",
            left, top + ch - w, width - 10, top + ch - w, left - 14, top + ch - w + 3, w);
    fmt(o, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", left, top + ch, width - 10, top + ch);
    fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">/216</text>\n", left - 14, top - 8);
    for (int32_t b = 0; b < bars; b++) {
        int is_unknown = b == (int32_t)n;
        int32_t w = is_unknown ? unknown : out[b].weight;
        int32_t x = left + gap / 2 + b * (bw + gap), h = w * ch / NAPFIRE_OUTCOME_DENOMINATOR;
        int32_t pct = (w * 20000 + NAPFIRE_OUTCOME_DENOMINATOR) / (2 * NAPFIRE_OUTCOME_DENOMINATOR);
        if (is_unknown)
            fmt(o, "<rect class=\"bar unknown\" data-weight=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", w,
                x, top + ch - h, bw, h);
        else
            fmt(o,
                "<rect class=\"bar%s\" data-target=\"%d\" data-screen=\"%d\" data-weight=\"%d\" x=\"%d\" "
                "y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
                out[b].screen_casualties ? " screened" : "", out[b].target_casualties, out[b].screen_casualties, w, x,
                top + ch - h, bw, h);
        fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d/216</text>\n", x + bw / 2, top + ch - h - 14, w);
        fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">", x + bw / 2, top + ch - h - 4);
        put_hundredths(o, pct);
        put_s(o, "%</text>\n");
        if (is_unknown)
            fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">unknown</text>\n", x + bw / 2, top + ch + 13);
        else if (out[b].screen_casualties)
            fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d + %d</text>\n", x + bw / 2, top + ch + 13,
                out[b].target_casualties, out[b].screen_casualties);
        else
            fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d</text>\n", x + bw / 2, top + ch + 13,
                out[b].target_casualties);
    }
    int32_t y = top + ch + 30;
    fmt(o,
        "<text class=\"text\" x=\"12\" y=\"%d\">figures lost: target%s (bar height: chance out of 216 = "
        "2D6 x half die)</text>\n",
        y, any_screen ? " + skirmisher screen" : "");
    y += 16;
    if (unknown == 0) {
        int32_t g = total > 0 ? gcd32((int32_t)total, NAPFIRE_OUTCOME_DENOMINATOR) : NAPFIRE_OUTCOME_DENOMINATOR;
        int32_t num = (int32_t)total / g, den = NAPFIRE_OUTCOME_DENOMINATOR / g;
        int32_t milli = (int32_t)((total * 2000 + NAPFIRE_OUTCOME_DENOMINATOR) / (2 * NAPFIRE_OUTCOME_DENOMINATOR));
        fmt(o,
            "<text class=\"text expected\" data-numerator=\"%d\" data-denominator=\"%d\" x=\"12\" y=\"%d\">"
            "expected casualties: %d/%d = %d.%s%s%d</text>\n",
            num, den, y, num, den, milli / 1000, milli % 1000 < 100 ? "0" : "", milli % 1000 < 10 ? "0" : "",
            milli % 1000);
    } else {
        int32_t pct = (unknown * 20000 + NAPFIRE_OUTCOME_DENOMINATOR) / (2 * NAPFIRE_OUTCOME_DENOMINATOR);
        fmt(o,
            "<text class=\"text expected\" data-unknown=\"%d\" x=\"12\" y=\"%d\">expected casualties: not "
            "determined: rolls worth %d/216 (",
            unknown, y, unknown);
        put_hundredths(o, pct);
        put_s(o, "%) need unknown rules data</text>\n");
    }
    put_s(o, "</svg>\n");
    return o->failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */

int svg_missing_describe(const napfire_result *r, char *sentence, size_t scap, char *patch, size_t pcap) {
    size_t len = 0;
    if (sentence && scap)
        sentence[0] = '\0';
    if (patch && pcap)
        patch[0] = '\0';
    if (!r || !sentence || !scap || !patch || !pcap ||
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_SENTENCE, sentence, scap, &len) !=
            NAPFIRE_OK ||
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_PATCH, patch, pcap, &len) !=
            NAPFIRE_OK) {
        svg_missing_text(r, sentence, scap);
        if (patch && pcap)
            patch[0] = '\0';
        return 0;
    }
    return 1;
}

void svg_missing_text(const napfire_result *r, char *buf, size_t cap) {
    static const char none[] = "nothing named";
    if (!buf || cap == 0)
        return;
    size_t len = 0;
    if (r &&
        napfire_missing_describe(r->missing, r->missing_index, NAPFIRE_DESCRIBE_SENTENCE, buf, cap, &len) == NAPFIRE_OK)
        return;
    len = cap - 1 < sizeof none - 1 ? cap - 1 : sizeof none - 1;
    memcpy(buf, none, len);
    buf[len] = '\0';
}
