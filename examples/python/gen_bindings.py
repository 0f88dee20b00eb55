#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the napfire package's header-derived module from the API
description.

    gen_bindings.py OUTDIR napfire_api.json
    gen_bindings.py OUTDIR HEADER...

writes ``OUTDIR/_generated.py`` and its stub ``OUTDIR/_generated.pyi`` from
the description (doc/api-json.md) that meson makes at build time, or, given
headers, from the description examples/bindings/napfire_api.py (the project's only
header parser) makes of them:

* every ``enum`` of the headers as an ``enum.IntEnum`` (``IntFlag`` for bit
  sets), under the Python name and member prefix of :data:`ENUMS`;
* every integer ``#define NAPFIRE_X`` as the constant ``X``;
* ``ENUM_IDS`` and ``HEX_ENUM_IDS``: which value of ``napfire_enum`` /
  ``napfire_hex_enum`` names each enumeration, read from the headers'
  ``::napfire_tag`` references in those enumerations' member docs;
* ``FUNCTIONS``: every ``NAPFIRE_API`` function with its C return type and
  parameters (type and name, as the header spells them), from which the
  package declares its ctypes prototypes;
* ``STRUCTS``: the members of every public plain struct (name, C type,
  array length or 0), from which the package lays out its ctypes
  structures;
* ``__version__``, the headers' ``NAPFIRE_VERSION_STRING``.

Run by meson at build time (examples/python/src/napfire/meson.build), so
``pip install .`` and ``meson install -Dpython=enabled`` both install the
output. Standard library only. A header construct the parser does not
understand stops the build with a message naming it, rather than binding
it wrongly; an enum without a Python name in ENUMS gets one made up from its
C name, with a warning, and the package's tests fail until ENUMS names it.

The two files are written as the napfire tool writes --svg FILE: each to a
new file beside it, renamed into place only once complete, so a failure
leaves what was there; an output path that is not a regular file or that
is one of the headers (through any link) is refused, status 2, before
anything is read or written.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "bindings"))
from napfire_api import (HeaderError, OutputError, check_output, describe,  # noqa: E402
                         load, write)

#: C enum tag -> (Python class name, C prefix of its constants, base class).
#: The Python names are the package's public API, so a new enum of the
#: headers needs a line here.
ENUMS = {
    "napfire_status": ("Status", "NAPFIRE_", "IntEnum"),
    "napfire_arm": ("Arm", "NAPFIRE_ARM_", "IntEnum"),
    "napfire_nation": ("Nation", "NAPFIRE_NATION_", "IntEnum"),
    "napfire_class": ("TroopClass", "NAPFIRE_CLASS_", "IntEnum"),
    "napfire_formation": ("Formation", "NAPFIRE_FORMATION_", "IntEnum"),
    "napfire_weapon": ("Weapon", "NAPFIRE_WEAPON_", "IntEnum"),
    "napfire_cover": ("Cover", "NAPFIRE_COVER_", "IntEnum"),
    "napfire_moved": ("Moved", "NAPFIRE_MOVED_", "IntEnum"),
    "napfire_measure": ("Measure", "NAPFIRE_MEASURE_", "IntEnum"),
    "napfire_band": ("Band", "NAPFIRE_BAND_", "IntEnum"),
    "napfire_ammo": ("Ammo", "NAPFIRE_AMMO_", "IntEnum"),
    "napfire_gun": ("Gun", "NAPFIRE_GUN_", "IntEnum"),
    "napfire_reason": ("Reason", "NAPFIRE_REASON_", "IntEnum"),
    "napfire_modifier_id": ("ModifierId", "NAPFIRE_MOD_", "IntEnum"),
    "napfire_missing": ("Missing", "NAPFIRE_MISSING_", "IntEnum"),
    "napfire_describe_style": ("DescribeStyle", "NAPFIRE_DESCRIBE_", "IntEnum"),
    "napfire_check": ("Check", "NAPFIRE_CHECK_", "IntEnum"),
    "napfire_fire": ("Fire", "NAPFIRE_FIRE_", "IntEnum"),
    "napfire_threshold": ("Threshold", "NAPFIRE_THRESHOLD_", "IntEnum"),
    "napfire_provenance": ("Provenance", "NAPFIRE_PROVENANCE_", "IntEnum"),
    "napfire_unit_param": ("UnitParam", "NAPFIRE_UNIT_", "IntEnum"),
    "napfire_shot_param": ("ShotParam", "NAPFIRE_SHOT_", "IntEnum"),
    "napfire_enum": ("EnumId", "NAPFIRE_ENUM_", "IntEnum"),
    "napfire_parse_code": ("ParseCode", "NAPFIRE_PARSE_", "IntEnum"),
    "napfire_hex_layout": ("HexLayout", "NAPFIRE_HEX_", "IntEnum"),
    "napfire_step_kind": ("StepKind", "NAPFIRE_STEP_", "IntEnum"),
    "napfire_terrain": ("Terrain", "NAPFIRE_TERRAIN_", "IntEnum"),
    "napfire_presence": ("Presence", "NAPFIRE_PRESENCE_", "IntEnum"),
    "napfire_los_policy": ("LosPolicy", "NAPFIRE_LOS_", "IntFlag"),
    "napfire_los_rule": ("LosRule", "NAPFIRE_LOS_RULE_", "IntEnum"),
    "napfire_los_elevation": ("LosElevation", "NAPFIRE_LOS_ELV_", "IntEnum"),
    "napfire_hex_formation": ("HexFormation", "NAPFIRE_HEX_", "IntEnum"),
    "napfire_hex_enum": ("HexEnumId", "NAPFIRE_HEX_ENUM_", "IntEnum"),
    "napfire_decider": ("Decider", "NAPFIRE_DECIDER_", "IntEnum"),
    "napfire_table_rule": ("TableRule", "NAPFIRE_TABLE_RULE_", "IntEnum"),
    "napfire_table_enum": ("TableEnumId", "NAPFIRE_TABLE_ENUM_", "IntEnum"),
}

#: The enumerations whose members name other enumerations, and the mapping
#: each becomes.
NAME_ENUMS = {"napfire_enum": "ENUM_IDS", "napfire_hex_enum": "HEX_ENUM_IDS"}


def name_map(members, by_tag):
    """{Python enum name: member name} from the members' references."""
    out = []
    for name, _value, tags in members:
        for tag in tags:
            if tag in by_tag:
                out.append((by_tag[tag], name))
    return out


def naming(tag, members):
    """(Python class name, member prefix, base) of an enum: from ENUMS, or,
    for an enum the table does not know yet, made up from the C names with
    a warning (the package's tests require every enum in ENUMS, so the
    made-up name never ships, while the build still works)."""
    if tag in ENUMS:
        return ENUMS[tag]
    names = [name for name, _value, _doc in members]
    prefix = os.path.commonprefix(names)
    prefix = prefix[:prefix.rfind("_") + 1] if len(names) > 1 else "NAPFIRE_"
    cls = "".join(part.capitalize() for part in tag[len("napfire_"):].split("_"))
    print("gen_bindings.py: warning: enum %s has no Python name in ENUMS; using %s"
          % (tag, cls), file=sys.stderr)
    return cls, prefix, "IntEnum"


def emit_enums(enums, py, pyi):
    for tag, brief, members in enums:
        cls, prefix, base = naming(tag, members)
        doc = "``enum %s``%s" % (tag, ": " + brief if brief else ".")
        py += ["", "", "class %s(enum.%s):" % (cls, base), "    %s" % py_doc(doc)]
        pyi += ["", "class %s(enum.%s):" % (cls, base)]
        for name, value, _doc in members:
            if not name.startswith(prefix):
                raise HeaderError("%s: not prefixed %s" % (name, prefix))
            py.append("    %s = %d" % (name[len(prefix):], value))
            pyi.append("    %s: int" % name[len(prefix):])


def py_doc(text):
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 84:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    lines.append(line)
    if len(lines) == 1:
        return '"""%s"""' % lines[0]
    return '"""' + "\n    ".join(lines) + '\n    """'


def from_description(api):
    """The description's parts in the shapes the module is written from."""
    enums = [(e["name"], e["brief"], [(v["name"], v["value"], v["refs"]) for v in e["values"]])
             for e in api["enums"]]
    defines = {c["name"][len("NAPFIRE_"):]: c["value"] for c in api["constants"]
               if c["type"] != "string" and not c["name"].startswith("NAPFIRE_VERSION_")}
    functions = {f["name"]: (f["return"], tuple((p["type"], p["name"]) for p in f["params"]))
                 for f in api["functions"]}
    structs = {s["name"]: tuple((m["name"], m["type"], m["count"]) for m in s["members"])
               for s in api["structs"] if s["kind"] == "plain"}
    return enums, defines, functions, structs


def generate(api):
    enums, defines, functions, structs = from_description(api)
    missing = set(ENUMS) - {tag for tag, _b, _m in enums}
    if missing:
        raise HeaderError("ENUMS names enums the headers lack: %s" % ", ".join(sorted(missing)))
    if api["version"] is None:
        raise HeaderError("no header defines NAPFIRE_VERSION_STRING")
    sources = ", ".join(api["headers"])
    head = ["# SPDX-License-Identifier: MIT",
            "# Generated by gen_bindings.py from the API description of %s: do not edit." % sources]
    public = ([naming(tag, m)[0] for tag, _b, m in enums] + sorted(defines)
              + list(NAME_ENUMS.values()))
    py = head + ['"""The header-derived part of the napfire package: enumerations,',
                 "constants, struct layouts and the C signatures of every public",
                 "function, from %s." % sources,
                 '"""', "", "import enum", "", "__version__ = %r" % api["version"], "",
                 "__all__ = ["] + ["    %r," % n for n in public] + ["]"]
    pyi = head + ["import enum", "from typing import Dict, Tuple, Type", "",
                  "__version__: str", "", "__all__ = ["] + ["    %r," % n for n in public] + ["]"]
    emit_enums(enums, py, pyi)
    py += ["", "", "# Constants (the headers' integer #defines, without NAPFIRE_)", ""]
    pyi.append("")
    for name in sorted(defines):
        py.append("%s = %d" % (name, defines[name]))
        pyi.append("%s: int" % name)
    emit_tables(enums, functions, structs, py, pyi)
    return "\n".join(py) + "\n", "\n".join(pyi) + "\n"


def emit_tables(enums, functions, structs, py, pyi):
    by_tag = {tag: naming(tag, m)[0] for tag, _b, m in enums}
    for tag, var in NAME_ENUMS.items():
        members = next(m for t, _b, m in enums if t == tag)
        cls, prefix = ENUMS[tag][0], ENUMS[tag][1]
        py += ["", "#: Which %s value names each enumeration (the headers' references)." % cls,
               "%s = {" % var]
        py += ["    %s: %s.%s," % (e, cls, n[len(prefix):]) for e, n in name_map(members, by_tag)]
        py.append("}")
        pyi.append("%s: Dict[Type[enum.IntEnum], %s]" % (var, cls))
    py += ["", "#: C function -> (return type, ((parameter type, parameter name), ...)),",
           "#: spelled as in the headers.", "FUNCTIONS = {"]
    for name, (ret, params) in functions.items():
        py += ["    %r: (%r, (" % (name, ret)] + ["        %r," % (p,) for p in params] + ["    )),"]
    py.append("}")
    pyi.append("FUNCTIONS: Dict[str, Tuple[str, Tuple[Tuple[str, str], ...]]]")
    py += ["", "#: C struct -> ((member, C type, array length or 0), ...).", "STRUCTS = {"]
    for tag, members in structs.items():
        py += ["    %r: (" % tag] + ["        %r," % (m,) for m in members] + ["    ),"]
    py.append("}")
    pyi.append("STRUCTS: Dict[str, Tuple[Tuple[str, str, int], ...]]")


def main(argv):
    if len(argv) < 2:
        print("usage: gen_bindings.py OUTDIR napfire_api.json | HEADER...", file=sys.stderr)
        return 2
    outputs = [os.path.join(argv[0], "_generated.py"), os.path.join(argv[0], "_generated.pyi")]
    try:
        for path in outputs:
            check_output(path, argv[1:])
    except OutputError as exc:
        print("gen_bindings.py: refused: %s" % exc, file=sys.stderr)
        return 2
    try:
        inputs = argv[1:]
        api = (load(inputs[0]) if len(inputs) == 1 and inputs[0].endswith(".json")
               else describe(inputs))
        py, pyi = generate(api)
        write(outputs[0], py)
        write(outputs[1], pyi)
    except (HeaderError, OSError) as exc:
        print("gen_bindings.py: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
