// `npm run test:docker`: the container suite (docker-test/), which builds the image and runs it on
// the Docker engine, then one line with its totals: "N passed, N failed". Needs a running engine and
// the base images the Dockerfile names; .ci/run prepares both (docker-test/prepare-engine.sh).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { vitestTotals } from './test-totals.mjs';

const report = 'test-results/totals/docker.json';
mkdirSync('test-results/totals', { recursive: true });
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'docker-test/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { stdio: 'inherit' },
);
const totals = vitestTotals(
  existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null,
  result.status ?? 1,
);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed === 0 ? 0 : 1);
