#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""napfire.hpp's lists of names agree with the API description
(napfire_api.json, made from the headers at build time; doc/api-json.md):
every enumeration there is an `enum class` of the name the Python package
gives it (examples/python/gen_bindings.py's ENUMS, the one table of those
names), with exactly its members, without the
description's prefix, in its order, each initialised from its own C
constant, so a value added, removed or renamed in C fails here until
the header follows. Statuses are E_NAME for NAPFIRE_ENAME (EINVAL and
ENOSPC are <cerrno> macros), OK for NAPFIRE_OK.

Usage: test_enums.py SOURCE_ROOT NAPFIRE_API_JSON
"""
import json
import os
import re
import sys
import unittest

ROOT = os.path.abspath(sys.argv[1])
API_JSON = os.path.abspath(sys.argv[2])
del sys.argv[1:3]
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import gen_bindings  # noqa: E402

HPP = os.path.join(ROOT, "include", "napfire.hpp")

def api():
    with open(API_JSON, encoding="utf-8") as f:
        return json.load(f)


def api_enums():
    """[(C tag, prefix, [C member names])] of the description, in header order."""
    return [(e["name"], e["prefix"], [v["name"] for v in e["values"]]) for e in api()["enums"]]


def cpp_class(tag):
    return gen_bindings.ENUMS[tag][0] if tag in gen_bindings.ENUMS else None


def hpp_text():
    with open(HPP, encoding="utf-8") as f:
        return f.read()


def hpp_enums(text):
    """{class: [(member, C constant)]} of every `enum class X : int32_t`."""
    out = {}
    for cls, body in re.findall(r"enum\s+class\s+(\w+)\s*:\s*int32_t\s*\{(.*?)\};", text, flags=re.S):
        body = re.sub(r"//[^\n]*", "", body)
        out[cls] = re.findall(r"(\w+)\s*=\s*(NAPFIRE_\w+)\s*,", body)
    return out


def expected_member(tag, prefix, c_name):
    if tag == "napfire_status":
        return "OK" if c_name == "NAPFIRE_OK" else "E_" + c_name[len("NAPFIRE_E"):]
    assert c_name.startswith(prefix), (c_name, prefix)
    return c_name[len(prefix):]


class Enums(unittest.TestCase):
    def setUp(self):
        self.hpp = hpp_enums(hpp_text())

    def test_every_enum_is_an_enum_class(self):
        enums = api_enums()
        self.assertGreater(len(enums), 30)
        for tag, prefix, members in enums:
            with self.subTest(tag=tag):
                cls = cpp_class(tag)
                self.assertTrue(cls, "no name for %s in gen_bindings.ENUMS" % tag)
                self.assertIn(cls, self.hpp, "napfire.hpp lacks enum class %s (%s)" % (cls, tag))
                want = [(expected_member(tag, prefix, name), name) for name in members]
                self.assertEqual(self.hpp[cls], want, "enum class %s differs from %s" % (cls, tag))

    def test_no_enum_class_without_a_c_enum(self):
        names = {cpp_class(tag) for tag, _p, _m in api_enums()}
        self.assertEqual(sorted(set(self.hpp) - names), [])

    def test_comparison_sees_a_drift(self):
        # The comparison can fail: a copy missing a member differs.
        text = "enum class Arm : int32_t {\n    LINE_INFANTRY = NAPFIRE_ARM_LINE_INFANTRY, ///< x\n};"
        self.assertEqual(hpp_enums(text), {"Arm": [("LINE_INFANTRY", "NAPFIRE_ARM_LINE_INFANTRY")]})
        arm = [m for tag, _p, m in api_enums() if tag == "napfire_arm"][0]
        self.assertNotEqual(hpp_enums(text)["Arm"], [(n[len("NAPFIRE_ARM_"):], n) for n in arm])


if __name__ == "__main__":
    unittest.main()
