# SPDX-License-Identifier: MIT
"""Resolving shots: F-EX-1..3, bands, modifiers, verdicts, unknown data,
distributions, expected casualties, resolve_many and the dice."""
import ctypes
import fractions
import unittest

import napfire as nf
import support

M = nf.ModifierId


class TestWorkedExample1(unittest.TestCase):  # F-EX-1
    def setUp(self):
        self.shot = support.fex1_shot()

    def test_band_and_modifiers(self):
        self.assertEqual(self.shot.band(), nf.Band.LONG)
        items, net = self.shot.modifiers()
        self.assertEqual([(i.id, i.value, i.applied, i.suppressed_by) for i in items],
                         [(M.ELITE, 1, 1, 0), (M.BRITISH_LINE, 1, 1, 0), (M.COLUMN, 1, 1, 0)])
        self.assertEqual(net, 3)
        self.assertEqual(items[0].name, "ELITE")
        self.assertIn("BRITISH_LINE", repr(items[1]))

    def check_common(self, res):
        self.assertEqual(res.permitted, 1)
        self.assertEqual(res.reason, nf.Reason.NONE)
        self.assertEqual(res.reasons, 0)
        self.assertEqual(res.violated(), [])
        self.assertEqual(res.band, nf.Band.LONG)
        self.assertEqual(res.net_modifier, 3)
        self.assertEqual(res.modified_roll, 11)
        self.assertEqual((res.row, res.column), (3, 5))    # medium line, 11-12
        self.assertEqual(res.table_halves, 10)             # 5 figures
        self.assertEqual(res.halves, 5)                    # long range: 2½
        self.assertEqual(res.missing, nf.Missing.NONE)
        self.assertEqual(list(res.reserved), [0] * 12)

    def test_half_die_6(self):
        res = self.shot.resolve(8, half_die=6)
        self.check_common(res)
        self.assertEqual((res.casualties, res.target_casualties, res.screen_casualties),
                         (3, 3, 0))
        self.assertEqual((res.half_die_used, res.half_pending), (1, 0))
        self.assertIn("casualties=3", repr(res))

    def test_half_die_3(self):
        res = self.shot.resolve(8, half_die=3)
        self.check_common(res)
        self.assertEqual(res.casualties, 2)
        self.assertEqual((res.half_die_used, res.half_pending), (1, 0))

    def test_half_pending(self):
        res = self.shot.resolve(8)
        self.check_common(res)
        self.assertEqual(res.casualties, 2)
        self.assertEqual((res.half_die_used, res.half_pending), (0, 1))

    def test_imperial(self):  # 9" = 90 tenths, long for a musket (61..120)
        shot = support.fex1_shot(measure=nf.Measure.IMPERIAL)
        shot[nf.ShotParam.DISTANCE] = 90
        self.assertEqual(shot.resolve(8, 6).casualties, 3)


class TestBands(unittest.TestCase):  # F-RNG-2
    def band(self, distance, measure=nf.Measure.METRIC, weapon=nf.Weapon.MUSKET):
        firer, target = support.fex1_units()
        firer[nf.UnitParam.WEAPON] = weapon
        return nf.Shot(firer, target, measure=measure, distance=distance).band()

    def test_edges(self):
        B = nf.Band
        self.assertEqual([self.band(d) for d in (0, 100, 101, 200, 201)],
                         [B.EFFECTIVE, B.EFFECTIVE, B.LONG, B.LONG, B.NONE])
        self.assertEqual([self.band(d, nf.Measure.IMPERIAL) for d in (60, 61, 120, 121)],
                         [B.EFFECTIVE, B.LONG, B.LONG, B.NONE])
        self.assertEqual(self.band(280, weapon=nf.Weapon.SHARPSHOOTER), B.EFFECTIVE)
        self.assertEqual(self.band(281, weapon=nf.Weapon.SHARPSHOOTER), B.NONE)

    def test_errors(self):
        shot = nf.Shot(*support.fex1_units())
        with self.assertRaises(nf.InvalidArgumentError):       # no distance
            shot.band()
        with self.assertRaises(nf.InvalidArgumentError):
            shot.resolve(8, 6)
        cavalry = nf.Shot(nf.Unit(nf.Arm.CAVALRY, figures=12), nf.Unit(nf.Arm.LINE_INFANTRY),
                          distance=50)
        with self.assertRaises(nf.DomainError):
            cavalry.band()
        rules = nf.Rules()
        rules.set_range(nf.Weapon.MUSKET, nf.Measure.METRIC, None, None)
        with self.assertRaises(nf.UnknownDataError):
            support.fex1_shot().band(rules)
        self.assertEqual(nf.lib.napfire_shot_band(support.fex1_shot(), None, None),
                         nf.Status.EINVAL)


class TestModifiers(unittest.TestCase):
    def test_guard_cap(self):  # F-MOD-G
        firer, target = support.fex1_units()
        firer[nf.UnitParam.CLASS] = nf.TroopClass.GUARD
        items, net = nf.Shot(firer, target, distance=50).modifiers()
        by_id = {i.id: i for i in items}
        self.assertEqual(by_id[M.GUARD].applied, 1)
        self.assertEqual((by_id[M.BRITISH_LINE].applied, by_id[M.BRITISH_LINE].suppressed_by),
                         (0, M.GUARD_CAP))
        self.assertEqual(net, 3)                                # +2 guard, +1 column

    def test_exclusive_minus_four_and_extra(self):  # F-MOD-X, F-MOD-E
        firer, target = support.fex1_units()
        firer.update(disordered=1, fired_last_turn=1)
        target[nf.UnitParam.COVER] = nf.Cover.COVER
        items, net = nf.Shot(firer, target, distance=50, extra_modifier=2).modifiers()
        by_id = {i.id: i for i in items}
        self.assertEqual(by_id[M.FIRED_LAST_TURN].suppressed_by, M.DISORDERED)
        self.assertEqual(by_id[M.COVER].suppressed_by, M.DISORDERED)
        self.assertEqual(items[-1].id, M.EXTRA)
        self.assertEqual(net, 1 + 1 - 4 + 1 + 2)     # elite, british, disordered, column, extra

    def test_more_items_than_the_first_buffer(self):
        # Nine items: the binding's first buffer holds 8, so it must retry
        # with the count NAPFIRE_ENOSPC reports.
        firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.BRITAIN,
                        troop_class=nf.TroopClass.GUARD, figures=30, fired_last_turn=1,
                        disordered=1)
        target = nf.Unit(nf.Arm.CAVALRY, formation=nf.Formation.COLUMN_OF_COMPANIES,
                         charging=1, cover=nf.Cover.LIMITED)
        shot = nf.Shot(firer, target, distance=50, enfilade=1, extra_modifier=-1)
        items, _ = shot.modifiers()
        self.assertEqual(len(items), 9)
        self.assertEqual([i.id for i in items], sorted(i.id for i in items))
        count, net = ctypes.c_size_t(), ctypes.c_int32(99)
        status = nf.lib.napfire_shot_modifiers(shot, None, None, 0, ctypes.byref(count),
                                               ctypes.byref(net))
        self.assertEqual((status, count.value, net.value), (nf.Status.ENOSPC, 9, 99))

    def test_unknown_value(self):
        rules = nf.Rules()
        rules.set_modifier(nf.Fire.MUSKETRY, M.ELITE, None)
        with self.assertRaises(nf.UnknownDataError) as ctx:
            support.fex1_shot().modifiers(rules)
        items = ctx.exception.result
        self.assertEqual([(i.id, i.applied) for i in items],
                         [(M.ELITE, -1), (M.BRITISH_LINE, 1), (M.COLUMN, 1)])
        self.assertIsNone(ctx.exception.missing)

    def test_not_covered_has_no_items(self):
        shot = nf.Shot(nf.Unit(nf.Arm.CAVALRY, figures=12), nf.Unit(nf.Arm.LINE_INFANTRY),
                       distance=50)
        self.assertEqual(shot.modifiers(), ([], 0))


class TestVerdicts(unittest.TestCase):
    def test_out_of_range(self):
        shot = support.fex1_shot()
        shot[nf.ShotParam.DISTANCE] = 201
        res = shot.resolve(8, 6)
        self.assertEqual((res.permitted, res.reason), (0, nf.Reason.OUT_OF_RANGE))
        self.assertEqual(res.violated(), [nf.Reason.OUT_OF_RANGE])
        self.assertIn("OUT_OF_RANGE", repr(res))

    def test_several_reasons_in_precedence_order(self):
        firer, target = support.fex1_units()
        firer.update(figures=0, moved=nf.Moved.MORE)
        res = nf.Shot(firer, target, distance=500).resolve(8, 6)
        self.assertEqual(res.reason, nf.Reason.NO_FIGURES)
        self.assertEqual(res.violated(), [nf.Reason.NO_FIGURES, nf.Reason.MOVED_TOO_FAR,
                                          nf.Reason.OUT_OF_RANGE])
        self.assertEqual(res.reasons, (1 << 2) | (1 << 5) | (1 << 7))

    def test_not_covered(self):  # F-TAB-6
        shot = nf.Shot(nf.Unit(nf.Arm.CAVALRY, figures=12), nf.Unit(nf.Arm.LINE_INFANTRY),
                       distance=50)
        self.assertEqual(shot.resolve(7, 1).reason, nf.Reason.NOT_COVERED)

    def test_screens(self):  # F-SCR-1/2
        near = support.fex1_shot(screen=1, screen_distance=50)
        res = near.resolve(8, 6)
        self.assertEqual((res.casualties, res.screen_casualties, res.target_casualties),
                         (3, 1, 2))
        far = support.fex1_shot(screen=1, screen_distance=51)
        self.assertEqual(far.resolve(8, 6).reason, nf.Reason.SCREENED)
        with self.assertRaises(nf.InvalidArgumentError):       # SCREEN needs its distance
            support.fex1_shot(screen=1).resolve(8, 6)

    def test_dice_domain(self):
        shot = support.fex1_shot()
        for roll, die in [(1, 0), (13, 0), (8, 7), (8, -1)]:
            with self.assertRaises(nf.DomainError, msg=(roll, die)):
                shot.resolve(roll, die)
        self.assertEqual(nf.lib.napfire_shot_resolve(shot, None, 8, 6, None), nf.Status.EINVAL)


class TestUnknownData(unittest.TestCase):
    def test_unknown_cell_names_it(self):
        with self.assertRaises(nf.UnknownDataError) as ctx:
            support.fex1_shot().resolve(12, 6)               # 12 + 3 = 15: row 4, 15-16
        err = ctx.exception
        self.assertEqual(err.missing, nf.Missing.MUSKETRY_CELL)
        self.assertEqual(list(err.result.missing_index), [3, 7, -1, -1])
        self.assertEqual((err.result.band, err.result.net_modifier, err.result.modified_roll),
                         (nf.Band.LONG, 3, 15))
        self.assertEqual(err.name, "EUNKNOWN")
        self.assertIn("MUSKETRY_CELL", repr(err.result))

    def test_complete_rules_resolve_it(self):
        rules = support.complete_rules()
        res = support.fex1_shot().resolve(12, 6, rules)
        self.assertEqual(res.table_halves, rules.get_musketry(3, 7)[0])

    def test_star(self):  # F-TAB-4: N* is N+1 from 48 figures, before halving
        rules = support.complete_rules()
        rules.set_musketry(4, 4, 10, star=True)
        firer = nf.Unit(nf.Arm.LINE_INFANTRY, figures=48)
        target = nf.Unit(nf.Arm.LINE_INFANTRY, figures=30)
        res = nf.Shot(firer, target, distance=50).resolve(9, 0, rules)    # 9: column 9-10
        self.assertEqual((res.row, res.column, res.table_halves), (4, 4, 12))
        firer[nf.UnitParam.FIGURES] = 47
        res = nf.Shot(firer, target, distance=50).resolve(9, 0, rules)
        self.assertEqual(res.table_halves, 10)

    def test_forbidden_wins_over_unknown(self):
        shot = support.fex1_shot()
        shot[nf.ShotParam.DISTANCE] = 999
        self.assertEqual(shot.resolve(12, 6).reason, nf.Reason.OUT_OF_RANGE)


class TestArtillery(unittest.TestCase):  # F-ART, F-EX-2/3 with made-up data
    def battery(self, gun=nf.Gun.P9):
        return nf.Unit(nf.Arm.FOOT_ARTILLERY, nation=nf.Nation.BRITAIN, figures=2, gun=gun)

    def test_no_data_is_unknown(self):
        target = nf.Unit(nf.Arm.LINE_INFANTRY, figures=24)
        with self.assertRaises(nf.UnknownDataError) as ctx:
            nf.Shot(self.battery(), target, distance=100).resolve(7, 6)
        self.assertEqual(ctx.exception.missing, nf.Missing.RANGE)

    def test_fex2_canister_split(self):
        rules = support.artillery_rules(cell_halves=8)           # a table that gives 4
        column = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.FRANCE,
                         formation=nf.Formation.COLUMN_OF_DIVISIONS, figures=24)
        shot = nf.Shot(self.battery(), column, distance=100, ammo=nf.Ammo.CANISTER,
                       screen=1, screen_distance=40)
        res = shot.resolve(7, 0, rules)
        self.assertEqual((res.band, res.casualties, res.screen_casualties,
                          res.target_casualties), (nf.Band.CANISTER, 4, 1, 3))

    def test_fex3_long_range_friends(self):
        rules = support.artillery_rules()
        line = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.AUSTRIA, figures=48)
        shot = nf.Shot(self.battery(), line, distance=800, friend_near_target=120)
        self.assertEqual(shot.resolve(7, 6, rules).permitted, 1)
        shot[nf.ShotParam.FRIEND_NEAR_TARGET] = 80
        res = shot.resolve(7, 6, rules)
        self.assertEqual(res.reason, nf.Reason.FRIEND_SCREENS_LONG_RANGE)
        shot.update(clear_los=1, target_far_from_friends=150)
        self.assertEqual(shot.resolve(7, 6, rules).permitted, 1)


class TestProbability(unittest.TestCase):
    def test_distribution_fex1(self):
        rules = support.complete_rules()
        outcomes, verdict = support.fex1_shot().distribution(rules)
        self.assertEqual(sum(o.weight for o in outcomes), nf.OUTCOME_DENOMINATOR)
        self.assertEqual(verdict.permitted, 1)
        self.assertEqual(verdict.band, nf.Band.LONG)
        pairs = [(o.target_casualties, o.screen_casualties) for o in outcomes]
        self.assertEqual(pairs, sorted(set(pairs)))
        # Brute force over the 216 dice with single resolutions.
        shot, weights = support.fex1_shot(), {}
        for roll in range(2, 13):
            for die in range(1, 7):
                res = shot.resolve(roll, die, rules)
                key = (res.target_casualties, res.screen_casualties)
                weights[key] = weights.get(key, 0) + (6 - abs(roll - 7))
        self.assertEqual({(o.target_casualties, o.screen_casualties): o.weight
                          for o in outcomes}, weights)
        expected = support.fex1_shot().expected(rules)
        self.assertIsInstance(expected, fractions.Fraction)
        self.assertEqual(expected, fractions.Fraction(
            sum((t + s) * w for (t, s), w in weights.items()), 216))
        self.assertIn("/216", repr(outcomes[0]))

    def test_expected_double(self):
        num, den, value = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_double()
        shot = support.fex1_shot()
        shot[nf.ShotParam.DISTANCE] = 999                     # forbidden: 0 casualties
        self.assertEqual(nf.lib.napfire_shot_expected(shot, None, ctypes.byref(num),
                                                      ctypes.byref(den), ctypes.byref(value)), 0)
        self.assertEqual((num.value, value.value), (0, 0.0))
        self.assertEqual(shot.expected(), 0)
        outcomes, verdict = shot.distribution()
        self.assertEqual([(o.target_casualties, o.weight) for o in outcomes], [(0, 216)])
        self.assertEqual(verdict.reason, nf.Reason.OUT_OF_RANGE)

    def test_unknown(self):
        with self.assertRaises(nf.UnknownDataError) as ctx:
            support.fex1_shot().distribution()
        self.assertEqual(ctx.exception.missing, nf.Missing.MUSKETRY_CELL)
        with self.assertRaises(nf.UnknownDataError):
            support.fex1_shot().expected()

    def test_known_distribution(self):
        # F-DATA, F-EX-1 on the built-in data: only modified rolls 11-12
        # reach a known cell (5 figures, halved at long range: F-CAS-1).
        outcomes, unknown, verdict = support.fex1_shot().known_distribution()
        self.assertEqual([(o.target_casualties, o.weight) for o in outcomes], [(2, 27), (3, 27)])
        self.assertEqual(unknown, 162)
        self.assertEqual(verdict.permitted, 1)
        self.assertEqual(verdict.missing, nf.Missing.MUSKETRY_CELL)
        self.assertEqual(list(verdict.missing_index), [3, 2, -1, -1])
        # Everything known: exactly the distribution, nothing unknown.
        rules = support.complete_rules()
        known, unknown, verdict = support.fex1_shot().known_distribution(rules)
        whole, whole_verdict = support.fex1_shot().distribution(rules)
        self.assertEqual(unknown, 0)
        self.assertEqual([bytes(o) for o in known], [bytes(o) for o in whole])
        self.assertEqual(bytes(verdict), bytes(whole_verdict))
        # Other errors still raise.
        with self.assertRaises(nf.InvalidArgumentError):
            nf.Shot(*support.fex1_units()).known_distribution()

    def test_distribution_enospc(self):
        count = ctypes.c_size_t()
        status = nf.lib.napfire_shot_distribution(support.fex1_shot(), support.complete_rules(),
                                                  None, 0, ctypes.byref(count), None)
        self.assertEqual(status, nf.Status.ENOSPC)
        self.assertGreater(count.value, 1)
        self.assertEqual(nf.lib.napfire_shot_distribution(None, None, None, 0,
                                                          ctypes.byref(count), None),
                         nf.Status.EINVAL)

    def test_resolve_many(self):
        ok, far = support.fex1_shot(), support.fex1_shot()
        far[nf.ShotParam.DISTANCE] = 999
        bare = nf.Shot(*support.fex1_units())
        shots = [ok, ok, far, ok, bare]
        rolls, dice = [8, 8, 8, 12, 8], [6, 3, 6, 6, 6]
        results, statuses = nf.resolve_many(shots, rolls, dice)
        self.assertEqual(statuses, [nf.Status.OK, nf.Status.OK, nf.Status.OK,
                                    nf.Status.EUNKNOWN, nf.Status.EINVAL])
        self.assertEqual([r.casualties for r in results[:3]], [3, 2, 0])
        self.assertEqual(bytes(results[0]), bytes(ok.resolve(8, 6)))
        self.assertEqual(results[3].missing, nf.Missing.MUSKETRY_CELL)
        self.assertEqual(nf.resolve_many([], []), ([], []))
        self.assertEqual(nf.resolve_many([ok], [8])[0][0].half_pending, 1)
        with self.assertRaises(ValueError):
            nf.resolve_many([ok], [8, 9])
        with self.assertRaises(TypeError):
            nf.resolve_many([nf.Unit(nf.Arm.CAVALRY)], [8])
        self.assertEqual(nf.lib.napfire_resolve_many(None, 1, None, None, None, None, None),
                         nf.Status.EINVAL)
        one = (ctypes.c_int32 * 1)(8)
        res, st = nf.Result(), ctypes.c_int32()
        self.assertEqual(nf.lib.napfire_resolve_many(ok.raw, nf.MAX_BATCH + 1, None, one, one,
                                                     ctypes.byref(res), ctypes.byref(st)),
                         nf.Status.EDOMAIN)

    def test_resolve_many_arguments(self):
        ok = support.fex1_shot()
        with self.assertRaisesRegex(nf.RangeError, r"rolls\[1\]=2147483648 is outside"):
            nf.resolve_many([ok, ok], [8, 2 ** 31])
        with self.assertRaisesRegex(nf.RangeError, r"half_dice\[0\]=-2147483649 is outside"):
            nf.resolve_many([ok], [8], [-2 ** 31 - 1])
        with self.assertRaisesRegex(TypeError, r"rolls\[0\] must be an integer, not float"):
            nf.resolve_many([ok], [8.0])
        with self.assertRaisesRegex(TypeError, r"half_dice\[1\] must be an integer, not str"):
            nf.resolve_many([ok, ok], (8, 8), (6, "6"))
        # In int32 but outside the domain: the element's status, not an exception.
        results, statuses = nf.resolve_many([ok, ok], (13, 8), [6, 7])
        self.assertEqual(statuses, [nf.Status.EDOMAIN, nf.Status.EDOMAIN])
        self.assertEqual(nf.resolve_many([ok], [True], [6])[1], [nf.Status.EDOMAIN])

    def test_resolve_many_dice(self):  # F-CAS-3: the half die only when a half remains
        ok, far = support.fex1_shot(), support.fex1_shot()
        far[nf.ShotParam.DISTANCE] = 999
        bare = nf.Shot(*support.fex1_units())
        shots = [ok] * 40 + [far, bare]
        dice = nf.Dice(2026, 54)
        replay = dice.copy()
        results, statuses, rolls, half_dice = nf.resolve_many_dice(shots, dice)
        self.assertEqual(len(results), 42)
        self.assertEqual(statuses[40:], [nf.Status.OK, nf.Status.EINVAL])
        self.assertFalse(results[40].permitted)
        # The same rolls through resolve_many give the same bytes.
        again, again_st = nf.resolve_many(shots, rolls, half_dice)
        self.assertEqual(again_st, statuses)
        self.assertEqual([bytes(r) for r in again], [bytes(r) for r in results])
        # The generator rolled 2D6 for each shot and a die only for a pending half.
        halves = 0
        for i, roll in enumerate(rolls):
            self.assertEqual(replay.roll_2d6(), roll)
            first = nf.resolve_many([shots[i]], [roll])[0][0]
            if statuses[i] == nf.Status.OK and first.half_pending:
                self.assertEqual(replay.d6(), half_dice[i])
                self.assertTrue(results[i].half_die_used)
                halves += 1
            else:
                self.assertEqual(half_dice[i], 0)
        self.assertGreater(halves, 0)
        self.assertIn(nf.Status.OK, statuses[:40])
        self.assertEqual(replay.next_raw(), dice.next_raw())
        # Nothing to roll: nothing drawn.
        before = bytes(dice.raw)
        self.assertEqual(nf.resolve_many_dice([], dice), ([], [], [], []))
        self.assertEqual(bytes(dice.raw), before)
        with self.assertRaisesRegex(TypeError, "dice must be a Dice"):
            nf.resolve_many_dice([ok], 7)
        with self.assertRaisesRegex(TypeError, "element 1 is not a Shot"):
            nf.resolve_many_dice([ok, nf.Unit(nf.Arm.CAVALRY)], dice)
        ctypes.memset(dice.raw, 0, nf.DICE_SIZE)
        with self.assertRaises(nf.StateError):
            nf.resolve_many_dice([ok], dice)
        self.assertEqual(bytes(dice.raw), bytes(nf.DICE_SIZE))


class TestDice(unittest.TestCase):
    def test_reference_vectors(self):  # napfire.h: seed 42, stream 54
        dice = nf.Dice(42, 54)
        self.assertEqual([dice.next_raw() for _ in range(3)],
                         [0xa15c02b7, 0x7b47f409, 0xba1d3330])

    def test_faces_and_replay(self):
        a, b = nf.Dice(2026, 7), nf.Dice(2026, 7)
        faces = [a.d6() for _ in range(600)]
        self.assertEqual(faces, [b.d6() for _ in range(600)])
        self.assertEqual(set(faces), set(range(1, 7)))
        rolls = [a.roll_2d6() for _ in range(600)]
        self.assertTrue(all(2 <= r <= 12 for r in rolls))
        c = a.copy()
        self.assertEqual([a.roll_2d6() for _ in range(10)], [c.roll_2d6() for _ in range(10)])
        self.assertNotEqual([nf.Dice(1).next_raw() for _ in range(1)],
                            [nf.Dice(2).next_raw() for _ in range(1)])

    def test_big_seeds_and_errors(self):
        nf.Dice(2 ** 64 - 1, 2 ** 64 - 1).d6()
        dice = nf.Dice(1)
        self.assertEqual(nf.lib.napfire_dice_init(dice, 16, 1, 1), nf.Status.ESIZE)
        self.assertEqual(nf.lib.napfire_dice_init(None, nf.DICE_SIZE, 1, 1), nf.Status.EINVAL)
        self.assertEqual(nf.lib.napfire_dice_d6(dice, None), nf.Status.EINVAL)
        ctypes.memset(dice.raw, 0, nf.DICE_SIZE)
        for call in (dice.d6, dice.roll_2d6, dice.next_raw):
            with self.assertRaises(nf.StateError):
                call()


if __name__ == "__main__":
    unittest.main()
