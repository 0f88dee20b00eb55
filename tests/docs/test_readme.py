#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""README.md's commands, run as written against the build tree (suite
'readme'): the quick start's worked example, "bring your own table" line
by line, the SVG pictures, and the Python example. readme.py says which
blocks these are; CI runs the routes that need root, a network or wine
(.ci/steps/14-web.sh, 17-routes.sh) from the same blocks.

Each command runs in a scratch directory that looks like the top of a
checkout after the quick start: build/examples/cli/napfire is the built
CLI, examples/ and tests/ the source tree's. Environment: NAPFIRE_CLI,
NAPFIRE_SOURCE_ROOT; for the Python example also tests/python's
(NAPFIRE_LIBRARY, PYTHONPATH), else that test is skipped.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

import readme

CLI = os.environ.get("NAPFIRE_CLI", "")
ROOT = os.environ.get("NAPFIRE_SOURCE_ROOT", readme.ROOT)
PATH = os.path.join(ROOT, "README.md")
TIMEOUT = 120
CLI_IN_README = "build/examples/cli/napfire"


def checkout_like(scratch):
    """The quick start's tree in `scratch`: the built CLI where the README
    expects it, the sources' examples/ and tests/ beside it."""
    os.makedirs(os.path.join(scratch, "build", "examples", "cli"))
    os.symlink(os.path.abspath(CLI), os.path.join(scratch, CLI_IN_README))
    for d in ("examples", "tests"):
        os.symlink(os.path.join(ROOT, d), os.path.join(scratch, d))


def sh(cmd, cwd):
    """One README line under bash -euo pipefail; the child does not inherit
    a sanitizer preload meant for this interpreter, and the CLI, which must
    not leak, runs with leak detection back on (as tests/cli/hostile.py)."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    if env.get("ASAN_OPTIONS"):
        env["ASAN_OPTIONS"] += ":detect_leaks=1"
    return subprocess.run(["bash", "-euo", "pipefail", "-c", cmd], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)


def readme_picture():
    """The one picture README.md shows, as a path."""
    with open(PATH, encoding="utf-8") as f:
        found = re.findall(r"^!\[[^]]*\]\(([^)]+\.svg)\)", f.read(), re.M)
    assert len(found) == 1, found
    return os.path.join(ROOT, found[0])


class Blocks(unittest.TestCase):
    def test_every_block_is_marked(self):
        found = readme.blocks(PATH)
        for key in readme.REQUIRED:
            with self.subTest(key=key):
                self.assertIn(key, found, "README.md lacks the block %r" % key)
                self.assertTrue(found[key].strip(), "README.md's block %r is empty" % key)

    def test_test_command(self):
        self.assertEqual(readme.commands("ci: test-command", PATH),
                         ["meson test -C build --print-errorlogs"])

    def test_quick_start_builds_and_runs_the_cli(self):
        text = readme.block("ci: quick-start", PATH)
        for step in ("meson setup build", "meson compile -C build", CLI_IN_README + " musketry"):
            self.assertIn(step, text)

    def test_browser_test_exists(self):
        cmd = " ".join(readme.commands("ci: browser", PATH))
        self.assertIn("cd tests/web", cmd)
        script = [w for w in cmd.split() if w.endswith(".mjs")]
        self.assertEqual(len(script), 1, cmd)
        self.assertTrue(os.path.isfile(os.path.join(ROOT, "tests", "web", script[0])), script[0])

    def test_cmake_target_named_after_its_program(self):
        # The CMake example builds examples/vendoring/plain-cc/app.c: its
        # target, and the program the README runs, are named after it.
        with open(os.path.join(ROOT, "examples", "vendoring", "cmake-package", "CMakeLists.txt"),
                  encoding="utf-8") as f:
            target, source = re.search(r"^add_executable\((\S+) (\S+)\)", f.read(), re.M).groups()
        self.assertEqual(target, os.path.splitext(os.path.basename(source))[0])
        self.assertIn("build-cmake/%s" % target, readme.block("ci-route: cmake", PATH))
        self.assertIn("target_link_libraries(%s " % target,
                      readme.block("ci-route-lines: examples/vendoring/cmake-package/CMakeLists.txt", PATH))

    def test_odds_script_options(self):
        # What the README says odds.py takes, it takes.
        with open(PATH, encoding="utf-8") as f:
            text = " ".join(f.read().split())
        sentence = re.search(r"`examples/python/odds.py`[^.]*\.", text).group(0)
        options = re.findall(r"`(--[\w-]+)", sentence)
        self.assertEqual(options, ["--rules", "--made-up"], sentence)
        self.assertIn("lacks most musketry cells", sentence)
        with open(os.path.join(ROOT, "examples", "python", "odds.py"), encoding="utf-8") as f:
            script = f.read()
        for option in options:
            self.assertIn('add_argument("%s"' % option, script)


    def test_marker_syntax(self):
        # Both forms are found, and a missing key names how to mark it.
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
            f.write("x\n<!-- ci-route: a -->\n\n```sh\none\n```\n```sh ci:b\ntwo\n```\n"
                    "<!-- ci-route: c -->\ntext\n```sh\nthree\n```\n```cmake ci-route-x:d/e.txt\n4\n```\n"
                    "```sh x:f\nfive\n```\n")
        try:
            self.assertEqual(readme.blocks(f.name), {"ci-route: a": "one\n", "ci: b": "two\n",
                                                     "ci-route-x: d/e.txt": "4\n"})
            with self.assertRaisesRegex(readme.MissingBlock, "ci:zz"):
                readme.block("ci: zz", f.name)
        finally:
            os.unlink(f.name)


@unittest.skipUnless(CLI and os.access(CLI, os.X_OK), "NAPFIRE_CLI is not the built CLI")
class Commands(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        checkout_like(self.dir.name)

    def run_line(self, cmd):
        r = sh(cmd, self.dir.name)
        self.assertEqual(r.returncode, 0, "README command failed: %s\n%s%s" % (cmd, r.stdout, r.stderr))
        return r

    def test_quick_start_worked_example(self):
        # F-EX-1: 3 casualties, permitted.
        r = self.run_line(" ".join(readme.quick_start_cli(PATH)))
        self.assertIn("casualties: 3 (target 3, screen 0)", r.stdout)
        self.assertIn("verdict: PERMITTED", r.stdout)

    def test_bring_your_own_table(self):
        lines = readme.commands("ci: byot", PATH)
        self.assertTrue(any("--check" in c for c in lines) and any("--coverage" in c for c in lines))
        for cmd in lines:
            with self.subTest(cmd=cmd):
                self.run_line(cmd)
        # The JSON forms parse, on the filled file and on the template.
        for f in ("my-rules.txt", os.path.join("examples", "rules", "seed.txt")):
            for opt in ("--check", "--coverage"):
                with self.subTest(file=f, opt=opt):
                    r = self.run_line("%s rules %s %s --json" % (CLI_IN_README, opt, f))
                    json.loads(r.stdout)

    def test_pictures(self):
        # The line of sight is blocked (H-ELV-4: exit status 1, the picture
        # drawn) and is the README's picture, byte for byte; the odds exit 0.
        svg_lines = [c for c in readme.commands("ci: pictures", PATH)
                     if c.startswith(CLI_IN_README) and " --svg " in c]
        self.assertEqual(len(svg_lines), 2, "expected a los and an odds picture")
        for cmd in svg_lines:
            with self.subTest(cmd=cmd):
                blocked = cmd.startswith(CLI_IN_README + " los ")
                r = sh(cmd, self.dir.name)
                self.assertEqual(r.returncode, 1 if blocked else 0, "%s\n%s%s" % (cmd, r.stdout, r.stderr))
                out = os.path.join(self.dir.name, cmd.split()[-1])
                root = ET.parse(out).getroot()
                self.assertTrue(root.tag.endswith("svg"), root.tag)
                self.assertGreater(len(list(root.iter())), 10)
                if blocked:
                    with open(out, "rb") as f, open(readme_picture(), "rb") as g:
                        self.assertEqual(f.read(), g.read(), "the README's picture is not what %s draws" % cmd)

    def test_table_rows_in_the_librarys_words(self):
        # F-TAB-1: a musketry row is named as the library names it
        # (napfire_missing_describe, here through `napfire rules --check`).
        template = os.path.join(self.dir.name, "template.txt")
        r = self.run_line("%s rules --template > %s" % (CLI_IN_README, template))
        r = sh("%s rules --check %s" % (CLI_IN_README, template), self.dir.name)
        words = set(re.findall(r"row \d \([^)]*\)", r.stdout + r.stderr))
        self.assertEqual(len(words), 5, r.stdout + r.stderr)
        with open(PATH, encoding="utf-8") as f:
            said = re.findall(r"row \d \([^)]*\)", " ".join(f.read().split()))
        self.assertTrue(said)
        for row in said:
            self.assertIn(row, words)

    @unittest.skipUnless(os.environ.get("NAPFIRE_LIBRARY"), "no built library for the binding")
    def test_python_example(self):
        example = os.path.join(self.dir.name, "readme_example.py")
        with open(example, "w", encoding="utf-8") as f:
            f.write(readme.block("ci: python", PATH))
        r = subprocess.run([sys.executable, example], cwd=self.dir.name, capture_output=True,
                           text=True, timeout=TIMEOUT, check=False)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertTrue(r.stdout.strip())


if __name__ == "__main__":
    unittest.main()
