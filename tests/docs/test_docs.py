#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The documentation stands on its own, and the tests name the rules.

* No tracked file cites a document the repository does not contain: the
  rules reference and the API contract are in doc/, and the source texts
  are described there by what they are (doc/sources.md), never by the
  file names or numbers of a private copy.
* Every doc/*.md path any tracked file mentions exists.
* Every rule ID of the rules reference (doc/rules-figure.md,
  doc/rules-hex.md) is named by some test under tests/, and every rule ID
  cited anywhere is one the reference defines.

Run by `meson test` (suite 'docs'); needs only python3, and git to list
the tracked files (without git, the source tree is walked instead).
"""
import functools
import os
import pathlib
import re
import subprocess
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The patterns are assembled from pieces so that this file does not match
# them itself.
CITATIONS = [
    ("the rules spec", re.compile(r"\bRULES" + r"\.md\b")),
    ("the API spec", re.compile(r"\bAPI" + r"\.md\b")),
    ("a source file by number",
     re.compile(r"\b[Ss]eeds?\s+(?:documents?\s+)?0[0-9]{2}\b")),
    ("a source file by name", re.compile(r"\b0[0-9]{2}_[0-9a-f]{16}\b")),
    ("the sources' directory", re.compile(r"(?<![\w.])seed" + r"s/")),
    ("the sources as \"the seed\"", re.compile(
        r"\bseed(?:'s)?\s+(?:documents?|data|notes?|examples?|worked|musketry"
        r"|table|cells?)\b|\bthe seed\s+(?:says|names|speaks|gives|does|could"
        r"|lost)\b", re.I)),
]

# Lines owned by lanes that are rewriting these files in parallel; the lead
# empties this set once they are merged (see the docs lane's report).
PENDING = set()

REFERENCE = ["doc/rules-figure.md", "doc/rules-hex.md"]

# The rule families of the reference and how their IDs are numbered:
# None for a family that is one rule, else the IDs it must define.
FAMILIES = {
    "F-DATA": None,
    "F-RNG": [str(i) for i in range(1, 5)],
    "F-MOD": [str(i) for i in range(1, 17)] + ["G", "X", "S", "E"],
    "F-TAB": [str(i) for i in range(1, 7)],
    "F-CAS": [str(i) for i in range(1, 5)],
    "F-SCR": [str(i) for i in range(1, 5)],
    "F-OO": [str(i) for i in range(1, 4)],
    "F-ART": [str(i) for i in range(1, 9)],
    "F-EX": [str(i) for i in range(1, 4)],
    "H-HEX": [str(i) for i in range(1, 4)],
    "H-LOS": [str(i) for i in range(1, 7)],
    "H-ELV": [str(i) for i in range(1, 7)],
    "H-FIRE": [str(i) for i in range(1, 6)],
    "H-FACE": None,
}

TEST_SOURCES = (".c", ".h", ".cpp", ".py", ".sh")


@functools.lru_cache(maxsize=None)
def tracked_files():
    """Paths relative to ROOT of the files under version control."""
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"],
                             check=True, capture_output=True).stdout
        names = [n for n in out.decode("utf-8").split("\0") if n]
        if names:
            return tuple(names)
    except (OSError, subprocess.CalledProcessError):
        pass
    names = []
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
        for f in files:
            names.append(os.path.relpath(os.path.join(top, f), ROOT))
    return tuple(names)


@functools.lru_cache(maxsize=None)
def read_text(rel):
    """The file's text, or None for a binary or unreadable file."""
    try:
        data = (ROOT / rel).read_bytes()
    except OSError:
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def citations(text):
    """(line number, what, line) for every external citation in text."""
    found = []
    for no, line in enumerate(text.splitlines(), 1):
        for what, rx in CITATIONS:
            if rx.search(line):
                found.append((no, what, line.strip()))
    return found


def id_pattern(rule_id):
    # A rule ID, not the prefix of a longer one (F-MOD-1 is not F-MOD-10).
    return re.compile(r"(?<![\w-])" + re.escape(rule_id) + r"(?![\w])")


def reference_ids(texts):
    """The rule IDs the reference defines: each `**ID —` list item, and a
    `## ID:` family heading when the family has no numbered items."""
    items = set()
    heads = set()
    for text in texts:
        items.update(re.findall(r"^\s*- \*\*([FH]-[A-Z]+(?:-[0-9A-Z]+)?) —",
                                text, re.M))
        heads.update(re.findall(r"^## ([FH]-[A-Z]+):", text, re.M))
    ids = set(items)
    for fam in heads:
        if not any(i.startswith(fam + "-") for i in items):
            ids.add(fam)
    return ids


class Citations(unittest.TestCase):
    def test_patterns_catch_citations(self):
        # The checker itself: each pattern fires on a citation and stays
        # quiet on the repository's own words.
        bad = ["see RULES" + ".md F-DATA", "(API" + ".md Principles)",
               "seed " + "004's table", "seeds " + "004 and 000",
               "0" + "04_14c5c24315c1751b.txt", "../seed" + "s/README.md",
               "the se" + "ed's musketry table", "built-in se" + "ed data",
               "the se" + "ed says \"line infantry\""]
        good = ["F-DATA, doc/rules-figure.md", "API contract, Principles",
                "examples/rules/seed.txt", "napfire_dice_init(d, seed, 0)",
                "Seed 42, stream 54", "the Russian text on musketry",
                "the same seed and stream give the same rolls",
                "a fixed seed makes every failure reproducible"]
        for line in bad:
            self.assertTrue(citations(line), line)
        for line in good:
            self.assertEqual(citations(line), [], line)

    def test_no_external_citation(self):
        bad = []
        files = tracked_files()
        self.assertGreater(len(files), 50)
        for rel in files:
            if rel in PENDING:
                continue
            text = read_text(rel)
            if text is None:
                continue
            for no, what, line in citations(text):
                bad.append(f"{rel}:{no}: cites {what}: {line}")
        self.assertEqual(bad, [], "\n" + "\n".join(bad))

    def test_pending_files_exist(self):
        # A stale entry would hide nothing but should not linger either.
        files = set(tracked_files())
        for rel in sorted(PENDING):
            self.assertIn(rel, files, f"{rel} is in PENDING but not tracked")

    def test_page_titles_are_plain_text(self):
        # Doxygen shows a page's title in its navigation as raw text: code
        # spans or emphasis there would appear as <tt> and the like.
        marked = []
        for page in sorted((ROOT / "doc").glob("*.md")):
            title = page.read_text(encoding="utf-8").split("\n", 1)[0]
            if re.search(r"[`*_<>]", re.sub(r"\{#\w+\}", "", title)):
                marked.append(f"doc/{page.name}: {title}")
        self.assertEqual(marked, [], "\n" + "\n".join(marked))

    def test_doc_paths_exist(self):
        missing = []
        for rel in tracked_files():
            text = read_text(rel)
            if text is None:
                continue
            for path in set(re.findall(r"(?<![\w/.-])doc/[\w.-]+\.md\b", text)):
                if not (ROOT / path).is_file():
                    missing.append(f"{rel}: {path}")
        self.assertEqual(missing, [], "\n" + "\n".join(sorted(missing)))


class RuleIds(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ids = reference_ids((ROOT / p).read_text(encoding="utf-8")
                                for p in REFERENCE)
        cls.tests = {}
        for rel in tracked_files():
            if (rel.startswith("tests/") and rel.endswith(TEST_SOURCES)
                    and not rel.startswith("tests/docs/")):
                text = read_text(rel)
                if text is not None:
                    cls.tests[rel] = text

    def test_reference_defines_every_family(self):
        want = set()
        for fam, numbers in FAMILIES.items():
            if numbers is None:
                want.add(fam)
            else:
                want.update(f"{fam}-{n}" for n in numbers)
        self.assertEqual(sorted(want - self.ids), [], "rules missing from the reference")
        self.assertEqual(sorted(self.ids - want), [],
                         "rules in the reference but not in FAMILIES")

    def test_every_rule_named_by_a_test(self):
        self.assertGreater(len(self.tests), 20)
        unnamed = []
        for rule in sorted(self.ids):
            rx = id_pattern(rule)
            if not any(rx.search(text) for text in self.tests.values()):
                unnamed.append(rule)
        self.assertEqual(unnamed, [],
                         "rule IDs of the reference that no test under tests/ names: "
                         + ", ".join(unnamed))

    def test_every_cited_rule_is_defined(self):
        # A rule ID cited anywhere (a test, a header, a page, a comment) is
        # one the reference defines: F-MOD-17 or H-ELV-7 would be a typo or
        # a rule the reference lost. A family name alone (F-MOD) is fine.
        families = set(FAMILIES)
        rx = re.compile(r"(?<![\w-])((?:F|H)-(?:" + "|".join(
            f[2:] for f in FAMILIES) + r")(?:-[0-9]+|-[A-Z])?)(?![\w-])")
        unknown = []
        for rel in tracked_files():
            if rel in PENDING or rel.startswith("tests/docs/"):
                continue
            text = read_text(rel)
            if text is None:
                continue
            for no, line in enumerate(text.splitlines(), 1):
                for rule in rx.findall(line):
                    if rule not in self.ids and rule not in families:
                        unknown.append(f"{rel}:{no}: {rule}")
        self.assertEqual(unknown, [], "\n" + "\n".join(unknown))

if __name__ == "__main__":
    unittest.main(verbosity=2)
