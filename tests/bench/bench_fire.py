#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Figure-scale benchmark: the library against hand-written floors.

Usage: bench_fire.py LIBNAPFIRE_SO BENCH_FIRE_EXE

Runs the C benchmark (resolve, resolve_many per shot, distribution, each
against a hand-written C floor measured interleaved in the same process,
in thread CPU time; see bench_fire.c), then times the same kind of shot
through ctypes (one call per shot, and per element of one
napfire_resolve_many call, with arrays made once) and through the
package's napfire.resolve_many (examples/python/src/napfire, loaded on the
same library), beside a straightforward rules evaluation written in
Python, also interleaved and in thread CPU time. Every figure is a
median over rounds; the ratios are medians of per-round ratios. Not a
test: it asserts nothing about time, only that each floor computes what
the library computes, and that the package's batch gives the raw
call's bytes.

The musketry cells used are MADE UP (the source's table is damaged); they are
the same in the baseline and in the library.
"""
import ctypes
import os
import statistics
import subprocess
import sys
import time

ROUNDS = 7
N = 1024
# The ctypes batch is timed over this many calls a round, back to back, as
# the C benchmark times its batches: one call of 1,024 shots right after
# the Python loop has evicted the caches measures that eviction, not the
# call.
BATCH_REPS = 20

UNIT_ARM, UNIT_NATION, UNIT_CLASS, UNIT_FORMATION, UNIT_FIGURES = 1, 2, 3, 4, 5
SHOT_DISTANCE = 102
LINE, COL_DIV, SQUARE, OPEN = 0, 2, 4, 6


class Result(ctypes.Structure):
    _fields_ = [(n, ctypes.c_int32) for n in (
        "permitted", "reason", "reasons", "band", "net_modifier", "modified_roll", "row",
        "column", "table_halves", "halves", "half_die_used", "half_pending", "casualties",
        "target_casualties", "screen_casualties", "missing")] + [
        ("missing_index", ctypes.c_int32 * 4), ("reserved", ctypes.c_int32 * 12)]


def cell(row, col):
    return row * 2 + col * 2 + (col % 2)


def naive_resolve(cls, nation, formation, figures, tformation, distance, roll, die):
    """The musketry rules for these shots, written plainly (the baseline)."""
    mods = {0: 2, 1: 1, 2: 0, 3: 0, 4: 0, 5: -2, 6: -2}[cls]
    if nation in (2, 3) and formation in (LINE, COL_DIV):
        mods += 1
    if cls == 0:
        mods = min(mods, 2)
    if tformation == COL_DIV:
        mods += 1
    elif tformation == SQUARE:
        mods += 2
    elif tformation == OPEN:
        mods -= 2
    band = "effective" if distance <= 100 else "long" if distance <= 200 else None
    if band is None:
        return 0
    row = 0
    for t in (12, 20, 28, 36):
        if figures >= t:
            row += 1
    row = min(row, {LINE: 4, COL_DIV: 1, SQUARE: 0, OPEN: 4}[formation])
    m = roll + mods
    if m < 1:
        return 0
    col = 8 if m > 18 else (m - 1) // 2
    halves = cell(row, col)
    if band == "long":
        halves //= 2
    second = cls == 4 or nation == 8
    whole = halves // 2
    if halves % 2 and not second and die >= 4:
        whole += 1
    return whole


def main():
    lib = ctypes.CDLL(sys.argv[1])
    c_out = subprocess.run([sys.argv[2]], check=True, capture_output=True, text=True).stdout
    c = {k: float(v) for k, v in (line.split() for line in c_out.splitlines())}

    lib.napfire_unit_size.restype = ctypes.c_size_t
    lib.napfire_shot_size.restype = ctypes.c_size_t
    lib.napfire_rules_size.restype = ctypes.c_size_t
    Unit = ctypes.c_uint64 * (lib.napfire_unit_size() // 8)
    Shot = ctypes.c_uint64 * (lib.napfire_shot_size() // 8)
    Rules = ctypes.c_uint64 * (lib.napfire_rules_size() // 8)
    i32 = ctypes.c_int32
    lib.napfire_unit_init.argtypes = [ctypes.c_void_p, ctypes.c_size_t, i32]
    lib.napfire_unit_set.argtypes = [ctypes.c_void_p, i32, i32]
    lib.napfire_shot_init.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
                                      ctypes.c_void_p]
    lib.napfire_shot_set.argtypes = [ctypes.c_void_p, i32, i32]
    lib.napfire_rules_init.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    lib.napfire_rules_set_musketry.argtypes = [ctypes.c_void_p, i32, i32, i32, i32]
    lib.napfire_shot_resolve.argtypes = [ctypes.c_void_p, ctypes.c_void_p, i32, i32,
                                         ctypes.POINTER(Result)]
    lib.napfire_resolve_many.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
                                         ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                         ctypes.c_void_p]

    rules = Rules()
    lib.napfire_rules_init(rules, ctypes.sizeof(rules))
    for row in range(5):
        for col in range(9):
            lib.napfire_rules_set_musketry(rules, row, col, cell(row, col), 0)

    forms = (LINE, COL_DIV, SQUARE, OPEN)
    specs = []
    shots = (Shot * N)()
    for i in range(N):
        spec = (i % 7, i % 9, forms[i % 4], 10 + i % 45, forms[(i // 4) % 4],
                20 + (i * 7) % 180, 2 + (i * 5) % 11, 1 + (i * 3) % 6)
        specs.append(spec)
        f, t = Unit(), Unit()
        lib.napfire_unit_init(f, ctypes.sizeof(f), 0)
        lib.napfire_unit_set(f, UNIT_CLASS, spec[0])
        lib.napfire_unit_set(f, UNIT_NATION, spec[1])
        lib.napfire_unit_set(f, UNIT_FORMATION, spec[2])
        lib.napfire_unit_set(f, UNIT_FIGURES, spec[3])
        lib.napfire_unit_init(t, ctypes.sizeof(t), 0)
        lib.napfire_unit_set(t, UNIT_FORMATION, spec[4])
        lib.napfire_shot_init(shots[i], ctypes.sizeof(Shot), f, t)
        lib.napfire_shot_set(shots[i], SHOT_DISTANCE, spec[5])
    rolls = (i32 * N)(*[s[6] for s in specs])
    dice = (i32 * N)(*[s[7] for s in specs])
    results = (Result * N)()
    statuses = (i32 * N)()

    # The baseline must agree with the library, or the comparison is moot.
    res = Result()
    for i, s in enumerate(specs):
        lib.napfire_shot_resolve(shots[i], rules, s[6], s[7], ctypes.byref(res))
        assert res.casualties == naive_resolve(*s), (i, s, res.casualties)

    # The same shots and rules through the package (the build tree's copy
    # on PYTHONPATH, on this library), as a Python program would write
    # them; its batch must give the raw call's bytes.
    os.environ["NAPFIRE_LIBRARY"] = sys.argv[1]
    import napfire as nf
    pk_rules = nf.Rules()
    for row in range(5):
        for col in range(9):
            pk_rules.set_musketry(row, col, cell(row, col))
    pk_shots = [nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY, troop_class=s[0], nation=s[1],
                                formation=s[2], figures=s[3]),
                        nf.Unit(nf.Arm.LINE_INFANTRY, formation=s[4]), distance=s[5])
                for s in specs]
    pk_rolls, pk_dice = [s[6] for s in specs], [s[7] for s in specs]
    lib.napfire_resolve_many(shots, N, rules, rolls, dice, results, statuses)
    pk_results, pk_statuses = nf.resolve_many(pk_shots, pk_rolls, pk_dice, rules=pk_rules)
    assert pk_statuses == [nf.Status.OK] * N
    assert [bytes(r) for r in pk_results] == [bytes(r) for r in results]

    resolve = lib.napfire_shot_resolve
    ref = ctypes.byref(res)
    measures = {
        "python": lambda: [naive_resolve(*sp) for sp in specs],
        "per_call": lambda: [resolve(shots[i], rules, rolls[i], dice[i], ref) for i in range(N)],
        "batch": lambda: [lib.napfire_resolve_many(shots, N, rules, rolls, dice, results, statuses)
                          for _ in range(BATCH_REPS)],
        "package": lambda: nf.resolve_many(pk_shots, pk_rolls, pk_dice, rules=pk_rules),
    }
    reps = {"python": 1, "per_call": 1, "batch": BATCH_REPS, "package": 1}
    samples = {k: [] for k in measures}
    ratios = {"per_call": [], "batch": [], "package": []}
    for rnd in range(ROUNDS):
        order = list(measures) if rnd % 2 == 0 else list(reversed(measures))
        this = {}
        for k in order:
            t0 = time.thread_time_ns()
            measures[k]()
            this[k] = (time.thread_time_ns() - t0) / (N * reps[k])
            samples[k].append(this[k])
        for k in ratios:
            ratios[k].append(this[k] / this["python"])
    med = {k: statistics.median(v) for k, v in samples.items()}

    print("C, thread CPU time, library against the hand-written C floor (same process):")
    print(f"{'measure':<40} {'library ns':>11} {'floor ns':>9} {'ratio':>7}")
    for key, label in (("resolve", "napfire_shot_resolve"),
                       ("resolve_many", "napfire_resolve_many, per shot"),
                       ("distribution", "napfire_shot_distribution"),
                       ("resolve_many_dice", "napfire_resolve_many_dice, per shot")):
        print(f"{label:<40} {c[key + '_ns']:>11.1f} {c[key + '_floor_ns']:>9.1f} "
              f"{c[key + '_ratio']:>6.2f}x")
    print()
    print("ctypes, thread CPU time, against the same rules written in Python (same process):")
    print(f"{'measure':<40} {'ns/shot':>11} {'vs Python':>10} {'vs C batch':>11}")
    print(f"{'naive Python rules evaluation':<40} {med['python']:>11.1f} {'1.00x':>10}")
    for key, label in (("per_call", "ctypes napfire_shot_resolve, per call"),
                       ("batch", "ctypes napfire_resolve_many, per shot"),
                       ("package", "package napfire.resolve_many, per shot")):
        print(f"{label:<40} {med[key]:>11.1f} {statistics.median(ratios[key]):>9.2f}x "
              f"{med[key] / c['resolve_many_ns']:>10.2f}x")


if __name__ == "__main__":
    main()
