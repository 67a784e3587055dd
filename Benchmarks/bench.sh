#!/usr/bin/env bash
# TermFit's benchmarks in one go: the compose+diff micro-benchmarks, then the TermFit binary
# driven on a pseudo-terminal, idle on its home screen, at 80x24 and 200x60. Prints Markdown
# tables on standard output; progress and build logs go to standard error.
#
# Usage: Benchmarks/bench.sh TERMFIT_BINARY
#   TERMFIT_BINARY   the program to measure, e.g. .build/release/termfit (built with
#                    `swift build -c release` at the root); any terminal program works.
# Environment:
#   TERMFIT_ARGS     arguments for the program (default: none, the home screen), split on spaces
#   PTYRUN_ARGS      extra ptyrun options, e.g. "--first-frame-text TermFit"
#   BENCH_RUNS       runs per size (default 5); the tables show medians
#   BENCH_DURATION   seconds per run (default 10)
#   BENCH_SIZES      window sizes (default "80x24 200x60")
#   BENCH_MICRO      0 skips the micro-benchmarks (default 1)
set -euo pipefail

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[[ $# -eq 1 ]] || usage
case "$1" in -h | --help) usage ;; esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
program="$1"
if [[ "$program" != */* ]]; then
    resolved="$(command -v "$program" || true)"
    [[ -n "$resolved" ]] || { echo "bench.sh: $program: not found on PATH" >&2; exit 2; }
    program="$resolved"
fi
[[ -x "$program" ]] || {
    echo "bench.sh: $program is not an executable file (build TermFit with: swift build -c release)" >&2
    exit 2
}
program="$(cd "$(dirname "$program")" && pwd)/$(basename "$program")"

runs="${BENCH_RUNS:-5}"
duration="${BENCH_DURATION:-10}"
read -r -a sizes <<<"${BENCH_SIZES:-80x24 200x60}"
read -r -a program_args <<<"${TERMFIT_ARGS:-}"
read -r -a ptyrun_args <<<"${PTYRUN_ARGS:-}"

log() { echo "bench.sh: $*" >&2; }

# Tools the script needs besides Swift: python3 for the medians.
need_tool() {
    local tool="$1" package="$2"
    command -v "$tool" >/dev/null 2>&1 && return
    if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        log "installing $package"
        apt-get update -qq >&2 && apt-get install -y -qq "$package" >&2
    else
        echo "bench.sh: $tool is missing; install it with: sudo apt-get install -y $package" >&2
        exit 2
    fi
}
command -v swift >/dev/null 2>&1 || { echo "bench.sh: swift is not on PATH" >&2; exit 2; }
need_tool python3 python3

log "building the Benchmarks package (release)"
swift build --package-path "$here" -c release >&2
ptyrun="$(swift build --package-path "$here" -c release --show-bin-path)/ptyrun"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "# TermFit benchmarks"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m), $(nproc) cores, $(uname -sr)."
echo

if [[ "${BENCH_MICRO:-1}" != 0 ]]; then
    log "running the compose+diff micro-benchmarks"
    (cd "$here" && swift package benchmark --target ComposeDiff --no-progress --format markdown \
        --path stdout --time-units nanoseconds) >"$work/micro.md" 2>"$work/micro.log" || {
        cat "$work/micro.log" >&2
        echo "bench.sh: the micro-benchmarks failed" >&2
        exit 1
    }
    python3 - "$work/micro.md" <<'EOF'
import re, sys

# The plugin's Markdown: "### name", then rows "| Metric | p0 | p25 | p50 | ...".
results, name = {}, None
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("### "):
        name = line[4:].strip()
    elif name and line.startswith("|"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 3 and re.fullmatch(r"[\d.]+", cells[3]):
            results.setdefault(name, {})[cells[0]] = float(cells[3])

def metric(name, prefix):
    return next((v for k, v in results.get(name, {}).items() if k.startswith(prefix)), None)

floor = metric("harness-floor", "Malloc") or 0
print("## Compose + diff (p50 per frame)")
print()
if floor:
    print("Mallocs are net of the %d that the measuring itself makes per sample." % floor)
    print()
print("| benchmark | size | wall clock (µs) | mallocs |")
print("|---|---|---:|---:|")
rows = [n for n in results if n != "harness-floor"]
for name in sorted(rows, key=lambda n: (n.rsplit(" ", 1)[-1] != "80x24", n)):
    kind, size = name.rsplit(" ", 1)
    time, mallocs = metric(name, "Time (wall clock)"), metric(name, "Malloc")
    time_text = "%.1f" % (time / 1000) if time is not None else "?"
    malloc_text = "%d" % max(0, mallocs - floor) if mallocs is not None else "?"
    print("| %s | %s | %s | %s |" % (kind, size.replace("x", "×"), time_text, malloc_text))
print()
EOF
fi

for size in "${sizes[@]}"; do
    for run in $(seq 1 "$runs"); do
        log "$(basename "$program") ${program_args[*]:-} at $size, run $run of $runs (${duration} s)"
        "$ptyrun" --size "$size" --duration "$duration" --json-file "$work/idle-$size-$run.json" \
            ${ptyrun_args[@]+"${ptyrun_args[@]}"} -- "$program" ${program_args[@]+"${program_args[@]}"} >&2
    done
done

python3 - "$work" "$program ${program_args[*]:-}" "$duration" "$runs" "${sizes[@]}" <<'EOF'
import glob, json, os, statistics, sys

work, command, duration, runs, sizes = sys.argv[1], sys.argv[2].strip(), sys.argv[3], sys.argv[4], sys.argv[5:]

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None

def show(value, digits=0):
    if value is None:
        return "–"
    return ("%%.%df" % digits) % value

print("## %s idle for %s s on a pseudo-terminal (median of %s runs)" % (os.path.basename(command), duration, runs))
print()
print("| size | bytes after first frame (target 0) | B/s | wake-ups/s | CPU s | voluntary ctx switches "
      "| first frame ms | first frame B | peak RSS MiB | restored |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for size in sizes:
    reports = [json.load(open(path)) for path in sorted(glob.glob(os.path.join(work, "idle-%s-*.json" % size)))]
    get = lambda key: median([r.get(key) for r in reports])
    rss = get("peak_rss_kib")
    restored = sum(1 for r in reports if r.get("restored"))
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %d of %d |" % (
        size.replace("x", "×"), show(get("steady_bytes")), show(get("steady_bytes_per_second"), 1),
        show(get("steady_wakeups_per_second"), 2), show(get("cpu_seconds"), 3),
        show(get("voluntary_context_switches")), show(get("first_frame_ms"), 1), show(get("first_frame_bytes")),
        show(rss / 1024 if rss is not None else None, 1), restored, len(reports)))
print()
print("Command: `%s`. Bytes after first frame and wake-ups/s cover the steady state, from the end of the "
      "first frame (the first 50 ms pause in output) to SIGTERM; CPU s and voluntary context switches "
      "are the whole run (rusage); peak RSS is VmHWM." % command)
EOF
