#!/usr/bin/env bash
# `npm test`: the checks (ESLint and `tsc -b`) and every test level, in one wall-clock span.
# The checks run beside the tests at the lowest CPU priority, so they take only what the tests leave
# idle (a browser test waiting on the audio clock, a level that runs one file at a time) and slow no
# test down; run alone before the tests they added their whole time to the run
# (docs/decisions/0077-checks-beside-the-tests.md). Arguments go to `vitest run`.
set -uo pipefail
cd "$(dirname "$0")/.."

checks_log="$(mktemp)"
trap 'rm -f "$checks_log"' EXIT
nice -n 19 npm run --silent checks >"$checks_log" 2>&1 &
checks_pid=$!

npx vitest run "$@"
tests=$?

wait "$checks_pid"
checks=$?
cat "$checks_log"
if [ "$checks" -ne 0 ]; then
  echo "npm test: the checks failed (ESLint or tsc -b, above)" >&2
fi
if [ "$tests" -ne 0 ]; then
  echo "npm test: tests failed (vitest, above)" >&2
fi
[ "$checks" -eq 0 ] && [ "$tests" -eq 0 ]
