#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctypes smoke test of libnapfire: the worked example F-EX-1.

British elite battalion, 30 figures, in line, moved half its move; target a
French column 15 cm (9") away: long range. Roll 8 + 3 = 11, medium line
(row 3), column 5 -> 5 figures, halved -> 2 1/2; half die 6 -> 3, 3 -> 2,
0 -> 2 with the half pending. Works with the built-in data (rules NULL).

The library path comes from NAPFIRE_LIBRARY (set by meson).
"""
import ctypes
import os
import unittest

# Values fixed by the ABI (napfire.h).
OK, EINVAL, EDOMAIN, ESTATE, ENOSPC, EUNKNOWN, ESYNTAX, ESIZE = 0, -1, -2, -3, -4, -5, -6, -7
ARM_LINE_INFANTRY = 0
NATION_FRANCE, NATION_BRITAIN = 1, 2
CLASS_ELITE, CLASS_LINE = 1, 3
FORMATION_LINE, FORMATION_COLUMN_OF_DIVISIONS = 0, 2
MOVED_HALF = 1
MEASURE_METRIC, MEASURE_IMPERIAL = 0, 1
BAND_LONG = 3
UNIT_NATION, UNIT_CLASS, UNIT_FORMATION, UNIT_FIGURES, UNIT_MOVED = 2, 3, 4, 5, 9
SHOT_MEASURE, SHOT_DISTANCE, SHOT_SCREEN, SHOT_SCREEN_DISTANCE = 101, 102, 105, 106
MOD_ELITE, MOD_BRITISH_LINE, MOD_COLUMN = 2, 5, 8
MISSING_MUSKETRY_CELL = 1


def storage(size):
    """Caller storage, 8-byte aligned (an array of uint64)."""
    return (ctypes.c_uint64 * (size // 8))()


class Modifier(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int32), ("value", ctypes.c_int32),
                ("applied", ctypes.c_int32), ("suppressed_by", ctypes.c_int32)]


class Result(ctypes.Structure):
    _fields_ = [("permitted", ctypes.c_int32), ("reason", ctypes.c_int32),
                ("reasons", ctypes.c_uint32), ("band", ctypes.c_int32),
                ("net_modifier", ctypes.c_int32), ("modified_roll", ctypes.c_int32),
                ("row", ctypes.c_int32), ("column", ctypes.c_int32),
                ("table_halves", ctypes.c_int32), ("halves", ctypes.c_int32),
                ("half_die_used", ctypes.c_int32), ("half_pending", ctypes.c_int32),
                ("casualties", ctypes.c_int32), ("target_casualties", ctypes.c_int32),
                ("screen_casualties", ctypes.c_int32), ("missing", ctypes.c_int32),
                ("missing_index", ctypes.c_int32 * 4), ("reserved", ctypes.c_int32 * 12)]


def load():
    path = os.environ.get("NAPFIRE_LIBRARY")
    if not path:
        raise unittest.SkipTest("NAPFIRE_LIBRARY is not set")
    lib = ctypes.CDLL(path)
    i32, sz, vp = ctypes.c_int32, ctypes.c_size_t, ctypes.c_void_p
    lib.napfire_version_number.restype = ctypes.c_uint32
    lib.napfire_version_string.restype = ctypes.c_char_p
    lib.napfire_strerror.restype = ctypes.c_char_p
    lib.napfire_strerror.argtypes = [ctypes.c_int]
    lib.napfire_unit_size.restype = sz
    lib.napfire_shot_size.restype = sz
    lib.napfire_rules_size.restype = sz
    lib.napfire_unit_init.argtypes = [vp, sz, i32]
    lib.napfire_unit_set.argtypes = [vp, i32, i32]
    lib.napfire_unit_get.argtypes = [vp, i32, ctypes.POINTER(i32)]
    lib.napfire_shot_init.argtypes = [vp, sz, vp, vp]
    lib.napfire_shot_set.argtypes = [vp, i32, i32]
    lib.napfire_shot_band.argtypes = [vp, vp, ctypes.POINTER(i32)]
    lib.napfire_shot_modifiers.argtypes = [vp, vp, ctypes.POINTER(Modifier), sz,
                                           ctypes.POINTER(sz), ctypes.POINTER(i32)]
    lib.napfire_shot_resolve.argtypes = [vp, vp, i32, i32, ctypes.POINTER(Result)]
    lib.napfire_rules_init.argtypes = [vp, sz]
    for fn in ("napfire_unit_init", "napfire_unit_set", "napfire_unit_get", "napfire_shot_init",
               "napfire_shot_set", "napfire_shot_band", "napfire_shot_modifiers",
               "napfire_shot_resolve", "napfire_rules_init"):
        getattr(lib, fn).restype = ctypes.c_int
    return lib


class FEX1(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.lib = load()

    def check(self, status):
        self.assertEqual(status, OK, self.lib.napfire_strerror(status).decode())

    def unit(self, nation, cls_, formation, figures, moved=0):
        u = storage(self.lib.napfire_unit_size())
        self.check(self.lib.napfire_unit_init(u, ctypes.sizeof(u), ARM_LINE_INFANTRY))
        self.check(self.lib.napfire_unit_set(u, UNIT_NATION, nation))
        self.check(self.lib.napfire_unit_set(u, UNIT_CLASS, cls_))
        self.check(self.lib.napfire_unit_set(u, UNIT_FORMATION, formation))
        self.check(self.lib.napfire_unit_set(u, UNIT_FIGURES, figures))
        self.check(self.lib.napfire_unit_set(u, UNIT_MOVED, moved))
        return u

    def shot(self, measure, distance):
        firer = self.unit(NATION_BRITAIN, CLASS_ELITE, FORMATION_LINE, 30, MOVED_HALF)
        target = self.unit(NATION_FRANCE, CLASS_LINE, FORMATION_COLUMN_OF_DIVISIONS, 36)
        s = storage(self.lib.napfire_shot_size())
        self.check(self.lib.napfire_shot_init(s, ctypes.sizeof(s), firer, target))
        self.check(self.lib.napfire_shot_set(s, SHOT_MEASURE, measure))
        self.check(self.lib.napfire_shot_set(s, SHOT_DISTANCE, distance))
        return s

    def resolve(self, s, roll, die, rules=None, want=OK):
        res = Result()
        st = self.lib.napfire_shot_resolve(s, rules, roll, die, ctypes.byref(res))
        self.assertEqual(st, want)
        return res

    def test_sizes_and_version(self):
        self.assertEqual(self.lib.napfire_unit_size(), 128)
        self.assertEqual(self.lib.napfire_shot_size(), 512)
        self.assertEqual(self.lib.napfire_rules_size(), 4096)
        self.assertEqual(ctypes.sizeof(Result), 128)
        n = self.lib.napfire_version_number()
        v = self.lib.napfire_version_string().decode()
        major, minor, patch = (int(x) for x in v.split("."))
        self.assertEqual(n, major * 10000 + minor * 100 + patch)

    def fex1(self, measure, distance):
        s = self.shot(measure, distance)
        band = ctypes.c_int32(-99)
        self.check(self.lib.napfire_shot_band(s, None, ctypes.byref(band)))
        self.assertEqual(band.value, BAND_LONG)
        for die, total, pending in ((6, 3, 0), (3, 2, 0), (0, 2, 1)):
            res = self.resolve(s, 8, die)
            self.assertEqual(res.permitted, 1)
            self.assertEqual(res.reasons, 0)
            self.assertEqual(res.band, BAND_LONG)
            self.assertEqual(res.net_modifier, 3)
            self.assertEqual(res.modified_roll, 11)
            self.assertEqual((res.row, res.column), (3, 5))
            self.assertEqual(res.table_halves, 10)
            self.assertEqual(res.halves, 5)
            self.assertEqual(res.half_pending, pending)
            self.assertEqual(res.half_die_used, 0 if pending else 1)
            self.assertEqual(res.casualties, total)
            self.assertEqual(res.target_casualties, total)
            self.assertEqual(res.screen_casualties, 0)
            self.assertEqual(list(res.reserved), [0] * 12)

    def test_fex1_metric(self):
        self.fex1(MEASURE_METRIC, 150)

    def test_fex1_imperial(self):
        self.fex1(MEASURE_IMPERIAL, 90)

    def test_fex1_with_rules_object(self):
        rules = storage(self.lib.napfire_rules_size())
        self.check(self.lib.napfire_rules_init(rules, ctypes.sizeof(rules)))
        s = self.shot(MEASURE_METRIC, 150)
        res = self.resolve(s, 8, 6, rules)
        self.assertEqual(res.casualties, 3)

    def test_fex1_breakdown(self):
        s = self.shot(MEASURE_METRIC, 150)
        items = (Modifier * 8)()
        count = ctypes.c_size_t(0)
        net = ctypes.c_int32(0)
        self.check(self.lib.napfire_shot_modifiers(s, None, items, 8, ctypes.byref(count),
                                                   ctypes.byref(net)))
        self.assertEqual(net.value, 3)
        got = [(items[i].id, items[i].value, items[i].applied) for i in range(count.value)]
        self.assertEqual(got, [(MOD_ELITE, 1, 1), (MOD_BRITISH_LINE, 1, 1), (MOD_COLUMN, 1, 1)])

    def test_screen_takes_first_casualty(self):
        s = self.shot(MEASURE_METRIC, 150)
        self.check(self.lib.napfire_shot_set(s, SHOT_SCREEN, 1))
        self.check(self.lib.napfire_shot_set(s, SHOT_SCREEN_DISTANCE, 50))
        res = self.resolve(s, 8, 6)
        self.assertEqual((res.casualties, res.target_casualties, res.screen_casualties), (3, 2, 1))

    def test_unknown_cell(self):
        s = self.shot(MEASURE_METRIC, 150)
        res = self.resolve(s, 12, 4, want=EUNKNOWN)  # 15: row 3 column 7, unknown
        self.assertEqual(res.missing, MISSING_MUSKETRY_CELL)
        self.assertEqual(list(res.missing_index[:2]), [3, 7])

    def test_misuse(self):
        u = storage(128)
        self.assertEqual(self.lib.napfire_unit_init(u, 127, 0), ESIZE)
        self.assertEqual(self.lib.napfire_unit_init(None, 128, 0), EINVAL)
        garbage = storage(128)
        ctypes.memset(garbage, 0xAA, 128)
        v = ctypes.c_int32(-99)
        self.assertEqual(self.lib.napfire_unit_get(garbage, UNIT_FIGURES, ctypes.byref(v)), ESTATE)
        self.assertEqual(v.value, -99)


if __name__ == "__main__":
    unittest.main(verbosity=2)
