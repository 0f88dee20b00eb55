#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A campaign manager's question: what does an attack cost?

A French attack on a British line, played for many battles with the
indexed batch (napfire.resolve_indexed_dice: each battle's shots named by
index into the distinct shots of the whole battle), its losses set beside
the exact expectation and variance the library computes from each shot's
distribution. The simulated mean must lie within five standard errors of
the exact one, or the program fails (exit 1).

    campaign.py RULES_FILE [BATTLES [SEED]] [--same-as CAMPAIGN_EXE]

The same program as campaign.c, printing the same bytes for the same
arguments; --same-as runs the C program and fails (exit 3) if they differ.
The rules file must be complete, such as tests/data/synthetic.txt, whose
numbers are MADE UP. Strengths stay as they were at the start, so every
shot of a battle is known before the dice are rolled.
"""
import argparse
import array
import contextlib
import io
import math
import subprocess
import sys

import napfire as nf

TURNS, FIRES = 6, 5
KINDS = TURNS * FIRES
Z_BOUND = 5.0
FRENCH, BRITISH = 0, 1
SIDE_NAME = ("French", "British")
D = nf.OUTCOME_DENOMINATOR

# name, arm, nation, class, formation, figures (guns: models), side
UNITS = [
    ("1st French column", nf.Arm.LINE_INFANTRY, nf.Nation.FRANCE, nf.TroopClass.LINE,
     nf.Formation.COLUMN_OF_DIVISIONS, 36, FRENCH),
    ("2nd French column", nf.Arm.LINE_INFANTRY, nf.Nation.FRANCE, nf.TroopClass.CONSCRIPT,
     nf.Formation.COLUMN_OF_DIVISIONS, 32, FRENCH),
    ("52nd Foot", nf.Arm.LINE_INFANTRY, nf.Nation.BRITAIN, nf.TroopClass.ELITE,
     nf.Formation.LINE, 30, BRITISH),
    ("KGL battalion", nf.Arm.LINE_INFANTRY, nf.Nation.KGL, nf.TroopClass.VETERAN,
     nf.Formation.LINE, 24, BRITISH),
    ("voltigeurs", nf.Arm.LIGHT_INFANTRY, nf.Nation.FRANCE, nf.TroopClass.VETERAN,
     nf.Formation.OPEN_ORDER, 12, FRENCH),
    ("9-pounder battery", nf.Arm.FOOT_ARTILLERY, nf.Nation.BRITAIN, nf.TroopClass.LINE,
     nf.Formation.UNLIMBERED, 4, BRITISH),
]
# Each turn's fire: firer, target, distance (mm) at turn 1, closing per turn.
FIRE = [(2, 0, 190, 30), (3, 1, 190, 30), (5, 0, 460, 60), (0, 2, 190, 30), (4, 3, 190, 30)]
CANISTER_MM = 250


def distance_of(kind):
    _firer, _target, start, step = FIRE[kind % FIRES]
    return start - (kind // FIRES) * step


def side_of(kind):
    return UNITS[FIRE[kind % FIRES][1]][6]


def make_unit(spec):
    _name, arm, nation, cls, formation, figures, _side = spec
    params = dict(nation=nation, troop_class=cls)
    if arm == nf.Arm.FOOT_ARTILLERY:
        params["gun"] = nf.Gun.P9
    params.update(formation=formation, figures=figures)
    return nf.Unit(arm, **params)


def make_shots():
    units = [make_unit(spec) for spec in UNITS]
    shots = []
    for kind in range(KINDS):
        firer, target, _start, _step = FIRE[kind % FIRES]
        shot = nf.Shot(units[firer], units[target], distance=distance_of(kind))
        if UNITS[firer][1] == nf.Arm.FOOT_ARTILLERY and distance_of(kind) <= CANISTER_MM:
            shot.update(ammo=nf.Ammo.CANISTER)
        shots.append(shot)
    return shots


def exact_odds(shots, rules):
    """Per kind: expected casualties x 216 and expected square x 216, from
    the distribution (F-CAS, F-SCR, F-ART), checked against the expectation."""
    means, squares = [], []
    for shot in shots:
        outcomes, _verdict = shot.distribution(rules)
        totals = [(o.weight, o.target_casualties + o.screen_casualties) for o in outcomes]
        means.append(sum(w * c for w, c in totals))
        squares.append(sum(w * c * c for w, c in totals))
        if shot.expected(rules) * D != means[-1]:
            raise SystemExit("campaign: the distribution and the expectation disagree")
    return means, squares


def battle_order():
    """A battle's trials: the shots at the French first, then the others,
    so that each side's losses are one slice of the casualties."""
    return ([k for k in range(KINDS) if side_of(k) == FRENCH]
            + [k for k in range(KINDS) if side_of(k) == BRITISH])


def simulate(shots, rules, battles, seed):
    """Losses per side and battle, and every kind's total: trial j of
    battle b is b * KINDS + j, of kind battle_order()[j]."""
    order = battle_order()
    index = array.array("I", order) * battles
    statuses, cas = nf.resolve_indexed_dice(shots, index, nf.Dice(seed, 0), rules=rules)
    if any(statuses):
        raise SystemExit("campaign: the simulation failed")
    french = order.index(next(k for k in order if side_of(k) == BRITISH))
    losses = ([sum(cas[b:b + french]) for b in range(0, battles * KINDS, KINDS)],
              [sum(cas[b + french:b + KINDS]) for b in range(0, battles * KINDS, KINDS)])
    kind_total = [0] * KINDS
    for j, k in enumerate(order):
        kind_total[k] = sum(cas[j::KINDS])
    return losses, kind_total


def side_line(side, means, squares, losses, battles):
    """Exact mean and sd, simulated mean and quantiles, and the distance
    of the two means in standard errors."""
    mean = square = 0.0
    for k in range(KINDS):
        if side_of(k) == side:
            mean += means[k] / D
            square += squares[k] / D
            square -= (means[k] / D) * (means[k] / D)
    total = 0.0
    for value in losses:
        total += value
    ranked = sorted(losses)
    simulated = total / battles
    z = (simulated - mean) / math.sqrt(square / battles)
    print("%-15s %10.3f %7.3f %15.3f %5d %4d %4d %+7.2f" % (
        SIDE_NAME[side], mean, math.sqrt(square), simulated, ranked[(battles - 1) * 5 // 100],
        ranked[(battles - 1) * 50 // 100], ranked[(battles - 1) * 95 // 100], z))
    return z


def report(means, squares, losses, kind_total, battles, seed):
    print("A French attack on a British line: %d turns, %d battles (seed %d)\n" % (TURNS, battles, seed))
    print("turn  distance  exact mean: French British   simulated: French British")
    for t in range(TURNS):
        e, m = [0.0, 0.0], [0.0, 0.0]
        for f in range(FIRES):
            k = t * FIRES + f
            e[side_of(k)] += means[k] / D
            m[side_of(k)] += kind_total[k] / battles
        print("%4d  %5d mm  %19.3f %7.3f  %17.3f %7.3f" % (
            t + 1, distance_of(t * FIRES), e[FRENCH], e[BRITISH], m[FRENCH], m[BRITISH]))
    print("\nlosses a battle  exact mean      sd  simulated mean    5%  50%  95%  z (SE)")
    within = True
    for side in (FRENCH, BRITISH):
        within &= abs(side_line(side, means, squares, losses[side], battles)) <= Z_BOUND
    print("\nsimulated means within %.0f standard errors of the exact ones: %s"
          % (Z_BOUND, "yes" if within else "NO"))
    return within


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules_file")
    ap.add_argument("battles", nargs="?", type=int, default=20000)
    ap.add_argument("seed", nargs="?", type=int, default=1812)
    ap.add_argument("--same-as", metavar="CAMPAIGN_EXE")
    args = ap.parse_args()
    if not 2 <= args.battles <= nf.MAX_BATCH // KINDS:
        ap.error("BATTLES must be 2..%d" % (nf.MAX_BATCH // KINDS))
    rules = nf.Rules.from_file(args.rules_file)
    shots = make_shots()
    means, squares = exact_odds(shots, rules)
    losses, kind_total = simulate(shots, rules, args.battles, args.seed)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        within = report(means, squares, losses, kind_total, args.battles, args.seed)
    sys.stdout.write(out.getvalue())
    if args.same_as:
        theirs = subprocess.run([args.same_as, args.rules_file, str(args.battles), str(args.seed)],
                                capture_output=True, check=False).stdout
        if theirs != out.getvalue().encode():
            print("campaign.py: the C program printed something else:\n" + theirs.decode(errors="replace"),
                  file=sys.stderr)
            return 3
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
