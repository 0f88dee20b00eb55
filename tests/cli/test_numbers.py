# SPDX-License-Identifier: MIT
"""One number syntax (napfire(1), NUMBERS; examples/cli/number.h) for every
whole number the tool reads: option values, distances, hex coordinates,
--facing, --front, and a map's size, elevations and sides. Each rule is
tested on both sides, in each place: signs, leading zeros, blanks,
non-ASCII digits, thousands separators. A refusal is exit status 2 with
the value named; an accepted number is anything but 2.

Environment: NAPFIRE_CLI, NAPFIRE_SOURCE_ROOT (tests/cli/meson.build).
"""
import os
import shutil
import tempfile
import unittest

from hostile import BAD_INPUT, RIDGE, CliCase, run

SHOT = ["musketry", "--distance", "15cm", "--roll", "8"]
MAP = (b"napfire-map 1\nlayout odd-q\nsize %s\n")

# (accepted, refused...) for each rule; the accepted one is the nearest
# spelling on the other side of the rule.
FIGURES = [
    ("8", "+8", "08", "008"),                              # sign, leading zeros
    ("0", "00", "-0"),
    ("8", " 8", "8 ", "8\n", "\t8", "8\t"),               # blanks
    ("8", "\uff18", "\u0668", "\u2078", "\u0038\u0301"),  # fullwidth, Arabic-Indic, superscript
    ("1000", "1,000", "1 000", "1.000", "1_000", "1'000", "1\u202f000"),  # separators
]
EXTRA = [
    ("-3", "+3", "--3", "-03", "- 3", "\u22123"),           # minus sign, U+2212 minus
    ("3", "+3", "03"),
    ("0", "-0", "+0", "00"),
]
DISTANCES = [
    ("15cm", "+15cm", "-15cm", "015cm", " 15cm", "15cm ", "15 cm", "\uff11\uff15cm"),
    ("0.5cm", "00.5cm", "0.05cm", ".5cm", "0,5cm"),
    ("1500mm", "1,500mm", "1 500mm", "1.500mm", "1_500mm", "01500mm"),
    ("9in", "09in", "+9in", "9.0.in"),
]
PAIRS = [
    ("1,3", " 1,3", "1, 3", "1 ,3", "1,3 ", "1,\n3", "\n1,3"),
    ("1,3", "+1,3", "1,+3", "+01,+03"),
    ("1,3", "01,3", "1,03", "001,3"),
    ("0,3", "-0,3", "00,3"),
    ("1,3", "\uff11,3", "1,\u0663"),
    ("1,3", "1,,3", "1;3", "1.3", "1,3,", "1,3,0"),
]
FACINGS = [
    ("line:1", "line:01", "line:+1", "line: 1", "line:1 ", "line:\uff11", "line:-1"),
    ("column:0", "column:00", "column:-0"),
]
FRONTS = [
    ("0,3", "00,3", "+0,3", " 0,3", "0, 3", "0,3 ", "\uff10,3", "0,03", "0,,3"),
]
SIZES = [
    (b"10 7", b"010 7", b"10 07", b"+10 7", b"1,0 7"),
]
CELLS = [
    (b"S1", b"S01", b"S+1", b"S1.0"),
    (b"S-1", b"S-01", b"S--1"),
    (b"S0", b"S-0", b"S00"),
    (b".u2", b".u02", b".u+2", b".u-2"),
    (b"T2u1", b"T02u1", b"T2u01"),
]


class BothSides(CliCase):
    def both_sides(self, rules, build):
        for accepted, *refused in rules:
            with self.subTest(accepted=accepted):
                r = run(build(accepted))
                self.no_crash(r, accepted)
                self.assertNotEqual(r.status, BAD_INPUT, "%r refused: %s" % (accepted, r.err))
            for bad in refused:
                with self.subTest(refused=bad):
                    r = run(build(bad))
                    self.no_crash(r, bad)
                    self.assertEqual(r.status, BAD_INPUT, "%r accepted" % (bad,))
                    self.assertEqual(r.out, "")


class Numbers(BothSides):
    def test_option_values(self):
        self.both_sides(FIGURES, lambda v: SHOT + ["--figures", v])
        self.both_sides(FIGURES, lambda v: SHOT + ["--figures=" + v])
        self.both_sides(EXTRA, lambda v: SHOT + ["--extra", v])

    def test_option_refusal_names_the_value(self):
        r = run(SHOT + ["--figures", "08"])
        self.assertIn("--figures: '08' is not allowed: give a whole number 0..", r.err)

    def test_distances(self):
        self.both_sides(DISTANCES, lambda v: ["musketry", "--distance", v, "--roll", "8"])
        self.both_sides(DISTANCES[:1], lambda v: ["musketry", "--distance", "15cm", "--roll",
                                                 "8", "--screen", v])

    def test_hex_coordinates(self):
        self.both_sides(PAIRS, lambda v: ["los", RIDGE, v, "8,2"])
        self.both_sides(PAIRS, lambda v: ["los", RIDGE, "8,2", v])
        # A negative coordinate after '--' (off the map: clear ground).
        self.both_sides([("-1,3", "-01,3", "+-1,3")], lambda v: ["los", RIDGE, "--", v, "8,2"])

    def test_hex_coordinate_refusal_names_the_value(self):
        r = run(["los", RIDGE, "+01,+03", "8,2"])
        self.assertIn("FIRER: '+01,+03' is not allowed: give COL,ROW", r.err)

    def test_facing_and_front(self):
        self.both_sides(FACINGS, lambda v: ["los", RIDGE, "1,3", "8,2", "--facing", v])
        self.both_sides(FRONTS, lambda v: ["los", RIDGE, "1,3", "8,2", "--front", v])


class MapNumbers(BothSides):
    def setUp(self):
        super().setUp()
        self.dir = tempfile.mkdtemp(prefix="napfire-numbers-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.n = 0

    def map_file(self, data):
        self.n += 1
        path = os.path.join(self.dir, "m%d.map" % self.n)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_size(self):
        rows = b". " * 9 + b".\n"
        self.both_sides(SIZES, lambda v: ["los", self.map_file(MAP % v + rows * 7), "0,0", "1,0"])

    def test_cells(self):
        self.both_sides(CELLS, lambda v: ["los", self.map_file(MAP % b"2 1" + b". " + v + b"\n"),
                                          "0,0", "1,0"])

    def test_cell_refusal_names_the_place(self):
        r = run(["los", self.map_file(MAP % b"2 1" + b". S01\n"), "0,0", "1,0"])
        self.assertEqual(r.status, BAD_INPUT)
        self.assertIn("m1.map:4:3: row 0: bad cell 'S01'", r.err)


if __name__ == "__main__":
    unittest.main()
