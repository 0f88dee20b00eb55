# SPDX-License-Identifier: MIT
"""The package on the table: Footprint and Scene as plain values,
Shot.measure() (napfire_shot_measure, rules F-GEO).

F-EX-1, F-EX-2 and F-EX-3 measured from footprints (F-GEO-3 the range,
F-GEO-12 the screen, F-GEO-6 the sector, F-GEO-7 friends in front,
F-GEO-10 penetration's unknown long range), and every argument checked
before any C call, the refusal naming what was wrong (F-GEO-1 the 2^18
bound on both sides, F-GEO-2 convex and clockwise, firer and target
apart)."""
import unittest
from unittest import mock

import napfire as nf
import support

LIB = nf.lib

# A British 9-pounder battery facing +y, its front on the x axis.
BATTERY = nf.Footprint([(-60, 0), (60, 0), (60, -40), (-60, -40)])
# A French column facing -y, its front 100 mm ahead (canister range of
# support.artillery_rules()) and its skirmishers 30 mm in front of it.
COLUMN = nf.Footprint([(40, 100), (-40, 100), (-40, 200), (40, 200)])
SCREEN = nf.Footprint([(70, 60), (-70, 60), (-70, 70), (70, 70)])


def battery_shot(ammo, formation=nf.Formation.COLUMN_OF_DIVISIONS):
    firer = nf.Unit(nf.Arm.FOOT_ARTILLERY, nation=nf.Nation.BRITAIN, figures=4, gun=nf.Gun.P9)
    target = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.FRANCE, figures=24, formation=formation)
    return nf.Shot(firer, target, ammo=ammo)


class TestWorkedExamples(unittest.TestCase):
    def test_fex1_from_footprints(self):  # F-EX-1, F-GEO-3, F-GEO-13
        firer, target = support.fex1_units()
        shot = nf.Shot(firer, target)
        facts = shot.measure(support.fex1_scene())
        self.assertEqual([f.param for f in facts], [nf.ShotParam.DISTANCE, nf.ShotParam.ENFILADE,
                                                    nf.ShotParam.SCREEN, nf.ShotParam.SCREEN_DISTANCE])
        distance = facts[0]
        self.assertEqual((distance.value, distance.decider, distance.rule), (150, nf.Decider.TARGET,
                                                                           nf.TableRule.RANGE))
        self.assertIn("F-GEO-3", distance.rule_id)
        self.assertIsNone(distance.missing)
        self.assertEqual(shot.get(nf.ShotParam.DISTANCE), 150)
        self.assertEqual(shot.resolve(8, 6).casualties, 3)
        self.assertEqual(shot.resolve(8, 3).casualties, 2)

    def test_fex1_in_tenths_of_an_inch(self):  # F-EX-1 imperial: 9 inches
        firer, target = support.fex1_units()
        shot = nf.Shot(firer, target, measure=nf.Measure.IMPERIAL)
        scene = nf.Scene(nf.Footprint([(-100, 0), (100, 0), (100, -10), (-100, -10)]),
                         nf.Footprint([(25, 90), (-25, 90), (-25, 150), (25, 150)]))
        self.assertEqual(shot.measure(scene)[0].value, 90)
        self.assertEqual(shot.resolve(8, 6).casualties, 3)

    def test_fex2_screened_column(self):  # F-EX-2, F-SCR-3/4, F-GEO-12
        shot = battery_shot(nf.Ammo.CANISTER)
        facts = {f.param: f for f in shot.measure(nf.Scene(BATTERY, COLUMN, screen=SCREEN))}
        self.assertEqual(len(facts), 14)  # a battery: every fact
        self.assertEqual((facts[nf.ShotParam.SCREEN].value, facts[nf.ShotParam.SCREEN].decider),
                         (1, nf.Decider.SCREEN))
        self.assertEqual(facts[nf.ShotParam.SCREEN_DISTANCE].value, 30)
        res = shot.resolve(7, 0, support.artillery_rules(cell_halves=8))  # a table that gives 4
        self.assertEqual((res.casualties, res.screen_casualties, res.target_casualties), (4, 1, 3))

    def test_fex3_friend_12cm_in_front(self):  # F-EX-3, F-ART-5, F-GEO-7
        firer = nf.Unit(nf.Arm.FOOT_ARTILLERY, nation=nf.Nation.FRANCE, figures=4, gun=nf.Gun.P12)
        line = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.AUSTRIA, figures=48)
        rules = support.artillery_rules()   # long range 500..1000 mm
        battery = nf.Footprint([(-300, 0), (-180, 0), (-180, -40), (-300, -40)])
        austrians = nf.Footprint([(300, 800), (-300, 800), (-300, 820), (300, 820)])
        for ahead, near in ((120, -1), (101, -1), (100, 100), (80, 80)):
            with self.subTest(ahead=ahead):
                front = 800 - ahead     # the French column faces the Austrians
                column = nf.Footprint([(270, front), (310, front), (310, front - 100), (270, front - 100)])
                shot = nf.Shot(firer, line, ammo=nf.Ammo.ROUNDSHOT)
                facts = {f.param: f for f in shot.measure(nf.Scene(battery, austrians, friends=[column]),
                                                          rules)}
                fact = facts[nf.ShotParam.FRIEND_NEAR_TARGET]
                self.assertEqual(fact.value, near)
                if near >= 0:
                    self.assertEqual((fact.decider, fact.decider_index), (nf.Decider.FRIEND, 0))
                self.assertEqual(shot.band(rules), nf.Band.LONG)
                # 12 cm: permitted; at 10 cm and closer the clear line of
                # sight and the far end more than 10 cm away still permit it.
                self.assertEqual(shot.resolve(7, 6, rules).permitted, 1)

    def test_sector_of_fire(self):  # F-ART-4, F-GEO-6
        friend = nf.Footprint([(-10, 50), (10, 50), (10, 40), (-10, 40)])
        shot = battery_shot(nf.Ammo.CANISTER)
        facts = {f.param: f for f in shot.measure(nf.Scene(BATTERY, COLUMN, friends=[COLUMN._replace(
            corners=((400, 100), (300, 100), (300, 200), (400, 200))), friend]))}
        arc = facts[nf.ShotParam.FRIEND_IN_ARC]
        self.assertEqual((arc.value, arc.decider, arc.decider_index), (1, nf.Decider.FRIEND, 1))
        res = shot.resolve(7, 0, support.artillery_rules())
        self.assertEqual(res.reason, nf.Reason.FRIEND_IN_ARC)

    def test_unknown_long_range(self):  # F-GEO-10: only a friend behind needs it
        behind = nf.Footprint([(-20, 300), (20, 300), (20, 280), (-20, 280)])
        shot = battery_shot(nf.Ammo.ROUNDSHOT)
        before = bytes(shot.raw)
        with self.assertRaises(nf.UnknownDataError) as cm:
            shot.measure(nf.Scene(BATTERY, COLUMN, friends=[behind]))
        self.assertEqual(bytes(shot.raw), before, "the shot is unchanged")
        exc = cm.exception
        self.assertEqual(exc.missing, nf.Missing.RANGE)
        self.assertIn("?", exc.patch)
        undecided = [f for f in exc.result if f.missing is not None]
        self.assertEqual([f.param for f in undecided], [nf.ShotParam.PENETRATION_HITS_FRIEND])
        # With the gun's ranges known, the friend behind is hit.
        facts = {f.param: f for f in shot.measure(nf.Scene(BATTERY, COLUMN, friends=[behind]),
                                                  support.artillery_rules())}
        hit = facts[nf.ShotParam.PENETRATION_HITS_FRIEND]
        self.assertEqual((hit.value, hit.decider), (1, nf.Decider.FRIEND))

    def test_screen_the_rules_refuse(self):  # F-GEO-12, F-SCR
        shot = battery_shot(nf.Ammo.CANISTER, formation=nf.Formation.SKIRMISH)
        before = bytes(shot.raw)
        with self.assertRaises(nf.DomainError):
            shot.measure(nf.Scene(BATTERY, COLUMN, screen=SCREEN))
        self.assertEqual(bytes(shot.raw), before)

    def test_names(self):
        self.assertEqual(nf.table_enum_name(nf.TableEnumId.DECIDER, nf.Decider.FRIEND), "FRIEND")
        self.assertEqual(nf.table_rule_id(nf.TableRule.SECTOR), "F-GEO-6, F-ART-4")


class TestFootprintChecks(unittest.TestCase):
    """Refused in Python, before any C call, naming the value at fault."""

    def refused(self, exc_type, text, make):
        calls = []

        class Shim:
            def __getattr__(self, name):
                calls.append(name)
                return getattr(LIB, name)
        with mock.patch.object(nf, "lib", Shim()):
            with self.assertRaises(exc_type) as cm:
                make()
        self.assertIn(text, str(cm.exception))
        # The status name of a DomainError is the only library call allowed.
        self.assertEqual([c for c in calls if c not in ("napfire_status_name", "napfire_strerror")], [])

    def test_corners(self):  # F-GEO-1, F-GEO-2
        ok = [(0, 10), (10, 10), (10, 0), (0, 0)]
        self.assertEqual(nf.Footprint(ok).corners, tuple(ok))
        self.refused(ValueError, "corners has 3 points", lambda: nf.Footprint(ok[:3]))
        self.refused(TypeError, "corners must be a sequence", lambda: nf.Footprint(5))
        self.refused(TypeError, "corners[1] must be a sequence", lambda: nf.Footprint([ok[0], 7, ok[2], ok[3]]))
        self.refused(ValueError, "corners[2] has 3 values", lambda: nf.Footprint(ok[:2] + [(1, 2, 3), ok[3]]))
        self.refused(TypeError, "corners[0][0] must be an integer", lambda: nf.Footprint([(0.5, 10)] + ok[1:]))
        self.refused(TypeError, "level must be an integer", lambda: nf.Footprint(ok, level="1"))
        self.refused(nf.RangeError, "level=", lambda: nf.Footprint(ok, level=2 ** 31))

    def test_the_bound_2_to_the_18(self):  # F-GEO-1: both sides
        m = nf.TABLE_COORD_MAX
        self.assertEqual(m, 2 ** 18)
        nf.Footprint([(m - 10, m), (m, m), (m, -m), (m - 10, -m)])
        self.refused(nf.DomainError, "corners[1][0]=262145 is outside -262144..262144",
                     lambda: nf.Footprint([(m - 10, m), (m + 1, m), (m, -m), (m - 10, -m)]))
        self.refused(nf.DomainError, "corners[2][1]=-262145",
                     lambda: nf.Footprint([(m - 10, m), (m, m), (m, -m - 1), (m - 10, -m)]))

    def test_shapes(self):  # F-GEO-2
        cases = [([(0, 0), (10, 10), (10, 0), (0, 10)], "concave or self-crossing"),
                 ([(0, 10), (10, 10), (5, 8), (0, 0)], "concave or self-crossing"),
                 ([(0, 0), (10, 0), (10, 10), (0, 10)], "counter-clockwise"),
                 ([(0, 0), (1, 1), (2, 2), (3, 3)], "enclose no area"),
                 ([(0, 10), (10, 10), (10, 10), (0, 0)], "repeats one")]
        for corners, why in cases:
            with self.subTest(corners=corners):
                self.refused(nf.DomainError, why, lambda corners=corners: nf.Footprint(corners))

    def test_scene(self):  # F-GEO-2
        line = support.fex1_scene().firer
        self.refused(TypeError, "firer must be a Footprint", lambda: nf.Scene([(0, 0)], line))
        self.refused(TypeError, "screen must be a Footprint or None", lambda: nf.Scene(line, COLUMN, screen=5))
        self.refused(TypeError, "friends[1] must be a Footprint", lambda: nf.Scene(line, COLUMN,
                                                                                  friends=[COLUMN, "x"]))
        self.refused(TypeError, "others must be a sequence", lambda: nf.Scene(line, COLUMN, others=5))
        self.refused(nf.DomainError, "overlaps the firer", lambda: nf.Scene(line, line))
        touching = nf.Footprint([(40, 0), (-40, 0), (-40, 100), (40, 100)])
        nf.Scene(line, touching)  # base to base: touching is not overlapping

    def test_too_many_footprints(self):
        class Many:
            def __len__(self):
                return nf.MAX_SCENE - 1

            def __iter__(self):
                raise AssertionError("read")
        self.refused(ValueError, "at most MAX_SCENE", lambda: nf.Scene(BATTERY, COLUMN, friends=Many()))

    def test_measure_arguments(self):
        shot = support.fex1_shot()
        before = bytes(shot.raw)
        self.refused(TypeError, "scene must be a Scene", lambda: shot.measure((1, 2)))
        self.refused(TypeError, "rules must be a Rules or None",
                     lambda: shot.measure(support.fex1_scene(), rules=5))
        self.assertEqual(bytes(shot.raw), before)


if __name__ == "__main__":
    unittest.main()
