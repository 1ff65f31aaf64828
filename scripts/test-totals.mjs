// Totals of a test run from its JSON report, as `npm test` and the container suite print them.

/** Vitest: each test counts; a file that failed to load at all counts as one failure. */
export function vitestTotals(report, exitCode) {
  if (!report) return { passed: 0, failed: 1 };
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults) {
    const results = file.assertionResults;
    passed += results.filter((r) => r.status === 'passed').length;
    const failedHere = results.filter((r) => r.status === 'failed').length;
    failed += failedHere === 0 && file.status === 'failed' ? 1 : failedHere;
  }
  if (failed === 0 && exitCode !== 0) failed = 1;
  return { passed, failed };
}

/** Playwright: flaky tests passed on retry; errors outside tests (a server that did not start) fail. */
export function playwrightTotals(report, exitCode) {
  if (!report) return { passed: 0, failed: 1 };
  const { expected, unexpected, flaky } = report.stats;
  let failed = unexpected + (report.errors?.length ?? 0);
  if (failed === 0 && exitCode !== 0) failed = 1;
  return { passed: expected + flaky, failed };
}
