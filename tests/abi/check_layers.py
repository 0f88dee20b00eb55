#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""House gates: the shape of lib/ that a maintainer relies on.

One check per run, chosen by the first argument:

  circles DIR...      `nm` over the object files in each DIR (meson's
                      `<library>.p` directory): object A uses object B when
                      A has an undefined symbol that B defines. Fails on any
                      circle in that graph and names it (A -> B -> ... -> A),
                      so the layers (common, data model, rules data, engine,
                      speed layer, entry points) stay a ladder.
  headers DIR         no private header (DIR/*.h) longer than --max-lines.
  rooms DIR...        `pmccabe` over DIR/*.c (and *.cpp): no function longer
                      than --max-lines or with a cyclomatic complexity above
                      --max-complexity. Without pmccabe: skipped (77), except
                      under CI=true, where it fails.
  issue-refs PATH...  no line of a source, build or documentation file under
                      PATH cites an issue number (the word and digits,
                      also wrapped across a line break): history belongs
                      in commit messages.
  selftest DIR        every check above fails on a violation planted in a
                      scratch directory DIR (two objects that use each
                      other, a long header, a long and branchy function, a
                      line citing an issue), and passes on its clean twin.
                      Needs --cc; the rooms check is left out without
                      pmccabe.

Exit status: 0 pass, 1 a violation (each printed), 2 a usage or tool
error, 77 skipped.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def fail_tool(msg):
    print(f"error: {msg}", file=sys.stderr)
    sys.exit(2)


def objects_in(dirs):
    objs = []
    for d in dirs:
        if not os.path.isdir(d):
            fail_tool(f"{d}: not a directory")
        for name in sorted(os.listdir(d)):
            if name.endswith((".o", ".obj")):
                objs.append(os.path.join(d, name))
    if not objs:
        fail_tool("no object files found in " + ", ".join(dirs))
    return objs


def nm_symbols(path):
    """(defined, undefined) global symbol names of one object file."""
    out = subprocess.run(["nm", "-P", "-g", path], capture_output=True, text=True)
    if out.returncode != 0:
        fail_tool(f"nm {path}: {out.stderr.strip()}")
    defined, undefined = set(), set()
    for line in out.stdout.splitlines():
        fields = line.split()
        if len(fields) < 2:
            continue
        name, kind = fields[0], fields[1]
        if kind in ("U", "w", "v"):
            undefined.add(name)
        else:
            defined.add(name)
    return defined, undefined


def object_name(path):
    base = os.path.basename(path)
    for suffix in (".c.o", ".cpp.o", ".o", ".obj"):
        if base.endswith(suffix):
            return base[: -len(suffix)]
    return base


def strongly_connected(graph):
    """Tarjan's components, iteratively (no recursion limit to meet)."""
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.append(member)
                    if member == node:
                        break
                comps.append(sorted(comp))
    return comps


def one_circle(graph, members):
    """A shortest circle through the first member, inside the component."""
    start = members[0]
    inside = set(members)
    prev = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node]):
            if child == start:
                path = [node]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if child in inside and child not in prev:
                prev[child] = node
                queue.append(child)
    return members + [start]


def check_circles(args):
    objs = objects_in(args.paths)
    defined_by, uses = {}, {}
    for path in objs:
        name = object_name(path)
        defined, undefined = nm_symbols(path)
        uses[name] = undefined
        for sym in defined:
            defined_by.setdefault(sym, set()).add(name)
    graph = {name: set() for name in uses}
    why = {}
    for name, undefined in uses.items():
        for sym in undefined:
            for owner in defined_by.get(sym, ()):
                if owner != name:
                    graph[name].add(owner)
                    why.setdefault((name, owner), sym)
    circles = [c for c in strongly_connected(graph) if len(c) > 1]
    for comp in circles:
        ring = one_circle(graph, comp)
        steps = " -> ".join(
            f"{a} ({why[(a, b)]})" for a, b in zip(ring, ring[1:])) + f" -> {ring[-1]}"
        print(f"FAIL circle among {len(comp)} objects {{{', '.join(comp)}}}: {steps}")
    edges = sum(len(v) for v in graph.values())
    print(f"{len(graph)} objects, {edges} uses, {len(circles)} circle(s)")
    return 1 if circles else 0


def check_headers(args):
    bad = 0
    count = 0
    for d in args.paths:
        for name in sorted(os.listdir(d)):
            if not name.endswith(".h"):
                continue
            count += 1
            with open(os.path.join(d, name), encoding="utf-8") as f:
                lines = sum(1 for _ in f)
            if lines > args.max_lines:
                print(f"FAIL {os.path.join(d, name)}: {lines} lines (at most {args.max_lines})")
                bad += 1
    print(f"{count} private header(s), {bad} too long")
    return 1 if bad else 0


PMCCABE_LINE = re.compile(r"^(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*)$")


def check_rooms(args):
    tool = shutil.which("pmccabe")
    if not tool:
        if os.environ.get("CI") == "true":
            fail_tool("pmccabe not found (CI needs it)")
        print("pmccabe not found: skipped")
        return SKIP
    files = []
    for d in args.paths:
        for root, _, names in os.walk(d):
            files += [os.path.join(root, n) for n in sorted(names) if n.endswith((".c", ".cpp"))]
    if not files:
        fail_tool("no C sources found in " + ", ".join(args.paths))
    out = subprocess.run([tool] + sorted(files), capture_output=True, text=True)
    if out.returncode != 0:
        fail_tool(f"pmccabe: {out.stderr.strip()}")
    bad = 0
    for line in out.stdout.splitlines():
        m = PMCCABE_LINE.match(line)
        if not m:
            continue
        complexity, lines, where = int(m.group(2)), int(m.group(5)), m.group(6)
        if complexity > args.max_complexity or lines > args.max_lines:
            print(f"FAIL {where}: {lines} lines, complexity {complexity} "
                  f"(at most {args.max_lines} and {args.max_complexity})")
            bad += 1
    print(f"{len(files)} file(s), {bad} function(s) too large")
    return 1 if bad else 0


ISSUE_REF = re.compile(r"\b[Ii]ssues? [0-9]+\b")
ISSUE_WRAPPED = re.compile(r"\b[Ii]ssues?\s*$")
TEXT_SUFFIXES = (".c", ".h", ".cpp", ".hpp", ".py", ".pyi", ".sh", ".md", ".txt", ".js",
                 ".html", ".css", ".cmake", ".in", ".scd", ".map", ".toml", ".cfg")
TEXT_NAMES = ("meson.build", "meson_options.txt", "meson.options", "CMakeLists.txt")
SKIP_DIRS = {".git", "node_modules", "__pycache__", "corpus"}


def text_files(path):
    if os.path.isfile(path):
        yield path
        return
    for root, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build"))
        for n in sorted(names):
            if n.endswith(TEXT_SUFFIXES) or n in TEXT_NAMES:
                yield os.path.join(root, n)


def check_issue_refs(args):
    bad = 0
    count = 0
    for path in args.paths:
        if not os.path.exists(path):
            fail_tool(f"{path}: not found")
        for f in text_files(path):
            count += 1
            with open(f, encoding="utf-8", errors="replace") as fh:
                lines = fh.read().splitlines()
            for no, line in enumerate(lines, 1):
                # A citation wrapped after the word counts too.
                following = lines[no].lstrip(" \t#*/\"'") if no < len(lines) else ""
                if ISSUE_REF.search(line) or (ISSUE_WRAPPED.search(line) and following[:1].isdigit()):
                    print(f"FAIL {f}:{no}: {line.strip()}")
                    bad += 1
    print(f"{count} file(s), {bad} line(s) citing an issue number")
    return 1 if bad else 0


PLANTS = {
    # name: (file, clean text, planted text)
    "a.c": ("int b_uses(void);\nint a_uses(void) { return 1; }\nint a_calls(void) { return 0; }\n",
            "int b_uses(void);\nint a_uses(void) { return b_uses(); }\nint a_calls(void) { return 0; }\n"),
    "b.c": ("int a_uses(void);\nint b_uses(void) { return a_uses(); }\n",
            "int a_uses(void);\nint b_uses(void) { return a_uses(); }\n"),
    "long.h": ("/* short */\n", "/* long */\n" * 12),
    "room.c": ("int room(int x) { return x; }\n",
               "int room(int x) {\n" + "".join(f"    if (x == {i}) x++;\n" for i in range(20)) +
               "    return x;\n}\n"),
    "note.txt": ("nothing to see\n", "see " + "iss" + "ue 12 for the history\n"),
    "wrapped.txt": ("an issue of\n# 12 pages\n", "as told in the " + "iss" + "ue\n# 12 note\n"),
}


def run_check(argv):
    out = subprocess.run([sys.executable, os.path.abspath(__file__)] + argv, capture_output=True, text=True)
    return out.returncode, out.stdout + out.stderr


def selftest(args):
    if not args.cc:
        fail_tool("selftest needs --cc")
    root = args.paths[0]
    failures = 0
    for variant in ("clean", "planted"):
        d = os.path.join(root, variant)
        os.makedirs(d, exist_ok=True)
        for name, texts in PLANTS.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(texts[0] if variant == "clean" else texts[1])
        for src in ("a.c", "b.c"):
            cc = subprocess.run(args.cc.split() + ["-c", os.path.join(d, src), "-o",
                                os.path.join(d, src[:-2] + ".o")], capture_output=True, text=True)
            if cc.returncode != 0:
                fail_tool(f"compiling {src}: {cc.stderr.strip()}")
        checks = [["circles", d], ["headers", d, "--max-lines", "10"],
                  ["issue-refs", os.path.join(d, "note.txt")], ["issue-refs", os.path.join(d, "wrapped.txt")]]
        if shutil.which("pmccabe"):
            checks.append(["rooms", d, "--max-lines", "60", "--max-complexity", "15"])
        for argv in checks:
            status, text = run_check(argv)
            want = 0 if variant == "clean" else 1
            verdict = "ok" if status == want else "WRONG"
            failures += status != want
            print(f"{verdict}: {argv[0]} on the {variant} tree exits {status} (want {want})")
            if status != want:
                print(text)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("check", choices=["circles", "headers", "rooms", "issue-refs", "selftest"])
    p.add_argument("paths", nargs="+")
    p.add_argument("--max-lines", type=int, default=60)
    p.add_argument("--max-complexity", type=int, default=15)
    p.add_argument("--cc", help="the C compiler command (selftest)")
    args = p.parse_args()
    run = {"circles": check_circles, "headers": check_headers, "rooms": check_rooms,
           "issue-refs": check_issue_refs, "selftest": selftest}[args.check]
    sys.exit(run(args))


if __name__ == "__main__":
    main()
