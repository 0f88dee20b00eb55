# SPDX-License-Identifier: MIT
"""Every output checked: every JSON the CLI prints parses, with
the types its fields promise; a write error (file size limit, /dev/full,
a closed pipe) gives a message and exit status 4 (CLI); odds.py gives 4
with a message, or, when its reader left, ends silently by SIGPIPE."""
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import unittest

from hostile import (BAD_INPUT, FORBIDDEN, RESOLVED, RIDGE, ROOT, SYNTHETIC, TIMEOUT, UNKNOWN,
                     WRITE_ERROR, CliCase, Run, child_env, run)

# Command lines printing JSON, with their statuses: every kind of answer.
JSON_RUNS = [
    (["musketry", "--figures", "30", "--distance", "15cm", "--roll", "8", "--half-die", "6",
      "--nation", "britain", "--class", "elite", "--moved", "half",
      "--target-formation", "column-of-divisions", "--json"], RESOLVED),
    (["musketry", "--figures", "30", "--distance", "15cm", "--roll", "8", "--fired-this-turn",
      "--json"], FORBIDDEN),
    (["musketry", "--figures", "30", "--distance", "15cm", "--roll", "5", "--json"], UNKNOWN),
    (["musketry", "--figures", "0", "--distance", "9in", "--roll", "2", "--json"], FORBIDDEN),
    (["artillery", "--gun", "p9", "--figures", "4", "--distance", "10cm", "--roll", "7",
      "--json"], UNKNOWN),
    (["artillery", "--gun", "p9", "--figures", "4", "--distance", "10cm", "--roll", "7",
      "--ammo", "canister", "--friend-in-arc", "--json"], FORBIDDEN),
    (["odds", "musketry", "--rules", SYNTHETIC, "--figures", "30", "--distance", "15cm",
      "--json"], RESOLVED),
    (["odds", "musketry", "--rules", SYNTHETIC, "--figures", "30", "--distance", "15cm",
      "--fired-this-turn", "--json"], FORBIDDEN),
    (["los", RIDGE, "1,3", "8,2", "--json"], FORBIDDEN),
    (["los", RIDGE, "5,0", "9,3", "--json"], RESOLVED),
    (["los", RIDGE, "1,3", "8,2", "--front", "3", "--json"], FORBIDDEN),
    (["los", RIDGE, "0,0", "1,0", "--facing=square:0", "--json"], RESOLVED),
    (["los", RIDGE, "0,0", "9,6", "--json", "--friend-target-side"], FORBIDDEN),
]


class Json(CliCase):
    def test_every_json_parses(self):
        for args, status in JSON_RUNS:
            with self.subTest(args=args):
                r = self.cli(args, status)
                doc = json.loads(r.out)        # a ValueError fails the test
                self.assertIsInstance(doc, dict)

    def test_los_lists_are_lists(self):
        r = self.cli(["los", RIDGE, "1,3", "8,2", "--front", "3", "--json"], FORBIDDEN)
        doc = json.loads(r.out)
        self.assertEqual(doc["front_hexsides"], [3])
        self.assertIsInstance(doc["exit_hexsides"], list)
        self.assertTrue(all(isinstance(h, int) for h in doc["exit_hexsides"]))
        self.assertIsInstance(doc["trace"], list)
        self.assertIn(doc["clear"], (True, False))

    def test_fire_json_fields(self):
        doc = json.loads(self.cli(*JSON_RUNS[0]).out)
        self.assertEqual(doc["casualties"], 3)
        self.assertIsInstance(doc["reasons"], list)
        self.assertIsInstance(doc["modifiers"], list)
        self.assertEqual(len(doc["missing_index"]), 4)
        doc = json.loads(self.cli(*JSON_RUNS[6]).out)
        self.assertEqual(sum(o["weight"] for o in doc["outcomes"]), doc["denominator"])

    def test_refusals_print_no_json(self):
        # A refused command line prints nothing on stdout, not half a document.
        self.cli(["los", RIDGE, "1,3", "8,2", "--front=", "--json"], BAD_INPUT)
        self.cli(["musketry", "--json", "--roll", "13", "--distance", "1cm"], BAD_INPUT)


def limited_env(env, scratch):
    """Under a file size limit a coverage build's exit handler could not
    write its .gcda files either, and would leave them truncated: send them
    to a scratch directory instead (GCOV_PREFIX; ignored by other builds)."""
    env = dict(env)
    env["GCOV_PREFIX"] = scratch
    return env


def limited_file_size(limit):
    """preexec_fn: writes past ``limit`` bytes fail with EFBIG (SIGXFSZ
    ignored, and an ignored signal stays ignored across exec)."""
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def closed_pipe():
    """A pipe whose reading end is already closed: the first write fails."""
    rd, wr = os.pipe()
    os.close(rd)
    return wr


WRITERS = [
    ["rules", "--template"],
    ["musketry", "--figures", "30", "--distance", "15cm", "--roll", "8", "--json"],
    ["odds", "musketry", "--rules", SYNTHETIC, "--figures", "30", "--distance", "15cm"],
    ["los", RIDGE, "1,3", "8,2"],
    ["musketry", "--help"],
    ["--help"],
]


class WriteErrors(CliCase):
    def check_write_error(self, r, args):
        self.no_crash(r, args)
        self.assertEqual(r.status, WRITE_ERROR, "%r: %s" % (args, r.err))
        self.assertIn("cannot write the output", r.err)

    def test_file_size_limit(self):
        with tempfile.TemporaryFile() as f, tempfile.TemporaryDirectory() as scratch:
            for args in WRITERS:
                with self.subTest(args=args):
                    f.seek(0)
                    f.truncate()
                    proc = subprocess.run([os.environ["NAPFIRE_CLI"]] + args, stdout=f,
                                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                          timeout=TIMEOUT, env=limited_env(child_env(), scratch),
                                          preexec_fn=limited_file_size(10))
                    r = Run(proc)
                    self.check_write_error(r, args)
                    self.assertIn("File too large", r.err)

    @unittest.skipUnless(os.path.exists("/dev/full") and
                         stat.S_ISCHR(os.stat("/dev/full").st_mode), "no /dev/full device")
    def test_dev_full(self):
        for args in WRITERS:
            with self.subTest(args=args):
                with open("/dev/full", "wb") as full:
                    r = run(args, stdout=full)
                self.check_write_error(r, args)
                self.assertIn("No space left on device", r.err)

    def test_closed_pipe(self):
        # A reader that left (| head) ends the tool as it ends any filter:
        # silently, by SIGPIPE, as odds.py does.
        for args in WRITERS:
            with self.subTest(args=args):
                wr = closed_pipe()
                try:
                    r = run(args, stdout=wr)
                finally:
                    os.close(wr)
                self.assertEqual(r.status, -signal.SIGPIPE, args)
                self.assertNotIn("cannot write", r.err)
                self.assertNotIn("Broken pipe", r.err)

    def test_closed_pipe_sigpipe_blocked(self):
        # SIGPIPE blocked by the parent: the write fails with EPIPE; still
        # no message, exit status 4.
        def block():
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPIPE})
        wr = closed_pipe()
        try:
            proc = subprocess.run([os.environ["NAPFIRE_CLI"], "rules", "--template"], stdout=wr,
                                  stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                  timeout=TIMEOUT, preexec_fn=block)
        finally:
            os.close(wr)
        self.assertEqual((proc.returncode, proc.stderr), (WRITE_ERROR, b""))

    def test_success_is_still_success(self):
        with tempfile.TemporaryFile() as f:
            r = run(["rules", "--template"], stdout=f)
            self.assertEqual(r.status, RESOLVED, r.err)
            self.assertGreater(f.tell(), 1000)


class OddsPy(unittest.TestCase):
    """examples/python/odds.py: bounded rules files, errors named, write errors."""

    def odds(self, args, stdout=subprocess.PIPE, preexec_fn=None, env=None):
        script = os.path.join(ROOT, "examples", "python", "odds.py")
        proc = subprocess.run([sys.executable, script] + args, stdout=stdout,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                              timeout=TIMEOUT, preexec_fn=preexec_fn, env=env)
        err = proc.stderr.decode("utf-8", "replace")
        self.assertNotIn("Traceback", err)
        return proc.returncode, err

    def test_rules_files(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "latin1.txt")
            with open(bad, "wb") as f:
                f.write(b"napfire-rules 1\nname = \"caf\xe9\"\n")
            nul = os.path.join(d, "nul.txt")
            with open(nul, "wb") as f:
                f.write(b"napfire-rules 1\n\x00\n")
            cases = [
                (["--rules", bad], "latin1.txt", "line 2"),
                (["--rules", nul], "nul.txt", "line 2"),
                (["--rules", "/dev/zero"], "/dev/zero", "larger than 1048576 bytes"),
                (["--rules", d], d, "directory"),
                (["--rules", os.path.join(d, "none")], "none", "No such file"),
            ]
            for args, *texts in cases:
                with self.subTest(args=args):
                    status, err = self.odds(args)
                    self.assertEqual(status, 2, err)
                    for t in texts:
                        self.assertIn(t, err)

    def test_out_of_range_arguments(self):
        status, err = self.odds(["--figures", str(2 ** 32 + 30)])
        self.assertEqual(status, 2, err)
        self.assertIn("--figures: '4294967326' is not allowed", err)
        self.assertIn("0..9999", err)

    def test_write_errors(self):
        with tempfile.TemporaryFile() as f, tempfile.TemporaryDirectory() as scratch:
            status, err = self.odds(["--made-up"], stdout=f, preexec_fn=limited_file_size(10),
                                    env=limited_env(os.environ, scratch))
        self.assertEqual(status, 4, err)
        self.assertIn("cannot write the output", err)
        # A reader that left: odds.py ends as a filter does, silently, by
        # SIGPIPE (tests/python/test_odds.py has the other cases).
        wr = closed_pipe()
        try:
            status, err = self.odds(["--made-up"], stdout=wr)
        finally:
            os.close(wr)
        self.assertEqual((status, err), (-signal.SIGPIPE, ""))


if __name__ == "__main__":
    unittest.main()
