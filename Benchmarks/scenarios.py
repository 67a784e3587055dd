#!/usr/bin/env python3
"""TermFit side by side with the terminal programs people use instead, on a pseudo-terminal.

Runs every scenario with `ptyrun` at each window size, several times, and prints Markdown: one
table per scenario with medians, and TermFit's ratio to each peer (below 1 is better for TermFit).

Usage: scenarios.py PTYRUN TERMFIT [--peers DIR] [--floor DIR] [--runs N] [--sizes 80x24,200x60] [--only NAME,...]
  PTYRUN    the ptyrun binary (Benchmarks/.build/release/ptyrun)
  TERMFIT   the TermFit binary to measure (a release build)
  --peers   a directory whose bin/ holds termdown and tclock (a venv); tty-clock comes from PATH
  --floor   a directory holding menu-c and menu-swift (Benchmarks/floor, built by bench.sh): the
            start-up scenario measures them beside TermFit as the floor of a first frame
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

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
        self.floor = arguments.floor
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
        # The floor: the same small menu from a C program and from a Swift one with TermFit's link.
        for name, binary in (("floor: C menu", "menu-c"), ("floor: Swift menu", "menu-swift")):
            path = os.path.join(self.floor or "", binary)
            if self.floor and os.access(path, os.X_OK):
                programs.append(Program(name, [path], first_frame_text="Workouts"))
        # A start takes milliseconds and one busy moment on the machine shifts it by tens: 15 runs
        # of each program, interleaved in one go, whatever the other scenarios use.
        runs, self.runs = self.runs, FIRST_FRAME_RUNS
        self.table(
            "4. Start-up to the first full frame",
            "From exec to the end of the first frame (the first 50 ms pause in output; for TermFit, after "
            "the menu is on screen), medians of %d runs, TermFit, `tty-clock -s` and the floor interleaved in one "
            "run. The floor is one small ncurses menu drawn by a C program and by a Swift one linked as TermFit's "
            "release (Benchmarks/floor). Targets: first frame within 15 ms and at most 1.5 times tty-clock's (the "
            "ratio below), peak RSS under 15 MiB." % self.runs,
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

    def countdown_tmux(self):
        """The countdown as a member sees it: in a tmux pane of each size, everything the program
        writes recorded with `pipe-pane`; bytes from 1 s to 21 s after counting starts."""
        if not shutil.which("tmux"):
            log("tmux is missing: the countdown-in-tmux scenario is skipped")
            return
        print("## 6. The countdown in tmux")
        print()
        print("TermFit's HIIT countdown (`hiit --seconds 59 --quiet`, Enter twice) and `tty-clock -s -c`, "
              "each alone in a tmux pane of the size, everything it writes recorded with `tmux pipe-pane`: "
              "bytes from 1 s to 21 s after counting starts, divided by 20 (medians of %d runs). For "
              "TermFit also `TERMFIT_STATS`' \"bytes written\" of a 21 s run less a 1 s run, over 20 s, "
              "and the digits' height. Target: at most 150 B/s at 200×60 with digits a third of the "
              "window tall." % self.runs)
        print()
        print("| size | program | B/s (pipe-pane) | B/s (TERMFIT_STATS) | digits rows |")
        print("|---|---|---:|---:|---:|")
        for size in self.sizes:
            ours, stats, heights, theirs = [], [], [], []
            for run in range(self.runs):
                log("countdown in tmux at %s, run %d of %d" % (size, run + 1, self.runs))
                long_run = tmux_countdown(self.termfit, size, 21, self.data)
                short_run = tmux_countdown(self.termfit, size, 1, self.data)
                ours.append(long_run["rate"])
                heights.append(long_run["digit_rows"])
                if long_run["stats"] is not None and short_run["stats"] is not None:
                    stats.append((long_run["stats"] - short_run["stats"]) / 20)
                clock = self.peer("tty-clock")
                if clock:
                    theirs.append(tmux_clock([clock, "-s", "-c"], size)["rate"])
            print("| %s | TermFit HIIT | %s | %s | %s |" % (
                size.replace("x", "×"), show(median(ours), 1), show(median(stats), 1), show(median(heights))))
            if theirs:
                print("| %s | tty-clock -s -c | %s | – | – |" % (size.replace("x", "×"), show(median(theirs), 1)))
        print()
        sys.stdout.flush()

    def circuit_tmux(self):
        """The hands-free circuit as a member sees it: in a tmux pane of each size, its bytes and
        wake-ups a second while the warm-up counts down (between changes), and its bytes across
        the warm-up's last seconds and the first work (with the changes)."""
        if not shutil.which("tmux"):
            log("tmux is missing: the circuit-in-tmux scenario is skipped")
            return
        print("## 6b. The hands-free circuit in tmux")
        print()
        print("TermFit's hands-free circuit (`hiit --seconds 20 --quiet`, `c`: 30 s of warm-up, then Squat) and "
              "`tty-clock -s -c`, each alone in a tmux pane of the size. Between changes: bytes (`tmux "
              "pipe-pane`) and wake-ups (the process's voluntary context switches, all threads) a second from 1 s to "
              "21 s of the warm-up. With changes: bytes a second from 1 s to 41 s, across the warm-up's last "
              "3 s (bell, title turning red), the switch to Squat (title, figure, status) and 10 s of work. "
              "Medians of %d runs. Budget: at most 150 B/s and 1 wake-up a second between changes." % self.runs)
        print()
        print("| size | program | B/s between changes | wake-ups/s | B/s with changes | digits rows |")
        print("|---|---|---:|---:|---:|---:|")
        for size in self.sizes:
            rates, wakeups, changing, heights, clock_rates, clock_wakeups = [], [], [], [], [], []
            for run in range(self.runs):
                log("circuit in tmux at %s, run %d of %d" % (size, run + 1, self.runs))
                result = tmux_circuit(self.termfit, size, self.data)
                rates.append(result["rate"])
                wakeups.append(result["wakeups"])
                changing.append(result["changing"])
                heights.append(result["digit_rows"])
                clock = self.peer("tty-clock")
                if clock:
                    theirs = tmux_clock([clock, "-s", "-c"], size, wakeups=True)
                    clock_rates.append(theirs["rate"])
                    clock_wakeups.append(theirs["wakeups"])
            print("| %s | TermFit circuit | %s | %s | %s | %s |" % (
                size.replace("x", "×"), show(median(rates), 1), show(median(wakeups), 2),
                show(median(changing), 1), show(median(heights))))
            if clock_rates:
                print("| %s | tty-clock -s -c | %s | %s | – | – |" % (
                    size.replace("x", "×"), show(median(clock_rates), 1), show(median(clock_wakeups), 2)))
        print()
        sys.stdout.flush()

    def key_latency(self):
        """Key → first output byte on the dumbbell screen, with the store as it is and with every
        save slowed to 200 ms (TERMFIT_BENCH_SAVE_DELAY_MS, a knob only benchmarks set)."""
        gap, count = 0.3, 60
        # Before set 1 no clock ticks, so every byte after a key answers that key. Every other key
        # saves a setting (u: the unit, R: auto rest); Tab between them moves the selection.
        cycle = ["u", "\\t", "R", "\\t"]
        keys = [(round(1.0 + index * gap, 3), cycle[index % len(cycle)]) for index in range(count)]
        duration = 1.0 + count * gap + 0.5
        argv = [self.termfit, "dumbbells", "--profile", "bench-keys"]
        rows = []
        stores = [("instant store", {}), ("every save 200 ms", {"TERMFIT_BENCH_SAVE_DELAY_MS": "200"})]
        # `make bench` sets BENCH_POSTGRES_URL while four boxes of 25 members log sets on that server.
        server = os.environ.get("BENCH_POSTGRES_URL")
        if server:
            stores.append(("PostgreSQL, 100 members logging", {"TERMFIT_DATABASE_URL": server}))
        for label, env in stores:
            program = Program("TermFit dumbbells, " + label, argv, keys=keys, wait_for=["Enter kg and reps"], env=env)
            latencies, missing = [], 0
            for run in range(KEY_LATENCY_RUNS):
                log("key latency (%s), run %d of %d" % (label, run + 1, KEY_LATENCY_RUNS))
                report = run_once(self.ptyrun, program, "80x24", duration, data_dir=self.data)
                for value in report.get("key_latencies_ms") or []:
                    if value is None:
                        missing += 1
                    else:
                        latencies.append(value)
            rows.append((label, latencies, missing))
        print("## 7. Key → first output byte while saves are slow")
        print()
        print(
            "The dumbbell screen before set 1 (no clock ticks), %d keys %d ms apart per run, %d runs: every other "
            "key saves a setting (`u` the unit, `R` auto rest), Tab between them. Milliseconds from writing the key "
            "to the pseudo-terminal to the first byte TermFit writes back. Once with the store as it is, once with "
            "every write transaction held 200 ms (`TERMFIT_BENCH_SAVE_DELAY_MS=200`, a benchmark-only knob). "
            "Target: p99 ≤ 16 ms in both. Saves run on the store worker, off the run loop's thread, so a slow "
            "save holds no key's answer. With a PostgreSQL server (`make bench` starts a private one), a third "
            "row: the same keys on that server while four boxes of 25 members log a set every 3 s on it "
            "(section 11)." % (count, gap * 1000, KEY_LATENCY_RUNS))
        print()
        print("| store | keys | p50 ms | p99 ms | max ms | no answer before the next key |")
        print("|---|---:|---:|---:|---:|---:|")
        for label, latencies, missing in rows:
            print("| %s | %d | %s | %s | %s | %d |" % (
                label, len(latencies) + missing, show(percentile(latencies, 50), 1),
                show(percentile(latencies, 99), 1), show(max(latencies) if latencies else None, 1), missing))
        print()
        sys.stdout.flush()

    def run(self):
        for name in ("countdown", "flipping", "idle", "startup", "resize_storm", "countdown_tmux", "circuit_tmux",
                     "key_latency"):
            if self.wanted(name):
                getattr(self, name)()
        shutil.rmtree(self.data, ignore_errors=True)


STEADY_COLUMNS = [
    ("B/s", lambda r: r.get("steady_bytes_per_second"), 1),
    ("wake-ups/s", lambda r: r.get("steady_wakeups_per_second"), 2),
    ("CPU ms/min", lambda r: per_minute(r.get("steady_cpu_seconds"), r.get("steady_seconds"), 1000), 1),
]

RSS_COLUMN = ("peak RSS MiB", lambda r: kib_to_mib(r.get("peak_rss_kib")), 1)

# Runs of each program for the first frame (section 4), whatever --runs says.
FIRST_FRAME_RUNS = 15

# Runs of the key → first byte scenario with each store.
KEY_LATENCY_RUNS = 3


def percentile(values, wanted):
    """The nearest-rank percentile of `values` (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-wanted * len(ordered) // 100))
    return ordered[min(len(ordered), rank) - 1]


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


class TmuxPane:
    """A program alone in a detached tmux session (a server of its own), its output recorded."""

    def __init__(self, argv, size, env=None, stderr=None):
        self.socket = "termfit-bench-%d-%d" % (os.getpid(), int(time.monotonic() * 1000))
        self.output = tempfile.NamedTemporaryFile(prefix="termfit-bench-pane-", delete=False).name
        width, height = size.split("x")
        command = " ".join(shell_quote(a) for a in argv)
        if stderr:
            command += " 2>" + shell_quote(stderr)
        environment = " ".join("%s=%s" % (k, shell_quote(v)) for k, v in (env or {}).items())
        # The pane waits for pipe-pane before the program starts, and stays after it ends.
        script = "sleep 0.3; env %s %s; sleep 600" % (environment, command)
        self.tmux("new-session", "-d", "-x", width, "-y", height, "-s", "bench", script)
        self.tmux("set-option", "-g", "status", "off")
        self.tmux("pipe-pane", "-t", "bench", "-o", "cat >> " + shell_quote(self.output))

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null"] + list(arguments),
                              capture_output=True, text=True).stdout

    def bytes(self):
        return os.path.getsize(self.output)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "bench")

    def wait_for(self, text, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return True
            time.sleep(0.05)
        raise RuntimeError("tmux: %r never showed" % text)

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "bench", *keys)

    def program_pid(self):
        """The process the pane's shell started (the program measured), or `None`."""
        shell = self.tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").strip()
        if not shell.isdigit():
            return None
        try:
            with open("/proc/%s/task/%s/children" % (shell, shell), encoding="utf-8") as children:
                found = [int(pid) for pid in children.read().split()]
        except OSError:
            return None
        return found[0] if found else None

    def close(self):
        self.tmux("kill-server")
        os.unlink(self.output)


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def tmux_countdown(termfit, size, seconds, data_dir):
    """TermFit's countdown for `seconds` after Start, then left with q y: the bytes a second
    from 1 s to 21 s (pipe-pane), TERMFIT_STATS' bytes written, the digits' rows at 1 s."""
    stats = tempfile.NamedTemporaryFile(prefix="termfit-bench-stats-", delete=False).name
    pane = TmuxPane([termfit, "hiit", "--seconds", "59", "--quiet"], size,
                    env={"TERMFIT_STATS": "1", "TERMFIT_DATA_DIR": data_dir}, stderr=stats)
    try:
        pane.wait_for("Get Started")
        pane.keys("Enter")
        pane.wait_for("Ready")
        time.sleep(0.3)
        pane.keys("Enter")
        start = time.monotonic()
        time.sleep(1)
        first = pane.bytes()
        inked = [i for i, line in enumerate(pane.screen().splitlines()) if re.search("[█▀▄]", line)]
        # From the top of the digits to their bottom (tall digits have dashed strokes).
        rows = inked[-1] - inked[0] + 1 if inked else 0
        rate = None
        if seconds > 1:
            time.sleep(start + seconds - time.monotonic())
            rate = (pane.bytes() - first) / (seconds - 1)
        pane.keys("q")
        time.sleep(0.3)
        pane.keys("y")
        deadline = time.monotonic() + 5
        written = None
        while time.monotonic() < deadline and written is None:
            time.sleep(0.1)
            match = re.search(r"bytes written\s+(\d+)", open(stats, encoding="utf-8", errors="replace").read())
            written = int(match.group(1)) if match else None
        return {"rate": rate, "stats": written, "digit_rows": rows}
    finally:
        pane.close()
        os.unlink(stats)


def tmux_clock(argv, size, seconds=21, wakeups=False):
    """A clock in a tmux pane: its bytes (and, when asked, wake-ups) a second from 1 s to
    `seconds` after its first frame."""
    pane = TmuxPane(argv, size)
    try:
        deadline = time.monotonic() + 5
        while pane.bytes() == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        start = time.monotonic()
        time.sleep(1)
        first = pane.bytes()
        pid = pane.program_pid() if wakeups else None
        switches = context_switches(pid)
        time.sleep(start + seconds - time.monotonic())
        result = {"rate": (pane.bytes() - first) / (seconds - 1)}
        if wakeups:
            later = context_switches(pid)
            result["wakeups"] = (later - switches) / (seconds - 1) if None not in (later, switches) else None
        return result
    finally:
        pane.close()


def context_switches(pid):
    """Voluntary context switches of every thread of `pid` so far: each wake-up from `poll()` is
    one (involuntary ones, the scheduler's, are left out: they grow with the machine's load)."""
    if pid is None:
        return None
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/status" % (pid, task), encoding="utf-8") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches"):
                        total += int(line.split()[1])
    except OSError:
        return None
    return total


def tmux_circuit(termfit, size, data_dir):
    """TermFit's hands-free circuit: bytes and wake-ups a second from 1 s to 21 s of the warm-up,
    bytes a second from 1 s to 41 s, the digits' rows at 1 s; then left with q y."""
    pane = TmuxPane([termfit, "hiit", "--seconds", "20", "--quiet"], size,
                    env={"TERMFIT_DATA_DIR": data_dir})
    try:
        pane.wait_for("Get Started")
        time.sleep(0.3)
        pane.keys("c")
        pane.wait_for("Warm-up")
        start = time.monotonic()
        time.sleep(1)
        first = pane.bytes()
        pid = pane.program_pid()
        switches = context_switches(pid)
        inked = [i for i, line in enumerate(pane.screen().splitlines()) if re.search("[█▀▄]", line)]
        inked = [i for i in inked if i < len(pane.screen().splitlines()) - 4]
        rows = inked[-1] - inked[0] + 1 if inked else 0
        time.sleep(start + 21 - time.monotonic())
        rate = (pane.bytes() - first) / 20
        later = context_switches(pid)
        wakeups = (later - switches) / 20 if None not in (later, switches) else None
        time.sleep(start + 41 - time.monotonic())
        changing = (pane.bytes() - first) / 40
        pane.keys("q")
        time.sleep(0.3)
        pane.keys("y")
        time.sleep(0.3)
        return {"rate": rate, "wakeups": wakeups, "changing": changing, "digit_rows": rows}
    finally:
        pane.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptyrun")
    parser.add_argument("termfit")
    parser.add_argument("--peers")
    parser.add_argument("--floor")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="80x24,200x60")
    parser.add_argument("--only")
    Bench(parser.parse_args()).run()


if __name__ == "__main__":
    main()
