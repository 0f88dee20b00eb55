# SPDX-License-Identifier: MIT
"""Hostile calls of the Python binding, the napfire package: every
integer range-checked before C (RangeError, both an
OverflowError and a ValueError, naming the parameter and its range), every
length checked before C, NUL in strings refused, rules files bounded.
A refusal changes nothing. tests/python/test_strict.py walks every public
function and method the same way, under a counting shim over the library."""
import os
import tempfile
import unittest

import napfire as nf

I32 = "-2147483648..2147483647"


class Integers(unittest.TestCase):
    def refused(self, fn, *texts):
        with self.assertRaises(nf.RangeError) as cm:
            fn()
        self.assertIsInstance(cm.exception, OverflowError)
        self.assertIsInstance(cm.exception, ValueError)
        for t in texts:
            self.assertIn(t, str(cm.exception))

    def test_unit_parameters_do_not_wrap(self):
        # figures=2**32+30 used to be stored as 30.
        self.refused(lambda: nf.Unit(nf.Arm.LINE_INFANTRY, figures=2 ** 32 + 30),
                     "figures=4294967326", I32, "0..9999")
        u = nf.Unit(nf.Arm.LINE_INFANTRY, figures=30)
        for value in (2 ** 31, -2 ** 31 - 1, 2 ** 64 + 5, -(2 ** 100)):
            with self.subTest(value=value):
                self.refused(lambda: u.set(nf.UnitParam.FIGURES, value), "figures=", I32)
        self.assertEqual(u[nf.UnitParam.FIGURES], 30)      # unchanged
        self.refused(lambda: u.set(2 ** 32 + nf.UnitParam.FIGURES, 3), "param=")
        self.refused(lambda: nf.Unit(2 ** 32), "arm=")
        self.refused(lambda: u.may_open_order(2 ** 32 + 1805), "year=")
        # Inside int32 but outside the domain: the library's own DomainError.
        with self.assertRaises(nf.DomainError):
            u.set(nf.UnitParam.FIGURES, 10000)

    def test_resolve_does_not_wrap(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY, figures=30)
        shot = nf.Shot(u, nf.Unit(nf.Arm.LINE_INFANTRY, figures=24), distance=150)
        # resolve(2**32+8) used to resolve roll 8.
        self.refused(lambda: shot.resolve(2 ** 32 + 8), "roll_2d6=4294967304", "2..12")
        self.refused(lambda: shot.resolve(8, 2 ** 32 + 6), "half_die=")
        self.refused(lambda: shot.set(nf.ShotParam.DISTANCE, 2 ** 32 + 150), "distance=",
                     "0..1000000")
        self.assertEqual(shot[nf.ShotParam.DISTANCE], 150)
        self.refused(lambda: nf.resolve_many([shot], [2 ** 33 + 8]), "rolls[0]=")
        self.refused(lambda: nf.resolve_many([shot], [8], [-2 ** 40]), "half_dice[0]=")

    def test_non_integers_are_not_rounded(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY)
        for value in (30.7, "30", None, 1j):
            with self.subTest(value=value):
                with self.assertRaises(TypeError) as cm:
                    u.set(nf.UnitParam.FIGURES, value)
                self.assertIn("figures", str(cm.exception))
        self.assertEqual(u[nf.UnitParam.FIGURES], 0)

    def test_rules_setters(self):
        r = nf.Rules()
        before = r.format()
        self.refused(lambda: r.set_musketry(0, 2 ** 32, 4), "column_index=")
        self.refused(lambda: r.set_musketry(0, 0, 2 ** 32 + 4), "halves=")
        self.refused(lambda: r.set_range(0, 0, 2 ** 32, 10), "effective_max=")
        self.refused(lambda: r.set_modifier(0, 1, 2 ** 31), "value=")
        self.refused(lambda: r.set_threshold(0, 0, -2 ** 32), "value=")
        self.refused(lambda: r.set_artillery(0, 0, 0, 2 ** 32, 1), "column_index=")
        self.refused(lambda: r.get_musketry(2 ** 32, 0), "row_index=")
        self.assertEqual(r.format(), before)

    def test_hex_values(self):
        # Hex(2**32+1, 0) used to be Hex(1, 0).
        self.refused(lambda: nf.Hex(2 ** 32 + 1, 0), "Hex.q=4294967297", I32)
        h = nf.Hex(1, 2)
        self.refused(lambda: setattr(h, "r", 2 ** 31), "Hex.r=")
        self.assertEqual(h, (1, 2))
        self.refused(lambda: nf.HexInfo(elevation=2 ** 31), "HexInfo.elevation=")
        self.refused(lambda: nf.hex_from_offset(0, 2 ** 32, 0), "column=")
        self.refused(lambda: nf.hex_neighbour((0, 0), 2 ** 32), "direction=")
        self.refused(lambda: nf.hex_distance((2 ** 40, 0), (0, 0)), "Hex.q=")
        self.refused(lambda: nf.hex_facing(0, 2 ** 32), "facing=")
        self.refused(lambda: nf.hex_fire_value(increments=2 ** 32), "HexFire.increments=")
        self.refused(lambda: nf.los_grid(0, 1, 1, [nf.HexInfo()], firer=(0, 0), target=(1, 0),
                                         front_mask=2 ** 32), "LosQuery.front_mask=",
                     "0..4294967295")
        self.refused(lambda: nf.Dice(-1), "seed=", "0..18446744073709551615")
        self.refused(lambda: nf.Dice(2 ** 64), "seed=")

    def test_the_net_under_every_prototype(self):
        # A direct ctypes call is checked too (the argtypes are checked types).
        u = nf.Unit(nf.Arm.LINE_INFANTRY)
        import ctypes
        with self.assertRaises(ctypes.ArgumentError) as cm:
            nf.lib.napfire_unit_set(u, 5, 2 ** 32 + 30)
        self.assertIn("outside", str(cm.exception))
        self.assertEqual(u[nf.UnitParam.FIGURES], 0)


class Lengths(unittest.TestCase):
    def test_los_grid_huge_columns(self):
        # columns*rows used to be compared after truncation: a product that
        # was negative (or small) passed, and C read past the array.
        cells = [nf.HexInfo()]
        for cols, rows in ((-(2 ** 32) + 65536, 65536), (2 ** 32 + 2, 1), (65537, 1), (0, 1),
                           (1, -1), (2 ** 63, 2 ** 63)):
            with self.subTest(cols=cols, rows=rows):
                with self.assertRaises(nf.RangeError) as cm:
                    nf.los_grid(0, cols, rows, cells, firer=(0, 0), target=(3, 0))
                self.assertIn("1..65536", str(cm.exception))

    def test_los_grid_wrong_cell_counts(self):
        for cells in ([nf.HexInfo()] * 3, [nf.HexInfo()] * 5):
            with self.assertRaises(ValueError) as cm:
                nf.los_grid(0, 2, 2, cells, firer=(0, 0), target=(1, 0))
            self.assertIn("4 needed", str(cm.exception))
        short = (nf.HexInfo * 3)()
        with self.assertRaises(ValueError):
            nf.los_grid(0, 2, 2, short, firer=(0, 0), target=(1, 0))
        ok = nf.los_grid(0, 2, 2, [nf.HexInfo()] * 4, firer=(0, 0), target=(1, 0))
        self.assertTrue(ok.clear)


class Strings(unittest.TestCase):
    def test_nul_in_provenance_is_refused(self):
        r = nf.Rules()
        name = r.name
        for field in ("name", "edition", "source"):
            with self.subTest(field=field):
                with self.assertRaises(ValueError) as cm:
                    setattr(r, field, "abc\0def")
                self.assertIn(field, str(cm.exception))
                self.assertIn("NUL", str(cm.exception))
        self.assertEqual(r.name, name)

    def test_nul_in_rules_text_reaches_the_parser_and_is_refused(self):
        with self.assertRaises(nf.RulesSyntaxError) as cm:
            nf.Rules.from_text("napfire-rules 1\nname = \"a\0b\"\n")
        self.assertEqual(cm.exception.line, 2)


class Files(unittest.TestCase):
    def test_rules_from_file(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(nf.RulesFileError) as cm:
                nf.Rules.from_file("/dev/zero")
            self.assertIn("/dev/zero: larger than 1048576 bytes", str(cm.exception))
            with self.assertRaises(nf.RulesFileError) as cm:
                nf.Rules.from_file(d)
            self.assertIn("is a directory", str(cm.exception))
            with self.assertRaises(FileNotFoundError):
                nf.Rules.from_file(os.path.join(d, "none"))
            latin = os.path.join(d, "latin1.txt")
            with open(latin, "wb") as f:
                f.write(b"napfire-rules 1\nname = \"caf\xe9\"\n")
            with self.assertRaises(nf.RulesSyntaxError) as cm:
                nf.Rules.from_file(latin)
            self.assertEqual((cm.exception.line, cm.exception.path), (2, latin))
            self.assertIn("latin1.txt", str(cm.exception))
            good = os.path.join(d, "good.txt")
            with open(good, "wb") as f:
                f.write(b"napfire-rules 1\nname = \"mine\"\n")
            self.assertEqual(nf.Rules.from_file(good).name, "mine")


class NoDeadFlags(unittest.TestCase):
    def test_has_flags_are_gone(self):
        # The binding requires the whole API: no HAS_* switches.
        self.assertEqual([n for n in dir(nf) if n.startswith("HAS_")], [])


if __name__ == "__main__":
    unittest.main()
