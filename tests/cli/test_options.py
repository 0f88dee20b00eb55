# SPDX-License-Identifier: MIT
"""Hostile command lines (class: options). Every refusal exits 2,
prints nothing on stdout, and names the option, the value given and what
is allowed; nothing crashes (ASan/UBSan in CI) or hangs (a timeout)."""
import unittest

from hostile import (BAD_INPUT, FORBIDDEN, RESOLVED, RIDGE, SYNTHETIC, UNKNOWN, CliCase)

F_EX_1 = ["--figures", "30", "--distance", "15cm", "--roll", "8", "--half-die", "6",
          "--nation", "britain", "--class", "elite", "--moved", "half",
          "--target-formation", "column-of-divisions"]


class OptionForms(CliCase):
    def test_equals_form_is_the_separate_form(self):
        # F-EX-1 both ways: the same answer, byte for byte.
        a = self.cli(["musketry"] + F_EX_1, RESOLVED)
        eq = []
        for i in range(0, len(F_EX_1), 2):
            eq.append(F_EX_1[i] + "=" + F_EX_1[i + 1])
        b = self.cli(["musketry"] + eq, RESOLVED)
        self.assertEqual(a.out, b.out)
        self.assertIn("casualties: 3", a.out)

    def test_options_after_positionals_and_double_dash(self):
        self.cli(["los", RIDGE, "1,3", "8,2", "--json"], FORBIDDEN)
        # After '--' everything is positional, even a leading '-'.
        self.cli(["los", "--", RIDGE, "1,3", "--json"], BAD_INPUT, "TARGET", "'--json'")

    def test_negative_value_is_a_value(self):
        r = self.cli(["musketry", "--extra=-3", "--figures", "30", "--distance", "5cm",
                      "--roll", "12", "--rules", SYNTHETIC], RESOLVED)
        self.assertIn("EXTRA", r.out)


class Repeats(CliCase):
    def test_repeated_option_is_an_error_naming_both_values(self):
        self.cli(["musketry", "--figures", "30", "--figures=40", "--distance", "15cm",
                  "--roll", "8"], BAD_INPUT, "--figures given twice", "'30'", "'40'")

    def test_hundreds_of_repeats_no_overflow(self):
        # The old parser kept every setting in a fixed array: ~79 repeats
        # overflowed it. Now the second one is refused, however many follow.
        for opt in (["--figures", "30"], ["--enfilade"], ["--nation=france"]):
            args = ["musketry", "--distance", "15cm", "--roll", "8"] + opt * 500
            self.cli(args, BAD_INPUT, "given twice")

    def test_thousands_of_distinct_arguments(self):
        self.cli(["musketry"] + ["--bogus%d" % i for i in range(3000)], BAD_INPUT,
                 "'--bogus0'")
        self.cli(["los"] + ["x"] * 3000, BAD_INPUT, "unexpected argument 'x'")


class BadValues(CliCase):
    def test_number_out_of_range_names_option_value_range(self):
        self.cli(["musketry", "--figures", "30", "--distance", "15cm", "--roll", "13"],
                 BAD_INPUT, "--roll", "'13'", "2..12")
        self.cli(["musketry", "--figures", "10000", "--distance", "15cm", "--roll", "8"],
                 BAD_INPUT, "--figures", "'10000'", "0..9999")
        self.cli(["musketry", "--extra", "11", "--distance", "15cm", "--roll", "8"],
                 BAD_INPUT, "--extra", "'11'", "-10..10")
        self.cli(["musketry", "--half-die", "7", "--distance", "15cm", "--roll", "8"],
                 BAD_INPUT, "--half-die", "'7'", "0..6")

    def test_overflowing_and_malformed_numbers(self):
        for value in ("4294967304", "99999999999999999999999", "-1e3", "8.0", " 8", "8 ",
                      "0x8", "", "+", "-", "٨"):
            with self.subTest(value=value):
                self.cli(["musketry", "--distance", "15cm", "--roll", value], BAD_INPUT,
                         "--roll", "'%s'" % value, "2..12")

    def test_empty_values_name_the_option(self):
        self.cli(["musketry", "--nation=", "--distance", "15cm", "--roll", "8"], BAD_INPUT,
                 "--nation", "''", "one of")
        self.cli(["musketry", "--distance", "", "--roll", "8"], BAD_INPUT, "--distance", "''")
        self.cli(["los", "--front", "", RIDGE, "1,3", "8,2"], BAD_INPUT, "--front", "''",
                 "0-5")
        # A file name may not be empty either (it would fail later, as exit 4).
        self.cli(["odds", "musketry", "--svg", "", "--distance", "60cm"], BAD_INPUT, "--svg", "''",
                 "FILE")
        self.cli(["los", "--svg=", RIDGE, "1,3", "8,2"], BAD_INPUT, "--svg", "''")

    def test_bad_enum_lists_the_valid_names(self):
        r = self.cli(["musketry", "--nation", "atlantis", "--distance", "15cm", "--roll", "8"],
                     BAD_INPUT, "--nation", "'atlantis'")
        for name in ("france", "britain", "kgl", "russia"):
            self.assertIn(name, r.err)
        r = self.cli(["artillery", "--gun", "p18", "--distance", "15cm", "--roll", "8"],
                     BAD_INPUT, "--gun", "'p18'", "howitzer")

    def test_bad_distances(self):
        for value in ("15furlongs", "15", "1.55cm", "15.5mm", ".5cm", "99999999cm",
                      "100001cm", "cm", "15cm "):
            with self.subTest(value=value):
                self.cli(["musketry", "--distance", value, "--roll", "8"], BAD_INPUT,
                         "--distance", "'%s'" % value, "cm")

    def test_mixed_measures_name_both(self):
        self.cli(["musketry", "--distance", "15cm", "--screen", "3in", "--roll", "8"],
                 BAD_INPUT, "--distance '15cm'", "--screen-distance '3in'", "metric and imperial")

    def test_value_refused_by_the_library_names_the_option(self):
        self.cli(["artillery", "--formation", "square", "--distance", "15cm", "--roll", "8"],
                 BAD_INPUT, "--formation", "'square'", "foot-artillery")
        self.cli(["musketry", "--arm", "foot-artillery", "--distance", "15cm", "--roll", "8"],
                 BAD_INPUT, "--arm", "foot-artillery")

    def test_flag_with_a_value_and_value_missing(self):
        self.cli(["musketry", "--json=yes", "--distance", "15cm", "--roll", "8"], BAD_INPUT,
                 "--json=yes", "takes no value")
        self.cli(["musketry", "--distance", "15cm", "--roll"], BAD_INPUT, "--roll",
                 "needs a value")

    def test_unknown_options_and_commands(self):
        self.cli(["musketry"] + F_EX_1[:4] + ["--rol"] + F_EX_1[5:], RESOLVED)  # a unique prefix, as getopt_long
        self.cli(["musketry", "--target-f", "8"], BAD_INPUT, "ambiguous", "--target-f")
        self.cli(["musketry", "-x"], BAD_INPUT, "'-x'")
        self.cli(["odds", "musketry", "--roll", "8", "--distance", "15cm"], BAD_INPUT,
                 "--roll is not an option of 'napfire odds musketry'")
        self.cli(["musketry", "--gun", "p6"], BAD_INPUT, "--gun is not an option")
        self.cli(["bombard"], BAD_INPUT, "unknown command 'bombard'")
        self.cli(["odds", "cavalry"], BAD_INPUT, "'cavalry'", "musketry or artillery")
        self.cli([], BAD_INPUT)


class Companions(CliCase):
    def test_overhead_names_its_missing_distances(self):
        base = ["artillery", "--gun", "p9", "--figures", "4", "--distance", "30cm",
                "--roll", "7", "--overhead"]
        self.cli(base, BAD_INPUT, "--overhead needs", "--overhead-friend-to-battery",
                 "--overhead-friend-to-enemy")
        r = self.cli(base + ["--overhead-to-enemy", "10cm"], BAD_INPUT,
                     "missing: --overhead-friend-to-battery")
        self.assertNotIn("missing: --overhead-friend-to-battery and", r.err)

    def test_required_options(self):
        self.cli(["musketry", "--roll", "8"], BAD_INPUT, "--distance is required")
        self.cli(["musketry", "--distance", "15cm"], BAD_INPUT, "--roll-2d6 is required")
        self.cli(["rules"], BAD_INPUT, "--template or --check")
        self.cli(["rules", "--template", "--check", SYNTHETIC], BAD_INPUT, "not both")
        self.cli(["los", "--front", "0", "--facing", "line:1", RIDGE, "1,3", "8,2"],
                 BAD_INPUT, "--front-mask '0'", "--facing 'line:1'", "not both")


class Help(CliCase):
    def test_every_subcommand_has_its_own_help(self):
        heads = {
            ("musketry",): "usage: napfire musketry ",
            ("artillery",): "usage: napfire artillery ",
            ("odds", "musketry"): "usage: napfire odds musketry ",
            ("odds", "artillery"): "usage: napfire odds artillery ",
            ("odds",): "usage: napfire odds musketry|artillery",
            ("los",): "usage: napfire los ",
            ("rules",): "usage: napfire rules ",
        }
        for cmd, head in heads.items():
            for h in ("--help", "-h"):
                with self.subTest(cmd=cmd, h=h):
                    r = self.cli(list(cmd) + [h], RESOLVED)
                    self.assertTrue(r.out.startswith(head), r.out[:80])
        odds = self.cli(["odds", "musketry", "--help"], RESOLVED).out
        self.assertNotIn("--roll", odds)            # odds take no roll
        self.assertIn("--distance", odds)
        self.assertIn("--weapon", odds)
        self.assertNotIn("--gun", odds)
        art = self.cli(["odds", "artillery", "--help"], RESOLVED).out
        self.assertIn("--gun", art)
        self.assertNotIn("--weapon", art)

    def test_help_documents_ranges_names_rules_and_statuses(self):
        out = self.cli(["musketry", "--help"], RESOLVED).out
        self.assertIn("--roll-2d6 N", out)
        self.assertIn("(also --roll)", out)
        self.assertIn("(2..12)", out)
        self.assertIn("(0..9999)", out)           # from napfire_param_bounds
        self.assertIn("column-of-divisions", out)  # from napfire_enum_name
        self.assertIn("each option at most once", out)
        self.assertIn("--name=VALUE", out)
        for status in ("0 resolved", "1 the rules forbid", "2 bad input", "3 the rules data",
                       "4 the output could not be written"):
            self.assertIn(status, out)
        art = " ".join(self.cli(["artillery", "--help"], RESOLVED).out.split())
        self.assertIn("(needs --overhead-friend-to-battery and --overhead-friend-to-enemy)", art)
        for cmd in (["musketry"], ["artillery"], ["odds", "artillery"], ["los"], ["rules"]):
            for line in self.cli(cmd + ["--help"], RESOLVED).out.splitlines():
                self.assertLessEqual(len(line), 80, line)

    def test_documented_statuses_still_hold(self):
        self.cli(["musketry"] + F_EX_1, RESOLVED)
        self.cli(["musketry", "--figures", "30", "--distance", "15cm", "--roll", "8",
                  "--fired-this-turn"], FORBIDDEN)
        self.cli(["musketry", "--figures", "30", "--distance", "15cm", "--roll", "5"], UNKNOWN,
                 "rules data unknown")


if __name__ == "__main__":
    unittest.main()
