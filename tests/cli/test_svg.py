# SPDX-License-Identifier: MIT
"""napfire los/odds --svg: golden files, structure, and agreement with the
CLI's JSON (the library's own answers).

Usage: test_svg.py NAPFIRE_CLI SOURCE_ROOT. NAPFIRE_UPDATE_GOLDEN=1 rewrites
the golden files instead of comparing them (then review the diff).

Rules covered by the pictures: H-LOS-2 (vertex touched), H-LOS-3 (hexside
run along), H-LOS-4 (front hexsides), H-ELV-1/2/3/4/6 (the verdicts of the
ridge map), F-EX-1 and F-CAS-3/4 (the odds over 2D6 x half die).
"""
import json
import os
import stat
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

CLI = SRC = None
NS = "{http://www.w3.org/2000/svg}"
RIDGE = "examples/maps/ridge.map"
FEX1 = ["--nation", "britain", "--class", "elite", "--figures", "30", "--formation", "line",
        "--moved", "half", "--target-arm", "line-infantry",
        "--target-formation", "column-of-divisions", "--distance", "15cm"]
SYNTH = ["--rules", "tests/data/synthetic.txt"]


def run(*args):
    return subprocess.run([CLI, *args], cwd=SRC, capture_output=True, encoding="utf-8")


def classes(el):
    return el.get("class", "").split()


class Svg:
    """Run a command with --svg into a temporary file and parse it."""

    def __init__(self, *args):
        fd, self.path = tempfile.mkstemp(suffix=".svg")
        os.close(fd)
        self.proc = run(*args, "--svg", self.path)
        with open(self.path, "rb") as f:
            self.data = f.read()
        os.unlink(self.path)
        self.root = ET.fromstring(self.data) if self.data else None

    def find(self, cls):
        """Elements of class cls, outside the legend's samples."""
        found = []

        def walk(e):
            if "legend" in classes(e):
                return
            if cls in classes(e):
                found.append(e)
            for child in e:
                walk(child)
        walk(self.root)
        return found


class Structure(unittest.TestCase):
    def plain(self, svg):
        """Plain SVG: no scripts, no event handlers, no external links."""
        self.assertEqual(svg.root.tag, NS + "svg")
        for e in svg.root.iter():
            self.assertNotIn(e.tag, (NS + "script", NS + "foreignObject"))
            for k in e.attrib:
                self.assertFalse(k.lower().startswith("on"), k)
                self.assertNotIn("href", k)

    def golden(self, name, data):
        path = os.path.join(SRC, "tests", "cli", "golden", name)
        if os.environ.get("NAPFIRE_UPDATE_GOLDEN") == "1":
            with open(path, "wb") as f:
                f.write(data)
        with open(path, "rb") as f:
            self.assertEqual(data, f.read(), "differs from " + path)


class Los(Structure):
    def check_against_json(self, args, status):
        svg = Svg("los", RIDGE, *args)
        self.assertEqual(svg.proc.returncode, status, svg.proc.stderr)
        self.plain(svg)
        js = json.loads(run("los", RIDGE, *args, "--json").stdout)
        kinds = [s["kind"] for s in js["trace"]]
        self.assertEqual(len(svg.find("trace-hex")), kinds.count("hex"))
        self.assertEqual(len(svg.find("trace-hexside")), kinds.count("hexside"))
        touched = [(s["hexes"][0]["col"], s["hexes"][0]["row"]) for s in js["trace"] if s["kind"] == "vertex"]
        got = [(int(e.get("data-col")), int(e.get("data-row"))) for e in svg.find("trace-vertex")]
        self.assertEqual(got, touched)
        self.assertEqual(len(svg.find("front-hexside")), len(js["front_hexsides"]))
        verdict = svg.find("verdict")
        self.assertEqual(len(verdict), 1)
        text = "".join(verdict[0].itertext())
        self.assertEqual(verdict[0].get("data-clear"), "1" if js["clear"] else "0")
        if js["clear"]:
            self.assertTrue(text.startswith("CLEAR"), text)
        else:
            self.assertIn("[%s]" % js["rule_id"], text)
            self.assertEqual(verdict[0].get("data-rule"), js["rule"])
        blockers = svg.find("blocker")
        if js["blocker"] and not js["clear"]:
            b = js["blocker"][0]
            self.assertEqual([(int(e.get("data-col")), int(e.get("data-row"))) for e in blockers],
                             [(b["col"], b["row"])])
        else:
            self.assertEqual(blockers, [])
        hexes = svg.find("hex")
        self.assertEqual(len(hexes), 70)  # ridge.map is 10 x 7
        return svg, js, text

    def test_blocked_by_slope(self):
        # H-ELV-4, H-ELV-3: the slope at 4,3 blocks at equal elevations.
        svg, js, text = self.check_against_json(["1,3", "8,2"], 1)
        self.assertIn("BLOCKED: SLOPE [H-ELV-4] at 4,3", text)
        self.assertEqual(len(svg.find("trace-vertex")), 2)  # H-LOS-2: 3,2 and 6,3
        self.golden("los-ridge-blocked.svg", svg.data)

    def test_clear_from_ridge_top(self):
        # H-ELV-1: the firer on the ridge sees over a blocker near itself.
        svg, js, text = self.check_against_json(["5,0", "9,3", "--facing", "line:11"], 0)
        self.assertIn("1 blocker seen over by elevation", text)
        self.assertEqual(len(svg.find("front-hexside")), 2)
        self.golden("los-ridge-clear.svg", svg.data)

    def test_along_hexsides(self):
        # H-LOS-3: 1,3 to 5,3 runs along two hexsides.
        svg, js, text = self.check_against_json(["1,3", "5,3"], 0)
        self.assertEqual(len(svg.find("trace-hexside")), 2)
        self.golden("los-ridge-hexsides.svg", svg.data)

    def test_front_hexside(self):
        # H-LOS-4: the exit hexside is not a front hexside.
        svg, js, text = self.check_against_json(["1,3", "8,2", "--front", "3,4"], 1)
        self.assertIn("FRONT_HEXSIDE [H-LOS-4]", text)
        self.assertEqual(len(svg.find("exit-hexside")), len(js["exit_hexsides"]))

    def test_deterministic(self):
        self.assertEqual(Svg("los", RIDGE, "1,3", "8,2").data, Svg("los", RIDGE, "1,3", "8,2").data)

    def test_write_error(self):
        bad = os.path.join(tempfile.gettempdir(), "no-such-dir-napfire", "x.svg")
        p = run("los", RIDGE, "1,3", "8,2", "--svg", bad)
        self.assertEqual(p.returncode, 4)  # the output could not be written
        self.assertIn("cannot write SVG", p.stderr)
        self.assertFalse(os.path.exists(bad))
        if os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode):
            # A device is refused before anything is written, and kept.
            p = run("los", RIDGE, "1,3", "8,2", "--svg", "/dev/full")
            self.assertEqual(p.returncode, 2)
            self.assertIn("--svg: '/dev/full' is a device, not a regular file", p.stderr)
            self.assertTrue(stat.S_ISCHR(os.stat("/dev/full").st_mode), "/dev/full was removed")
        fd, mine = tempfile.mkstemp(suffix=".svg")
        os.close(fd)
        try:
            p = run("los", RIDGE, "1,3", "8,2", "--svg", mine, "--front", "9")
            self.assertEqual(p.returncode, 2)  # bad option: nothing drawn, file kept
            self.assertTrue(os.path.exists(mine))
        finally:
            os.unlink(mine)
        p = run("los", RIDGE, "1,3", "8,2", "--svg")
        self.assertEqual(p.returncode, 2)


class Odds(Structure):
    def bars(self, svg):
        known = [(int(e.get("data-target")), int(e.get("data-screen")), int(e.get("data-weight")))
                 for e in svg.find("bar") if "unknown" not in classes(e)]
        unknown = [int(e.get("data-weight")) for e in svg.find("unknown")]
        return known, unknown

    def test_fex1_synthetic_matches_distribution(self):
        # F-EX-1 with the labelled made-up table: every roll known.
        svg = Svg("odds", "musketry", *FEX1, *SYNTH)
        self.assertEqual(svg.proc.returncode, 0, svg.proc.stderr)
        self.plain(svg)
        js = json.loads(run("odds", "musketry", *FEX1, *SYNTH, "--json").stdout)
        known, unknown = self.bars(svg)
        self.assertEqual(known, [(o["target"], o["screen"], o["weight"]) for o in js["outcomes"]])
        self.assertEqual(unknown, [])
        exp = svg.find("expected")[0]
        self.assertEqual([int(exp.get("data-numerator")), int(exp.get("data-denominator"))], js["expected"])
        text = b"".join(svg.data.split(b"\n"))
        self.assertIn(b"SYNTHETIC test data (not from any rulebook)", text)
        self.golden("odds-fex1-synthetic.svg", svg.data)

    def test_fex1_builtin_unknown_share(self):
        # Built-in data: most rolls land on unknown cells (F-DATA). The
        # unknown share is counted roll by roll through the CLI here.
        svg = Svg("odds", "musketry", *FEX1)
        self.assertEqual(svg.proc.returncode, 3, svg.proc.stderr)
        self.plain(svg)
        known, unknown = self.bars(svg)
        want_unknown, want = 0, {}
        for roll in range(2, 13):
            for die in range(1, 7):
                w = 6 - abs(roll - 7)
                p = run("musketry", *FEX1, "--roll", str(roll), "--half-die", str(die), "--json")
                r = json.loads(p.stdout)
                if r["status"] == "EUNKNOWN":
                    want_unknown += w
                else:
                    key = (r["target_casualties"], r["screen_casualties"])
                    want[key] = want.get(key, 0) + w
        self.assertEqual(unknown, [want_unknown])
        self.assertEqual(known, [(t, s, w) for (t, s), w in sorted(want.items())])
        self.assertGreater(want_unknown, 0)
        self.assertIn("unknown rules data: musketry table, row 4", "".join(svg.find("verdict")[0].itertext()))
        self.golden("odds-fex1-builtin.svg", svg.data)

    def test_forbidden(self):
        svg = Svg("odds", "musketry", *FEX1, *SYNTH, "--fired-this-turn")
        self.assertEqual(svg.proc.returncode, 1)
        known, unknown = self.bars(svg)
        self.assertEqual(known, [(0, 0, 216)])
        self.assertIn("NOT PERMITTED: ALREADY_FIRED", "".join(svg.find("verdict")[0].itertext()))

    def test_resolve_draws_only_a_scene(self):
        # musketry/artillery draw the table of a --scene shot (test_scene.py);
        # without one there is nothing to draw: refused, nothing written.
        p = run("musketry", *FEX1, "--roll", "8", "--svg", "/tmp/napfire-no-scene.svg")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--svg draws the table of a shot measured from a scene: give --scene FILE", p.stderr)
        self.assertFalse(os.path.exists("/tmp/napfire-no-scene.svg"))

    def test_write_error(self):
        p = run("odds", "musketry", *FEX1, *SYNTH, "--svg", "/nonexistent-dir/x.svg")
        self.assertEqual(p.returncode, 4)
        self.assertIn("cannot write SVG", p.stderr)


if __name__ == "__main__":
    CLI, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
    unittest.main(argv=[sys.argv[0], "-v"])
