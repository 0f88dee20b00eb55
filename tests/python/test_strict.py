# SPDX-License-Identifier: MIT
"""Every public function and method of the package checks its arguments
before any C call and before allocating anything sized by them.

The walk below finds the package's public callables itself (a new one
without an entry in VALID fails the test), calls each with valid
arguments (which must work), then replaces one argument at a time with
wrong types, out-of-range integers, floats, strings, short and long
sequences. Each must be refused with a TypeError or ValueError (RangeError
is both) whose message names the parameter, with no call into the library
(a counting shim stands for ``napfire.lib``) and the object unchanged."""
import array
import inspect
import os
import re
import shutil
import tempfile
import unittest
from unittest import mock

import napfire as nf
import support


class CountingLib:
    """Stands for the package's ``lib``: counts calls of library functions."""

    def __init__(self, real):
        self._real = real
        self.calls = []

    def __getattr__(self, name):
        fn = getattr(self._real, name)
        if not name.startswith("napfire_"):
            return fn

        def counted(*args):
            self.calls.append(name)
            return fn(*args)
        return counted


class Huge:
    """A sequence of MAX_BATCH + 1 shots that must never be read: its
    length alone is to be refused."""

    def __init__(self, shot):
        self.shot = shot

    def __len__(self):
        return nf.MAX_BATCH + 1

    def __iter__(self):
        raise AssertionError("a batch over MAX_BATCH was read")

    def __getitem__(self, i):
        raise AssertionError("a batch over MAX_BATCH was read")


def unit():
    return nf.Unit(nf.Arm.LINE_INFANTRY, figures=30)


RULES_TEXT = "napfire-rules 1\nname = \"strict\"\n"
HEXINFO = nf.HexInfo

#: Public callable -> (object factory for methods or None, valid arguments).
#: The arguments are keywords; a callable's **kwargs are walked by the keys
#: given here.
VALID = {
    "strerror": (None, dict(status=0)),
    "status_name": (None, dict(status=-3)),
    "enum_name": (None, dict(enumeration=nf.EnumId.ARM, value=1)),
    "reason_name": (None, dict(reason=7)),
    "modifier_name": (None, dict(modifier_id=1)),
    "param_bounds": (None, dict(param=nf.UnitParam.FIGURES)),
    "round_half": (None, dict(halves=3, half_die=6, second_class=False)),
    "error_for": (None, dict(status=-1, function="napfire_x")),
    "missing_describe": (None, dict(missing=nf.Missing.MUSKETRY_CELL, index=(4, 2, 0, 0),
                                    style=nf.DescribeStyle.PATCH)),
    "unknown_data": (None, dict(rules=nf.Rules())),
    "resolve_many": (None, dict(shots=[support.fex1_shot()], rolls=[8], half_dice=[6],
                                rules=support.complete_rules())),
    "resolve_indexed_dice": (None, dict(shots=[support.fex1_shot(), support.fex1_shot()],
                                        index=[1, 0, 1], dice=nf.Dice(7),
                                        rules=support.complete_rules(), results=True)),
    "pack_shots": (None, dict(shots=[support.fex1_shot()])),
    "resolve_many_dice": (None, dict(shots=[support.fex1_shot()], dice=nf.Dice(7),
                                     rules=support.complete_rules())),
    "hex_check": (None, dict(h=(1, 2))),
    "hex_direction": (None, dict(direction=2)),
    "hex_neighbour": (None, dict(h=(1, 2), direction=2)),
    "hex_side_towards": (None, dict(a=(0, 0), b=(1, 0))),
    "hex_vertex_hexes": (None, dict(h=(0, 0), vertex=3)),
    "hex_distance": (None, dict(a=(0, 0), b=(3, -1))),
    "hex_to_offset": (None, dict(h=(1, 2), layout=nf.HexLayout.ODD_Q)),
    "hex_from_offset": (None, dict(layout=nf.HexLayout.ODD_Q, column=1, row=2)),
    "trace_steps": (None, dict(start=(0, 0), end=(3, 1))),
    "los_callback": (None, dict(map_fn=lambda h: None, query=None, firer=(0, 0), target=(3, 0),
                                front_mask=0x3F, firer_side=0, target_side=1, policy=0)),
    "los_grid": (None, dict(layout=0, columns=2, rows=2, cells=[HEXINFO()] * 4, query=None,
                            firer=(0, 0), target=(1, 0), front_mask=0x3F, policy=0)),
    "field_of_view": (None, dict(layout=0, columns=2, rows=2, cells=[HEXINFO()] * 4, radius=2, query=None,
                                 firer=(0, 0), front_mask=0x3F, policy=0)),
    "hex_facing": (None, dict(formation=nf.HexFormation.LINE, facing=1)),
    "hex_fire_value": (None, dict(fire=None, formation=nf.HexFormation.LINE, increments=10,
                                  hexes=1)),
    "hex_fire_range": (None, dict(formation=nf.HexFormation.LINE, tirailleur_range=0)),
    "hex_enum_name": (None, dict(enumeration=nf.HexEnumId.TERRAIN, value=1)),
    "los_rule_id": (None, dict(rule=3)),
    "Unit": (None, dict(arm=nf.Arm.LINE_INFANTRY, figures=30, formation=nf.Formation.LINE)),
    "Unit.set": (unit, dict(param=nf.UnitParam.FIGURES, value=20)),
    "Unit.get": (unit, dict(param=nf.UnitParam.FIGURES)),
    "Unit.update": (unit, dict(figures=20, cover=nf.Cover.COVER)),
    "Unit.__getitem__": (unit, dict(param=nf.UnitParam.FIGURES)),
    "Unit.__setitem__": (unit, dict(param=nf.UnitParam.FIGURES, value=20)),
    "Unit.may_open_order": (unit, dict(year=1810)),
    "Shot": (None, dict(firer=unit(), target=unit(), distance=150)),
    "Shot.set": (support.fex1_shot, dict(param=nf.ShotParam.DISTANCE, value=120)),
    "Shot.get": (support.fex1_shot, dict(param=nf.ShotParam.DISTANCE)),
    "Shot.update": (support.fex1_shot, dict(distance=120)),
    "Shot.__getitem__": (support.fex1_shot, dict(param=nf.ShotParam.DISTANCE)),
    "Shot.__setitem__": (support.fex1_shot, dict(param=nf.ShotParam.DISTANCE, value=120)),
    "Shot.band": (support.fex1_shot, dict(rules=nf.Rules())),
    "Shot.modifiers": (support.fex1_shot, dict(rules=nf.Rules())),
    "Shot.resolve": (support.fex1_shot, dict(roll_2d6=8, half_die=6, rules=nf.Rules())),
    "Shot.distribution": (support.fex1_shot, dict(rules=support.complete_rules())),
    "Shot.known_distribution": (support.fex1_shot, dict(rules=nf.Rules())),
    "Shot.distribution_known": (support.fex1_shot, dict(rules=nf.Rules())),
    "Shot.table": (support.fex1_shot, dict(modified_roll=11, rules=nf.Rules())),
    "rules_check": (None, dict(rules=nf.Rules())),
    "rules_coverage": (None, dict(rules=nf.Rules())),
    "Shot.expected": (support.fex1_shot, dict(rules=support.complete_rules())),
    "Rules.set_musketry": (nf.Rules, dict(row_index=0, column_index=0, halves=0, star=False)),
    "Rules.get_musketry": (nf.Rules, dict(row_index=0, column_index=0)),
    "Rules.set_range": (nf.Rules, dict(weapon=0, measure=0, effective_max=100, long_max=200)),
    "Rules.get_range": (nf.Rules, dict(weapon=0, measure=0)),
    "Rules.set_gun_range": (nf.Rules, dict(gun=0, measure=0, canister_max=None,
                                           effective_max=None, long_max=None)),
    "Rules.get_gun_range": (nf.Rules, dict(gun=0, measure=0)),
    "Rules.set_artillery": (nf.Rules, dict(gun=0, ammo=0, band=1, column_index=0, halves=None)),
    "Rules.get_artillery": (nf.Rules, dict(gun=0, ammo=0, band=1, column_index=0)),
    "Rules.set_modifier": (nf.Rules, dict(fire=0, modifier_id=1, value=2, variant=0)),
    "Rules.get_modifier": (nf.Rules, dict(fire=0, modifier_id=1, variant=0)),
    "Rules.set_threshold": (nf.Rules, dict(threshold=0, measure=0, value=50)),
    "Rules.get_threshold": (nf.Rules, dict(threshold=0, measure=0)),
    "Rules.set_provenance": (nf.Rules, dict(field=nf.Provenance.NAME, text="strict")),
    "Rules.get_provenance": (nf.Rules, dict(field=nf.Provenance.NAME)),
    "Rules.parse": (nf.Rules, dict(text=RULES_TEXT)),
    "Rules.from_text": (None, dict(text=RULES_TEXT)),
    "Rules.from_file": (None, dict(path=None)),      # set in setUp: a scratch file
    "Rules.name": (nf.Rules, dict(name="strict")),   # property setters
    "Rules.edition": (nf.Rules, dict(edition="1")),
    "Rules.source": (nf.Rules, dict(source="tests")),
    "Dice": (None, dict(seed=1, stream=2)),
    "Trace": (None, dict(start=(0, 0), end=(3, 1))),
}

I32_OUT = [2 ** 31, -2 ** 31 - 1, 2 ** 32 + 3, 2 ** 64, -(2 ** 100)]
NOT_INT = ["1", 3.9, 1j, [1], b"1", object()]
BAD = {
    "int": NOT_INT + [None] + I32_OUT,
    "int?": NOT_INT + I32_OUT,                       # None means unknown
    "u32": NOT_INT + [None, -1, 2 ** 32, 2 ** 64],
    "u64": NOT_INT + [None, -1, 2 ** 64, 2 ** 70],
    "flag": ["yes", 3.9, None, 2, -1, 2 ** 32 + 1],
    "rules": [5, "rules", 3.9, b"r"],                # unit()/Dice added in the test
    "unit": [5, "unit", None, 3.9],
    "hex": ["12", 5, None, 3.9, (1,), (1, 2, 3), [1, 2, 3, 4], (1.5, 2), ("1", 2),
            (2 ** 40, 0), (0, -2 ** 31 - 1)],
    "rules_text": [5, 10 ** 9, 3.9, None, ["a"], "\ud800"],
    "str": [5, None, b"bytes", 3.9, "a\0b", "\ud800"],
    "path": [5, None, 3.9, "a\0b", b"a\0b"],
    "index": ["1234", 5, None, 3.9, (0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, "1"), (0, 0, 0, 3.9),
              (0, 0, 0, 2 ** 32 + 3), [1] * 1000],
    "shots": [5, "abc", None, 3.9, [5]],             # Huge and [shot, 'x'] added in the test
    "rolls": [5, "8", None, 3.9, [], [8, 8], ["8"], [3.9], [2 ** 32 + 8]],
    "rolls?": [5, "8", 3.9, [], [8, 8], ["8"], [3.9], [2 ** 32 + 8]],
    "dice": [5, "d", None, 3.9],
    "cells": [5, "abcd", None, 3.9, [HEXINFO()] * 3, [HEXINFO()] * 5, [HEXINFO()] * 3 + [5]],
    "callable": [5, "f", None],
    "query?": [5, "q", (0, 0)],
    "fire?": [5, "f", (0, 0)],
    "str?": [5, 3.9, b"x"],
    # Indexes into two shots: 2 is the first out of range.
    "trials": [5, "01", None, 3.9, b"\0\0\0\0", ["0"], [3.9], [-1], [2], [0, 2 ** 32],
               array.array("i", [0, -1]), array.array("I", [2]), array.array("q", [0, 2]),
               array.array("h", [-1]), array.array("d", [0.0]), memoryview(b"\0\0\0\0")],
}

#: (callable, parameter) -> kind, where the name alone does not say.
KINDS = {
    ("Shot", "firer"): "unit", ("Shot", "target"): "unit",
    ("Rules.set_musketry", "halves"): "int?", ("Rules.set_artillery", "halves"): "int?",
    ("Rules.set_range", "effective_max"): "int?", ("Rules.set_range", "long_max"): "int?",
    ("Rules.set_gun_range", "canister_max"): "int?",
    ("Rules.set_gun_range", "effective_max"): "int?",
    ("Rules.set_gun_range", "long_max"): "int?",
    ("Rules.set_modifier", "value"): "int?", ("Rules.set_threshold", "value"): "int?",
    ("Rules.parse", "text"): "rules_text", ("Rules.from_text", "text"): "rules_text",
    ("resolve_many", "half_dice"): "rolls?", ("error_for", "function"): "str?",
    ("Rules.set_modifier", "fire"): "int", ("Rules.get_modifier", "fire"): "int",
    ("resolve_indexed_dice", "index"): "trials", ("resolve_indexed_dice", "results"): "flag",
}
BY_NAME = {
    "rules": "rules", "h": "hex", "a": "hex", "b": "hex", "start": "hex", "end": "hex",
    "firer": "hex", "target": "hex", "star": "flag", "second_class": "flag",
    "seed": "u64", "stream": "u64", "front_mask": "u32", "policy": "u32",
    "text": "str", "name": "str", "edition": "str", "source": "str", "path": "path",
    "index": "index", "shots": "shots", "rolls": "rolls", "dice": "dice", "cells": "cells",
    "map_fn": "callable", "query": "query?", "fire": "fire?",
}
#: The name a refusal gives a parameter, where it names what the value is
#: (the unit or shot parameter) rather than the Python parameter.
SAYS = {("Unit.set", "value"): "figures", ("Unit.__setitem__", "value"): "figures",
        ("Shot.set", "value"): "distance", ("Shot.__setitem__", "value"): "distance"}

OWN = ("napfire",)
#: ctypes' protocol, not the package's API.
NOT_API = {"from_param"}


def public_callables():
    """{name: (callable, is_property_setter)} of the package's public API."""
    found = {}
    for name in nf.__all__:
        obj = getattr(nf, name)
        if inspect.isfunction(obj):
            found[name] = obj
        elif inspect.isclass(obj) and issubclass(obj, nf._Opaque):
            found[name] = obj
            for attr in dir(obj):
                if attr.startswith("_") and attr not in ("__getitem__", "__setitem__") \
                        or attr in NOT_API:
                    continue
                member = inspect.getattr_static(obj, attr)
                if isinstance(member, property):
                    if member.fset is not None:
                        found["%s.%s" % (name, attr)] = member
                elif isinstance(member, (staticmethod, classmethod)) or inspect.isfunction(member):
                    fn = getattr(obj, attr)
                    if getattr(fn, "__module__", "").startswith(OWN):
                        found["%s.%s" % (name, attr)] = fn
    return found


def takes_arguments(fn):
    if isinstance(fn, property):
        return True
    params = list(inspect.signature(fn).parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    return bool(params)


class TestStrictArguments(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="napfire-strict-")
        self.addCleanup(shutil.rmtree, self.tmp)
        path = os.path.join(self.tmp, "rules.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(RULES_TEXT)
        VALID["Rules.from_file"] = (None, dict(path=path))

    def kind(self, key, param):
        return KINDS.get((key, param)) or BY_NAME.get(param, "int")

    def bad_values(self, key, param):
        kind = self.kind(key, param)
        bad = list(BAD[kind])
        if kind == "rules":
            bad += [unit(), nf.Dice(1)]
        if kind == "shots":
            bad += [Huge(support.fex1_shot()), [support.fex1_shot(), "x"]]
        return bad

    def call(self, key, fn, factory, args):
        """Call with ``args``; return (exception or None, library calls,
        whether the object changed)."""
        obj = factory() if factory else None
        before = bytes(obj.raw) if obj is not None else None
        shim = CountingLib(nf.lib)
        try:
            with mock.patch.object(nf, "lib", shim):
                if isinstance(fn, property):
                    (value,) = args.values()
                    fn.fset(obj, value)
                elif obj is not None:
                    getattr(obj, key.split(".", 1)[1])(**args)
                else:
                    fn(**args)
        except Exception as exc:      # noqa: BLE001 - the test inspects it
            return exc, shim.calls, obj is not None and bytes(obj.raw) != before
        return None, shim.calls, obj is not None and bytes(obj.raw) != before

    def test_every_public_callable_has_valid_arguments(self):
        missing = [k for k, fn in public_callables().items()
                   if takes_arguments(fn) and k not in VALID]
        self.assertEqual(missing, [], "add them to VALID")
        self.assertEqual(set(VALID) - set(public_callables()), set(), "stale VALID entries")

    def test_bad_arguments_are_refused_before_c(self):
        callables = public_callables()
        walked = 0
        for key, (factory, valid) in sorted(VALID.items()):
            fn = callables[key]
            exc, calls, _changed = self.call(key, fn, factory, dict(valid))
            self.assertIsNone(exc, "%s(%r) must work: %r" % (key, valid, exc))
            for param in valid:
                says = SAYS.get((key, param), param)
                pattern = re.compile(r"(^|[\s:(.])%s(?=[=\[. :,]| must| has|$)" % re.escape(says))
                for bad in self.bad_values(key, param):
                    args = dict(valid, **{param: bad})
                    with self.subTest(callable=key, param=param, value=repr(bad)[:40]):
                        exc, calls, changed = self.call(key, fn, factory, args)
                        self.assertIsInstance(exc, (TypeError, ValueError), repr(exc))
                        self.assertRegex(str(exc), pattern)
                        self.assertEqual(calls, [], "library called before the refusal")
                        self.assertFalse(changed, "the refusal changed the object")
                        walked += 1
        self.assertGreater(walked, 500)

    def test_known_holes(self):
        # Each used to reach C: wrapped, truncated, padded or read as NULs.
        for index in ((0, 0, 0), (0, 0, 0, 2 ** 32 + 3), (0, 0, 0, 3.9), ("1", 0, 0, 0)):
            with self.assertRaises((TypeError, ValueError)) as cm:
                nf.missing_describe(nf.Missing.MUSKETRY_CELL, index)
            self.assertIn("index", str(cm.exception))
        with self.assertRaisesRegex(nf.RangeError, r"^missing=4294967299 is outside"):
            nf.missing_describe(2 ** 32 + 3, (4, 2, 0, 0))
        with self.assertRaisesRegex(TypeError, r"^style must be an integer, not str$"):
            nf.missing_describe(nf.Missing.MUSKETRY_CELL, (4, 2, 0, 0), "1")
        for text in (5, 10 ** 9):
            with self.assertRaisesRegex(TypeError, r"^text must be a str or bytes, not int$"):
                nf.Rules().parse(text)
        with self.assertRaisesRegex(nf.RangeError, r"^shots has 16777217 elements, outside "
                                                   r"0\.\.16777216 \(MAX_BATCH\)$"):
            nf.resolve_many(Huge(support.fex1_shot()), [8])
        with self.assertRaisesRegex(nf.RangeError, "MAX_BATCH"):
            nf.resolve_many_dice(Huge(support.fex1_shot()), nf.Dice(1))
        for huge in (Huge(support.fex1_shot()), Huge(0)):
            args = (huge, [0]) if isinstance(huge.shot, nf.Shot) else ([support.fex1_shot()], huge)
            with self.assertRaisesRegex(nf.RangeError, "MAX_BATCH"):
                nf.resolve_indexed_dice(*args, dice=nf.Dice(1))
        with self.assertRaisesRegex(TypeError, r"^rules must be a Rules or None, not int$"):
            support.fex1_shot().resolve(8, 6, rules=5)
        with self.assertRaisesRegex(ValueError, r"^star=2 is outside 0\.\.1$"):
            nf.Rules().set_musketry(0, 0, 0, star=2)


if __name__ == "__main__":
    unittest.main()
