#!/usr/bin/env bash
# TermFit's benchmarks in one go: the compose+diff micro-benchmarks, then TermFit and the terminal
# programs people use instead (tty-clock, termdown, tclock) side by side on a pseudo-terminal.
# Prints Markdown on standard output; progress and build logs go to standard error.
#
# Usage: Benchmarks/bench.sh TERMFIT_BINARY
#   TERMFIT_BINARY   the TermFit to measure, e.g. .build/release/termfit (a release build)
# Environment:
#   BENCH_RUNS       runs per program and size (default 5); the tables show medians
#   BENCH_SIZES      window sizes (default "80x24 200x60")
#   BENCH_ONLY       scenarios to run, comma-separated
#                    (countdown,flipping,idle,startup,resize_storm,countdown_tmux,circuit_tmux,
#                    key_latency)
#   BENCH_MICRO      0 skips the micro-benchmarks (default 1)
#   BENCH_PEERS      where the PyPI peers are installed (default Benchmarks/.build/peers)
set -euo pipefail

usage() {
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2
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
read -r -a sizes <<<"${BENCH_SIZES:-80x24 200x60}"
peers="${BENCH_PEERS:-$here/.build/peers}"

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
# The countdown as members see it runs in tmux panes (scenario countdown_tmux).
need_tool tmux tmux
# The peers: tty-clock from Debian, termdown and tclock from PyPI (in a virtual environment of
# their own, so nothing is installed into the system's Python).
need_tool tty-clock tty-clock
if [[ ! -x "$peers/bin/termdown" || ! -x "$peers/bin/tclock" ]]; then
    log "installing termdown and tclock into $peers"
    if ! python3 -m venv "$peers" >&2; then
        if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
            apt-get install -y -qq python3-venv >&2 && python3 -m venv "$peers" >&2
        else
            echo "bench.sh: python3 cannot make a virtual environment; install python3-venv" >&2
            exit 2
        fi
    fi
    "$peers/bin/pip" install --quiet termdown tclock >&2
fi

log "building ptyrun (release; the micro-benchmarks build their own target)"
swift build --package-path "$here" -c release --product ptyrun >&2
ptyrun="$(swift build --package-path "$here" -c release --show-bin-path)/ptyrun"

# The floor of a first frame (scenario startup): one small menu drawn with ncurses by a C program
# and by a Swift one linked as TermFit's release is, so the table shows what a start costs before
# any of TermFit's own work (docs/BENCHMARKS.md, section 4c).
floor="$here/.build/floor"
root="$(cd "$here/.." && pwd)"
mkdir -p "$floor"
log "building the first-frame floor programs (Benchmarks/floor)"
cc -O2 "$here/floor/menu.c" -o "$floor/menu-c" -lncursesw -ltinfo >&2
swift_link=(-O -static-stdlib -I "$root/Sources/CNcursesw" -Xlinker --no-export-dynamic)
if [[ -x "$root/.build/static-c/ld.lld" ]]; then
    # The linker Scripts/release.sh writes: lld with the C libraries' static archives.
    swift_link+=(-use-ld=lld "-ld-path=$root/.build/static-c/ld.lld" -Xlinker -z -Xlinker pack-relative-relocs)
fi
[[ -f "$root/.build/static-c++/libstdc++.a" ]] && swift_link+=(-L "$root/.build/static-c++")
swiftc "${swift_link[@]}" "$here/floor/menu.swift" -o "$floor/menu-swift" >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "# TermFit benchmarks"
echo
cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -m) (${cpu:-unknown CPU}), $(nproc) cores, \
$(free -g | awk '/^Mem:/ {print $2}') GiB, $(uname -sr). Peers: tty-clock $(dpkg-query -W -f '${Version}' tty-clock \
2>/dev/null || echo '?'), termdown $("$peers/bin/pip" show termdown 2>/dev/null | sed -n 's/^Version: //p'), \
tclock $("$peers/bin/pip" show tclock 2>/dev/null | sed -n 's/^Version: //p'). Medians of $runs runs."
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

log "running the scenarios (${runs} runs of each program at each size)"
python3 "$here/scenarios.py" "$ptyrun" "$program" --peers "$peers" --floor "$floor" --runs "$runs" \
    --sizes "$(IFS=,; echo "${sizes[*]}")" ${BENCH_ONLY:+--only "$BENCH_ONLY"}

# Memory per session with 1 and 20 members, for each link trick (`make bench-memory` writes it).
if [[ -s "$here/memory.md" ]]; then
    echo
    cat "$here/memory.md"
fi

# What was changed to get here, with before and after (kept by hand beside this script).
echo
cat "$here/changes.md"
