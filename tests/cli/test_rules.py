# SPDX-License-Identifier: MIT
"""`napfire rules --check` and `--coverage` (doc/rules-format.md): the
families and counts of unknown data, the warnings with their lines, the
sweep's counts, the ranking, valid JSON, and the exit statuses for
unreadable and malformed files (with the parser's line and column).

Usage: test_rules.py NAPFIRE_CLI SOURCE_ROOT. The files read are
made-up test data or the built-in template."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

CLI = ROOT = None


def run(*args):
    p = subprocess.run([CLI, "rules"] + list(args), capture_output=True, encoding="utf-8", check=False)
    return p.returncode, p.stdout, p.stderr


def path(*parts):
    return os.path.join(ROOT, *parts)


class TestCheck(unittest.TestCase):
    def test_template_families(self):
        # F-DATA: the built-in data, 251 unknown data the rules can read.
        code, out, _ = run("--check", path("examples", "rules", "seed.txt"), "--json")
        self.assertEqual(code, 0)
        doc = json.loads(out)
        counts = {f["family"]: f["unknown"] for f in doc["families"]}
        self.assertEqual(counts, {"musketry_cells": 29, "infantry_ranges": 0,
                                  "gun_ranges": 30, "artillery_cells": 180,
                                  "modifiers": 12, "thresholds": 0})
        self.assertEqual(doc["unknown"], 251)
        for fam in doc["families"]:
            self.assertEqual(len(fam["data"]), fam["unknown"])
            for d in fam["data"]:
                self.assertEqual(d["patch"].count("?"), 1)
                self.assertNotIn("?", d["sentence"])
        # F-ART-1: canister beyond canister range is never listed
        listed = [d["patch"] for f in doc["families"] for d in f["data"]]
        self.assertFalse([p for p in listed if ".canister.effective" in p or
                          ".canister.long" in p])
        self.assertEqual(doc["warnings"], [])
        code, text, _ = run("--check", path("examples", "rules", "seed.txt"))
        self.assertEqual(code, 0)
        self.assertIn("artillery cells: 180 unknown", text)
        self.assertIn("\n  musketry cells 29, infantry ranges 0, gun ranges 30, artillery cells "
                      "180, modifiers 12, thresholds 0; 0 warnings\n", text)
        self.assertIn("musketry.row4 = . . ? . . . . . .", text)

    def test_complete_file(self):
        code, out, _ = run("--check", path("tests", "data", "synthetic.txt"), "--json")
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["unknown"], 0)

    def test_warnings_have_lines(self):
        f = path("tests", "data", "slips.txt")
        code, out, _ = run("--check", f)
        self.assertEqual(code, 0)  # warnings never refuse a file
        self.assertIn(f + ":4: warning: musketry.row3: 2 at modified roll 9-10 but 1\u00bd "
                      "at 11-12: casualties fall as the modified roll rises\n", out)
        self.assertIn(f + ":5: warning: musketry.row4 inflicts fewer casualties than the "
                      "smaller musketry.row3 at modified roll 9-10\n", out)
        self.assertIn(f + ":6: warning: gun_range.p6.mm: the long band is empty", out)
        self.assertIn(f + ":7: warning: gun_range.p9.mm: the lighter p6 reaches farther at "
                      "effective range\n", out)
        self.assertIn(f + ":8: warning: artillery.p9.roundshot.long: 2 at modified roll 7-8 "
                      "but 1 at 9-10", out)
        # F-DATA: the file changes the data but names no rules of its own,
        # so it still carries the built-in name: one warning for the file
        self.assertIn(f + ": warning: name: the data differ from the built-in data but keep "
                      "its name \"Napoleonic figure-scale fire: the source texts\": name your "
                      "rules\n", out)
        doc = json.loads(run("--check", f, "--json")[1])
        self.assertEqual([w["line"] for w in doc["warnings"]], [4, 5, 6, 7, 8, None])
        # both sides: the template has none
        self.assertNotIn("warning:", run("--check", path("examples", "rules", "seed.txt"))[1])

    def check_named(self, name, extra):
        with tempfile.TemporaryDirectory() as tmp:
            f = os.path.join(tmp, "r.txt")
            with open(f, "w", encoding="utf-8") as fh:
                fh.write("napfire-rules 1\n" + (f'name = "{name}"\n' if name else "") + extra)
            code, out, _ = run("--check", f, "--json")
            self.assertEqual(code, 0)
            return json.loads(out)["warnings"]

    def test_provenance(self):
        # F-DATA: changed data under the built-in name or the template's
        # placeholder is warned about, at the name's line; unchanged data
        # (the template itself) and a name of one's own are not.
        builtin = "Napoleonic figure-scale fire: the source texts"
        cell = "musketry.row1 = . . . . . . . . 3\n"
        for name in (builtin, "your rules: name them"):
            w = self.check_named(name, cell)
            self.assertEqual(len(w), 1, w)
            self.assertEqual(w[0]["line"], 2)
            self.assertIn("name your rules", w[0]["message"])
            self.assertEqual(self.check_named(name, ""), [])
        self.assertEqual(self.check_named("My house rules", cell), [])
        # the template names itself with the placeholder
        code, out, _ = run("--template")
        self.assertEqual(code, 0)
        self.assertIn('name    = "your rules: name them"\n', out)

    def test_bad_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.txt")
            with open(bad, "w", encoding="utf-8") as fh:
                fh.write("napfire-rules 1\nmusketry.row1 = - - x\n")
            for opt in ("--check", "--coverage"):
                code, out, err = run(opt, bad)
                self.assertEqual(code, 2)
                self.assertIn(bad + ":2:21: malformed cell 'x'", err)
                # a refusal prints nothing on stdout, JSON or not
                code, out, err = run(opt, bad, "--json")
                self.assertEqual((code, out), (2, ""))
                self.assertIn(bad + ":2:21: malformed cell 'x'", err)
                code, out, err = run(opt, os.path.join(tmp, "absent.txt"))
                self.assertEqual(code, 2)
                self.assertIn("cannot open rules file", err)
            # F-ART-1: a value where the rules read none is refused with its place
            with open(bad, "w", encoding="utf-8") as fh:
                fh.write("napfire-rules 1\nartillery.p6.canister.long = 1 ? ? ? ? ? ? ? ?\n")
            code, _, err = run("--check", bad)
            self.assertEqual(code, 2)
            self.assertIn(":2:30: the rules never read this cell", err)
        self.assertEqual(run("--check")[0], 2)
        self.assertEqual(run("--json")[0], 2)
        self.assertEqual(run("--template", "--json")[0], 2)
        self.assertEqual(run("--check", path("tests", "data", "synthetic.txt"),
                             "--coverage", path("tests", "data", "synthetic.txt"))[0], 2)
        # --json may come first
        code, out, _ = run("--json", "--check", path("tests", "data", "synthetic.txt"))
        self.assertEqual((code, json.loads(out)["unknown"]), (0, 0))
        self.assertEqual(run("--coverage", "a", "b")[0], 2)


class TestCoverage(unittest.TestCase):
    def coverage(self, *parts):
        code, out, _ = run("--coverage", path(*parts), "--json")
        self.assertEqual(code, 0)
        return json.loads(out)

    def test_builtin(self):
        doc = self.coverage("examples", "rules", "seed.txt")
        self.assertEqual(doc["musketry"]["shots"], 5 * 7 * 2 * 11)
        self.assertEqual(doc["artillery"]["shots"], 5 * 2 * 3 * 11)
        self.assertEqual(doc["artillery"]["resolved"], 0)  # no artillery number is known
        blocked = [b["shots"] for b in doc["blocking"]]
        self.assertEqual(blocked, sorted(blocked, reverse=True))
        unresolved = sum(doc[k]["shots"] - doc[k]["resolved"] for k in ("musketry", "artillery"))
        self.assertEqual(sum(blocked), unresolved)
        self.assertTrue(all(b["patch"].count("?") == 1 for b in doc["blocking"]))

    def test_partial_and_complete(self):
        base = self.coverage("examples", "rules", "seed.txt")
        part = self.coverage("examples", "rules", "made-up-partial.txt")
        # the made-up 6-pounder resolves its 2 x 3 x 11 shots
        self.assertEqual(part["artillery"]["resolved"], 66)
        self.assertGreater(part["musketry"]["resolved"], base["musketry"]["resolved"])
        full = self.coverage("tests", "data", "synthetic.txt")
        for k in ("musketry", "artillery"):
            self.assertEqual(full[k]["resolved"], full[k]["shots"])
        self.assertEqual(full["blocking"], [])
        code, text, _ = run("--coverage", path("examples", "rules", "seed.txt"))
        self.assertIn("artillery    0 of  330 shots resolve (0%)", text)


if __name__ == "__main__":
    CLI, ROOT = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
