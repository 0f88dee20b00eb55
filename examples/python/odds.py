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
    python3 odds.py --rules my-rulebook.txt --distance 80 --figures 36

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
import signal
import sys

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
    """argparse type: an enumeration member by (case-insensitive) name."""
    def parse(text):
        try:
            return enum_type[text.upper().replace("-", "_")]
        except KeyError:
            raise argparse.ArgumentTypeError(
                "choose from " + ", ".join(m.name.lower() for m in enum_type)) from None
    parse.__name__ = enum_type.__name__
    return parse


def build_shot(args):
    firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=args.nation, troop_class=args.troop_class,
                    figures=args.figures, formation=args.formation, moved=args.moved)
    target = nf.Unit(nf.Arm.LINE_INFANTRY, formation=args.target_formation,
                     cover=args.target_cover, figures=24)
    return nf.Shot(firer, target, measure=args.measure, distance=args.distance)


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


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    data = p.add_mutually_exclusive_group()
    data.add_argument("--rules", metavar="FILE", help="rules text to overlay (F-DATA)")
    data.add_argument("--made-up", action="store_true",
                      help="fill unknown musketry cells with INVENTED values")
    p.add_argument("--nation", type=enum_arg(nf.Nation), default=nf.Nation.BRITAIN)
    p.add_argument("--class", dest="troop_class", type=enum_arg(nf.TroopClass),
                   default=nf.TroopClass.ELITE)
    p.add_argument("--figures", type=int, default=30)
    p.add_argument("--formation", type=enum_arg(nf.Formation), default=nf.Formation.LINE)
    p.add_argument("--moved", type=enum_arg(nf.Moved), default=nf.Moved.HALF)
    p.add_argument("--target-formation", type=enum_arg(nf.Formation),
                   default=nf.Formation.COLUMN_OF_DIVISIONS)
    p.add_argument("--target-cover", type=enum_arg(nf.Cover), default=nf.Cover.NONE)
    p.add_argument("--measure", type=enum_arg(nf.Measure), default=nf.Measure.METRIC)
    p.add_argument("--distance", type=int, default=150,
                   help="mm (metric) or tenths of an inch (imperial); default 150")
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
