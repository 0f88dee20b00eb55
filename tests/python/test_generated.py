# SPDX-License-Identifier: MIT
"""The header-derived part of the package (napfire/_generated.py and .pyi,
written by examples/python/gen_bindings.py at build time), the stub against
the module, and the example scripts' place in the tree.

Runs against the build tree's package (meson test) and against the package
pip installed (.ci/run): in both, the generated files must be what the
generator makes of the headers of this checkout."""
import ast
import ctypes
import enum
import importlib.util
import inspect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import types
import unittest

import napfire as nf
import support
from napfire import _generated

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir)
GENERATOR = os.path.join(ROOT, "examples", "python", "gen_bindings.py")
PACKAGE_DIR = os.path.dirname(os.path.abspath(nf.__file__))
# In include/meson.build's order, as the build passes them.
HEADERS = [os.path.join(support.INCLUDE_DIR, h)
           for h in ("napfire.h", "napfire_hex.h", "napfire_version.h", "napfire_table.h")]


def run_generator(outdir, headers):
    return subprocess.run([sys.executable, GENERATOR, outdir] + list(headers),
                          capture_output=True, text=True)


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_bindings", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def runtime_public_names(module):
    """The public names a stub must declare: what the module defines itself
    (classes and functions whose ``__module__`` is the package) and its plain
    values, not the modules and names it imports from elsewhere."""
    names = set()
    for name, obj in vars(module).items():
        if name.startswith("_") or isinstance(obj, types.ModuleType):
            continue
        if inspect.isclass(obj) or inspect.isroutine(obj):
            if not getattr(obj, "__module__", "").startswith("napfire"):
                continue
        names.add(name)
    return names


class TestGenerated(unittest.TestCase):
    def test_generated_files_are_the_headers(self):
        with tempfile.TemporaryDirectory() as out:
            proc = run_generator(out, HEADERS)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            for name in ("_generated.py", "_generated.pyi"):
                with open(os.path.join(out, name), encoding="utf-8") as f:
                    fresh = f.read()
                with open(os.path.join(PACKAGE_DIR, name), encoding="utf-8") as f:
                    self.assertEqual(f.read(), fresh, "%s differs from the headers" % name)

    def test_a_new_enum_builds_and_is_named_for_the_tests(self):
        # An enum ENUMS does not name yet: the build goes on (a made-up name,
        # a warning), and test_enums_are_the_headers fails until it is named.
        with tempfile.TemporaryDirectory() as d:
            extra = os.path.join(d, "extra.h")
            with open(extra, "w", encoding="utf-8") as f:
                f.write("enum napfire_fov_cell { NAPFIRE_FOV_CELL_SEEN = 0,"
                        " NAPFIRE_FOV_CELL_HIDDEN = 1 << 2 };\n")
            proc = run_generator(d, HEADERS + [extra])
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertIn("enum napfire_fov_cell has no Python name", proc.stderr)
            with open(os.path.join(d, "_generated.py"), encoding="utf-8") as f:
                self.assertIn("class FovCell(enum.IntEnum):\n", f.read())
            namespace = {}
            with open(os.path.join(d, "_generated.py"), encoding="utf-8") as f:
                exec(compile(f.read(), "_generated.py", "exec"), namespace)
            self.assertEqual({m.name: int(m) for m in namespace["FovCell"]},
                             {"SEEN": 0, "HIDDEN": 4})

    def test_enums_are_the_headers(self):
        enums = support.header_enums()
        gen = load_generator()
        self.assertEqual(set(enums), set(gen.ENUMS))
        for tag, (cls, prefix, _base) in gen.ENUMS.items():
            py_enum = getattr(nf, cls)
            self.assertIs(py_enum, getattr(_generated, cls))
            self.assertEqual({m.name: int(m) for m in py_enum},
                             {k[len(prefix):]: v for k, v in enums[tag].items()}, tag)

    def test_constants_and_functions_are_the_headers(self):
        for macro, value in support.header_defines().items():
            self.assertEqual(getattr(_generated, macro[len("NAPFIRE_"):]), value, macro)
        self.assertEqual(set(_generated.FUNCTIONS), support.header_functions())
        # Each parameter list as the header writes it (names and all).
        text = " ".join(support.header_text().split())
        for name, (ret, params) in _generated.FUNCTIONS.items():
            self.assertIn(name + "(", text)
            self.assertEqual(len(params), 0 if "%s(void)" % name in text else
                             text.split(name + "(", 1)[1].split(")", 1)[0].count(",") + 1, name)

    def test_structures_are_the_headers(self):
        structures = {n: c for n, c in vars(nf).items()
                      if inspect.isclass(c) and issubclass(c, ctypes.Structure)
                      and c.__module__.startswith("napfire")}
        laid_out = {}
        for name, cls in structures.items():
            fields = tuple(f[0] for f in cls._fields_)
            tags = [t for t, m in _generated.STRUCTS.items() if tuple(x[0] for x in m) == fields]
            self.assertEqual(len(tags), 1, name)
            laid_out[tags[0]] = cls
        self.assertEqual(set(laid_out), set(_generated.STRUCTS))
        text = " ".join(support.header_text().split())
        for tag, cls in laid_out.items():
            body = text.split("typedef struct %s {" % tag, 1)[1].split("}", 1)[0]
            self.assertEqual([f[0] for f in cls._fields_],
                             re.findall(r"(\w+)(?:\[\w+\])?\s*;", body), tag)

    def test_stub_structures_have_the_fields(self):
        stub = support.stub_names(os.path.join(PACKAGE_DIR, "__init__.pyi"))
        for name, cls in vars(nf).items():
            if inspect.isclass(cls) and issubclass(cls, ctypes.Structure) \
                    and cls.__module__.startswith("napfire"):
                body = stub[name].body
                declared = [s.target.id for s in body if isinstance(s, ast.AnnAssign)]
                # A field the package replaced by a read-only property (a
                # deprecated alias, e.g. Result.row for row_index) is
                # declared as one; the others keep the C order.
                properties = {s.name for s in body if isinstance(s, ast.FunctionDef)
                              and any(isinstance(d, ast.Name) and d.id == "property" for d in s.decorator_list)}
                fields = [f[0] for f in cls._fields_]
                self.assertEqual(declared, [f for f in fields if f not in properties], name)
                for field in fields:
                    self.assertTrue(field in declared or isinstance(getattr(cls, field), property),
                                    "%s.%s" % (name, field))

    def test_version_is_the_headers(self):
        with open(os.path.join(support.INCLUDE_DIR, "napfire_version.h"), encoding="utf-8") as f:
            self.assertIn('#define NAPFIRE_VERSION_STRING "%s"' % nf.__version__, f.read())

    def test_every_function_is_declared_from_its_signature(self):
        self.assertEqual(set(nf.PROTOTYPES), set(_generated.FUNCTIONS))
        for name, (_ret, params) in _generated.FUNCTIONS.items():
            self.assertEqual(len(nf.PROTOTYPES[name][1]), len(params), name)

    def test_unknown_header_constructs_stop_the_generator(self):
        cases = [
            ("enum napfire_arm { NAPFIRE_ARM_A = FOO };\n", "NAPFIRE_ARM_A"),
            ("typedef struct napfire_odd { int32_t a : 3; } napfire_odd;\n", "napfire_odd"),
            ("#define NAPFIRE_ODD (2 * 3)\n", None),
        ]
        with tempfile.TemporaryDirectory() as d:
            for text, named in cases:
                with self.subTest(text=text):
                    extra = os.path.join(d, "extra.h")
                    with open(extra, "w", encoding="utf-8") as f:
                        f.write(text)
                    proc = run_generator(d, HEADERS + [extra])
                    if named is None:
                        # Not an integer: not a constant, and not an error.
                        self.assertEqual(proc.returncode, 0, proc.stderr)
                        continue
                    self.assertEqual(proc.returncode, 1)
                    self.assertIn(named, proc.stderr)


class TestStub(unittest.TestCase):
    def setUp(self):
        self.declared = support.stub_names(os.path.join(PACKAGE_DIR, "__init__.pyi"))

    def test_stub_and_module_declare_the_same_names(self):
        public = runtime_public_names(nf)
        declared = {n for n in self.declared if not n.startswith("_")}
        self.assertEqual(public - declared, set(), "in the module, not in the stub")
        self.assertEqual(declared - public, set(), "in the stub, not in the module")

    def test_stub_enums_have_the_module_members(self):
        stub = support.stub_names(os.path.join(PACKAGE_DIR, "_generated.pyi"))
        enums = [n for n, v in vars(_generated).items()
                 if inspect.isclass(v) and issubclass(v, enum.Enum)]
        self.assertEqual(len(enums), len(load_generator().ENUMS))
        for name in enums:
            node = stub[name]
            members = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign)]
            self.assertEqual(members, [m.name for m in getattr(nf, name)], name)


class TestScripts(unittest.TestCase):
    """The example scripts import the installed package, never the source
    tree's: no directory holding a script holds a napfire package."""

    def scripts(self):
        found = []
        for top, dirs, files in os.walk(os.path.join(ROOT, "examples")):
            dirs[:] = [d for d in dirs if d not in ("src", "__pycache__", "node_modules")]
            for name in files:
                path = os.path.join(top, name)
                if name.endswith(".py") and name != "gen_bindings.py":
                    with open(path, encoding="utf-8") as f:
                        if "import napfire" in f.read():
                            found.append(path)
        return found

    def test_no_script_sits_beside_a_napfire_package(self):
        scripts = self.scripts()
        self.assertIn("odds.py", [os.path.basename(s) for s in scripts])
        for script in scripts:
            self.assertFalse(os.path.exists(os.path.join(os.path.dirname(script), "napfire")),
                             script)

    def test_odds_runs_as_a_user_runs_it_after_install(self):
        # An installed package: a copy in a scratch site directory with the
        # library inside it, as pip installs it. NAPFIRE_LIBRARY names no
        # library, so only that copy can load: a script that imports any
        # other napfire fails.
        with tempfile.TemporaryDirectory() as tmp:
            pkg = os.path.join(tmp, "site", "napfire")
            os.makedirs(pkg)
            for name in ("__init__.py", "_loader.py", "_generated.py"):
                shutil.copy(os.path.join(PACKAGE_DIR, name), pkg)
            shutil.copy(os.path.realpath(nf.LIBRARY), os.path.join(pkg, "libnapfire.so.1"))
            env = dict(os.environ, PYTHONPATH=os.path.join(tmp, "site"),
                       NAPFIRE_LIBRARY="/nonexistent/libnapfire.so.1")
            env.pop("LD_LIBRARY_PATH", None)
            proc = subprocess.run(
                [sys.executable, os.path.join("examples", "python", "odds.py"), "--made-up"],
                cwd=ROOT, env=env, capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("Expected casualties:", proc.stdout)


if __name__ == "__main__":
    unittest.main()
