#!/usr/bin/env bash
# Runs every test: the lit suite (dialects, passes, analyses, tools and the
# GoogleTest unit tests), after installing and building what is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1

# A fresh build has no record of the tests' times, and lit then starts
# them in file order, the long Python tests among the last; the recorded
# times (scripts/lit-test-times.txt, lit's own file from a full run) make
# it start the longest first, which keeps both workers busy to the end.
[ -f build/test/.lit_test_times.txt ] || cp scripts/lit-test-times.txt build/test/.lit_test_times.txt
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv build/test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
unsupported=$(sed -n 's/^ *Unsupported *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
rm -f "$log"
echo "${passed:-0} passed, ${failed:-0} failed, ${unsupported:-0} skipped"
if [ "${passed:-0}" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
