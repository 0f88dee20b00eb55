#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Print the odds table of a figure-scale musketry shot with libnapfire.

The exact distribution comes from ``napfire_shot_distribution`` (weights
out of 216 = 2D6 x half die); the per-roll table from single resolutions.
The default shot is F-EX-1: British elite battalion, 30 figures
in line, moved half its move, at a French column of divisions 150 mm away.

The built-in rules data knows only 16 of the 45 musketry cells, so most
shots need more data: give a rules text with ``--rules FILE``, or
``--made-up`` to fill every unknown cell with an invented, clearly
labelled value (for demonstrations only). Without either, a shot that
needs an unknown cell exits with status 3 naming it.

    python3 odds.py --made-up
    python3 odds.py --rules my-rulebook.txt --distance 8cm --figures 36

Options are the napfire tool's (``napfire odds musketry --help``), read as
it reads them: a distance with its unit (``15cm``, ``150mm``, ``6in``,
``6"``; the unit sets metric or imperial measure), whole numbers without
``+``, leading zeros or blanks, names such as ``column-of-divisions``.

Exit statuses: 0 the table was printed; 2 bad arguments or rules text;
3 the rules data needed is unknown; 4 the output could not be written (a
full disk, standard output closed), with a message. A reader that leaves
early (``odds.py | head -1``) ends the script as it ends any filter: no
message, killed by SIGPIPE where the system has it (status 141 in a
shell), else status 4.

It imports the installed napfire package (``pip install .``).
"""

import argparse
import os
import re
import signal
import sys
import textwrap

import napfire as nf


def made_up_rules():
    """The built-in data with every unknown musketry cell INVENTED:
    row r (0-based), column c gets (r + 1) * c // 2 half figures, which keeps
    every row non-decreasing and agrees with the known cells. Not from any
    rulebook."""
    rules = nf.Rules()
    for row in range(5):
        for col in range(9):
            if rules.get_musketry(row, col) is None:
                rules.set_musketry(row, col, (row + 1) * col // 2)
    rules.name = "MADE-UP musketry completion (demonstration only)"
    return rules


def enum_arg(enum_type):
    """argparse type: an enumeration member by (case-insensitive) name,
    ``column-of-divisions`` or ``column_of_divisions``, as the tool reads it."""
    def parse(text):
        try:
            return enum_type[text.upper().replace("-", "_")]
        except KeyError:
            raise argparse.ArgumentTypeError(
                "'%s' is not allowed: give one of %s" % (text, enum_names(enum_type))) from None
    parse.__name__ = enum_type.__name__
    return parse


def enum_names(enum_type):
    """The allowed names, as the tool's --help lists them."""
    return ", ".join(m.name.lower().replace("_", "-") for m in enum_type)


# The tool's one number syntax: an optional '-', then 0 or digits without a
# leading zero; ASCII digits only (str.isdigit would take other scripts).
_NUMBER = re.compile(r"(-?)(0|[1-9][0-9]*)")


def whole_number(text, lo, hi):
    """The number ``text`` is, in lo..hi, as the tool reads it; None if not."""
    m = _NUMBER.fullmatch(text)
    if not m or (m.group(1) and (lo >= 0 or m.group(2) == "0")):
        return None
    value = int(text)
    return value if lo <= value <= hi else None


def number_arg(lo, hi):
    """argparse type: a whole number lo..hi of the tool's syntax."""
    def parse(text):
        value = whole_number(text, lo, hi)
        if value is None:
            raise argparse.ArgumentTypeError(
                "'%s' is not allowed: give a whole number %d..%d" % (text, lo, hi))
        return value
    parse.__name__ = "number"
    return parse


_DISTANCE = re.compile(r"([0-9]+)(?:\.([0-9]))?(mm|cm|in|\")")


def parse_distance(text):
    """``(value, measure)`` of a distance as the tool reads it: 150mm, 15cm
    and 15.5cm (whole mm) are metric, 6in, 6" and 6.5in (tenths of an inch)
    imperial; ValueError otherwise."""
    m = _DISTANCE.fullmatch(text)
    whole = m and whole_number(m.group(1), 0, nf.MAX_DISTANCE)
    if whole is None or not m or (m.group(3) == "mm" and m.group(2)):
        raise ValueError(text)
    tenths = int(m.group(2) or 0)
    value = whole if m.group(3) == "mm" else whole * 10 + tenths
    if value > nf.MAX_DISTANCE:
        raise ValueError(text)
    return value, nf.Measure.METRIC if m.group(3) in ("mm", "cm") else nf.Measure.IMPERIAL


def distance_arg(text):
    """argparse type: a distance with its unit, checked as the tool does."""
    try:
        return parse_distance(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            "'%s' is not allowed: give a distance 0..%d with its unit, mm or cm (one decimal) "
            "or in or \" (one decimal), e.g. 15cm or 9in" % (text, nf.MAX_DISTANCE // 10)) from None


def build_shot(args):
    firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=args.nation, troop_class=args.troop_class,
                    figures=args.figures, formation=args.formation, moved=args.moved)
    target = nf.Unit(nf.Arm.LINE_INFANTRY, formation=args.target_formation,
                     cover=args.target_cover, figures=24)
    distance, measure = args.distance
    return nf.Shot(firer, target, measure=measure, distance=distance)


def halves_text(halves):
    whole, half = divmod(halves, 2)
    return ("%d" % whole if whole or not half else "") + ("½" if half else "") or "-"


def print_odds(shot, rules, out=None):
    """Print the verdict, the per-roll table, the distribution and the mean."""
    out = out or sys.stdout
    outcomes, verdict = shot.distribution(rules)
    if not verdict.permitted:
        print("The rules forbid this shot: %s (%s)" % (
            nf.reason_name(verdict.reason), ", ".join(r.name for r in verdict.violated())),
            file=out)
        return
    items, net = shot.modifiers(rules)
    print("Band: %s   net modifier: %+d (%s)" % (
        nf.Band(verdict.band).name, net,
        ", ".join("%s %+d%s" % (m.name, m.value, "" if m.applied else " suppressed")
                  for m in items) or "none"), file=out)
    print(file=out)
    print("roll  chance  modified  cell  casualties (half die 1-3 / 4-6)", file=out)
    for roll in range(2, 13):
        low, high = shot.resolve(roll, 1, rules), shot.resolve(roll, 6, rules)
        cell = "-" if low.column_index < 0 else halves_text(low.table_halves)
        print("%4d  %3d/36  %8d  %4s  %d / %d" % (
            roll, 6 - abs(roll - 7), low.modified_roll, cell, low.casualties,
            high.casualties), file=out)
    print(file=out)
    print("target  screen  weight  chance    at least", file=out)
    remaining = nf.OUTCOME_DENOMINATOR
    for o in outcomes:
        print("%6d  %6d  %3d/216  %5.1f%%  %7.1f%%" % (
            o.target_casualties, o.screen_casualties, o.weight,
            100.0 * o.weight / nf.OUTCOME_DENOMINATOR,
            100.0 * remaining / nf.OUTCOME_DENOMINATOR), file=out)
        remaining -= o.weight
    expected = shot.expected(rules)
    print(file=out)
    print("Expected casualties: %s = %.3f figures" % (expected, float(expected)), file=out)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with names such as column-of-divisions kept whole
    when a line wraps."""

    def _split_lines(self, text, width):
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=_HelpFormatter)
    data = p.add_mutually_exclusive_group()
    data.add_argument("--rules", metavar="FILE", help="rules text to overlay (F-DATA)")
    data.add_argument("--made-up", action="store_true",
                      help="fill unknown musketry cells with INVENTED values")
    def choice(name, enum_type, default, help_text, dest=None):
        p.add_argument("--" + name, dest=dest, metavar="NAME", type=enum_arg(enum_type),
                       default=default, help="%s (one of: %s)" % (help_text, enum_names(enum_type)))
    choice("nation", nf.Nation, nf.Nation.BRITAIN, "firer nation (default britain)")
    choice("class", nf.TroopClass, nf.TroopClass.ELITE, "firer class (default elite)",
           dest="troop_class")
    lo, hi = nf.param_bounds(nf.UnitParam.FIGURES)
    p.add_argument("--figures", metavar="N", type=number_arg(lo, hi), default=30,
                   help="firer figures (default 30) (%d..%d)" % (lo, hi))
    choice("formation", nf.Formation, nf.Formation.LINE, "firer formation (default line)")
    choice("moved", nf.Moved, nf.Moved.HALF, "how far the firer moved (default half)")
    choice("target-formation", nf.Formation, nf.Formation.COLUMN_OF_DIVISIONS,
           "target formation (default column-of-divisions)")
    choice("target-cover", nf.Cover, nf.Cover.NONE, "target cover (default none)")
    p.add_argument("--distance", metavar="D", type=distance_arg, default=(150, nf.Measure.METRIC),
                   help="distance, e.g. 15cm, 150mm, 9in (default 15cm)")
    args = p.parse_args(argv)

    try:
        if args.rules:
            # Bounded read; bytes to the library, which names a non-UTF-8
            # byte by line and column.
            try:
                rules = nf.Rules.from_file(args.rules)
            except OSError as exc:
                print("odds: %s: %s" % (args.rules, exc.strerror or exc), file=sys.stderr)
                return 2
        elif args.made_up:
            rules = made_up_rules()
            print("NOTE: unknown musketry cells filled with MADE-UP values.\n")
        else:
            rules = None
        print_odds(build_shot(args), rules)
    except nf.UnknownDataError as exc:
        print("odds: the rules data needed is unknown: %s\n  supply it with --rules FILE, "
              "a line like: %s\n  (or try --made-up)" % (exc.sentence, exc.patch),
              file=sys.stderr)
        return 3
    except (nf.RulesSyntaxError, nf.RulesFileError) as exc:
        print("odds: %s" % exc, file=sys.stderr)
        return 2
    except (nf.NapfireError, ValueError, OverflowError) as exc:
        print("odds: %s" % exc, file=sys.stderr)
        return 2
    return 0


def say(text):
    """A message on standard error, if there is one to write to."""
    if sys.stderr is not None:
        try:
            print(text, file=sys.stderr)
        except OSError:
            pass


def drop_stdout():
    """Nothing more can go to standard output: point it at the null device,
    so that Python's flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def reader_gone():
    """The reader of a pipe left (``| head -1``): end as a filter does,
    silently, by the SIGPIPE that Python ignores; 4 where there is none."""
    drop_stdout()
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGPIPE)
    return 4


def run():
    """main() with its output checked: a full disk or a closed standard
    output is an error with a message and exit status 4, not a traceback."""
    if sys.stdout is None:
        # Started with standard output closed (>&-): Python has no stream.
        say("odds: cannot write the output: standard output is closed")
        return 4
    try:
        try:
            status = main()
        except SystemExit as exc:       # argparse: --help, a usage error
            status = exc.code
        sys.stdout.flush()
    except BrokenPipeError:
        return reader_gone()
    except OSError as exc:
        drop_stdout()
        say("odds: cannot write the output: %s" % (exc.strerror or exc))
        return 4
    return status


if __name__ == "__main__":
    sys.exit(run())
