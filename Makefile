# TermFit: `make run` starts it, `make test` builds and runs every test. Both install the system
# packages TermFit needs (with apt-get when run as root) or print the command that would.

SWIFT ?= swift
SHELL := /bin/bash
# Debian packages: the ncursesw and SQLite headers, tmux for the end-to-end tests, pkg-config.
APT_PACKAGES := libncurses-dev libsqlite3-dev tmux pkg-config
ARGS ?=
# How TermFit is built to be used: optimised, with the Swift runtime linked in (no shared Swift
# libraries to load and relocate at start: the first frame comes in about half the time).
RELEASE := -c release --static-swift-stdlib

.PHONY: run test build lint format bench deps clean

run: deps
	$(SWIFT) build $(RELEASE) --product termfit
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/termfit" $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

build: deps
	$(SWIFT) build

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks/Sources Benchmarks/Benchmarks

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Benchmarks/Sources Benchmarks/Benchmarks

# Release builds, then: compose+diff micro-benchmarks, the real binary on a pseudo-terminal, and
# the database with ten years of workouts. The figures are printed and kept in docs/BENCHMARKS.md;
# nothing here is a pass/fail test.
bench: deps
	$(SWIFT) build $(RELEASE) --product termfit
	$(SWIFT) build $(RELEASE) --product termfit-store-bench
	@set -o pipefail; bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)"; data="$$(mktemp -d)"; \
	{ TERMFIT_DATA_DIR="$$data" PTYRUN_ARGS="--first-frame-text Workouts" Benchmarks/bench.sh "$$bin/termfit" && \
	  echo "## Database: ten years of daily workouts" && echo && echo '```' && \
	  "$$bin/termfit-store-bench" && echo '```'; } | tee docs/BENCHMARKS.md; \
	status=$$?; rm -rf "$$data"; exit $$status

deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
		echo "TermFit needs the Swift toolchain (6.0 or later): https://www.swift.org/install/"; exit 1; }
	@missing=""; \
	[ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
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
	rm -rf .build Benchmarks/.build
