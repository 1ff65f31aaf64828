import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterRoster, NO_ROSTER_FILTERS } from '#core/members/roster-filters.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { createTestApp, createUser, loginAs, testConfig, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { WOM_SYNC, womSyncJob } from '../features/wom-sync/wom-sync.service.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { seedDemoHistory, startDemoWom, withSimulatorWatchList, type DemoWom } from './demo-mode.ts';
import type { DemoWomSettings, FromDemoWom } from './demo-wom-messages.ts';
import { ShiftableClock } from './shiftable-clock.ts';

/** The simulator process's source, run under tsx as `npm run dev` runs it. */
const ENTRY = new URL('./demo-wom-process.ts', import.meta.url);

const log = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

/** Demo mode as shipped: its WOM allows WOM's own 20 requests a minute, which its start-up must fit in. */
const demoConfig = (env: Record<string, string>) => testConfig({ DEMO_SIMULATOR_RATE_LIMIT: '20', ...env });

/** A runner on the app's database whose clock is demo mode's, as main.ts builds it. */
function demoJobs(t: TestApp, clock: ShiftableClock): JobRunner {
  return createJobRunner({
    db: t.database.db,
    clock,
    instanceId: 'demo-instance',
    jobs: [womSyncJob(t.womSync)],
  });
}

describe('demo mode', () => {
  let simulator: DemoWom | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await simulator?.close();
  });

  it('replays a month of history on the first start, so members have clan XP and siege points', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(demoConfig({ DEMO_MEMBERS: '60' }), ENTRY);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const jobs = demoJobs(t, clock);

    await seedDemoHistory(t.database.db, jobs, clock, log, simulator);
    expect(clock.offsetMs).toBe(0);
    const baseline = await t.database.db.selectFrom('members').select('created_at').execute();
    expect(baseline).toHaveLength(60);
    expect(Date.parse(baseline[0]!.created_at)).toBeLessThan(Date.now() - 29 * 24 * 60 * 60 * 1000);

    const started = await jobs.start(WOM_SYNC, null);
    if (started.status !== 'started') throw new Error('busy');
    expect((await started.done).outcome).toBe('succeeded');
    // Both runs within WOM's minute: a 429 would have held the sync for its Retry-After.
    const runs = await t.database.db.selectFrom('sync_runs').select('wom_requests').execute();
    expect(runs.reduce((sum, run) => sum + run.wom_requests, 0)).toBeLessThanOrEqual(20);

    const members = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<
      Array<{ clan_xp: number; siege_score: number }>
    >();
    expect(members.filter((m) => m.clan_xp > 0).length).toBeGreaterThan(30);
    expect(members.some((m) => m.siege_score > 0)).toBe(true);
    const events = (await t.app.inject({ method: 'GET', url: '/api/events' })).json<
      Array<{ winner_username: string | null }>
    >();
    expect(events.some((e) => e.winner_username !== null)).toBe(true);
  });

  it("flags the simulated clan's alts, so Show Alt Accounts has accounts to show", async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(demoConfig({ DEMO_MEMBERS: '60' }), ENTRY);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const alts = simulator.altIds().map(String);
    expect(alts).toHaveLength(3);

    await seedDemoHistory(t.database.db, demoJobs(t, clock), clock, log, simulator);
    const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<PublicMember[]>();
    expect(roster).toHaveLength(60);
    const flagged = roster.filter((member) => member.alt).map((member) => member.wom_id);
    expect(flagged.sort()).toEqual(alts.sort());
    expect(filterRoster(roster, NO_ROSTER_FILTERS)).toHaveLength(57);
    expect(filterRoster(roster, { ...NO_ROSTER_FILTERS, showAlts: true })).toHaveLength(60);
  });

  it('does not replay history once the clan has members', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(demoConfig({ DEMO_MEMBERS: '20' }), ENTRY);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const jobs = demoJobs(t, clock);
    await seedDemoHistory(t.database.db, jobs, clock, log, simulator);
    await seedDemoHistory(t.database.db, jobs, clock, log, simulator);
    expect(await t.database.db.selectFrom('sync_runs').select('outcome').execute()).toHaveLength(1);
  });
});

describe("demo mode's WOM process", () => {
  it('stops on close, and its port no longer answers', async () => {
    const simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '5' }), ENTRY);
    expect((await fetch(`${simulator.origin}/player-watch.json`)).status).toBe(200);
    await simulator.close();
    await expect(fetch(`${simulator.origin}/player-watch.json`)).rejects.toThrow();
  });

  it('exits when the app that started it goes away and its IPC channel closes', async () => {
    const settings: DemoWomSettings = { seed: 1, members: 5, port: 0, control: false, rateLimit: false };
    const child = fork(fileURLToPath(ENTRY), [JSON.stringify(settings)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [ready] = (await once(child, 'message')) as [FromDemoWom];
    expect(ready.type).toBe('ready');
    const exited = once(child, 'exit');
    child.disconnect();
    expect(await exited).toEqual([0, null]);
  });

  it('says why it could not start, as the app reports it', async () => {
    const first = await startDemoWom(testConfig({ DEMO_MEMBERS: '5' }), ENTRY);
    try {
      const taken = Number(new URL(first.origin).port);
      await expect(
        startDemoWom(testConfig({ DEMO_MEMBERS: '5', DEMO_SIMULATOR_PORT: String(taken) }), ENTRY),
      ).rejects.toThrow(/could not start: .*EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 2) {
    if (waited > 5_000) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

for (const dialect of testDialects) {
  describe(`${dialect}: demo mode's history seed`, () => {
    let simulator: DemoWom | undefined;
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      await simulator?.close();
    });

    it("refuses an admin's sync while the history is being seeded, and the seed run succeeds", async () => {
      const clock = new ShiftableClock();
      simulator = await startDemoWom(
        demoConfig({ DEMO_MEMBERS: '20', DEMO_SIMULATOR_CONTROL: 'true' }),
        ENTRY,
      );
      t = await createTestApp(dialect, { wom: { url: simulator.url, groupId: simulator.groupId } });
      await createUser(t, 'demoadmin', { admin: true });
      const admin = await loginAs(t, 'demoadmin');
      const db = t.database.db;

      const slow = await fetch(`${simulator.origin}/__control/faults`, {
        method: 'POST',
        body: JSON.stringify({ latencyMs: 100 }),
      });
      expect(slow.status).toBe(200);
      const seeding = seedDemoHistory(db, demoJobs(t, clock), clock, log, simulator);
      // The seed runs on a clock 30 days back; its lease must still hold in real time.
      await until(async () => (await db.selectFrom('sync_runs').select('id').execute()).length > 0);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sync',
        headers: { cookie: admin },
      });
      expect(refused.statusCode).toBe(409);
      await seeding;

      const runs = await db.selectFrom('sync_runs').select(['outcome', 'error']).execute();
      expect(runs).toEqual([{ outcome: 'succeeded', error: null }]);
    });
  });
}

describe('withSimulatorWatchList', () => {
  const simulator = { origin: 'http://127.0.0.1:40123' };

  it("points demo mode's player-watch download at the simulator's list", () => {
    expect(withSimulatorWatchList(testConfig(), simulator).jobs.playerWatchUrl).toBe(
      'http://127.0.0.1:40123/player-watch.json',
    );
  });

  it('keeps the list PLAYER_WATCH_URL names', () => {
    const config = testConfig({ PLAYER_WATCH_URL: 'https://lists.example/watch.json' });
    expect(withSimulatorWatchList(config, simulator).jobs.playerWatchUrl).toBe(
      'https://lists.example/watch.json',
    );
  });
});
