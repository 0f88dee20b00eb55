# SPDX-License-Identifier: MIT
"""The napfire package: where it finds the library (examples/python/src/napfire/_loader.py)
and its typing. Runs against the source tree (meson test: the package has no
copy of its own and loads NAPFIRE_LIBRARY) and against the package pip
installed into a venv (.ci/run: the package's own copy)."""
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import napfire as nf
import support
from napfire import _loader

PACKAGE_DIR = os.path.dirname(os.path.abspath(nf.__file__))
SONAME = "libnapfire.so.1"


def bundled():
    """True when the package loaded a copy inside itself (pip install)."""
    return os.path.dirname(os.path.abspath(nf.LIBRARY)) == PACKAGE_DIR


class TestLibraryNames(unittest.TestCase):
    def test_names_per_platform(self):
        self.assertEqual(_loader.library_names("linux"), ("libnapfire.so.1",))
        self.assertEqual(_loader.library_names("freebsd13"), ("libnapfire.so.1",))
        self.assertEqual(_loader.library_names("darwin"), ("libnapfire.1.dylib",))
        self.assertEqual(_loader.library_names("win32"),
                         ("libnapfire-1.dll", "napfire-1.dll"))

    def test_loaded_library_is_abi_1(self):
        self.assertEqual(nf.version_string().split(".")[0], str(_loader.ABI_MAJOR))


class TestOrder(unittest.TestCase):
    """Each place wins over the ones after it, in a scratch copy of the package."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="napfire-pkg-")
        self.addCleanup(shutil.rmtree, self.tmp)
        self.pkg = os.path.join(self.tmp, "site", "napfire")
        os.makedirs(self.pkg)
        for name in ("__init__.py", "_loader.py", "_generated.py"):
            shutil.copy(os.path.join(PACKAGE_DIR, name), self.pkg)
        self.real = os.path.realpath(nf.LIBRARY)

    def run_import(self, **env_changes):
        env = dict(os.environ, PYTHONPATH=os.path.join(self.tmp, "site"))
        env.pop("NAPFIRE_LIBRARY", None)
        env.pop("LD_LIBRARY_PATH", None)
        env.update(env_changes)
        code = "import napfire; print(napfire.LIBRARY)"
        return subprocess.run([sys.executable, "-c", code], env=env, cwd=self.tmp,
                              capture_output=True, text=True)

    def test_own_copy_wins_over_environment(self):
        own = os.path.join(self.pkg, SONAME)
        shutil.copy(self.real, own)
        proc = self.run_import(NAPFIRE_LIBRARY="/nonexistent/libnapfire.so")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.strip(), own)

    def test_environment_wins_over_install_libdir(self):
        libdir = os.path.join(self.tmp, "libdir")
        os.makedirs(libdir)
        with open(os.path.join(self.pkg, "_install.py"), "w") as f:
            f.write("LIBDIR = %r\n" % libdir)
        shutil.copy(self.real, os.path.join(libdir, SONAME))
        proc = self.run_import(NAPFIRE_LIBRARY=self.real)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.strip(), self.real)
        # Without NAPFIRE_LIBRARY, the libdir meson installed to.
        proc = self.run_import()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.strip(), os.path.join(libdir, SONAME))

    def test_bad_environment_path_is_final(self):
        proc = self.run_import(NAPFIRE_LIBRARY="/nonexistent/libnapfire.so")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("ImportError", proc.stderr)
        self.assertIn("NAPFIRE_LIBRARY='/nonexistent/libnapfire.so' cannot be loaded",
                      proc.stderr)


class TestNotFound(unittest.TestCase):
    def test_error_names_every_place(self):
        refused = OSError("refused by the test")
        with mock.patch.dict(os.environ):
            os.environ.pop("NAPFIRE_LIBRARY", None)
            with mock.patch.object(ctypes, "CDLL", side_effect=refused), \
                    mock.patch.object(ctypes.util, "find_library", return_value=None), \
                    mock.patch.object(_loader, "_installed_libdir", return_value="/opt/nf/lib"):
                with self.assertRaises(ImportError) as caught:
                    _loader.load_library()
        text = str(caught.exception)
        for place in ("package copy " + os.path.join(PACKAGE_DIR, SONAME),
                      "NAPFIRE_LIBRARY: not set",
                      "installed with the package /opt/nf/lib/" + SONAME,
                      "ctypes.util.find_library('napfire'): not found",
                      "system library " + SONAME):
            self.assertIn(place, text)
        order = [text.index(p) for p in ("package copy", "NAPFIRE_LIBRARY: not set",
                                          "installed with the package", "system library")]
        self.assertEqual(order, sorted(order))


class TestTyping(unittest.TestCase):
    def test_marker_and_stub_are_in_the_package(self):
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, "py.typed")))
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, "__init__.pyi")))

    def test_stub_declares_every_public_name(self):
        # The enumerations and constants come from the generated stub,
        # which __init__.pyi star-imports.
        declared = set(support.stub_names(os.path.join(PACKAGE_DIR, "__init__.pyi")))
        self.assertEqual(set(nf.__all__) - declared, set())


class TestInstalled(unittest.TestCase):
    @unittest.skipUnless(os.environ.get("NAPFIRE_EXPECT_INSTALLED"),
                         "run by .ci/run against the package pip installed")
    def test_package_and_library_come_from_the_install(self):
        prefix = os.environ["NAPFIRE_EXPECT_INSTALLED"]
        self.assertTrue(PACKAGE_DIR.startswith(prefix), PACKAGE_DIR)
        self.assertTrue(bundled(), nf.LIBRARY)


if __name__ == "__main__":
    unittest.main()
