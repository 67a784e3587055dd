#!/usr/bin/env python3
"""`make bench`: ten years of Strong history (100,000 sets) through `termfit import`.

Writes a Strong CSV export of the 2024 form (12-hour times with a narrow no-break space,
W and Rest Timer rows, RPE and notes) into a temporary directory, imports it into a fresh
database, then imports it again (everything already there), and prints the wall-clock seconds
its CPU seconds (user + system: what a busy machine does not stretch) and the peak resident
memory of each run (its own, from wait4). Figures are reported, never
asserted.

Usage: Benchmarks/import_bench.py TERMFIT_BINARY [SETS]
"""
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta

EXERCISES = [
    "Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)",
    "Bent Over Row (Barbell)", "Pull Up", "Bicep Curl (Dumbbell)", "Lateral Raise (Dumbbell)",
    "Leg Press (Machine)", "Triceps Pushdown (Cable)",
]


def strong_csv(path, sets):
    rng = random.Random(32)
    written = 0
    day = datetime(2015, 1, 1, 7, 0, 0)
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,"
                  "Workout Notes,RPE\n")
        while written < sets:
            hour = day.hour % 12 or 12
            stamp = day.strftime("%Y-%m-%d ") + f"{hour}:{day:%M:%S}\u202f" + ("AM" if day.hour < 12 else "PM")
            for exercise in rng.sample(EXERCISES, 4):
                for order in ["W", "1", "2", "3", "4", "5", "6", "D"]:
                    if written >= sets:
                        break
                    weight = rng.choice([20, 40, 60, 62.5, 80, 100, 120])
                    note = '"Felt good, fast"' if rng.random() < 0.05 else ""
                    rpe = rng.choice(["", "7", "8", "8.5", "9"])
                    out.write(f"{stamp},Day,1h 5m,{exercise},{order},{weight},{rng.randint(3, 12)},0,0,{note},,{rpe}\n")
                    if order != "D":
                        out.write(f"{stamp},Day,1h 5m,{exercise},Rest Timer,,,,90,,,\n")
                    written += 1
            day += timedelta(days=1, minutes=rng.randint(-30, 30))
    return written


def run(binary, arguments):
    """Runs termfit; returns its wall and CPU seconds, its own peak RSS in KiB (wait4) and its output."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.monotonic()
        child = subprocess.Popen([binary] + arguments, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            sys.exit(f"import_bench: termfit failed ({child.returncode}): {err.read()}")
        return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out.read()


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary = sys.argv[1]
    sets = int(sys.argv[2]) if len(sys.argv) == 3 else 100_000
    with tempfile.TemporaryDirectory(prefix="termfit-import-bench-") as work:
        path = os.path.join(work, "strong.csv")
        written = strong_csv(path, sets)
        size = os.path.getsize(path) / (1 << 20)
        data = ["--data-dir", os.path.join(work, "data"), "--profile", "lifter", "--unit", "kg"]
        print(f"Strong export: {written:,} sets, {size:.1f} MiB")
        seconds, cpu, peak, output = run(binary, ["import", path] + data)
        print(f"first import      {seconds:6.2f} s   CPU {cpu:6.2f} s   peak RSS {peak / 1024:6.1f} MiB")
        print("  " + output.splitlines()[0])
        seconds, cpu, peak, output = run(binary, ["import", path] + data)
        print(f"second import     {seconds:6.2f} s   CPU {cpu:6.2f} s   peak RSS {peak / 1024:6.1f} MiB")
        print("  " + [line for line in output.splitlines() if "already there" in line][0])


if __name__ == "__main__":
    main()
