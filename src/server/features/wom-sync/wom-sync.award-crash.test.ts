import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, testConfig } from '#test/app.ts';
import { restartServer, startCrashProcess, type CrashProcess } from '#test/crash-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { signInOverHttp, stopServerProcess, until, type ServerProcess } from '#test/server-process.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { systemClock } from '#shared/clock.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { womSyncDeps } from '../../app.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { createWomGateway } from '../../wom/create-gateway.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';
import { WOM_SYNC, womSyncJob } from './wom-sync.service.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
/** The default WOM_RESULTS_GRACE_MINUTES: a competition pays this long after its end. */
const RESULTS_GRACE_MS = 60 * 60 * 1000;
/** Short, so the restarted server takes the killed run's lease over within seconds. */
const LEASE = { JOB_LEASE_SECONDS: '2' };

/** The group's competition that ended last, grace included, before now. */
async function lastFinishedCompetition(simulator: WomSimulator): Promise<{ id: number; endsAt: string }> {
  const response = await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`);
  const competitions = (await response.json()) as Array<{ id: number; endsAt: string }>;
  const finished = competitions
    .filter((c) => Date.parse(c.endsAt) + RESULTS_GRACE_MS <= Date.now())
    .sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt));
  return finished[0]!;
}

/** One WOM sync in this process, as if run at `at`: the site then knows the group and its events. */
async function syncAt(database: TestDatabase, simulator: WomSimulator, at: string): Promise<void> {
  const config = testConfig();
  const wom = { gateway: createWomGateway(config, systemClock, simulator.url), groupId: simulator.groupId };
  const jobs = createJobRunner({
    db: database.db,
    clock: createManualClock(at),
    instanceId: 'award-crash-setup',
    jobs: [womSyncJob(womSyncDeps({ config, database, wom }))],
  });
  const started = await jobs.start(WOM_SYNC, null);
  if (started.status !== 'started') throw new Error('the setup sync did not start');
  expect((await started.done).outcome).toBe('succeeded');
  await jobs.stop();
}

/** The ledger and the scores: every score must be its member's sum of the open season's ledger. */
async function pointsState(database: TestDatabase) {
  const db = database.db;
  const season = await db
    .selectFrom('seasons')
    .select('id')
    .where('is_open', '=', true)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('points')
    .select(['member_wom_id', 'amount', 'event_id'])
    .where('season_id', '=', season.id)
    .orderBy('id')
    .execute();
  const scores = await db.selectFrom('members').select(['wom_id', 'siege_score']).orderBy('wom_id').execute();
  const sums = new Map<string, number>();
  for (const row of ledger) sums.set(row.member_wom_id, (sums.get(row.member_wom_id) ?? 0) + row.amount);
  return {
    ledger,
    results: await db.selectFrom('event_results').select(['event_id', 'member_wom_id']).execute(),
    paid: await db.selectFrom('events').select('id').where('points_awarded_at', 'is not', null).execute(),
    scoresOffLedger: scores.filter((member) => member.siege_score !== (sums.get(member.wom_id) ?? 0)),
  };
}

/** The WOM sync's runs: the server's other jobs (news, anniversaries) record theirs beside them. */
async function runOutcomes(database: TestDatabase) {
  return database.db
    .selectFrom('sync_runs')
    .select(['id', 'outcome'])
    .where('kind', '=', WOM_SYNC)
    .orderBy('id')
    .execute();
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed while a sync books an event's points`, () => {
    let simulator: WomSimulator | undefined;
    let database: TestDatabase | undefined;
    let crashed: CrashProcess | undefined;
    let restarted: ServerProcess | undefined;
    afterEach(async () => {
      await crashed?.stop();
      if (restarted) await stopServerProcess(restarted, 'SIGKILL');
      await database?.destroy();
      await simulator?.close();
    });

    it('books none of them, and the restarted server books each award once with the score moved once', async () => {
      simulator = await startSimulator({ members: 30, seed: 8 });
      database = await createTestDatabase(dialect);
      await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      const competition = await lastFinishedCompetition(simulator);
      // Synced a minute before the competition ended, so its event is owed its results now.
      await syncAt(database, simulator, new Date(Date.parse(competition.endsAt) - 60_000).toISOString());
      const event = await database.db
        .selectFrom('events')
        .select(['id', 'points_awarded_at'])
        .where('wom_id', '=', String(competition.id))
        .executeTakeFirstOrThrow();
      expect(event.points_awarded_at).toBeNull();

      const wom = { WOM_GROUP_ID: String(simulator.groupId), WOM_BASE_URL: simulator.url };
      // Stopped at the booking's last write, after every ledger row and score of the event.
      crashed = await startCrashProcess(database.url, 'update events.points_awarded_at', {
        ...wom,
        WOM_REQUESTS_PER_MINUTE: '10000',
        ...LEASE,
      });
      const admin = await signInOverHttp(crashed.base, ADMIN);
      const before = await dumpTables(database.db);
      const syncNow = await fetch(`${crashed.base}/api/admin/sync`, {
        method: 'POST',
        headers: { cookie: admin, origin: crashed.base },
      });
      expect(syncNow.status).toBe(202);
      await crashed.killWhenPaused();

      // Only the run's own record and lease, written before its transaction, show the killed run.
      expect(changedTables(before, await dumpTables(database.db)).sort()).toEqual([
        'job_leases',
        'sync_runs',
      ]);

      const killedRun = (await runOutcomes(database)).at(-1)!;
      expect(killedRun.outcome).toBe('running');

      restarted = await restartServer(
        database.url,
        { url: simulator.url, groupId: simulator.groupId },
        LEASE,
      );
      await until('the start-up sync of the restarted server succeeds', async () =>
        (await runOutcomes(database!)).some((run) => run.id > killedRun.id && run.outcome === 'succeeded'),
      );
      const booked = await pointsState(database);
      const awards = booked.ledger.filter((row) => row.event_id === event.id);
      expect(awards.length).toBeGreaterThan(0);
      expect(booked.paid.map((row) => row.id)).toContain(event.id);
      expect(new Set(awards.map((row) => row.member_wom_id)).size).toBe(awards.length);
      expect(awards.map((row) => row.member_wom_id).sort()).toEqual(
        booked.results
          .filter((row) => row.event_id === event.id)
          .map((row) => row.member_wom_id)
          .sort(),
      );
      expect(booked.scoresOffLedger).toEqual([]);

      // Another sync finds nothing owed: the points stay booked once.
      const again = await fetch(`${restarted.base}/api/admin/sync`, {
        method: 'POST',
        headers: { cookie: await signInOverHttp(restarted.base, ADMIN), origin: restarted.base },
      });
      expect(again.status).toBe(202);
      const { run_id: runId } = (await again.json()) as { run_id: number };
      await until('Sync now finishes', async () =>
        (await runOutcomes(database!)).some((run) => run.id === runId && run.outcome === 'succeeded'),
      );
      expect(await pointsState(database)).toEqual(booked);
    }, 90_000);
  });
}
