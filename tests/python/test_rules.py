# SPDX-License-Identifier: MIT
"""Rules data (F-DATA): built-in values, every getter and setter with
None for unknown, provenance, the rules text (parse / format), errors."""
import ctypes
import unittest

import napfire as nf
import support

#: F-DATA: the 16 known cells of the built-in musketry table,
#: (row, column) -> half figures.
KNOWN_CELLS = {
    (0, 0): 0, (0, 1): 0, (0, 2): 0, (0, 3): 0, (0, 4): 1,
    (1, 0): 0, (1, 1): 0, (1, 2): 0, (1, 3): 1,
    (2, 0): 0, (2, 1): 0, (2, 2): 1,
    (3, 0): 0, (3, 1): 1, (3, 5): 10,
    (4, 0): 0,
}


class TestBuiltinData(unittest.TestCase):
    def setUp(self):
        self.rules = nf.Rules()

    def test_musketry_table(self):
        for row in range(5):
            for col in range(9):
                cell = self.rules.get_musketry(row, col)
                if (row, col) in KNOWN_CELLS:
                    self.assertEqual(cell, (KNOWN_CELLS[row, col], False), (row, col))
                else:
                    self.assertIsNone(cell, (row, col))

    def test_ranges(self):  # F-RNG
        expect = {(nf.Weapon.MUSKET, nf.Measure.METRIC): (100, 200),
                  (nf.Weapon.MUSKET, nf.Measure.IMPERIAL): (60, 120),
                  (nf.Weapon.RIFLE, nf.Measure.METRIC): (120, 240),
                  (nf.Weapon.RIFLE, nf.Measure.IMPERIAL): (70, 140),
                  (nf.Weapon.SHARPSHOOTER, nf.Measure.METRIC): (280, 280),
                  (nf.Weapon.SHARPSHOOTER, nf.Measure.IMPERIAL): (170, 170)}
        for (weapon, measure), maxima in expect.items():
            self.assertEqual(self.rules.get_range(weapon, measure), maxima)

    def test_no_artillery_number(self):  # F-DATA
        for gun in nf.Gun:
            for measure in nf.Measure:
                self.assertEqual(self.rules.get_gun_range(gun, measure), (None, None, None))
            self.assertIsNone(self.rules.get_artillery(gun, nf.Ammo.ROUNDSHOT, nf.Band.LONG, 4))
        self.assertIsNone(self.rules.get_modifier(nf.Fire.ARTILLERY, nf.ModifierId.MOVED_HALF))
        self.assertIsNone(self.rules.get_modifier(nf.Fire.ARTILLERY, nf.ModifierId.COVER, 1))

    def test_musketry_modifiers(self):  # F-MOD
        m = nf.ModifierId
        expect = {(m.GUARD, 0): 2, (m.ELITE, 0): 1, (m.STEADY, 0): 0, (m.RAW, 0): -2,
                  (m.BRITISH_LINE, 0): 1, (m.FIRED_LAST_TURN, 0): -2, (m.DISORDERED, 0): -4,
                  (m.COLUMN, 0): 1, (m.COLUMN, 1): 2, (m.SQUARE_OR_ENFILADE, 0): 2,
                  (m.MASS, 0): 2, (m.ARTILLERY, 0): -2, (m.CHARGING_CAVALRY, 0): -2,
                  (m.OPEN_ORDER, 0): -2, (m.SKIRMISHERS, 0): -4, (m.COVER, 0): -2,
                  (m.COVER, 1): -1, (m.BUILDINGS, 0): -4}
        for (mod, variant), value in expect.items():
            self.assertEqual(self.rules.get_modifier(nf.Fire.MUSKETRY, mod, variant), value,
                             (mod, variant))

    def test_thresholds(self):
        t = nf.Threshold
        self.assertEqual(self.rules.get_threshold(t.SCREEN), 50)
        self.assertEqual(self.rules.get_threshold(t.SCREEN, nf.Measure.IMPERIAL), 30)
        self.assertEqual(self.rules.get_threshold(t.LONG_RANGE_CLEARANCE), 100)
        self.assertEqual(self.rules.get_threshold(t.OVERHEAD_CLEARANCE, nf.Measure.IMPERIAL), 60)
        self.assertEqual(self.rules.get_threshold(t.STAR_FIGURES), 48)
        self.assertEqual([self.rules.get_threshold(r) for r in (t.ROW_2, t.ROW_3, t.ROW_4,
                                                                t.ROW_5)], [12, 20, 28, 36])
        self.assertEqual(self.rules.get_threshold(t.GUARD_CAP), 2)

    def test_provenance(self):
        self.assertTrue(self.rules.name)
        self.assertTrue(self.rules.edition)
        self.assertTrue(self.rules.source)
        self.assertEqual(self.rules.get_provenance(nf.Provenance.NAME), self.rules.name)
        self.assertEqual(repr(self.rules), "Rules(%r)" % self.rules.name)

    def test_null_rules_are_the_builtin_data(self):
        shot = support.fex1_shot()
        self.assertEqual(bytes(shot.resolve(8, 6)), bytes(shot.resolve(8, 6, self.rules)))
        self.assertEqual(shot.band(None), shot.band(self.rules))


class TestSetters(unittest.TestCase):
    def setUp(self):
        self.rules = nf.Rules()

    def test_musketry_round_trip(self):
        self.rules.set_musketry(4, 8, 14, star=True)
        self.assertEqual(self.rules.get_musketry(4, 8), (14, True))
        self.rules.set_musketry(4, 7, 3)
        self.assertEqual(self.rules.get_musketry(4, 7), (3, False))
        self.rules.set_musketry(3, 5, None)
        self.assertIsNone(self.rules.get_musketry(3, 5))

    def test_musketry_errors(self):
        before = bytes(self.rules.raw)
        for args in [(5, 0, 2), (0, 9, 2), (-1, 0, 2), (0, 0, nf.MAX_CELL_HALVES + 1),
                     (0, 0, -2)]:
            with self.assertRaises(nf.DomainError, msg=args):
                self.rules.set_musketry(*args)
        with self.assertRaises(nf.DomainError):
            self.rules.set_musketry(0, 0, 3, star=True)      # star on a half
        with self.assertRaises(nf.DomainError):
            self.rules.set_musketry(0, 0, 0, star=True)      # star needs N >= 1
        with self.assertRaises(nf.DomainError):
            self.rules.get_musketry(5, 0)
        self.assertEqual(bytes(self.rules.raw), before)

    def test_ranges(self):
        self.rules.set_range(nf.Weapon.MUSKET, nf.Measure.METRIC, 120, 240)
        self.assertEqual(self.rules.get_range(nf.Weapon.MUSKET, nf.Measure.METRIC), (120, 240))
        self.rules.set_range(nf.Weapon.RIFLE, nf.Measure.IMPERIAL, None, None)
        self.assertEqual(self.rules.get_range(nf.Weapon.RIFLE, nf.Measure.IMPERIAL),
                         (None, None))
        with self.assertRaises(nf.DomainError):
            self.rules.set_range(nf.Weapon.MUSKET, nf.Measure.METRIC, 200, 100)
        with self.assertRaises(nf.DomainError):
            self.rules.get_range(3, nf.Measure.METRIC)

    def test_gun_ranges_and_cells(self):
        self.rules.set_gun_range(nf.Gun.P9, nf.Measure.METRIC, 150, 500, 1000)
        self.assertEqual(self.rules.get_gun_range(nf.Gun.P9, nf.Measure.METRIC), (150, 500, 1000))
        self.rules.set_gun_range(nf.Gun.P9, nf.Measure.METRIC, 150, None, None)
        self.assertEqual(self.rules.get_gun_range(nf.Gun.P9, nf.Measure.METRIC),
                         (150, None, None))
        with self.assertRaises(nf.DomainError):
            self.rules.set_gun_range(nf.Gun.P9, nf.Measure.METRIC, 500, 150, 1000)
        self.rules.set_artillery(nf.Gun.P12, nf.Ammo.CANISTER, nf.Band.CANISTER, 3, 9)
        self.assertEqual(self.rules.get_artillery(nf.Gun.P12, nf.Ammo.CANISTER,
                                                  nf.Band.CANISTER, 3), 9)
        self.rules.set_artillery(nf.Gun.P12, nf.Ammo.CANISTER, nf.Band.CANISTER, 3, None)
        self.assertIsNone(self.rules.get_artillery(nf.Gun.P12, nf.Ammo.CANISTER,
                                                   nf.Band.CANISTER, 3))
        for args in [(5, 0, 1, 0, 2), (0, 2, 1, 0, 2), (0, 0, nf.Band.NONE, 0, 2),
                     (0, 0, 1, 9, 2), (0, 0, 1, 0, nf.MAX_CELL_HALVES + 1)]:
            with self.assertRaises(nf.DomainError, msg=args):
                self.rules.set_artillery(*args)

    def test_modifiers(self):
        self.rules.set_modifier(nf.Fire.MUSKETRY, nf.ModifierId.ELITE, 2)
        self.assertEqual(self.rules.get_modifier(nf.Fire.MUSKETRY, nf.ModifierId.ELITE), 2)
        self.rules.set_modifier(nf.Fire.ARTILLERY, nf.ModifierId.COVER, -1, variant=1)
        self.assertEqual(self.rules.get_modifier(nf.Fire.ARTILLERY, nf.ModifierId.COVER, 1), -1)
        self.rules.set_modifier(nf.Fire.MUSKETRY, nf.ModifierId.ELITE, None)
        self.assertIsNone(self.rules.get_modifier(nf.Fire.MUSKETRY, nf.ModifierId.ELITE))
        refused = [(nf.Fire.MUSKETRY, nf.ModifierId.ELITE, nf.MAX_MODIFIER + 1, 0),
                   (nf.Fire.MUSKETRY, nf.ModifierId.ELITE, 1, 1),        # no variant 1
                   (nf.Fire.MUSKETRY, nf.ModifierId.GUARD_CAP, 1, 0),
                   (nf.Fire.ARTILLERY, nf.ModifierId.GUARD, 1, 0),       # firer class: musketry
                   (2, nf.ModifierId.ELITE, 1, 0)]
        for fire, mod, value, variant in refused:
            with self.assertRaises(nf.DomainError, msg=(fire, mod, value, variant)):
                self.rules.set_modifier(fire, mod, value, variant)

    def test_thresholds(self):
        self.rules.set_threshold(nf.Threshold.SCREEN, nf.Measure.METRIC, 60)
        self.assertEqual(self.rules.get_threshold(nf.Threshold.SCREEN), 60)
        self.rules.set_threshold(nf.Threshold.SCREEN, nf.Measure.METRIC, None)
        self.assertIsNone(self.rules.get_threshold(nf.Threshold.SCREEN))
        with self.assertRaises(nf.DomainError):       # rows strictly increasing
            self.rules.set_threshold(nf.Threshold.ROW_2, nf.Measure.METRIC, 20)
        with self.assertRaises(nf.DomainError):
            self.rules.get_threshold(9)

    def test_provenance(self):
        self.rules.name = "Général de brigade, 2e édition"
        self.assertEqual(self.rules.name, "Général de brigade, 2e édition")
        self.rules.edition = "x" * 31
        self.assertEqual(self.rules.edition, "x" * 31)
        self.rules.source = ""
        self.assertEqual(self.rules.source, "")
        with self.assertRaises(nf.DomainError):
            self.rules.edition = "x" * 32
        with self.assertRaises(nf.DomainError):
            self.rules.set_provenance(3, "x")
        status = nf.lib.napfire_rules_set_provenance(self.rules, nf.Provenance.NAME, b"\xff\xfe")
        self.assertEqual(status, nf.Status.EDOMAIN)            # not UTF-8

    def test_provenance_buffer_too_small(self):
        self.rules.name = "abcdef"
        buf, length = ctypes.create_string_buffer(4), ctypes.c_size_t()
        status = nf.lib.napfire_rules_get_provenance(self.rules, nf.Provenance.NAME, buf, 4,
                                                     ctypes.byref(length))
        self.assertEqual(status, nf.Status.ENOSPC)
        self.assertEqual(length.value, 6)

    def test_copy_and_state(self):
        dup = self.rules.copy()
        dup.set_musketry(4, 8, 20)
        self.assertIsNone(self.rules.get_musketry(4, 8))
        ctypes.memset(dup.raw, 0xFF, nf.RULES_SIZE)
        with self.assertRaises(nf.StateError):
            dup.get_musketry(0, 0)
        with self.assertRaises(nf.StateError):
            support.fex1_shot().resolve(8, 6, dup)
        self.assertEqual(nf.lib.napfire_rules_init(self.rules, 4088), nf.Status.ESIZE)
        self.assertEqual(nf.lib.napfire_rules_init(None, nf.RULES_SIZE), nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_rules_get_musketry(self.rules, 0, 0, None, None),
                         nf.Status.EINVAL)


class TestRulesText(unittest.TestCase):
    def test_format_round_trips(self):
        rules = support.complete_rules()
        rules.set_provenance(nf.Provenance.EDITION, "½ édition")
        text = rules.format()
        self.assertTrue(text.startswith("napfire-rules %d" % nf.RULES_TEXT_VERSION))
        again = nf.Rules.from_text(text)
        self.assertEqual(again.format(), text)
        self.assertEqual(again.get_musketry(4, 8), rules.get_musketry(4, 8))
        self.assertEqual(again.edition, "½ édition")

    def test_builtin_template(self):
        self.assertEqual(nf.builtin_rules_text(), nf.Rules().format())

    def test_parse_overlays(self):
        rules = nf.Rules()
        rules.parse("napfire-rules 1\nmusketry.row5 = . 1 2 3 4 5* 6* 7 8\n")
        self.assertEqual(rules.get_musketry(4, 0), (0, False))        # "." keeps
        self.assertEqual(rules.get_musketry(4, 5), (10, True))
        rules.parse(b"napfire-rules 1\nmusketry.row5 = . . . . . ? . . .\n")
        self.assertIsNone(rules.get_musketry(4, 5))

    def test_syntax_error_is_atomic(self):
        rules = nf.Rules()
        before = bytes(rules.raw)
        with self.assertRaises(nf.RulesSyntaxError) as ctx:
            rules.parse("napfire-rules 1\nmusketry.row5 = 1 2 3 4 5 6 7 8 9\nfoo = 3\n")
        err = ctx.exception
        self.assertEqual((err.line, err.column, err.code), (3, 1, nf.ParseCode.UNKNOWN_KEY))
        self.assertIn("foo", err.detail)
        self.assertIn("line 3", str(err))
        self.assertEqual(err.status, nf.Status.ESYNTAX)
        self.assertEqual(bytes(rules.raw), before)
        with self.assertRaises(nf.RulesSyntaxError) as ctx:
            rules.parse("")
        self.assertEqual(ctx.exception.code, nf.ParseCode.VERSION)

    def test_raw_errors(self):
        rules = nf.Rules()
        length = ctypes.c_size_t()
        self.assertEqual(nf.lib.napfire_rules_format(rules, None, 0, None), nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_rules_format(rules, None, 0, ctypes.byref(length)),
                         nf.Status.ENOSPC)
        self.assertEqual(length.value, len(rules.format().encode("utf-8")))
        self.assertEqual(nf.lib.napfire_rules_parse(rules, b"x", 1, None), nf.Status.EINVAL)
        ctypes.memset(rules.raw, 0, nf.RULES_SIZE)
        with self.assertRaises(nf.StateError):
            rules.parse("napfire-rules 1\n")


if __name__ == "__main__":
    unittest.main()
