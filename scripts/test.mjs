// `npm test`: every suite (Vitest: core, server on SQLite and PostgreSQL, stand-ins, web; Playwright
// journeys against the production build), then one line with the totals: "N passed, N failed". Exits
// non-zero if anything failed. The server tests use TEST_DATABASE_URL, or an embedded PostgreSQL that
// Vitest's global setup starts and removes (src/test/postgres-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { playwrightTotals, vitestTotals } from './test-totals.mjs';

const RESULTS = 'test-results/totals';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } });
  return result.status ?? 1;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const seconds = (since) => Math.round((Date.now() - since) / 1000);

const vitestJson = `${RESULTS}/vitest.json`;
const vitestStart = Date.now();
const vitestExit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const unit = vitestTotals(readJson(vitestJson), vitestExit);
const unitSeconds = seconds(vitestStart);

const journeysStart = Date.now();

const buildExit = run(process.execPath, ['scripts/build.mjs']);
let journeys = { passed: 0, failed: 1 };
if (buildExit === 0) {
  const playwrightJson = `${RESULTS}/playwright.json`;
  const playwrightExit = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  journeys = playwrightTotals(readJson(playwrightJson), playwrightExit);
}

const journeysSeconds = seconds(journeysStart);

const passed = unit.passed + journeys.passed;
const failed = unit.failed + journeys.failed;
process.stdout.write(
  `\nUnit and integration: ${unit.passed} passed, ${unit.failed} failed in ${unitSeconds} s. ` +
    `Build and journeys: ${journeys.passed} passed, ${journeys.failed} failed in ${journeysSeconds} s.\n`,
);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
