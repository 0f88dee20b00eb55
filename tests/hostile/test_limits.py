# SPDX-License-Identifier: MIT
"""The docs' limits tables match the code: the '### Limits'
table of doc/rules-format.md against napfire.h's constants and the rules
parser, that of doc/los-map-format.md against examples/cli/map.h and
the CLI's map reader, and that of doc/scene-format.md against
examples/cli/scene.h and the scene reader, each limit tried on both
sides."""
import os
import re
import shutil
import tempfile
import unittest

import napfire as nf
from hostile import BAD_INPUT, RESOLVED, ROOT, CliCase


def read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def limits_table(doc):
    """{what: limit text} of the table under '### Limits'."""
    text = read("doc", doc)
    m = re.search(r"^### Limits\n\n((?:\|.*\n)+)", text, flags=re.M)
    if not m:
        raise AssertionError("doc/%s has no '### Limits' table" % doc)
    rows = {}
    for line in m.group(1).splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells[1]
    return rows


def defines(*path):
    """{NAME: int} of the simple numeric #defines of a header."""
    text = re.sub(r"/\*.*?\*/", " ", read(*path), flags=re.S)
    out = {}
    for name, expr in re.findall(r"#define\s+(\w+)\s+(.+)", text):
        expr = expr.strip()
        if re.fullmatch(r"[\d\s()*+L-]+", expr):
            out[name] = eval(expr.replace("L", ""))      # only digits and * + - ( )
    return out


def numbers(text):
    """The whole numbers of a limit text, '1 000 000' as one, '−20' as -20."""
    text = text.replace("\u2212", "-")
    return [int(n.replace(" ", "")) for n in re.findall(r"-?\d+(?: \d{3})*", text)]


def constants(text):
    return re.findall(r"`(\w+_MAX\w*)`", text)


class RulesFormatLimits(unittest.TestCase):
    def setUp(self):
        self.rows = limits_table("rules-format.md")
        self.h = defines("include", "napfire.h")

    def test_every_named_constant_exists_with_the_documented_value(self):
        named = 0
        for what, text in self.rows.items():
            for c in constants(text):
                named += 1
                self.assertIn(c, self.h, "%s: %s is not a constant of napfire.h" % (what, c))
        self.assertGreaterEqual(named, 6)

    def test_values(self):
        r, h = self.rows, self.h
        self.assertIn("1 MiB", r["text size"])
        self.assertEqual(h["NAPFIRE_RULES_TEXT_MAX"], 1 << 20)
        self.assertEqual(numbers(r["line length"])[0], h["NAPFIRE_RULES_LINE_MAX"])
        # '`-` .. `99` figures (`NAPFIRE_MAX_CELL_HALVES` = 198 halves ...)':
        # the largest cell as written, a half included ('99½' is 199 halves).
        m = re.search(r"\.\. `(\d+)(½|h)?` figures", r["table cell"])
        self.assertIsNotNone(m, r["table cell"])
        self.assertEqual(2 * int(m.group(1)) + (1 if m.group(2) else 0),
                         h["NAPFIRE_MAX_CELL_HALVES"])
        self.assertEqual(numbers(r["table cell"])[1], h["NAPFIRE_MAX_CELL_HALVES"])
        self.assertEqual(numbers(r["distance"])[:2], [0, h["NAPFIRE_MAX_DISTANCE"]])
        self.assertEqual(numbers(r["modifier"])[:2],
                         [-h["NAPFIRE_MAX_MODIFIER"], h["NAPFIRE_MAX_MODIFIER"]])
        fig = numbers(r["figure counts"])
        self.assertEqual(fig[:2], [1, h["NAPFIRE_MAX_FIGURES"]])
        self.assertEqual(fig[2:4], [0, h["NAPFIRE_MAX_MODIFIER"]])   # the Guard cap
        texts = dict(re.findall(r"(\w+) (\d+)", r["texts"]))
        self.assertEqual({k: int(v) for k, v in texts.items()},
                         {"name": 63, "edition": 31, "source": 127})

    def test_table_cell_limit_in_the_parser(self):
        top = numbers(self.rows["table cell"])[0]
        row = "napfire-rules 1\nmusketry.row5 = %s . . . . . . . .\n"
        self.assertEqual(nf.Rules.from_text(row % top).get_musketry(4, 0), (2 * top, False))
        self.assertEqual(nf.Rules.from_text(row % ("%dh" % (top - 1))).get_musketry(4, 0),
                         (2 * top - 1, False))
        for past in ("%d½" % top, "%dh" % top, str(top + 1)):
            with self.subTest(cell=past):
                with self.assertRaises(nf.RulesSyntaxError):
                    nf.Rules.from_text(row % past)

    def test_line_length_limit_in_the_parser(self):
        n = numbers(self.rows["line length"])[0]
        head = "napfire-rules 1\n"
        nf.Rules.from_text(head + "#" * n + "\n")
        with self.assertRaises(nf.RulesSyntaxError) as cm:
            nf.Rules.from_text(head + "#" * (n + 1) + "\n")
        self.assertEqual(cm.exception.code, nf.ParseCode.LINE_TOO_LONG)

    def test_text_size_limit_in_the_parser(self):
        size = self.h["NAPFIRE_RULES_TEXT_MAX"]
        head = "napfire-rules 1\n"
        line = "#" * 999 + "\n"
        text = head + line * ((size - len(head)) // len(line))
        text += "#" * (size - len(text) - 1) + "\n"
        self.assertEqual(len(text), size)
        nf.Rules.from_text(text)
        with self.assertRaises(nf.RulesSyntaxError) as cm:
            nf.Rules.from_text(text + "\n")
        self.assertEqual(cm.exception.code, nf.ParseCode.TOO_LARGE)

    def test_provenance_limits(self):
        texts = {k: int(v) for k, v in re.findall(r"(\w+) (\d+)", self.rows["texts"])}
        r = nf.Rules()
        for field, n in texts.items():
            with self.subTest(field=field):
                setattr(r, field, "x" * n)
                self.assertEqual(getattr(r, field), "x" * n)
                with self.assertRaises(nf.NapfireError):
                    setattr(r, field, "x" * (n + 1))


class MapFormatLimits(CliCase):
    def setUp(self):
        super().setUp()
        self.rows = limits_table("los-map-format.md")
        self.h = defines("examples", "cli", "map.h")
        self.dir = tempfile.mkdtemp(prefix="napfire-limits-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def test_constants(self):
        r, h = self.rows, self.h
        for what, text in r.items():
            for c in constants(text):
                self.assertIn(c, h, "%s: %s is not a constant of map.h" % (what, c))
        self.assertEqual(numbers(r["file size"])[0], h["CLI_MAP_FILE_MAX"])
        self.assertEqual(numbers(r["line length"])[0], h["CLI_MAP_LINE_MAX"])
        self.assertEqual(numbers(r["columns, rows"])[:2], [1, h["CLI_MAP_MAX"]])
        self.assertEqual(numbers(r["elevation"])[:2],
                         [-h["CLI_MAP_ELEVATION_MAX"], h["CLI_MAP_ELEVATION_MAX"]])
        self.assertEqual(numbers(r["side"])[:2], [0, h["CLI_MAP_SIDE_MAX"]])
        # The format's own prose says the same.
        self.assertIn("`size COLUMNS ROWS`: each a whole number 1..%d" % h["CLI_MAP_MAX"],
                      read("doc", "los-map-format.md"))

    def los(self, data, status, *texts):
        path = os.path.join(self.dir, "m.map")
        with open(path, "wb") as f:
            f.write(data)
        return self.cli(["los", path, "0,0", "1,0"], status, *texts)

    def test_size_on_both_sides(self):
        top = numbers(self.rows["columns, rows"])[1]
        head = b"napfire-map 1\nlayout odd-q\n"
        rows = (b". " * top + b"\n") * 2
        self.los(head + b"size %d 2\n" % top + rows, RESOLVED)
        self.los(head + b"size %d 2\n" % (top + 1), BAD_INPUT, "1..%d" % top)
        self.los(head + b"size 2 %d\n" % top + b". .\n" * top, RESOLVED)
        self.los(head + b"size 2 %d\n" % (top + 1), BAD_INPUT, "1..%d" % top)

    def test_elevation_and_side_on_both_sides(self):
        e = numbers(self.rows["elevation"])[1]
        s = numbers(self.rows["side"])[1]
        head = b"napfire-map 1\nlayout odd-q\nsize 2 1\n"
        self.los(head + b"S%d .%du%d\n" % (e, -e, s), RESOLVED)
        self.los(head + b"S%d .\n" % (e + 1), BAD_INPUT, "bad cell")
        self.los(head + b"S%d .\n" % (-e - 1), BAD_INPUT, "bad cell")
        self.los(head + b". .u%d\n" % (s + 1), BAD_INPUT, "bad cell")

    def test_line_and_file_on_both_sides(self):
        n = numbers(self.rows["line length"])[0]
        size = numbers(self.rows["file size"])[0]
        head = b"napfire-map 1\nlayout odd-q\nsize 1 1\n.\n"
        self.los(head + b"#" * n + b"\n", RESOLVED)
        self.los(head + b"#" * (n + 1) + b"\n", BAD_INPUT, "longer than %d bytes" % n)
        line = b"#" * (n - 1) + b"\n"
        data = head + line * ((size - len(head)) // len(line))
        data += b"#" * (size - len(data))
        self.assertEqual(len(data), size)
        self.los(data, RESOLVED)
        self.los(data + b"\n", BAD_INPUT, "larger than %d bytes" % size)


class SceneFormatLimits(CliCase):
    HEAD = b"napfire-scene 1\nmeasure mm\n"
    FIRER = b"firer -150,0 150,0 150,-20 -150,-20"
    TARGET = b"target 40,150 -40,150 -40,250 40,250\n"

    def setUp(self):
        super().setUp()
        self.rows = limits_table("scene-format.md")
        self.h = dict(defines("examples", "cli", "map.h"), **defines("include", "napfire_table.h"))
        # scene.h's limits, its aliases of map.h's and napfire_table.h's resolved.
        text = re.sub(r"/\*.*?\*/", " ", read("examples", "cli", "scene.h"), flags=re.S)
        for name, expr in re.findall(r"#define\s+(CLI_SCENE_\w+)\s+(.+)", text):
            expr = expr.strip()
            self.h[name] = self.h[expr] if expr in self.h else eval(expr.replace("L", ""))
        self.dir = tempfile.mkdtemp(prefix="napfire-limits-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def scene(self, data, status, *texts):
        path = os.path.join(self.dir, "s.scene")
        with open(path, "wb") as f:
            f.write(data)
        # 30 figures at roll 8 need a cell the built-in data lacks: status 3
        # is a scene read and measured.
        return self.cli(["musketry", "--scene", path, "--roll-2d6", "8"], status, *texts)

    def test_constants(self):
        r, h = self.rows, self.h
        for what, text in r.items():
            for c in constants(text):
                self.assertIn(c, h, "%s: %s is not a constant of scene.h" % (what, c))
        self.assertEqual(numbers(r["file size"])[0], h["CLI_SCENE_FILE_MAX"])
        self.assertEqual(numbers(r["line length"])[0], h["CLI_SCENE_LINE_MAX"])
        self.assertEqual(numbers(r["footprints"])[0], h["CLI_SCENE_FOOTPRINTS_MAX"])
        self.assertEqual(numbers(r["coordinates"])[:2], [-h["CLI_SCENE_COORD_MAX"], h["CLI_SCENE_COORD_MAX"]])
        self.assertEqual(h["CLI_SCENE_COORD_MAX"], 2 ** 18)
        self.assertEqual(numbers(r["level"])[:2], [-h["CLI_SCENE_LEVEL_MAX"], h["CLI_SCENE_LEVEL_MAX"]])
        self.assertEqual(numbers(r["settings on one line"])[:2],
                         [h["CLI_SCENE_SETTINGS_MAX"], h["CLI_SCENE_WORD_MAX"]])
        self.assertLessEqual(h["CLI_SCENE_FOOTPRINTS_MAX"], h["NAPFIRE_MAX_SCENE"])

    def test_level_and_settings_on_both_sides(self):
        top = self.h["CLI_SCENE_LEVEL_MAX"]
        for level, status in ((top, 3), (-top, 3), (top + 1, BAD_INPUT), (-top - 1, BAD_INPUT)):
            with self.subTest(level=level):
                self.scene(self.HEAD + self.FIRER + b" level=%d figures=30\n" % level + self.TARGET, status)
        n = self.h["CLI_SCENE_SETTINGS_MAX"]
        flags = b" disordered fired-last-turn" + b" moved=half" * (n - 3)
        self.scene(self.HEAD + self.FIRER + b" figures=30" + flags + b"\n" + self.TARGET, BAD_INPUT,
                   "given twice")   # n settings are read: the repeat is what is refused
        self.scene(self.HEAD + self.FIRER + b" figures=30" + flags + b" class=elite\n" + self.TARGET, BAD_INPUT,
                   "more than %d settings" % n)
        word = self.h["CLI_SCENE_WORD_MAX"]
        self.scene(self.HEAD + self.FIRER + b" figures=30 nation=" + b"x" * (word - 7) + b"\n" + self.TARGET,
                   BAD_INPUT, "is not allowed")
        self.scene(self.HEAD + self.FIRER + b" figures=30 nation=" + b"x" * (word - 6) + b"\n" + self.TARGET,
                   BAD_INPUT, "longer than %d bytes" % word)

    def test_line_and_file_on_both_sides(self):
        n = self.h["CLI_SCENE_LINE_MAX"]
        size = self.h["CLI_SCENE_FILE_MAX"]
        head = self.HEAD + self.FIRER + b" figures=30\n" + self.TARGET
        self.scene(head + b"#" * n + b"\n", 3)
        self.scene(head + b"#" * (n + 1) + b"\n", BAD_INPUT, "longer than %d bytes" % n)
        line = b"#" * (n - 1) + b"\n"
        data = head + line * ((size - len(head)) // len(line))
        data += b"#" * (size - len(data))
        self.assertEqual(len(data), size)
        self.scene(data, 3)
        self.scene(data + b"\n", BAD_INPUT, "larger than %d bytes" % size)


if __name__ == "__main__":
    unittest.main()
