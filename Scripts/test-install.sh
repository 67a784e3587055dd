#!/usr/bin/env bash
# `make install` into a scratch DESTDIR, then checks what a user gets: the stripped binary runs
# `--version` and `--help`, `man -l` renders the page, and bash completes the subcommands from the
# installed completion script (zsh and fish are checked for their shape only: neither shell is
# installed by the tests). Run by `make test` (as `make test-install`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

stage="$(mktemp -d /tmp/termfit-install-XXXXXX)"
logs="$(mktemp -d /tmp/termfit-install-logs-XXXXXX)"
trap 'rm -rf "$stage" "$logs"' EXIT
prefix=/usr/local
fail() {
    echo "test-install: FAILED: $*" >&2
    exit 1
}

make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" >/dev/null
root="$stage$prefix"

binary="$root/bin/termfit"
[[ -x "$binary" ]] || fail "no $binary"
readelf -S "$binary" | grep -q "\.symtab" && fail "the installed binary is not stripped"
version="$("$binary" --version)" || fail "termfit --version exited with $?"
[[ -n "$version" ]] || fail "termfit --version printed nothing"
"$binary" --help | grep -q "SUBCOMMANDS" || fail "termfit --help lists no subcommands"

page="$root/share/man/man1/termfit.1"
[[ -s "$page" ]] || fail "no man page at $page"
rendered="$(MANWIDTH=80 man -l "$page" 2>"$logs/man.log")" || fail "man -l failed: $(cat "$logs/man.log")"
grep -q "warning" "$logs/man.log" && fail "man -l warned: $(cat "$logs/man.log")"
for section in NAME SYNOPSIS OPTIONS COMMANDS; do
    grep -q "^$section" <<<"$rendered" || fail "the man page has no $section section"
done
grep -q -- "--profile" <<<"$rendered" || fail "the man page does not describe --profile"
grep -q "termfit history" <<<"$rendered" || fail "the man page does not describe termfit history"

completion="$root/share/bash-completion/completions/termfit"
[[ -s "$completion" ]] || fail "no bash completion at $completion"
# Completion scripts call the binary by name for dynamic values: the installed one first on PATH.
completed="$(PATH="$root/bin:$PATH" bash -c "source '$completion'; COMP_WORDS=(termfit hi); COMP_CWORD=1; \
COMP_LINE='termfit hi'; COMP_POINT=\${#COMP_LINE}; _termfit termfit hi termfit; echo \"\${COMPREPLY[*]}\"")"
for word in hiit history; do
    grep -qw "$word" <<<"$completed" || fail "bash completes 'termfit hi' to '$completed', without $word"
done
completed="$(PATH="$root/bin:$PATH" bash -c "source '$completion'; COMP_WORDS=(termfit history --li); \
COMP_CWORD=2; COMP_LINE='termfit history --li'; COMP_POINT=\${#COMP_LINE}; _termfit termfit --li history; \
echo \"\${COMPREPLY[*]}\"")"
grep -q -- "--limit" <<<"$completed" || fail "bash completes 'termfit history --li' to '$completed'"

grep -q "^#compdef termfit" "$root/share/zsh/site-functions/_termfit" || fail "the zsh completion has no #compdef"
grep -Eq "complete -c '?termfit'?" "$root/share/fish/vendor_completions.d/termfit.fish" ||
    fail "the fish completion completes nothing for termfit"

make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
left="$(find "$stage" -type f)"
[[ -z "$left" ]] || fail "make uninstall left: $left"

echo "test-install: make install DESTDIR=… gives a stripped termfit ($version), a man page that man -l renders, and bash, zsh and fish completions; make uninstall removes them"
