# SPDX-License-Identifier: MIT
"""napfire los --fov: the field of view (H-LOS, H-ELV) in text, JSON and
SVG, held to `napfire los MAP FIRER TARGET` hex by hex on the ridge map;
its refusals. Environment: NAPFIRE_CLI, NAPFIRE_SOURCE_ROOT."""
import json
import os
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

CLI = os.environ.get("NAPFIRE_CLI")
SRC = os.environ.get("NAPFIRE_SOURCE_ROOT")
RIDGE = "examples/maps/ridge.map"
NS = "{http://www.w3.org/2000/svg}"


def run(*args):
    return subprocess.run([CLI, *args], cwd=SRC, capture_output=True, encoding="utf-8", timeout=60)


class TestFieldOfView(unittest.TestCase):
    def view(self, *args):
        proc = run("los", "--fov", "--json", *args)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return json.loads(proc.stdout)

    def test_every_hex_as_los_says(self):
        # From the ridge top (H-ELV-1), from the valley (H-ELV-2), a line's
        # front (H-LOS-4), the friend policy (H-ELV-2).
        for args in (["--radius", "6", RIDGE, "5,0"], ["--radius", "9", RIDGE, "1,3"],
                     ["--facing", "line:11", RIDGE, "5,2"],
                     ["--friend-target-side", "--radius", "4", RIDGE, "7,3"]):
            view = self.view(*args)
            opts, firer = args[:-2], args[-1]
            opts = [o for i, o in enumerate(opts) if o != "--radius" and (i == 0 or opts[i - 1] != "--radius")]
            self.assertGreater(len(view["hexes"]), 10, args)
            for h in view["hexes"]:
                target = "%d,%d" % (h["col"], h["row"])
                one = run("los", "--json", *opts, RIDGE, firer, target)
                self.assertIn(one.returncode, (0, 1), one.stderr)
                want = json.loads(one.stdout)
                self.assertEqual(h["rule"], want["rule"], (args, target))
                self.assertEqual(h["rule_id"], want["rule_id"], (args, target))
            self.assertEqual(sum(view["counts"].values()), len(view["hexes"]))

    def test_radius_and_not_asked(self):
        view = self.view("--radius", "2", RIDGE, "5,3")
        self.assertEqual(len(view["hexes"]), 18)  # rings 1 and 2
        self.assertNotIn((5, 3), {(h["col"], h["row"]) for h in view["hexes"]})
        self.assertEqual(self.view(RIDGE, "5,3")["radius"], 10)

    def test_text(self):
        proc = run("los", "--fov", "--radius", "3", RIDGE, "5,3")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("field of view of 5,3", proc.stdout)
        self.assertIn("@", proc.stdout)
        self.assertRegex(proc.stdout, r"seen \d+; hidden \d+")

    def test_summary_in_words(self):
        # H-LOS-4, H-LOS-5, H-ELV-5: each count with the playground's words
        # and its rule; the JSON keeps the enumerated names.
        args = ["--radius", "6", "--facing", "line:11", RIDGE, "5,0"]
        proc = run("los", "--fov", *args)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("seen 8; hidden 51: 22 behind the front hexsides [H-LOS-4], 17 by a town "
                      "[H-LOS-5, H-ELV-5], 1 by woods or walls [H-LOS-5], 1 by a unit [H-LOS-5], "
                      "3 by a slope [H-ELV-4], 7 along a hexside beside a blocker (grazing) [H-LOS-3]\n",
                      proc.stdout)
        self.assertNotRegex(proc.stdout, r"\b[A-Z]+_[A-Z_]+\b")
        counts = self.view(*args)["counts"]
        self.assertEqual((counts["FRONT_HEXSIDE"], counts["TOWN"]), (22, 17))

    def test_svg_shades_what_the_json_says(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "view.svg")
            proc = run("los", "--fov", "--json", "--radius", "6", "--svg", path, RIDGE, "5,0")
            self.assertEqual(proc.returncode, 0, proc.stderr)
            view = json.loads(proc.stdout)
            root = ET.parse(path).getroot()
        drawn = {}
        for poly in root.iter(NS + "polygon"):
            cls = poly.get("class", "").split()
            if "seen" in cls or "unseen" in cls:
                drawn[(int(poly.get("data-col")), int(poly.get("data-row")))] = poly.get("data-rule")
                self.assertEqual("seen" in cls, poly.get("data-rule") == "NONE")
        self.assertEqual(drawn, {(h["col"], h["row"]): h["rule"] for h in view["hexes"]})

    def test_refusals(self):
        for args in (["--fov", RIDGE, "5,0", "6,0"],          # a target with --fov
                     ["--radius", "3", RIDGE, "5,0", "6,0"],  # --radius without --fov
                     ["--fov", "--radius", "0", RIDGE, "5,0"],
                     ["--fov", "--radius", "257", RIDGE, "5,0"],
                     [RIDGE, "5,0"]):                         # no target without --fov
            proc = run("los", *args)
            self.assertEqual(proc.returncode, 2, args)
            self.assertTrue(proc.stderr.startswith("napfire los: "), proc.stderr)
            self.assertEqual(proc.stdout, "")


if __name__ == "__main__":
    unittest.main()
