#!/usr/bin/env bash
# `make bench`'s Anki figures: 100,000 notes (110,000 cards, ten nested decks) written by Anki's own
# exporters (the Python package `anki`) as a package (.apkg) and as "Notes in Plain Text" (.txt),
# each imported by TermFit into a fresh database and then again (every note already there): wall
# seconds and peak memory (RSS) of each import, and of a first import of 10,000 and 50,000 notes
# beside NOTES (memory against file size); then milliseconds from start to the first card on a
# pseudo-terminal, on the collection the package made. Prints Markdown; skipped, saying why,
# when `anki` cannot be imported.
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

# One import: "wall-seconds cpu-seconds MiB cards-added" of `termfit flashcards import FILE` into
# DATA (CPU = user + system, which a busy machine does not stretch).
import_once() {
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$termfit" flashcards import "$1" --data-dir "$2" \
        >"$work/import.out" 2>"$work/import.err" || { cat "$work/import.err" >&2; exit 1; }
    read -r seconds user system kilobytes <"$work/time"
    echo "$seconds $(python3 -c "print(f'{$user + $system:.2f}')") $((kilobytes / 1024))" \
        "$(grep -o 'added [0-9]* cards' "$work/import.out" | grep -o '[0-9]*')"
}

echo "| file | size MiB | cards added | import s | CPU s | peak MiB | again s | again CPU s | again peak MiB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for file in big.apkg big.txt; do
    size="$(python3 -c "import os,sys; print(f'{os.path.getsize(sys.argv[1]) / 1048576:.1f}')" "$work/$file")"
    read -r seconds cpu mebibytes added < <(import_once "$work/$file" "$work/data-$file")
    read -r again again_cpu again_mebibytes _ < <(import_once "$work/$file" "$work/data-$file")
    echo "| $file | $size | $added | $seconds | $cpu | $mebibytes | $again | $again_cpu | $again_mebibytes |"
done
echo

# Peak memory against the size of the file: a streamed import (a package or a text file) holds
# one batch of notes and a page cache of fixed size, so its peak stays flat as the file grows.
echo "| notes | file | import s | CPU s | peak MiB |"
echo "|---:|---|---:|---:|---:|"
for size in 10000 50000; do
    [ "$size" -lt "$notes" ] || continue
    mkdir -p "$work/$size"
    python3 "$root/Scripts/anki_fixture.py" big "$work/$size" "$size" >/dev/null
    for file in big.apkg big.txt; do
        read -r seconds cpu mebibytes _ < <(import_once "$work/$size/$file" "$work/$size/data-$file")
        echo "| $size | $file | $seconds | $cpu | $mebibytes |"
    done
    rm -rf "$work/$size"
done
for file in big.apkg big.txt; do
    read -r seconds cpu mebibytes _ < <(import_once "$work/$file" "$work/fresh-$file")
    echo "| $notes | $file | $seconds | $cpu | $mebibytes |"
done
echo

first_card_ms="$(python3 - "$termfit" "$work/data-big.apkg" <<'PY'
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
echo "The real binary on a pseudo-terminal (80×24), the package's collection: start to the first card" \
    "${first_card_ms:-?} ms (process start, opening the database, the deck list and the first card drawn)."
