/**
 * `npm run bench:sync`: WOM requests and wall time of full syncs of 500 and 2,000 members against the
 * simulator, on a throwaway SQLite file. Budget (issue #3): a sync of 500 members uses at most 10
 * requests. The first sync sees the clan as it was 40 days ago; the second, today, also fetches the
 * standings of the competitions that ended in between (the most requests a run makes).
 *
 * Then a sync of 500 members alone and with a burst of 200 visitors' player refreshes, under WOM's
 * keyless limit of 20 requests a minute and a simulated WOM latency. Budget (issue #8): the burst
 * lengthens the sync by at most 10%.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config.ts';
import { openSqlite, type DatabaseHandle } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import { ShiftableClock } from '../src/server/demo/shiftable-clock.ts';
import { createPlayerReader, PLAYER_REFRESH_MS } from '../src/server/features/wom-data/player-snapshots.ts';
import { startSimulator, type WomSimulator } from '../src/stand-ins/wom/index.ts';
import { createWomGateway } from '../src/server/wom/create-gateway.ts';
import type { WomGateway } from '../src/server/wom/wom-gateway.ts';
import { runSync, syncRunner } from './sync-job.ts';

const BUDGET = { members: 500, requests: 10 };
/** WOM takes about a second a request: a run of about ten took 9 s against it (issue #8). */
const BURST = { members: 500, visitors: 200, latencyMs: 1_000, maxSlowdown: 0.1 };
const DAY_MS = 24 * 60 * 60 * 1000;

async function benchSync(members: number) {
  const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
  const clock = new ShiftableClock();
  // The gateway paces itself to WOM's 20 a minute; the simulator need not refuse anything.
  const simulator = await startSimulator({ members, clock, rateLimit: false });
  const database = openSqlite(join(dir, 'clan.db'));
  try {
    await migrateToLatest(database);
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const jobs = syncRunner(database, clock, {
      gateway: createWomGateway(config, clock, simulator.url),
      groupId: simulator.groupId,
    });
    const rows: Array<{ run: string; requests: number; ms: number; counts: string }> = [];
    for (const [run, offset] of [
      ['first sync (40 days ago)', -40 * DAY_MS],
      ['next sync (today)', 0],
    ] as const) {
      clock.offsetMs = offset;
      const started = performance.now();
      const result = await runSync(jobs);
      rows.push({
        run,
        requests: result.womRequests,
        ms: Math.round(performance.now() - started),
        counts: `${result.counts.inserted} new, ${result.counts.updated} updated, ${result.counts.results} awards`,
      });
    }
    return rows;
  } finally {
    await database.close();
    await simulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One sync on a gateway of its own, as the next hourly run would have: a fresh minute of budget. */
async function timedSync(
  database: DatabaseHandle,
  clock: ShiftableClock,
  simulator: WomSimulator,
  visitors: (gateway: WomGateway) => Promise<string[]>,
) {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const gateway = createWomGateway(config, clock, simulator.url);
  const jobs = syncRunner(database, clock, { gateway, groupId: simulator.groupId });
  const from = simulator.requests.length;
  const started = performance.now();
  const [result, outcomes] = await Promise.all([
    runSync(jobs).then((done) => ({ done, ms: performance.now() - started })),
    visitors(gateway),
  ]);
  const visitorRequests = simulator.requests.slice(from).filter((r) => r.path.startsWith('/players/')).length;
  return { ms: result.ms, requests: result.done.womRequests, visitorRequests, outcomes };
}

/** A sync of 500 members alone, then with 200 visitors refreshing 200 stale players meanwhile. */
async function benchVisitorBurst() {
  const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
  const clock = new ShiftableClock();
  // Each timed sync stands for a later hour's run with a fresh minute of WOM's budget, which the
  // gateway's own limiter enforces; a simulator counting all three in one minute would not know that.
  const simulator = await startSimulator({ members: BURST.members, clock, rateLimit: false });
  const database = openSqlite(join(dir, 'clan.db'));
  try {
    await migrateToLatest(database);
    await timedSync(database, clock, simulator, async () => []);
    // Every stored snapshot is now stale, so each visitor's read would ask WOM.
    clock.offsetMs += PLAYER_REFRESH_MS + 60_000;
    simulator.setFaults({ latencyMs: BURST.latencyMs });
    const alone = await timedSync(database, clock, simulator, async () => []);
    const burst = await timedSync(database, clock, simulator, async (gateway) => {
      const read = createPlayerReader({ db: database.db, clock, gateway, playerCacheMs: PLAYER_REFRESH_MS });
      const ids = simulator.memberIds().slice(0, BURST.visitors);
      return Promise.all(
        ids.map((id) =>
          read(String(id)).then(
            () => 'snapshot',
            () => '503',
          ),
        ),
      );
    });
    return { alone, burst };
  } finally {
    await database.close();
    await simulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

let overBudget = false;
process.stdout.write('members  run                        WOM requests  wall time  changes\n');
for (const members of [500, 2000]) {
  for (const row of await benchSync(members)) {
    process.stdout.write(
      `${String(members).padEnd(8)} ${row.run.padEnd(26)} ${String(row.requests).padStart(12)} ${`${row.ms} ms`.padStart(10)}  ${row.counts}\n`,
    );
    if (members === BUDGET.members && row.requests > BUDGET.requests) overBudget = true;
  }
}
process.stdout.write(
  `Budget: a sync of ${BUDGET.members} members uses at most ${BUDGET.requests} WOM requests: ${overBudget ? 'OVER' : 'met'}\n`,
);

const { alone, burst } = await benchVisitorBurst();
const count = (outcome: string) => burst.outcomes.filter((o) => o === outcome).length;
const slowdown = burst.ms / alone.ms - 1;
process.stdout.write(
  `\n${BURST.members} members, ${loadConfig({}).wom.requestsPerMinute} WOM requests a minute, ${BURST.latencyMs} ms WOM latency\n` +
    'sync                            WOM requests  wall time  visitor requests sent  visitors served\n' +
    `${'alone'.padEnd(31)} ${String(alone.requests).padStart(12)} ${`${Math.round(alone.ms)} ms`.padStart(10)}\n` +
    `${`with ${BURST.visitors} visitor refreshes`.padEnd(31)} ${String(burst.requests).padStart(12)} ${`${Math.round(burst.ms)} ms`.padStart(10)} ${String(burst.visitorRequests).padStart(22)}  ${count('snapshot')} snapshots, ${count('503')} 503 (none stored)\n`,
);
const slowedDown = slowdown > BURST.maxSlowdown;
process.stdout.write(
  `Budget: ${BURST.visitors} visitor refreshes lengthen a sync by at most ${BURST.maxSlowdown * 100}%: ${Math.round(slowdown * 100)}%, ${slowedDown ? 'OVER' : 'met'}\n`,
);
process.exit(overBudget || slowedDown ? 1 : 0);
