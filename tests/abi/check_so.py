#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ABI gate: inspect the built shared library with the binutils tools.

Checks, each reported as PASS/FAIL with the offending items:

  soname    `readelf -d`: DT_SONAME is exactly --soname (libnapfire.so.1).
  imports   `nm -D --undefined-only`: no allocator is imported (malloc,
            calloc, realloc, free and their relatives): the library never
            allocates (API contract, Principles).
  exports   `nm -D --defined-only` and `objdump -T`: every exported symbol
            is a function named --prefix* with the default version
            `@@NODE` (the version nodes' own ABS symbols aside). NODE is the
            node of --version-script that lists the name (a name listed in
            no node, or in two, is a violation); without a script, every
            export must carry --version-node.
  declared  with --header: the exports are exactly the NAPFIRE_API
            functions the public headers declare (a declared function that
            is not exported would fail at the caller's link time).
  data      no writable global data of the library's own (no global
            mutable state, API contract). Two independent views, both must pass:
            * the linked library: every symbol of the full symbol table
              (`nm -f sysv`, so it must not be stripped) that lies in a
              writable section (SHF_WRITE in `readelf -S`) outside the
              PT_GNU_RELRO segment (`readelf -l`; relocated read-only data
              such as `const char *const names[]` lives there and is
              read-only after start-up), or is a TLS symbol. Allowed: the
              three objects the C runtime's crtstuff adds to every shared
              library (`__dso_handle`, `__TMC_END__`, `completed.N`) and
              the linker's own tables and markers (`_GLOBAL_OFFSET_TABLE_`,
              `_DYNAMIC`, sizeless `_edata`/`_end`/`__bss_start`).
            * the library's own object files (--objects DIR, meson's
              `<library>.p` directory): no non-empty .data*, .bss*, .tdata*
              or .tbss* section other than .data.rel.ro*, and no COMMON
              symbol. This also catches data without a symbol.

Exit status: 0 when every check passes, 1 otherwise, 2 on a usage or tool
error (a stripped library, no objects found, a tool missing).

--expect CHECK:ITEM (repeatable) turns the script into a self-test of the
checks: it exits 0 only when the violations found are exactly the expected
ones (tests/abi/abi_bad.c is the negative control), so a check that
silently stopped finding things fails the test suite.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

ALLOCATORS = {
    "malloc", "calloc", "realloc", "free", "reallocarray", "aligned_alloc",
    "posix_memalign", "memalign", "valloc", "pvalloc", "strdup", "strndup",
    "__libc_malloc", "__libc_calloc", "__libc_realloc", "__libc_free",
}
# Objects that crtbeginS.o/crtendS.o put into every shared library's .data
# and .bss (GCC's and Clang's links alike): not the library's own.
CRT_DATA = re.compile(r"^(__dso_handle|__TMC_END__|completed\.[0-9]+)$")
# Linker-defined markers (sizeless NOTYPE), present with some binutils.
LINKER_MARKERS = {"_edata", "_end", "__bss_start", "__data_start", "data_start"}
# Tables the linker itself creates: the GOT (writable outside RELRO under
# lazy binding) and the dynamic section.
LINKER_TABLES = {"_GLOBAL_OFFSET_TABLE_", "_DYNAMIC"}

API_DECL = re.compile(r"NAPFIRE_API\b[^;{}]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\(", re.S)


class ToolError(Exception):
    pass


def run(*argv):
    tool = argv[0]
    if shutil.which(tool) is None:
        raise ToolError(f"{tool} not found (binutils)")
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise ToolError(f"{' '.join(argv)} failed: {proc.stderr.strip()}")
    return proc.stdout


def check_soname(lib, want):
    names = re.findall(r"\(SONAME\)\s+Library soname: \[([^\]]*)\]", run("readelf", "-dW", lib))
    if names == [want]:
        return [], f"SONAME {want}"
    return [f"soname:{n}" for n in names] or ["soname:<none>"], f"SONAME {names}"


def check_imports(lib):
    undefined = []
    for line in run("nm", "-D", "--undefined-only", lib).splitlines():
        parts = line.split()
        if parts:
            undefined.append(parts[-1].split("@")[0])
    bad = sorted(set(undefined) & ALLOCATORS)
    return [f"imports:{n}" for n in bad], f"{len(undefined)} imports: {' '.join(sorted(set(undefined)))}"


def read_version_script(path):
    """{name: node} from a GNU ld version script that lists every name."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)
    nodes = {}
    dup = []
    for node, body in re.findall(r"([A-Za-z_][A-Za-z0-9_.]*)\s*\{(.*?)\}", text, flags=re.S):
        part = body.split("local:")[0].replace("global:", " ")
        for name in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*;", part):
            if name in nodes:
                dup.append(name)
            nodes[name] = node
    return nodes, dup


def check_exports(lib, prefix, node, script_nodes=None):
    """node: the one version node (no script), or None with script_nodes."""
    bad = []
    exported = set()
    own_nodes = set(script_nodes.values()) if script_nodes else {node}

    def want(name):
        return script_nodes.get(name) if script_nodes is not None else node

    for line in run("nm", "-D", "--defined-only", lib).splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        kind, full = parts[1], parts[2]
        name, sep, version = full.partition("@")
        if kind == "A" and name in own_nodes:
            continue  # a version node's own symbol
        exported.add(name)
        if not name.startswith(prefix):
            bad.append(f"prefix:{name}")
        if sep == "" or want(name) is None or version != "@" + want(name):
            bad.append(f"version:{name}")
    # objdump -T: the symbol's kind (F = function) and version column.
    for line in run("objdump", "-T", lib).splitlines():
        m = re.match(r"^[0-9a-f]+\s+(.{7})\s+(\S+)\s+[0-9a-f]+\s+(\(?[^\s)]*\)?)\s+(\S+)$", line)
        if not m or m.group(2) == "*UND*":
            continue
        flags, section, version, name = m.groups()
        if section == "*ABS*" and name in own_nodes:
            continue
        if flags.startswith("l"):
            continue  # a local symbol (s390x lists its .init section's), not an export
        if "F" not in flags:
            bad.append(f"kind:{name}")
        if version != want(name) and f"version:{name}" not in bad:
            bad.append(f"version:{name}")
    if not exported:
        bad.append("exports:<none>")
    where = "@@" + node if script_nodes is None else "in the node the version script lists"
    return bad, exported, f"{len(exported)} exports, all {prefix}* functions {where}" if not bad else ""


def declared_functions(headers):
    names = set()
    for h in headers:
        with open(h, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)
        names.update(API_DECL.findall(text))
    return names


def check_declared(exported, headers):
    declared = declared_functions(headers)
    bad = [f"not-exported:{n}" for n in sorted(declared - exported)]
    bad += [f"not-declared:{n}" for n in sorted(exported - declared)]
    if not declared:
        bad.append("declared:<none found in headers>")
    return bad, f"{len(declared)} NAPFIRE_API functions declared, all exported"


def sections(path):
    """name -> (addr, size, flags) from readelf -SW."""
    out = {}
    for line in run("readelf", "-SW", path).splitlines():
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)\s", line)
        if m:
            out[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16), m.group(4))
    return out


def relro_range(lib):
    for line in run("readelf", "-lW", lib).splitlines():
        parts = line.split()
        if parts and parts[0] == "GNU_RELRO":
            start = int(parts[2], 16)
            return start, start + int(parts[5], 16)
    return None


def check_data_linked(lib, own_prefix):
    secs = sections(lib)
    if ".symtab" not in secs:
        raise ToolError(f"{lib} has no .symtab (stripped?): cannot look for writable data")
    relro = relro_range(lib)

    def mutable(sec):
        if sec not in secs or "W" not in secs[sec][2]:
            return False
        addr, size, _ = secs[sec]
        return not (relro and relro[0] <= addr and addr + size <= relro[1])

    bad, seen_own, allowed = [], 0, []
    for line in run("nm", "-f", "sysv", "--defined-only", lib).splitlines():
        f = [x.strip() for x in line.split("|")]
        if len(f) != 7:
            continue
        name, _value, _cls, typ, size, _line, sec = f
        if name.startswith(own_prefix):
            seen_own += 1
        if typ != "TLS" and not mutable(sec):
            continue
        # ARM and AArch64 mapping symbols ($d, $x, $d.1...) mark where data
        # or code starts inside a section: no object of their own.
        mapping = re.fullmatch(r"\$[adtx](\.\d+)?", name) and typ == "NOTYPE" and not size
        if (CRT_DATA.match(name) or name in LINKER_TABLES or mapping
                or (name in LINKER_MARKERS and typ == "NOTYPE" and not size)):
            allowed.append(name)
            continue
        bad.append(f"data:{name}")
    if seen_own == 0:
        raise ToolError(f"no {own_prefix}* symbol in the symbol table of {lib}: wrong file?")
    writable = sorted(s for s in secs if mutable(s))
    return bad, (f"writable sections outside RELRO: {' '.join(writable) or 'none'}; "
                 f"symbols there: {' '.join(sorted(allowed)) or 'none'} (C runtime and linker only)")


WRITABLE_OBJ_SECTION = re.compile(r"^\.(data|bss|tdata|tbss)(\..*)?$")


def check_data_objects(objdir):
    objs = sorted(glob.glob(os.path.join(objdir, "*.o")))
    if not objs:
        raise ToolError(f"no object files in {objdir}")
    bad = []
    for o in objs:
        base = os.path.basename(o)
        for sec, (_addr, size, _flags) in sections(o).items():
            if size and WRITABLE_OBJ_SECTION.match(sec) and not sec.startswith(".data.rel.ro"):
                bad.append(f"object-data:{base}:{sec}")
        for line in run("nm", o).splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] == "C":
                bad.append(f"object-data:{base}:COMMON:{parts[2]}")
    return bad, f"{len(objs)} objects, no .data/.bss/.tdata/.tbss/COMMON"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("library")
    ap.add_argument("--soname", default="libnapfire.so.1")
    ap.add_argument("--prefix", default="napfire_")
    ap.add_argument("--version-node", default="NAPFIRE_1.0")
    ap.add_argument("--version-script", help="GNU ld version script naming each export's node "
                    "(overrides --version-node)")
    ap.add_argument("--header", action="append", default=[], help="public header (repeatable)")
    ap.add_argument("--objects", help="directory of the library's object files")
    ap.add_argument("--skip", action="append", default=[], choices=["data"],
                    help="skip a check (the data check under sanitizers or coverage, "
                         "whose instrumentation adds writable data)")
    ap.add_argument("--expect", action="append", default=[], metavar="CHECK:ITEM",
                    help="self-test: pass only if exactly these violations are found")
    args = ap.parse_args()

    print(f"library: {args.library}")
    if args.expect:
        print("self-test on a negative control: every check below must find its planted violations")
    violations = []

    # In self-test mode a violation is what the negative control must show.
    bad_label = "FOUND" if args.expect else "FAIL"

    def report(title, bad, ok_text):
        violations.extend(bad)
        if bad:
            print(f"{bad_label} {title}:")
            for b in bad:
                print(f"     {b}")
        else:
            print(f"PASS {title}: {ok_text}")

    try:
        bad, text = check_soname(args.library, args.soname)
        report("soname", bad, text)
        bad, text = check_imports(args.library)
        report("imports (no allocator)", bad, text)
        script_nodes = None
        if args.version_script:
            script_nodes, dup = read_version_script(args.version_script)
            report("version script", [f"version-script-duplicate:{n}" for n in dup],
                   f"{len(script_nodes)} names in nodes {' '.join(sorted(set(script_nodes.values())))}")
        bad, exported, text = check_exports(args.library, args.prefix, args.version_node, script_nodes)
        report("exports", bad, text)
        if args.header:
            bad, text = check_declared(exported, args.header)
            report("exports == declared NAPFIRE_API functions", bad, text)
        if "data" in args.skip:
            print("SKIP no writable data (instrumented build)")
        else:
            bad, text = check_data_linked(args.library, args.prefix)
            report("no writable data (linked library)", bad, text)
            if args.objects:
                bad, text = check_data_objects(args.objects)
                report("no writable data (object files)", bad, text)
    except ToolError as e:
        print(f"ERROR {e}")
        return 2

    if args.expect:
        want, got = set(args.expect), set(violations)
        if want == got:
            print(f"self-test: exactly the {len(want)} expected violations were found")
            return 0
        print("self-test FAILED")
        for v in sorted(want - got):
            print(f"     expected but not found: {v}")
        for v in sorted(got - want):
            print(f"     found but not expected: {v}")
        return 1
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
