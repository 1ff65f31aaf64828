/**
 * `npm run bench`: the public site's figures in one table (DESIGN §9, issue 9). Each public read
 * under load next to a bare Node server sending the same compressed bytes, in the same run; a 304
 * against the same; the JavaScript and CSS of the first page and of /members as sent; the time until
 * they show in Chromium, on loopback and on a slow link; the app's memory idle, under load and a
 * minute after the load. The app is the production build in demo mode, started as `npm start` starts
 * it; its memory is its process's alone (the simulated WOM runs in a child process of its own).
 * Prints figures; asserts nothing.
 *
 * The bingo board read is of a 7×7 board with 20 teams (issue 31), seeded once the app has started
 * (lib/bingo-board.ts).
 *
 * Then a second app with a large clan (BENCH_ADMIN_MEMBERS, default 2,000) for the admin's members
 * tab: when its rows show, when the first row opens from a click made at once, when all rows are in.
 *
 * BENCH_MEMBERS (default 500), BENCH_SECONDS per load run (default 5), BENCH_CONNECTIONS (default 50).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { freePort } from '../src/test/free-port.ts';
import { adminMembersTabTimes } from './lib/admin-tab.ts';
import { BENCH_ADMIN, startApp, startBareServer, type RunningProcess } from './lib/app-process.ts';
import { seedBenchBoard } from './lib/bingo-board.ts';
import { firstPageBytes, medianTimeToShow, THROTTLED } from './lib/browser.ts';
import { measureFeedBytes } from './lib/feed-bytes.ts';
import { loadTest, type LoadResult } from './lib/load.ts';
import { rssMb, settledRssMb, watchPeakRss } from './lib/process-stats.ts';
import { formatTable, type Row } from './lib/table.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const ADMIN_MEMBERS = Number(process.env.BENCH_ADMIN_MEMBERS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BROWSER_RUNS = 5;
/** How long after the load the app's memory is read again, to see it give back what the load took. */
const AFTER_LOAD_SECONDS = 60;
const ROSTER_ROW = 'table tbody tr';

const signedPercent = (fraction: number) =>
  `${fraction >= 0 ? '+' : '−'}${Math.abs(Math.round(fraction * 100))}%`;

/** The public reads, and the target ratio to the bare server for each (DESIGN §9). */
const READS: Array<{ path: string; target: number; note?: string }> = [
  { path: '/api/members', target: 0.8 },
  { path: '/api/wom-group', target: 0.5 },
  { path: '/api/wom-group-stats', target: 0.5 },
  { path: '/api/wom-group-achievements?limit=10', target: 0.5 },
  { path: '/api/wom-competitions', target: 0.5 },
  { path: '/api/events', target: 0.5 },
  { path: '/api/leaderboards', target: 0.5 },
  { path: '/api/anniversaries', target: 0.5 },
  { path: '/api/clan', target: 0.5 },
  { path: '/members', target: 0.5 },
];
/** Reads whose 304 is measured: the issue's "a revision check only". */
const CONDITIONAL = ['/api/members', '/api/wom-group', '/api/events', '/api/leaderboards'];

interface Recorded {
  headers: Record<string, string>;
  body: string;
  bytes: number;
}

const REPLAYED_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];

/** The app's answer to a browser that accepts brotli, bytes as sent, as the bare server replays it. */
function record(base: string, path: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(
          REPLAYED_HEADERS.flatMap((name) => {
            const value = response.headers[name];
            return value === undefined ? [] : [[name, String(value)]];
          }),
        );
        resolve({ headers, body: body.toString('base64'), bytes: body.length });
      });
    }).on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const bytesCell = (page: { jsBytes: number; cssBytes: number }) =>
  `${kb(page.jsBytes)} + ${kb(page.cssBytes)}`;
function loadCell(r: LoadResult): string {
  const errors = r.errors > 0 ? ` · ${r.errors} errors` : '';
  return `${r.requestsPerSecond.toLocaleString('en-US')}/s · p50 ${r.p50Ms} · p99 ${r.p99Ms} ms · ${r.cpuMsPerRequest.toFixed(3)} ms CPU${errors}`;
}
function ratioCell(app: LoadResult, bare: LoadResult): string {
  return `${(app.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}×`;
}

async function loadBoth(
  app: RunningProcess,
  bare: RunningProcess,
  path: string,
  headers?: Record<string, string>,
) {
  const expectStatus = headers?.['if-none-match'] ? 304 : 200;
  const options = { connections: CONNECTIONS, seconds: SECONDS, headers, expectStatus };
  return {
    app: await loadTest({ ...options, url: `${app.base}${path}`, pid: app.pid }),
    bare: await loadTest({ ...options, url: `${bare.base}${path}`, pid: bare.pid }),
  };
}

async function browserRows(base: string): Promise<Row[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const home = await firstPageBytes(browser, `${base}/`, 'main h1');
    const roster = await firstPageBytes(browser, `${base}/members`, ROSTER_ROW);
    const runs = { runs: BROWSER_RUNS };
    return [
      { what: 'first page (/): JS + CSS as sent', app: bytesCell(home), target: '≤ 80 KB JS' },
      { what: '/members: JS + CSS as sent', app: bytesCell(roster) },
      {
        what: `/members rows visible, cold, loopback (median of ${BROWSER_RUNS})`,
        app: ms(
          await medianTimeToShow(browser, `${base}/members`, ROSTER_ROW, { ...runs, throttled: false }),
        ),
        target: '≤ 400 ms',
      },
      {
        what: `/members rows visible, ${THROTTLED.latencyMs} ms / ${THROTTLED.bitsPerSecond / 1e6} Mbit link (median of ${BROWSER_RUNS})`,
        app: ms(await medianTimeToShow(browser, `${base}/members`, ROSTER_ROW, { ...runs, throttled: true })),
        target: '≤ 800 ms',
      },
    ];
  } finally {
    await browser.close();
  }
}

/** The admin's members tab on a clan of ADMIN_MEMBERS, in its own app so the public figures are not moved. */
async function adminRows(): Promise<Row[]> {
  const large = await startApp(await freePort(), ADMIN_MEMBERS);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const times = await adminMembersTabTimes(browser, large.base, BENCH_ADMIN, BROWSER_RUNS);
    const label = `admin members tab, ${ADMIN_MEMBERS.toLocaleString('en-US')} members, cold, loopback (median of ${BROWSER_RUNS})`;
    return [
      { what: `${label}: rows shown`, app: ms(times.rowsShown), target: '≤ 1,000 ms' },
      {
        what: `${label}: first row opened by a click at once`,
        app: ms(times.firstRowOpened),
        target: '≤ 1,000 ms',
      },
      { what: `${label}: every row rendered`, app: ms(times.allRows) },
    ];
  } finally {
    await browser.close();
    await large.stop();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'clan-bench-answers-'));
// Beside the answers, so the bingo board can be seeded into it (removed with them).
const databaseUrl = `sqlite:${join(dir, 'clan.db')}`;
const app = await startApp(await freePort(), MEMBERS, { databaseUrl });
let bare: RunningProcess | null = null;
try {
  // Start-up work (demo mode's second sync, icon fetches) ends before the load starts.
  const idleRss = await settledRssMb(app.pid);
  const bingo = await seedBenchBoard(app.base, databaseUrl);
  const reads = [
    ...READS,
    {
      path: `/api/bingo/${bingo.id}`,
      target: 0.5,
      note: `7×7, 20 teams, ${bingo.events} tile events, ${bingo.completions} completions`,
    },
  ];
  const answers = Object.fromEntries(
    await Promise.all(reads.map(async ({ path }) => [path, await record(app.base, path)] as const)),
  );
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  bare = await startBareServer(await freePort(), answersFile);

  const rows: Row[] = [];
  const peak = watchPeakRss(app.pid);
  for (const { path, target, note } of reads) {
    const { app: a, bare: b } = await loadBoth(app, bare, path);
    rows.push({
      what: `GET ${path} (${note ? `${note}; ` : ''}${kb(answers[path]?.bytes ?? 0)} br)`,
      app: loadCell(a),
      bare: loadCell(b),
      ratio: ratioCell(a, b),
      target: `≥ ${target}×`,
    });
  }
  for (const path of CONDITIONAL) {
    const etag = answers[path]?.headers.etag ?? '';
    const { app: a, bare: b } = await loadBoth(app, bare, path, { 'if-none-match': etag });
    rows.push({
      what: `304 ${path}`,
      app: loadCell(a),
      bare: loadCell(b),
      ratio: ratioCell(a, b),
      target: 'a revision check only',
    });
  }
  const loadRss = peak.stop();
  await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_SECONDS * 1000));
  const afterRss = rssMb(app.pid);
  const mb = (value: number) => `${Math.round(value)} MB`;
  rows.push(
    { what: 'app RSS idle, settled after start-up', app: mb(idleRss), target: '≤ 120 MB' },
    { what: 'app RSS peak under the load above', app: mb(loadRss), target: '≤ 200 MB' },
    {
      what: `app RSS ${AFTER_LOAD_SECONDS} s after the load stopped`,
      app: `${mb(afterRss)} (${signedPercent(afterRss / idleRss - 1)} from idle)`,
      target: 'within 20% of idle',
    },
  );
  rows.push(...(await browserRows(app.base)));

  await app.stop();
  rows.push(...(await adminRows()));
  rows.push(...(await measureFeedBytes()).rows);

  process.stdout.write(
    `\n${MEMBERS} members, ${CONNECTIONS} connections, ${SECONDS} s per load run; app = production build in demo mode (SQLite), bare = node:http sending the same bytes\n\n`,
  );
  process.stdout.write(`${formatTable(rows)}\n`);
} finally {
  await bare?.stop();
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
