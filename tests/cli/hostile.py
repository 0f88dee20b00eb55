# SPDX-License-Identifier: MIT
"""Shared by the hostile-input tests: run the built CLI with a timeout and
check what every refusal must have.

Environment (set by tests/cli/meson.build and tests/hostile/meson.build): NAPFIRE_CLI (the built
napfire tool), NAPFIRE_SOURCE_ROOT, plus tests/python's NAPFIRE_LIBRARY
and PYTHONPATH. Under ASan/UBSan the CLI is instrumented itself: the
python interpreter's runtime preload is taken out of the child's
environment, and any sanitizer report in the child's stderr fails the
test whatever its exit status.
"""
import json
import os
import subprocess
import unittest

CLI = os.environ.get("NAPFIRE_CLI", "")
ROOT = os.environ.get("NAPFIRE_SOURCE_ROOT",
                      os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
RIDGE = os.path.join(ROOT, "examples", "maps", "ridge.map")
SYNTHETIC = os.path.join(ROOT, "tests", "data", "synthetic.txt")

#: Seconds any single run may take: a hang is a failure, not a stuck suite.
TIMEOUT = 30

# The CLI's documented exit statuses.
RESOLVED, FORBIDDEN, BAD_INPUT, UNKNOWN, WRITE_ERROR = 0, 1, 2, 3, 4

SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
                   "runtime error:", "MemorySanitizer")


def child_env():
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)       # the CLI links its own sanitizer runtime
    # The interpreter runs without leak detection (it leaks by design); the
    # CLI must not leak, so its own runs check (the last setting wins).
    if env.get("ASAN_OPTIONS"):
        env["ASAN_OPTIONS"] += ":detect_leaks=1"
    return env


class Run:
    def __init__(self, proc):
        self.status = proc.returncode
        self.raw = proc.stdout if isinstance(proc.stdout, bytes) else b""
        self.out = proc.stdout.decode("utf-8", "replace") if isinstance(proc.stdout, bytes) \
            else (proc.stdout or "")
        self.err = proc.stderr.decode("utf-8", "replace") if isinstance(proc.stderr, bytes) \
            else (proc.stderr or "")


def run(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, **kw):
    """Run the CLI; a run longer than TIMEOUT raises (the test fails)."""
    proc = subprocess.run([CLI] + list(args), stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=TIMEOUT, env=child_env(), **kw)
    return Run(proc)


class CliCase(unittest.TestCase):
    def setUp(self):
        if not CLI or not os.access(CLI, os.X_OK):
            self.fail("NAPFIRE_CLI is not the built napfire tool: %r" % CLI)

    def no_crash(self, r, args):
        for mark in SANITIZER_MARKS:
            self.assertNotIn(mark, r.err, "sanitizer report for %r" % (args,))
        self.assertGreaterEqual(r.status, 0, "killed by signal %d: %r" % (-r.status, args))

    def cli(self, args, status, *in_err, out=None):
        """Run, check the exit status and that stderr names every
        ``in_err`` text; a JSON output (--json) must decode as UTF-8 and
        parse."""
        r = run(args)
        self.no_crash(r, args)
        self.assertEqual(r.status, status, "exit status of %r; stderr: %s" % (args, r.err))
        for text in in_err:
            self.assertIn(text, r.err, "stderr of %r" % (args,))
        if status == BAD_INPUT:
            self.assertEqual(r.out, "", "a refusal prints nothing on stdout: %r" % (args,))
            self.assertTrue(r.err.strip(), "a refusal says why: %r" % (args,))
        if "--json" in args and r.raw:
            # Strictly: the bytes must be UTF-8 before they are JSON.
            r.json = json.loads(r.raw.decode("utf-8"))
        if out is not None:
            self.assertIn(out, r.out)
        return r
