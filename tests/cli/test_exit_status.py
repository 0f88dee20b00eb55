# SPDX-License-Identifier: MIT
"""The napfire tool's documented exit statuses, one case each: 0 resolved,
1 forbidden, 2 bad input, 3 rules data unknown, 4 output not written
(doc/napfire.1.scd, EXIT STATUS).

Every case runs the built CLI from the source root (relative paths as a
user types them) under hostile.py's timeout, so a hang fails instead of
blocking the suite. Environment: NAPFIRE_CLI, NAPFIRE_SOURCE_ROOT.
"""
import subprocess
import tempfile
import unittest

from hostile import (BAD_INPUT, FORBIDDEN, RESOLVED, ROOT, TIMEOUT, UNKNOWN, WRITE_ERROR,
                     CLI, CliCase, Run, child_env, run)
from test_output import limited_env, limited_file_size

FEX1 = ["--figures", "30", "--distance", "15cm", "--roll", "8"]
NAMED = ["--half-die", "6", "--nation", "britain", "--class", "elite",
         "--target-formation", "column-of-divisions"]
SYNTHETIC = ["--rules", "tests/data/synthetic.txt"]
P9 = ["--gun", "p9", "--figures", "4"]

# (status, argv): each documented status, and refusals that must be a
# status 2 rather than a crash or a hang.
CASES = [
    (RESOLVED, ["musketry"] + FEX1 + NAMED),
    (FORBIDDEN, ["musketry"] + FEX1 + ["--fired-this-turn"]),
    (BAD_INPUT, ["musketry", "--figures", "30", "--distance", "15furlongs", "--roll", "8"]),
    (UNKNOWN, ["musketry", "--figures", "30", "--distance", "15cm", "--roll", "5"]),
    (RESOLVED, ["musketry"] + SYNTHETIC +
     ["--figures", "30", "--distance", "15cm", "--roll", "2", "--half-die", "1"]),
    (RESOLVED, ["odds", "musketry"] + SYNTHETIC + ["--figures", "30", "--distance", "15cm"]),
    (RESOLVED, ["rules", "--check", "examples/rules/seed.txt"]),
    (BAD_INPUT, ["rules", "--check", "README.md"]),
    (UNKNOWN, ["artillery"] + P9 + ["--distance", "10cm", "--roll", "7"]),
    (FORBIDDEN, ["artillery"] + P9 + ["--distance", "10cm", "--roll", "7", "--ammo", "canister",
                                      "--friend-in-arc"]),
    (RESOLVED, ["los", "examples/maps/ridge.map", "--help"]),
    (RESOLVED, ["musketry", "--figures=30", "--distance=15cm", "--roll=8", "--half-die=6",
                "--nation=britain", "--class=elite", "--target-formation=column-of-divisions"]),
    (BAD_INPUT, ["musketry", "--figures", "30"] + FEX1),
    (BAD_INPUT, ["musketry", "--figures", "30", "--distance", "15cm", "--roll", "13"]),
    (BAD_INPUT, ["artillery"] + P9 + ["--distance", "30cm", "--roll", "7", "--overhead"]),
    (BAD_INPUT, ["los", "/dev/zero", "0,0", "1,0"]),
    (BAD_INPUT, ["los", "--front", "", "examples/maps/ridge.map", "1,3", "8,2"]),
    (RESOLVED, ["odds", "musketry", "--help"]),
    (RESOLVED, ["musketry", "--scene", "examples/scenes/fex1.scene", "--roll", "8", "--half-die", "6"]),
    (UNKNOWN, ["artillery", "--scene", "examples/scenes/fex2.scene", "--roll", "10"]),
    (FORBIDDEN, ["artillery", "--scene", "examples/scenes/fex2.scene", "--roll", "10", "--fired-this-turn"]
     + SYNTHETIC),
    (BAD_INPUT, ["musketry", "--scene", "examples/scenes/fex1.scene", "--roll", "8", "--distance", "15cm"]),
    (BAD_INPUT, ["musketry", "--scene", "README.md", "--roll", "8"]),
]


class ExitStatus(CliCase):
    def test_documented_statuses(self):
        for status, args in CASES:
            with self.subTest(args=args):
                r = run(args, cwd=ROOT)
                self.no_crash(r, args)
                self.assertEqual(r.status, status, "exit status of %r; stderr: %s" % (args, r.err))

    def test_every_status_is_exercised(self):
        self.assertEqual({s for s, _ in CASES}, {RESOLVED, FORBIDDEN, BAD_INPUT, UNKNOWN})

    def test_write_error_is_4(self):
        # A file size limit of 0: every write fails with EFBIG.
        args = ["rules", "--template"]
        with tempfile.TemporaryFile() as out, tempfile.TemporaryDirectory() as scratch:
            proc = subprocess.run([CLI] + args, stdout=out, stderr=subprocess.PIPE,
                                  stdin=subprocess.DEVNULL, timeout=TIMEOUT, cwd=ROOT,
                                  env=limited_env(child_env(), scratch),
                                  preexec_fn=limited_file_size(0))
        r = Run(proc)
        self.no_crash(r, args)
        self.assertEqual(r.status, WRITE_ERROR, r.err)


if __name__ == "__main__":
    unittest.main()
