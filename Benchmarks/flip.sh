#!/usr/bin/env bash
# The card workout's flip mode on the wire: bytes written per second, wake-ups per second and CPU
# seconds per minute while cards flip at 10 Hz, then the same once Space has stopped them (target:
# 0 B/s and no wake-ups), at 80x24 and 200x60. Reads the program's /proc counters from outside
# while it runs in a private tmux server.
#
# Usage: Benchmarks/flip.sh TERMFIT_BINARY [SECONDS]   (default 20 s per measurement)
set -euo pipefail
[[ $# -ge 1 && -x "$1" ]] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
seconds="${2:-20}"
ticks="$(getconf CLK_TCK)"
for size in 80x24 200x60; do
    width="${size%x*}" height="${size#*x}" socket="termfit-flip-$$-$width" data="$(mktemp -d)"
    tmux -L "$socket" -f /dev/null new-session -d -x "$width" -y "$height" \
        "exec env LANG=C.UTF-8 TERM=xterm-256color TERMFIT_DATA_DIR=$data $binary cards --mode flip --profile bench"
    sleep 1.5
    pid="$(tmux -L "$socket" display -p -t 0 '#{pane_pid}')"
    written() { awk '/^wchar/ {print $2}' "/proc/$pid/io"; }
    cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
    wakeups() { awk '/^voluntary_ctxt/ {print $2}' "/proc/$pid/status"; }
    w1="$(written)" c1="$(cpu)" v1="$(wakeups)"
    sleep "$seconds"
    w2="$(written)" c2="$(cpu)" v2="$(wakeups)"
    tmux -L "$socket" send-keys -t 0 Space
    sleep 1
    w3="$(written)" v3="$(wakeups)"
    sleep "$seconds"
    w4="$(written)" v4="$(wakeups)"
    cpu_per_minute="$(awk -v c="$((c2 - c1))" -v t="$ticks" -v s="$seconds" 'BEGIN { printf "%.3f", c / t * 60 / s }')"
    echo "$size flipping: $(((w2 - w1) / seconds)) B/s, $(((v2 - v1) / seconds)) wake-ups/s," \
        "$cpu_per_minute CPU s per minute; stopped: $(((w4 - w3) / seconds)) B/s, $((v4 - v3)) wake-ups in $seconds s"
    tmux -L "$socket" kill-server
    rm -rf "$data"
done
