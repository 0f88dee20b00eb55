# SPDX-License-Identifier: MIT
"""`napfire musketry/artillery --scene FILE`: the shot measured from the
footprints on the table (doc/scene-format.md).

* The worked examples F-EX-1, F-EX-2 and F-EX-3 from their scene files in
  examples/scenes/, each with its measured facts (F-GEO-3 the range,
  F-GEO-12 the screen, F-GEO-7 friends in front) and its verdict;
  their pictures in doc/ are the CLI's (NAPFIRE_UPDATE_GOLDEN=1 rewrites
  them; then review the diff).
* Hostile scene files: every refusal exits 2 and names file:line:column
  (F-GEO-1 coordinates at and past 2^18, F-GEO-2 concave, self-crossing,
  counter-clockwise, no area, firer and target overlapping; a unit in a
  wood is fine), settings checked as options are.

Environment: NAPFIRE_CLI, NAPFIRE_SOURCE_ROOT (hostile.py).
"""
import json
import os
import shutil
import tempfile
import unittest
import xml.etree.ElementTree as ET

from hostile import BAD_INPUT, FORBIDDEN, RESOLVED, ROOT, UNKNOWN, CliCase, run

SYNTHETIC = ["--rules", "tests/data/synthetic.txt"]
FEX1 = ["musketry", "--scene", "examples/scenes/fex1.scene", "--roll-2d6", "8", "--half-die", "6"]
FEX2 = ["artillery", "--scene", "examples/scenes/fex2.scene", "--roll-2d6", "10"] + SYNTHETIC
FEX3 = ["artillery", "--scene", "examples/scenes/fex3.scene", "--roll-2d6", "7"] + SYNTHETIC

HEAD = "napfire-scene 1\nmeasure mm\n"
LINE = "firer -150,0 150,0 150,-20 -150,-20\n"           # facing +y, front on y = 0
COLUMN = "target 40,150 -40,150 -40,250 40,250\n"        # facing -y, front on y = 150


def facts(js):
    return {f["param"]: f for f in js["measured"]}


BATTERY = "firer -60,0 60,0 60,-40 -60,-40 gun=p9 figures=4\n"  # facing +y, 150 mm from COLUMN


class Examples(CliCase):
    def setUp(self):
        super().setUp()
        self.dir = tempfile.mkdtemp(prefix="napfire-scene-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as fh:
            fh.write(text)
        return path

    def run_json(self, args, status):
        r = run(args + ["--json"], cwd=ROOT)
        self.no_crash(r, args)
        self.assertEqual(r.status, status, r.err)
        return json.loads(r.out)

    def test_fex1(self):  # F-EX-1, F-GEO-3
        r = run(FEX1, cwd=ROOT)
        self.assertEqual(r.status, RESOLVED, r.err)
        self.assertIn("range: the target (line 9) is 150 mm from the firer's front edge (F-GEO-3", r.out)
        self.assertIn("casualties: 3 (target 3, screen 0)", r.out)
        js = self.run_json(FEX1, RESOLVED)
        self.assertEqual(js["casualties"], 3)
        f = facts(js)
        # An infantry firer: the four facts its rules use (F-GEO-13).
        self.assertEqual(sorted(f), ["distance", "enfilade", "screen", "screen-distance"])
        self.assertEqual((f["distance"]["value"], f["distance"]["decider"], f["distance"]["decider_line"]),
                         (150, "target", 9))
        self.assertEqual(f["enfilade"]["value"], 0)
        self.assertEqual(f["screen"]["value"], 0)
        # Half die 1-3: the half is dropped, 2.
        low = self.run_json(FEX1[:-1] + ["3"], RESOLVED)
        self.assertEqual(low["casualties"], 2)

    def test_fex2(self):  # F-EX-2, F-SCR-3/4, F-GEO-12
        js = self.run_json(FEX2, RESOLVED)
        self.assertEqual((js["band"], js["casualties"], js["screen_casualties"], js["target_casualties"]),
                         ("CANISTER", 4, 1, 3))
        f = facts(js)
        self.assertEqual(len(f), 14)  # a battery: every fact (F-GEO-13)
        self.assertEqual((f["screen"]["value"], f["screen"]["decider"]), (1, "screen"))
        self.assertEqual(f["screen-distance"]["value"], 30)
        self.assertEqual(f["friend-in-arc"]["value"], 0)
        # Without an artillery table the shot needs unknown data: status 3.
        r = run(FEX2[:5], cwd=ROOT)
        self.assertEqual(r.status, UNKNOWN, r.err)
        self.assertIn("measured on the table", r.out)

    def test_fex3(self):  # F-EX-3, F-ART-5, F-GEO-7
        js = self.run_json(FEX3, RESOLVED)
        self.assertEqual((js["permitted"], js["band"]), (1, "LONG"))
        f = facts(js)
        self.assertEqual(f["distance"]["value"], 1000)
        # The French column stands 12 cm in front of the Austrian line:
        # more than the 10 cm of F-ART-5, so no friend is near the target.
        self.assertEqual(f["friend-near-target"]["value"], -1)
        self.assertEqual(f["overhead"]["value"], 0)
        self.assertEqual(f["penetration-hits-friend"]["value"], 0)

    def test_fex3_column_at_8cm(self):  # F-ART-5: our own case, F-GEO-7
        with open(os.path.join(ROOT, "examples", "scenes", "fex3.scene")) as fh:
            text = fh.read().replace("250,880     290,880      290,780     250,780",
                                     "270,920 310,920 310,820 270,820")
        js = self.run_json(["artillery", "--scene", self.write("near.scene", text), "--roll-2d6", "7"] + SYNTHETIC,
                           RESOLVED)
        f = facts(js)
        self.assertEqual((f["friend-near-target"]["value"], f["friend-near-target"]["decider"],
                          f["friend-near-target"]["decider_index"], f["friend-near-target"]["decider_line"]),
                         (80, "friend", 0, 11))
        # A clear line of sight and the line's far end more than 10 cm
        # from the column: still permitted (the exception of F-ART-5).
        self.assertEqual(f["clear-los"]["value"], 1)
        self.assertGreater(f["target-far-from-friends"]["value"], 100)
        self.assertEqual(js["permitted"], 1)

    def test_canister_with_a_friend_in_the_sector_is_forbidden(self):  # F-ART-4, F-GEO-6
        path = self.write("arc.scene", HEAD + BATTERY + COLUMN +
                          "friend -10,100 10,100 10,80 -10,80\nshot ammo=canister\n")
        r = run(["artillery", "--scene", path, "--roll-2d6", "7"] + SYNTHETIC, cwd=ROOT)
        self.assertEqual(r.status, FORBIDDEN, r.err)
        self.assertIn("sector of fire: friend 1 (line 5) is in the sector of fire (F-GEO-6", r.out)
        self.assertIn("[FRIEND_IN_ARC]", r.out)

    def test_a_fact_that_needs_unknown_data(self):  # F-GEO-10: the gun's long range
        path = self.write("behind.scene", HEAD + BATTERY + COLUMN +
                          "friend -20,400 20,400 20,380 -20,380\nshot ammo=roundshot\n")
        r = run(["artillery", "--scene", path, "--roll-2d6", "7"], cwd=ROOT)
        self.assertEqual(r.status, UNKNOWN, r.err)
        self.assertIn("roundshot passing through: not decided:", r.out)
        self.assertIn("supply it with --rules FILE", r.out)
        js = self.run_json(["artillery", "--scene", path, "--roll-2d6", "7"], UNKNOWN)
        self.assertEqual((js["status"], js["missing"]), ("EUNKNOWN", "RANGE"))
        self.assertEqual(facts(js)["penetration-hits-friend"]["missing"], "RANGE")
        # With the gun's ranges the friend behind the target is hit.
        r = run(["artillery", "--scene", path, "--roll-2d6", "7"] + SYNTHETIC, cwd=ROOT)
        self.assertEqual(r.status, FORBIDDEN, r.err)
        self.assertIn("roundshot passing through: would hit friend 1 (line 5)", r.out)

    def test_the_picture_is_not_the_scene(self):
        # --svg naming the scene file itself: refused before anything is read.
        self.cli(["musketry", "--scene", "examples/scenes/fex1.scene", "--roll-2d6", "8", "--svg",
                  os.path.join(ROOT, "examples", "scenes", "fex1.scene")], BAD_INPUT, "scene")

    def test_pictures_are_up_to_date(self):
        for name, args in (("table-fex1.svg", FEX1), ("table-fex2.svg", FEX2), ("table-fex3.svg", FEX3)):
            with self.subTest(name=name), tempfile.TemporaryDirectory() as d:
                out = os.path.join(d, name)
                r = run(args + ["--svg", out], cwd=ROOT)
                self.assertEqual(r.status, RESOLVED, r.err)
                with open(out, "rb") as fh:
                    data = fh.read()
                root = ET.fromstring(data)
                verdict = [e for e in root.iter() if e.get("class") == "verdict"]
                self.assertEqual(len(verdict), 1)
                self.assertTrue(verdict[0].text.startswith("PERMITTED"))
                path = os.path.join(ROOT, "doc", name)
                if os.environ.get("NAPFIRE_UPDATE_GOLDEN") == "1":
                    with open(path, "wb") as fh:
                        fh.write(data)
                with open(path, "rb") as fh:
                    self.assertEqual(data, fh.read(), "%s is stale: NAPFIRE_UPDATE_GOLDEN=1 rewrites it" % path)


class Hostile(CliCase):
    def setUp(self):
        super().setUp()
        self.dir = tempfile.mkdtemp(prefix="napfire-scene-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def scene(self, text, status, *in_err, extra=("--figures", "30")):
        """Resolve the scene: a measured shot of 30 figures at roll 8 needs
        a musketry cell the built-in data lacks (status 3), the footprints
        being fine."""
        path = os.path.join(self.dir, "s.scene")
        with open(path, "wb") as fh:
            fh.write(text.encode() if isinstance(text, str) else text)
        return self.cli(["musketry", "--scene", path, "--roll-2d6", "8"] + list(extra), status, *in_err)

    def test_the_plain_scene_resolves(self):
        self.scene(HEAD + LINE + COLUMN, UNKNOWN)  # the built-in data lacks that cell
        self.scene(HEAD + LINE + COLUMN + "shot roll-2d6=8\n", BAD_INPUT, "s.scene:5:6:",
                   "'roll-2d6' is given twice")

    def test_footprints_that_are_not_strictly_convex_clockwise(self):  # F-GEO-2
        cases = [
            ("target 40,150 -40,150 0,170 40,250\n", "concave or self-crossing"),
            ("target 40,150 -40,150 40,250 -40,250\n", "concave or self-crossing"),
            ("target -40,150 40,150 40,250 -40,250\n", "counter-clockwise"),
            ("target 0,150 10,150 20,150 30,150\n", "enclose no area"),
            ("target 40,150 -40,150 -40,150 40,250\n", "repeats one"),
            ("target 40,150 0,150 -40,150 0,250\n", "lies on the line"),
        ]
        for line, why in cases:
            with self.subTest(line=line):
                self.scene(HEAD + LINE + line, BAD_INPUT, "s.scene:4:", why)

    def test_coordinates_at_and_past_two_to_the_18(self):  # F-GEO-1
        at = "target 262144,262143 262000,262143 262000,262144 262144,262144\n"
        self.scene(HEAD + LINE + at, FORBIDDEN)   # in bounds: measured, beyond every range band
        past = at.replace("262144,262143", "262145,262143")
        self.scene(HEAD + LINE + past, BAD_INPUT, "s.scene:4:8:", "front-left corner '262145,262143'")
        self.scene(HEAD + LINE + at.replace("262144,262144", "262144,262145"), BAD_INPUT, "s.scene:4:50:",
                   "rear-left corner")
        self.scene(HEAD + "firer -262145,0 150,0 150,-20 -150,-20\n" + COLUMN, BAD_INPUT, "s.scene:3:7:")
        self.scene(HEAD + LINE + at.replace("262144,262143", "99999999999999999999,0"), BAD_INPUT,
                   "s.scene:4:8:")

    def test_firer_and_target_overlap(self):  # F-GEO-2
        self.scene(HEAD + LINE + LINE.replace("firer", "target"), BAD_INPUT, "s.scene:4:1:",
                   "overlaps the firer's (line 3)")
        self.scene(HEAD + LINE + "target 100,-10 -100,-10 -100,10 100,10\n", BAD_INPUT, "s.scene:4:1:",
                   "overlaps")
        # Touching is not overlapping: base to base, 0 mm.
        self.scene(HEAD + LINE + "target 40,0 -40,0 -40,100 40,100\n", UNKNOWN)

    def test_a_unit_in_a_wood_is_fine(self):  # F-GEO-2, F-GEO-9
        wood = "other -400,-100 400,-100 400,-300 -400,-300\n"
        self.scene(HEAD + LINE + COLUMN + wood.replace("-100", "60").replace("-300", "-60"), UNKNOWN)

    def test_lines_and_words(self):
        self.scene("", BAD_INPUT, "s.scene:1:1:", "napfire-scene 1")
        self.scene("napfire-scene 2\n", BAD_INPUT, "s.scene:1:1:", "'napfire-scene 1'")
        self.scene(HEAD + LINE, BAD_INPUT, "s.scene:1:1:", "no 'target' line")
        self.scene("napfire-scene 1\n" + LINE + COLUMN, BAD_INPUT, "s.scene:1:1:", "no 'measure' line")
        self.scene(HEAD + LINE + LINE + COLUMN, BAD_INPUT, "s.scene:4:1:", "a second 'firer' line")
        self.scene(HEAD + "artillery 1,2\n", BAD_INPUT, "s.scene:3:1:", "not a line of a scene")
        self.scene(HEAD + "measure inches\n", BAD_INPUT, "s.scene:3:1:", "a second 'measure'")
        self.scene("napfire-scene 1\nmeasure inches\n", BAD_INPUT, "s.scene:2:9:", "mm or tenths")
        self.scene(HEAD + "firer -150,0 150,0 150,-20\n", BAD_INPUT, "s.scene:3:", "3 corners, 4 needed")
        self.scene(HEAD + "firer -150,0 150,0 150,-20 -150,-20 level=10000\n" + COLUMN, BAD_INPUT,
                   "s.scene:3:37:", "level=N")
        self.scene(HEAD + LINE + COLUMN + "friend 0,300 10,300 10,290 0,290 nation=france\n", BAD_INPUT,
                   "s.scene:5:34:", "only level=N")

    def test_bytes(self):
        self.scene(HEAD.encode() + b"firer -150,0 150,0\x00\n", BAD_INPUT, "s.scene:3:19:", "NUL byte (a scene")
        self.scene(HEAD.encode() + b"# caf\xc3\xa9\n" + LINE.encode() + COLUMN.encode(), UNKNOWN)
        self.scene(HEAD.encode() + b"firer \xc3\xa9\n", BAD_INPUT, "s.scene:3:7:", "0xC3")
        self.scene(HEAD + "#" + "x" * 9000 + "\n", BAD_INPUT, "s.scene:3:8193:", "longer than 8192 bytes")
        self.cli(["musketry", "--scene", "/dev/zero", "--roll-2d6", "8"], BAD_INPUT, "larger than")
        self.cli(["musketry", "--scene", self.dir, "--roll-2d6", "8"], BAD_INPUT, "is a directory")

    def test_too_many_footprints(self):
        friends = "".join("friend %d,1000 %d,1000 %d,990 %d,990\n" % (10 * i, 10 * i + 5, 10 * i + 5, 10 * i)
                          for i in range(1022))
        self.scene(HEAD + LINE + COLUMN + friends, UNKNOWN)             # 1024 in all
        self.scene(HEAD + LINE + COLUMN + friends + "other 0,2000 5,2000 5,1990 0,1990\n", BAD_INPUT,
                   "s.scene:1027:1:", "more than 1024 footprints")

    def test_settings_are_checked_as_options(self):
        self.scene(HEAD + LINE.strip() + " nation=prussiaa\n" + COLUMN, BAD_INPUT, "s.scene:3:37:",
                   "nation: 'prussiaa' is not allowed: give one of")
        self.scene(HEAD + LINE.strip() + " gun=p9\n" + COLUMN, BAD_INPUT, "s.scene:3:37:",
                   "'gun' is not a setting of the firer line")
        self.scene(HEAD + LINE.strip() + " disordered=1\n" + COLUMN, BAD_INPUT, "'disordered' is a flag")
        self.scene(HEAD + LINE.strip() + " figures\n" + COLUMN, BAD_INPUT, "'figures' needs a value", extra=())
        self.scene(HEAD + LINE + COLUMN.strip() + " distance=15cm\n", BAD_INPUT, "s.scene:4:38:",
                   "'distance' is not a setting of the target line")
        self.scene(HEAD + LINE + COLUMN + "shot distance=15cm\n", BAD_INPUT, "s.scene:5:6:",
                   "'distance' is measured from the footprints")
        self.scene(HEAD + LINE.strip() + " figures=30 figures=31\n" + COLUMN, BAD_INPUT, "s.scene:3:48:",
                   "'figures' is given twice", extra=())
        self.scene(HEAD + LINE.strip() + " figures=30\n" + COLUMN, BAD_INPUT, "s.scene:3:37:",
                   "'figures' is given twice", extra=["--figures", "31"])
        self.scene(HEAD + LINE.strip() + " figures=30\n" + COLUMN, UNKNOWN, extra=())
        self.scene(HEAD + LINE + COLUMN, BAD_INPUT, "--distance is measured from the scene",
                   extra=["--distance", "15cm"])
        self.scene(HEAD + LINE + COLUMN, BAD_INPUT, "--enfilade is measured from the scene",
                   extra=["--enfilade"])
        # The command line fills in what the file leaves out.
        self.scene(HEAD + LINE + COLUMN, RESOLVED, extra=["--nation", "britain", "--class", "elite",
                                                          "--figures", "30", "--moved", "half",
                                                          "--target-formation", "column-of-divisions",
                                                          "--half-die", "6"])


if __name__ == "__main__":
    unittest.main()
