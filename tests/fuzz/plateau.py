#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run one libFuzzer target until its edge coverage has been quiet a while.

    tests/fuzz/plateau.py BUILDDIR TARGET WORKDIR [--quiet S] [--max S]

Copies the committed corpus of TARGET into WORKDIR/corpus and fuzzes it
(from WORKDIR/cwd, artifacts in WORKDIR/artifacts) until QUIET seconds
(default 1800) have passed without a new edge ("cov:" growing), or MAX
seconds (default 5400) in all.  libFuzzer has no such stopping rule of
its own, hence this watcher: it reads the fuzzer's status lines as they
come and stamps each with the seconds since the start.

Writes WORKDIR/log.txt (the fuzzer's output, each line prefixed by its
time) and WORKDIR/summary.json (executions, seconds, coverage and
features at the start and the end, when the last new edge and the last
new feature came and how long the run went on after each, and whether
the quiet stretch was reached).  Exits 0 when the quiet stretch was
reached and nothing was found, 1 when the run ended without it, 3 when
the fuzzer found something (a crash, leak, timeout or OOM: see the
artifacts), 2 on a usage error.  Then merge (doc/hardening.md says how).
"""
import argparse
import json
import os
import re
import shutil
import signal
import queue
import subprocess
import sys
import threading
import time

STATUS = re.compile(r"^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+)")
EXECS = re.compile(r"^stat::number_of_executed_units: (\d+)")


def usage_error(message):
    print(f"plateau.py: {message}", file=sys.stderr)
    sys.exit(2)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("build")
    p.add_argument("target")
    p.add_argument("workdir")
    p.add_argument("--quiet", type=int, default=1800,
                   help="seconds without a new edge that end the run")
    p.add_argument("--max", type=int, default=5400,
                   help="seconds the run may last in all")
    a = p.parse_args()
    if a.quiet <= 0 or a.max <= 0:
        p.error("--quiet and --max must be positive whole seconds")
    return a


def fuzzer_command(src, build, target, work, max_s):
    binary = os.path.join(os.path.abspath(build), "tests", "fuzz", target)
    if not os.access(binary, os.X_OK):
        usage_error(f"no fuzzer {binary} (meson compile -C {build} {target})")
    cmd = ["nice", "-n", "19", binary, f"-max_total_time={max_s}",
           "-timeout=10", "-rss_limit_mb=2048", "-print_final_stats=1",
           "-artifact_prefix=" + os.path.join(work, "artifacts") + "/"]
    dict_path = os.path.join(src, "tests", "fuzz", target + ".dict")
    if os.path.exists(dict_path):
        cmd.append("-dict=" + dict_path)
    cmd.append(os.path.join(work, "corpus"))
    return cmd


def prepare(src, target, work):
    seed = os.path.join(src, "tests", "fuzz", "corpus", target)
    if not os.path.isdir(seed):
        usage_error(f"no committed corpus {seed}")
    if os.path.exists(work):
        usage_error(f"{work} exists; give a fresh directory")
    for sub in ("corpus", "cwd", "artifacts", "tmp"):
        os.makedirs(os.path.join(work, sub))
    for name in os.listdir(seed):
        shutil.copy(os.path.join(seed, name), os.path.join(work, "corpus", name))
    return len(os.listdir(seed))


class Watch:
    """What the status lines said, and when."""

    def __init__(self):
        self.start = None
        self.end = None
        self.last_edge = None
        self.last_feature = None
        self.execs = 0
        self.final_execs = None

    def line(self, t, text):
        m = STATUS.match(text)
        if m:
            n, kind, cov, ft = (int(m.group(1)), m.group(2),
                                int(m.group(3)), int(m.group(4)))
            self.execs = n
            if self.start is None:
                self.start = (cov, ft)
                self.end = (cov, ft)
                self.last_edge = self.last_feature = (t, n)
            if kind == "INITED":
                self.start = (cov, ft)
            if cov > self.end[0]:
                self.last_edge = (t, n)
            if ft > self.end[1]:
                self.last_feature = (t, n)
            self.end = (max(cov, self.end[0]), max(ft, self.end[1]))
        m = EXECS.match(text)
        if m:
            self.final_execs = int(m.group(1))


def run(cmd, work, quiet, watch):
    env = dict(os.environ, TMPDIR=os.path.join(work, "tmp"))
    proc = subprocess.Popen(cmd, cwd=os.path.join(work, "cwd"), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    t0 = time.monotonic()
    lines = queue.Queue()
    # libFuzzer prints nothing between its power-of-two pulses (an hour
    # apart on a slow target), so the clock is read on a timer as well.
    reader = threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout]
                              + [lines.put(None)], daemon=True)
    reader.start()
    stopped = False
    with open(os.path.join(work, "log.txt"), "w") as log:
        while True:
            try:
                text = lines.get(timeout=2.0)
            except queue.Empty:
                text = ""
            if text is None:
                break
            t = time.monotonic() - t0
            if text:
                log.write(f"[{t:8.1f}] {text}")
                log.flush()
                watch.line(t, text.rstrip("\n"))
            if not stopped and watch.last_edge and t - watch.last_edge[0] >= quiet:
                stopped = True
                log.write(f"[{t:8.1f}] plateau.py: {quiet} s without a new edge; stopping\n")
                proc.send_signal(signal.SIGINT)
    rc = proc.wait()
    return rc, time.monotonic() - t0, stopped


def main():
    a = parse_args()
    src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    work = os.path.abspath(a.workdir)
    cmd = fuzzer_command(src, a.build, a.target, work, a.max)
    before = prepare(src, a.target, work)
    watch = Watch()
    rc, seconds, stopped = run(cmd, work, a.quiet, watch)
    found = os.listdir(os.path.join(work, "artifacts"))
    execs = watch.final_execs if watch.final_execs is not None else watch.execs
    edge_t, edge_n = watch.last_edge or (0.0, 0)
    ft_t, ft_n = watch.last_feature or (0.0, 0)
    summary = {
        "target": a.target, "executions": execs, "seconds": round(seconds),
        "cov": [watch.start[0], watch.end[0]] if watch.start else [],
        "ft": [watch.start[1], watch.end[1]] if watch.start else [],
        "last_edge": {"second": round(edge_t), "execution": edge_n,
                      "quiet_seconds": round(seconds - edge_t),
                      "quiet_executions": execs - edge_n},
        "last_feature": {"second": round(ft_t), "execution": ft_n,
                         "quiet_seconds": round(seconds - ft_t),
                         "quiet_executions": execs - ft_n},
        "corpus_before": before,
        "corpus_after_run": len(os.listdir(os.path.join(work, "corpus"))),
        "quiet_reached": stopped, "fuzzer_exit": rc, "artifacts": found,
    }
    with open(os.path.join(work, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary))
    if found or (rc != 0 and not stopped):
        return 3
    return 0 if stopped else 1


if __name__ == "__main__":
    sys.exit(main())
