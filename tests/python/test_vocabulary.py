# SPDX-License-Identifier: MIT
"""One vocabulary across the surfaces: the F-EX-1 shot, a shot that needs
unknown rules data (F-DATA) and five bad inputs give the same numbers,
names and words in the C header's docs, the CLI's text, the CLI's JSON and
the Python package (tests/data/vocabulary.json holds what each must say;
the web page's test reads the same file). Then the names themselves: every
unit and shot parameter of the header is a CLI option in kebab case and a
Python keyword in snake case, and every C function has its Python name.

Environment: NAPFIRE_CLI (the napfire tool; the CLI half is skipped
without it), NAPFIRE_INCLUDE_DIR, and the package on PYTHONPATH."""
import inspect
import json
import os
import re
import subprocess
import unittest
import warnings

import napfire as nf
import support

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
with open(os.path.join(ROOT, "tests", "data", "vocabulary.json"), encoding="utf-8") as _f:
    VOCAB = json.load(_f)
CLI = os.environ.get("NAPFIRE_CLI")

#: Unit parameters (C names in snake case) -> their enumeration.
FAMILIES = {"arm": nf.Arm, "nation": nf.Nation, "troop_class": nf.TroopClass,
            "formation": nf.Formation, "moved": nf.Moved}


def says(text, words):
    """Every word (``a|b``: either) in ``text``, case-insensitively."""
    low = text.lower()
    return [w for w in words if not any(alt.lower() in low for alt in w.split("|"))]


def case(name, bad=None):
    """The shot ``name`` of the vocabulary, with a bad input's changes."""
    c = json.loads(json.dumps(VOCAB["shots"][name]))
    for key in ("firer", "target", "shot"):
        c[key].update((bad or {}).get(key, {}))
    for key in ("roll_2d6", "half_die"):
        if bad and key in bad:
            c[key] = bad[key]
    return c


def py_value(param, value):
    if isinstance(value, str) and "." in value:
        family, member = value.split(".")
        return getattr(getattr(nf, family), member)
    if isinstance(value, str):
        return FAMILIES[param][value]
    return value


def py_unit(spec):
    params = {k: py_value(k, v) for k, v in spec.items() if k != "arm"}
    return nf.Unit(nf.Arm[spec["arm"]], **params)


def py_resolve(c):
    shot = nf.Shot(py_unit(c["firer"]), py_unit(c["target"]), **c["shot"])
    return shot.resolve(c["roll_2d6"], c["half_die"])


def cli_value(value):
    if isinstance(value, str):
        return value.split(".")[-1].lower().replace("_", "-")
    return str(value)


def cli_args(c, json_out=False):
    args = ["musketry"]
    for who, prefix in (("firer", ""), ("target", "target-")):
        for k, v in c[who].items():
            option = "class" if k == "troop_class" else k.replace("_", "-")
            args += ["--" + prefix + option, cli_value(v)]
    args += ["--distance", "%dmm" % c["shot"]["distance"], "--roll-2d6", str(c["roll_2d6"])]
    if c["half_die"]:
        args += ["--half-die", str(c["half_die"])]
    return args + (["--json"] if json_out else [])


def cli(args):
    p = subprocess.run([CLI] + args, capture_output=True, encoding="utf-8", timeout=60, check=False)
    return p.returncode, p.stdout, p.stderr


class TestShots(unittest.TestCase):
    def test_fex1_python(self):
        expect = VOCAB["shots"]["fex1"]["expect"]
        r = py_resolve(case("fex1"))
        for key in ("net_modifier", "modified_roll", "row_index", "column_index", "table_halves",
                    "casualties"):
            self.assertEqual(getattr(r, key), expect[key], key)
        self.assertEqual(nf.Band(r.band).name, expect["band"])
        # the old names: the same numbers, with a warning (one minor version)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            self.assertEqual((r.row, r.column), (expect["row_index"], expect["column_index"]))
        self.assertEqual([w.category for w in caught], [DeprecationWarning] * 2)
        self.assertIn("row_index", str(caught[0].message))
        # Shot.table reads the same cell, by the same names
        shot = nf.Shot(py_unit(case("fex1")["firer"]), py_unit(case("fex1")["target"]), distance=150)
        self.assertEqual(shot.table(expect["modified_roll"])[:2], (expect["row_index"], expect["column_index"]))

    def test_unknown_python(self):
        expect = VOCAB["shots"]["unknown"]["expect"]
        with self.assertRaises(nf.UnknownDataError) as cm:
            py_resolve(case("unknown"))
        e = cm.exception
        self.assertEqual(e.missing.name, expect["missing"])
        self.assertEqual(list(e.index), expect["missing_index"])
        self.assertEqual((e.sentence, e.patch), (expect["sentence"], expect["patch"]))
        self.assertEqual(says(str(e), expect["words"]), [])

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_fex1_cli(self):
        c, expect = case("fex1"), VOCAB["shots"]["fex1"]["expect"]
        code, out, err = cli(cli_args(c))
        self.assertEqual(code, 0, err)
        self.assertEqual(says(out, expect["words"]), [], out)
        self.assertIn("casualties: %d" % expect["casualties"], out)
        self.assertIn("= %d" % expect["modified_roll"], out)
        code, out, err = cli(cli_args(c, json_out=True))
        doc = json.loads(out)
        for key in ("net_modifier", "modified_roll", "row_index", "column_index", "table_halves",
                    "casualties"):
            self.assertEqual(doc[key], expect[key], key)
        self.assertEqual(doc["band"], expect["band"])
        # row/column stay one minor version beside row_index/column_index
        self.assertEqual((doc["row"], doc["column"]), (expect["row_index"], expect["column_index"]))

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_unknown_cli(self):
        c, expect = case("unknown"), VOCAB["shots"]["unknown"]["expect"]
        code, out, err = cli(cli_args(c))
        self.assertEqual(code, 3, err)
        self.assertIn(expect["sentence"], out)
        self.assertIn(expect["patch"], out)
        self.assertEqual(out.count("supply it"), 1, out)  # one line, not two
        code, out, err = cli(cli_args(c, json_out=True))
        self.assertEqual(code, 3)
        doc = json.loads(out)
        self.assertEqual((doc["status"], doc["missing"], doc["missing_index"]),
                         (expect["status"], expect["missing"], expect["missing_index"]))
        self.assertEqual((doc["missing_sentence"], doc["missing_patch"]),
                         (expect["sentence"], expect["patch"]))
        self.assertEqual(err.count("supply it"), 1, err)

    def test_c_docs(self):
        # The header explains the indexes with the same example, and
        # describes a datum with the same sentence style.
        with open(os.path.join(support.INCLUDE_DIR, "napfire.h"), encoding="utf-8") as f:
            text = " ".join(re.sub(r"\n\s*\*+/?\s?", " ", f.read()).split())
        self.assertIn('"row 4, modified roll 11-12" is `row_index` 3, `column_index` 5', text)
        self.assertIn("index 0 is row 1", text)
        self.assertIn("musketry table, row 4 (medium line, 28 or more firing figures), modified roll 11-12",
                      text)


class TestBadInputs(unittest.TestCase):
    def python_error(self, bad):
        c = case(bad["base"], bad)
        with self.assertRaises((ValueError, TypeError)) as cm:
            py_resolve(c)
        return cm.exception

    def test_python(self):
        for bad in VOCAB["bad_inputs"]:
            with self.subTest(bad["what"]):
                e = self.python_error(bad)
                self.assertEqual(says(str(e), bad["words"]), [], str(e))
                self.assertEqual(e.parameter, bad["parameter"])
                value = e.value.name if hasattr(e.value, "name") else e.value
                self.assertIn(str(value), str(bad["value"]))
                self.assertEqual(e.allowed, bad["allowed"])

    def test_python_family_is_type_error(self):
        for spelled in (lambda: nf.Unit(nf.Gun.P12),
                        lambda: nf.Unit(nf.Arm.LINE_INFANTRY, formation=nf.Nation.BRITAIN)):
            with self.assertRaises(TypeError) as cm:
                spelled()
            self.assertIsInstance(cm.exception, nf.FamilyError)
        self.assertIn("an Arm, not Gun.P12 (a Gun)", str(self.family(lambda: nf.Unit(nf.Gun.P12))))
        # both sides: the right family, and a plain int, are accepted
        nf.Unit(nf.Arm.LINE_INFANTRY, formation=nf.Formation.LINE)
        nf.Unit(nf.Arm.LINE_INFANTRY, formation=0)
        # the rules setters too: a gun where a weapon goes, a band for a measure
        r = nf.Rules()
        before = r.format()
        with self.assertRaisesRegex(nf.FamilyError, r"weapon must be a Weapon, not Gun.P6 \(a Gun\)"):
            r.set_range(nf.Gun.P6, nf.Measure.METRIC, 100, 200)
        with self.assertRaisesRegex(nf.FamilyError, r"measure must be a Measure, not Band.LONG"):
            r.get_gun_range(nf.Gun.P6, nf.Band.LONG)
        self.assertEqual(r.format(), before)
        r.set_range(nf.Weapon.RIFLE, nf.Measure.METRIC, 100, 200)

    def family(self, fn):
        try:
            fn()
        except nf.FamilyError as e:
            return e
        self.fail("no FamilyError")

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_cli(self):
        for bad in VOCAB["bad_inputs"]:
            with self.subTest(bad["what"]):
                code, out, err = cli(cli_args(case(bad["base"], bad)))
                self.assertEqual((code, out), (2, ""), err)
                self.assertEqual(says(err, bad["words"]), [], err)
                self.assertEqual(err.count("\n"), 2, err)  # the message and the --help hint


def header_params(prefix):
    text = support.header_text()
    return re.findall(r"\b%s([A-Z0-9_]+)\s*=" % prefix, text)


def cli_help(command):
    return cli([command, "--help"])[1]


class TestNames(unittest.TestCase):
    #: Parameters a CLI option sets through another: the distance's unit
    #: is its measure, a screen distance turns the screen on.
    IMPLIED = {"MEASURE", "SCREEN"}
    #: Unit parameters the CLI offers for the target only.
    TARGET_ONLY = {"CHARGING", "MASSED_BATTERY"}

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_cli_options_are_the_parameters(self):
        helps = cli_help("musketry") + cli_help("artillery")
        flat = " ".join(helps.split())
        for prefix in ("NAPFIRE_UNIT_", "NAPFIRE_SHOT_"):
            for name in header_params(prefix):
                if name in self.IMPLIED:
                    continue
                option = "--%s%s" % ("target-" if name in self.TARGET_ONLY else "",
                                     name.lower().replace("_", "-"))
                with self.subTest(name):
                    self.assertRegex(helps, r"(?m)^  %s\b" % re.escape(option))
        # today's spellings stay as documented aliases, and work
        for old in ("screen", "target-far", "extra", "second-class", "roll"):
            self.assertIn("(also --%s)" % old, flat)
        code, _, err = cli(["musketry", "--distance", "15cm", "--roll", "8", "--screen", "5cm",
                            "--figures", "30", "--rules", os.path.join(ROOT, "tests", "data", "synthetic.txt")])
        self.assertEqual(code, 0, err)
        # one concept, one option: the old and new spelling together is "given twice"
        code, _, err = cli(["musketry", "--distance", "15cm", "--roll", "8", "--roll-2d6", "8"])
        self.assertEqual(code, 2)
        self.assertIn("given twice", err)

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_los_options_are_the_query_fields(self):
        # H-LOS, H-ELV, H-FACE: every field of napfire_los_query, every
        # napfire_los_policy bit, the facing and the view's radius are a
        # `napfire los` option in kebab case and a Python keyword in snake
        # case; no los option stands outside this walk.
        helps = cli_help("los")
        flat = " ".join(helps.split())
        offered = set(re.findall(r"(?m)^  --([a-z0-9-]+)", helps))
        struct = re.search(r"typedef struct napfire_los_query \{(.*?)\} napfire_los_query;",
                           support.header_text(), re.S).group(1)
        fields = re.findall(r"\b([a-z_]+)(?:\[\d+\])?;", struct)
        self.assertEqual(fields, ["firer", "target", "front_mask", "firer_side", "target_side",
                                  "policy", "reserved"])
        keywords = set(inspect.signature(nf._los_query).parameters)
        walked = set()
        for field in fields[2:5]:
            option = field.replace("_", "-")
            with self.subTest(field):
                self.assertIn(option, offered)
                self.assertIn(field, keywords)
                walked.add(option)
        self.assertIn("policy", keywords)
        for bit in nf.LosPolicy:
            option = bit.name.lower().replace("_", "-")
            with self.subTest(bit.name):
                self.assertIn(option, offered)
                walked.add(option)
        # napfire_hex_facing(formation, facing): --facing FORMATION:FACING,
        # its formations the library's names, and nf.hex_facing.
        self.assertEqual(list(inspect.signature(nf.hex_facing).parameters), ["formation", "facing"])
        facing_help = re.search(r"--facing FORM:F (.*?); F 0\.\.11", flat).group(1)
        for formation in nf.HexFormation:
            self.assertIn(formation.name.lower(), facing_help)
        # napfire_fov_grid's radius: --fov --radius R, nf.field_of_view(radius=).
        self.assertIn("radius", inspect.signature(nf.field_of_view).parameters)
        walked |= {"facing", "radius", "fov"}
        self.assertEqual(offered - walked, {"json", "svg"})
        # The earlier spellings stay as documented aliases, and work alike.
        for old in ("front", "friend-target-side"):
            self.assertIn("(also --%s)" % old, flat)
        ridge = os.path.join(ROOT, "examples", "maps", "ridge.map")
        new = cli(["los", ridge, "1,3", "8,2", "--front-mask", "3,4", "--friend-is-target-side", "--json"])
        old = cli(["los", ridge, "1,3", "8,2", "--front", "3,4", "--friend-target-side", "--json"])
        self.assertEqual(new, old)
        self.assertEqual(json.loads(new[1])["rule"], "FRONT_HEXSIDE")
        code, _, err = cli(["los", ridge, "1,3", "8,2", "--front", "3", "--front-mask", "3"])
        self.assertEqual(code, 2)
        self.assertIn("given twice", err)

    def test_python_keywords_are_the_parameters(self):
        aliases = {v: k for k, v in nf.KEYWORD_ALIASES.items()}
        for enum_type in (nf.UnitParam, nf.ShotParam):
            for member in enum_type:
                keyword = aliases.get(member.name, member.name.lower())
                with self.subTest(member.name):
                    self.assertEqual(nf._param_kwargs(enum_type, {keyword: 0}), [(member, 0)])
        self.assertEqual(set(header_params("NAPFIRE_UNIT_")), {m.name for m in nf.UnitParam})
        self.assertEqual(set(header_params("NAPFIRE_SHOT_")), {m.name for m in nf.ShotParam})

    def test_python_functions_are_the_c_functions(self):
        classes = {"unit": nf.Unit, "shot": nf.Shot, "rules": nf.Rules, "dice": nf.Dice,
                   "trace": nf.Trace}
        for c_name in nf._generated.FUNCTIONS:
            with self.subTest(c_name):
                spelled = nf.FUNCTION_NAMES.get(c_name)
                if spelled is not None:
                    owner, _, attr = spelled.rstrip("()").partition(".")
                    self.assertTrue(hasattr(nf, owner), spelled)
                    if attr:
                        self.assertTrue(hasattr(getattr(nf, owner), attr), spelled)
                    continue
                family, _, rest = c_name[len("napfire_"):].partition("_")
                if family in classes:
                    self.assertTrue(hasattr(classes[family], rest), c_name)
                else:
                    self.assertTrue(hasattr(nf, c_name[len("napfire_"):]), c_name)
        # the one the issue named: napfire_shot_distribution_known
        self.assertIs(nf.Shot.distribution_known, nf.Shot.known_distribution)


class TestRulesParity(unittest.TestCase):
    """Rules.check() and Rules.coverage() say what `napfire rules --check`
    and `--coverage` say: one implementation, in the library."""

    SLIPS = os.path.join(ROOT, "tests", "data", "slips.txt")

    def test_clean_and_builtin(self):
        self.assertEqual(nf.Rules().check(), [])
        self.assertEqual(nf.rules_check(None), [])
        cov = nf.Rules().coverage()
        self.assertEqual((cov.musketry, cov.artillery), ((770, 542), (330, 0)))
        self.assertEqual(sum(b[0] for b in cov.blocking), 770 - 542 + 330)

    def test_from_text_warns_as_the_cli(self):
        # F-TAB-1: a row that falls as the roll rises, loaded without a word
        # before; now a finding
        r = nf.Rules.from_text("napfire-rules 1\nname = \"House\"\n"
                               "musketry.row3 = - - \u00bd 1 2 1\u00bd 3 3 4\n")
        found = r.check()
        self.assertEqual([f.check for f in found], [nf.Check.FALLING_ROW])
        self.assertEqual(found[0].key, "musketry.row3")
        self.assertIn("casualties fall as the modified roll rises", found[0].message)

    @unittest.skipUnless(CLI, "NAPFIRE_CLI not set")
    def test_same_as_cli(self):
        rules = nf.Rules.from_file(self.SLIPS)
        code, out, _ = cli(["rules", "--check", self.SLIPS, "--json"])
        self.assertEqual(code, 0)
        self.assertEqual([f.message for f in rules.check()],
                         [w["message"] for w in json.loads(out)["warnings"]])
        for path in (self.SLIPS, os.path.join(ROOT, "examples", "rules", "made-up-partial.txt")):
            code, out, _ = cli(["rules", "--coverage", path, "--json"])
            doc = json.loads(out)
            cov = nf.Rules.from_file(path).coverage()
            self.assertEqual(cov.musketry, (doc["musketry"]["shots"], doc["musketry"]["resolved"]))
            self.assertEqual(cov.artillery, (doc["artillery"]["shots"], doc["artillery"]["resolved"]))
            self.assertEqual(cov.blocking, [(b["shots"], b["patch"], b["sentence"]) for b in doc["blocking"]])


class TestRepr(unittest.TestCase):
    def test_unit_shows_what_differs(self):
        u = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.BRITAIN, troop_class=nf.TroopClass.ELITE,
                    figures=30)
        self.assertEqual(repr(u), "Unit(LINE_INFANTRY, nation=BRITAIN, troop_class=ELITE, figures=30)")
        u.update(disordered=1)
        self.assertEqual(repr(u), "Unit(LINE_INFANTRY, nation=BRITAIN, troop_class=ELITE, figures=30, "
                                  "disordered=True)")
        # the default of the arm is not shown (artillery: unlimbered)
        self.assertEqual(repr(nf.Unit(nf.Arm.FOOT_ARTILLERY, gun=nf.Gun.P12)), "Unit(FOOT_ARTILLERY, gun=P12)")

    def test_shot_shows_what_differs(self):
        s = nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY), nf.Unit(nf.Arm.LINE_INFANTRY), distance=150,
                    measure=nf.Measure.IMPERIAL, enfilade=1)
        self.assertEqual(repr(s), "Shot(measure=IMPERIAL, distance=150, enfilade=True)")


    def test_structures_show_what_differs(self):
        self.assertEqual(repr(nf.HexInfo()), "HexInfo()")
        self.assertEqual(repr(nf.HexInfo(elevation=2)), "HexInfo(elevation=2)")
        q = nf.LosQuery()
        q.target = nf.Hex(3, 1)
        self.assertEqual(repr(q), "LosQuery(target=Hex(3, 1))")


if __name__ == "__main__":
    unittest.main()
