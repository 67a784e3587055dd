#!/usr/bin/env bash
# `make bench`, several kiosk boxes on one PostgreSQL (issue 34, docs/kiosk.md "Several boxes"):
# a private server (Scripts/postgres-cluster.sh: a unix socket in a scratch directory, fsync off
# as in the tests), four boxes of 25 members each logging a set every 3 s on it for SECONDS
# (termfit-store-bench --boxes), and meanwhile the key → first byte figures of section 7 on this
# machine with SQLite and with that server, side by side in one run. Prints Markdown.
#
# Usage: Benchmarks/boxes.sh TERMFIT_BINARY STORE_BENCH_BINARY
# Environment: BOXES_SECONDS (default 200: long enough for section 7's three stores).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ $# -eq 2 ]] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
termfit="$1"
store_bench="$2"
seconds="${BOXES_SECONDS:-200}"

cluster="$(mktemp -d "${TMPDIR:-/tmp}/termfit-bench-pg.XXXXXX")"
work="$(mktemp -d)"
trap '"$here/../Scripts/postgres-cluster.sh" stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
url="$("$here/../Scripts/postgres-cluster.sh" start "$cluster")"

echo "boxes.sh: 4 boxes × 25 members logging for $seconds s on $url" >&2
"$store_bench" --boxes "$url" --box-count 4 --members 25 --seconds "$seconds" --gap 3 >"$work/boxes.md" &
load=$!
sleep 5
BENCH_ONLY=key_latency BENCH_MICRO=0 BENCH_POSTGRES_URL="$url" "$here/bench.sh" "$termfit" >"$work/keys.md"
wait "$load"

echo "Four boxes of 25 members, each member on a connection of their own, log a set every 3 s (±20%) for"
echo "$seconds s on one PostgreSQL on this machine (a unix socket; fsync off, as in the tests, so the"
echo "disk's flush is not in these figures). A save is the dumbbellSet command carried out once under"
echo "its command identifier, as the store worker carries it out. Server CPU: every postgres process."
echo
cat "$work/boxes.md"
echo
echo "Meanwhile, key → first output byte on the dumbbell screen (section 7's keys), on SQLite and on"
echo "that server. Target: the PostgreSQL row's p99 no worse than SQLite's."
echo
sed -n '/^| store/,/^$/p' "$work/keys.md"
