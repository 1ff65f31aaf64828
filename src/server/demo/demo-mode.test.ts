import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterRoster, NO_ROSTER_FILTERS } from '#core/members/roster-filters.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { createTestApp, createUser, loginAs, testConfig, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import type { WomSimulator } from '../simulator/index.ts';
import { WOM_SYNC, womSyncJob } from '../features/wom-sync/wom-sync.service.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { ShiftableClock, seedDemoHistory, startDemoWom, withSimulatorWatchList } from './demo-mode.ts';

const log = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

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
  let simulator: WomSimulator | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await simulator?.close();
  });

  it('replays a month of history on the first start, so members have clan XP and siege points', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '60' }), clock);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const jobs = demoJobs(t, clock);

    await seedDemoHistory(t.database.db, jobs, clock, log, simulator.altIds());
    expect(clock.offsetMs).toBe(0);
    const baseline = await t.database.db.selectFrom('members').select('created_at').execute();
    expect(baseline).toHaveLength(60);
    expect(Date.parse(baseline[0]!.created_at)).toBeLessThan(Date.now() - 29 * 24 * 60 * 60 * 1000);

    const started = await jobs.start(WOM_SYNC, null);
    if (started.status !== 'started') throw new Error('busy');
    expect((await started.done).outcome).toBe('succeeded');

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
    simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '60' }), clock);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const alts = simulator.altIds().map(String);
    expect(alts).toHaveLength(3);

    await seedDemoHistory(t.database.db, demoJobs(t, clock), clock, log, simulator.altIds());
    const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<PublicMember[]>();
    expect(roster).toHaveLength(60);
    const flagged = roster.filter((member) => member.alt).map((member) => member.wom_id);
    expect(flagged.sort()).toEqual(alts.sort());
    expect(filterRoster(roster, NO_ROSTER_FILTERS)).toHaveLength(57);
    expect(filterRoster(roster, { ...NO_ROSTER_FILTERS, showAlts: true })).toHaveLength(60);
  });

  it('does not replay history once the clan has members', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '20' }), clock);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const jobs = demoJobs(t, clock);
    await seedDemoHistory(t.database.db, jobs, clock, log, simulator.altIds());
    const requests = simulator.requests.length;
    await seedDemoHistory(t.database.db, jobs, clock, log, simulator.altIds());
    expect(simulator.requests).toHaveLength(requests);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 2) {
    if (waited > 5_000) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

for (const dialect of testDialects) {
  describe(`${dialect}: demo mode's history seed`, () => {
    let simulator: WomSimulator | undefined;
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      await simulator?.close();
    });

    it("refuses an admin's sync while the history is being seeded, and the seed run succeeds", async () => {
      const clock = new ShiftableClock();
      simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '20' }), clock);
      t = await createTestApp(dialect, { wom: { url: simulator.url, groupId: simulator.groupId } });
      await createUser(t, 'demoadmin', { admin: true });
      const admin = await loginAs(t, 'demoadmin');

      simulator.setFaults({ latencyMs: 100 });
      const seeding = seedDemoHistory(t.database.db, demoJobs(t, clock), clock, log, simulator.altIds());
      // The seed runs on a clock 30 days back; its lease must still hold in real time.
      await until(() => simulator!.requests.length > 0);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sync',
        headers: { cookie: admin },
      });
      expect(refused.statusCode).toBe(409);
      await seeding;

      const runs = await t.database.db.selectFrom('sync_runs').select(['outcome', 'error']).execute();
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
