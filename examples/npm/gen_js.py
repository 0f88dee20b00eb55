#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate the npm package's description of the C API from the headers.

    gen_js.py OUTDIR TYPES.d.ts --api napfire_api.json
    gen_js.py OUTDIR TYPES.d.ts HEADER...

writes ``OUTDIR/napfire_api.js`` (an ES module: every enumeration under the
Python package's name, the integer constants, the layout of every public
plain struct, the C signature of every function, the version) and
``OUTDIR/napfire.d.ts``: the enumerations and constants declared from the
same description, followed by the hand-written declarations of the classes
and functions (TYPES.d.ts, which uses the generated enumeration types).

The description is the API description file napfire_api.json where the
build makes one; else the headers, read by the parser of
examples/python/gen_bindings.py. Either way the enumerations take the
Python package's names (gen_bindings.ENUMS).
Standard library only; run by meson (examples/npm/meson.build).
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import gen_bindings as gb  # noqa: E402

#: C member types and their size in the WebAssembly build (wasm32).
SCALARS = {"int32_t": ("i32", 4), "uint32_t": ("u32", 4), "int": ("i32", 4), "char": ("char", 1)}


def describe(paths):
    """{enums, constants, structs, functions, version} from the headers."""
    raws = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            raws.append(f.read())
    enums, defines, functions, structs, version = [], {}, {}, {}, None
    for raw in raws:
        enums += gb.parse_enums(raw)
        defines.update(gb.parse_defines(raw))
    for raw in raws:
        functions.update(gb.parse_functions(raw))
        structs.update(gb.parse_structs(plain_structs_only(raw), defines))
        if "NAPFIRE_VERSION_STRING" in raw:
            version = gb.version_string(raw)
    named = {}
    for tag, brief, members in enums:
        cls, prefix, flags = enum_naming(tag, [n for n, _v, _d in members])
        named[cls] = {"c": tag, "brief": brief, "flags": flags,
                      "values": {n[len(prefix):]: v for n, v, _d in members}}
    return {"enums": named, "constants": defines, "structs": layouts(structs),
            "functions": {n: {"returns": r, "params": [list(p) for p in ps]}
                          for n, (r, ps) in functions.items()},
            "version": version}


def enum_naming(tag, names):
    """(JavaScript name, prefix, flags) of an enum: the Python package's name
    (gen_bindings.ENUMS), or one made from the C names for an enum that
    table does not know yet."""
    if tag in gb.ENUMS:
        cls, prefix, base = gb.ENUMS[tag]
        return cls, prefix, base == "IntFlag"
    prefix = os.path.commonprefix(names)
    prefix = prefix[:prefix.rfind("_") + 1] if len(names) > 1 else "NAPFIRE_"
    return "".join(part.capitalize() for part in tag[len("napfire_"):].split("_")), prefix, False


def from_json(path):
    """The same description from the API description file napfire_api.json
    (its schema is in the documentation). Its sizes are the build machine's; the structs the
    module reads hold only 32-bit words, so their layout is wasm32's too,
    and the structs of pointers or size_t are left out (as above)."""
    with open(path, encoding="utf-8") as f:
        api = json.load(f)
    enums = {}
    for e in api["enums"]:
        names = [v["name"] for v in e["values"]]
        cls, prefix, flags = enum_naming(e["name"], names)
        enums[cls] = {"c": e["name"], "brief": e["brief"], "flags": flags,
                      "values": {v["name"][len(prefix):]: v["value"] for v in e["values"]}}
    constants = {c["name"][len("NAPFIRE_"):]: c["value"] for c in api["constants"]
                 if c["type"] != "string" and not c["name"].startswith("NAPFIRE_VERSION_")}
    structs = {}
    for st in api["structs"]:
        types = [m["type"] for m in st["members"]]
        if st["kind"] != "plain" or any("*" in t or t == "size_t" for t in types):
            continue
        kinds = {"int32_t": "i32", "uint32_t": "u32", "int": "i32", "char": "char"}
        structs[st["name"]] = {"size": st["size"], "fields": {
            m["name"]: [m["offset"], kinds.get(m["type"], m["type"]), m["count"]] for m in st["members"]}}
    functions = {fn["name"]: {"returns": fn["return"], "params": [[p["type"], p["name"]] for p in fn["params"]]}
                 for fn in api["functions"]}
    return {"enums": enums, "constants": constants, "structs": structs, "functions": functions,
            "version": api["version"]}


def plain_structs_only(raw):
    """The header without its structs of pointers (napfire_scene): the
    module builds those itself, with addresses in its own memory."""
    text = gb.strip_comments(raw)
    return re.sub(r"typedef\s+struct\s+(\w+)\s*\{[^{}]*\*[^{}]*\}\s*\1\s*;", "", text)


def layouts(structs):
    """{tag: {size, fields: {member: [offset, type, count]}}}, natural
    alignment, every member type of the headers being 4-byte or char."""
    out = {}
    for tag, members in structs.items():
        offset, fields = 0, {}
        for name, ctype, count in members:
            if ctype in SCALARS:
                kind, size = SCALARS[ctype]
            elif ctype in out:
                kind, size = ctype, out[ctype]["size"]
            else:
                raise gb.HeaderError("struct %s: member %s of type %s" % (tag, name, ctype))
            align = min(size, 4)
            offset = (offset + align - 1) // align * align
            fields[name] = [offset, kind, count]
            offset += size * max(count, 1)
        out[tag] = {"size": (offset + 3) // 4 * 4, "fields": fields}
    return out


def js_module(api, sources):
    out = ["// SPDX-License-Identifier: MIT",
           "// Generated by gen_js.py from %s: do not edit." % sources,
           "export const VERSION = %s;" % json.dumps(api["version"])]
    for key in ("enums", "constants", "structs", "functions"):
        out.append("export const %s = %s;" % (key.upper(), json.dumps(api[key], indent=1, sort_keys=True)))
    return "\n".join(out) + "\n"


def dts(api, sources, types):
    out = ["// SPDX-License-Identifier: MIT",
           "// Generated by gen_js.py from %s and types.d.ts: do not edit." % sources,
           "", "/** The library version the package was built from. */",
           "export declare const VERSION: %s;" % json.dumps(api["version"]), ""]
    for cls, e in api["enums"].items():
        out.append("/** `enum %s`%s */" % (e["c"], ": " + e["brief"] if e["brief"] else "."))
        out.append("export declare const %s: Readonly<{" % cls)
        out += ["  %s: %d;" % (n, v) for n, v in e["values"].items()]
        out.append("}>;")
        out.append("export type %s = %s;" % (cls, "number" if e["flags"] else "(typeof %s)[keyof typeof %s]" % (cls, cls)))
        out.append("")
    out.append("/** The headers' integer constants, without NAPFIRE_. */")
    out.append("export declare const CONSTANTS: Readonly<{")
    out += ["  %s: %d;" % (n, v) for n, v in sorted(api["constants"].items())]
    out.append("}>;")
    return "\n".join(out) + "\n\n" + types


def main(argv):
    if len(argv) < 4:
        print("usage: gen_js.py OUTDIR TYPES.d.ts (--api napfire_api.json | HEADER...)", file=sys.stderr)
        return 2
    outdir, types_path, inputs = argv[1], argv[2], argv[3:]
    try:
        api = from_json(inputs[1]) if inputs[0] == "--api" else describe(inputs)
    except (gb.HeaderError, KeyError, ValueError) as e:
        print("gen_js.py: %s" % e, file=sys.stderr)
        return 1
    headers = ["napfire_api.json"] if inputs[0] == "--api" else inputs
    with open(types_path, encoding="utf-8") as f:
        types = f.read()
    sources = ", ".join(os.path.basename(p) for p in headers)
    gb.write(os.path.join(outdir, "napfire_api.js"), js_module(api, sources))
    gb.write(os.path.join(outdir, "napfire.d.ts"), dts(api, sources, types))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
