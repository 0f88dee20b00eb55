# SPDX-License-Identifier: MIT
"""The binding's view of a missing datum (F-DATA, doc/rules-format.md):
UnknownDataError's missing/index/sentence/patch and str(), what
Shot.expected() and Shot.distribution() keep, missing_describe's misuse,
and following only PATCH lines from the built-in data to a resolved shot.
Values written into rules here are MADE UP for the test."""
import unittest

import napfire as nf
import support


def musketry_shot(figures=28, distance=150):
    firer = nf.Unit(nf.Arm.LINE_INFANTRY)
    firer.set(nf.UnitParam.FIGURES, figures)
    target = nf.Unit(nf.Arm.LINE_INFANTRY)
    shot = nf.Shot(firer, target)
    shot.set(nf.ShotParam.DISTANCE, distance)
    return shot


class TestUnknownDataError(unittest.TestCase):
    def test_fields_and_str(self):
        for call in ("distribution", "expected", "resolve"):
            with self.assertRaises(nf.UnknownDataError) as ctx:
                if call == "resolve":
                    musketry_shot().resolve(5)
                else:
                    getattr(musketry_shot(), call)()
            err = ctx.exception
            self.assertEqual(err.missing, nf.Missing.MUSKETRY_CELL, call)
            self.assertEqual(err.index[:2], (3, 2), call)
            self.assertEqual(err.patch, "musketry.row4 = . . ? . . . . . .")
            self.assertEqual(err.sentence, "musketry table, row 4 (medium line, 28 or more "
                             "firing figures), modified roll 5-6")
            self.assertEqual(str(err), err.sentence + "\n" + err.patch)

    def test_modifier_list_names_no_datum(self):
        # F-MOD: the item list has no index: the error says so plainly.
        rules = nf.Rules()
        rules.set_modifier(nf.Fire.MUSKETRY, nf.ModifierId.STEADY, None)
        with self.assertRaises(nf.UnknownDataError) as ctx:
            musketry_shot().modifiers(rules)
        self.assertIsNone(ctx.exception.patch)

    def test_describe_misuse(self):
        with self.assertRaises(nf.DomainError):
            nf.missing_describe(nf.Missing.NONE, (0, 0, -1, -1))
        with self.assertRaises(nf.DomainError):
            nf.missing_describe(nf.Missing.MUSKETRY_CELL, (5, 0, -1, -1))
        with self.assertRaises(nf.DomainError):
            nf.missing_describe(nf.Missing.MUSKETRY_CELL, (4, 0, -1, -1), 2)
        # F-ART-1: canister beyond canister range is never read
        with self.assertRaises(nf.DomainError):
            nf.missing_describe(nf.Missing.ARTILLERY_CELL, (0, 1, nf.Band.LONG, 0))
        self.assertEqual(nf.missing_describe(nf.Missing.ARTILLERY_CELL,
                                             (0, 1, nf.Band.CANISTER, 0)),
                         "artillery.light.canister.canister = ? . . . . . . . .")

    def test_unknown_data_of_builtin(self):
        found = nf.unknown_data()
        self.assertEqual(len(found), 251)
        self.assertEqual(len(nf.unknown_data(support.complete_rules())),
                         len([m for m in found if m[0] == nf.Missing.ARTILLERY_CELL
                              or (m[0] == nf.Missing.RANGE and m[1][2] >= 3)
                              or (m[0] == nf.Missing.MODIFIER and m[1][0] == 1)]))


class TestPatchPath(unittest.TestCase):
    """Done when (F-DATA): a program that only follows the library's PATCH
    lines reaches a resolved distribution, one datum per patch."""

    @staticmethod
    def made_up(missing, index):
        if missing == nf.Missing.RANGE:
            return str(index[3] * (400 if index[1] == nf.Measure.METRIC else 160))
        if missing == nf.Missing.MODIFIER:
            return "0"
        return str(1 + (index[1] if missing == nf.Missing.MUSKETRY_CELL else index[3]) // 2)

    def follow(self, shot):
        rules = nf.Rules()
        for step in range(64):
            try:
                outcomes, _ = shot.distribution(rules)
                self.assertEqual(sum(o.weight for o in outcomes), 216)
                return step
            except nf.UnknownDataError as err:
                before = len(nf.unknown_data(rules))
                line = err.patch.replace("?", self.made_up(err.missing, err.index))
                rules.parse("napfire-rules 1\n" + line + "\n")
                self.assertEqual(len(nf.unknown_data(rules)), before - 1, line)
        self.fail("no resolution")

    def test_musketry_and_artillery(self):
        steps = 0
        for figures in (8, 12, 20, 28, 36):
            for distance in (50, 150):
                steps += self.follow(musketry_shot(figures, distance))
        for gun in nf.Gun:
            for ammo in nf.Ammo:
                for distance in (100, 500, 1500):
                    firer = nf.Unit(nf.Arm.FOOT_ARTILLERY)
                    firer.set(nf.UnitParam.GUN, gun)
                    firer.set(nf.UnitParam.FIGURES, 2)
                    shot = nf.Shot(firer, nf.Unit(nf.Arm.LINE_INFANTRY))
                    shot.set(nf.ShotParam.AMMO, ammo)
                    shot.set(nf.ShotParam.DISTANCE, distance)
                    steps += self.follow(shot)
        self.assertGreater(steps, 0)


if __name__ == "__main__":
    unittest.main()
