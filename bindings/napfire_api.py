#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The one description of libnapfire's API: the public headers read once,
written as ``napfire_api.json`` (doc/api-json.md describes every field).

    napfire_api.py OUT.json --map lib/napfire.map [--pointer-size N]
                   [--uint64-align N] HEADER...

Every other file made from the API (the Python package's generated
module, ``napfire_ffi.h``, ``Napfire.cs``, the layout probe) is made from
this description by ``bindings/generate.py`` and
``examples/python/gen_bindings.py``, never from the headers: this is the
only header parser. It reads the constructs the headers use and stops, with
a message naming it, at one it does not understand, rather than describing
it wrongly.

Sizes, alignments and offsets are computed for the platform the build
targets (meson passes the size of a pointer and the alignment of a
``uint64_t``); the layout probe (``generate.py probe``) holds every number
to the compiler's. Standard library only.
"""

import json
import os
import re
import stat
import sys
import tempfile

SCHEMA = 1

#: A rule ID of the rulebook as the headers cite them: F-OO-1, F-MOD-G,
#: F-DATA, H-LOS-1..6, F-ART-1/3.
RULE_ID = re.compile(r"\b[FH]-[A-Z]{2,5}(?:-[0-9]+[a-z]?(?:(?:\.\.|/)[0-9]+)*|-[A-Z]\b)?")


class HeaderError(Exception):
    """A header construct the parser will not guess about."""


class OutputError(Exception):
    """An output path a generator will not write: not a regular file, or
    one of its inputs (as the napfire tool refuses its --svg FILE)."""


# ---------------------------------------------------------------------------
# Text

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


def doc_text(block):
    """A Doxygen comment's text without its comment marks."""
    lines = [re.sub(r"^\s*\*+ ?", "", ln) for ln in (block or "").split("\n")]
    return "\n".join(ln.rstrip() for ln in lines).strip()


def doc_brief(block):
    """The first paragraph of a Doxygen comment, as plain text."""
    text = []
    for ln in doc_text(block).split("\n"):
        ln = ln.strip()
        if not ln:
            if text:
                break
            continue
        if ln.startswith("@") and not re.match(r"@(brief|p|c|ref)\b", ln):
            break
        text.append(ln.replace("@brief", "").strip())
    brief = " ".join(t for t in text if t)
    brief = re.sub(r"(\w)::(\w)", r"\1.\2", brief)
    return re.sub(r"::(\w+)", r"\1", brief).replace("@p ", "")


def rule_ids(block):
    """The rule IDs a comment cites, in order, each once."""
    seen = []
    for rid in RULE_ID.findall(block or ""):
        if rid not in seen:
            seen.append(rid)
    return seen


def refs(block):
    """The ``::napfire_tag`` references of a comment (enumerations named)."""
    return re.findall(r"::(napfire_[a-z]\w*)", block or "")


# ---------------------------------------------------------------------------
# Values

def c_value(expr, known, what):
    """(value, C type) of a constant expression of the forms the headers
    use: integers with an optional u, shifts, sums and products of them and
    of constants already known, INT32_MIN, a string literal."""
    expr = " ".join(expr.split())
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', expr)
    if m:
        return m.group(1), "string"
    unsigned = bool(re.search(r"\d[uU]\b", expr))
    py = re.sub(r"\b(\d+)[uU]\b", r"\1", expr).replace("INT32_MIN", "(-2147483648)")
    py = re.sub(r"\b(NAPFIRE_\w+)\b", lambda n: "(%d)" % known[n.group(1)]
                if isinstance(known.get(n.group(1)), int) else n.group(1), py)
    if not re.fullmatch(r"[\d\s()+\-*/<>|]+", py) or "**" in py:
        raise HeaderError("%s: cannot read the value %r" % (what, expr))
    value = eval(py.replace("/", "//"), {"__builtins__": {}})  # digits and operators only
    return value, "uint32_t" if unsigned else "int32_t"


# ---------------------------------------------------------------------------
# Declarations

def parse_constants(raw, known):
    """[{name, value, type, brief}] of the value #defines (not the header
    guards, the attribute macros or empty ones)."""
    out = []
    pattern = r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?^[ \t]*#[ \t]*define[ \t]+(NAPFIRE_\w+)[ \t]+([^\n]+)"
    for doc, name, expr in re.findall(pattern, raw, flags=re.S | re.M):
        expr = strip_comments(expr).strip()
        if name in ("NAPFIRE_API", "NAPFIRE_ALIGN8") or not expr or expr.startswith("__"):
            continue
        value, ctype = c_value(expr, known, name)
        known[name] = value
        out.append({"name": name, "value": value, "type": ctype, "brief": doc_brief(doc)})
    return out


def parse_enums(raw, known):
    """[{name, brief, rules, values: [{name, value, brief, refs}]}]."""
    enums = []
    pattern = r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?enum\s+(\w+)\s*\{(.*?)\}\s*;"
    item = (r"(?:/\*\*(?!<)((?:(?!\*/).)*)\*/\s*)?(NAPFIRE_\w+)\s*(?:=\s*([^,/}]+?))?\s*"
            r"(?:,|(?=/\*\*<)|$)\s*(?:/\*\*<((?:(?!\*/).)*)\*/)?")
    for doc, tag, body in re.findall(pattern, raw, flags=re.S):
        values, nxt, rest = [], 0, body.strip()
        while rest:
            m = re.match(item, rest, flags=re.S)
            if not m:
                raise HeaderError("enum %s: cannot read %r" % (tag, rest[:60]))
            before, name, expr, after = m.group(1), m.group(2), m.group(3), m.group(4)
            if expr is not None:
                nxt = c_value(expr, known, name)[0]
            mdoc = (before or "") + " " + (after or "")
            values.append({"name": name, "value": nxt, "brief": doc_brief(mdoc.strip()),
                           "refs": refs(mdoc)})
            known[name] = nxt
            nxt += 1
            rest = rest[m.end():].strip()
        enums.append({"name": tag, "brief": doc_brief(doc), "rules": rule_ids(doc),
                      "prefix": enum_prefix(tag, values), "values": values})
    return enums


def enum_prefix(tag, values):
    """The members' common prefix, cut after an underscore (NAPFIRE_ARM_); for
    one member, the part shared with the tag (napfire_los_policy: NAPFIRE_LOS_)."""
    names = [v["name"] for v in values]
    if len(names) == 1:
        names.append("NAPFIRE_" + tag[len("napfire_"):].upper() + "_")
    common = os.path.commonprefix(names)
    return common[:common.rfind("_") + 1]


def parse_param(text, function):
    """{"type": "const napfire_unit *", "name": "u"} from "const napfire_unit *u";
    an array parameter keeps its length: "int32_t [4]"."""
    text = " ".join(text.split())
    m = re.fullmatch(r"(.*?[\s*])(\w+)\s*(\[\s*\d+\s*\])?", text)
    if not m:
        raise HeaderError("%s: cannot read the parameter %r" % (function, text))
    ctype = " ".join(m.group(1).replace("*", " * ").split()).replace("* *", "**")
    if m.group(3):
        ctype += " " + m.group(3).replace(" ", "")
    return {"type": ctype, "name": m.group(2)}


def parse_params(params, what):
    params = " ".join(params.split())
    if params in ("", "void"):
        return []
    return [parse_param(p, what) for p in params.split(",")]


def c_type(text):
    return " ".join(text.replace("*", " * ").split()).replace("* *", "**")


def parse_functions(raw, nodes):
    """[{name, return, params, brief, rules, since}] of every NAPFIRE_API function."""
    out = []
    text = strip_preprocessor(raw)
    pattern = r"/\*\*((?:(?!\*/).)*)\*/\s*NAPFIRE_API\s+([^;(){}]*?)\b(napfire_\w+)\s*\(([^)]*)\)\s*;"
    for doc, ret, name, params in re.findall(pattern, text, flags=re.S):
        if name not in nodes:
            raise HeaderError("%s: in no version node of the linker map" % name)
        out.append({"name": name, "return": c_type(ret), "params": parse_params(params, name),
                    "brief": doc_brief(doc), "rules": rule_ids(doc), "since": nodes[name]})
    declared = len(re.findall(r"NAPFIRE_API\s+[^;(){}]*?\bnapfire_\w+\s*\(", strip_comments(text)))
    if declared != len(out):
        raise HeaderError("%d NAPFIRE_API declarations, %d with a doc comment read" % (declared, len(out)))
    return out


def parse_callbacks(raw):
    """[{name, return, params, brief}] of the function pointer typedefs."""
    out = []
    pattern = r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?typedef\s+([^;(){}]*?)\(\s*\*\s*(napfire_\w+)\s*\)\s*\(([^)]*)\)\s*;"
    for doc, ret, name, params in re.findall(pattern, raw, flags=re.S):
        out.append({"name": name, "return": c_type(ret), "params": parse_params(params, name),
                    "brief": doc_brief(doc)})
    return out


def parse_members(tag, body, known):
    """[{name, type, count, brief}] of a struct body; count 0 for a scalar."""
    members = []
    pattern = (r"(?:/\*\*(?!<)((?:(?!\*/).)*)\*/\s*)?((?:(?!/\*)[^;])+?);\s*(?:/\*\*<((?:(?!\*/).)*)\*/)?")
    rest = body.strip()
    while rest:
        m = re.match(pattern, rest, flags=re.S)
        if not m:
            raise HeaderError("struct %s: cannot read %r" % (tag, rest[:60]))
        decl = " ".join(m.group(2).split())
        d = re.fullmatch(r"((?:const )?\w+(?: \*+| )\s*)(\w+)(?:\[([^\]]+)\])?", decl)
        if not d:
            raise HeaderError("struct %s: cannot read the member %r" % (tag, decl))
        count = c_value(d.group(3), known, "%s.%s" % (tag, d.group(2)))[0] if d.group(3) else 0
        members.append({"name": d.group(2), "type": c_type(d.group(1)), "count": count,
                        "brief": doc_brief((m.group(1) or "") + " " + (m.group(3) or ""))})
        rest = rest[m.end():].strip()
    return members


def parse_structs(raw, known):
    """[{name, brief, kind, members}]: kind "plain" (public fields),
    "opaque" (fixed-size private storage: its one member is opaque_) or
    "incomplete" (declared, never defined: only pointers to it exist)."""
    out = []
    text = strip_preprocessor(raw)
    pattern = (r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?typedef\s+struct\s+(NAPFIRE_ALIGN8\s+)?(\w+)\s*"
               r"(?:\{(.*?)\}\s*\3|(\3))\s*;")
    for doc, align8, tag, body, incomplete in re.findall(pattern, text, flags=re.S):
        entry = {"name": tag, "brief": doc_brief(doc), "rules": rule_ids(doc)}
        if incomplete:
            entry.update(kind="incomplete", members=[])
        else:
            members = parse_members(tag, body, known)
            opaque = [m["name"] for m in members] == ["opaque_"]
            entry.update(kind="opaque" if opaque else "plain", members=members,
                         align8=bool(align8))
        out.append(entry)
    return out


def parse_map(path):
    """{symbol: version node} of the linker version script."""
    with open(path, encoding="utf-8") as f:
        text = strip_comments(f.read())
    nodes = {}
    for node, body in re.findall(r"(NAPFIRE_[\d.]+)\s*\{(.*?)\}", text, flags=re.S):
        for sym in re.findall(r"\b(napfire_\w+)\s*;", body):
            nodes[sym] = node
    return nodes


# ---------------------------------------------------------------------------
# Layout

SCALARS = {"char": 1, "unsigned char": 1, "int8_t": 1, "uint8_t": 1, "int16_t": 2,
           "uint16_t": 2, "int": 4, "int32_t": 4, "uint32_t": 4, "float": 4}


def lay_out(structs, pointer, u64align):
    """Give every struct its size and alignment and every member its
    offset and size, as a C compiler of the target lays them out (no
    packing; NAPFIRE_ALIGN8 raises the alignment to 8)."""
    by_name = {s["name"]: s for s in structs}

    def size_align(ctype):
        base = ctype.replace("const ", "").strip()
        if base.endswith("*"):
            return pointer, pointer
        if base in SCALARS:
            return SCALARS[base], SCALARS[base]
        if base in ("int64_t", "uint64_t", "double"):
            return 8, u64align
        if base == "size_t":
            return pointer, pointer
        if base in by_name and by_name[base].get("size"):
            return by_name[base]["size"], by_name[base]["align"]
        raise HeaderError("no layout for the member type %r" % ctype)

    for s in structs:
        if s["kind"] == "incomplete":
            s["size"] = s["align"] = None
            continue
        offset, align = 0, 1
        for m in s["members"]:
            size, a = size_align(m["type"])
            offset = (offset + a - 1) // a * a
            m["offset"], m["size"] = offset, size * (m["count"] or 1)
            offset += m["size"]
            align = max(align, a)
        if s.pop("align8", False):
            align = max(align, 8)
        s["size"], s["align"] = (offset + align - 1) // align * align, align
        if s["kind"] == "opaque":
            s["members"] = []


# ---------------------------------------------------------------------------
# The description

def describe(paths, map_path=None, pointer=8, u64align=8):
    """The description (a dict, doc/api-json.md) of the headers at paths."""
    raws = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            raws.append((os.path.basename(path), f.read()))
    nodes = parse_map(map_path) if map_path else None
    known = {}
    api = {"schema": SCHEMA, "library": "napfire", "version": None,
           "headers": [name for name, _raw in raws],
           "platform": {"pointer_size": pointer, "uint64_align": u64align},
           "statuses": [], "constants": [], "enums": [], "structs": [], "callbacks": [],
           "functions": []}
    for name, raw in raws:
        for kind, items in (("constants", parse_constants(raw, known)),
                            ("enums", parse_enums(raw, known)),
                            ("structs", parse_structs(raw, known)),
                            ("callbacks", parse_callbacks(raw))):
            for item in items:
                item["header"] = name
            api[kind] += items
        functions = parse_functions(raw, nodes if nodes is not None else _Any())
        for item in functions:
            item["header"] = name
        api["functions"] += functions
    for c in api["constants"]:
        if c["name"] == "NAPFIRE_VERSION_STRING":
            api["version"] = c["value"]
    for e in api["enums"]:
        if e["name"] == "napfire_status":
            api["statuses"] = [{"name": v["name"], "short": v["name"][len("NAPFIRE_"):],
                                "value": v["value"], "brief": v["brief"]} for v in e["values"]]
    lay_out(api["structs"], pointer, u64align)
    return api


class _Any(dict):
    """Nodes when no map is given (a header checked on its own): none."""

    def __contains__(self, key):
        return True

    def __missing__(self, key):
        return None


def dumps(api):
    return json.dumps(api, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def load(path):
    """A description written by this module (its schema checked)."""
    with open(path, encoding="utf-8") as f:
        api = json.load(f)
    if api.get("schema") != SCHEMA:
        raise HeaderError("%s: schema %r, expected %d" % (path, api.get("schema"), SCHEMA))
    return api


# ---------------------------------------------------------------------------
# Writing files safely (shared by every generator)

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
    args, opts = [], {"--map": None, "--pointer-size": "8", "--uint64-align": "8"}
    it = iter(argv)
    for a in it:
        if a in opts:
            opts[a] = next(it, None)
        else:
            args.append(a)
    if len(args) < 2 or None in (opts["--pointer-size"], opts["--uint64-align"]):
        print("usage: napfire_api.py OUT.json --map MAP [--pointer-size N] [--uint64-align N] HEADER...",
              file=sys.stderr)
        return 2
    out, headers = args[0], args[1:]
    try:
        check_output(out, headers + [opts["--map"]] if opts["--map"] else headers)
        api = describe(headers, opts["--map"], int(opts["--pointer-size"]), int(opts["--uint64-align"]))
        write(out, dumps(api))
    except OutputError as exc:
        print("napfire_api.py: refused: %s" % exc, file=sys.stderr)
        return 2
    except (HeaderError, OSError, ValueError) as exc:
        print("napfire_api.py: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
