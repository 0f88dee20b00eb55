#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent oracle of napfire_shot_measure (F-GEO-1..14).

Random scenes measured twice: by the library (through ctypes) and here,
in exact rational arithmetic written another way: footprints clipped
against half planes (Sutherland-Hodgman) instead of the library's
candidate points and separating axes; the sector (F-GEO-6) clipped in the
field Q(sqrt 3); the clear line of sight (F-GEO-9) tried along every
critical direction and between each two; distances by projection. The
scenes are small, so that the thresholds of 100 mm are met often. The
sweep's size comes from NAPFIRE_TEST_SWEEP (full: 20,000 scenes).
"""
import ctypes
import functools
import math
import os
import random
import sys
import unittest
from fractions import Fraction as Q

sys.path.insert(0, os.path.join(os.path.dirname(__file__), os.pardir))

OK, EUNKNOWN = 0, -5
ARM_LINE_INFANTRY, ARM_FOOT_ARTILLERY = 0, 3
FORMATION_SQUARE, FORMATION_UNLIMBERED = 4, 9
UNIT_FORMATION, UNIT_GUN = 4, 7
SHOT_AMMO = 107
GUN_P6 = 1
LONG = 800  # the made-up long range of these tests (mm)
PARAMS = list(range(101, 119))


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int32), ("y", ctypes.c_int32)]


class Footprint(ctypes.Structure):
    _fields_ = [("corner", Point * 4), ("level", ctypes.c_int32), ("reserved", ctypes.c_int32 * 3)]


class Scene(ctypes.Structure):
    _fields_ = [("firer", ctypes.POINTER(Footprint)), ("target", ctypes.POINTER(Footprint)),
                ("screen", ctypes.POINTER(Footprint)), ("friends", ctypes.POINTER(Footprint)),
                ("friend_count", ctypes.c_size_t), ("others", ctypes.POINTER(Footprint)),
                ("other_count", ctypes.c_size_t)]


class Measured(ctypes.Structure):
    _fields_ = [("param", ctypes.c_int32), ("value", ctypes.c_int32), ("decider", ctypes.c_int32),
                ("decider_index", ctypes.c_int32), ("rule", ctypes.c_int32), ("missing", ctypes.c_int32),
                ("missing_index", ctypes.c_int32 * 4), ("reserved", ctypes.c_int32 * 6)]


def load():
    lib = ctypes.CDLL(os.environ["NAPFIRE_LIBRARY"])
    lib.napfire_shot_measure.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(Scene),
                                         ctypes.POINTER(Measured), ctypes.c_size_t,
                                         ctypes.POINTER(ctypes.c_size_t)]
    for name in ("napfire_unit_init", "napfire_shot_init", "napfire_rules_init"):
        getattr(lib, name).restype = ctypes.c_int
    return lib


def storage(size):
    return (ctypes.c_uint64 * (size // 8))()


# ---------------------------------------------------------------- geometry
def sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def lerp(a, b, t):
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def clip(poly, side):
    """Sutherland-Hodgman: the part of a convex polygon where side(p) <= 0."""
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp < 0 < sq) or (sq < 0 < sp):
            out.append(lerp(p, q, sp / (sp - sq)))
    return out


def halfplane(a, b):
    """side(p) <= 0 on the right of a->b (the inside of a clockwise polygon)."""
    return lambda p: cross(sub(b, a), sub(p, a))


def clip_by(poly, convex):
    for i in range(len(convex)):
        if not poly:
            break
        poly = clip(poly, halfplane(convex[i], convex[(i + 1) % len(convex)]))
    return poly


def area2(poly):
    return sum(cross(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def interiors_meet(a, b):
    c = clip_by([(Q(x), Q(y)) for x, y in a], b)
    return len(c) >= 3 and area2(c) != 0


def inside_closed(poly, p):
    return all(cross(sub(poly[(i + 1) % 4], poly[i]), sub(p, poly[i])) <= 0 for i in range(4))


def inside_open(poly, p):
    return all(cross(sub(poly[(i + 1) % 4], poly[i]), sub(p, poly[i])) < 0 for i in range(4))


def pt_seg2(p, a, b):
    if type(p[0]) is int and type(a[0]) is int and type(b[0]) is int:
        d, v = (b[0] - a[0], b[1] - a[1]), (p[0] - a[0], p[1] - a[1])
        t, den = d[0] * v[0] + d[1] * v[1], d[0] * d[0] + d[1] * d[1]
        if t <= 0 or den == 0:
            return Q(v[0] * v[0] + v[1] * v[1])
        if t >= den:
            w = (p[0] - b[0], p[1] - b[1])
            return Q(w[0] * w[0] + w[1] * w[1])
        c = d[0] * v[1] - d[1] * v[0]
        return Q(c * c, den)
    d = sub(b, a)
    den = dot(d, d)
    t = Q(dot(sub(p, a), d), den) if den else Q(0)
    t = min(max(t, Q(0)), Q(1))
    x = lerp(a, b, t)
    return dot(sub(p, x), sub(p, x))


def segs_meet(a, b, c, d):
    def o(p, q, r):
        v = cross(sub(q, p), sub(r, p))
        return (v > 0) - (v < 0)

    def on(p, q, r):
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])
    o1, o2, o3, o4 = o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return (o1 == 0 and on(a, b, c)) or (o2 == 0 and on(a, b, d)) or (o3 == 0 and on(c, d, a)) or \
        (o4 == 0 and on(c, d, b))


def edges(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))] if len(poly) > 2 else [tuple(poly)]


def dist2(a, b):
    """Squared distance between two closed convex shapes (footprints or segments)."""
    for p in a:
        if len(b) == 4 and inside_closed(b, p):
            return Q(0)
    for p in b:
        if len(a) == 4 and inside_closed(a, p):
            return Q(0)
    best = None
    for e in edges(a):
        for f in edges(b):
            if segs_meet(e[0], e[1], f[0], f[1]):
                return Q(0)
            for d in (pt_seg2(e[0], *f), pt_seg2(e[1], *f), pt_seg2(f[0], *e), pt_seg2(f[1], *e)):
                best = d if best is None or d < best else best
    return best


def point_poly2(p, poly):
    if inside_closed(poly, p):
        return Q(0)
    return min(pt_seg2(p, a, b) for a, b in edges(poly))


def ceil_sqrt(d2):
    n = math.isqrt(d2.numerator // d2.denominator)
    while n * n < d2:
        n += 1
    while n > 0 and (n - 1) * (n - 1) >= d2:
        n -= 1
    return n


def floor_sqrt(d2):
    n = ceil_sqrt(d2)
    return n if n * n <= d2 else n - 1


# ---------------------------------------------------------------- Q(sqrt 3)
class Q3:
    """a + b sqrt(3), exactly."""

    def __init__(self, a, b=0):
        if isinstance(a, Q3):
            a, b = a.a, a.b
        self.a, self.b = Q(a), Q(b)

    def __add__(self, o):
        o = o if isinstance(o, Q3) else Q3(o)
        return Q3(self.a + o.a, self.b + o.b)

    __radd__ = __add__

    def __sub__(self, o):
        o = o if isinstance(o, Q3) else Q3(o)
        return Q3(self.a - o.a, self.b - o.b)

    def __rsub__(self, o):
        return Q3(o) - self

    def __mul__(self, o):
        o = o if isinstance(o, Q3) else Q3(o)
        return Q3(self.a * o.a + 3 * self.b * o.b, self.a * o.b + self.b * o.a)

    __rmul__ = __mul__

    def __truediv__(self, o):
        o = o if isinstance(o, Q3) else Q3(o)
        n = o.a * o.a - 3 * o.b * o.b
        return self * Q3(o.a / n, -o.b / n)

    def sign(self):
        sa, sb = (self.a > 0) - (self.a < 0), (self.b > 0) - (self.b < 0)
        if sa >= 0 and sb >= 0:
            return 1 if sa or sb else 0
        if sa <= 0 and sb <= 0:
            return -1
        c = self.a * self.a - 3 * self.b * self.b
        c = (c > 0) - (c < 0)
        return c if sa > 0 else -c

    def __lt__(self, o):
        return (self - o).sign() < 0

    def __le__(self, o):
        return (self - o).sign() <= 0

    def __gt__(self, o):
        return (self - o).sign() > 0

    def __ge__(self, o):
        return (self - o).sign() >= 0

    def __eq__(self, o):
        return (self - o).sign() == 0

    def __neg__(self):
        return Q3(-self.a, -self.b)


# ---------------------------------------------------------------- the facts
def front_of(poly, e=0):
    a, b = poly[e], poly[(e + 1) % 4]
    ev = sub(b, a)
    return a, b, ev, (-ev[1], ev[0])


def firer_edge(firer, target, square):
    """F-GEO-3: the front edge, or a square's edge nearest the target."""
    best, edge = None, 0
    for e in range(4 if square else 1):
        d = dist2([firer[e], firer[(e + 1) % 4]], target)
        if best is None or d < best:
            best, edge = d, e
    return edge, best


def zone_depth(unit, e, f, limit):
    """F-GEO-5: the least depth (squared, plain units) of f in front of
    edge e of unit within limit, or None."""
    a, _, ev, nv = front_of(unit, e)
    L = dot(ev, ev)
    s = lambda p: dot(ev, sub(p, a))
    h = lambda p: dot(nv, sub(p, a))
    c = [(Q(x), Q(y)) for x, y in f]
    c = clip(c, lambda p: -h(p))
    c = clip(c, lambda p: -s(p)) if c else c
    c = clip(c, lambda p: s(p) - L) if c else c
    if not c:
        return None
    cx = (sum(p[0] for p in c) / len(c), sum(p[1] for p in c) / len(c))
    if not (h((cx)) > 0 and 0 < s(cx) < L):
        return None
    hmin = min(h(p) for p in c)
    if limit <= 0 or hmin * hmin > limit * limit * L:
        return None
    if hmin * hmin == limit * limit * L:
        face = [p for p in c if h(p) == hmin]
        m = (sum(p[0] for p in face) / len(face), sum(p[1] for p in face) / len(face))
        if not 0 < s(m) < L:
            return None
    return hmin * hmin / L


def near_facts(target, tsq, firer, fedge, friends, limit):
    nt = nb = far = None
    for i, f in enumerate(friends):
        dt = [d for d in (zone_depth(target, e, f, limit) for e in range(4 if tsq else 1)) if d is not None]
        db = zone_depth(firer, fedge, f, limit)
        if dt and (nt is None or min(dt) < nt[0]):
            nt = (min(dt), i)
        if db is not None and (nb is None or db < nb[0]):
            nb = (db, i)
        if dt or db is not None:
            fd = max(point_poly2(v, f) for v in target)
            if far is None or fd < far[0]:
                far = (fd, i)
    val = lambda x: (-1, -1) if x is None else (ceil_sqrt(x[0]), x[1])
    return val(nt), val(nb), val(far)


def centre(firer, e):
    a, b = firer[e], firer[(e + 1) % 4]
    return (Q(a[0] + b[0], 2), Q(a[1] + b[1], 2))


TAN15 = 2 - math.sqrt(3)


def sector_clear_cut(f, m, ev, nv, r2):
    """True or False when floating point settles it with a wide margin,
    else None (then the exact test decides)."""
    mx, my = float(m[0]), float(m[1])
    norm = math.hypot(*ev)
    fl = [((nv[0] * (x - mx) + nv[1] * (y - my)) / norm, (ev[0] * (x - mx) + ev[1] * (y - my)) / norm) for x, y in f]
    if all(a < -1e-3 for a, _ in fl):
        return False
    for sigma in (1, -1):
        if all(sigma * b - TAN15 * a > 1e-3 for a, b in fl):
            return False
    lo_x, hi_x = min(x for x, _ in f), max(x for x, _ in f)
    lo_y, hi_y = min(y for _, y in f), max(y for _, y in f)
    dx, dy = max(lo_x - mx, 0, mx - hi_x), max(lo_y - my, 0, my - hi_y)
    if dx * dx + dy * dy > float(r2) + 1e-3:
        return False
    for a, b in fl:
        if abs(b) < TAN15 * a - 1e-3 and a * a + b * b < float(r2) - 1e-3:
            return True
    return None


def in_sector(firer, e, target, f):
    a, _, ev, nv = front_of(firer, e)
    m = centre(firer, e)
    k = Q3(2, -1)
    r2 = max(dot(sub(v, m), sub(v, m)) for v in target)
    cut = sector_clear_cut(f, m, ev, nv, r2)
    if cut is not None:
        return cut
    m3 = (Q3(m[0]), Q3(m[1]))
    fl = lambda p: (dot(nv, sub(p, m3)), dot(ev, sub(p, m3)))
    poly = [(Q3(x), Q3(y)) for x, y in f]
    for sigma in (1, -1):
        if poly:
            poly = clip(poly, lambda p, s=sigma: s * fl(p)[1] - k * fl(p)[0])
    if not poly:
        return False
    if len(poly) >= 3 and all((cross(sub(poly[(i + 1) % len(poly)], poly[i]), sub(m3, poly[i]))).sign() <= 0
                              for i in range(len(poly))):
        return True
    best = None
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        d = sub(q, p)
        den = dot(d, d)
        t = Q3(0) if den.sign() == 0 else dot(sub(m3, p), d) / den
        t = Q3(0) if t.sign() < 0 else (Q3(1) if t > 1 else t)
        x = lerp(p, q, t)
        dd = dot(sub(m3, x), sub(m3, x))
        best = dd if best is None or dd < best else best
    return best <= r2


def ray_clip(poly, m, d):
    """The parameters [t0, t1] of the line m + t d within the closed polygon."""
    lo, hi = None, None
    for a, b in edges(poly):
        e = sub(b, a)
        k, c = cross(e, d), cross(e, sub(m, a))
        if k == 0:
            if c > 0:
                return None
            continue
        t = Q(-c) / k
        if k > 0:
            hi = t if hi is None or t < hi else hi
        else:
            lo = t if lo is None or t > lo else lo
    if lo is not None and hi is not None and lo <= hi:
        return lo, hi
    return None


def crosses_interior(poly, m, d, t0, t1):
    """The segment m + t d, t in [t0, t1], meets the interior of poly."""
    r = ray_clip(poly, m, d)
    if r is None:
        return False
    lo, hi = max(r[0], t0), min(r[1], t1)
    if lo >= hi:
        return False
    return inside_open(poly, lerp(m, (m[0] + d[0], m[1] + d[1]), (lo + hi) / 2))


def may_hide(b, target, m):
    """False when floating point shows, with a wide margin, that b is off
    the target's angular span seen from m (then it cannot hide it)."""
    mx, my = float(m[0]), float(m[1])
    ref = (sum(x for x, _ in target) / 4 - mx, sum(y for _, y in target) / 4 - my)
    if math.hypot(*ref) < 1e-9:
        return True

    def ang(x, y):
        return math.atan2(ref[0] * (y - my) - ref[1] * (x - mx), ref[0] * (x - mx) + ref[1] * (y - my))
    ta = [ang(x, y) for x, y in target]
    ba = [ang(x, y) for x, y in b]
    if max(abs(a) for a in ba) > 3.0 or max(abs(a) for a in ta) > 3.0:
        return True
    return not (max(ba) < min(ta) - 1e-6 or min(ba) > max(ta) + 1e-6)


def clear_los(firer, e, target, firer_poly, blockers):
    m = centre(firer, e)
    if inside_closed(target, m):
        return 1
    blocks = [b for b in blockers if may_hide(b, target, m) and not interiors_meet(b, firer_poly) and
              not interiors_meet(b, target)]
    if not blocks:
        return 1
    points = []
    for poly in blocks + [target]:
        for v in poly:
            d = sub(v, m)
            if d == (0, 0):
                continue
            r = ray_clip(target, m, d)
            if r is not None and r[1] >= 0:
                t = max(r[0], Q(0))
                points.append(lerp(m, (m[0] + d[0], m[1] + d[1]), t))
    key = functools.cmp_to_key(lambda p, q: -((cross(sub(p, m), sub(q, m)) > 0) - (cross(sub(p, m), sub(q, m)) < 0)))
    points.sort(key=key)
    cands = list(points) + [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in zip(points, points[1:])]
    for x in cands:
        d = sub(x, m)
        if not any(crosses_interior(b, m, d, Q(0), Q(1)) for b in blocks):
            return 1
    return 0


def penetration(firer, e, target, friends, ammo_canister, lr):
    if ammo_canister:
        return 0, -1, False
    m = centre(firer, e)
    if inside_closed(target, m):
        d = front_of(firer, e)[3]
        t_star = Q(0)
    else:
        best = None
        for a, b in edges(target):
            dd = sub(b, a)
            t = min(max(Q(dot(sub(m, a), dd), dot(dd, dd)), Q(0)), Q(1))
            x = lerp(a, b, t)
            dist = dot(sub(x, m), sub(x, m))
            if best is None or dist < best[0]:
                best = (dist, x)
        d, t_star = sub(best[1], m), Q(1)
    r = ray_clip(target, m, d)
    exit_t = max(t_star, r[1]) if r is not None else t_star
    for i, f in enumerate(friends):
        rf = ray_clip(f, m, d)
        if rf is None:
            continue
        lo, hi = max(rf[0], exit_t), rf[1]
        if lo >= hi or not inside_open(f, lerp(m, (m[0] + d[0], m[1] + d[1]), (lo + hi) / 2)):
            continue
        if lr is None:
            return 0, -1, True
        if lo <= 0 or lo * lo * dot(d, d) < lr * lr:
            return 1, i, False
    return 0, -1, False


def hull(points):
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and cross(sub(out[-1], out[-2]), sub(p, out[-2])) >= 0:
                out.pop()
            out.append(p)
        return out
    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]  # clockwise (x right, y up)


def overhead(firer, e, target, friends, levels, firer_level, target_level):
    a, b = firer[e], firer[(e + 1) % 4]
    corridor = hull([a, b] + list(target))
    between = [i for i, f in enumerate(friends) if interiors_meet(f, corridor)]
    over = (1, between[0]) if between else (0, -1)
    higher = int(firer_level > target_level and all(levels[i] < firer_level for i in between))
    if not between:
        return over, higher, (-1, -1), (-1, -1)
    tb = min((dist2([a, b], friends[i]), i) for i in between)
    te = min((dist2(target, friends[i]), i) for i in between)
    return over, higher, (floor_sqrt(tb[0]), tb[1]), (floor_sqrt(te[0]), te[1])


# ---------------------------------------------------------------- scenes
def convex_cw(c):
    return all(cross(sub(c[(i + 1) % 4], c[i]), sub(c[(i + 2) % 4], c[(i + 1) % 4])) < 0 for i in range(4))


def rect(rng, cx, cy, fx, fy, size):
    """A rotated rectangle facing (fx, fy), or a random convex quadrilateral."""
    if rng.random() < 0.7:
        n = max(abs(fx), abs(fy), 1)
        a = max(1, rng.randint(size // 4, size) // n)
        b = max(1, rng.randint(size // 4, size) // n)
        rx, ry = fy, -fx
        c = [(cx + a * fx - b * rx, cy + a * fy - b * ry), (cx + a * fx + b * rx, cy + a * fy + b * ry),
             (cx - a * fx + b * rx, cy - a * fy + b * ry), (cx - a * fx - b * rx, cy - a * fy - b * ry)]
    else:
        ang = sorted(rng.uniform(0, 2 * math.pi) for _ in range(4))[::-1]
        c = [(cx + round(rng.randint(size // 3, size) * math.cos(t)),
              cy + round(rng.randint(size // 3, size) * math.sin(t))) for t in ang]
    return c if convex_cw(c) else None


def direction(rng, dx, dy):
    """A small integer vector near (dx, dy), or any."""
    if rng.random() < 0.2 or (dx, dy) == (0, 0):
        v = (rng.randint(-4, 4), rng.randint(-4, 4))
        return v if v != (0, 0) else (0, 1)
    n = max(abs(dx), abs(dy))
    k = rng.randint(1, 6)
    v = (round(dx * k / n), round(dy * k / n))
    return v if v != (0, 0) else (0, 1)


def quad(rng, cx, cy, fx, fy, size):
    while True:
        c = rect(rng, cx, cy, fx, fy, size)
        if c is not None:
            return c


def scene(rng):
    firer = quad(rng, 0, 0, 0, 1, 60)
    while True:
        tx, ty = rng.randint(-300, 300), rng.randint(40, 700)
        fx, fy = direction(rng, -tx, -ty)
        target = quad(rng, tx, ty, fx, fy, 120)
        if not interiors_meet(target, firer):
            break
    friends = []
    for _ in range(rng.randint(0, 4)):
        t = rng.random()
        px, py = round(tx * t) + rng.randint(-150, 150), round(ty * t) + rng.randint(-150, 150)
        if rng.random() < 0.3:
            px, py = tx + rng.randint(-150, 150), ty + rng.randint(-250, 250)
        friends.append(quad(rng, px, py, *direction(rng, 0, 1), rng.choice((20, 40, 80))))
    others = [quad(rng, rng.randint(-300, 300), rng.randint(0, 700), *direction(rng, 0, 1), 50)
              for _ in range(rng.randint(0, 2))]
    screen = quad(rng, tx + rng.randint(-80, 80), ty - rng.randint(0, 150), 0, 1, 50) if rng.random() < 0.3 else None
    return firer, target, screen, friends, others


def footprint(c, level=0):
    f = Footprint()
    for i, (x, y) in enumerate(c):
        f.corner[i].x, f.corner[i].y = x, y
    f.level = level
    return f


class Library:
    def __init__(self):
        self.lib = load()
        self.rules = storage(4096)
        assert self.lib.napfire_rules_init(self.rules, 4096) == OK
        assert self.lib.napfire_rules_set_gun_range(self.rules, GUN_P6, 0, 150, 400, LONG) == OK

    def measure(self, firer, target, screen, friends, others, levels, arm, tsq, canister, with_range):
        lib = self.lib
        fu, tu, shot = storage(128), storage(128), storage(512)
        assert lib.napfire_unit_init(fu, 128, arm) == OK
        assert lib.napfire_unit_init(tu, 128, ARM_LINE_INFANTRY) == OK
        if tsq:
            assert lib.napfire_unit_set(tu, UNIT_FORMATION, FORMATION_SQUARE) == OK
        if arm == ARM_LINE_INFANTRY and tsq:
            assert lib.napfire_unit_set(fu, UNIT_FORMATION, FORMATION_SQUARE) == OK
        if arm == ARM_FOOT_ARTILLERY:
            assert lib.napfire_unit_set(fu, UNIT_GUN, GUN_P6) == OK
        assert lib.napfire_shot_init(shot, 512, fu, tu) == OK
        if arm == ARM_FOOT_ARTILLERY:
            assert lib.napfire_shot_set(shot, SHOT_AMMO, 1 if canister else 0) == OK
        ff, tf = footprint(firer, levels[0]), footprint(target, levels[1])
        sf = footprint(screen) if screen else None
        fr = (Footprint * max(1, len(friends)))(*[footprint(f, levels[2 + i]) for i, f in enumerate(friends)])
        ot = (Footprint * max(1, len(others)))(*[footprint(o) for o in others])
        sc = Scene(ctypes.pointer(ff), ctypes.pointer(tf), ctypes.pointer(sf) if sf else None, fr, len(friends),
                   ot, len(others))
        out = (Measured * 14)()
        count = ctypes.c_size_t(0)
        st = lib.napfire_shot_measure(shot, self.rules if with_range else None, ctypes.byref(sc), out, 14,
                                      ctypes.byref(count))
        return st, list(out)[:count.value]


def oracle(firer, target, screen, friends, others, levels, artillery, tsq, canister, lr):
    edge, d2 = firer_edge(firer, target, tsq and not artillery)
    want = {102: (ceil_sqrt(d2), -1)}
    m = centre(firer, edge)
    t = target
    flank = cross(sub(t[1], t[0]), sub(m, t[0])) < 0 and cross(sub(t[3], t[2]), sub(m, t[2])) < 0 and \
        not inside_open(t, m)
    want[103] = (int(flank and not tsq), -1)
    want[105] = (1 if screen else 0, -1)
    want[106] = (ceil_sqrt(dist2(screen, target)) if screen else -1, -1)
    if not artillery:
        return want, False
    arc = [i for i, f in enumerate(friends) if in_sector(firer, edge, target, f)]
    want[109] = (1, arc[0]) if arc else (0, -1)
    nt, nb, far = near_facts(target, tsq, firer, edge, friends, 100)
    want[110], want[111], want[112] = nt, nb, far
    want[113] = (clear_los(firer, edge, target, firer, friends + others), None)
    pen, who, needs = penetration(firer, edge, target, friends, canister, lr)
    want[114] = (pen, who)
    over, higher, tb, te = overhead(firer, edge, target, friends, levels[2:], levels[0], levels[1])
    want[115], want[116], want[117], want[118] = over, (higher, None), tb, te
    return want, needs


class Oracle(unittest.TestCase):
    """F-GEO-1..14 against the independent oracle."""

    def test_random_scenes(self):
        size = os.environ.get("NAPFIRE_TEST_SWEEP", "full") or "full"
        rounds = 2000 if size == "small" else 20000
        rng = random.Random(20260601)
        lib = Library()
        seen = {p: set() for p in PARAMS}
        for n in range(rounds):
            firer, target, screen, friends, others = scene(rng)
            levels = [rng.randint(0, 2) for _ in range(2 + len(friends))]
            artillery = rng.random() < 0.85
            tsq = rng.random() < 0.15
            canister = rng.random() < 0.3
            with_range = rng.random() < 0.8
            st, got = lib.measure(firer, target, screen, friends, others, levels,
                                  ARM_FOOT_ARTILLERY if artillery else ARM_LINE_INFANTRY, tsq, canister, with_range)
            want, needs = oracle(firer, target, screen, friends, others, levels, artillery, tsq, canister,
                                 LONG if with_range else None)
            ctx = f"scene {n}: firer {firer} target {target} screen {screen} friends {friends} others {others} " \
                  f"levels {levels} artillery {artillery} square {tsq} canister {canister} range {with_range}"
            self.assertEqual(st, EUNKNOWN if needs else OK, ctx)
            self.assertEqual(len(got), 14 if artillery else 4, ctx)
            for f in got:
                if needs and f.param == 114:
                    self.assertEqual(f.missing, 3, ctx)  # NAPFIRE_MISSING_RANGE
                    continue
                value, index = want[f.param]
                self.assertEqual(f.value, value, f"param {f.param}: {ctx}")
                if index is not None and f.param not in (102, 103, 105, 106):
                    self.assertEqual(f.decider_index, index, f"decider of param {f.param}: {ctx}")
                seen[f.param].add(f.value)
        # The sweep met both sides of the yes/no facts.
        for p in (103, 105, 109, 113, 114, 115, 116):
            self.assertEqual(seen[p], {0, 1}, f"param {p} saw {seen[p]}")


if __name__ == "__main__":
    unittest.main()
