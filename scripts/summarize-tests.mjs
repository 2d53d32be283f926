// Sums the JSON reports of Vitest and Playwright into the one line CI prints: "N passed, M failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
  // A run that failed with no failed test (unhandled errors, a suite that did not load) still counts.
  if (report.success === false && failed === 0) failed += 1;
} else {
  failed += 1;
  console.error(`missing ${vitestFile}: Vitest did not finish`);
}

if (existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) === 0 && (JSON.parse(readFileSync(playwrightFile, 'utf8')).errors ?? []).length) failed += 1;
} else {
  failed += 1;
  console.error(`missing ${playwrightFile}: Playwright did not finish`);
}

console.log(`${passed} passed, ${failed} failed`);
