# SPDX-License-Identifier: MIT
"""Units and shots: init, defaults, parameters, copies, open order, and
the error paths (EINVAL, EDOMAIN, ESTATE, ESIZE)."""
import copy
import ctypes
import unittest

import napfire as nf
import support


def corrupt(obj, byte=0xA5):
    ctypes.memset(obj.raw, byte, ctypes.sizeof(obj.raw))


class TestUnit(unittest.TestCase):
    def test_defaults(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY)
        self.assertEqual(u.arm, nf.Arm.LINE_INFANTRY)
        expected = {nf.UnitParam.NATION: nf.Nation.OTHER, nf.UnitParam.CLASS: nf.TroopClass.LINE,
                    nf.UnitParam.FORMATION: nf.Formation.LINE, nf.UnitParam.FIGURES: 0,
                    nf.UnitParam.WEAPON: nf.Weapon.MUSKET, nf.UnitParam.GUN: nf.Gun.P6,
                    nf.UnitParam.COVER: nf.Cover.NONE, nf.UnitParam.MOVED: nf.Moved.NONE}
        for param, value in expected.items():
            self.assertEqual(u.get(param), value, param)
        for param in range(nf.UnitParam.DISORDERED, nf.UnitParam.UNLIMBERED_THIS_TURN + 1):
            self.assertEqual(u[param], 0, nf.UnitParam(param))
        battery = nf.Unit(nf.Arm.FOOT_ARTILLERY)
        self.assertEqual(battery[nf.UnitParam.FORMATION], nf.Formation.UNLIMBERED)

    def test_every_arm(self):
        for arm in nf.Arm:
            self.assertEqual(nf.Unit(arm).arm, arm)
            # a new unit shows only its arm: every other setting is the default
            self.assertEqual(repr(nf.Unit(arm)), "Unit(%s)" % arm.name)

    def test_set_get_and_keywords(self):
        u = nf.Unit(nf.Arm.LIGHT_INFANTRY, nation=nf.Nation.PRUSSIA,
                    troop_class=nf.TroopClass.VETERAN, figures=36, weapon=nf.Weapon.RIFLE)
        self.assertEqual(u[nf.UnitParam.NATION], nf.Nation.PRUSSIA)
        self.assertEqual(u.get(nf.UnitParam.CLASS), nf.TroopClass.VETERAN)
        self.assertEqual(u[nf.UnitParam.WEAPON], nf.Weapon.RIFLE)
        u[nf.UnitParam.FIGURES] = 20
        u.set(nf.UnitParam.DISORDERED, True)
        u.update(cover=nf.Cover.LIMITED, fired_last_turn=1)
        self.assertEqual(u[nf.UnitParam.FIGURES], 20)
        self.assertEqual(u[nf.UnitParam.DISORDERED], 1)
        self.assertEqual(u[nf.UnitParam.COVER], nf.Cover.LIMITED)
        self.assertEqual(u[nf.UnitParam.FIRED_LAST_TURN], 1)
        with self.assertRaises(TypeError):
            nf.Unit(nf.Arm.CAVALRY, colour="red")

    def test_refusals_leave_unit_unchanged(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY, figures=12)
        refused = [(nf.UnitParam.ARM, nf.Arm.CAVALRY),           # read-only
                   (nf.UnitParam.GUN, nf.Gun.P9),                # artillery only
                   (nf.UnitParam.FORMATION, nf.Formation.LIMBERED),
                   (nf.UnitParam.FIGURES, nf.MAX_FIGURES + 1),
                   (nf.UnitParam.CHARGING, 1),                   # cavalry only
                   (nf.UnitParam.DISORDERED, 2),
                   (0, 1), (17, 1), (nf.ShotParam.DISTANCE, 10)]
        before = bytes(u.raw)
        for param, value in refused:
            with self.assertRaises(nf.DomainError, msg=(param, value)):
                u.set(param, value)
        self.assertEqual(bytes(u.raw), before)
        with self.assertRaises(nf.DomainError):
            u.get(999)
        cavalry = nf.Unit(nf.Arm.CAVALRY)
        with self.assertRaises(nf.DomainError):
            cavalry[nf.UnitParam.FORMATION] = nf.Formation.SQUARE
        with self.assertRaises(nf.DomainError):
            nf.Unit(nf.Arm.HORSE_ARTILLERY, unlimbered_this_turn=1)  # foot artillery only

    def test_bad_arm(self):
        for arm in (-1, 5, 99):
            with self.assertRaises(nf.DomainError):
                nf.Unit(arm)

    def test_copies_are_independent(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY, figures=30)
        for dup in (u.copy(), copy.copy(u)):
            dup[nf.UnitParam.FIGURES] = 10
            self.assertEqual(u[nf.UnitParam.FIGURES], 30)
            self.assertEqual(dup[nf.UnitParam.FIGURES], 10)
            self.assertIsInstance(dup, nf.Unit)

    def test_corrupted_storage_is_estate(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY)
        corrupt(u)
        for call in (lambda: u.get(nf.UnitParam.FIGURES), lambda: u.set(nf.UnitParam.FIGURES, 1),
                     lambda: u.may_open_order(1812), lambda: u.arm):
            with self.assertRaises(nf.StateError):
                call()
        zero = nf.Unit(nf.Arm.LINE_INFANTRY)
        ctypes.memset(zero.raw, 0, nf.UNIT_SIZE)
        with self.assertRaises(nf.StateError):
            zero.get(nf.UnitParam.ARM)

    def test_raw_errors(self):
        storage = nf.Unit(nf.Arm.CAVALRY)
        self.assertEqual(nf.lib.napfire_unit_init(storage, nf.UNIT_SIZE - 8, 0), nf.Status.ESIZE)
        self.assertEqual(nf.lib.napfire_unit_init(None, nf.UNIT_SIZE, 0), nf.Status.EINVAL)
        value = ctypes.c_int32(-7)
        self.assertEqual(nf.lib.napfire_unit_get(None, 1, ctypes.byref(value)),
                         nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_unit_get(storage, 1, None), nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_unit_set(None, 2, 1), nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_unit_may_open_order(storage, 1812, None),
                         nf.Status.EINVAL)
        self.assertEqual(value.value, -7)
        with self.assertRaises(ctypes.ArgumentError):
            nf.lib.napfire_unit_init(nf.Rules(), nf.UNIT_SIZE, 0)    # type-checked


class TestOpenOrder(unittest.TestCase):  # F-OO-1
    def unit(self, arm, nation, klass):
        return nf.Unit(arm, nation=nation, troop_class=klass)

    def test_light_infantry(self):
        u = self.unit(nf.Arm.LIGHT_INFANTRY, nf.Nation.AUSTRIA, nf.TroopClass.VETERAN)
        self.assertTrue(u.may_open_order(1805))
        u = self.unit(nf.Arm.LIGHT_INFANTRY, nf.Nation.AUSTRIA, nf.TroopClass.LINE)
        self.assertFalse(u.may_open_order(1805))

    def test_french_line(self):
        u = self.unit(nf.Arm.LINE_INFANTRY, nf.Nation.FRANCE, nf.TroopClass.ELITE)
        self.assertTrue(u.may_open_order(1800))

    def test_coalition_line_from_1812(self):
        u = self.unit(nf.Arm.LINE_INFANTRY, nf.Nation.BRITAIN, nf.TroopClass.GUARD)
        self.assertFalse(u.may_open_order(1811))
        self.assertTrue(u.may_open_order(1812))
        other = self.unit(nf.Arm.LINE_INFANTRY, nf.Nation.OTHER, nf.TroopClass.GUARD)
        self.assertFalse(other.may_open_order(1813))

    def test_cavalry_and_year_domain(self):
        self.assertFalse(nf.Unit(nf.Arm.CAVALRY).may_open_order(1815))
        u = nf.Unit(nf.Arm.LINE_INFANTRY)
        for year in (0, 10000, -5):
            with self.assertRaises(nf.DomainError):
                u.may_open_order(year)


class TestShot(unittest.TestCase):
    def test_defaults(self):
        shot = support.fex1_shot()
        self.assertEqual(shot[nf.ShotParam.MEASURE], nf.Measure.METRIC)
        self.assertEqual(shot.get(nf.ShotParam.DISTANCE), 150)
        self.assertEqual(shot[nf.ShotParam.FIRING_FIGURES], 0)
        self.assertEqual(shot[nf.ShotParam.EXTRA_MODIFIER], 0)
        fresh = nf.Shot(*support.fex1_units())
        self.assertEqual(fresh[nf.ShotParam.DISTANCE], -1)
        # nothing set differs from a new shot's defaults
        self.assertEqual(repr(fresh), "Shot()")

    def test_set_get(self):
        shot = support.fex1_shot(measure=nf.Measure.IMPERIAL)
        shot[nf.ShotParam.DISTANCE] = 90
        shot.update(enfilade=1, firing_figures=20, extra_modifier=-3)
        self.assertEqual(shot[nf.ShotParam.MEASURE], nf.Measure.IMPERIAL)
        self.assertEqual(shot[nf.ShotParam.DISTANCE], 90)
        self.assertEqual(shot[nf.ShotParam.ENFILADE], 1)
        self.assertEqual(shot[nf.ShotParam.FIRING_FIGURES], 20)
        self.assertEqual(shot[nf.ShotParam.EXTRA_MODIFIER], -3)
        with self.assertRaises(TypeError):
            nf.Shot(*support.fex1_units(), range=3)

    def test_shot_copies_the_units(self):
        firer, target = support.fex1_units()
        shot = nf.Shot(firer, target, distance=150)
        firer[nf.UnitParam.FIGURES] = 1
        target[nf.UnitParam.FORMATION] = nf.Formation.LINE
        self.assertEqual(shot.resolve(8, 6).casualties, 3)      # still F-EX-1

    def test_refusals(self):
        shot = support.fex1_shot()
        before = bytes(shot.raw)
        refused = [(nf.ShotParam.FIRING_FIGURES, 31),        # more than the firer's figures
                   (nf.ShotParam.AMMO, nf.Ammo.CANISTER),      # artillery only
                   (nf.ShotParam.FRIEND_IN_ARC, 1),
                   (nf.ShotParam.EXTRA_MODIFIER, 11),
                   (nf.ShotParam.DISTANCE, nf.MAX_DISTANCE + 1),
                   (nf.ShotParam.MEASURE, 2), (nf.UnitParam.FIGURES, 3), (119, 0)]
        for param, value in refused:
            with self.assertRaises(nf.DomainError, msg=(param, value)):
                shot.set(param, value)
        self.assertEqual(bytes(shot.raw), before)
        with self.assertRaises(nf.DomainError):
            shot.get(100)
        skirmishers = nf.Unit(nf.Arm.LIGHT_INFANTRY, formation=nf.Formation.SKIRMISH)
        with self.assertRaises(nf.DomainError):  # SCREEN: not for a target in skirmish order
            nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY, figures=10), skirmishers, screen=1)

    def test_init_errors(self):
        firer, target = support.fex1_units()
        corrupt(target)
        with self.assertRaises(nf.StateError):
            nf.Shot(firer, target)
        shot = support.fex1_shot()
        self.assertEqual(nf.lib.napfire_shot_init(shot, nf.SHOT_SIZE + 8, firer, firer),
                         nf.Status.ESIZE)
        self.assertEqual(nf.lib.napfire_shot_init(shot, nf.SHOT_SIZE, None, firer),
                         nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_shot_get(shot, nf.ShotParam.DISTANCE, None),
                         nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_shot_set(None, nf.ShotParam.DISTANCE, 1),
                         nf.Status.EINVAL)
        # Refused by the binding before C, naming the parameter and its type.
        with self.assertRaisesRegex(TypeError, r"^target must be a Unit, not str$"):
            nf.Shot(firer, "target")

    def test_corrupted_shot_is_estate(self):
        shot = support.fex1_shot()
        corrupt(shot)
        for call in (lambda: shot.get(nf.ShotParam.DISTANCE),
                     lambda: shot.set(nf.ShotParam.DISTANCE, 100),
                     lambda: shot.band(), lambda: shot.modifiers(), lambda: shot.resolve(7)):
            with self.assertRaises(nf.StateError):
                call()

    def test_copy(self):
        shot = support.fex1_shot()
        dup = copy.copy(shot)
        dup[nf.ShotParam.DISTANCE] = 50
        self.assertEqual(shot[nf.ShotParam.DISTANCE], 150)
        self.assertEqual(dup.band(), nf.Band.EFFECTIVE)


if __name__ == "__main__":
    unittest.main()
