# SPDX-License-Identifier: MIT
"""Hostile map files for `napfire los` (class: map reading).
Every refusal exits 2 and names the file, the line (and column where one
applies) and the problem; nothing crashes, hangs or is silently misread."""
import os
import shutil
import stat
import tempfile
import unittest

from hostile import BAD_INPUT, FORBIDDEN, RESOLVED, RIDGE, CliCase, run

HEADER = b"napfire-map 1\nlayout odd-q\n"


class MapCase(CliCase):
    def setUp(self):
        super().setUp()
        self.dir = tempfile.mkdtemp(prefix="napfire-hostile-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def write(self, data, name="m.map"):
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def los(self, data, status, *in_err, at=("0,0", "1,0")):
        path = self.write(data)
        return self.cli(["los", path] + list(at), status, *in_err)


class Bytes(MapCase):
    def test_nul_in_a_row_header_and_comment(self):
        self.los(HEADER + b"size 2 1\n. \x00.\n", BAD_INPUT, "m.map:4:3:", "NUL byte")
        self.los(b"napfire-map\x001\n", BAD_INPUT, "m.map:1:12:", "NUL byte")
        self.los(b"# a comment \x00 with NUL\n" + HEADER + b"size 1 1\n.\n", BAD_INPUT,
                 "m.map:1:13:", "NUL byte")
        # A whole file of NUL bytes: refused at its first byte, no loop.
        self.los(b"\x00" * 100000, BAD_INPUT, "m.map:1:", "NUL")

    def test_control_characters(self):
        for c in (b"\x01", b"\x1b", b"\x7f", b"\x0b", b"\x0c", b"\r"):
            with self.subTest(c=c):
                self.los(HEADER + b"size 2 1\n." + c + b" .\n", BAD_INPUT, "m.map:4:2:",
                         "control character 0x%02X" % c[0])

    def test_crlf_and_tabs_are_fine(self):
        data = HEADER.replace(b"\n", b"\r\n") + b"size\t2\t1\r\n.\tW\r\n"
        self.los(data, RESOLVED)

    def test_non_ascii_outside_comments(self):
        self.los(HEADER + b"size 2 1\n. \xc3\xa9\n", BAD_INPUT, "m.map:4:3:", "0xC3")
        self.los(b"# caf\xc3\xa9\n" + HEADER + b"size 2 1\n. .  # \xe2\x80\x94 ok\n", RESOLVED)


class Lines(MapCase):
    def test_line_longer_than_the_limit(self):
        self.los(b"#" + b"x" * 9000 + b"\n" + HEADER, BAD_INPUT,
                 "m.map:1: line 1 is longer than 8192 bytes")
        row = b" ".join([b"."] * 4097)   # 8193 bytes
        self.los(HEADER + b"size 512 1\n" + row + b"\n", BAD_INPUT,
                 "line 4 is longer than 8192 bytes")

    def test_line_at_the_limit_is_fine(self):
        row = b" ".join([b"."] * 512)
        row += b" " * (8192 - len(row))
        self.assertEqual(len(row), 8192)
        self.los(HEADER + b"size 512 1\n" + row + b"\n", RESOLVED)

    def test_no_line_end_at_the_end(self):
        self.los(HEADER + b"size 2 1\n. .", RESOLVED)


class Numbers(MapCase):
    def test_size_overflow_is_refused_not_wrapped(self):
        for cols in (b"4294967297", b"18446744073709551617", b"-1", b"0", b"513", b"+2",
                     b"2.0", b"0x2", b"2e0", b""):
            with self.subTest(cols=cols):
                self.los(HEADER + b"size " + cols + b" 1\n.\n", BAD_INPUT, "m.map:3")
        self.los(HEADER + b"size 2 99999999999999999999\n. .\n", BAD_INPUT,
                 "m.map:3:8:", "ROWS '99999999999999999999'", "1..512")
        self.los(HEADER + b"size 2 1 1\n. .\n", BAD_INPUT, "m.map:3:", "size COLUMNS ROWS")

    def test_cell_numbers(self):
        for cell in (b"S10000", b"S-10000", b"S4294967297", b".u10000", b".u-1",
                     b".u99999999999999999999", b"S+1", b"S--1", b"S1x", b"X", b".uu"):
            with self.subTest(cell=cell):
                self.los(HEADER + b"size 2 1\n. " + cell + b"\n", BAD_INPUT, "m.map:4:3:",
                         "bad cell", "-9999..9999", "0..9999")
        self.los(HEADER + b"size 2 1\nS9999 S-9999u9999\n", RESOLVED)

    def test_rows_and_cells_counted(self):
        self.los(HEADER + b"size 2 2\n. .\n", BAD_INPUT, "1 rows, not 2")
        self.los(HEADER + b"size 2 1\n. .\n. .\n", BAD_INPUT, "m.map:5:", "more rows")
        self.los(HEADER + b"size 2 1\n. . .\n", BAD_INPUT, "m.map:4:5:", "more than 2 cells")
        self.los(HEADER + b"size 2 1\n.\n", BAD_INPUT, "row 0 has 1 cells, not 2")

    def test_header(self):
        self.los(b"", BAD_INPUT, "no map")
        self.los(b"# only a comment\n\n", BAD_INPUT, "no map")
        self.los(b"napfire-map 2\n", BAD_INPUT, "napfire-map 1")
        self.los(b"napfire-map 1 extra\n", BAD_INPUT, "napfire-map 1")
        self.los(b"napfire-map 1\nlayout sideways\n", BAD_INPUT, "m.map:2:8:", "'sideways'",
                 "odd-q, even-q, odd-r or even-r")
        self.los(b"napfire-map 1\nlayout\n", BAD_INPUT, "m.map:2:", "layout")


class Files(MapCase):
    def test_directory(self):
        self.cli(["los", self.dir, "0,0", "1,0"], BAD_INPUT, "is a directory")

    def test_missing_file(self):
        self.cli(["los", os.path.join(self.dir, "none.map"), "0,0", "1,0"], BAD_INPUT,
                 "none.map", "No such file")

    @unittest.skipIf(os.geteuid() == 0, "root reads files whatever their mode")
    def test_unreadable_file(self):
        path = self.write(HEADER + b"size 1 1\n.\n")
        os.chmod(path, 0)
        self.cli(["los", path, "0,0", "1,0"], BAD_INPUT, "m.map", "Permission denied")

    @unittest.skipUnless(os.path.exists("/proc/self/mem"), "no /proc")
    def test_read_error(self):
        # Opens, but reading at offset 0 fails (EIO), even for root.
        self.cli(["los", "/proc/self/mem", "0,0", "1,0"], BAD_INPUT,
                 "cannot read map '/proc/self/mem'")

    def test_dev_zero_is_refused_at_the_size_limit(self):
        self.cli(["los", "/dev/zero", "0,0", "1,0"], BAD_INPUT, "/dev/zero",
                 "larger than 4194304 bytes")

    def test_file_at_and_past_the_size_limit(self):
        body = HEADER + b"size 1 1\n.\n"
        pad = b"#" + b"x" * 8000 + b"\n"
        data = body + pad * ((4194304 - len(body)) // len(pad))
        data += b"#" * (4194304 - len(data))
        self.assertEqual(len(data), 4194304)
        self.los(data, RESOLVED)
        self.los(data + b"\n", BAD_INPUT, "larger than 4194304 bytes")

    def test_fifo_that_never_ends(self):
        # A writer that never stops: refused once the limit is passed.
        fifo = os.path.join(self.dir, "fifo")
        os.mkfifo(fifo)
        pid = os.fork()
        if pid == 0:
            try:
                with open(fifo, "wb") as f:
                    while True:
                        f.write(b"# ever\n" * 1000)
            finally:
                os._exit(0)
        try:
            self.cli(["los", fifo, "0,0", "1,0"], BAD_INPUT, "larger than 4194304 bytes")
        finally:
            os.kill(pid, 9)
            os.waitpid(pid, 0)


class RulesFiles(MapCase):
    """--rules FILE and rules --check FILE: the same classes as maps."""

    def test_rules_files(self):
        latin = self.write(b"napfire-rules 1\nname = \"caf\xe9\"\n", "latin1.txt")
        nul = self.write(b"napfire-rules 1\n\x00\n", "nul.txt")
        long_line = self.write(b"napfire-rules 1\n#" + b"x" * 2000 + b"\n", "long.txt")
        cases = [
            (latin, "latin1.txt:2:", "UTF-8"),
            (nul, "nul.txt:2:1:", "NUL"),
            (long_line, "long.txt:2:", "1024"),
            ("/dev/zero", "/dev/zero", "larger than 1048576 bytes"),
            (self.dir, "is a directory"),
            (os.path.join(self.dir, "none"), "none", "No such file"),
        ]
        for path, *texts in cases:
            with self.subTest(path=path):
                self.cli(["rules", "--check", path], BAD_INPUT, *texts)
                self.cli(["musketry", "--rules", path, "--distance", "15cm", "--roll", "8"],
                         BAD_INPUT, *texts)
                self.cli(["odds", "artillery", "--rules=" + path, "--distance", "15cm"],
                         BAD_INPUT, *texts)


class GoodMapsStillRead(MapCase):
    def test_ridge(self):
        r = self.cli(["los", RIDGE, "1,3", "8,2"], FORBIDDEN)
        self.assertIn("verdict: BLOCKED: SLOPE [H-ELV-4] at 4,3", r.out)
        r = self.cli(["los", RIDGE, "5,0", "9,3"], RESOLVED)
        self.assertIn("verdict: CLEAR", r.out)


if __name__ == "__main__":
    unittest.main()
