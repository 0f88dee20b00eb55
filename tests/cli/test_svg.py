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
#: An enumerated value's C name (OUT_OF_RANGE, FRONT_HEXSIDE): for
#: --json, not for the words a person reads.
ENUM_NAME = r"\b[A-Z]+_[A-Z_]+\b"


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


#: The marks a picture may draw, each with a sample in its key.
MARKS = ["trace-hex", "trace-pair", "trace-hexside", "trace-vertex", "front-hexside", "exit-hexside",
         "line-of-fire", "blocker", "blocker-other", "ring", "unit", "routed", "leader", "seen", "unseen",
         "why", "beyond"]
#: The key samples standing for each mark (a hex crossed is a plain
#: yellow box, a leader a circle of class unit).
SAMPLE_OF = {"trace-hex": "hex crossed", "trace-pair": "hex crossed", "leader": "leader alone",
             "blocker-other": "first blocker"}


class Key(Structure):
    """The pictures read on their own: under the words, a key of the
    terrain, elevation and units, and of every mark drawn (what the
    playground shows beside its map), none of it past the edge."""

    def key(self, svg):
        legends = [e for e in svg.root.iter() if "key-full" in classes(e)]
        self.assertEqual(len(legends), 1)
        return legends[0]

    def entries(self, key):
        """(label, x, classes of the sample, fills of the sample) per entry."""
        out = []
        for g in key:
            if g.tag != NS + "g":
                continue
            x = int(g.get("transform").split("(")[1].split(",")[0])
            label = [e for e in g if e.tag == NS + "text"][-1]
            cls = set(c for e in g for c in classes(e))
            fills = set(e.get("fill") for e in g if e.get("fill"))
            out.append(("".join(label.itertext()), x, cls, fills, int(label.get("x"))))
        return out

    def check_key(self, svg):
        key = self.key(svg)
        entries = self.entries(key)
        width = int(svg.root.get("viewBox").split()[2])
        heads = ["".join(t.itertext()) for t in key if t.tag == NS + "text"]
        self.assertEqual(heads[:3], ["Terrain:", "Elevation (eN):", "Units:"])
        labels = " | ".join(e[0] for e in entries)
        for words in ("clear ground", "woods or walls", "town", "slope", "below 0", "3 and above",
                      "routed: does not block", "leader alone: does not block"):
            self.assertIn(words, labels)
        for label, x, _cls, _fills, dx in entries:
            # 9 px sans-serif: at most 5.5 px a character.
            self.assertLessEqual(x + dx + 5.5 * len(label), width, label)
            self.assertGreaterEqual(x, 0, label)
        # Every terrain or elevation colour on the map has its sample.
        map_fills = {e.get("fill") for e in svg.find("hex")}
        key_fills = set().union(*(e[3] for e in entries))
        self.assertLessEqual(map_fills, key_fills)
        # Every mark drawn has a sample, of the same class or named.
        drawn = {c for m in MARKS for e in svg.find(m) for c in classes(e) if c == m}
        sampled = set().union(*(e[2] for e in entries))
        for mark in drawn:
            self.assertTrue(mark in sampled or SAMPLE_OF.get(mark, "\0") in labels, mark)
        return labels

    def test_line_of_sight(self):
        for args in (["1,3", "8,2"], ["5,0", "9,3", "--facing", "line:11"], ["1,3", "8,2", "--front", "3,4"]):
            with self.subTest(args=args):
                labels = self.check_key(Svg("los", RIDGE, *args))
                self.assertIn("first blocker", labels)
                self.assertNotIn("seen", labels)

    def test_field_of_view(self):
        svg = Svg("los", "--fov", "--radius", "6", "--facing", "line:11", RIDGE, "5,0")
        self.assertEqual(svg.proc.returncode, 0, svg.proc.stderr)
        self.plain(svg)
        labels = self.check_key(svg)
        for words in ("seen", "no front hexside", "by a town", "beyond the radius"):
            self.assertIn(words, labels)
        # The summary in words: how many hexes each rule hides.
        text = " ".join("".join(t.itertext()) for t in svg.root.iter(NS + "text")
                        if "text" in classes(t))
        self.assertIn("seen 8; hidden 51: 22 behind the front hexsides, 17 by a town", text)
        self.assertNotRegex(text, ENUM_NAME)
        # A seen hex keeps its terrain: a ring inside it, no fill over it;
        # a hidden one is hatched, its terrain showing between the lines.
        style = "".join("".join(e.itertext()) for e in svg.root.iter(NS + "style"))
        self.assertIn(".napfire-los .seen{fill:none;", style)
        self.assertRegex(style, r"\.napfire-los \.unseen\{fill:url\(#napfire-hidden\)")
        town = [e for e in svg.find("hex") if e.get("data-terrain") == "town"]
        seen = {(e.get("data-col"), e.get("data-row")) for e in svg.find("seen")}
        self.assertIn(("5", "1"), seen)   # a town seen from the ridge top
        self.assertIn(("5", "1"), {(e.get("data-col"), e.get("data-row")) for e in town})
        self.golden("fov-ridge.svg", svg.data)


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
        # Words, as the playground says them; the JSON keeps the names.
        heading = "".join(svg.find("verdict")[0].itertext())
        self.assertEqual(heading, "NO FIRE: the firer already fired this turn (F-ART-2)")
        self.assertNotRegex(heading, ENUM_NAME)
        js = json.loads(run("odds", "musketry", *FEX1, *SYNTH, "--fired-this-turn", "--json").stdout)
        self.assertEqual(js["reason"], "ALREADY_FIRED")
        text = run("odds", "musketry", *FEX1, *SYNTH, "--fired-this-turn").stdout
        self.assertIn("verdict: NOT PERMITTED: the firer already fired this turn (F-ART-2) "
                      "[ALREADY_FIRED]", text)
        far = "".join(Svg("odds", "musketry", *FEX1[:-2], "--distance", "500cm", *SYNTH)
                      .find("verdict")[0].itertext())
        self.assertEqual(far, "NO FIRE: out of range (F-RNG)")

    def test_only_odds_draw(self):
        p = run("musketry", *FEX1, "--roll", "8", "--svg", "/tmp/x.svg")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--svg is not an option of 'napfire musketry'", p.stderr)

    def test_write_error(self):
        p = run("odds", "musketry", *FEX1, *SYNTH, "--svg", "/nonexistent-dir/x.svg")
        self.assertEqual(p.returncode, 4)
        self.assertIn("cannot write SVG", p.stderr)


if __name__ == "__main__":
    CLI, SRC = os.path.abspath(sys.argv[1]), sys.argv[2]
    unittest.main(argv=[sys.argv[0], "-v"])
