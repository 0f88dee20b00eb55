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

#include <string.h>

#define fmt out_fmt

/* Hundredths as "12.34". */
static void put_hundredths(struct out *o, int32_t h) {
    fmt(o, "%d.%s%d", h / 100, h % 100 < 10 ? "0" : "", h % 100);
}

/* Free text as an element of class cls at (x, y). */
static void text_line(struct out *o, const char *cls, int32_t x, int32_t y, const char *text) {
    fmt(o, "<text class=\"%s\" x=\"%d\" y=\"%d\">", cls, x, y);
    out_escaped(o, text, OUT_XML);
    out_s(o, "</text>\n");
}

/* The length of the next line of text when lines hold at most max bytes:
 * up to the last space that fits, else max; the whole rest when it fits. */
static size_t line_break(const char *text, size_t max) {
    size_t n = strlen(text);
    if (n <= max)
        return n;
    for (size_t k = max; k > 0; k--)
        if (text[k] == ' ')
            return k;
    return max;
}

/* How many lines of at most max bytes the text takes (at least one). */
static int32_t wrapped_lines(const char *text, size_t max) {
    int32_t lines = 1;
    for (size_t k = line_break(text, max); text[k] && lines < 16; lines++) {
        text += k + (text[k] == ' ');
        k = line_break(text, max);
    }
    return lines;
}

/* The text as lines of tspans at x, line pixels apart, inside an open
 * <text> element; returns the lines written (as wrapped_lines). */
static int32_t put_wrapped(struct out *o, int32_t x, int32_t line, const char *text, size_t max) {
    int32_t lines = 0;
    char buf[256];
    while (lines < 16) {
        size_t k = line_break(text, max);
        k = k < sizeof buf ? k : sizeof buf - 1;
        memcpy(buf, text, k);
        buf[k] = '\0';
        if (lines)
            fmt(o, "<tspan x=\"%d\" dy=\"%d\">", x, line);
        out_escaped(o, buf, OUT_XML);
        if (lines++)
            out_s(o, "</tspan>");
        if (!text[k])
            break;
        text += k + (text[k] == ' ');
    }
    return lines;
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

static void polygon_points(struct out *o, int32_t layout, napfire_hex h) {
    for (int32_t v = 0; v < 6; v++) {
        struct pt p = vertex(layout, h, v);
        fmt(o, "%s%d,%d", v ? " " : "", p.x, p.y);
    }
}

/* A hex outline of class cls, with extra attributes before the points. */
static void hex_polygon(struct out *o, int32_t layout, napfire_hex h, const char *cls) {
    fmt(o, "<polygon class=\"%s\" points=\"", cls);
    polygon_points(o, layout, h);
    out_s(o, "\"/>\n");
}

/* Hexside i runs from vertex i-1 to vertex i. */
static void hexside_line(struct out *o, int32_t layout, napfire_hex h, int32_t side, const char *cls) {
    struct pt a = vertex(layout, h, side + 5), b = vertex(layout, h, side);
    fmt(o, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", cls, a.x, a.y, b.x, b.y);
}

static void hexside_lines(struct out *o, int32_t layout, napfire_hex h, uint32_t mask, const char *cls) {
    for (int32_t i = 0; i < 6; i++)
        if (mask & (1u << i))
            hexside_line(o, layout, h, i, cls);
}

static int offset_of(int32_t layout, napfire_hex h, int32_t *col, int32_t *row) {
    return napfire_hex_to_offset(h, layout, col, row) == NAPFIRE_OK;
}

/* The colours of terrain, elevation and sides: the map's and the key's. */
#define FILL_WOODS "#6f9a5b"
#define FILL_TOWN "#b3a29a"
#define FILL_SLOPE "#cfa872"
#define FILL_BELOW "#d8e4ea"
#define FILL_E0 "#f4f1e4"
#define FILL_E1 "#e8dcb2"
#define FILL_E2 "#dccb90"
#define FILL_E3 "#cdb46a"
#define FILL_SIDE1 "#3b6fb6"
#define FILL_SIDE2 "#c0392b"
#define FILL_SIDE_OTHER "#7f7f7f"

static const char *terrain_fill(const napfire_hex_info *c) {
    switch (c->terrain) {
        case NAPFIRE_TERRAIN_BLOCKING:
            return FILL_WOODS;
        case NAPFIRE_TERRAIN_TOWN:
            return FILL_TOWN;
        case NAPFIRE_TERRAIN_SLOPE:
            return FILL_SLOPE;
        default:
            break;
    }
    if (c->elevation < 0)
        return FILL_BELOW;
    if (c->elevation == 0)
        return FILL_E0;
    if (c->elevation == 1)
        return FILL_E1;
    if (c->elevation == 2)
        return FILL_E2;
    return FILL_E3;
}

static const char *side_fill(int32_t side) {
    return side == 1 ? FILL_SIDE1 : side == 2 ? FILL_SIDE2 : FILL_SIDE_OTHER;
}

static const char *const terrain_name[] = {"clear", "woods", "town", "slope"};

static int cell_ok(const napfire_hex_info *c) {
    return c->terrain >= 0 && c->terrain <= 3 && c->presence >= 0 && c->presence <= 3;
}

/* ------------------------------------------------------------------ */
/* Line of sight */

/* The frame of a map picture: its bounding box and the size of the page. */
struct frame {
    int32_t minx, miny, maxx, maxy;
    int32_t rx, ry, margin, line;
    int32_t maph, width, height;
};

static const napfire_hex_info *cell_at(const struct svg_map *m, int32_t col, int32_t row) {
    return &m->cells[(size_t)row * (size_t)m->columns + (size_t)col];
}

static int map_ok(const struct svg_map *m) {
    return m->cells && m->layout >= 0 && m->layout <= 3 && m->columns >= 1 && m->rows >= 1 && m->columns <= 4096 &&
           m->rows <= 4096;
}

/* The bounding box of the hex centres; -1 for a malformed map. */
static int measure(const struct svg_map *m, int lines, struct frame *f) {
    int first = 1;
    memset(f, 0, sizeof *f);
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            napfire_hex h;
            if (napfire_hex_from_offset(m->layout, col, row, &h) != NAPFIRE_OK || !cell_ok(cell_at(m, col, row)))
                return -1;
            struct pt p = centre(m->layout, h);
            f->minx = first || p.x < f->minx ? p.x : f->minx;
            f->miny = first || p.y < f->miny ? p.y : f->miny;
            f->maxx = first || p.x > f->maxx ? p.x : f->maxx;
            f->maxy = first || p.y > f->maxy ? p.y : f->maxy;
            first = 0;
        }
    f->rx = pointy(m->layout) ? 21 : 24;
    f->ry = pointy(m->layout) ? 24 : 21;
    f->margin = 12;
    f->line = 15;
    int32_t mapw = f->maxx - f->minx + 2 * f->rx;
    f->maph = f->maxy - f->miny + 2 * f->ry;
    f->width = mapw + 2 * f->margin;
    f->height = f->maph + 2 * f->margin + lines * f->line;
    if (f->width < 460)
        f->width = 460;
    return 0;
}

static void los_head(struct out *o, const struct frame *f) {
    fmt(o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"napfire-los\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
        f->width * 2, f->height * 2, f->width, f->height);
    out_s(o, "<style>\n"
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
    fmt(o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", f->width, f->height);
    fmt(o, "<g class=\"map\" transform=\"translate(%d,%d)\">\n", f->margin + f->rx - f->minx,
        f->margin + f->ry - f->miny);
}

/* Terrain, elevation, coordinates. */
static void draw_cells(struct out *o, const struct svg_map *m) {
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            const napfire_hex_info *c = cell_at(m, col, row);
            napfire_hex h;
            napfire_hex_from_offset(m->layout, col, row, &h);
            struct pt p = centre(m->layout, h);
            fmt(o,
                "<polygon class=\"hex\" data-col=\"%d\" data-row=\"%d\" data-terrain=\"%s\" "
                "data-elevation=\"%d\" fill=\"%s\" points=\"",
                col, row, terrain_name[c->terrain], c->elevation, terrain_fill(c));
            polygon_points(o, m->layout, h);
            out_s(o, "\"/>\n");
            fmt(o, "<text class=\"coord\" x=\"%d\" y=\"%d\">%d,%d</text>\n", p.x, p.y - 12, col, row);
            if (c->elevation != 0 || c->terrain == NAPFIRE_TERRAIN_SLOPE)
                fmt(o, "<text class=\"elev\" x=\"%d\" y=\"%d\">%s%d</text>\n", p.x, p.y + 17,
                    c->terrain == NAPFIRE_TERRAIN_SLOPE ? "slope " : "e", c->elevation);
        }
}

/* The trace: hexes crossed, then hexsides run along, then vertices
 * touched on top, so that none hides another. */
static void draw_trace(struct out *o, int32_t layout, const napfire_trace_step *steps, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (steps[i].kind == NAPFIRE_STEP_HEX) {
            hex_polygon(o, layout, steps[i].hex, "trace-hex");
        } else if (steps[i].kind == NAPFIRE_STEP_HEXSIDE) {
            hex_polygon(o, layout, steps[i].hex, "trace-pair");
            hex_polygon(o, layout, steps[i].other, "trace-pair");
        }
    }
    for (size_t i = 0; i < n; i++)
        if (steps[i].kind == NAPFIRE_STEP_HEXSIDE)
            hexside_line(o, layout, steps[i].hex, steps[i].side, "trace-hexside");
    for (size_t i = 0; i < n; i++) {
        if (steps[i].kind != NAPFIRE_STEP_VERTEX)
            continue;
        struct pt v = vertex(layout, steps[i].hex, steps[i].side);
        int32_t col = 0, row = 0;
        offset_of(layout, steps[i].hex, &col, &row);
        fmt(o, "<circle class=\"trace-vertex\" data-col=\"%d\" data-row=\"%d\" cx=\"%d\" cy=\"%d\" r=\"3\"/>\n", col,
            row, v.x, v.y);
    }
}

static void draw_units(struct out *o, const struct svg_map *m) {
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            const napfire_hex_info *c = cell_at(m, col, row);
            if (c->presence == NAPFIRE_PRESENCE_NONE)
                continue;
            napfire_hex h;
            napfire_hex_from_offset(m->layout, col, row, &h);
            struct pt p = centre(m->layout, h);
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
}

/* A hex's outline drawn inside it, 4/5 of the way out from its centre:
 * a ring that leaves the hex's own fill (its terrain) to be seen. */
static void inner_points(struct out *o, int32_t layout, napfire_hex h) {
    struct pt c = centre(layout, h);
    for (int32_t v = 0; v < 6; v++) {
        struct pt p = vertex(layout, h, v);
        fmt(o, "%s%d,%d", v ? " " : "", c.x + (p.x - c.x) * 4 / 5, c.y + (p.y - c.y) * 4 / 5);
    }
}

/* The field of view. Terrain stays recognisable under it: a seen hex
 * gets a ring inside its edge, a hidden one dark hatching over its fill
 * and the first letter of what hides it (F no front hexside, T town, W
 * woods or walls, U unit, S slope, G grazing); those beyond the radius
 * are faded. Under a line of sight (shot), the seen hexes stay as they
 * are and the line's own marks stand for the firer. */
static void draw_view(struct out *o, const struct svg_los_pic *p) {
    static const char *const why[] = {"", "F", "T", "W", "U", "S", "G"};
    const struct svg_map *m = &p->map;
    out_s(o, "<defs><pattern id=\"napfire-hidden\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
             "patternTransform=\"rotate(45)\"><rect width=\"1.5\" height=\"5\" fill=\"#1c1c1c\" "
             "fill-opacity=\"0.4\"/></pattern></defs>\n"
             "<style>\n"
             ".napfire-los .seen{fill:none;stroke:#e3b400;stroke-width:2.2;pointer-events:none}\n"
             ".napfire-los .unseen{fill:url(#napfire-hidden);stroke:none;pointer-events:none}\n"
             ".napfire-los .why{font-size:9px;font-weight:bold;fill:#111;stroke:#fff;stroke-width:2.5;"
             "paint-order:stroke;text-anchor:middle;pointer-events:none}\n"
             ".napfire-los .beyond{fill:#fff;fill-opacity:0.55;stroke:none;pointer-events:none}\n"
             "</style>\n");
    for (int32_t row = 0; row < m->rows; row++)
        for (int32_t col = 0; col < m->columns; col++) {
            uint8_t rule = p->view[(size_t)row * (size_t)m->columns + (size_t)col];
            napfire_hex h;
            napfire_hex_from_offset(m->layout, col, row, &h);
            int firer = h.q == p->firer.q && h.r == p->firer.r;
            if (rule >= sizeof why / sizeof why[0] && !firer) {
                fmt(o, "<polygon class=\"beyond\" data-col=\"%d\" data-row=\"%d\" points=\"", col, row);
                polygon_points(o, m->layout, h);
                out_s(o, "\"/>\n");
            }
            if (rule >= sizeof why / sizeof why[0] || (p->shot && rule == 0))
                continue;
            struct pt c = centre(m->layout, h);
            fmt(o, "<polygon class=\"%s\" data-col=\"%d\" data-row=\"%d\" data-rule=\"%s\" points=\"",
                rule ? "unseen" : "seen", col, row, napfire_hex_enum_name(NAPFIRE_HEX_ENUM_LOS_RULE, rule));
            if (rule)
                polygon_points(o, m->layout, h);
            else
                inner_points(o, m->layout, h);
            out_s(o, "\"/>\n");
            if (rule)
                fmt(o, "<text class=\"why\" x=\"%d\" y=\"%d\">%s</text>\n", c.x + 15, c.y + 3, why[rule]);
        }
    if (p->shot)
        return;
    struct pt f = centre(m->layout, p->firer);
    hexside_lines(o, m->layout, p->firer, p->front_mask, "front-hexside");
    fmt(o, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"13\"/>\n", f.x, f.y);
    fmt(o, "<text class=\"who\" x=\"%d\" y=\"%d\">F</text>\n", f.x + 11, f.y - 8);
}

/* Under a line of sight the seen hexes are not shaded: the first key is
 * then the faded hexes beyond the radius. */
static void view_legend(struct out *o, int32_t x, int32_t y, int shot) {
    fmt(o, "<g class=\"legend\" transform=\"translate(%d,%d)\">\n", x, y - 4);
    if (shot)
        out_s(o, "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" fill=\"#cdb46a\"/>"
                 "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"beyond\"/>"
                 "<text class=\"key\" x=\"16\" y=\"3\">beyond</text>\n");
    else
        out_s(o, "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"seen\"/>"
                 "<text class=\"key\" x=\"16\" y=\"3\">seen</text>\n");
    out_s(o, "<rect x=\"58\" y=\"-5\" width=\"12\" height=\"10\" class=\"unseen\"/>"
             "<text class=\"key\" x=\"74\" y=\"3\">hidden: F front hexside, T town, W woods or walls, U unit, "
             "S slope, G grazing</text>\n"
             "</g>\n");
}

/* Front hexsides, the line of fire, what blocks it, the two rings. */
static void draw_shot(struct out *o, const struct svg_los_pic *p) {
    const int32_t L = p->map.layout;
    struct pt f = centre(L, p->firer), t = centre(L, p->target);
    hexside_lines(o, L, p->firer, p->front_mask, "front-hexside");
    fmt(o, "<line class=\"line-of-fire\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", f.x, f.y, t.x, t.y);
    if (!p->clear && p->no_front) {
        hexside_lines(o, L, p->firer, p->exit_mask, "exit-hexside");
    } else if (!p->clear && p->blocker_kind != 0) {
        int32_t col = 0, row = 0;
        offset_of(L, p->blocker, &col, &row);
        fmt(o, "<polygon class=\"blocker\" data-col=\"%d\" data-row=\"%d\" points=\"", col, row);
        polygon_points(o, L, p->blocker);
        out_s(o, "\"/>\n");
        if (p->blocker_kind == NAPFIRE_STEP_HEXSIDE)
            hex_polygon(o, L, p->blocker_other, "blocker-other");
    }
    fmt(o, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"13\"/>\n", f.x, f.y);
    fmt(o, "<circle class=\"ring\" cx=\"%d\" cy=\"%d\" r=\"13\"/>\n", t.x, t.y);
    fmt(o, "<text class=\"who\" x=\"%d\" y=\"%d\">F</text>\n", f.x + 11, f.y - 8);
    fmt(o, "<text class=\"who\" x=\"%d\" y=\"%d\">T</text>\n", t.x + 11, t.y - 8);
}

static void draw_legend(struct out *o, int32_t x, int32_t y, int32_t line) {
    fmt(o, "<g class=\"legend\" transform=\"translate(%d,%d)\">\n", x, y - 4);
    out_s(o, "<rect x=\"0\" y=\"-4\" width=\"12\" height=\"8\" fill=\"#f7dc3b\" fill-opacity=\"0.6\"/>"
             "<text class=\"key\" x=\"16\" y=\"3\">hex crossed</text>\n"
             "<line class=\"trace-hexside\" x1=\"90\" y1=\"0\" x2=\"102\" y2=\"0\"/>"
             "<text class=\"key\" x=\"108\" y=\"3\">hexside run along (H-LOS-3)</text>\n"
             "<circle class=\"trace-vertex\" cx=\"250\" cy=\"0\" r=\"3\"/>"
             "<text class=\"key\" x=\"258\" y=\"3\">vertex touched only (H-LOS-2)</text>\n"
             "</g>\n");
    fmt(o, "<g class=\"legend\" transform=\"translate(%d,%d)\">\n", x, y + line - 4);
    out_s(o, "<line class=\"front-hexside\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>"
             "<text class=\"key\" x=\"16\" y=\"3\">front hexside (H-LOS-4)</text>\n"
             "<rect x=\"132\" y=\"-5\" width=\"12\" height=\"10\" class=\"blocker\"/>"
             "<text class=\"key\" x=\"150\" y=\"3\">first blocker (H-ELV-6)</text>\n"
             "<rect x=\"262\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"#3b6fb6\"/>"
             "<rect x=\"277\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"#c0392b\"/>"
             "<text class=\"key\" x=\"294\" y=\"3\">units of sides 1 and 2</text>\n"
             "</g>\n");
}

/* ------------------------------------------------------------------ */
/* The key of a picture for readers without the playground's legend
 * (svg_los_pic.legend): terrain, elevation, units and the marks drawn. */

/* One entry: a sample drawn in a box 0..w by -5..5, and its words. */
struct key {
    int32_t w;
    const char *sample, *label;
};

/* A generous width of a 9 px character, so that no row runs past the
 * picture's edge. */
#define KEY_CHAR 6

#define SWATCH(fill) "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" fill=\"" fill "\" stroke=\"#8a8a80\"/>"
#define HIDDEN(letter) \
  SWATCH(FILL_E0) \
  "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"unseen\"/>" \
  "<text class=\"why\" x=\"6\" y=\"3\">" letter "</text>"

static const struct key key_terrain[] = {
    {12, SWATCH(FILL_E0), "clear ground"},
    {12, SWATCH(FILL_WOODS), "woods or walls (H-LOS-5)"},
    {12, SWATCH(FILL_TOWN), "town, village, city (H-LOS-5, H-ELV-5)"},
    {12, SWATCH(FILL_SLOPE), "slope N: a slope at elevation N (H-ELV-4)"},
};
static const struct key key_elevation[] = {
    {12, SWATCH(FILL_BELOW), "below 0"}, {12, SWATCH(FILL_E0), "0"},           {12, SWATCH(FILL_E1), "1"},
    {12, SWATCH(FILL_E2), "2"},          {12, SWATCH(FILL_E3), "3 and above"},
};
static const struct key key_units[] = {
    {40,
     "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"" FILL_SIDE1 "\"/>"
     "<rect x=\"14\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"" FILL_SIDE2 "\"/>"
     "<rect x=\"28\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit\" fill=\"" FILL_SIDE_OTHER "\"/>",
     "combat units of sides 1, 2 and others: they block (H-LOS-5)"},
    {12, "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"unit routed\" fill=\"" FILL_SIDE1 "\"/>",
     "routed: does not block"},
    {12, "<circle class=\"unit\" cx=\"6\" cy=\"0\" r=\"4\" fill=\"" FILL_SIDE1 "\"/>", "leader alone: does not block"},
};
static const struct key key_shot[] = {
    {12, "<circle class=\"ring\" cx=\"6\" cy=\"0\" r=\"5\"/>", "F firer, T target"},
    {12, "<line class=\"line-of-fire\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>", "line of fire"},
    {12, "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" fill=\"#f7dc3b\" fill-opacity=\"0.6\"/>", "hex crossed"},
    {12, "<line class=\"trace-hexside\" x1=\"1\" y1=\"0\" x2=\"11\" y2=\"0\"/>", "hexside run along (H-LOS-3)"},
    {12, "<circle class=\"trace-vertex\" cx=\"6\" cy=\"0\" r=\"3\"/>", "vertex touched only (H-LOS-2)"},
    {12, "<line class=\"front-hexside\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>", "front hexside (H-LOS-4)"},
    {12, "<line class=\"exit-hexside\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>", "hexside the line leaves through"},
    {12, "<rect x=\"1\" y=\"-4\" width=\"10\" height=\"8\" class=\"blocker\"/>",
     "first blocker (H-ELV-6); dashed: the other hex of a blocking hexside"},
};
static const struct key key_view[] = {
    {12, "<circle class=\"ring\" cx=\"6\" cy=\"0\" r=\"5\"/>", "F the firer"},
    {12, "<line class=\"front-hexside\" x1=\"0\" y1=\"0\" x2=\"12\" y2=\"0\"/>", "front hexside (H-LOS-4)"},
    {12, SWATCH(FILL_E0) "<rect x=\"1\" y=\"-4\" width=\"10\" height=\"8\" class=\"seen\"/>", "seen"},
    {12, HIDDEN("F"), "hidden: no front hexside (H-LOS-4)"},
    {12, HIDDEN("T"), "by a town"},
    {12, HIDDEN("W"), "by woods or walls"},
    {12, HIDDEN("U"), "by a unit (H-LOS-5)"},
    {12, HIDDEN("S"), "by a slope (H-ELV-4)"},
    {12, HIDDEN("G"), "along a hexside beside a blocker (H-LOS-3)"},
    {12, SWATCH(FILL_E0) "<rect x=\"0\" y=\"-5\" width=\"12\" height=\"10\" class=\"beyond\"/>",
     "beyond the radius (faded)"},
};

/* One section of the key from row *y: its heading, then its entries,
 * wrapped at right; *y advances past its last row. Without o it only
 * counts the rows (svg_los sizes the picture so). */
static void key_section(struct out *o, const char *head, const struct key *k, size_t n, const struct frame *f,
                        int32_t *y) {
    const int32_t left = f->margin, right = f->width - f->margin, indent = left + 16;
    int32_t x = left + (int32_t)strlen(head) * KEY_CHAR + 10;
    if (o)
        fmt(o, "<text class=\"key key-head\" x=\"%d\" y=\"%d\">%s</text>\n", left, *y + 3, head);
    for (size_t i = 0; i < n; i++) {
        int32_t w = k[i].w + 4 + (int32_t)strlen(k[i].label) * KEY_CHAR + 12;
        if (x + w - 12 > right && x > indent) {
            *y += f->line;
            x = indent;
        }
        if (o) {
            fmt(o, "<g transform=\"translate(%d,%d)\">%s<text class=\"key\" x=\"%d\" y=\"3\">", x, *y, k[i].sample,
                k[i].w + 4);
            out_escaped(o, k[i].label, OUT_XML);
            out_s(o, "</text></g>\n");
        }
        x += w;
    }
    *y += f->line;
}

#define KEYS(a) a, sizeof a / sizeof a[0]

/* The whole key from row y; returns the row after it. The marks are
 * those of the picture: a line of sight's, or a field of view's. */
static int32_t draw_key(struct out *o, const struct svg_los_pic *p, const struct frame *f, int32_t y) {
    if (o)
        out_s(o, "<style>.napfire-los .key-head{font-size:9px;font-weight:bold}</style>\n"
                 "<g class=\"legend key-full\">\n");
    key_section(o, "Terrain:", KEYS(key_terrain), f, &y);
    key_section(o, "Elevation (eN):", KEYS(key_elevation), f, &y);
    key_section(o, "Units:", KEYS(key_units), f, &y);
    if (p->shot)
        key_section(o, "Marks:", KEYS(key_shot), f, &y);
    if (p->view)
        key_section(o, "Field of view:", KEYS(key_view), f, &y);
    if (o)
        out_s(o, "</g>\n");
    return y;
}

/* The bytes a line of the verdict (bold 12 px) and of the note (11 px)
 * holds across the picture, at a generous 8 and 7 px a character. */
static size_t verdict_max(const struct frame *f) {
    return (size_t)(f->width - 2 * f->margin) / 8;
}
static size_t note_max(const struct frame *f) {
    return (size_t)(f->width - 2 * f->margin) / 7;
}

/* The words under the map: the question, the verdict, the note, the key;
 * a long verdict or note wraps onto more lines, never past the edge. */
static void draw_words(struct out *o, const struct svg_los_pic *p, const struct frame *f) {
    int32_t y = f->margin + f->maph + f->line;
    text_line(o, "text", f->margin, y, p->lines[SVG_LOS_HEADING]);
    if (p->view && !p->shot) {
        text_line(o, "text", f->margin, y + f->line, p->lines[SVG_LOS_VERDICT]);
        text_line(o, "text", f->margin, y + 2 * f->line, p->lines[SVG_LOS_NOTE]);
        view_legend(o, f->margin, y + 3 * f->line, 0);
    }
    if (!p->shot)
        return;
    y += f->line;
    if (p->clear)
        fmt(o, "<text class=\"text verdict clear\" data-clear=\"1\" x=\"%d\" y=\"%d\">", f->margin, y);
    else
        fmt(o, "<text class=\"text verdict blocked\" data-clear=\"0\" data-rule=\"%s\" x=\"%d\" y=\"%d\">", p->rule,
            f->margin, y);
    y += (put_wrapped(o, f->margin, f->line, p->lines[SVG_LOS_VERDICT], verdict_max(f)) - 1) * f->line;
    out_s(o, "</text>\n");
    y += f->line;
    if (p->lines[SVG_LOS_NOTE][0]) {
        fmt(o, "<text class=\"text\" x=\"%d\" y=\"%d\">", f->margin, y);
        y += (put_wrapped(o, f->margin, f->line, p->lines[SVG_LOS_NOTE], note_max(f)) - 1) * f->line;
        out_s(o, "</text>\n");
    }
    draw_legend(o, f->margin, y + f->line, f->line);
    if (p->view)
        view_legend(o, f->margin, y + 3 * f->line, 1);
}

/* A wrapped line of words of class cls from row *y (none for ""); *y
 * advances past it. Without o it only counts. */
static void words_line(struct out *o, const char *cls, const char *extra, const char *text, size_t max,
                       const struct frame *f, int32_t *y) {
    if (!text[0])
        return;
    if (o) {
        fmt(o, "<text class=\"%s\"%s x=\"%d\" y=\"%d\">", cls, extra, f->margin, *y);
        put_wrapped(o, f->margin, f->line, text, max);
        out_s(o, "</text>\n");
    }
    *y += wrapped_lines(text, max) * f->line;
}

/* The words under the map and the full key (svg_los_pic.legend); returns
 * the row after the last. Without o it only counts. */
static int32_t draw_words_keyed(struct out *o, const struct svg_los_pic *p, const struct frame *f) {
    int32_t y = f->margin + f->maph + f->line;
    char extra[96] = "";
    words_line(o, "text", "", p->lines[SVG_LOS_HEADING], note_max(f), f, &y);
    if (p->shot && p->clear) {
        words_line(o, "text verdict clear", " data-clear=\"1\"", p->lines[SVG_LOS_VERDICT], verdict_max(f), f, &y);
    } else if (p->shot) {
        struct out eo;
        struct out_buffer eb;
        fmt(out_to_buffer(&eo, &eb, extra, sizeof extra), " data-clear=\"0\" data-rule=\"%s\"", p->rule);
        words_line(o, "text verdict blocked", extra, p->lines[SVG_LOS_VERDICT], verdict_max(f), f, &y);
    } else {
        words_line(o, "text", "", p->lines[SVG_LOS_VERDICT], note_max(f), f, &y);
    }
    words_line(o, "text", "", p->lines[SVG_LOS_NOTE], note_max(f), f, &y);
    return draw_key(o, p, f, y + f->line / 2);
}

int svg_los(struct out *o, const struct svg_los_pic *p) {
    struct frame f;
    if (!o || !p || !map_ok(&p->map) || (p->shot && (!p->steps || !p->rule)) ||
        measure(&p->map, p->shot || p->view ? 5 : 2, &f) != 0)
        return -1;
    if (p->legend)
        f.height = draw_words_keyed(NULL, p, &f) + f.margin;
    else if (p->shot)
        f.height += (wrapped_lines(p->lines[SVG_LOS_VERDICT], verdict_max(&f)) - 1 +
                     wrapped_lines(p->lines[SVG_LOS_NOTE], note_max(&f)) - 1 + (p->view ? 1 : 0)) *
                    f.line;
    los_head(o, &f);
    draw_cells(o, &p->map);
    if (p->view)
        draw_view(o, p);
    if (p->shot)
        draw_trace(o, p->map.layout, p->steps, p->nsteps);
    draw_units(o, &p->map);
    if (p->shot)
        draw_shot(o, p);
    out_s(o, "</g>\n");
    if (p->legend)
        draw_words_keyed(o, p, &f);
    else
        draw_words(o, p, &f);
    out_s(o, "</svg>\n");
    return o->failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Odds */

/* The bars' layout. */
enum {
    BAR_MIN = 44, /* the narrowest bar, which its labels fit */
    BAR_GAP = 14,
    CHART_LEFT = 40,
    CHART_TOP = 90,
    CHART_H = 216
};

static int odds_ok(const struct svg_odds_pic *p) {
    if (p->n > 64 || p->unknown < 0)
        return 0;
    int32_t sum = p->unknown;
    for (size_t i = 0; i < p->n; i++) {
        const napfire_outcome *w = &p->out[i];
        if (w->weight < 0 || w->weight > NAPFIRE_OUTCOME_DENOMINATOR || w->target_casualties < 0 ||
            w->screen_casualties < 0)
            return 0;
        sum += w->weight;
    }
    return sum == NAPFIRE_OUTCOME_DENOMINATOR;
}

static void odds_head(struct out *o, const struct svg_odds_pic *p, int32_t width, int32_t height) {
    fmt(o,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"napfire-odds\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
        width * 3 / 2, height * 3 / 2, width, height);
    out_s(o, "<style>\n"
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
    text_line(o, "title", 12, 20, p->title);
    out_s(o, "<text class=\"text\" x=\"12\" y=\"37\">rules: ");
    out_escaped(o, p->rules_name, OUT_XML);
    /* A long verdict ("permitted; unknown rules data: ...") takes two lines. */
    const char *v = p->verdict, *semi = strstr(v, "; ");
    fmt(o, "</text>\n<text class=\"text verdict\" data-permitted=\"%d\" x=\"12\" y=\"53\">", p->permitted ? 1 : 0);
    if (semi) {
        char first[128];
        size_t k = (size_t)(semi - v) + 1 < sizeof first ? (size_t)(semi - v) + 1 : sizeof first - 1;
        memcpy(first, v, k);
        first[k] = '\0';
        out_escaped(o, first, OUT_XML);
        fmt(o, "<tspan x=\"12\" dy=\"14\">");
        out_escaped(o, semi + 2, OUT_XML);
        out_s(o, "</tspan>");
    } else {
        out_escaped(o, v, OUT_XML);
    }
    out_s(o, "</text>\n");
}

/* Gridlines every 36/216 (one 2D6 sixth) and the axis. */
static void odds_axes(struct out *o, int32_t width) {
    const int32_t base = CHART_TOP + CHART_H;
    for (int32_t w = 0; w <= CHART_H; w += 36)
        fmt(o,
            "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
            "<text class=\"small\" x=\"%d\" y=\"%d\">%d</text>\n",
            CHART_LEFT, base - w, width - 10, base - w, CHART_LEFT - 14, base - w + 3, w);
    fmt(o, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", CHART_LEFT, base, width - 10, base);
    fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">/216</text>\n", CHART_LEFT - 14, CHART_TOP - 8);
}

/* Bar b: an outcome, or (b == n) the unknown share; slot is the width
 * each bar and its gap take, so that the bars fill the chart. */
static void odds_bar(struct out *o, const struct svg_odds_pic *p, size_t b, int32_t slot) {
    const int32_t base = CHART_TOP + CHART_H, bar_w = slot - BAR_GAP;
    int is_unknown = b == p->n;
    const napfire_outcome *r = is_unknown ? NULL : &p->out[b];
    int32_t w = is_unknown ? p->unknown : r->weight;
    int32_t x = CHART_LEFT + BAR_GAP / 2 + (int32_t)b * slot, h = w * CHART_H / NAPFIRE_OUTCOME_DENOMINATOR;
    int32_t pct = (w * 20000 + NAPFIRE_OUTCOME_DENOMINATOR) / (2 * NAPFIRE_OUTCOME_DENOMINATOR);
    if (is_unknown)
        fmt(o, "<rect class=\"bar unknown\" data-weight=\"%d\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", w, x,
            base - h, bar_w, h);
    else
        fmt(o,
            "<rect class=\"bar%s\" data-target=\"%d\" data-screen=\"%d\" data-weight=\"%d\" x=\"%d\" "
            "y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
            r->screen_casualties ? " screened" : "", r->target_casualties, r->screen_casualties, w, x, base - h, bar_w,
            h);
    fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d/216</text>\n", x + bar_w / 2, base - h - 14, w);
    fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">", x + bar_w / 2, base - h - 4);
    put_hundredths(o, pct);
    out_s(o, "%</text>\n");
    if (is_unknown)
        fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">unknown</text>\n", x + bar_w / 2, base + 13);
    else if (r->screen_casualties)
        fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d + %d</text>\n", x + bar_w / 2, base + 13,
            r->target_casualties, r->screen_casualties);
    else
        fmt(o, "<text class=\"small\" x=\"%d\" y=\"%d\">%d</text>\n", x + bar_w / 2, base + 13, r->target_casualties);
}

/* What the bars mean, and the expected casualties when known. */
static void odds_foot(struct out *o, const struct svg_odds_pic *p) {
    int any_screen = 0;
    for (size_t i = 0; i < p->n; i++)
        any_screen |= p->out[i].screen_casualties != 0;
    int32_t y = CHART_TOP + CHART_H + 30;
    fmt(o,
        "<text class=\"text\" x=\"12\" y=\"%d\">figures lost: target%s (bar height: chance out of 216 = "
        "2D6 x half die)</text>\n",
        y, any_screen ? " + skirmisher screen" : "");
    y += 16;
    if (p->expected_known && !p->permitted) {
        fmt(o,
            "<text class=\"text expected\" data-numerator=\"0\" data-denominator=\"1\" x=\"12\" y=\"%d\">"
            "no fire: no casualties</text>\n",
            y);
    } else if (p->expected_known && p->expected_num == 0) {
        fmt(o,
            "<text class=\"text expected\" data-numerator=\"0\" data-denominator=\"%d\" x=\"12\" y=\"%d\">"
            "expected casualties: none</text>\n",
            p->expected_den, y);
    } else if (p->expected_known && p->expected_num % p->expected_den == 0) {
        int32_t whole = p->expected_num / p->expected_den;
        fmt(o,
            "<text class=\"text expected\" data-numerator=\"%d\" data-denominator=\"%d\" x=\"12\" y=\"%d\">"
            "expected casualties: %d figure%s</text>\n",
            p->expected_num, p->expected_den, y, whole, whole == 1 ? "" : "s");
    } else if (p->expected_known) {
        int32_t num = p->expected_num, den = p->expected_den;
        int32_t milli = (int32_t)(((int64_t)num * 2000 + den) / (2 * (int64_t)den));
        fmt(o,
            "<text class=\"text expected\" data-numerator=\"%d\" data-denominator=\"%d\" x=\"12\" y=\"%d\">"
            "expected casualties: %d.%s%s%d figures (exactly %d/%d)</text>\n",
            num, den, y, milli / 1000, milli % 1000 < 100 ? "0" : "", milli % 1000 < 10 ? "0" : "", milli % 1000, num,
            den);
    } else {
        int32_t pct = (p->unknown * 20000 + NAPFIRE_OUTCOME_DENOMINATOR) / (2 * NAPFIRE_OUTCOME_DENOMINATOR);
        fmt(o,
            "<text class=\"text expected\" data-unknown=\"%d\" x=\"12\" y=\"%d\">expected casualties: not "
            "determined: rolls worth %d/216 (",
            p->unknown, y, p->unknown);
        put_hundredths(o, pct);
        out_s(o, "%) need unknown rules data</text>\n");
    }
}

int svg_odds(struct out *o, const struct svg_odds_pic *p) {
    if (!o || !p || !odds_ok(p) || (p->expected_known && p->expected_den <= 0))
        return -1;
    const size_t bars = p->n + (p->unknown ? 1 : 0);
    int32_t width = CHART_LEFT + (int32_t)bars * (BAR_MIN + BAR_GAP) + 20;
    if (width < 700)
        width = 700;
    int32_t slot = (width - CHART_LEFT - 20) / (int32_t)(bars ? bars : 1);
    odds_head(o, p, width, CHART_TOP + CHART_H + 90);
    odds_axes(o, width);
    for (size_t b = 0; b < bars; b++)
        odds_bar(o, p, b, slot);
    odds_foot(o, p);
    out_s(o, "</svg>\n");
    return o->failed ? -1 : 0;
}
