/* SPDX-License-Identifier: MIT */
/* The picture of a shot on the table: see svg_table.h. */
#include "svg_table.h"

#include <string.h>

#define TABLE_PX 640 /* the table's larger side, in pixels */
#define MARGIN 24
#define LINE_PX 16

/* Table coordinates to pixels: the larger side of the scene's box (and
 * what is drawn around it) is TABLE_PX wide, y turned to point down. */
struct frame {
    int64_t minx, miny, maxx, maxy, span;
    int32_t width, height; /* of the table part, margins included */
    int32_t left;          /* the table centred across the picture */
};

struct px {
    int32_t x, y;
};

static struct px to_px(const struct frame *f, napfire_point p) {
    struct px q;
    q.x = MARGIN + f->left + (int32_t)(((int64_t)p.x - f->minx) * TABLE_PX / f->span);
    q.y = MARGIN + (int32_t)((f->maxy - (int64_t)p.y) * TABLE_PX / f->span);
    return q;
}

static void grow(struct frame *f, napfire_point p) {
    f->minx = p.x < f->minx ? p.x : f->minx;
    f->miny = p.y < f->miny ? p.y : f->miny;
    f->maxx = p.x > f->maxx ? p.x : f->maxx;
    f->maxy = p.y > f->maxy ? p.y : f->maxy;
}

static void grow_footprints(struct frame *f, const napfire_footprint *fp, size_t n) {
    for (size_t i = 0; fp && i < n; i++)
        for (int c = 0; c < 4; c++)
            grow(f, fp[i].corner[c]);
}

/* floor(sqrt(v)) for v >= 0, exactly. */
static int64_t isqrt(int64_t v) {
    int64_t r = 0;
    for (int64_t bit = (int64_t)1 << 62; bit > 0; bit >>= 2) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
    }
    return r;
}

static int64_t dist2(napfire_point a, napfire_point b) {
    int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    return dx * dx + dy * dy;
}

/* The point of segment ab nearest to p (rounded to the lattice). */
static napfire_point nearest_on(napfire_point a, napfire_point b, napfire_point p) {
    int64_t ex = (int64_t)b.x - a.x, ey = (int64_t)b.y - a.y;
    int64_t len2 = ex * ex + ey * ey, t = ((int64_t)p.x - a.x) * ex + ((int64_t)p.y - a.y) * ey;
    if (len2 == 0 || t <= 0)
        return a;
    if (t >= len2)
        return b;
    napfire_point q = {(int32_t)(a.x + ex * t / len2), (int32_t)(a.y + ey * t / len2)};
    return q;
}

/* The nearest point of footprint f to p, into *q; returns its squared distance. */
static int64_t nearest_of(const napfire_footprint *f, napfire_point p, napfire_point *q) {
    int64_t best = -1;
    for (int i = 0; i < 4; i++) {
        napfire_point c = nearest_on(f->corner[i], f->corner[(i + 1) % 4], p);
        int64_t d = dist2(c, p);
        if (best < 0 || d < best) {
            best = d;
            *q = c;
        }
    }
    return best;
}

/* The closest pair between the firer's front edge and the target: what
 * the range measures (F-GEO-3), for the eye. */
static void range_pair(const napfire_footprint *firer, const napfire_footprint *target, napfire_point *a,
                       napfire_point *b) {
    int64_t best = -1;
    napfire_point q;
    for (int i = 0; i < 2; i++) {
        int64_t d = nearest_of(target, firer->corner[i], &q);
        if (best < 0 || d < best) {
            best = d;
            *a = firer->corner[i];
            *b = q;
        }
    }
    for (int i = 0; i < 4; i++) {
        napfire_point p = nearest_on(firer->corner[0], firer->corner[1], target->corner[i]);
        int64_t d = dist2(p, target->corner[i]);
        if (d < best) {
            best = d;
            *a = p;
            *b = target->corner[i];
        }
    }
}

static napfire_point front_centre(const napfire_footprint *f) {
    napfire_point c = {(int32_t)(((int64_t)f->corner[0].x + f->corner[1].x) / 2),
                       (int32_t)(((int64_t)f->corner[0].y + f->corner[1].y) / 2)};
    return c;
}

/* @p from moved by (ahead along the front's normal, aside along the
 * front) scaled to @p length: a + (n*ahead + e*aside) * length / (|e| * 10000). */
static napfire_point offset(const napfire_footprint *f, napfire_point from, int64_t ahead, int64_t aside,
                            int64_t length) {
    int64_t ex = (int64_t)f->corner[1].x - f->corner[0].x, ey = (int64_t)f->corner[1].y - f->corner[0].y;
    int64_t len = isqrt(ex * ex + ey * ey);
    napfire_point q = from;
    if (len == 0)
        return q;
    int64_t dx = -ey * ahead + ex * aside, dy = ex * ahead + ey * aside;
    q.x = (int32_t)(from.x + dx * length / (len * 10000));
    q.y = (int32_t)(from.y + dy * length / (len * 10000));
    return q;
}

static void polygon(struct out *o, const struct frame *fr, const napfire_point *p, int n, const char *cls) {
    out_fmt(o, "<polygon class=\"%s\" points=\"", cls);
    for (int i = 0; i < n; i++) {
        struct px q = to_px(fr, p[i]);
        out_fmt(o, "%s%d,%d", i ? " " : "", q.x, q.y);
    }
    out_s(o, "\"/>\n");
}

static void segment(struct out *o, const struct frame *fr, napfire_point a, napfire_point b, const char *cls) {
    struct px p = to_px(fr, a), q = to_px(fr, b);
    out_fmt(o, "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", cls, p.x, p.y, q.x, q.y);
}

static void label(struct out *o, const struct frame *fr, napfire_point at, const char *cls, const char *text) {
    struct px p = to_px(fr, at);
    out_fmt(o, "<text class=\"%s\" x=\"%d\" y=\"%d\">", cls, p.x, p.y);
    out_escaped(o, text, OUT_XML);
    out_s(o, "</text>\n");
}

/* A footprint, its front edge marked, its name at its centre. */
static void footprint(struct out *o, const struct frame *fr, const napfire_footprint *f, const char *cls,
                      const char *name) {
    polygon(o, fr, f->corner, 4, cls);
    segment(o, fr, f->corner[0], f->corner[1], "front");
    napfire_point m = {(int32_t)(((int64_t)f->corner[0].x + f->corner[1].x + f->corner[2].x + f->corner[3].x) / 4),
                       (int32_t)(((int64_t)f->corner[0].y + f->corner[1].y + f->corner[2].y + f->corner[3].y) / 4)};
    label(o, fr, m, "name", name);
}

static void footprints(struct out *o, const struct frame *fr, const napfire_scene *s) {
    char name[32];
    struct out nb;
    struct out_buffer b;
    for (size_t i = 0; s->others && i < s->other_count; i++) {
        out_fmt(out_to_buffer(&nb, &b, name, sizeof name), "other %zu", i + 1);
        footprint(o, fr, &s->others[i], "fp other", name);
    }
    for (size_t i = 0; s->friends && i < s->friend_count; i++) {
        out_fmt(out_to_buffer(&nb, &b, name, sizeof name), "friend %zu", i + 1);
        footprint(o, fr, &s->friends[i], "fp friend", name);
    }
    if (s->screen)
        footprint(o, fr, s->screen, "fp screen", "screen");
    footprint(o, fr, s->target, "fp target", "target");
    footprint(o, fr, s->firer, "fp firer", "firer");
}

/* The sector of fire (F-GEO-6): 15 degrees either side of the front's
 * normal, out to the target's farthest corner; cos 15 and sin 15 as
 * 9659 and 2588 ten-thousandths, for the eye only. p[]: the apex, the
 * left ray's end, the arc's middle, the right ray's end. */
struct sector {
    napfire_point p[4];
    int64_t radius;
};

static struct sector sector_of(const napfire_scene *s) {
    struct sector sc;
    napfire_point apex = front_centre(s->firer);
    int64_t far2 = 0;
    for (int i = 0; i < 4; i++)
        far2 = dist2(apex, s->target->corner[i]) > far2 ? dist2(apex, s->target->corner[i]) : far2;
    sc.radius = isqrt(far2);
    sc.p[0] = apex;
    sc.p[1] = offset(s->firer, apex, 9659, -2588, sc.radius);
    sc.p[2] = offset(s->firer, apex, 10000, 0, sc.radius);
    sc.p[3] = offset(s->firer, apex, 9659, 2588, sc.radius);
    return sc;
}

static void sector(struct out *o, const struct frame *fr, const napfire_scene *s) {
    struct sector sc = sector_of(s);
    struct px a = to_px(fr, sc.p[0]), l = to_px(fr, sc.p[1]), rt = to_px(fr, sc.p[3]);
    int32_t rpx = (int32_t)(sc.radius * TABLE_PX / fr->span);
    out_fmt(o, "<path class=\"sector\" d=\"M%d,%d L%d,%d A%d,%d 0 0 1 %d,%d Z\"/>\n", a.x, a.y, l.x, l.y, rpx, rpx,
            rt.x, rt.y);
}

/* The zone within the clearance in front of a unit (F-GEO-5). */
static void zone(struct out *o, const struct frame *fr, const napfire_footprint *f, int32_t depth) {
    napfire_point p[4] = {f->corner[0], f->corner[1], offset(f, f->corner[1], 10000, 0, depth),
                          offset(f, f->corner[0], 10000, 0, depth)};
    polygon(o, fr, p, 4, "zone");
}

static struct frame frame_of(const struct svg_table_pic *p) {
    const napfire_scene *s = &p->scene;
    struct frame f = {INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN, 1, 0, 0, 0};
    grow_footprints(&f, s->firer, 1);
    grow_footprints(&f, s->target, 1);
    grow_footprints(&f, s->screen, s->screen ? 1 : 0);
    grow_footprints(&f, s->friends, s->friend_count);
    grow_footprints(&f, s->others, s->other_count);
    if (p->artillery) {
        struct sector sc = sector_of(s);
        for (int i = 0; i < 4; i++)
            grow(&f, sc.p[i]);
    }
    int64_t pad = p->artillery && p->clearance > 0 ? p->clearance : 0;
    f.minx -= pad;
    f.miny -= pad;
    f.maxx += pad;
    f.maxy += pad;
    int64_t w = f.maxx - f.minx, h = f.maxy - f.miny;
    f.span = w > h ? w : h;
    f.span = f.span > 0 ? f.span : 1;
    f.width = TABLE_PX + 2 * MARGIN;
    f.height = (int32_t)(h * TABLE_PX / f.span) + 2 * MARGIN;
    f.left = (TABLE_PX - (int32_t)(w * TABLE_PX / f.span)) / 2;
    return f;
}

static void head(struct out *o, int32_t width, int32_t height) {
    out_fmt(o,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"napfire-table\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
            width, height, width, height);
    out_s(o, "<style>\n"
             ".napfire-table .fp{stroke:#333;stroke-width:1}\n"
             ".napfire-table .firer{fill:#b3c7e6}\n"
             ".napfire-table .friend{fill:#d6e2f3}\n"
             ".napfire-table .target{fill:#e8b4ad}\n"
             ".napfire-table .screen{fill:#f3d9d5;stroke-dasharray:3 2}\n"
             ".napfire-table .other{fill:#c9d9b8}\n"
             ".napfire-table .front{stroke:#111;stroke-width:3}\n"
             ".napfire-table .name{font-size:10px;fill:#111;text-anchor:middle}\n"
             ".napfire-table .sector{fill:#f5e6a8;fill-opacity:0.45;stroke:#b8962e;stroke-dasharray:5 3}\n"
             ".napfire-table .zone{fill:none;stroke:#7a5fa0;stroke-dasharray:2 2}\n"
             ".napfire-table .range{stroke:#c0392b;stroke-width:2}\n"
             ".napfire-table .fire{stroke:#222;stroke-width:1;stroke-dasharray:6 3}\n"
             ".napfire-table .measure{font-size:11px;fill:#c0392b}\n"
             ".napfire-table .title{font-size:13px;font-weight:bold}\n"
             ".napfire-table .text{font-size:11px;fill:#111}\n"
             ".napfire-table .verdict{font-size:12px;font-weight:bold}\n"
             ".napfire-table .key{font-size:10px;fill:#333}\n"
             ".napfire-table .k-range{fill:#c0392b}\n"
             ".napfire-table .k-sector{fill:#8a6d1c}\n"
             ".napfire-table .k-zone{fill:#7a5fa0}\n"
             "</style>\n");
    out_fmt(o, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
}

static void words(struct out *o, const struct svg_table_pic *p, int32_t top) {
    out_fmt(o, "<text class=\"title\" x=\"%d\" y=\"%d\">", MARGIN, top);
    out_escaped(o, p->title, OUT_XML);
    out_s(o, "</text>\n");
    /* What the lines are: a key in words, in the colours drawn. */
    out_fmt(o,
            "<text class=\"key\" x=\"%d\" y=\"%d\"><tspan class=\"k-range\">solid red: the range</tspan>; "
            "<tspan>dashed: the line of fire</tspan>%s</text>\n",
            MARGIN, top + LINE_PX,
            p->artillery ? "; <tspan class=\"k-sector\">yellow: the sector of fire (30 degrees)</tspan>; "
                           "<tspan class=\"k-zone\">dotted: 10 cm in front</tspan>"
                         : "");
    for (size_t i = 0; i < p->nlines && i < SVG_TABLE_LINES; i++) {
        out_fmt(o, "<text class=\"text\" x=\"%d\" y=\"%d\">", MARGIN, top + LINE_PX * (int32_t)(i + 2));
        out_escaped(o, p->lines[i], OUT_XML);
        out_s(o, "</text>\n");
    }
    out_fmt(o, "<text class=\"verdict\" data-permitted=\"%d\" x=\"%d\" y=\"%d\">", p->permitted, MARGIN,
            top + LINE_PX * (int32_t)(p->nlines + 3));
    out_escaped(o, p->verdict, OUT_XML);
    out_s(o, "</text>\n");
}

int svg_table(struct out *o, const struct svg_table_pic *p) {
    const napfire_scene *s = &p->scene;
    if (!s->firer || !s->target || p->nlines > SVG_TABLE_LINES)
        return -1;
    struct frame fr = frame_of(p);
    int32_t words_top = fr.height + LINE_PX;
    head(o, fr.width, words_top + LINE_PX * (int32_t)(p->nlines + 4));
    if (p->artillery) {
        sector(o, &fr, s);
        if (p->clearance > 0) {
            zone(o, &fr, s->firer, p->clearance);
            zone(o, &fr, s->target, p->clearance);
        }
    }
    footprints(o, &fr, s);
    napfire_point a, b, hit;
    napfire_point apex = front_centre(s->firer);
    nearest_of(s->target, apex, &hit);
    segment(o, &fr, apex, hit, "fire");
    range_pair(s->firer, s->target, &a, &b);
    segment(o, &fr, a, b, "range");
    if (p->range >= 0) {
        char text[64];
        struct out nb;
        struct out_buffer buf;
        out_fmt(out_to_buffer(&nb, &buf, text, sizeof text), "range %d %s", p->range, p->unit ? p->unit : "");
        napfire_point mid = {(int32_t)(((int64_t)a.x + b.x) / 2), (int32_t)(((int64_t)a.y + b.y) / 2)};
        label(o, &fr, mid, "measure", text);
    }
    words(o, p, words_top);
    out_s(o, "</svg>\n");
    return o->failed ? -1 : 0;
}
