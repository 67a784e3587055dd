#!/usr/bin/env python3
"""Writes the link order of TermFit's functions: the ones a member's session runs, first.

The release build links with `--symbol-ordering-file`: the functions TermFit runs to start, and
then to open each workout, are placed side by side instead of scattered over 18 MB of code. The
kernel maps code in 64 KiB blocks around each page touched, so scattered code costs memory in
every running TermFit (peak RSS 17.3 -> 13.5 MiB at the home screen).

The list comes from running a release build under valgrind's callgrind in tmux: start-up to the
home screen first, then a pass through every workout. Run it again (`make order`) when start-up
or a workout changes a lot; names that no longer exist are ignored by the linker.

Usage: Benchmarks/startup_order.py TERMFIT_BINARY OUTPUT
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Keys and what the screen shows once they are handled: home, then each workout and back.
SESSION = [
    ([], "workouts at the keyboard"),
    (["1"], "Welcome"),
    (["Enter"], "Start"),
    (["Enter"], "Done"),
    ([], "Go!"),  # past the 3-2-1: the countdown's ticks
    (["Right"], "Start"),
    (["h"], "History"),
    (["Escape"], "Start"),
    (["q"], "workouts at the keyboard"),
    (["2"], "Dumbbells"),
    (["2", "0", "Tab", "1", "0", "Enter"], "Dumbbells"),
    (["q"], "workouts at the keyboard"),
    (["3"], "Cards"),
    (["Enter", "Enter", "r"], "Rules"),
    (["Escape", "m"], "Stop to see your exercise"),
    (["Space"], "Start"),
    (["m", "q"], "workouts at the keyboard"),
    (["4"], "Flashcards"),
    (["Space", "Right", "Space", "Left"], "Flashcards"),
    (["q"], "workouts at the keyboard"),
]


def tmux(socket, *arguments):
    return subprocess.run(
        ["tmux", "-L", socket, *arguments], check=True, capture_output=True, text=True
    ).stdout


def wait_for(socket, text, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in tmux(socket, "capture-pane", "-p"):
            return
        time.sleep(0.5)
    raise SystemExit(f"startup_order.py: '{text}' did not appear within {timeout} s")


def wait_for_file(path, timeout=60):
    deadline = time.monotonic() + timeout
    while not (os.path.exists(path) and os.path.getsize(path) > 0):
        if time.monotonic() > deadline:
            sys.exit(f"startup_order.py: callgrind wrote no {os.path.basename(path)}")
        time.sleep(0.5)


def defined_functions(binary):
    listing = subprocess.run(
        ["nm", "--defined-only", binary], check=True, capture_output=True, text=True
    ).stdout
    names = set()
    for line in listing.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] in "tTwW":
            names.add(parts[2])
    return names


def functions_run(profile, defined, seen, order):
    pattern = re.compile(r"^c?fn=\(\d+\) (.+)$")
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = pattern.match(line.rstrip("\n"))
            if match and match.group(1) in defined and match.group(1) not in seen:
                seen.add(match.group(1))
                order.append(match.group(1))


def run_session(plain, work, socket, name):
    """Runs SESSION under callgrind; returns the profiles of the start-up and of the rest."""
    profile = os.path.join(work, f"callgrind-{name}.out")
    command = (
        f"env TERMFIT_DATA_DIR={work}/data valgrind --tool=callgrind --demangle=no "
        f"--callgrind-out-file={profile} {plain} --profile order 2>{work}/valgrind-{name}.log"
    )
    tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", command)
    try:
        wait_for(socket, SESSION[0][1])
        # The start-up's functions go to a file of their own (profile.1), to be placed first.
        subprocess.run(["callgrind_control", "-d", plain], check=True, capture_output=True)
        wait_for_file(profile + ".1")
        for keys, text in SESSION[1:]:
            for key in keys:
                tmux(socket, "send-keys", key)
                time.sleep(0.5)
            wait_for(socket, text)
        tmux(socket, "send-keys", "q")
        # callgrind writes the rest as TermFit ends; the session ends with it.
        deadline = time.monotonic() + 60
        while subprocess.run(["tmux", "-L", socket, "has-session"], capture_output=True).returncode == 0:
            if time.monotonic() > deadline:
                sys.exit("startup_order.py: TermFit did not quit")
            time.sleep(0.5)
        wait_for_file(profile)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
    return profile + ".1", profile


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    binary, output = sys.argv[1], sys.argv[2]
    for tool in ("valgrind", "callgrind_control", "tmux", "objcopy", "nm"):
        if shutil.which(tool) is None:
            sys.exit(f"startup_order.py: needs {tool} (make order installs it)")
    work = tempfile.mkdtemp(prefix="termfit-order-")
    socket = f"termfit-order-{os.getpid()}"
    try:
        # valgrind cannot read the DWARF 5 of Swift's debug information; the symbols are enough.
        plain = os.path.join(work, "termfit")
        subprocess.run(["objcopy", "--strip-debug", binary, plain], check=True)
        # Twice on one data directory: the first session makes the database, the second is every
        # later start (an existing database), which runs code of its own.
        first = run_session(plain, work, socket, "first")
        later = run_session(plain, work, socket, "later")
        defined = defined_functions(plain)
        seen, order = set(), []
        for profile in [later[0], first[0], later[1], first[1]]:
            functions_run(profile, defined, seen, order)
        with open(output, "w", encoding="utf-8") as file:
            file.write("# Written by Benchmarks/startup_order.py (make order); see there.\n")
            file.write("\n".join(order) + "\n")
        print(f"startup_order.py: {len(order)} of {len(defined)} functions, start-up first", file=sys.stderr)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
