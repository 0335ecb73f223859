#!/usr/bin/env bash
# `npm test`: the checks (ESLint and `tsc -b`) and every test level, in one wall-clock span.
# The checks run beside the tests at the lowest CPU priority, so they take only what the tests leave
# idle (a browser test waiting on the audio clock, a level that runs one file at a time) and slow no
# test down; run alone before the tests they added their whole time to the run
# (docs/decisions/0077-checks-beside-the-tests.md).
#
# A whole run takes two steps: unit, component and int first; then the exclusive int files beside
# the browser levels. The exclusive int files hold transactions and locks on the PostgreSQL server
# and mostly wait (for lock timeouts, stuck clients), and the browser tests' app runs on its own
# embedded database, so neither disturbs the other, and the browser level's client build and app
# start use the core the exclusive files leave idle (docs/decisions/0083-exclusive-int-beside-the-browser.md).
# With arguments, they go to one `vitest run`, as given.
set -uo pipefail
cd "$(dirname "$0")/.."

checks_log="$(mktemp)"
exclusive_log="$(mktemp)"
tests_log="$(mktemp)"
trap 'rm -f "$checks_log" "$exclusive_log" "$tests_log"' EXIT
nice -n 19 npm run --silent checks >"$checks_log" 2>&1 &
checks_pid=$!

tests=0
if [ "$#" -gt 0 ]; then
  npx vitest run "$@" 2>&1 | tee -a "$tests_log" || tests=1
else
  npx vitest run --project unit --project component --project int 2>&1 | tee -a "$tests_log" || tests=1
  # Its log is printed after the browser levels', so the two do not interleave line by line.
  npx vitest run --project int-exclusive >"$exclusive_log" 2>&1 &
  exclusive_pid=$!
  npx vitest run --project e2e --project e2e-exclusive 2>&1 | tee -a "$tests_log" || tests=1
  wait "$exclusive_pid" || tests=1
  echo
  echo "npm test: the exclusive integration tests, which ran beside the browser tests:"
  cat "$exclusive_log"
  cat "$exclusive_log" >>"$tests_log"
fi

wait "$checks_pid"
checks=$?
cat "$checks_log"
if [ "$checks" -ne 0 ]; then
  echo "npm test: the checks failed (ESLint or tsc -b, above)" >&2
fi
if [ "$tests" -ne 0 ]; then
  # A CI log is often read from its end: name the failures there, whichever step they were in.
  # Each with its error's first line and where it was thrown, as vitest's failure report gives them.
  echo "npm test: tests failed (vitest, above); the failures:" >&2
  sed 's/\x1b\[[0-9;]*m//g' "$tests_log" | awk '
    /^ FAIL / { print; want = 2; next }
    want == 2 && NF { print "   " substr($0, 1, 400); want = 1; next }
    want == 1 && /^ ❯ / { print "  " $0; want = 0 }
  ' | head -60 >&2
fi
[ "$checks" -eq 0 ] && [ "$tests" -eq 0 ]
