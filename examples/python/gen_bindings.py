#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the napfire package's header-derived module from the C headers.

    gen_bindings.py OUTDIR napfire.h napfire_hex.h napfire_version.h

writes ``OUTDIR/_generated.py`` and its stub ``OUTDIR/_generated.pyi``:

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
output. Standard library only. A header construct it does not understand
(a value that is not an integer, a struct member it cannot read) stops the
build with a message naming it, rather than binding it wrongly; an enum
without a Python name in ENUMS gets one made up from its C name, with a
warning, and the package's tests fail until ENUMS names it.

The two files are written as the napfire tool writes --svg FILE: each to a
new file beside it, renamed into place only once complete, so a failure
leaves what was there; an output path that is not a regular file or that
is one of the headers (through any link) is refused, status 2, before
anything is read or written.
"""

import os
import re
import stat
import sys
import tempfile

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
}

#: The enumerations whose members name other enumerations, and the mapping
#: each becomes.
NAME_ENUMS = {"napfire_enum": "ENUM_IDS", "napfire_hex_enum": "HEX_ENUM_IDS"}


class HeaderError(Exception):
    """A header construct the generator will not guess about."""


class OutputError(Exception):
    """An output path the generator will not write (as the napfire tool
    refuses its --svg FILE): not a regular file, or one of its inputs."""


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def strip_preprocessor(text):
    """Drop preprocessor lines (with their continuations)."""
    out, continued = [], False
    for line in text.split("\n"):
        if continued or line.lstrip().startswith("#"):
            continued = line.rstrip().endswith("\\")
            continue
        out.append(line)
    return "\n".join(out)


def c_int(expr, what):
    """The value of an integer constant expression of the forms the headers use."""
    expr = " ".join(expr.split())
    m = re.fullmatch(r"\(?\s*(-?)\s*(\d+)[uU]?\s*\)?", expr)
    if m:
        return -int(m.group(2)) if m.group(1) else int(m.group(2))
    m = re.fullmatch(r"\(?\s*(\d+)[uU]?\s*<<\s*(\d+)\s*\)?", expr)
    if m:
        return int(m.group(1)) << int(m.group(2))
    if expr == "INT32_MIN":
        return -(2 ** 31)
    raise HeaderError("%s: cannot read the value %r" % (what, expr))


def doc_brief(block):
    """The first paragraph of a Doxygen comment, as plain text."""
    lines = [re.sub(r"^\s*\*+ ?", "", ln) for ln in block.split("\n")]
    text = []
    for ln in lines:
        ln = ln.strip()
        if not ln:
            if text:
                break
            continue
        if ln.startswith("@") and not ln.startswith("@brief"):
            break
        text.append(ln.replace("@brief", "").strip())
    brief = " ".join(t for t in text if t)
    brief = re.sub(r"(\w)::(\w)", r"\1.\2", brief)
    brief = re.sub(r"::(\w+)", r"\1", brief).replace("@p ", "")
    return brief


def parse_enums(raw):
    """[(tag, brief, [(name, value, doc)])] for every enum of the header text."""
    enums = []
    pattern = r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?enum\s+(\w+)\s*\{(.*?)\}\s*;"
    for doc, tag, body in re.findall(pattern, raw, flags=re.S):
        members, nxt = [], 0
        # Member docs: "/**< ... */" after a member, "/** ... */" before one.
        body = re.sub(r"/\*\*(?!<)(?:(?!\*/).)*\*/", " ", body, flags=re.S)
        item = r"(NAPFIRE_\w+)\s*(?:=\s*([^,/}]+?))?\s*(?:,|(?=/\*\*<)|$)\s*(?:/\*\*<((?:(?!\*/).)*)\*/)?"
        rest = body.strip()
        while rest:
            m = re.match(item, rest, flags=re.S)
            if not m:
                raise HeaderError("enum %s: cannot read %r" % (tag, rest[:60]))
            name, expr, mdoc = m.group(1), m.group(2), m.group(3) or ""
            nxt = c_int(expr, name) if expr is not None else nxt
            members.append((name, nxt, " ".join(mdoc.split())))
            nxt += 1
            rest = rest[m.end():].strip()
        enums.append((tag, doc_brief(doc or ""), members))
    return enums


def parse_defines(raw):
    """{NAME without NAPFIRE_: value} of the integer #defines."""
    out = {}
    for name, expr in re.findall(r"^\s*#\s*define\s+NAPFIRE_(\w+)[ \t]+([^\n]+)", raw, flags=re.M):
        expr = strip_comments(expr).strip()
        if name.startswith("VERSION_") or name in ("API", "ALIGN8"):
            continue
        try:
            out[name] = c_int(expr, "NAPFIRE_" + name)
        except HeaderError:
            if re.fullmatch(r"[-()\d\suU<]+|INT\d+_M(IN|AX)", expr):
                raise
    return out


def parse_param(text, function):
    """("const napfire_unit *", "u") from "const napfire_unit *u"."""
    text = " ".join(text.split())
    m = re.fullmatch(r"(.*?[\s*])(\w+)\s*(\[\s*\d+\s*\])?", text)
    if not m:
        raise HeaderError("%s: cannot read the parameter %r" % (function, text))
    ctype = " ".join(m.group(1).replace("*", " * ").split()).replace("* *", "**")
    if m.group(3):
        ctype += " " + m.group(3).replace(" ", "")
    return ctype, m.group(2)


def parse_functions(raw):
    """{name: (return type, ((type, name), ...))} of every NAPFIRE_API function."""
    text = strip_preprocessor(strip_comments(raw))
    out = {}
    for ret, name, params in re.findall(
            r"NAPFIRE_API\s+([^;(){}]*?)\b(napfire_\w+)\s*\(([^)]*)\)\s*;", text):
        ret = " ".join(ret.replace("*", " * ").split())
        params = " ".join(params.split())
        plist = () if params in ("", "void") else tuple(
            parse_param(p, name) for p in params.split(","))
        out[name] = (ret, plist)
    return out


def parse_structs(raw, defines):
    """{tag: ((member, C type, array length or 0), ...)} of the plain structs
    (the opaque value types, whose one private member is opaque_, are left
    out)."""
    text = strip_comments(raw)
    out = {}
    for tag, body in re.findall(
            r"typedef\s+struct\s+(?:NAPFIRE_ALIGN8\s+)?(\w+)\s*\{(.*?)\}\s*\1\s*;", text, flags=re.S):
        if re.search(r"\bopaque_\b", body):
            continue
        members = []
        for decl in body.split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            m = re.fullmatch(r"(\w+) (\w+)(?:\[(\w+)\])?", decl)
            if not m:
                raise HeaderError("struct %s: cannot read the member %r" % (tag, decl))
            count = m.group(3)
            if count is not None:
                count = (defines[count[len("NAPFIRE_"):]] if count.startswith("NAPFIRE_")
                         else c_int(count, "%s.%s" % (tag, m.group(2))))
            members.append((m.group(2), m.group(1), count or 0))
        out[tag] = tuple(members)
    return out


def version_string(raw):
    m = re.search(r'#\s*define\s+NAPFIRE_VERSION_STRING\s+"([^"]+)"', raw)
    if not m:
        raise HeaderError("no NAPFIRE_VERSION_STRING")
    return m.group(1)


def name_map(members, by_tag):
    """{Python enum name: member name} from "::napfire_tag" references."""
    out = []
    for name, _value, doc in members:
        for tag in re.findall(r"::(napfire_\w+)", doc):
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


def generate(paths):
    raws = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            raws.append(f.read())
    enums = [e for raw in raws for e in parse_enums(raw)]
    missing = set(ENUMS) - {tag for tag, _b, _m in enums}
    if missing:
        raise HeaderError("ENUMS names enums the headers lack: %s" % ", ".join(sorted(missing)))
    defines, functions, structs, version = {}, {}, {}, None
    for raw in raws:
        defines.update(parse_defines(raw))
    for raw in raws:
        functions.update(parse_functions(raw))
        structs.update(parse_structs(raw, defines))
        if "NAPFIRE_VERSION_STRING" in raw:
            version = version_string(raw)
    if version is None:
        raise HeaderError("no header defines NAPFIRE_VERSION_STRING")
    sources = ", ".join(os.path.basename(p) for p in paths)
    head = ["# SPDX-License-Identifier: MIT",
            "# Generated by gen_bindings.py from %s: do not edit." % sources]
    public = ([naming(tag, m)[0] for tag, _b, m in enums] + sorted(defines)
              + list(NAME_ENUMS.values()))
    py = head + ['"""The header-derived part of the napfire package: enumerations,',
                 "constants, struct layouts and the C signatures of every public",
                 "function, from %s." % sources,
                 '"""', "", "import enum", "", "__version__ = %r" % version, "",
                 "__all__ = ["] + ["    %r," % n for n in public] + ["]"]
    pyi = head + ["import enum", "from typing import Dict, Tuple, Type", "",
                  "__version__: str", "", "__all__ = ["] + ["    %r," % n for n in public] + ["]"]
    emit_enums(enums, py, pyi)
    py += ["", "", "# Constants (the headers' integer #defines, without NAPFIRE_)", ""]
    pyi.append("")
    for name in sorted(defines):
        py.append("%s = %d" % (name, defines[name]))
        pyi.append("%s: int" % name)
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
    return "\n".join(py) + "\n", "\n".join(pyi) + "\n"


def check_output(path, inputs):
    """Refuse, before anything is read or written, a path that is not a
    regular file (a directory, a FIFO, a device, a link to nothing) or that
    is one of the inputs through any link. Only stat()s: never blocks."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise OutputError("%s is a symbolic link to nothing" % path) from None
        return
    if not stat.S_ISREG(st.st_mode):
        raise OutputError("%s is not a regular file" % path)
    for name in inputs:
        try:
            same = os.path.samefile(name, path)
        except OSError:
            same = False
        if same:
            raise OutputError("%s is the input %s (the same file)" % (path, name))


def write(path, text):
    """Write to a new file beside path (through a link: beside the file it
    points to), renamed over it only once complete and on disk: a failure
    leaves what was there, and the only file ever removed is the new one."""
    target = os.path.realpath(path) if os.path.islink(path) else path
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp",
                               dir=os.path.dirname(target) or os.curdir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv):
    if len(argv) < 2:
        print("usage: gen_bindings.py OUTDIR HEADER...", file=sys.stderr)
        return 2
    outputs = [os.path.join(argv[0], "_generated.py"), os.path.join(argv[0], "_generated.pyi")]
    try:
        for path in outputs:
            check_output(path, argv[1:])
    except OutputError as exc:
        print("gen_bindings.py: refused: %s" % exc, file=sys.stderr)
        return 2
    try:
        py, pyi = generate(argv[1:])
        write(outputs[0], py)
        write(outputs[1], pyi)
    except (HeaderError, OSError) as exc:
        print("gen_bindings.py: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
