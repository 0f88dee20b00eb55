#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The instruction gate (doc/performance.md, "The instruction gate").

Runs each workload of perf_work under callgrind, collecting only inside
its entry point, and sets instructions per unit (a call, a shot of a
batch, a hex of a view) beside the budgets committed in
tests/perf/budgets.txt. Fails when a figure exceeds its budget by more
than 2 %; prints every figure beside its budget either way. Instruction
counts do not depend on the machine's load, so a release build with the
budgets' toolchain gives the same figures everywhere.

    tests/perf/run.py                    the gate, on build-perf (made if missing)
    tests/perf/run.py --write-budgets    measure and write every budget
    tests/perf/run.py --self-test        the gate fails a planted 3 % and passes 1 %

In the build tree, `meson test -C DIR --setup perf --suite perf` runs the
gate and its self-test (suite perf; never part of a plain `meson test`).
"""

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOLERANCE = 0.02  # a figure may exceed its budget by this much
ROUNDS = 100  # identical rounds per workload: a planted round is 1 %
SKIP = 77  # meson's "skipped"

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))


def fail(message):
    print(f"perf: {message}", file=sys.stderr)
    sys.exit(1)


def workloads(work):
    """[(name, entry point, unit)] from perf_work --list."""
    out = subprocess.run([work, "--list"], capture_output=True, text=True, check=True).stdout
    return [tuple(line.split()) for line in out.splitlines() if line.strip()]


def build_of(work):
    return subprocess.run([work, "--build"], capture_output=True, text=True, check=True).stdout.strip()


def measure(work, name, entry, extra=0):
    """Instructions per unit of one workload; `extra` rounds planted."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", f"--toggle-collect={entry}", f"--callgrind-out-file={out}",
               work, name, str(ROUNDS), str(extra)]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"{name}: {' '.join(cmd)} exited with {run.returncode}:\n{run.stderr}")
        units = re.search(r"^units (\d+)$", run.stdout, re.M)
        with open(out, encoding="utf-8") as f:
            totals = re.search(r"^(?:totals|summary): (\d+)", f.read(), re.M)
    if not units or not totals or int(totals.group(1)) == 0:
        fail(f"{name}: no instruction count (is {entry} the workload's entry point?)")
    return int(totals.group(1)) / int(units.group(1))


def measure_all(work, names, extra=0):
    return {name: measure(work, name, entry, extra) for name, entry, _ in names}


def read_budgets(path):
    """(toolchain, {name: budget}) from the budgets file."""
    toolchain, budgets = None, {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            key, _, value = line.partition(" ")
            if key == "toolchain":
                toolchain = value.strip()
                continue
            try:
                budgets[key] = float(value)
            except ValueError:
                fail(f"{path}:{number}: not 'NAME BUDGET': {line!r}")
    if toolchain is None:
        fail(f"{path}: no 'toolchain' line")
    return toolchain, budgets


def compare(names, figures, budgets, quiet=False):
    """Every figure beside its budget; the names over budget (or
    without one)."""
    over = []
    if not quiet:
        print(f"{'figure':22} {'unit':6} {'instructions':>12} {'budget':>8} {'change':>8}")
    for name, _, unit in names:
        figure, budget = figures[name], budgets.get(name)
        if budget is None:
            over.append(name)
            verdict, change = "NO BUDGET", ""
        else:
            change = f"{100 * (figure / budget - 1):+.1f}%"
            verdict = "ok"
            if figure > budget * (1 + TOLERANCE):
                over.append(name)
                verdict = "OVER BUDGET (more than +2%)"
            elif figure < budget * (1 - 5 * TOLERANCE):
                verdict = "ok, well under: lower the budget"
        if not quiet:
            print(f"{name:22} {unit:6} {figure:12.1f} {budget or 0:8.1f} {change:>8}  {verdict}")
    for name in sorted(set(budgets) - {n for n, _, _ in names}):
        over.append(name)
        if not quiet:
            print(f"{name:22} budgeted, but perf_work has no such workload")
    return over


def write_budgets(path, toolchain, names, figures):
    """Every budget line from `figures` (rounded up to a tenth), comments
    kept."""
    with open(path, encoding="utf-8") as f:
        comments = [line for line in f if line.lstrip().startswith("#") or not line.strip()]
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(comments)
        f.write(f"toolchain {toolchain}\n")
        for name, _, _ in names:
            f.write(f"{name} {math.ceil(figures[name] * 10) / 10:.1f}\n")


def self_test(work, names):
    """The gate against budgets equal to today's figures: a planted 1 %
    passes every figure and a planted 3 % fails every one."""
    figures = measure_all(work, names)
    print("budgets: this build's own figures; planted: extra identical rounds of the library's calls, uncounted")
    for percent, should_fail in ((1, False), (3, True)):
        planted = measure_all(work, names, extra=percent * ROUNDS // 100)
        over = compare(names, planted, figures, quiet=True)
        for name, _, _ in names:
            print(f"  +{percent}% planted: {name:22} {planted[name]:10.1f} against {figures[name]:10.1f}: "
                  f"{'fails' if name in over else 'passes'}")
        if should_fail and sorted(over) != sorted(n for n, _, _ in names):
            fail(f"a planted {percent}% regression passed the gate")
        if not should_fail and over:
            fail(f"a planted {percent}% change failed the gate")
    print("self-test: the gate passes +1% and fails +3% on every figure")


def standalone_build(builddir):
    """perf_work of a release build tree, configured if missing."""
    if not os.path.exists(os.path.join(builddir, "build.ninja")):
        subprocess.run(["meson", "setup", builddir, TOP, "--buildtype=release", "-Dtests=enabled"], check=True)
    subprocess.run(["meson", "compile", "-C", builddir, "perf_work"], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(builddir, "tests", "perf", "perf_work")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", help="the perf_work program (default: BUILD's)")
    parser.add_argument("--build", default=os.path.join(TOP, "build-perf"),
                        help="release build tree when --work is not given (default: build-perf)")
    parser.add_argument("--budgets", default=os.path.join(HERE, "budgets.txt"))
    parser.add_argument("--write-budgets", action="store_true", help="measure and write every budget")
    parser.add_argument("--self-test", action="store_true", help="check the gate on planted regressions")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        fail("valgrind is not installed (Debian: apt-get install valgrind)")
    work = args.work or standalone_build(args.build)
    names = workloads(work)
    if args.self_test:
        self_test(work, names)
        return 0
    build = build_of(work)
    toolchain, budgets = read_budgets(args.budgets)
    if args.write_budgets:
        figures = measure_all(work, names)
        compare(names, figures, budgets)
        write_budgets(args.budgets, build, names, figures)
        print(f"wrote {args.budgets}")
        return 0
    if build != toolchain:
        print(f"perf: the budgets hold for '{toolchain}', this build is '{build}': skipped.\n"
              "Measure with a release build of that toolchain, or re-measure with --write-budgets.")
        return SKIP
    figures = measure_all(work, names)
    over = compare(names, figures, budgets)
    if over:
        print(f"perf: over budget by more than {100 * TOLERANCE:.0f}%: {', '.join(over)}")
        return 1
    print(f"perf: every figure within {100 * TOLERANCE:.0f}% of its budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
