# SPDX-License-Identifier: MIT
"""Shared fixtures of the Python binding tests.

The tests run against the library of the build tree: meson sets
NAPFIRE_LIBRARY (the built .so), NAPFIRE_INCLUDE_DIR (the public headers)
and PYTHONPATH (the build tree's copy of the napfire package). .ci/run
also runs them against the package pip installed into a venv.
"""
import ast
import os
import re

import napfire as nf

INCLUDE_DIR = os.environ.get(
    "NAPFIRE_INCLUDE_DIR",
    os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "include"))
HEADERS = ("napfire.h", "napfire_hex.h", "napfire_table.h")


def header_text():
    """The public headers, concatenated, with comments removed."""
    text = ""
    for name in HEADERS:
        with open(os.path.join(INCLUDE_DIR, name), encoding="utf-8") as f:
            text += f.read() + "\n"
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def header_functions():
    """Names of every NAPFIRE_API function declared in the headers."""
    return set(re.findall(r"NAPFIRE_API\s+[^;(]*?\b(napfire_\w+)\s*\(", header_text()))


def header_enums():
    """{C enum tag: {C constant: value}} for every enum of the headers."""
    enums = {}
    for tag, body in re.findall(r"enum\s+(\w+)\s*\{(.*?)\}", header_text(), flags=re.S):
        values, nxt = {}, 0
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            if "=" in item:
                name, expr = (p.strip() for p in item.split("=", 1))
                nxt = int(expr, 0)
            else:
                name = item
            values[name] = nxt
            nxt += 1
        enums[tag] = values
    return enums


def header_defines():
    """{macro: int value} for the simple numeric #defines of the headers."""
    out = {}
    for name, expr in re.findall(r"#define\s+(NAPFIRE_\w+)\s+(.+)", header_text()):
        expr = expr.strip()
        m = re.fullmatch(r"\(?(-?\d+)\)?", expr)
        if m:
            out[name] = int(m.group(1))
        m = re.fullmatch(r"\(1u << (\d+)\)", expr)
        if m:
            out[name] = 1 << int(m.group(1))
    return out


def stub_names(path):
    """{name: ast node} of every name a stub declares at its top level,
    following ``from .module import *`` into the sibling stub."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    declared = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared[node.target.id] = node
        elif isinstance(node, ast.Assign):
            declared.update((t.id, node) for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            sibling = os.path.join(os.path.dirname(path), node.module + ".pyi")
            if [a.name for a in node.names] == ["*"]:
                theirs = stub_names(sibling)
                listed = theirs.get("__all__")
                exported = (ast.literal_eval(listed.value) if isinstance(listed, ast.Assign)
                            else [k for k in theirs if not k.startswith("_")])
                declared.update((k, theirs[k]) for k in exported)
            else:
                declared.update((a.asname, node) for a in node.names if a.asname == a.name)
    return declared


def fex1_units():
    """F-EX-1: British elite battalion, 30 figures in line, moved
    half its move; target a French column of divisions."""
    firer = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.BRITAIN,
                    troop_class=nf.TroopClass.ELITE, figures=30,
                    formation=nf.Formation.LINE, moved=nf.Moved.HALF)
    target = nf.Unit(nf.Arm.LINE_INFANTRY, nation=nf.Nation.FRANCE,
                     formation=nf.Formation.COLUMN_OF_DIVISIONS, figures=24)
    return firer, target


def fex1_shot(**params):
    """F-EX-1's shot: 15 cm (long range), metric."""
    firer, target = fex1_units()
    return nf.Shot(firer, target, distance=150, **params)


def fex1_scene():
    """F-EX-1 on the table, in millimetres: the British line facing +y, its
    front on the x axis; the French column facing -y, its front 150 mm
    ahead (the footprints of examples/scenes/fex1.scene)."""
    line = nf.Footprint([(-150, 0), (150, 0), (150, -20), (-150, -20)])
    column = nf.Footprint([(40, 150), (-40, 150), (-40, 250), (40, 250)])
    return nf.Scene(line, column)


def complete_rules():
    """Built-in data plus a made-up (NOT the rulebook's) completion of the
    musketry table, so that every roll resolves: an unknown cell at row r,
    column c (0-based) gets (r + 1) * c // 2 half figures, which keeps every
    row non-decreasing around the known cells. Invented, tests only."""
    rules = nf.Rules()
    for row in range(5):
        for col in range(9):
            if rules.get_musketry(row, col) is None:
                rules.set_musketry(row, col, (row + 1) * col // 2)
    rules.set_provenance(nf.Provenance.NAME, "made-up complete table (tests only)")
    return rules


def artillery_rules(cell_halves=8):
    """Made-up artillery data (NOT from any rulebook), for tests: every gun
    has bands canister 0..150, effective ..500, long ..1000 mm (imperial
    0..90, ..300, ..600 tenths); every artillery cell is ``cell_halves``;
    artillery modifiers all 0."""
    rules = nf.Rules()
    for gun in nf.Gun:
        rules.set_gun_range(gun, nf.Measure.METRIC, 150, 500, 1000)
        rules.set_gun_range(gun, nf.Measure.IMPERIAL, 90, 300, 600)
        for ammo in nf.Ammo:
            for band in (nf.Band.CANISTER, nf.Band.EFFECTIVE, nf.Band.LONG):
                # Canister fires only at canister range (F-ART-1): the
                # rules never read its other cells, which take no value.
                if ammo == nf.Ammo.CANISTER and band != nf.Band.CANISTER:
                    continue
                for col in range(9):
                    rules.set_artillery(gun, ammo, band, col, cell_halves)
    for mod in range(nf.ModifierId.COLUMN, nf.ModifierId.BUILDINGS + 1):
        rules.set_modifier(nf.Fire.ARTILLERY, mod, 0)
    for variant in (nf.ModifierId.COLUMN, nf.ModifierId.COVER):
        rules.set_modifier(nf.Fire.ARTILLERY, variant, 0, variant=1)
    rules.set_modifier(nf.Fire.ARTILLERY, nf.ModifierId.MOVED_HALF, 0)
    return rules
