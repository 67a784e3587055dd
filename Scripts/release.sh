#!/usr/bin/env bash
# Builds TermFit as it ships: the one release build that `make run`, `make test`, `make install`
# and `make bench` use. Prints the directory of the built `termfit` on standard output; everything
# else (the build, and any trick it had to leave out) goes to standard error.
#
# The link is tuned for memory and start-up (docs/DECISIONS.md, D-011 and D-014); each trick
# is used only where this machine supports it, and a trick left out is said loudly:
#   --static-swift-stdlib     the toolchain's static Swift runtime (lib/swift_static)
#   lld                       ld.lld beside swift or on PATH
#   -z pack-relative-relocs   lld, and glibc 2.36 or later (older loaders cannot run the binary)
#   --no-export-dynamic       always
#   the link order            lld; Benchmarks/startup.order is checked against the binary after
#                             the link, and a stale one is reported (`make order` writes it again)
#   static libstdc++          the compiler's libstdc++.a (clang -print-file-name)
#   static C libraries        lld, and libsqlite3.a, libncursesw.a, libtinfo.a, libzstd.a and libz.a
# The flags, with the toolchain's version, are kept in .build/release-flags; when they change, the
# release directory is deleted first, so no object built with other flags survives (swift-frontend
# would otherwise keep an object whose IR did not change, e.g. one from before -function-sections).
#
# Usage: Scripts/release.sh [--product NAME]...   (default: --product termfit)
# With TERMFIT_RELEASE_FLAGS_ONLY=1 it prints the flags (one a line) instead of building.
# Environment: SWIFT (default swift).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
swift="${SWIFT:-swift}"
command -v "$swift" >/dev/null 2>&1 || { echo "release.sh: $swift is not on PATH" >&2; exit 1; }
toolchain="$(dirname "$(readlink -f "$(command -v "$swift")")")"

loud() {
    printf '\n*** TermFit release build: %s\n\n' "$*" >&2
}

flags=(-c release)
using_lld=0

if [[ -e "$toolchain/../lib/swift_static/linux/libswiftCore.a" ]]; then
    flags+=(--static-swift-stdlib)
else
    loud "this toolchain has no static Swift runtime (lib/swift_static); linking it as shared libraries (slower start, more memory per session)"
fi

if [[ -x "$toolchain/ld.lld" ]] || command -v ld.lld >/dev/null 2>&1; then
    flags+=(-Xswiftc -use-ld=lld)
    using_lld=1
else
    loud "ld.lld not found (beside swift or on PATH); linking with the default linker, without packed relocations or the link order"
fi

if [[ $using_lld == 1 ]]; then
    glibc="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')"
    if [[ -n "$glibc" ]] && [[ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" == 2.36 ]]; then
        flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
    else
        loud "glibc ${glibc:-of unknown version} is older than 2.36, whose loader packed relocations need; linking without -z pack-relative-relocs"
    fi
fi

flags+=(-Xlinker --no-export-dynamic)

order="$root/Benchmarks/startup.order"
if [[ $using_lld == 1 && -s "$order" ]]; then
    # The check after the link below stands in for the linker's own warnings, one per missing name.
    flags+=(-Xswiftc -Xfrontend -Xswiftc -function-sections
        -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
elif [[ $using_lld == 1 ]]; then
    loud "Benchmarks/startup.order is missing; linking without a link order (make order writes it)"
fi

# The C++ library the Swift runtime uses, from its static archive: `-lstdc++` is then found in
# .build/static-c++ before the shared library.
static_cxx="$root/.build/static-c++"
mkdir -p "$static_cxx"
archive="$("$toolchain/clang" -print-file-name=libstdc++.a 2>/dev/null || true)"
if [[ "$archive" == /* && -f "$archive" ]]; then
    ln -sfn "$archive" "$static_cxx/libstdc++.a"
    flags+=(-Xswiftc "-L$static_cxx")
else
    rm -f "$static_cxx/libstdc++.a"
    loud "the compiler has no libstdc++.a (install libstdc++-dev for its GCC); linking the shared libstdc++ (about 1 MiB more per session)"
fi

# The C libraries TermFit links at build time (SQLite, ncurses and its terminfo library, zstd and
# zlib) from their static archives, which the -dev packages `make` installs hold: a start then
# maps three shared libraries instead of eight, and the loader binds none of their symbols
# (D-255). SwiftPM puts /usr/lib/x86_64-linux-gnu, where the shared libraries are, before any
# directory of ours and the -l flags before any -Xlinker flag, so the archives go through a
# small linker in .build/static-c: it calls ld.lld with the archives first and --as-needed, and
# the shared libraries nothing needs any more are left out of the binary.
static_c="$root/.build/static-c"
archives=()
if [[ $using_lld == 1 ]]; then
    for library in sqlite3 ncursesw tinfo zstd z; do
        archive="$("$toolchain/clang" -print-file-name="lib$library.a" 2>/dev/null || true)"
        if [[ "$archive" == /* && -f "$archive" ]]; then
            archives+=("$archive")
        else
            archives=()
            loud "lib$library.a is missing (its -dev package); linking the C libraries as shared libraries (a slower start)"
            break
        fi
    done
fi
if [[ ${#archives[@]} -gt 0 ]]; then
    lld="$toolchain/ld.lld"
    [[ -x "$lld" ]] || lld="$(command -v ld.lld)"
    mkdir -p "$static_c"
    {
        printf '#!/bin/sh\n# Written by Scripts/release.sh: ld.lld with the static archives of the C libraries first.\n'
        printf 'exec %q --as-needed' "$lld"
        printf ' %q' "${archives[@]}"
        printf ' "$@"\n'
    } >"$static_c/ld.lld.new"
    chmod +x "$static_c/ld.lld.new"
    mv "$static_c/ld.lld.new" "$static_c/ld.lld"
    flags+=(-Xswiftc "-ld-path=$static_c/ld.lld")
fi

if [[ "${TERMFIT_RELEASE_FLAGS_ONLY:-0}" == 1 ]]; then
    printf '%s\n' "${flags[@]}"
    exit 0
fi

products=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --product) products+=("$2"); shift 2 ;;
        *) echo "usage: Scripts/release.sh [--product NAME]..." >&2; exit 2 ;;
    esac
done
[[ ${#products[@]} -gt 0 ]] || products=(termfit)

bin="$("$swift" build "${flags[@]}" --show-bin-path)"
stamp="$root/.build/release-flags"
wanted="$("$swift" --version 2>/dev/null | head -1); ${flags[*]}; ${archives[*]}"
if [[ -d "$bin" && "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
    echo "release.sh: the release flags or the toolchain changed since the last release build; building it again from scratch" >&2
    rm -rf "$bin"
fi
for product in "${products[@]}"; do
    "$swift" build "${flags[@]}" --product "$product" >&2
done
printf '%s\n' "$wanted" >"$stamp"

binary="$bin/termfit"
if [[ -x "$binary" ]]; then
    "$binary" --version >/dev/null 2>&1 || {
        loud "the release binary does not start on this machine: $("$binary" --version 2>&1 | head -3)"
        exit 1
    }
    if [[ " ${flags[*]} " == *" --symbol-ordering-file="* ]]; then
        listed="$(grep -v '^#' "$order" | sort -u)"
        total="$(grep -c . <<<"$listed")"
        found="$(nm --defined-only "$binary" | awk '{print $3}' | sort -u | comm -12 - <(printf '%s\n' "$listed") | grep -c . || true)"
        if ((found * 10 < total * 9)); then
            loud "Benchmarks/startup.order is stale: only $found of its $total functions are in this build (another toolchain, dependency version or a changed start-up); the link order is mostly ignored. Run 'make order' to write it again."
        fi
    fi
fi
echo "$bin"
