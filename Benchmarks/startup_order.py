#!/usr/bin/env python3
"""Writes the link order of TermFit's functions: the ones a member's session runs, first.

The release build links with `--symbol-ordering-file`: the functions TermFit runs to start, and
then to open each workout, are placed side by side instead of scattered over 18 MB of code. The
kernel maps code in 64 KiB blocks around each page touched, so scattered code costs memory in
every running TermFit (peak RSS 17.3 -> 13.5 MiB at the home screen).

The list comes from running a release build under valgrind's callgrind in tmux, twice (a new
database, then an existing one): the start-up to the home screen with its database open first,
then the way out, then each workout's functions as a group of their own. Run it again
(`make order`) when start-up or a workout changes a lot; names that no longer exist are ignored
by the linker.

Usage: Benchmarks/startup_order.py TERMFIT_BINARY OUTPUT
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Keys and what the screen shows once they are handled, a part per workout, each from the home
# menu and back to it. Each part's functions are placed together, so a session of one workout
# touches the start-up's code and that workout's, not code spread over all four.
HOME = "workouts at the keyboard"
PARTS = [
    [
        # HIIT opens where it was left: the welcome page on a new database, the next exercise on
        # the later start. → then shows an exercise ready to start either way.
        (["1"], "HIIT"),
        (["Right"], "Ready"),
        (["Enter"], "Done"),
        ([], "Go!"),  # past the 3-2-1: the countdown's ticks
        (["Right"], "Leave this page?"),  # a running countdown is not dropped by an arrow
        (["y"], "Start"),
        (["h"], "History"),
        (["Escape"], "Start"),
        (["q"], HOME),
    ],
    [
        (["2"], "Dumbbells"),
        (["2", "0", "Tab", "1", "0", "Enter"], "Dumbbells"),
        (["q"], "Leave?"),  # the set in progress is not saved without asking
        (["y"], HOME),
    ],
    [
        (["3"], "Cards"),
        (["Enter", "Enter", "r"], "Rules"),
        (["Escape", "m"], "Stop to see your exercise"),
        (["Space"], "Start"),
        (["m", "q"], "Leave?"),  # a deck with no card done is not saved without asking
        (["y"], HOME),
    ],
    [
        (["4"], "Flashcards"),
        (["Space", "Right", "Space", "Left"], "Flashcards"),
        (["q"], "Leave?"),  # a session left early is saved as abandoned, after asking
        (["y"], HOME),
    ],
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


def wait_for_pattern(socket, pattern, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if re.search(pattern, tmux(socket, "capture-pane", "-p")):
            return
        time.sleep(0.5)
    raise SystemExit(f"startup_order.py: nothing matched '{pattern}' within {timeout} s")


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
    """Runs the parts under callgrind; returns the profiles in link order: the start-up, the
    way out (every session ends), then one per part."""
    profile = os.path.join(work, f"callgrind-{name}.out")
    command = (
        f"env TERMFIT_DATA_DIR={work}/data valgrind --tool=callgrind --demangle=no "
        f"--callgrind-out-file={profile} {plain} --profile order 2>{work}/valgrind-{name}.log"
    )
    tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", command)

    def dump(number):
        # callgrind writes what ran since the last dump to profile.NUMBER.
        subprocess.run(["callgrind_control", "-d", plain], check=True, capture_output=True)
        wait_for_file(f"{profile}.{number}")
        return f"{profile}.{number}"

    try:
        wait_for(socket, HOME)
        # The database opens just after the menu's first frame, and keys are read once it is
        # open: a key answered (the selection moved down and back) means the start-up is over.
        for key, line in (("j", r"[▸>] 2  Dumbbells"), ("k", r"[▸>] 1  HIIT")):
            tmux(socket, "send-keys", key)
            wait_for_pattern(socket, line)
        parts = [dump(1)]
        for steps in PARTS:
            for keys, text in steps:
                for key in keys:
                    tmux(socket, "send-keys", key)
                    time.sleep(0.5)
                wait_for(socket, text)
            parts.append(dump(len(parts) + 1))
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
    return [parts[0], profile] + parts[1:]


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
        for later_part, first_part in zip(later, first):
            for profile in (later_part, first_part):
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
