#!/usr/bin/env bash
# The README's test command: installs what is needed, builds, runs every package's tests,
# and ends with one line `tests: N passed, N failed` read from vitest's JSON report.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/bootstrap.sh
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1

pnpm install --frozen-lockfile --reporter=append-only >&2
report=.vitest-report.json
rm -f "$report"
status=0
pnpm test --reporter=default --reporter=json --outputFile.json="$report" || status=$?

if [ ! -f "$report" ]; then
  echo "tests: 0 passed, 1 failed (the test runner wrote no report)"
  exit 1
fi
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  // A file that failed outside any test (an import or setup error) counts as one failure.
  const brokenFiles = r.testResults.filter((file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")).length;
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$report"
if [ "$status" -eq 0 ] && [ "$(node -p 'require("./'"$report"'").numTotalTests')" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
