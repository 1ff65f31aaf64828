/**
 * `npm run bench:soak`: the production build in demo mode under mixed traffic for a bounded time
 * (issue 13): public reads with and without If-None-Match, sign-ins, goal Sync Progress, admin
 * point awards and member edits, the admin's WOM sync started over and over, while the demo's WOM
 * simulator is made slow, failing and down in turns. Prints, per kind of request, its count, rate,
 * latencies, expected refusals and errors, and the app's memory over the run. Then reads the
 * database: every acknowledged award is in the ledger exactly once, and every member's score is its
 * open season's ledger total. Exits non-zero on any error, lost or extra write, score mismatch,
 * error logged by the app, or memory that kept growing.
 *
 * SOAK_SECONDS (default 120), SOAK_DATABASE_URL (default a throwaway SQLite file; a postgres://
 * database is used as it is), SOAK_USERS (20), SOAK_MEMBERS (150), SOAK_READERS (4),
 * SOAK_AWARDERS (2). Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { parseDatabaseUrl } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import type { Database } from '../src/server/db/schema.ts';
import { freePort } from '../src/test/free-port.ts';
import { startApp, type RunningProcess } from './lib/app-process.ts';
import {
  checkAwards,
  checkScores,
  ledgerAwards,
  syncRuns,
  type AwardCheck,
  type ScoreCheck,
  type SyncRunCounts,
} from './lib/soak-checks.ts';
import { SOAK_COLUMNS, SoakLog } from './lib/soak-log.ts';
import { sampleMemory, type MemoryReport } from './lib/soak-memory.ts';
import { prepareCast } from './lib/soak-setup.ts';
import { driveTraffic } from './lib/soak-traffic.ts';
import { changeWeather, WEATHER } from './lib/soak-weather.ts';
import { formatGrid } from './lib/table.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const USERS = Number(process.env.SOAK_USERS ?? 20);
const MEMBERS = Number(process.env.SOAK_MEMBERS ?? 150);
const READERS = Number(process.env.SOAK_READERS ?? 4);
const AWARDERS = Number(process.env.SOAK_AWARDERS ?? 2);
const WEATHER_PERIOD_MS = 10_000;
/** pino's level for error; fatal is above it. */
const PINO_ERROR = 50;

const dir = mkdtempSync(join(tmpdir(), 'clan-soak-'));
const databaseUrl = process.env.SOAK_DATABASE_URL ?? `sqlite:${join(dir, 'clan.db')}`;
const database = parseDatabaseUrl(databaseUrl);

const appErrors: string[] = [];
function noteLogLine(line: string): void {
  try {
    const entry = JSON.parse(line) as { level?: number };
    if ((entry.level ?? 0) >= PINO_ERROR) appErrors.push(line);
  } catch {
    // Not a JSON log line (a banner a person would read): nothing to count.
  }
}

async function readDatabase<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = openDatabase(database);
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

const mb = (value: number) => `${Math.round(value)} MB`;

function memoryLines(memory: MemoryReport): string[] {
  const grew = memory.secondHalfGrowthMb > memory.boundMb;
  return [
    `App RSS: ${mb(memory.startMb)} at the start of the traffic, ${mb(memory.endMb)} at its end, peak ${mb(memory.peakMb)}.`,
    `Median RSS per quarter of the run: ${memory.quarterMedians.map(mb).join(' / ')}.`,
    grew
      ? `UNBOUNDED GROWTH: the last quarter's median is ${mb(memory.secondHalfGrowthMb)} above the second's (bound ${mb(memory.boundMb)}).`
      : `Memory after the warm-up: ${memory.secondHalfGrowthMb >= 0 ? '+' : ''}${Math.round(memory.secondHalfGrowthMb)} MB from the second quarter to the last (bound ${mb(memory.boundMb)}): no unbounded growth.`,
  ];
}

function checkLines(awards: AwardCheck, scores: ScoreCheck): string[] {
  const list = (items: string[]) => items.slice(0, 10).join(', ') + (items.length > 10 ? ', …' : '');
  return [
    `Awards: ${awards.acknowledged.toLocaleString('en-US')} acknowledged; lost ${awards.lost.length === 0 ? 0 : list(awards.lost)}; extra ${awards.extra.length === 0 ? 0 : list(awards.extra)}.`,
    `Scores: ${scores.members} members against ${scores.ledgerRows.toLocaleString('en-US')} ledger rows of the open season; ${scores.mismatches.length === 0 ? 'every score is its ledger total' : `MISMATCHES: ${list(scores.mismatches)}`}.`,
  ];
}

function syncLine(before: SyncRunCounts, after: SyncRunCounts): string {
  const ran = (outcome: keyof SyncRunCounts) => after[outcome] - before[outcome];
  const overlapped =
    ran('takenOver') > 0 ? `; ${ran('takenOver')} OVERLAPPED by a run started beside them` : '';
  return `WOM sync runs during the soak: ${ran('succeeded')} succeeded, ${ran('failed')} failed (WOM faulty${overlapped}), ${ran('running')} left running at shutdown.`;
}

const simulatorPort = await freePort();
const app = await startApp(await freePort(), MEMBERS, {
  databaseUrl,
  env: {
    // Each virtual user comes from its own address, as through a proxy, so no per-address limit binds.
    TRUST_PROXY: '1',
    DEMO_SIMULATOR_CONTROL: 'true',
    DEMO_SIMULATOR_PORT: String(simulatorPort),
    // Enough WOM budget that visitors' refreshes mostly reach the (faulty) simulator, whose faults
    // come from the weather below and not from WOM's limit.
    WOM_REQUESTS_PER_MINUTE: '600',
    DEMO_SIMULATOR_RATE_LIMIT: 'off',
    WOM_PLAYER_CACHE_SECONDS: '10',
  },
  onLogLine: noteLogLine,
});
/** The soak itself, on the started app; returns what went wrong, nothing when all held. */
async function soak(app: RunningProcess): Promise<string[]> {
  const tag = Date.now().toString(36).slice(-5);
  const cast = await prepareCast(app.base, USERS, tag);
  const [before, runsBefore] = await readDatabase((db) => Promise.all([ledgerAwards(db), syncRuns(db)]));
  const log = new SoakLog();
  process.stdout.write(
    `Soaking ${app.base} (${database.dialect}, ${MEMBERS} members, ${USERS} users, ${READERS} readers, ${AWARDERS} awarding admin tabs) for ${SECONDS} s…\n`,
  );
  const memory = sampleMemory(app.pid);
  const endsAt = performance.now() + SECONDS * 1000;
  const [acknowledged] = await Promise.all([
    driveTraffic({ base: app.base, log, cast, endsAt }, { readers: READERS, awarders: AWARDERS }),
    changeWeather(`http://127.0.0.1:${simulatorPort}`, WEATHER_PERIOD_MS, endsAt),
  ]);
  const memoryReport = memory.stop();
  // Stopped first, so the checks read what the app left after a graceful shutdown.
  await app.stop();
  const awards = checkAwards(acknowledged, before, await readDatabase(ledgerAwards));
  const [scores, runsAfter] = await readDatabase((db) => Promise.all([checkScores(db), syncRuns(db)]));

  const weather = WEATHER.map((w) => w.name).join(' → ');
  process.stdout.write(
    `\n${SECONDS} s, ${database.dialect}; WOM every ${WEATHER_PERIOD_MS / 1000} s: ${weather}, round and round\n\n`,
  );
  process.stdout.write(`${formatGrid(SOAK_COLUMNS, log.rows(SECONDS))}\n\n`);
  const summary = [
    ...memoryLines(memoryReport),
    ...checkLines(awards, scores),
    syncLine(runsBefore, runsAfter),
  ];
  process.stdout.write(`${summary.join('\n')}\n`);
  for (const line of log.errorLines()) process.stdout.write(`ERROR ${line}\n`);
  for (const line of appErrors.slice(0, 5)) process.stdout.write(`APP LOGGED ${line}\n`);
  return [
    log.errorCount > 0 && `${log.errorCount} errors`,
    awards.lost.length + awards.extra.length > 0 && 'lost or extra awards',
    scores.mismatches.length > 0 && 'scores that are not their ledger totals',
    appErrors.length > 0 && `${appErrors.length} errors in the app's log`,
    memoryReport.secondHalfGrowthMb > memoryReport.boundMb && 'memory growth',
    runsAfter.takenOver > runsBefore.takenOver && 'WOM sync runs that ran two at a time',
  ].filter((problem) => problem !== false);
}

let problems: string[];
try {
  problems = await soak(app);
} finally {
  // Stopping again after the soak stopped it only removes the app's own temporary folder.
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(
  problems.length > 0
    ? `\nFAILED: ${problems.join(', ')}\n`
    : '\nPASSED: no errors, no lost or extra writes\n',
);
process.exit(problems.length > 0 ? 1 : 0);
