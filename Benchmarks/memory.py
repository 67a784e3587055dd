#!/usr/bin/env python3
"""What each TermFit session costs on a box with many members: PSS and USS per session, and the
time to the first frame, for one or more builds of TermFit side by side.

For each binary and each session count (1 and 20 by default) it starts that many TermFit sessions
in tmux, each 80x24 with a data directory of its own (as members on a kiosk have), waits until
every one shows the screen asked for, and reads each process's /proc/PID/smaps_rollup:
- PSS: the pages it maps, each shared page divided by the number of processes that map it. At 20
  sessions this is what one more member costs the box, code shared with the others included.
- USS: the pages no other process maps (Private_Clean + Private_Dirty): the least a session costs.
- RSS for comparison (it counts shared code in full, so it says little about many sessions).
Then, with the sessions still running, it starts one more TermFit on a pseudo-terminal, 15
times, and times exec to the end of its first frame (the first 50 ms pause in its output after
the home screen's text appeared).

The binary's pages are dropped from the page cache (posix_fadvise) before each binary is measured,
so every build is read from disk the same way (the kernel maps a file in folios whose size depends
on how the file reached the cache; see docs/DECISIONS.md).

Usage: Benchmarks/memory.py [--sessions 1,20] [--screen home|cards] [--runs 15] NAME=BINARY ...
Prints a Markdown table on standard output; progress goes to standard error.
"""

import argparse
import fcntl
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HOME = "workouts at the keyboard"
SCREENS = {
    # The home menu, idle.
    "home": ([], HOME),
    # A workout running: cards flipping at 10 Hz.
    "cards": (["cards", "--mode", "flip"], "Stop"),
}


def log(message):
    print("memory.py: " + message, file=sys.stderr, flush=True)


def tmux(socket, *arguments, check=True):
    return subprocess.run(
        ["tmux", "-L", socket, "-f", "/dev/null", *arguments], check=check, capture_output=True, text=True
    ).stdout


def drop_from_page_cache(path):
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def rollup(pid):
    """Pss, USS and Rss of a process in KiB."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as lines:
        for line in lines:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    return {
        "pss": fields.get("Pss", 0),
        "uss": fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0),
        "rss": fields.get("Rss", 0),
    }


def start_sessions(socket, binary, count, screen, work):
    arguments, text = SCREENS[screen]
    for number in range(count):
        data = os.path.join(work, f"member-{number}")
        os.makedirs(data, exist_ok=True)
        tmux(
            socket, "new-session", "-d", "-s", f"m{number}", "-x", "80", "-y", "24",
            "-e", f"TERMFIT_DATA_DIR={data}", "-e", "LANG=C.UTF-8", "-e", "TERM=tmux-256color",
            binary, *arguments, "--profile", "member",
        )
    pids = []
    deadline = time.monotonic() + 60 + 3 * count
    for number in range(count):
        while text not in tmux(socket, "capture-pane", "-p", "-t", f"m{number}", check=False):
            if time.monotonic() > deadline:
                raise SystemExit(f"memory.py: session {number} of {binary} did not show '{text}'")
            time.sleep(0.1)
        pids.append(int(tmux(socket, "display-message", "-p", "-t", f"m{number}", "#{pane_pid}").strip()))
    # Let every session finish what it does after its first frame (the database opens then).
    time.sleep(2)
    return pids


def first_frame_ms(binary, work, quiet=0.05):
    """Milliseconds from exec to the end of the first frame on a fresh 80x24 pseudo-terminal."""
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    data = os.path.join(work, "first-frame")
    os.makedirs(data, exist_ok=True)
    environment = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", TERMFIT_DATA_DIR=data)
    environment.pop("TERMFIT_STATS", None)

    def become_session_leader():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    started = time.monotonic()
    process = subprocess.Popen(
        [binary, "--profile", "member"], stdin=slave, stdout=slave, stderr=slave, env=environment,
        preexec_fn=become_session_leader, close_fds=True,
    )
    os.close(slave)
    output, last, seen = b"", None, False
    try:
        while True:
            timeout = quiet if seen else 10
            ready, _, _ = select.select([master], [], [], timeout)
            if not ready:
                break
            chunk = os.read(master, 65536)
            if not chunk:
                break
            output += chunk
            last = time.monotonic()
            seen = seen or HOME.encode() in output
        if not seen:
            raise SystemExit(f"memory.py: {binary} showed no home screen on a pseudo-terminal")
        return (last - started) * 1000
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            while select.select([master], [], [], 2)[0] and os.read(master, 65536):
                pass
        except OSError:
            pass
        process.wait(timeout=10)
        os.close(master)


def measure(binary, count, screen, runs):
    socket = f"termfit-memory-{os.getpid()}"
    work = tempfile.mkdtemp(prefix="termfit-memory-")
    try:
        pids = start_sessions(socket, binary, count, screen, work)
        figures = [rollup(pid) for pid in pids]
        frames = [first_frame_ms(binary, work) for _ in range(runs)]
        return {
            "pss": statistics.median(f["pss"] for f in figures) / 1024,
            "uss": statistics.median(f["uss"] for f in figures) / 1024,
            "rss": statistics.median(f["rss"] for f in figures) / 1024,
            "total_pss": sum(f["pss"] for f in figures) / 1024,
            "frame": statistics.median(frames),
        }
    finally:
        tmux(socket, "kill-server", check=False)
        shutil.rmtree(work, ignore_errors=True)


def size_mib(path):
    return os.path.getsize(path) / 1024 / 1024


def stripped_mib(path):
    with tempfile.TemporaryDirectory(prefix="termfit-strip-") as scratch:
        copy = os.path.join(scratch, "termfit")
        subprocess.run(["strip", "-o", copy, path], check=True)
        return size_mib(copy)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", default="1,20")
    parser.add_argument("--screen", default="home", choices=sorted(SCREENS))
    parser.add_argument("--runs", type=int, default=15, help="first-frame starts per binary and count")
    parser.add_argument("builds", nargs="+", metavar="NAME=BINARY")
    options = parser.parse_args()
    counts = [int(c) for c in options.sessions.split(",")]
    for tool in ("tmux", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"memory.py: needs {tool}")
    builds = []
    for entry in options.builds:
        name, _, path = entry.partition("=")
        if not path or not os.access(path, os.X_OK):
            sys.exit(f"memory.py: {entry}: expected NAME=BINARY with an executable BINARY")
        builds.append((name, os.path.abspath(path)))

    header = ["build", "size MiB (stripped)"]
    for count in counts:
        header += [f"PSS/session MiB ×{count}", f"USS/session MiB ×{count}", f"first frame ms ×{count}"]
    print(f"Screen: {options.screen}, 80×24; medians over the sessions; first frame: median of {options.runs} starts.")
    print()
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 1))
    for name, path in builds:
        row = [name, "%.1f (%.1f)" % (size_mib(path), stripped_mib(path))]
        for count in counts:
            log(f"{name}: {count} session(s)")
            drop_from_page_cache(path)
            result = measure(path, count, options.screen, options.runs)
            row += ["%.2f" % result["pss"], "%.2f" % result["uss"], "%.1f" % result["frame"]]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
