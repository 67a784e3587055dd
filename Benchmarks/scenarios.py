#!/usr/bin/env python3
"""TermFit side by side with the terminal programs people use instead, on a pseudo-terminal.

Runs every scenario with `ptyrun` at each window size, several times, and prints Markdown: one
table per scenario with medians, and TermFit's ratio to each peer (below 1 is better for TermFit).

Usage: scenarios.py PTYRUN TERMFIT [--peers DIR] [--runs N] [--sizes 80x24,200x60] [--only NAME,...]
  PTYRUN    the ptyrun binary (Benchmarks/.build/release/ptyrun)
  TERMFIT   the TermFit binary to measure (a release build)
  --peers   a directory whose bin/ holds termdown and tclock (a venv); tty-clock comes from PATH
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ENTER = "\\r"


def log(message):
    print("scenarios: " + message, file=sys.stderr, flush=True)


class Program:
    """One contender in a scenario: how to start it, what to type, when its measurement starts."""

    def __init__(self, name, argv, keys=(), steady_from=None, first_frame_text=None, wait_for=(), env=None):
        self.name = name
        # TermFit's own rows are not peers: ratios compare the first row with the peers only.
        self.is_termfit = name.startswith("TermFit")
        self.argv = argv
        self.keys = list(keys)
        self.steady_from = steady_from
        self.first_frame_text = first_frame_text
        self.wait_for = list(wait_for)
        self.env = env or {}


def run_once(ptyrun, program, size, duration, resizes=(), data_dir=None):
    command = [ptyrun, "--json", "--size", size, "--duration", str(duration)]
    for at, text in program.keys:
        command += ["--key", "%s:%s" % (at, text)]
    for at, to in resizes:
        command += ["--resize", "%s:%s" % (at, to)]
    if program.steady_from is not None:
        command += ["--steady-from", str(program.steady_from)]
    if program.first_frame_text:
        command += ["--first-frame-text", program.first_frame_text]
    for text in program.wait_for:
        command += ["--wait-for", text]
    environment = dict(program.env)
    if data_dir:
        environment["TERMFIT_DATA_DIR"] = data_dir
    for name, value in environment.items():
        command += ["--env", "%s=%s" % (name, value)]
    command += ["--"] + program.argv
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError("ptyrun failed for %s: %s" % (program.name, result.stderr.strip()))
    return json.loads(result.stdout)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def show(value, digits=0):
    if value is None:
        return "–"
    return ("{:,.%df}" % digits).format(value).replace(",", " ")


def ratio(ours, theirs):
    if ours is None or theirs is None:
        return "–"
    if theirs == 0:
        return "0 vs 0" if ours == 0 else "∞"
    return "%.2f" % (ours / theirs)


class Bench:
    def __init__(self, arguments):
        self.ptyrun = arguments.ptyrun
        self.termfit = arguments.termfit
        self.runs = arguments.runs
        self.sizes = arguments.sizes.split(",")
        self.peers = arguments.peers
        self.data = tempfile.mkdtemp(prefix="termfit-bench-")
        self.only = set(arguments.only.split(",")) if arguments.only else None

    def peer(self, name):
        if self.peers:
            path = os.path.join(self.peers, "bin", name)
            if os.access(path, os.X_OK):
                return path
        return shutil.which(name)

    def measure(self, programs, size, duration, resizes=()):
        """Medians per program of `runs` runs, interleaved so a noisy moment hits every program."""
        reports = {p.name: [] for p in programs}
        for run in range(self.runs):
            for program in programs:
                log("%s at %s, run %d of %d" % (program.name, size, run + 1, self.runs))
                reports[program.name].append(run_once(self.ptyrun, program, size, duration, resizes, self.data))
        return reports

    def table(self, title, note, programs, columns, duration, resizes=()):
        """Prints one scenario: a row per size and program, then ratios TermFit/peer."""
        print("## " + title)
        print()
        print(note)
        print()
        header = "| size | program | " + " | ".join(c[0] for c in columns) + " |"
        print(header)
        print("|---|---|" + "---:|" * len(columns))
        ratios = []
        for size in self.sizes:
            reports = self.measure(programs, size, duration, resizes)
            medians = {}
            for program in programs:
                values = [median([c[1](r) for r in reports[program.name]]) for c in columns]
                medians[program.name] = values
                restored = sum(1 for r in reports[program.name] if r.get("restored"))
                row = [show(v, c[2]) for v, c in zip(values, columns)]
                print("| %s | %s | %s |" % (size.replace("x", "×"), program.name, " | ".join(row)))
                if restored != len(reports[program.name]):
                    log("%s at %s left the terminal changed in %d of %d runs"
                        % (program.name, size, len(reports[program.name]) - restored, len(reports[program.name])))
            ours = medians[programs[0].name]
            for program in (p for p in programs if not p.is_termfit):
                theirs = medians[program.name]
                ratios.append("| %s | TermFit / %s | %s |" % (
                    size.replace("x", "×"), program.name,
                    " | ".join(ratio(a, b) for a, b in zip(ours, theirs))))
        if ratios:
            print()
            print("| size | ratio | " + " | ".join(c[0] for c in columns) + " |")
            print("|---|---|" + "---:|" * len(columns))
            for line in ratios:
                print(line)
        print()
        sys.stdout.flush()

    def wanted(self, name):
        return self.only is None or name in self.only

    # The scenarios -----------------------------------------------------------------------------

    def countdown(self):
        # Twenty ticks measured: a tick costs a few hundred microseconds, and ten were too few to
        # tell two programs this close apart.
        duration, measured_from = 24, 4
        programs = [Program(
            "TermFit HIIT", [self.termfit, "hiit", "--seconds", "60", "--quiet"],
            keys=[(0.8, ENTER), (1.2, ENTER)], steady_from=measured_from)]
        for name, argv in (("termdown 60", [self.peer("termdown"), "60"]),
                           ("tty-clock -s", [self.peer("tty-clock"), "-s"])):
            if argv[0]:
                programs.append(Program(name, argv, steady_from=measured_from))
        self.table(
            "1. A 60-second countdown",
            "TermFit's HIIT countdown (Get Started, Start) against `termdown 60` and the clock `tty-clock -s`, "
            "measured from %d s to %d s, after every program is counting. Targets: at most 88 B/s and "
            "1 wake-up/s at both sizes." % (measured_from, duration),
            programs, STEADY_COLUMNS + [RSS_COLUMN], duration)

    def flipping(self):
        duration, measured_from = 10, 2
        programs = [
            Program("TermFit cards (flip)", [self.termfit, "cards", "--mode", "flip"], steady_from=measured_from),
            # Space stops the flipping at 1 s: from then on nothing may be written or wake up.
            Program("TermFit cards (stopped)", [self.termfit, "cards", "--mode", "flip"], keys=[(1.0, " ")],
                    steady_from=measured_from),
        ]
        if self.peer("tclock"):
            programs.append(Program("tclock stopwatch", [self.peer("tclock"), "stopwatch"], steady_from=measured_from))
        self.table(
            "2. Cards flipping at 10 Hz",
            "TermFit's card deck in flip mode (a new card every 100 ms) against `tclock stopwatch` (tenths "
            "of a second, the 10 Hz full-screen peer), measured from %d s to %d s; then the same cards stopped "
            "with Space. Targets: under 2 KiB/s, the same at both sizes; 0 B/s and no wake-ups when "
            "stopped." % (measured_from, duration),
            programs, STEADY_COLUMNS + [RSS_COLUMN], duration)

    def idle(self):
        duration = 30
        programs = [Program("TermFit home", [self.termfit], first_frame_text="Workouts")]
        self.table(
            "3. The home screen, idle for %d s" % duration,
            "After the first frame nothing changes on screen. Target: 0 bytes and no wake-ups.",
            programs, STEADY_COLUMNS + [RSS_COLUMN], duration)

    def startup(self):
        duration = 1.5
        programs = [Program("TermFit home", [self.termfit], first_frame_text="Workouts")]
        if self.peer("tty-clock"):
            programs.append(Program("tty-clock -s", [self.peer("tty-clock"), "-s"]))
        if self.peer("termdown"):
            programs.append(Program("termdown 60", [self.peer("termdown"), "60"]))
        # A start takes milliseconds and one busy moment on the machine shifts it by tens: three
        # times the runs of the other scenarios (they are short).
        runs, self.runs = self.runs, self.runs * 3
        self.table(
            "4. Start-up to the first full frame",
            "From exec to the end of the first frame (the first 50 ms pause in output; for TermFit, after "
            "the menu is on screen), medians of %d runs. Targets: first frame within 15 ms, peak RSS under "
            "15 MiB." % self.runs,
            programs, [
                ("first byte ms", lambda r: r.get("first_byte_ms"), 1),
                ("first frame ms", lambda r: r.get("first_frame_ms"), 1),
                ("first frame B", lambda r: r.get("first_frame_bytes"), 0),
                ("CPU s (whole run)", lambda r: r.get("cpu_seconds"), 3),
                RSS_COLUMN,
            ], duration)
        self.runs = runs

    def resize_storm(self):
        duration = 3.5
        resizes = [(1.0, "200x60"), (1.6, "60x15"), (2.2, "80x24")]
        programs = [Program("TermFit home", [self.termfit], first_frame_text="Workouts")]
        if self.peer("tty-clock"):
            programs.append(Program("tty-clock -s", [self.peer("tty-clock"), "-s"]))
        if self.peer("termdown"):
            programs.append(Program("termdown 60", [self.peer("termdown"), "60"]))
        columns = []
        for index, (_, to) in enumerate(resizes):
            columns.append(("→%s latency ms" % to.replace("x", "×"), redraw(index, "latency_ms"), 1))
            columns.append(("→%s B" % to.replace("x", "×"), redraw(index, "bytes"), 0))
        sizes, self.sizes = self.sizes, ["80x24"]
        self.table(
            "5. A resize storm",
            "80×24 → 200×60 → 60×15 → 80×24, 0.6 s apart: milliseconds from each resize to the first byte "
            "of the redraw, and the bytes of the redraw (up to its first 50 ms pause). A clock's redraw "
            "also carries its next tick when one falls inside.",
            programs, columns, duration, resizes)
        self.sizes = sizes

    def run(self):
        for name in ("countdown", "flipping", "idle", "startup", "resize_storm"):
            if self.wanted(name):
                getattr(self, name)()
        shutil.rmtree(self.data, ignore_errors=True)


STEADY_COLUMNS = [
    ("B/s", lambda r: r.get("steady_bytes_per_second"), 1),
    ("wake-ups/s", lambda r: r.get("steady_wakeups_per_second"), 2),
    ("CPU ms/min", lambda r: per_minute(r.get("steady_cpu_seconds"), r.get("steady_seconds"), 1000), 1),
]

RSS_COLUMN = ("peak RSS MiB", lambda r: kib_to_mib(r.get("peak_rss_kib")), 1)


def kib_to_mib(value):
    return value / 1024 if value is not None else None


def per_minute(cpu, seconds, scale=1):
    if cpu is None or not seconds:
        return None
    return cpu * 60 / seconds * scale


def redraw(index, key):
    def pick(report):
        redraws = report.get("redraws") or []
        return redraws[index].get(key) if index < len(redraws) else None
    return pick


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptyrun")
    parser.add_argument("termfit")
    parser.add_argument("--peers")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="80x24,200x60")
    parser.add_argument("--only")
    Bench(parser.parse_args()).run()


if __name__ == "__main__":
    main()
