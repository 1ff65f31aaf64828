/**
 * `npm run bench:pages` (after `npm run build`): JavaScript a visitor downloads for the first page
 * (gzip-compressed) and the time until the roster is visible, in headless Chromium against the
 * production build in demo mode (DESIGN §9). Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const PORT = 4180;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 5;

const dir = mkdtempSync(join(tmpdir(), 'clan-bench-pages-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATABASE_URL: `sqlite:${join(dir, 'clan.db')}`,
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});

async function waitForSync(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      const health = (await (await fetch(`${BASE}/api/health`)).json()) as { last_wom_sync: string | null };
      if (health.last_wom_sync && Date.now() - Date.parse(health.last_wom_sync) < 3_600_000) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the demo clan was not synced within a minute');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForSync();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const pages: Array<{ path: string; ready: string }> = [
    { path: '/', ready: 'h1' },
    { path: '/members', ready: 'table tbody tr' },
  ];
  process.stdout.write('page       JS files  JS gzip   time to content (median of 5, cold cache)\n');
  for (const { path, ready } of pages) {
    const times: number[] = [];
    let files = 0;
    let gzipBytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Array<Promise<Buffer>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.body());
      });
      const started = Date.now();
      await page.goto(`${BASE}${path}`);
      await page.locator(ready).first().waitFor();
      times.push(Date.now() - started);
      const bodies = await Promise.all(scripts);
      files = bodies.length;
      gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
      await context.close();
    }
    process.stdout.write(
      `${path.padEnd(10)} ${String(files).padStart(8)} ${`${(gzipBytes / 1024).toFixed(1)} KiB`.padStart(10)}   ${median(times)} ms\n`,
    );
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
