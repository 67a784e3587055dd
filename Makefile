# TermFit: `make run` starts it, `make test` builds and runs every test. Both install the system
# packages TermFit needs (with apt-get when run as root) or print the command that would.

SWIFT ?= swift
SHELL := /bin/bash
ARGS ?=
# How TermFit is built to be used (Scripts/release.sh): optimised, the Swift runtime linked in,
# linked by lld for memory with the tricks that pay (docs/DECISIONS.md, D-011 and D-014), each
# used only where this machine supports it and said loudly when left out. It prints the directory
# of the built binary.
RELEASE_BUILD := SWIFT=$(SWIFT) Scripts/release.sh
# Where `make install` puts things; DESTDIR stages them (packaging, the tests).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
MANDIR := $(PREFIX)/share/man/man1
BASH_COMPLETIONS := $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS := $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS := $(PREFIX)/share/fish/vendor_completions.d

.PHONY: run release test test-install install uninstall chaos soak fuzz build lint format bench bench-memory order deps \
	test-deps install-missing clean

run: deps
	@bin="$$($(RELEASE_BUILD))" && "$$bin/termfit" $(ARGS)

release: deps
	@$(RELEASE_BUILD) >/dev/null

# Every test; the end-to-end suites run against the release binary, built exactly as `make run`
# builds it (what members run), and the install is tried into a scratch DESTDIR. The unit tests
# run while the release build compiles, and beside the end-to-end tests (Scripts/test.sh). A
# private PostgreSQL cluster (Scripts/postgres-cluster.sh: initdb in a scratch directory, the server
# on a unix socket there, no TCP) serves the run: the store conformance suite runs against it as
# well as against SQLite, and it is stopped and removed afterwards, whatever happened.
test: test-deps
	@SWIFT=$(SWIFT) Scripts/test.sh

# `make install` into a scratch directory: the binary runs, `man -l` renders the page, and bash
# completes the subcommands.
test-install:
	@$(MAKE) --no-print-directory install-missing NEEDS="man:man-db nroff:groff-base"
	@Scripts/test-install.sh

install: deps
	@bin="$$($(RELEASE_BUILD))"; set -e; \
	work="$$(mktemp -d)"; trap 'rm -rf "$$work"' EXIT; \
	SOURCE_DATE_EPOCH="$$(git log -1 --format=%ct 2>/dev/null || echo 0)" \
		python3 Scripts/manpage.py "$$bin/termfit" > "$$work/termfit.1"; \
	for shell in bash zsh fish; do \
		"$$bin/termfit" --generate-completion-script $$shell > "$$work/termfit.$$shell"; done; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASH_COMPLETIONS)" \
		"$(DESTDIR)$(ZSH_COMPLETIONS)" "$(DESTDIR)$(FISH_COMPLETIONS)"; \
	install -m 0755 -s "$$bin/termfit" "$(DESTDIR)$(BINDIR)/termfit"; \
	install -m 0644 "$$work/termfit.1" "$(DESTDIR)$(MANDIR)/termfit.1"; \
	install -m 0644 "$$work/termfit.bash" "$(DESTDIR)$(BASH_COMPLETIONS)/termfit"; \
	install -m 0644 "$$work/termfit.zsh" "$(DESTDIR)$(ZSH_COMPLETIONS)/_termfit"; \
	install -m 0644 "$$work/termfit.fish" "$(DESTDIR)$(FISH_COMPLETIONS)/termfit.fish"; \
	echo "Installed $(DESTDIR)$(BINDIR)/termfit, its man page and bash, zsh and fish completions"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/termfit" "$(DESTDIR)$(MANDIR)/termfit.1" \
		"$(DESTDIR)$(BASH_COMPLETIONS)/termfit" "$(DESTDIR)$(ZSH_COMPLETIONS)/_termfit" \
		"$(DESTDIR)$(FISH_COMPLETIONS)/termfit.fish"

# Minutes of random keys, mouse reports, resizes and Ctrl-Z against every workout (the tests run
# a few seconds of it, always from the same seed). Each run here picks a new seed and prints it;
# TERMFIT_CHAOS_SEED=N replays one.
CHAOS_SECONDS ?= 120
chaos: test-deps
	$(SWIFT) build --build-tests
	TERMFIT_CHAOS_SEED=$${TERMFIT_CHAOS_SEED:-$$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')} \
	TERMFIT_CHAOS_SECONDS=$(CHAOS_SECONDS) TERMFIT_CHAOS_STRICT=1 $(SWIFT) test --skip-build --filter ChaosEndToEndTests

# Hundreds of SIGKILLs at random instants of a first save (the tests run a few dozen): the
# database must open after every one. SOAK_RUNS=N runs more; each run prints its seed.
SOAK_RUNS ?= 500
soak: test-deps
	$(SWIFT) build --build-tests
	TERMFIT_SOAK_RUNS=$(SOAK_RUNS) $(SWIFT) test --skip-build --filter KilledDuringCreationTests

# 100,000 random and mutated inputs through every import parser and the input decoder (the suites
# whose names hold "Fuzz"; `make test` runs a few hundred). FUZZ_INPUTS=N runs more or fewer; a
# failing chunk prints its seed (TERMFIT_FUZZ_SEED=N replays it).
FUZZ_INPUTS ?= 100000
fuzz: test-deps
	$(SWIFT) build --build-tests
	TERMFIT_FUZZ_INPUTS=$(FUZZ_INPUTS) $(SWIFT) test --skip-build --filter Fuzz

build: deps
	$(SWIFT) build

# Files are linted on every core (`--parallel`): CI runs this before `make test`.
lint:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Benchmarks/Sources Benchmarks/Benchmarks

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Benchmarks/Sources Benchmarks/Benchmarks

# Release builds, then: compose+diff micro-benchmarks, the real binary on a pseudo-terminal, the
# database with ten years of workouts, 100,000 Anki notes imported (a package and text) and
# opened (first card), ten years of Strong history (100,000 sets) imported, and four kiosk boxes
# of 25 members logging sets on one private PostgreSQL (Benchmarks/boxes.sh).
# The figures are printed and kept in docs/BENCHMARKS.md; nothing here is a pass/fail test.
bench: deps
	@$(MAKE) --no-print-directory install-missing NEEDS="$(BENCH_NEEDS)"
	@set -o pipefail; bin="$$($(RELEASE_BUILD) --product termfit --product termfit-store-bench)"; data="$$(mktemp -d)"; \
	{ Benchmarks/bench.sh "$$bin/termfit" && \
	  echo && echo "## Database: ten years of daily workouts" && echo && echo '```' && \
	  "$$bin/termfit-store-bench" && echo '```' && echo && \
	  Benchmarks/anki_import.sh "$$bin/termfit" && \
	  echo && echo "## Flashcards: 100,000 notes opened as the app's worker opens them" && echo && echo '```' && \
	  "$$bin/termfit-store-bench" --flashcards 100000 && echo '```' && \
	  echo && echo "## Import: ten years of Strong history (100,000 sets)" && echo && echo '```' && \
	  python3 Benchmarks/import_bench.py "$$bin/termfit" && echo '```' && \
	  echo && echo "## Several kiosk boxes on one PostgreSQL" && echo && \
	  Benchmarks/boxes.sh "$$bin/termfit" "$$bin/termfit-store-bench"; } | tee docs/BENCHMARKS.md; \
	status=$$?; rm -rf "$$data"; exit $$status

# PSS/USS per session with 1 and 20 members, first frame and binary size: the plain release
# build, then each link trick added one at a time (Benchmarks/memory.sh). The table goes to
# Benchmarks/memory.md, which `make bench` puts into docs/BENCHMARKS.md.
bench-memory: deps
	@$(MAKE) --no-print-directory install-missing NEEDS="tmux:tmux python3:python3"
	@set -o pipefail; SWIFT=$(SWIFT) Benchmarks/memory.sh | tee Benchmarks/memory.md.new && \
	mv Benchmarks/memory.md.new Benchmarks/memory.md

# Writes Benchmarks/startup.order from a release build run under valgrind in tmux, then links
# TermFit again with it. Run it when start-up or a workout changed a lot.
order:
	@$(MAKE) --no-print-directory install-missing NEEDS="$(RUN_NEEDS) tmux:tmux valgrind:valgrind python3:python3"
	@bin="$$($(RELEASE_BUILD))" && \
	python3 Benchmarks/startup_order.py "$$bin/termfit" Benchmarks/startup.order && rm -f "$$bin/termfit" && \
	$(RELEASE_BUILD) >/dev/null

# Each entry: a file or command that shows the package is there, then the Debian package.
# libpq5 is PostgreSQL's client library, loaded only when `--database` is used (its copyright
# file is the probe: it is where it is on every architecture). The -dev packages also hold the
# static archives the release build links (Scripts/release.sh), zlib's among them.
RUN_NEEDS := /usr/include/ncursesw/curses.h:libncurses-dev /usr/include/sqlite3.h:libsqlite3-dev \
	/usr/include/zstd.h:libzstd-dev /usr/include/zlib.h:zlib1g-dev pkg-config:pkg-config \
	/usr/share/doc/libpq5/copyright:libpq5
# The end-to-end tests also drive tmux, OpenSSH's server and client (the kiosk tests), python3
# (a job-control stand-in for the chaos runs), the terminal types of ncurses-term (PuTTY's,
# which members' SSH clients announce), GNU screen (Esc in screen) and PostgreSQL's server (the
# store conformance suite's private cluster).
TEST_NEEDS := $(RUN_NEEDS) tmux:tmux /usr/sbin/sshd:openssh-server ssh:openssh-client python3:python3 \
	/usr/share/terminfo/p/putty:ncurses-term screen:screen /usr/lib/postgresql:postgresql

# `make bench` also runs the peers (tty-clock from Debian; termdown and tclock from PyPI, which
# Benchmarks/bench.sh installs into a virtual environment of its own) and drives tmux.
BENCH_NEEDS := tty-clock:tty-clock tmux:tmux python3:python3

deps:
	@$(MAKE) --no-print-directory install-missing NEEDS="$(RUN_NEEDS)"

# The Anki round-trip tests use Anki's own code (the `anki` package from PyPI); tried once,
# quietly. Without it those tests are skipped and say why.
test-deps:
	@$(MAKE) --no-print-directory install-missing NEEDS="$(TEST_NEEDS)"
	@python3 -c 'import anki.collection' 2>/dev/null || [ -e .build/anki-pip-tried ] || { \
		mkdir -p .build && touch .build/anki-pip-tried && \
		python3 -m pip install --quiet anki >/dev/null 2>&1 || \
		echo "Could not install the Python package anki; the Anki round-trip tests will be skipped."; }

install-missing:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
		echo "TermFit needs the Swift toolchain (6.0 or later): https://www.swift.org/install/"; exit 1; }
	@missing=""; \
	for need in $(NEEDS); do \
		probe="$${need%%:*}"; package="$${need##*:}"; \
		case "$$probe" in /*) [ -e "$$probe" ] ;; *) command -v "$$probe" >/dev/null 2>&1 ;; esac \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing:$$missing"; \
			DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
		else \
			echo "TermFit needs these packages:$$missing"; \
			echo "Install them with: sudo apt-get install -y$$missing"; \
			exit 1; \
		fi; \
	fi

clean:
	rm -rf .build .build-plain .build-plain-shared Benchmarks/.build
