# SPDX-License-Identifier: MIT
"""Keeping values: copy, deepcopy and pickle of Unit, Shot, Rules, Dice
(and Trace). A restored value is the same bytes and behaves the same (a
Dice continues the same sequence); bytes tagged with another layout are
refused with a message naming both; garbage bytes are the library's
ESTATE, a StateError; a pickle written on a machine of the other byte
order is made again from the values it holds."""
import copy
import ctypes
import pickle
import random
import sys
import unittest

import napfire as nf
import support


def values():
    """One of each kind, each moved away from its initial state."""
    unit = nf.Unit(nf.Arm.LIGHT_INFANTRY, nation=nf.Nation.PRUSSIA, figures=24,
                   formation=nf.Formation.OPEN_ORDER)
    dice = nf.Dice(2026, 3)
    dice.d6()
    trace = nf.Trace((0, 0), (4, 1))
    trace.next_step()
    return {"Unit": unit, "Shot": support.fex1_shot(enfilade=1),
            "Rules": support.complete_rules(), "Dice": dice, "Trace": trace}


class Forged:
    """Pickles as a value of ``cls`` with any tag and bytes."""

    def __init__(self, obj, tag=None, data=None, values=False):
        restore, (cls, own_tag, own_data, own_values) = obj.__reduce__()
        self.args = restore, (cls, own_tag if tag is None else tag,
                              own_data if data is None else data,
                              own_values if values is False else values)

    def __reduce__(self):
        return self.args


class TestKeep(unittest.TestCase):
    def test_copies_are_equal_and_independent(self):
        for name, obj in values().items():
            for how in (copy.copy, copy.deepcopy, lambda o: o.copy(),
                        lambda o: pickle.loads(pickle.dumps(o))):
                with self.subTest(kind=name, how=how):
                    twin = how(obj)
                    self.assertIs(type(twin), type(obj))
                    self.assertIsNot(twin.raw, obj.raw)
                    self.assertEqual(bytes(twin.raw), bytes(obj.raw))

    def test_every_pickle_protocol(self):
        unit = values()["Unit"]
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with self.subTest(protocol=protocol):
                back = pickle.loads(pickle.dumps(unit, protocol))
                self.assertEqual(back[nf.UnitParam.FIGURES], 24)
                self.assertEqual(back.arm, nf.Arm.LIGHT_INFANTRY)

    def test_restored_values_behave_the_same(self):
        kept = values()
        back = {k: pickle.loads(pickle.dumps(v)) for k, v in kept.items()}
        # A Dice continues the same sequence, and the original is not moved.
        self.assertEqual([kept["Dice"].d6() for _ in range(20)],
                         [back["Dice"].d6() for _ in range(20)])
        deep = copy.deepcopy(kept["Dice"])
        self.assertEqual(deep.next_raw(), kept["Dice"].next_raw())
        rules = back["Rules"]
        self.assertEqual(rules.format(), kept["Rules"].format())
        self.assertEqual(bytes(back["Shot"].resolve(8, 6, rules)),
                         bytes(kept["Shot"].resolve(8, 6, kept["Rules"])))
        self.assertEqual(back["Unit"][nf.UnitParam.NATION], nf.Nation.PRUSSIA)
        self.assertEqual([bytes(s) for s in back["Trace"]], [bytes(s) for s in kept["Trace"]])
        # Inside a container, each value is kept once and stays itself.
        army = pickle.loads(pickle.dumps({"units": [kept["Unit"]] * 2, "rules": rules}))
        self.assertIs(army["units"][0], army["units"][1])
        self.assertEqual(army["rules"].format(), rules.format())

    def test_another_layout_is_refused(self):
        unit = values()["Unit"]
        tag = unit.__reduce__()[1][1]
        other = tag[:4] + ("0.9.0",) + tag[5:]
        with self.assertRaises(ValueError) as cm:
            pickle.loads(pickle.dumps(Forged(unit, tag=other)))
        text = str(cm.exception)
        for part in ("Unit", "napfire_unit", "libnapfire 0.9.0", nf.version_string(),
                     "rules text"):
            self.assertIn(part, text)
        bigger = tag[:3] + (256,) + tag[4:]
        with self.assertRaisesRegex(ValueError, "256 bytes"):
            pickle.loads(pickle.dumps(Forged(unit, tag=bigger)))
        for bogus in (("elsewhere", 2) + tag[2:], tag[:4], ("napfire", 1) + tag[2:], "napfire", 0):
            with self.subTest(tag=bogus):
                with self.assertRaisesRegex(ValueError, "not a napfire pickle"):
                    pickle.loads(pickle.dumps(Forged(unit, tag=bogus)))
        with self.assertRaisesRegex(ValueError, "Unit: 64 bytes of storage, 128 expected"):
            pickle.loads(pickle.dumps(Forged(unit, data=bytes(64))))

    def test_garbage_bytes_are_estate(self):
        for name, obj in values().items():
            size = ctypes.sizeof(obj.raw)
            own = bytes(obj.raw)
            noise = random.Random(size).getrandbits(8 * size).to_bytes(size, "little")
            for data in (bytes(size), b"\x5a" * size, noise, bytes([own[0] ^ 1]) + own[1:]):
                with self.subTest(kind=name, data=data[:4]):
                    with self.assertRaises(nf.StateError) as cm:
                        pickle.loads(pickle.dumps(Forged(obj, data=data)))
                    self.assertEqual(cm.exception.status, nf.Status.ESTATE)

    def test_only_napfire_types_are_restored(self):
        unit = values()["Unit"]
        restore, (_cls, tag, data, vals) = unit.__reduce__()
        for cls in (dict, nf.Hex, "Unit"):
            with self.subTest(cls=cls):
                with self.assertRaises(TypeError):
                    restore(cls, tag, data, vals)

    def test_the_first_format_still_loads(self):
        # Format 1: (class, tag without byte order, bytes).
        for name, obj in values().items():
            restore, (cls, tag, data, _vals) = obj.__reduce__()
            with self.subTest(kind=name):
                back = restore(cls, ("napfire", 1) + tag[2:5], data)
                self.assertEqual(bytes(back.raw), data)


OTHER_ORDER = "big" if sys.byteorder == "little" else "little"


def other_order(obj):
    """``obj`` pickled as a machine of the other byte order would: its tag
    says that order and its bytes are not this machine's (here: reversed,
    which no field survives)."""
    _restore, (_cls, tag, data, _vals) = obj.__reduce__()
    return Forged(obj, tag=tag[:5] + (OTHER_ORDER,), data=data[::-1])


class TestByteOrder(unittest.TestCase):
    def test_a_pickle_from_the_other_byte_order_loads(self):
        kept = values()
        for name, obj in kept.items():
            with self.subTest(kind=name):
                back = pickle.loads(pickle.dumps(other_order(obj)))
                self.assertIs(type(back), type(obj))
                # Made again from the values: the very same storage.
                self.assertEqual(bytes(back.raw), bytes(obj.raw))
        back = {k: pickle.loads(pickle.dumps(other_order(v))) for k, v in kept.items()}
        self.assertEqual([kept["Dice"].d6() for _ in range(50)], [back["Dice"].d6() for _ in range(50)])
        self.assertEqual([bytes(s) for s in back["Trace"]], [bytes(s) for s in kept["Trace"]])
        self.assertEqual(back["Rules"].format(), kept["Rules"].format())
        self.assertEqual(bytes(back["Shot"].resolve(8, 6, back["Rules"])),
                         bytes(kept["Shot"].resolve(8, 6, kept["Rules"])))

    def test_the_values_hold_no_bytes(self):
        def plain(v):
            if isinstance(v, tuple):
                return all(plain(x) for x in v)
            return type(v) in (int, str)
        for name, obj in values().items():
            with self.subTest(kind=name):
                self.assertTrue(plain(obj.__reduce__()[1][3]))

    def test_every_shot_parameter_comes_back(self):
        # F-ART-5..7: an artillery shot with its facts; F-SCR: a screened
        # infantry shot; F-MOD-E: the house modifier.
        gun = nf.Unit(nf.Arm.FOOT_ARTILLERY, figures=3, gun=nf.Gun.P12)
        foot = nf.Unit(nf.Arm.LINE_INFANTRY, figures=30, troop_class=nf.TroopClass.GUARD)
        shots = [
            nf.Shot(gun, foot, distance=700, ammo=nf.Ammo.ROUNDSHOT, friend_near_target=80,
                    target_far_from_friends=120, clear_los=1, overhead=1, battery_higher=1,
                    overhead_friend_to_battery=150, overhead_friend_to_enemy=160,
                    measure=nf.Measure.IMPERIAL, extra_modifier=-3),
            nf.Shot(foot, foot, distance=90, screen=1, screen_distance=40, firing_figures=20,
                    enfilade=1),
        ]
        for i, shot in enumerate(shots):
            with self.subTest(shot=i):
                back = pickle.loads(pickle.dumps(other_order(shot)))
                self.assertEqual(bytes(back.raw), bytes(shot.raw))
                twice = pickle.loads(pickle.dumps(other_order(pickle.loads(pickle.dumps(back)))))
                self.assertEqual(bytes(twice.raw), bytes(shot.raw))

    def test_the_dice_words_are_the_documented_pcg32(self):
        # napfire.h: seeding is state = 0, step, state += seed, step, with
        # inc = (stream << 1) | 1; the binding reads those two words.
        seed, stream, mult, mask = 42, 54, 6364136223846793005, (1 << 64) - 1
        inc = (stream << 1) | 1
        state = ((inc + seed) * mult + inc) & mask
        self.assertEqual(nf.Dice(seed, stream).__reduce__()[1][3], ("dice", state, inc))
        self.assertEqual(nf.Dice._from_values(("dice", state, inc)).next_raw(), 0xa15c02b7)
        for bad in (("dice", state, inc - 1), ("dice", -1, inc), ("dice", state, 1 << 64)):
            with self.subTest(values=bad):
                with self.assertRaisesRegex(ValueError, "Dice: not a PCG32 state"):
                    nf.Dice._from_values(bad)

    def test_without_values_the_other_byte_order_is_refused(self):
        unit = values()["Unit"]
        _restore, (_cls, tag, data, _vals) = unit.__reduce__()
        with self.assertRaises(ValueError) as cm:
            pickle.loads(pickle.dumps(Forged(unit, tag=tag[:5] + (OTHER_ORDER,), values=None)))
        for part in ("Unit", OTHER_ORDER + "-endian", sys.byteorder + "-endian", "byte order"):
            self.assertIn(part, str(cm.exception))
        # A shot whose units are not known (its storage came from elsewhere).
        bare = nf.Shot.__new__(nf.Shot)
        bare._storage = type(values()["Shot"].raw).from_buffer_copy(values()["Shot"].raw)
        self.assertIsNone(bare.__reduce__()[1][3])
        with self.assertRaisesRegex(ValueError, "Shot: written on a"):
            pickle.loads(pickle.dumps(other_order(bare)))
        # Values of another kind are refused too.
        with self.assertRaises(ValueError):
            pickle.loads(pickle.dumps(Forged(unit, tag=tag[:5] + (OTHER_ORDER,), values=("rules", ""))))


if __name__ == "__main__":
    unittest.main()
