# SPDX-License-Identifier: MIT
"""Run `napfire ... --svg OUT` for the docs' pictures (doc/meson.build).

The napfire tool exits 1 when the rules forbid a shot or a line of sight
is blocked, and 3 when rules data is unknown: both still draw a picture, so
they are accepted here. The tool writes the picture to a new file beside
OUT and renames it into place, so on any other status the old picture (if
any) is as it was; nothing is removed here.
Usage: draw_picture.py OUT NAPFIRE ARGS...
"""
import os
import subprocess
import sys

out, cmd = sys.argv[1], sys.argv[2:]
proc = subprocess.run(cmd + ["--svg", out], stdout=subprocess.DEVNULL)
if proc.returncode not in (0, 1, 3) or not os.path.isfile(out):
    sys.exit("draw_picture.py: %s exited %d without a picture" % (" ".join(cmd), proc.returncode))
