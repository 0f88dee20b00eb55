#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""napfire.hpp's lists of names agree with the C headers: every C
enumeration is an `enum class` of the name the Python package gives it
(examples/python/gen_bindings.py's ENUMS, the one table of those names),
with exactly the C members, each initialised from its own C constant, so
a value added, removed or renamed in C fails here until the header
follows. Statuses are E_NAME for NAPFIRE_ENAME (EINVAL and ENOSPC are
<cerrno> macros), OK for NAPFIRE_OK.

Usage: test_enums.py SOURCE_ROOT
"""
import os
import re
import sys
import unittest

ROOT = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import gen_bindings  # noqa: E402

C_HEADERS = ("napfire.h", "napfire_hex.h")
HPP = os.path.join(ROOT, "include", "napfire.hpp")


def c_enums():
    raw = ""
    for h in C_HEADERS:
        with open(os.path.join(ROOT, "include", h), encoding="utf-8") as f:
            raw += f.read() + "\n"
    return gen_bindings.parse_enums(gen_bindings.strip_preprocessor(raw))


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
    return c_name[len(prefix):]


class Enums(unittest.TestCase):
    def setUp(self):
        with open(HPP, encoding="utf-8") as f:
            self.hpp = hpp_enums(f.read())

    def test_every_c_enum_is_an_enum_class(self):
        for tag, _brief, members in c_enums():
            with self.subTest(tag=tag):
                self.assertIn(tag, gen_bindings.ENUMS, "no name for %s in gen_bindings.ENUMS" % tag)
                cls, prefix, _base = gen_bindings.ENUMS[tag]
                self.assertIn(cls, self.hpp, "napfire.hpp lacks enum class %s (%s)" % (cls, tag))
                want = [(expected_member(tag, prefix, name), name) for name, _v, _d in members]
                self.assertEqual(self.hpp[cls], want, "enum class %s differs from %s" % (cls, tag))

    def test_no_enum_class_without_a_c_enum(self):
        names = {gen_bindings.ENUMS[tag][0] for tag, _b, _m in c_enums()}
        self.assertEqual(sorted(set(self.hpp) - names), [])

    def test_parser_sees_a_drift(self):
        # The comparison can fail: a member missing from a copy is caught.
        text = "enum class Arm : int32_t {\n    LINE_INFANTRY = NAPFIRE_ARM_LINE_INFANTRY, ///< x\n};"
        self.assertEqual(hpp_enums(text), {"Arm": [("LINE_INFANTRY", "NAPFIRE_ARM_LINE_INFANTRY")]})
        arm = [m for t, _b, m in c_enums() if t == "napfire_arm"][0]
        self.assertNotEqual(hpp_enums(text)["Arm"], [(n[len("NAPFIRE_ARM_"):], n) for n, _v, _d in arm])


if __name__ == "__main__":
    unittest.main()
