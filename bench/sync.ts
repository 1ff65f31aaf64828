/**
 * `npm run bench:sync`: WOM requests and wall time of full syncs of 500 and 2,000 members against the
 * simulator, on a throwaway SQLite file. Budget (issue #3): a sync of 500 members uses at most 10
 * requests. The first sync sees the clan as it was 40 days ago; the second, today, also fetches the
 * standings of the competitions that ended in between (the most requests a run makes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { womSyncDeps } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openSqlite } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import { ShiftableClock } from '../src/server/demo/demo-mode.ts';
import { startWomSync } from '../src/server/features/wom-sync/wom-sync.service.ts';
import { startSimulator } from '../src/server/simulator/index.ts';
import { createWomGateway } from '../src/server/wom/create-gateway.ts';

const BUDGET = { members: 500, requests: 10 };
const DAY_MS = 24 * 60 * 60 * 1000;

async function benchSync(members: number) {
  const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
  const clock = new ShiftableClock();
  const simulator = await startSimulator({ members, clock });
  const database = openSqlite(join(dir, 'clan.db'));
  try {
    await migrateToLatest(database);
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const deps = womSyncDeps(
      {
        config,
        database,
        clock,
        wom: { gateway: createWomGateway(config, clock, simulator.url), groupId: simulator.groupId },
        instanceId: 'bench',
      },
      clock,
    );
    const rows: Array<{ run: string; requests: number; ms: number; counts: string }> = [];
    for (const [run, offset] of [
      ['first sync (40 days ago)', -40 * DAY_MS],
      ['next sync (today)', 0],
    ] as const) {
      clock.offsetMs = offset;
      const started = performance.now();
      const start = await startWomSync(deps, null);
      if (start.status !== 'started') throw new Error('the sync lease was busy');
      const result = await start.done;
      if (result.outcome !== 'succeeded') throw new Error(`sync failed: ${result.error}`);
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
process.exit(overBudget ? 1 : 0);
