# SPDX-License-Identifier: MIT
"""The API description (napfire_api.json) against the library and the
headers, and every file made from it against the description (test
api-json, doc/api-json.md):

* the symbols the library exports (nm -D) are exactly the description's
  functions, each in the version node the description says;
* the description is what bindings/napfire_api.py makes of the headers
  and the linker map now (same sizes for the same target);
* napfire_ffi.h, Napfire.cs and the Python package's generated module are
  what their generators make of the description;
* the description describes every header: each NAPFIRE_API declaration,
  each enumerator and each #define has its entry.

Each failure names the entry that differs.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, os.pardir, os.pardir)
sys.path.insert(0, os.path.join(ROOT, "bindings"))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import napfire_api  # noqa: E402
import generate  # noqa: E402

ARGS = None


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class TestDescription(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.api = napfire_api.load(ARGS.api)

    def test_exports_are_the_functions(self):
        if not ARGS.nm:
            self.skipTest("no nm")
        out = subprocess.run([ARGS.nm, "-D", "--defined-only", ARGS.library], capture_output=True,
                             text=True, check=True).stdout
        exported = {}
        for m in re.finditer(r"^\S+\s+[TW]\s+(napfire_\w+)(?:@@?(NAPFIRE_[\d.]+))?$", out, flags=re.M):
            exported[m.group(1)] = m.group(2)
        described = {f["name"]: f["since"] for f in self.api["functions"]}
        self.assertEqual(set(exported), set(described), "exported symbols vs described functions")
        for name, node in exported.items():
            if node is not None:    # nm without --with-symbol-versions support prints none
                self.assertEqual(node, described[name], name)

    def test_fresh_from_the_headers(self):
        fresh = napfire_api.describe(ARGS.headers, ARGS.map, self.api["platform"]["pointer_size"],
                                     self.api["platform"]["uint64_align"])
        self.assertEqual(napfire_api.dumps(fresh), read(ARGS.api),
                         "napfire_api.json is not what the headers and the map give")

    def test_generated_files_are_the_description(self):
        for path, make in ((ARGS.ffi, generate.ffi), (ARGS.cs, generate.csharp.generate)):
            with self.subTest(path=os.path.basename(path)):
                self.assertEqual(read(path), make(self.api), "%s differs from the description" % path)
        if ARGS.python_module:
            import gen_bindings
            py, _pyi = gen_bindings.generate(self.api)
            self.assertEqual(read(ARGS.python_module), py, "the Python module differs from the description")

    def test_every_declaration_is_described(self):
        text = "".join(read(h) for h in ARGS.headers)
        bare = napfire_api.strip_comments(text)
        declared = set(re.findall(r"NAPFIRE_API\s+[^;(]*?\b(napfire_\w+)\s*\(", bare))
        self.assertEqual(declared, {f["name"] for f in self.api["functions"]})
        enumerators = set(re.findall(r"^\s*(NAPFIRE_[A-Z0-9_]+)\s*(?:=|,|$)", bare, flags=re.M))
        described = {v["name"] for e in self.api["enums"] for v in e["values"]}
        self.assertEqual(enumerators - described, set(), "enumerators the description lacks")
        defines = set(re.findall(r"#\s*define\s+(NAPFIRE_\w+)[ \t]+\S", bare))
        defines -= {"NAPFIRE_API", "NAPFIRE_ALIGN8"}
        self.assertEqual(defines - {c["name"] for c in self.api["constants"]}, set(),
                         "#defines the description lacks")

    def test_the_probe_can_fail(self):
        # A description with one number wrong makes a probe that says so.
        api = json.loads(read(ARGS.api))
        api["structs"][0]["size"] += 8
        self.assertIn('expect("sizeof(%s)", (long long)sizeof(%s), %d);'
                      % ((api["structs"][0]["name"],) * 2 + (api["structs"][0]["size"],)),
                      generate.probe(api))

    def test_ffi_header_is_flat(self):
        text = read(ARGS.ffi)
        self.assertNotRegex(text, r"(?m)^\s*#", "a preprocessor line")
        self.assertNotIn("__attribute__", text)
        self.assertNotIn("__declspec", text)
        self.assertNotIn("NAPFIRE_API", text)
        for f in self.api["functions"]:
            self.assertIn(" %s(" % f["name"], text.replace("*", " "))


def main():
    global ARGS
    p = argparse.ArgumentParser()
    for opt in ("--api", "--ffi", "--cs", "--map", "--library", "--nm", "--python-module"):
        p.add_argument(opt, default="")
    p.add_argument("--headers", nargs="+", required=True)
    ARGS, rest = p.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
