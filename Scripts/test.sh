#!/usr/bin/env bash
# `make test`: every test, in as little time as two cores allow (docs/DECISIONS.md, "make test
# overlaps"). The steps, and what runs beside what:
#   1. the debug build with the tests;
#   2. the unit tests (every suite but EndToEndTests) on it, while the release build compiles:
#      `Scripts/release.sh`, exactly as `make run` and `make install` build TermFit;
#   3. the end-to-end tests against that release binary, beside whatever unit tests are left;
#   4. `make install` into a scratch directory (Scripts/test-install.sh).
# A private PostgreSQL cluster (Scripts/postgres-cluster.sh) serves steps 2 and 3: the store
# conformance suite runs against it and against SQLite; it is stopped and removed at the end.
# The release build holds SwiftPM's lock on .build, so the test bundle runs directly, as
# `swift test --skip-build` runs it. The unit tests' output is kept in a file and shown once they
# end, so it does not interleave with the build's or the end-to-end tests'. The last lines of the
# run name each step that failed and each test that failed (a CI log may show only its tail).
# Environment: SWIFT (default swift).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift="${SWIFT:-swift}"

"$swift" build --build-tests
bundle="$("$swift" build --show-bin-path)/TermFitPackageTests.xctest"
[[ -x "$bundle" ]] || { echo "test.sh: no test bundle at $bundle" >&2; exit 1; }

logs="$(mktemp -d)"
pg="$(mktemp -d "${TMPDIR:-/tmp}/termfit-pg.XXXXXX")"
unit_pid=""
cleanup() {
    [[ -n "$unit_pid" ]] && kill "$unit_pid" 2>/dev/null
    Scripts/postgres-cluster.sh stop "$pg" || true
    rm -rf "$logs"
}
trap cleanup EXIT

TERMFIT_TEST_POSTGRES_URL="$(Scripts/postgres-cluster.sh start "$pg")"
export TERMFIT_TEST_POSTGRES_URL
echo "PostgreSQL for the conformance suite: $TERMFIT_TEST_POSTGRES_URL"

echo "Unit tests (every suite but EndToEndTests), while the release build compiles"
"$bundle" --testing-library swift-testing --skip EndToEndTests >"$logs/unit.log" 2>&1 &
unit_pid=$!

failed=()
if bin="$(SWIFT="$swift" Scripts/release.sh)"; then
    echo "End-to-end tests against the release build: $bin/termfit"
    TERMFIT_BINARY="$bin/termfit" "$bundle" --testing-library swift-testing --filter EndToEndTests 2>&1 |
        tee "$logs/e2e.log" || failed+=("the end-to-end tests")
else
    failed+=("the release build (Scripts/release.sh)")
fi

unit_status=0
wait "$unit_pid" || unit_status=$?
unit_pid=""
echo
echo "Unit tests (run beside the release build and the end-to-end tests):"
cat "$logs/unit.log"
[[ $unit_status == 0 ]] || failed+=("the unit tests")

if ((${#failed[@]} == 0)); then
    make --no-print-directory test-install || failed+=("the install check (make test-install)")
fi
if ((${#failed[@]} > 0)); then
    echo
    summary="$(printf '%s; ' "${failed[@]}")"
    echo "make test FAILED: ${summary%; }." >&2
    # Swift Testing marks each failed test and issue with ✘; a crash shows as a signal or a fatal error.
    grep -hE '✘|[Ff]atal error|[Ss]ignal [0-9]+|Segmentation' "$logs"/unit.log "$logs"/e2e.log 2>/dev/null |
        grep -v 'known issue' | head -40 >&2 || true
    exit 1
fi
