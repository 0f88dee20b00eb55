# SPDX-License-Identifier: MIT
"""The files the napfire tool writes cannot harm what the user has
(doc/hardening.md, "Files the tools write"): --svg FILE is written to a
new file beside FILE and renamed over it only when complete; a target
that is one of the command's inputs (through any link) or that is not a
regular file is refused as bad input (status 2) before anything is read
or written, without ever blocking on it. And every JSON answer is valid
UTF-8, whatever bytes a file name has.

Environment: NAPFIRE_CLI, NAPFIRE_SOURCE_ROOT (tests/cli/meson.build).
"""
import os
import shutil
import signal
import stat
import subprocess
import tempfile
import unittest

from hostile import (BAD_INPUT, FORBIDDEN, RESOLVED, RIDGE, SYNTHETIC, TIMEOUT, WRITE_ERROR,
                     CLI, CliCase, Run, child_env, run)
from test_output import limited_env, limited_file_size

ODDS = ["odds", "musketry", "--figures", "30", "--distance", "15cm"]
LOS = ["1,3", "8,2"]   # blocked on the ridge map: status 1, and a picture


class Scratch(CliCase):
    """A fresh directory with a copy of the ridge map and of the synthetic
    rules; what is in it is compared before and after."""

    def setUp(self):
        super().setUp()
        self.dir = tempfile.mkdtemp(prefix="napfire-files-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.map = self.path("ridge.map")
        self.rules = self.path("rules.txt")
        shutil.copy(RIDGE, self.map)
        shutil.copy(SYNTHETIC, self.rules)

    def path(self, name):
        return os.path.join(self.dir, name)

    def snapshot(self):
        """Every name in the directory: its kind, and a regular file's bytes."""
        seen = {}
        for name in sorted(os.listdir(self.dir)):
            st = os.lstat(self.path(name))
            if stat.S_ISREG(st.st_mode):
                with open(self.path(name), "rb") as f:
                    seen[name] = f.read()
            elif stat.S_ISLNK(st.st_mode):
                seen[name] = ("link", os.readlink(self.path(name)))
            else:
                seen[name] = ("special", stat.S_IFMT(st.st_mode))
        return seen

    def refused(self, args, *texts):
        """A refusal: status 2, the messages, nothing on stdout, and the
        directory exactly as it was (nothing written, nothing removed)."""
        before = self.snapshot()
        r = self.cli(args, BAD_INPUT, *texts)
        self.assertEqual(self.snapshot(), before)
        return r


class SameFileAsInput(Scratch):
    def test_rules_file_itself(self):
        self.refused(ODDS + ["--rules", self.rules, "--svg", self.rules],
                     "--svg: '%s'" % self.rules, "the rules file '%s'" % self.rules,
                     "same file")

    def test_symbolic_link_to_the_map(self):
        link = self.path("picture.svg")
        os.symlink(self.map, link)
        self.refused(["los", "--svg", link, self.map] + LOS, "--svg: '%s'" % link, "the map")

    def test_relative_link_and_other_spelling(self):
        os.symlink("ridge.map", self.path("rel.svg"))
        other = os.path.join(self.dir, ".", "rel.svg")
        self.refused(["los", "--svg", other, self.map] + LOS, "--svg", "the map")

    def test_hard_link_to_the_rules(self):
        link = self.path("hard.svg")
        os.link(self.rules, link)
        self.refused(ODDS + ["--rules", self.rules, "--svg", link], "--svg", "the rules file")

    def test_other_files_are_fine(self):
        out = self.path("odds.svg")
        r = self.cli(ODDS + ["--rules", self.rules, "--svg", out], RESOLVED)
        self.assertEqual(r.err, "")
        with open(out, "rb") as f:
            self.assertTrue(f.read().startswith(b"<?xml"))


class SpecialTargets(Scratch):
    def test_fifo_is_refused_without_blocking(self):
        # Nobody has the FIFO open: any open() of it would wait for ever
        # (the run's timeout fails the test).
        fifo = self.path("pipe.svg")
        os.mkfifo(fifo)
        self.refused(["los", "--svg", fifo, self.map] + LOS, "--svg: '%s' is a FIFO" % fifo)
        self.refused(ODDS + ["--svg", fifo], "is a FIFO")

    def test_directory(self):
        sub = self.path("sub")
        os.mkdir(sub)
        self.refused(["los", "--svg", sub, self.map] + LOS, "--svg: '%s' is a directory" % sub)

    @unittest.skipUnless(os.path.exists("/dev/null") and stat.S_ISCHR(os.stat("/dev/null").st_mode),
                         "no /dev/null device")
    def test_device(self):
        r = self.cli(ODDS + ["--svg", "/dev/null"], BAD_INPUT, "--svg: '/dev/null' is a device")
        self.assertTrue(stat.S_ISCHR(os.stat("/dev/null").st_mode))
        self.assertEqual(r.out, "")

    def test_link_to_nothing(self):
        link = self.path("dangling.svg")
        os.symlink(self.path("nowhere"), link)
        self.refused(ODDS + ["--svg", link], "--svg: '%s' is a symbolic link to nothing" % link)


class AtomicWrite(Scratch):
    def test_failed_write_leaves_the_old_file(self):
        # Every write past 100 bytes fails (EFBIG): the picture cannot be
        # written, and the file that was there is as it was, with no
        # temporary file left beside it.
        old = self.path("old.svg")
        with open(old, "wb") as f:
            f.write(b"the user's own picture\n")
        before = self.snapshot()
        with tempfile.TemporaryDirectory() as scratch:
            proc = subprocess.run([CLI, "los", "--svg", old, self.map] + LOS,
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT,
                                  env=limited_env(child_env(), scratch),
                                  preexec_fn=limited_file_size(100))
        r = Run(proc)
        self.no_crash(r, "los --svg")
        self.assertEqual(r.status, WRITE_ERROR, r.err)
        self.assertIn("cannot write SVG '%s': File too large" % old, r.err)
        self.assertEqual(self.snapshot(), before)

    def test_interrupted_write_leaves_the_old_file(self):
        # SIGTERM while the picture of a 200 x 200 map (some megabytes) is
        # being written: the old file stays whole (or, if the signal came
        # after the rename, the new one is whole), and the temporary file
        # is gone. Tried a few times: the write may be over before it is
        # seen to have begun.
        n = 200
        big = self.path("big.map")
        with open(big, "wb") as f:
            f.write(b"napfire-map 1\nlayout odd-q\nsize %d %d\n" % (n, n) +
                    (b". " * (n - 1) + b".\n") * n)
        old = self.path("old.svg")
        with open(old, "wb") as f:
            f.write(b"the user's own picture\n")
        interrupted = False
        for _ in range(10):
            proc = subprocess.Popen([CLI, "los", "--svg", old, big, "0,0", "199,199"],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, env=child_env())
            seen = False
            while proc.poll() is None and not seen:
                # The write has begun: a temporary file, or (written in
                # place) the old file changed.
                seen = (any(name.endswith(".tmp") for name in os.listdir(self.dir)) or
                        os.path.getsize(old) != len(b"the user's own picture\n"))
            if seen:
                proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=TIMEOUT)
            self.assertEqual([n for n in os.listdir(self.dir) if n.endswith(".tmp")], [])
            with open(old, "rb") as f:
                data = f.read()
            self.assertTrue(data == b"the user's own picture\n" or
                            (data.startswith(b"<?xml") and data.endswith(b"</svg>\n")))
            if proc.returncode == -signal.SIGTERM and data.startswith(b"the user's"):
                interrupted = True
                break
        if not interrupted:
            self.skipTest("every write was over before it could be interrupted")

    def test_read_only_file_stays(self):
        # A file the user may not write is not replaced either, though the
        # directory would allow the rename. Root may write anything: run
        # the tool as nobody then.
        old = self.path("locked.svg")
        with open(old, "wb") as f:
            f.write(b"read-only\n")
        os.chmod(old, 0o444)
        as_nobody = None
        if os.geteuid() == 0:
            os.chmod(self.dir, 0o777)
            as_nobody = lambda: os.setuid(65534)   # noqa: E731
        before = self.snapshot()
        proc = subprocess.run([CLI, "los", "--svg", old, self.map] + LOS, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=TIMEOUT, env=child_env(),
                              preexec_fn=as_nobody)
        err = proc.stderr.decode("utf-8", "replace")
        self.assertEqual(proc.returncode, WRITE_ERROR, err)
        self.assertIn("cannot write SVG '%s': Permission denied" % old, err)
        self.assertEqual(self.snapshot(), before)

    def test_failed_write_creates_nothing(self):
        new = self.path("new.svg")
        before = self.snapshot()
        with tempfile.TemporaryDirectory() as scratch:
            proc = subprocess.run([CLI] + ODDS + ["--svg", new], stdin=subprocess.DEVNULL,
                                  capture_output=True, timeout=TIMEOUT,
                                  env=limited_env(child_env(), scratch),
                                  preexec_fn=limited_file_size(100))
        self.assertEqual(proc.returncode, WRITE_ERROR)
        self.assertEqual(self.snapshot(), before)

    def test_replaced_whole_keeping_its_mode(self):
        out = self.path("odds.svg")
        with open(out, "wb") as f:
            f.write(b"x" * 100000)   # longer than the picture: nothing of it may stay
        os.chmod(out, 0o640)
        self.cli(ODDS + ["--rules", self.rules, "--svg", out], RESOLVED)
        with open(out, "rb") as f:
            data = f.read()
        self.assertTrue(data.startswith(b"<?xml") and data.endswith(b"</svg>\n"))
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o640)
        self.assertEqual(sorted(os.listdir(self.dir)), ["odds.svg", "ridge.map", "rules.txt"])

    def test_new_file_has_a_normal_mode(self):
        out = self.path("new.svg")
        proc = subprocess.run([CLI] + ODDS + ["--rules", self.rules, "--svg", out],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT,
                              env=child_env(),
                              preexec_fn=lambda: os.umask(0o022))
        self.assertEqual(proc.returncode, RESOLVED, proc.stderr)
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o644)

    def test_link_to_a_file_writes_the_file(self):
        real = self.path("real.svg")
        with open(real, "wb") as f:
            f.write(b"old")
        link = self.path("link.svg")
        os.symlink("real.svg", link)
        self.cli(["los", "--svg", link, self.map] + LOS, FORBIDDEN)
        self.assertTrue(os.path.islink(link))
        with open(real, "rb") as f:
            self.assertTrue(f.read().startswith(b"<?xml"))


class JsonIsUtf8(Scratch):
    """Strict decoding (hostile.py's cli()) of answers that echo a file
    name: bytes that are not UTF-8 come out as U+FFFD, exactly as
    Unicode's recommended replacement (Python's "replace") has them."""

    NAMES = [
        b"caf\xe9.txt",              # Latin-1
        b"over\xc0\xaflong.txt",     # an overlong '/'
        b"surrogate\xed\xa0\x80.txt",
        b"past\xf4\x90\x80\x80max.txt",
        b"cut\xe2\x82",              # a sequence cut short at the end
        b"ctl\x01\x1f\x7f.txt",       # control characters: escaped, still valid
        "café-😀.txt".encode("utf-8"),  # well-formed: unchanged
    ]

    def test_file_names(self):
        for raw in self.NAMES:
            name = os.path.join(os.fsencode(self.dir), raw)
            shutil.copy(self.rules, name)
            for mode in ("--check", "--coverage"):
                with self.subTest(name=raw, mode=mode):
                    r = self.cli(["rules", mode, name, "--json"], RESOLVED)
                    self.assertEqual(r.json["file"], name.decode("utf-8", "replace"))
            os.unlink(name)


if __name__ == "__main__":
    unittest.main()
