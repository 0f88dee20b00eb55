# SPDX-License-Identifier: MIT
"""Core of the binding: loading, prototypes vs headers, enums, constants,
version, status names and errors, enumeration names, parameter bounds,
round_half."""
import ctypes
import os
import subprocess
import sys
import unittest

import napfire as nf
import support

#: C enum tag -> (Python enumeration, C prefix of its constants).
C_ENUMS = {
    "napfire_status": (nf.Status, "NAPFIRE_"),
    "napfire_arm": (nf.Arm, "NAPFIRE_ARM_"),
    "napfire_nation": (nf.Nation, "NAPFIRE_NATION_"),
    "napfire_class": (nf.TroopClass, "NAPFIRE_CLASS_"),
    "napfire_formation": (nf.Formation, "NAPFIRE_FORMATION_"),
    "napfire_weapon": (nf.Weapon, "NAPFIRE_WEAPON_"),
    "napfire_cover": (nf.Cover, "NAPFIRE_COVER_"),
    "napfire_moved": (nf.Moved, "NAPFIRE_MOVED_"),
    "napfire_measure": (nf.Measure, "NAPFIRE_MEASURE_"),
    "napfire_band": (nf.Band, "NAPFIRE_BAND_"),
    "napfire_ammo": (nf.Ammo, "NAPFIRE_AMMO_"),
    "napfire_gun": (nf.Gun, "NAPFIRE_GUN_"),
    "napfire_reason": (nf.Reason, "NAPFIRE_REASON_"),
    "napfire_modifier_id": (nf.ModifierId, "NAPFIRE_MOD_"),
    "napfire_missing": (nf.Missing, "NAPFIRE_MISSING_"),
    "napfire_describe_style": (nf.DescribeStyle, "NAPFIRE_DESCRIBE_"),
    "napfire_check": (nf.Check, "NAPFIRE_CHECK_"),
    "napfire_fire": (nf.Fire, "NAPFIRE_FIRE_"),
    "napfire_threshold": (nf.Threshold, "NAPFIRE_THRESHOLD_"),
    "napfire_provenance": (nf.Provenance, "NAPFIRE_PROVENANCE_"),
    "napfire_unit_param": (nf.UnitParam, "NAPFIRE_UNIT_"),
    "napfire_shot_param": (nf.ShotParam, "NAPFIRE_SHOT_"),
    "napfire_enum": (nf.EnumId, "NAPFIRE_ENUM_"),
    "napfire_parse_code": (nf.ParseCode, "NAPFIRE_PARSE_"),
    "napfire_hex_layout": (nf.HexLayout, "NAPFIRE_HEX_"),
    "napfire_step_kind": (nf.StepKind, "NAPFIRE_STEP_"),
    "napfire_terrain": (nf.Terrain, "NAPFIRE_TERRAIN_"),
    "napfire_presence": (nf.Presence, "NAPFIRE_PRESENCE_"),
    "napfire_los_policy": (nf.LosPolicy, "NAPFIRE_LOS_"),
    "napfire_los_rule": (nf.LosRule, "NAPFIRE_LOS_RULE_"),
    "napfire_los_elevation": (nf.LosElevation, "NAPFIRE_LOS_ELV_"),
    "napfire_hex_formation": (nf.HexFormation, "NAPFIRE_HEX_"),
    "napfire_hex_enum": (nf.HexEnumId, "NAPFIRE_HEX_ENUM_"),
    "napfire_decider": (nf.Decider, "NAPFIRE_DECIDER_"),
    "napfire_table_rule": (nf.TableRule, "NAPFIRE_TABLE_RULE_"),
    "napfire_table_enum": (nf.TableEnumId, "NAPFIRE_TABLE_ENUM_"),
}


class TestLoading(unittest.TestCase):
    def test_loaded_from_environment(self):
        self.assertEqual(nf.LIBRARY, os.environ["NAPFIRE_LIBRARY"])
        self.assertIsInstance(nf.lib, ctypes.CDLL)

    def _import_in_child(self, env):
        code = "import napfire; print(napfire.LIBRARY)"
        return subprocess.run([sys.executable, "-c", code], env=env,
                              capture_output=True, text=True)

    def test_bad_environment_path_is_an_import_error(self):
        if os.path.dirname(nf.LIBRARY) == os.path.dirname(nf.__file__):
            self.skipTest("the package's own copy comes first (test_package)")
        env = dict(os.environ, NAPFIRE_LIBRARY="/nonexistent/libnapfire.so")
        proc = self._import_in_child(env)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("ImportError", proc.stderr)
        self.assertIn("NAPFIRE_LIBRARY", proc.stderr)

    def test_falls_back_to_find_library_or_soname(self):
        env = dict(os.environ)
        del env["NAPFIRE_LIBRARY"]
        env["LD_LIBRARY_PATH"] = os.path.dirname(os.environ["NAPFIRE_LIBRARY"])
        proc = self._import_in_child(env)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("napfire", proc.stdout)


class TestPrototypes(unittest.TestCase):
    def test_every_header_function_is_bound(self):
        missing = support.header_functions() - set(nf.PROTOTYPES)
        self.assertEqual(missing, set(), "functions of the headers the binding lacks")

    def test_no_stale_prototypes(self):
        stale = set(nf.PROTOTYPES) - support.header_functions()
        self.assertEqual(stale, set())

    def test_argtypes_and_restype_set(self):
        for name, (restype, argtypes) in nf.PROTOTYPES.items():
            fn = getattr(nf.lib, name)
            self.assertIs(fn.restype, restype, name)
            self.assertEqual(list(fn.argtypes), list(argtypes), name)

    def test_this_build_has_every_part(self):
        # The build tree's library carries everything its headers declare.
        for name in support.header_functions():
            self.assertTrue(hasattr(nf.lib, name), name)


class TestEnumsAndConstants(unittest.TestCase):
    def test_enums_match_headers(self):
        enums = support.header_enums()
        self.assertEqual(set(enums), set(C_ENUMS), "enum tags of the headers")
        for tag, (py_enum, prefix) in C_ENUMS.items():
            c_values = {k[len(prefix):]: v for k, v in enums[tag].items()}
            py_values = {m.name: int(m) for m in py_enum}
            self.assertEqual(py_values, c_values, tag)

    def test_constants_match_headers(self):
        defines = support.header_defines()
        for macro, value in defines.items():
            name = macro[len("NAPFIRE_"):]
            self.assertTrue(hasattr(nf, name), "binding lacks %s" % macro)
            self.assertEqual(getattr(nf, name), value, macro)
        self.assertEqual(nf.MODIFIER_UNKNOWN, -2 ** 31)

    def test_sizes(self):
        self.assertEqual(nf.unit_size(), 128)
        self.assertEqual(nf.shot_size(), 512)
        self.assertEqual(nf.rules_size(), 4096)
        self.assertEqual(nf.trace_size(), 64)
        self.assertEqual(nf.dice_size(), 32)
        for struct, size in [(nf.Modifier, 16), (nf.Result, 128), (nf.Hex, 8),
                             (nf.TraceStep, 32), (nf.HexInfo, 32), (nf.LosQuery, 48),
                             (nf.LosResult, 64), (nf.HexFire, 32), (nf.ParseError, 160),
                             (nf.Outcome, 16)]:
            self.assertEqual(ctypes.sizeof(struct), size, struct.__name__)

    def test_storage_is_8_aligned(self):
        for obj in (nf.Unit(nf.Arm.CAVALRY), nf.Rules(), nf.Dice(1)):
            self.assertEqual(ctypes.addressof(obj.raw) % 8, 0)
            self.assertEqual(ctypes.alignment(obj.raw), 8)


class TestVersionAndStatus(unittest.TestCase):
    def test_version(self):
        number, text = nf.version_number(), nf.version_string()
        major, minor, patch = (int(p) for p in text.split("."))
        self.assertEqual(number, major * 10000 + minor * 100 + patch)
        with open(os.path.join(support.INCLUDE_DIR, "napfire_version.h")) as f:
            self.assertIn('"%s"' % text, f.read())

    def test_status_names_and_texts(self):
        for status in nf.Status:
            self.assertEqual(nf.status_name(status), status.name)
            self.assertTrue(nf.strerror(status))
            self.assertNotEqual(nf.strerror(status), "unknown status")
        for bogus in (1, -9, 12345, -2 ** 31):
            self.assertEqual(nf.status_name(bogus), "unknown")
            self.assertEqual(nf.strerror(bogus), "unknown status")

    def test_error_classes(self):
        expected = {
            nf.Status.EINVAL: nf.InvalidArgumentError, nf.Status.EDOMAIN: nf.DomainError,
            nf.Status.ESTATE: nf.StateError, nf.Status.ENOSPC: nf.NoSpaceError,
            nf.Status.EUNKNOWN: nf.UnknownDataError, nf.Status.ESYNTAX: nf.RulesSyntaxError,
            nf.Status.ESIZE: nf.SizeError, nf.Status.EALIGN: nf.AlignmentError,
        }
        for status, cls in expected.items():
            err = nf.error_for(status, "napfire_x")
            self.assertIs(type(err), cls)
            self.assertIsInstance(err, nf.NapfireError)
            self.assertEqual(err.status, status)
            self.assertEqual(err.name, status.name)
            self.assertEqual(err.message, nf.strerror(status))
            self.assertEqual(err.function, "napfire_x")
            self.assertIn(status.name, str(err))
            self.assertIn(nf.strerror(status), str(err))
            self.assertEqual(cls.status_code, status)
        other = nf.error_for(77)
        self.assertIs(type(other), nf.NapfireError)
        self.assertEqual(other.name, "unknown")
        self.assertEqual(nf.error_for(-4, required=9).required, 9)

    def test_value_errors_are_value_errors(self):
        with self.assertRaises(ValueError):
            nf.Unit(99)


class TestNames(unittest.TestCase):
    def test_enum_names(self):
        for py_enum, enum_id in nf.ENUM_IDS.items():
            for member in py_enum:
                names = {member.name}
                if enum_id == nf.EnumId.PARAM:
                    # One enumeration for both kinds: the library may keep
                    # the UNIT_ / SHOT_ part of the name to tell them apart.
                    names.add(py_enum.__name__[:4].upper() + "_" + member.name)
                self.assertIn(nf.enum_name(enum_id, member), names,
                              (py_enum.__name__, member))
            self.assertEqual(nf.enum_name(enum_id, 9999), "unknown")
        self.assertEqual(nf.enum_name(999, 0), "unknown")

    def test_reason_and_modifier_names(self):
        for reason in nf.Reason:
            self.assertEqual(nf.reason_name(reason), reason.name)
        for mod in nf.ModifierId:
            self.assertEqual(nf.modifier_name(mod), mod.name)
        self.assertEqual(nf.reason_name(-1), "unknown")
        self.assertEqual(nf.modifier_name(0), "unknown")


class TestParamBounds(unittest.TestCase):
    def test_enumerated_parameters(self):
        enum_of = {nf.UnitParam.NATION: nf.Nation, nf.UnitParam.CLASS: nf.TroopClass,
                   nf.UnitParam.FORMATION: nf.Formation, nf.UnitParam.WEAPON: nf.Weapon,
                   nf.UnitParam.GUN: nf.Gun, nf.UnitParam.COVER: nf.Cover,
                   nf.UnitParam.MOVED: nf.Moved, nf.ShotParam.MEASURE: nf.Measure,
                   nf.ShotParam.AMMO: nf.Ammo}
        for param, py_enum in enum_of.items():
            self.assertEqual(nf.param_bounds(param), (min(py_enum), max(py_enum)), param)

    def test_other_parameters(self):
        self.assertEqual(nf.param_bounds(nf.UnitParam.FIGURES), (0, nf.MAX_FIGURES))
        self.assertEqual(nf.param_bounds(nf.UnitParam.DISORDERED), (0, 1))
        self.assertEqual(nf.param_bounds(nf.ShotParam.EXTRA_MODIFIER), (-10, 10))
        for param in list(nf.UnitParam) + list(nf.ShotParam):
            lo, hi = nf.param_bounds(param)
            self.assertLessEqual(lo, hi, param)

    def test_errors(self):
        for bogus in (0, 17, 100, 119, -1):
            with self.assertRaises(nf.DomainError):
                nf.param_bounds(bogus)
        lo = ctypes.c_int32()
        self.assertEqual(nf.lib.napfire_param_bounds(nf.UnitParam.FIGURES, ctypes.byref(lo),
                                                     None), nf.Status.EINVAL)


class TestRoundHalf(unittest.TestCase):
    def test_rounding(self):  # F-CAS-2/3
        self.assertEqual(nf.round_half(4, 0), 2)          # even: no die needed
        self.assertEqual(nf.round_half(5, 6), 3)          # 4-6 round up
        self.assertEqual(nf.round_half(5, 4), 3)
        self.assertEqual(nf.round_half(5, 3), 2)          # 1-3 drop it
        self.assertEqual(nf.round_half(5, 1), 2)
        self.assertEqual(nf.round_half(5, 6, second_class=True), 2)
        self.assertEqual(nf.round_half(1, 0, second_class=True), 0)
        self.assertEqual(nf.round_half(0, 0), 0)

    def test_errors(self):
        with self.assertRaises(nf.InvalidArgumentError):
            nf.round_half(5, 0)                           # die needed
        for args in [(-1, 1), (2 * nf.MAX_FIGURES + 1, 1), (5, 7), (5, -1)]:
            with self.assertRaises(nf.DomainError, msg=args):
                nf.round_half(*args)
        self.assertEqual(nf.lib.napfire_round_half(2, 0, 0, None), nf.Status.EINVAL)


class TestMisalignedStorage(unittest.TestCase):
    """Storage 1 and 4 bytes off its 8-byte boundary inside a bytearray,
    passed through the package's library (ctypes): every call returns
    NAPFIRE_EALIGN (-8), which the package raises as AlignmentError, and
    not one byte of the buffer is written."""

    def call(self, name, *argtypes):
        fn = nf.lib[name]  # a fresh function object: the package's own stays as it is
        fn.restype, fn.argtypes = ctypes.c_int, list(argtypes)
        return fn

    def test_odd_offsets_refused_nothing_written(self):
        vp, i32, sz = ctypes.c_void_p, ctypes.c_int32, ctypes.c_size_t
        unit_init = self.call("napfire_unit_init", vp, sz, i32)
        unit_set = self.call("napfire_unit_set", vp, i32, i32)
        resolve = self.call("napfire_shot_resolve", vp, vp, i32, i32, vp)
        room = max(nf.unit_size(), nf.shot_size()) + 16
        buf = bytearray(b"\x5a" * room)
        view = (ctypes.c_char * room).from_buffer(buf)
        base = ctypes.addressof(view) + (-ctypes.addressof(view)) % 8
        result = nf.Result()
        for offset in (1, 4):
            odd = base + offset
            for name, status in (
                    ("napfire_unit_init", unit_init(odd, nf.unit_size(), nf.Arm.LINE_INFANTRY)),
                    ("napfire_unit_set", unit_set(odd, nf.UnitParam.FIGURES, 30)),
                    ("napfire_shot_resolve", resolve(odd, None, 8, 6, ctypes.addressof(result)))):
                with self.subTest(offset=offset, call=name):
                    self.assertEqual(status, -8)
                    self.assertEqual(status, nf.Status.EALIGN)
                    err = nf.error_for(status, name)
                    self.assertIsInstance(err, nf.AlignmentError)
                    self.assertIn("EALIGN", str(err))
                    self.assertEqual(bytes(buf), b"\x5a" * room)
        self.assertEqual(bytes(result), bytes(nf.Result()))
        del view


if __name__ == "__main__":
    unittest.main()
