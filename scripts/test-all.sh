#!/usr/bin/env bash
# Runs every test: Vitest (unit + integration on PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
# then Playwright e2e; ends with one line "N passed, M failed" over both runners.
set -u
cd "$(dirname "$0")/.."
# Reports live outside test-results/, which Playwright empties when it starts.
mkdir -p reports
rm -f reports/vitest.json reports/e2e.json

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json
vitest_rc=$?
npx playwright test
e2e_rc=$?

node scripts/summarize-tests.mjs reports/vitest.json reports/e2e.json
[ $vitest_rc -eq 0 ] && [ $e2e_rc -eq 0 ]
