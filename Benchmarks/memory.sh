#!/usr/bin/env bash
# `make bench-memory`: what each link trick of the release build (Scripts/release.sh) is worth on a
# box with many members. Builds TermFit twice: a plain `swift build -c release` (in .build-plain)
# and as it ships (in .build); then links the shipped objects again with the tricks taken away and
# added back one at a time, and runs Benchmarks/memory.py on every binary: PSS and USS per session
# with 1 and 20 sessions at the home screen, first frame, binary size. Prints Markdown.
#
#   plain                  swift build -c release (Swift runtime as shared libraries, gold)
#   + static Swift stdlib  --static-swift-stdlib (the shipped objects, gold, nothing else)
#   + lld                  -use-ld=lld
#   + packed relocations   -z pack-relative-relocs
#   + no export-dynamic    --no-export-dynamic
#   + link order           --symbol-ordering-file Benchmarks/startup.order (shared libstdc++)
#   + static libstdc++     the compiler's libstdc++.a (shared C libraries)
#   + static C libraries   SQLite, ncurses, terminfo, zstd and zlib from their archives = the shipped build
# The static rows all use the shipped objects, compiled with -function-sections (SwiftPM's release
# link passes --gc-sections, so those objects alone already let the linker drop more); a second
# set of static objects without it would cost another release build for a row nobody ships.
#
# Environment: MEMORY_SESSIONS (default 1,20), MEMORY_SCREEN (home), MEMORY_RUNS (15),
# MEMORY_ONLY (a regular expression over the variant names).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
swift="${SWIFT:-swift}"
out="$root/.build-plain/variants"
mkdir -p "$out"
log() { echo "memory.sh: $*" >&2; }

# The command SwiftPM links `termfit` with (from `swift build -v`, after removing the binary).
link_command() {
    local bin="$1"
    shift
    rm -f "$bin/termfit"
    "$swift" build "$@" --product termfit -v 2>&1 | grep -F -- "-emit-executable" | grep -F -- "-o $bin/termfit " | tail -1
}

log "building the plain release (.build-plain)"
plain_flags=(-c release --scratch-path "$root/.build-plain")
"$swift" build "${plain_flags[@]}" --product termfit >&2
cp "$("$swift" build "${plain_flags[@]}" --show-bin-path)/termfit" "$out/plain"

log "building the shipped release (Scripts/release.sh)"
shipped_bin="$(SWIFT="$swift" Scripts/release.sh)"
mapfile -t shipped_flags < <(TERMFIT_RELEASE_FLAGS_ONLY=1 SWIFT="$swift" Scripts/release.sh)
shipped_link="$(link_command "$shipped_bin" "${shipped_flags[@]}")"
[[ -n "$shipped_link" ]] || { log "could not find SwiftPM's link command"; exit 1; }
cp "$shipped_bin/termfit" "$out/shipped"

# The shipped link without its tricks: the static runtime, the default linker.
base="${shipped_link/ -use-ld=lld/}"
base="${base/ -Xlinker -z -Xlinker pack-relative-relocs/}"
base="${base/ -Xlinker --no-export-dynamic/}"
base="${base/ -Xlinker --symbol-ordering-file=$root\/Benchmarks\/startup.order -Xlinker --no-warn-symbol-ordering/}"
base="${base/ -L$root\/.build\/static-c++/}"
base="${base/ -ld-path=$root\/.build\/static-c\/ld.lld/}"

relink() {
    local name="$1" command="$2"
    shift 2
    local target="$out/$name"
    command="${command/ -o $shipped_bin\/termfit/ -o $target}"
    eval "$command $*" >&2
}

relink static-stdlib "$base"
relink lld "$base" -use-ld=lld
relink relr "$base" -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
relink no-export "$base" -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
relink order "$base" -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
    -Xlinker "--symbol-ordering-file=$root/Benchmarks/startup.order" -Xlinker --no-warn-symbol-ordering
relink static-cxx "$base" -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
    -Xlinker "--symbol-ordering-file=$root/Benchmarks/startup.order" -Xlinker --no-warn-symbol-ordering \
    "-L$root/.build/static-c++"

names=(plain static-stdlib lld relr no-export order static-cxx shipped)
labels=("plain -c release" "+ static Swift stdlib" "+ lld" "+ packed relocations" "+ --no-export-dynamic"
    "+ link order" "+ static libstdc++" "+ static C libraries (shipped)")
arguments=()
for i in "${!names[@]}"; do
    [[ -z "${MEMORY_ONLY:-}" || "${names[$i]}" =~ ${MEMORY_ONLY} ]] || continue
    arguments+=("${labels[$i]}=$out/${names[$i]}")
done
echo "## Memory per session and first frame, for each link trick"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -sr), $("$swift" --version 2>/dev/null | head -1). \
Each row adds one trick to the row above (\`make bench-memory\`, Benchmarks/memory.sh). PSS counts each \
shared page divided among the processes mapping it: at 20 sessions it is what one more member costs the \
box. USS is what no other process maps. Sizes: the binary as built, and stripped as \`make install\` installs it."
echo
python3 Benchmarks/memory.py --sessions "${MEMORY_SESSIONS:-1,20}" --screen "${MEMORY_SCREEN:-home}" \
    --runs "${MEMORY_RUNS:-15}" "${arguments[@]}"
