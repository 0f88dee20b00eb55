# SPDX-License-Identifier: MIT
"""examples/python/odds.py: the odds table of F-EX-1, its exit statuses."""
import contextlib
import io
import os
import re
import tempfile
import importlib.util
import signal
import subprocess
import sys
import unittest

import napfire as nf

# odds.py is a script, loaded from its path, with whichever napfire this
# test imported (.ci/run runs these tests against the pip-installed package).
_ODDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python",
                     "odds.py")
_spec = importlib.util.spec_from_file_location("odds", _ODDS)
odds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(odds)


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = odds.main(list(argv))
    return status, out.getvalue(), err.getvalue()


class TestOdds(unittest.TestCase):
    def test_made_up_table(self):
        status, out, _ = run("--made-up")
        self.assertEqual(status, 0)
        self.assertIn("MADE-UP", out)
        self.assertIn("Band: LONG   net modifier: +3", out)
        # roll 8 -> modified 11, the known cell 5 (F-EX-1): 2 or 3 figures
        self.assertRegex(out, r"\n +8 +5/36 +11 +5 +2 / 3\n")
        weights = [int(w) for w in __import__("re").findall(r"(\d+)/216", out)]
        self.assertEqual(sum(weights), 216)
        self.assertIn("Expected casualties:", out)

    def test_unknown_data_exits_3(self):
        status, out, err = run()
        self.assertEqual(status, 3)
        self.assertIn("musketry table, row 4", err)
        self.assertIn("musketry.row4 = . . ? . . . . . .", err)

    def test_forbidden_shot(self):
        status, out, _ = run("--made-up", "--distance", "50cm")
        self.assertEqual(status, 0)
        self.assertIn("OUT_OF_RANGE", out)

    def test_rules_file(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False,
                                         encoding="utf-8") as f:
            f.write(odds.made_up_rules().format())
        try:
            status, out, _ = run("--rules", f.name, "--distance", "9in")
            self.assertEqual(status, 0)
            self.assertEqual(out, run("--made-up")[1].split("\n", 2)[2])
            with open(f.name, "w", encoding="utf-8") as g:
                g.write("napfire-rules 1\nbogus = 1\n")
            status, _, err = run("--rules", f.name)
            self.assertEqual(status, 2)
            self.assertIn("line 2", err)
        finally:
            os.unlink(f.name)

    def test_bad_enum_argument(self):
        with self.assertRaises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
            odds.main(["--nation", "atlantis"])


CLI = os.environ.get("NAPFIRE_CLI")


def cli(*argv):
    return subprocess.run([CLI] + list(argv), capture_output=True, encoding="utf-8", timeout=120)


def allowed_names(help_text):
    """{option: its allowed names} from a --help that lists them."""
    flat = " ".join(help_text.split())
    return {m.group(1): m.group(2) for m in re.finditer(r"--([\w-]+) NAME .*?\(one of: ([^)]*)\)", flat)}


@unittest.skipUnless(CLI, "NAPFIRE_CLI: the napfire tool to compare with")
class TestOddsReadsAsTheTool(unittest.TestCase):
    """odds.py takes what `napfire` takes: the same distances (units,
    decimals), the same whole numbers, the same names; its --help lists
    the allowed values as the tool's does (F-RNG: metric and imperial)."""

    TEXTS = ["15cm", "150mm", "9in", '9"', "9.5in", "15.5cm", "0mm", "0cm", "10000cm", "100000mm",
             "100001mm", "10000.1cm", "15", "150", "15.55cm", "15.cm", "15.5mm", "015cm", "+15cm",
             "-15cm", " 15cm", "15 cm", "15CM", "1e2mm", "15km", "", "cm", "\u0661\u0665cm", "9in ",
             "4294967296mm"]

    def test_the_same_distances(self):
        for text in self.TEXTS:
            with self.subTest(text=text):
                p = cli("musketry", "--distance", text, "--roll", "8", "--figures", "30")
                m = re.search(r"^distance: (\d+) (mm|tenths of an inch)", p.stdout, re.M)
                try:
                    got = odds.parse_distance(text)
                except ValueError:
                    got = None
                if p.returncode == 2:
                    self.assertIn("--distance: '%s' is not allowed" % text, p.stderr)
                    self.assertIsNone(got)
                    status, _out, err = run_quiet("--made-up", "--distance=" + text)
                    self.assertEqual(status, 2)
                    self.assertIn("--distance: '%s' is not allowed: give a distance" % text, err)
                else:
                    unit = nf.Measure.METRIC if m.group(2) == "mm" else nf.Measure.IMPERIAL
                    self.assertEqual(got, (int(m.group(1)), unit))

    def test_the_same_numbers(self):
        for text in ["30", "0", "9999", "10000", "030", "+30", "-1", "-0", " 30", "30 ", "3_0",
                     "\u0663\u0660", "30.0"]:
            with self.subTest(text=text):
                p = cli("musketry", "--distance", "15cm", "--roll", "8", "--figures", text)
                status, _out, err = run_quiet("--made-up", "--figures=" + text)
                self.assertEqual(status == 2, p.returncode == 2, (p.stderr, err))
                if status == 2:
                    self.assertIn("--figures: '%s' is not allowed: give a whole number 0..9999" % text,
                                  err)

    def test_help_lists_the_tools_names(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), self.assertRaises(SystemExit):
            odds.main(["--help"])
        mine = allowed_names(out.getvalue())
        tool = allowed_names(cli("odds", "musketry", "--help").stdout)
        self.assertEqual(sorted(mine), ["class", "formation", "moved", "nation", "target-cover",
                                        "target-formation"])
        for option, names in mine.items():
            self.assertEqual(names, tool[option], option)
        self.assertIn("(0..9999)", " ".join(out.getvalue().split()))
        self.assertIn("e.g. 15cm, 150mm, 9in", out.getvalue())


def run_quiet(*argv):
    """run(), with argparse's refusal (SystemExit 2) as a status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = odds.main(list(argv))
        except SystemExit as exc:
            status = exc.code
    return status, out.getvalue(), err.getvalue()


def run_script(*argv, stdout=subprocess.PIPE, preexec_fn=None):
    """odds.py as a user runs it: its own process, its own interpreter exit."""
    proc = subprocess.run([sys.executable, _ODDS] + list(argv), stdout=stdout,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          preexec_fn=preexec_fn, timeout=120)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


@unittest.skipUnless(os.name == "posix", "closes file descriptors the POSIX way")
class TestOddsOutput(unittest.TestCase):
    """Output that cannot be written: a message and status 4, or, when the
    reader left, the silent end of a filter; never a traceback."""

    def test_standard_output_closed(self):
        # python3 odds.py >&- : Python starts with sys.stdout None.
        status, err = run_script("--made-up", stdout=None, preexec_fn=lambda: os.close(1))
        self.assertEqual(status, 4, err)
        self.assertEqual(err, "odds: cannot write the output: standard output is closed\n")

    def test_reader_gone(self):
        # The reader closed before the first write: EPIPE at once.
        rd, wr = os.pipe()
        os.close(rd)
        try:
            status, err = run_script("--made-up", stdout=wr)
        finally:
            os.close(wr)
        self.assertEqual((status, err), (-signal.SIGPIPE, ""))

    def test_head_reads_one_line(self):
        # odds.py | head -1: head may leave before or after the last write.
        writer = subprocess.Popen([sys.executable, _ODDS, "--made-up"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        head = subprocess.run(["head", "-1"], stdin=writer.stdout, capture_output=True,
                              timeout=120)
        writer.stdout.close()
        err = writer.stderr.read().decode("utf-8", "replace")
        writer.stderr.close()
        self.assertIn(writer.wait(timeout=120), (0, -signal.SIGPIPE), err)
        self.assertEqual(err, "")
        self.assertEqual(head.stdout, b"NOTE: unknown musketry cells filled with MADE-UP values.\n")

    def test_full_disk_and_usage(self):
        with open("/dev/full", "wb") as full:
            status, err = run_script("--made-up", stdout=full)
        self.assertEqual(status, 4, err)
        self.assertIn("odds: cannot write the output: No space left on device", err)
        self.assertNotIn("Traceback", err)
        status, err = run_script("--figures", "x")
        self.assertEqual(status, 2)
        self.assertIn("--figures: 'x' is not allowed: give a whole number 0..9999", err)


if __name__ == "__main__":
    unittest.main()
