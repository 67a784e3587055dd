# TermFit: `make run` starts it, `make test` builds and runs every test. Both install the system
# packages TermFit needs (with apt-get when run as root) or print the command that would.

SWIFT ?= swift
SHELL := /bin/bash
ARGS ?=
# How TermFit is built to be used: optimised, with the Swift runtime linked in (no shared Swift
# libraries to load and relocate at start: the first frame comes in about half the time). Linked
# by lld with packed relative relocations (2 MB fewer to read at start), no dynamic symbol table
# of its own, and the functions a session runs placed together in the order of
# Benchmarks/startup.order (`make order`): peak memory 20 -> 13 MiB. See docs/DECISIONS.md.
LINK := -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/Benchmarks/startup.order -Xlinker --no-warn-symbol-ordering
# The C++ library the Swift runtime uses comes from its static archive too, when the compiler has
# one: `-lstdc++` is then found in .build/static-c++ before the shared library (1 MiB less of
# memory in every running copy, and 1,500 fewer symbols for the loader to bind at start).
STATIC_CXX := $(CURDIR)/.build/static-c++
RELEASE := -c release --static-swift-stdlib $(LINK) -Xswiftc -L$(STATIC_CXX)

.PHONY: run test chaos soak build lint format bench order deps test-deps install-missing static-cxx clean

run: deps
	$(SWIFT) build $(RELEASE) --product termfit
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/termfit" $(ARGS)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Minutes of random keys, mouse reports, resizes and Ctrl-Z against every workout (the tests run
# a few seconds of it). Each run prints its seed; TERMFIT_CHAOS_SEED=N replays one.
CHAOS_SECONDS ?= 120
chaos: test-deps
	$(SWIFT) build --build-tests
	TERMFIT_CHAOS_SECONDS=$(CHAOS_SECONDS) TERMFIT_CHAOS_STRICT=1 $(SWIFT) test --skip-build --filter ChaosEndToEndTests

# Hundreds of SIGKILLs at random instants of a first save (the tests run a few dozen): the
# database must open after every one. SOAK_RUNS=N runs more; each run prints its seed.
SOAK_RUNS ?= 500
soak: test-deps
	$(SWIFT) build --build-tests
	TERMFIT_SOAK_RUNS=$(SOAK_RUNS) $(SWIFT) test --skip-build --filter KilledDuringCreationTests

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
	{ Benchmarks/bench.sh "$$bin/termfit" && \
	  echo && echo "## Database: ten years of daily workouts" && echo && echo '```' && \
	  "$$bin/termfit-store-bench" && echo '```'; } | tee docs/BENCHMARKS.md; \
	status=$$?; rm -rf "$$data"; exit $$status

# Writes Benchmarks/startup.order from a release build run under valgrind in tmux, then links
# TermFit again with it. Run it when start-up or a workout changed a lot.
order: static-cxx
	@$(MAKE) --no-print-directory install-missing NEEDS="$(RUN_NEEDS) tmux:tmux valgrind:valgrind python3:python3"
	@test -e Benchmarks/startup.order || : > Benchmarks/startup.order
	$(SWIFT) build $(RELEASE) --product termfit
	@bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)"; \
	python3 Benchmarks/startup_order.py "$$bin/termfit" Benchmarks/startup.order && rm -f "$$bin/termfit"
	$(SWIFT) build $(RELEASE) --product termfit

# Each entry: a file or command that shows the package is there, then the Debian package.
RUN_NEEDS := /usr/include/ncursesw/curses.h:libncurses-dev /usr/include/sqlite3.h:libsqlite3-dev \
	pkg-config:pkg-config
# The end-to-end tests also drive tmux, OpenSSH's server and client (the kiosk tests), python3
# (a job-control stand-in for the chaos runs) and the terminal types of ncurses-term (PuTTY's,
# which members' SSH clients announce).
TEST_NEEDS := $(RUN_NEEDS) tmux:tmux /usr/sbin/sshd:openssh-server ssh:openssh-client python3:python3 \
	/usr/share/terminfo/p/putty:ncurses-term

deps: static-cxx
	@$(MAKE) --no-print-directory install-missing NEEDS="$(RUN_NEEDS)"

# Points STATIC_CXX at the compiler's libstdc++.a, or leaves it empty (the shared library is used).
static-cxx:
	@mkdir -p "$(STATIC_CXX)"; clang="$$(dirname "$$(command -v $(SWIFT))")/clang"; \
	archive="$$("$$clang" -print-file-name=libstdc++.a 2>/dev/null)"; \
	if [ -f "$$archive" ]; then ln -sfn "$$archive" "$(STATIC_CXX)/libstdc++.a"; \
	else rm -f "$(STATIC_CXX)/libstdc++.a"; fi

test-deps:
	@$(MAKE) --no-print-directory install-missing NEEDS="$(TEST_NEEDS)"

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
	rm -rf .build Benchmarks/.build
