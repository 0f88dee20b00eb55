# SPDX-License-Identifier: MIT
"""Keeping values: copy, deepcopy and pickle of Unit, Shot, Rules, Dice
(and Trace). A restored value is the same bytes and behaves the same (a
Dice continues the same sequence); bytes tagged with another layout are
refused with a message naming both; garbage bytes are the library's
ESTATE, a StateError."""
import copy
import ctypes
import pickle
import random
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

    def __init__(self, obj, tag=None, data=None):
        restore, (cls, own_tag, own_data) = obj.__reduce__()
        self.args = restore, (cls, own_tag if tag is None else tag,
                              own_data if data is None else data)

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
        other = tag[:4] + ("0.9.0",)
        with self.assertRaises(ValueError) as cm:
            pickle.loads(pickle.dumps(Forged(unit, tag=other)))
        text = str(cm.exception)
        for part in ("Unit", "napfire_unit", "libnapfire 0.9.0", nf.version_string(),
                     "rules text"):
            self.assertIn(part, text)
        bigger = tag[:3] + (256,) + tag[4:]
        with self.assertRaisesRegex(ValueError, "256 bytes"):
            pickle.loads(pickle.dumps(Forged(unit, tag=bigger)))
        for bogus in (("elsewhere", 1) + tag[2:], tag[:4], "napfire", 0):
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
        restore, (_cls, tag, data) = unit.__reduce__()
        for cls in (dict, nf.Hex, "Unit"):
            with self.subTest(cls=cls):
                with self.assertRaises(TypeError):
                    restore(cls, tag, data)


if __name__ == "__main__":
    unittest.main()
