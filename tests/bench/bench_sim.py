#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Simulation benchmark: the indexed batch in C, and the Python package
against raw ctypes calls of the same functions.

Usage: bench_sim.py LIBNAPFIRE_SO BENCH_SIM_EXE

Runs the C benchmark (bench_sim.c: napfire_resolve_indexed_dice against
napfire_resolve_many_dice on a reused buffer of the same shots), then, in
this process, interleaved and in thread CPU time, each package call
against the raw ctypes call a programmer would write with plain argtypes
(c_void_p and c_int32, the arrays made beforehand):

* ``Shot.resolve()`` against ``napfire_shot_resolve`` (goal: 2x at most);
* ``napfire.Shot(firer, target, distance=...)`` against
  ``napfire_shot_init`` and ``napfire_shot_set`` into a new buffer
  (goal: 3x at most);
* ``napfire.resolve_many`` of 1,024 shots followed by
  ``sum(results.casualties)`` against ``napfire_resolve_many`` followed by
  the same sum over a memoryview of the results (goal: 3x at most), with
  the shots as a list of Shot and the rolls as lists, then as columns,
  then with the shots packed once (``napfire.pack_shots``);
* ``napfire.resolve_indexed_dice`` of 10**6 trials over 64 shots against
  the raw call with its arrays made beforehand; its peak memory
  (tracemalloc) against the bytes of its outputs, and a fresh process's
  peak growth (VmHWM).

Every figure is a median over rounds, every ratio the median of per-round
ratios. Not a test: it asserts nothing about time, only that the package
and the raw calls compute the same thing. The musketry cells are MADE UP,
the same for both.
"""
import array
import ctypes
import os
import statistics
import subprocess
import sys
import time
import tracemalloc

ROUNDS = 9
N = 1024
TRIALS = 10 ** 6
KINDS = 64
GOALS = {"resolve": 2.0, "shot": 3.0, "many_sum": 3.0}

i32, vp = ctypes.c_int32, ctypes.c_void_p


def cell(row, col):
    return row * 2 + col * 2 + (col % 2)


def timed(fn, reps):
    t0 = time.thread_time_ns()
    for _ in range(reps):
        fn()
    return (time.thread_time_ns() - t0) / reps


def interleaved(pairs):
    """{name: (median package ns, median raw ns, median ratio)} of
    name -> (package fn, raw fn, reps), each pair timed back to back,
    the order alternating per round."""
    samples = {k: ([], [], []) for k in pairs}
    for rnd in range(ROUNDS):
        for name, (pkg, raw, reps) in pairs.items():
            if rnd % 2:
                r = timed(raw, reps)
                p = timed(pkg, reps)
            else:
                p = timed(pkg, reps)
                r = timed(raw, reps)
            samples[name][0].append(p)
            samples[name][1].append(r)
            samples[name][2].append(p / r)
    return {k: tuple(statistics.median(v) for v in s) for k, s in samples.items()}


class Raw:
    """The raw ctypes calls, with plain argtypes."""

    def __init__(self, path, nf):
        lib = self.lib = ctypes.CDLL(path)
        self.Result = nf.Result
        self.shot_size = lib.napfire_shot_size()
        lib.napfire_unit_init.argtypes = [vp, ctypes.c_size_t, i32]
        lib.napfire_unit_set.argtypes = [vp, i32, i32]
        lib.napfire_shot_init.argtypes = [vp, ctypes.c_size_t, vp, vp]
        lib.napfire_shot_set.argtypes = [vp, i32, i32]
        lib.napfire_shot_resolve.argtypes = [vp, vp, i32, i32, ctypes.POINTER(nf.Result)]
        lib.napfire_resolve_many.argtypes = [vp, ctypes.c_size_t, vp, vp, vp, vp, vp]
        lib.napfire_resolve_indexed_dice.argtypes = [vp, ctypes.c_size_t, vp, vp, ctypes.c_size_t,
                                                     vp, vp, vp, vp]

    def new_shot(self, firer, target, distance):
        shot = (ctypes.c_uint64 * (self.shot_size // 8))()
        self.lib.napfire_shot_init(shot, self.shot_size, firer, target)
        self.lib.napfire_shot_set(shot, 102, distance)
        return shot


def single_calls(nf, raw, rules):
    """Shot.resolve() and napfire.Shot(...) against their raw calls."""
    firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.BRITAIN, troop_class=nf.TroopClass.ELITE,
                    figures=30, moved=nf.Moved.HALF)
    target = nf.Unit(nf.Arm.LINE_INFANTRY, formation=nf.Formation.COLUMN_OF_DIVISIONS, figures=24)
    shot = nf.Shot(firer, target, distance=150)
    raw_shot = raw.new_shot(firer.raw, target.raw, 150)
    assert bytes(raw_shot) == bytes(shot.raw)
    res = nf.Result()
    ref = ctypes.byref(res)
    resolve, c_rules = raw.lib.napfire_shot_resolve, rules.raw
    assert resolve(raw_shot, c_rules, 8, 6, ref) == 0
    assert bytes(shot.resolve(8, 6, rules)) == bytes(res)
    loop = range(200)
    fr, ta = firer.raw, target.raw
    return {
        "resolve": (lambda: [shot.resolve(8, 6, rules) for _ in loop],
                    lambda: [resolve(raw_shot, c_rules, 8, 6, ref) for _ in loop], 5),
        "shot": (lambda: [nf.Shot(firer, target, distance=150) for _ in loop],
                 lambda: [raw.new_shot(fr, ta, 150) for _ in loop], 5),
    }


def batch_calls(nf, raw, rules):
    """resolve_many + sum(results.casualties) against the raw batch and
    the same sum over a memoryview."""
    forms = (nf.Formation.LINE, nf.Formation.COLUMN_OF_DIVISIONS, nf.Formation.SQUARE,
             nf.Formation.OPEN_ORDER)
    shots = [nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY, troop_class=i % 7, nation=i % 9,
                             formation=forms[i % 4], figures=10 + i % 45),
                     nf.Unit(nf.Arm.LINE_INFANTRY, formation=forms[(i // 4) % 4]),
                     distance=20 + (i * 7) % 180) for i in range(N)]
    rolls = [2 + (i * 5) % 11 for i in range(N)]
    dice = [1 + (i * 3) % 6 for i in range(N)]
    packed = (ctypes.c_uint64 * (raw.shot_size // 8 * N)).from_buffer_copy(
        b"".join(bytes(s.raw) for s in shots))
    c_rolls, c_dice = (i32 * N)(*rolls), (i32 * N)(*dice)
    results, statuses = (nf.Result * N)(), (i32 * N)()
    words = ctypes.sizeof(nf.Result) // 4
    offset = nf.Result.casualties.offset // 4
    batch, c_rules = raw.lib.napfire_resolve_many, rules.raw

    def raw_many():
        batch(packed, N, c_rules, c_rolls, c_dice, results, statuses)
        return sum(memoryview(results).cast("B").cast("i")[offset::words])

    def package_many():
        got, _statuses = nf.resolve_many(shots, rolls, dice, rules=rules)
        return sum(got.casualties)

    a_rolls, a_dice = array.array("i", rolls), array.array("i", dice)

    def package_columns():      # rolls and half dice given as columns
        got, _statuses = nf.resolve_many(shots, a_rolls, a_dice, rules=rules)
        return sum(got.casualties)

    packed_shots = nf.pack_shots(shots)

    def package_packed():       # shots packed once (pack_shots), rolls as columns
        got, _statuses = nf.resolve_many(packed_shots, a_rolls, a_dice, rules=rules)
        return sum(got.casualties)

    def package_objects():      # what the package made before the columns: a Result a shot
        got, _statuses = nf.resolve_many(shots, rolls, dice, rules=rules)
        return sum([r.casualties for r in got])

    assert raw_many() == package_many() == package_columns() == package_packed() \
        == package_objects() > 0
    return {"many_sum": (package_many, raw_many, 20),
            "many_columns": (package_columns, raw_many, 20),
            "many_packed": (package_packed, raw_many, 20),
            "many_objects": (package_objects, raw_many, 20)}


def indexed_calls(nf, raw, rules):
    """The indexed batch of TRIALS trials: package against raw."""
    shots = [nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY, troop_class=k % 7, figures=8 + (k * 11) % 48),
                     nf.Unit(nf.Arm.LINE_INFANTRY), distance=30 + (k * 13) % 170) for k in range(KINDS)]
    index = array.array("I", range(KINDS)) * (TRIALS // KINDS + 1)
    del index[TRIALS:]
    packed = (ctypes.c_uint64 * (raw.shot_size // 8 * KINDS)).from_buffer_copy(
        b"".join(bytes(s.raw) for s in shots))
    c_index = (ctypes.c_uint32 * TRIALS).from_buffer(index)
    st, cas = (i32 * TRIALS)(), (i32 * TRIALS)()
    call, c_rules = raw.lib.napfire_resolve_indexed_dice, rules.raw

    def raw_indexed():
        dice = nf.Dice(5)
        call(packed, KINDS, c_rules, c_index, TRIALS, dice.raw, st, cas, None)

    def package_indexed():
        return nf.resolve_indexed_dice(shots, index, nf.Dice(5), rules=rules)

    raw_indexed()
    got = package_indexed()
    assert bytes(got[1]) == bytes(cas) and sum(got[1]) > 0
    return {"indexed": (package_indexed, raw_indexed, 1)}, shots, index


CHILD = """
import array, resource, sys
import napfire as nf


def high_water():
    # VmHWM: this process's peak (ru_maxrss keeps the parent's across exec).
    try:
        with open("/proc/self/status") as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss



shots = [nf.Shot(nf.Unit(nf.Arm.LINE_INFANTRY, troop_class=k % 7, figures=8 + (k * 11) % 48),
                 nf.Unit(nf.Arm.LINE_INFANTRY), distance=30 + (k * 13) % 170) for k in range(64)]
rules = nf.Rules()
for row in range(5):
    for col in range(9):
        rules.set_musketry(row, col, row * 2 + col * 2 + (col % 2))
index = array.array("I", range(64)) * (NTRIALS // 64 + 1)
del index[NTRIALS:]
nf.resolve_indexed_dice(shots, index[:64], nf.Dice(1), rules=rules)
before = high_water()
st, cas = nf.resolve_indexed_dice(shots, index, nf.Dice(6), rules=rules)
print(high_water() - before)
"""


def memory(nf, rules, shots, index):
    """Peak bytes the package's indexed call allocates (tracemalloc), and
    the growth of a fresh process's peak resident size (VmHWM, KiB) over
    the call, for TRIALS trials."""
    need = 2 * 4 * TRIALS       # the two output columns; the index is the caller's
    tracemalloc.start()
    got = nf.resolve_indexed_dice(shots, index, nf.Dice(6), rules=rules)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del got
    child = subprocess.run([sys.executable, "-c", CHILD.replace("NTRIALS", str(TRIALS))], check=True,
                           capture_output=True, text=True).stdout
    return need, peak, int(child) * 1024


def main():
    c_out = subprocess.run([sys.argv[2]], check=True, capture_output=True, text=True).stdout
    c = {k: float(v) for k, v in (line.split() for line in c_out.splitlines())}
    os.environ["NAPFIRE_LIBRARY"] = sys.argv[1]
    import napfire as nf
    raw = Raw(sys.argv[1], nf)
    rules = nf.Rules()
    for row in range(5):
        for col in range(9):
            rules.set_musketry(row, col, cell(row, col))

    pairs = single_calls(nf, raw, rules)
    pairs.update(batch_calls(nf, raw, rules))
    more, shots, index = indexed_calls(nf, raw, rules)
    pairs.update(more)
    need, peak, grown = memory(nf, rules, shots, index)
    med = interleaved(pairs)

    print("C, thread CPU time, per trial, against napfire_resolve_many_dice on a reused "
          "buffer of %d laid-out shots (same process):" % 4096)
    print(f"{'measure':<52} {'ns/trial':>9} {'ratio':>7} {'bytes/trial':>12}")
    for key, label in (("many_dice_reused", "napfire_resolve_many_dice, reused buffer (baseline)"),
                       ("indexed", "napfire_resolve_indexed_dice, status + casualties"),
                       ("indexed_results", "napfire_resolve_indexed_dice, with results"),
                       ("indexed_million", "napfire_resolve_indexed_dice, 10**6 trials a call")):
        size = c["many_dice_bytes" if key == "many_dice_reused" else
                 key.replace("_million", "") + "_bytes"]
        print(f"{label:<52} {c[key + '_ns']:>9.2f} {c[key + '_ratio']:>6.3f}x {size:>12.0f}")
    print()
    print("Python, thread CPU time, the package against raw ctypes calls (same process):")
    print(f"{'measure':<52} {'package ns':>11} {'raw ns':>9} {'ratio':>7} {'goal':>6}")
    per = {"resolve": 200, "shot": 200, "many_sum": N, "many_columns": N, "many_packed": N,
           "many_objects": N,
           "indexed": TRIALS}
    for key, label in (("resolve", "Shot.resolve(), per call"),
                       ("shot", "napfire.Shot(firer, target, distance=...), per shot"),
                       ("many_sum", "resolve_many + sum(results.casualties), per shot"),
                       ("many_columns", "the same, rolls and half dice as array('i')"),
                       ("many_packed", "the same, shots packed once (pack_shots)"),
                       ("many_objects", "resolve_many + sum of Result.casualties, per shot"),
                       ("indexed", "resolve_indexed_dice, 10**6 trials, per trial")):
        p, r, ratio = med[key]
        goal = GOALS.get(key)
        print(f"{label:<52} {p / per[key]:>11.1f} {r / per[key]:>9.1f} {ratio:>6.2f}x "
              f"{'%.0fx' % goal if goal else '':>6}")
    print()
    print("Memory of resolve_indexed_dice, 10**6 trials over %d shots (the index is the caller's "
          "array('I'), %d bytes):" % (KINDS, 4 * TRIALS))
    print(f"  outputs (two 4-byte columns): {need} bytes; tracemalloc peak {peak} bytes "
          f"({peak / need:.3f}x); process peak growth (VmHWM) {grown} bytes ({grown / need:.2f}x)")
    print(f"  napfire_resolve_many_dice for the same trials: {int(c['many_dice_bytes']) * TRIALS} bytes "
          f"of shots, results and statuses")


if __name__ == "__main__":
    main()
