#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The one place that knows which README.md code blocks are run.

A block is addressed by a KEY, "KIND: NAME", and marked in README.md in
one of two ways (both invisible on the rendered page):

* the fence's info string carries ``KIND:NAME`` after the language (KIND
  starts with "ci"), e.g.

      ```sh ci:byot            (the key "ci: byot")
      ```sh ci-route:pip       (the key "ci-route: pip")

* an HTML comment line ``<!-- KIND: NAME -->`` right before the fence
  (blank lines between are allowed), e.g. ``<!-- ci-route: pip -->``.

The blocks used, and by what:

  ci: quick-start   the quick start's install-and-build line; its
                    `build/examples/cli/napfire ...` tail (the worked
                    example F-EX-1) is run by the readme suite and CI
  ci: test-command  exactly `meson test -C build --print-errorlogs`
  ci: python        the Python example: run by the readme suite against
                    the build tree; type-checked and run against the pip
                    install by CI (step 17)
  ci: cpp           the C++ example: compiled (-Wall -Wextra -Wpedantic
                    -Werror, exceptions off) and run by the readme suite
                    against the build tree
  ci: cpp-engine    the C++ engine example's build and run: its last line
                    run by the readme suite, the whole block by CI (step 15)
  ci: byot          "bring your own table": every line run by the readme
                    suite in a scratch directory (step 15 shows it)
  ci: pictures      the SVG pictures and the WebAssembly build: the
                    `napfire ... --svg` lines run by the readme suite, the
                    whole block by CI (step 14)
  ci: browser       the browser tests' command line (step 14)
  ci: npm           the npm tarball's build line (step 14)
  ci: javascript    the JavaScript example: run by step 14 with node --test
                    in an empty folder where the tarball is installed
  ci-route: NAME    CI step 17's install routes: pip, pkg-config, cmake,
                    meson-subproject, vendoring, windows
  ci-route-lines: examples/vendoring/cmake-package/CMakeLists.txt
                    CMake lines that must be that file's own
  ci-route-cmake: vendoring
                    CMake lines for vendored sources (step 17)

Command line (for .ci/steps): readme.py [--readme FILE] block KEY prints
the block; readme.py [--readme FILE] keys lists the keys found; a missing
block is an error naming the key and how to mark it.
"""
import argparse
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
README = os.path.join(ROOT, "README.md")

#: Every key the readme suite and CI use; test_readme.py requires them all.
REQUIRED = ["ci: quick-start", "ci: test-command", "ci: python", "ci: cpp", "ci: cpp-engine", "ci: byot",
            "ci: pictures", "ci: browser", "ci: npm", "ci: javascript"] + ["ci-route: " + r for r in (
                "pip", "pkg-config", "cmake", "meson-subproject", "vendoring", "windows")] + [
            "ci-route-lines: examples/vendoring/cmake-package/CMakeLists.txt",
            "ci-route-cmake: vendoring"]

FENCE = re.compile(r"^(```+)\s*(\S*)(.*)$")
COMMENT = re.compile(r"^<!--\s*([\w-]+):\s*(.*?)\s*-->\s*$")
INFO_KEY = re.compile(r"^(ci[\w-]*):(\S+)$")


class MissingBlock(LookupError):
    pass


def blocks(path=README):
    """{key: text} of every marked block (the first one wins)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = {}
    pending = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = COMMENT.match(line)
        if m:
            pending = "%s: %s" % (m.group(1), m.group(2))
            i += 1
            continue
        m = FENCE.match(line)
        if not m:
            if line.strip():
                pending = None
            i += 1
            continue
        keys = ["%s: %s" % w.groups() for w in map(INFO_KEY.match, m.group(3).split()) if w]
        if pending:
            keys.append(pending)
        pending = None
        end = i + 1
        while end < len(lines) and not lines[end].startswith(m.group(1)):
            end += 1
        text = "\n".join(lines[i + 1:end])
        for key in keys:
            found.setdefault(key, text + "\n")
        i = end + 1
    return found


def block(key, path=README):
    """The text of one block; MissingBlock says how to mark it."""
    found = blocks(path)
    if key not in found:
        kind, _, name = key.partition(": ")
        raise MissingBlock("%s has no block %r (mark its fence: ```LANG %s:%s)" % (path, key, kind, name))
    return found[key]


def commands(key, path=README):
    """The non-blank lines of a shell block, one command each."""
    return [line for line in block(key, path).split("\n") if line.strip()]


def quick_start_cli(path=README):
    """The quick start's CLI invocation (F-EX-1) as an argv list."""
    text = block("ci: quick-start", path)
    m = re.search(r"(build/examples/cli/napfire [^\n&;|`]*)", text)
    if not m:
        raise MissingBlock("%s: the quick-start block runs no build/examples/cli/napfire" % path)
    return m.group(1).split()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--readme", default=README)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("block", help="print one block")
    b.add_argument("key")
    sub.add_parser("keys", help="list the marked blocks")
    sub.add_parser("quick-start-cli", help="print the quick start's CLI invocation")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "block":
            sys.stdout.write(block(args.key, args.readme))
        elif args.cmd == "keys":
            for key in blocks(args.readme):
                print(key)
        else:
            print(" ".join(quick_start_cli(args.readme)))
    except MissingBlock as e:
        print("readme.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
