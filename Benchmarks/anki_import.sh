#!/usr/bin/env bash
# `make bench`'s Anki figures: a package of 100,000 notes (110,000 cards, ten nested decks) made by
# Anki's own exporter (the Python package `anki`), imported by TermFit: wall seconds and peak
# memory of the import, then milliseconds from start to the first card on a pseudo-terminal.
# Prints Markdown; skipped, saying why, when `anki` cannot be imported.
#
# Usage: Benchmarks/anki_import.sh TERMFIT_BINARY [NOTES]
set -euo pipefail
termfit="$1"
notes="${2:-100000}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "## Anki: $notes notes"
echo
if ! python3 -c 'import anki.collection' 2>/dev/null; then
    echo "Skipped: the Python package \`anki\` is not installed (pip install anki)."
    exit 0
fi
python3 "$root/Scripts/anki_fixture.py" big "$work" "$notes" >/dev/null
/usr/bin/time -f '%e %M' -o "$work/time" "$termfit" flashcards import "$work/big.apkg" --data-dir "$work/data" \
    >"$work/import.out" 2>"$work/import.err"
read -r seconds kilobytes <"$work/time"
first_card_ms="$(python3 - "$termfit" "$work/data" <<'PY'
import os, pty, select, sys, time
termfit, data = sys.argv[1], sys.argv[2]
start = time.monotonic()
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", COLUMNS="80", LINES="24")
    os.execv(termfit, [termfit, "flashcards", "--data-dir", data])
seen = b""
deadline = start + 20
while time.monotonic() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
        if b"Time" in seen:
            print(round((time.monotonic() - start) * 1000, 1))
            break
os.write(fd, b"q")
time.sleep(0.2)
os.kill(pid, 9)
PY
)"
echo "| notes | cards | import s | import peak MiB | first card ms |"
echo "|---|---|---|---|---|"
echo "| $notes | $(grep -o 'added [0-9]* cards' "$work/import.out" | grep -o '[0-9]*') | $seconds | $((kilobytes / 1024)) | ${first_card_ms:-?} |"
