import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventTypeOfCompetition } from '#core/events/event-types.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type RecordedRequest, type WomSimulator } from '#stand-ins/wom/index.ts';
import { parseDatabaseUrl } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { tryAcquireLease } from '../../jobs/leases.repository.ts';
import { WOM_SYNC, womSyncJob } from './wom-sync.service.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The default WOM_RESULTS_GRACE_MINUTES. */
const RESULTS_GRACE = HOUR;

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 2) {
    if (waited > 5_000) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * WOM goes down in the middle of a run: requests pass until the first one after `from` that matches,
 * which fails with a 503 page, as does every retry and request after it. The simulator records a
 * request on arrival and applies faults after its latency, so the poll sees the request in time.
 */
function failFromRequest(
  simulator: WomSimulator,
  from: number,
  matches: (request: RecordedRequest) => boolean,
): () => void {
  simulator.setFaults({ latencyMs: 40 });
  const timer = setInterval(() => {
    if (!simulator.requests.slice(from).some(matches)) return;
    simulator.failNext(20, 503, 'html');
    clearInterval(timer);
  }, 1);
  return () => clearInterval(timer);
}

const isStandingsRequest = (request: RecordedRequest) => request.path.startsWith('/competitions/');

/** Every table a sync writes, as plain rows, to compare two states of the database. */
async function snapshotOfData(t: TestApp) {
  const tables = [
    'members',
    'member_stats',
    'wom_cache',
    'achievements',
    'events',
    'event_results',
    'points',
    'audit_log',
  ] as const;
  const state: Record<string, unknown[]> = {};
  // Sorted: PostgreSQL returns rows in no set order, and a sync may move them without changing them.
  for (const table of tables) {
    const rows = await t.database.db.selectFrom(table).selectAll().execute();
    state[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return state;
}

async function member(t: TestApp, womId: string) {
  return t.database.db
    .selectFrom('members')
    .selectAll()
    .where('wom_id', '=', womId)
    .executeTakeFirstOrThrow();
}

for (const dialect of testDialects) {
  describe(`${dialect}: WOM sync`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);

    beforeEach(async () => {
      clock.set(START);
      simulator = await startSimulator({ members: 40, seed: 3, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    it('gives no points for competitions that were over before the site first saw them', async () => {
      await t.sync();
      expect(await t.database.db.selectFrom('points').selectAll().execute()).toEqual([]);
      expect(simulator.requests.filter((r) => r.path.startsWith('/competitions/'))).toEqual([]);
    });

    it('imports the roster with a baseline, stats, statistics, achievements and competitions as events', async () => {
      const result = await t.sync();
      expect(result.outcome).toBe('succeeded');
      const members = await t.database.db.selectFrom('members').selectAll().execute();
      expect(members).toHaveLength(40);
      for (const m of members) {
        expect(m.first_xp).toBe(m.current_xp);
        expect(m.womrole).toBe(m.wom_role_synced);
      }
      expect(await t.database.db.selectFrom('member_stats').select('wom_id').execute()).not.toHaveLength(0);
      const cache = await t.database.db.selectFrom('wom_cache').select('resource').execute();
      expect(cache.map((c) => c.resource)).toEqual(
        expect.arrayContaining(['group', 'group-statistics', 'competitions']),
      );
      expect(await t.database.db.selectFrom('achievements').select('id').execute()).not.toHaveLength(0);
      const events = await t.database.db.selectFrom('events').selectAll().execute();
      expect(events).toHaveLength(8);
      expect(events.every((e) => e.wom_id !== null && e.start_date !== null && e.end_date !== null)).toBe(
        true,
      );
      // One vocabulary with the admin's form (issue 21), never WOM's own metric types; a team
      // competition reads as one, not as the skill it measures (issue 29).
      const listed = await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`);
      const competitions = (await listed.json()) as Array<{ id: number; metric: string; type: string }>;
      expect(competitions.some((competition) => competition.type === 'team')).toBe(true);
      for (const event of events) {
        expect(EVENT_TYPES).toContain(event.type);
        const competition = competitions.find((c) => String(c.id) === event.wom_id);
        expect(event.type).toBe(eventTypeOfCompetition(competition!));
        if (competition?.type === 'team') expect(event.type).toBe('Team Competition');
      }
    });

    it('records every run with its outcome, counts and WOM requests, within 10 requests', async () => {
      const result = await t.sync();
      const runs = await t.database.db.selectFrom('sync_runs').selectAll().execute();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({
        kind: 'wom-sync',
        outcome: 'succeeded',
        finished_at: expect.any(String),
        error: null,
      });
      expect(runs[0]!.wom_requests).toBe(result.womRequests);
      expect(result.womRequests).toBeLessThanOrEqual(10);
      expect(simulator.requests).toHaveLength(result.womRequests);
      expect(JSON.parse(runs[0]!.counts!)).toMatchObject({ members: 40, inserted: 40 });
    });

    it('leaves the database unchanged when nothing changed at WOM', async () => {
      await t.sync();
      // The next syncs bring in the results of competitions over before the first one (issue 29).
      for (let run = 0; run < 5; run += 1) {
        const asked = simulator.requests.length;
        await t.sync();
        if (!simulator.requests.slice(asked).some(isStandingsRequest)) break;
      }
      const first = await snapshotOfData(t);
      const second = await t.sync();
      expect(second.outcome).toBe('succeeded');
      expect(await snapshotOfData(t)).toEqual(first);
    });

    it('awards event points once: placements 15, 10, 5 and 2, never twice', async () => {
      // The site first sees the clan 40 days back, before the simulator's competitions ended.
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      expect(await t.database.db.selectFrom('points').selectAll().execute()).toEqual([]);
      clock.set(START);
      // Five competitions have finished since: a run fetches four standings, the next one the fifth.
      await t.sync();
      await t.sync();
      const results = await t.database.db
        .selectFrom('event_results')
        .innerJoin('events', 'events.id', 'event_results.event_id')
        .select(['event_results.event_id', 'placement', 'points', 'gained', 'start_date', 'end_date'])
        .execute();
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) {
        const hours = (Date.parse(r.end_date!) - Date.parse(r.start_date!)) / 3_600_000;
        const expected = hours >= 1 && hours <= 2 ? 2 : ({ 1: 15, 2: 10, 3: 5 }[r.placement] ?? 2);
        expect(r.points).toBe(expected);
        expect(r.gained).toBeGreaterThan(0);
      }
      // The simulator ends one competition in a tie for first: both are placed 1st.
      const firsts = new Map<number, number>();
      for (const r of results)
        if (r.placement === 1) firsts.set(r.event_id, (firsts.get(r.event_id) ?? 0) + 1);
      expect([...firsts.values()].some((count) => count >= 2)).toBe(true);
      const points = await t.database.db.selectFrom('points').selectAll().execute();
      expect(points).toHaveLength(results.length);
      const scores = await t.database.db.selectFrom('members').select(['wom_id', 'siege_score']).execute();
      const total = scores.reduce((sum, m) => sum + m.siege_score, 0);
      expect(total).toBe(points.reduce((sum, p) => sum + p.amount, 0));
      const awarded = await t.database.db
        .selectFrom('events')
        .select(['points_awarded_at', 'winner_username'])
        .where('points_awarded_at', 'is not', null)
        .execute();
      expect(awarded.length).toBeGreaterThan(0);

      clock.advance(60 * 1000);
      await t.sync();
      expect(await t.database.db.selectFrom('points').selectAll().execute()).toHaveLength(points.length);
      const after = await t.database.db.selectFrom('members').select(['wom_id', 'siege_score']).execute();
      expect(after.reduce((sum, m) => sum + m.siege_score, 0)).toBe(total);
    });

    it('marks as won only the results level with the top gain of all participants, or of the top team', async () => {
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      clock.set(START);
      await t.sync();
      const events = await t.database.db
        .selectFrom('events')
        .select(['id', 'wom_id', 'winner_username'])
        .where('points_awarded_at', 'is not', null)
        .execute();
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        const response = await fetch(`${simulator.url}/competitions/${event.wom_id}`);
        const details = (await response.json()) as {
          type: string;
          participations: Array<{
            playerId: number;
            teamName: string | null;
            player: { displayName: string };
            progress: { gained: number };
          }>;
        };
        const results = await t.database.db
          .selectFrom('event_results')
          .select(['member_wom_id', 'gained', 'won', 'placement'])
          .where('event_id', '=', event.id)
          .execute();
        if (details.type === 'team') {
          // A team competition is won by the team whose players gained the most in all.
          const totals = new Map<string, number>();
          for (const p of details.participations)
            totals.set(p.teamName!, (totals.get(p.teamName!) ?? 0) + p.progress.gained);
          const best = Math.max(...totals.values());
          const teamOf = new Map(details.participations.map((p) => [String(p.playerId), p.teamName!]));
          for (const r of results)
            expect(Boolean(r.won)).toBe(totals.get(teamOf.get(r.member_wom_id)!) === best && r.gained > 0);
          const winner = details.participations.find(
            (p) => totals.get(p.teamName!) === best && p.progress.gained > 0,
          )!;
          expect(event.winner_username).toBe(winner.player.displayName);
          continue;
        }
        const top = Math.max(...details.participations.map((p) => p.progress.gained));
        for (const r of results) expect(Boolean(r.won)).toBe(r.gained === top);
        const winner = details.participations.find((p) => p.progress.gained === top)!;
        expect(event.winner_username).toBe(winner.player.displayName);
      }
    });

    it("follows a rename by WOM id and keeps the member's points", async () => {
      await t.sync();
      const [id] = simulator.memberIds();
      const womId = String(id);
      await t.database.db
        .updateTable('members')
        .set({ siege_score: 42 })
        .where('wom_id', '=', womId)
        .execute();
      simulator.renamePlayer(id!, 'Fresh Name');
      await t.sync();
      const renamed = await member(t, womId);
      expect(renamed).toMatchObject({ wom_name: 'Fresh Name', name: 'Fresh Name', siege_score: 42 });
      expect(await t.database.db.selectFrom('members').select('wom_id').execute()).toHaveLength(40);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'member.rename')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.after!)).toEqual({ wom_name: 'Fresh Name' });
    });

    it('marks a member who leaves as left, and restores them with their points and baseline', async () => {
      await t.sync();
      const id = simulator.memberIds()[5]!;
      const womId = String(id);
      await t.database.db
        .updateTable('members')
        .set({ siege_score: 17 })
        .where('wom_id', '=', womId)
        .execute();
      const before = await member(t, womId);

      simulator.removeMember(id);
      clock.advance(DAY);
      await t.sync();
      const gone = await member(t, womId);
      expect(gone.left_at).toBe(clock.now().toISOString());
      const roster = await t.app.inject({ method: 'GET', url: '/api/members' });
      expect(roster.json().map((m: { wom_id: string }) => m.wom_id)).not.toContain(womId);

      simulator.restoreMember(id);
      const rejoinedOn = clock.now().toISOString().slice(0, 10);
      simulator.gainExperience(id, 'fishing', 250_000);
      clock.advance(DAY);
      await t.sync();
      const back = await member(t, womId);
      expect(back.left_at).toBeNull();
      expect(back.siege_score).toBe(17);
      expect(back.first_xp).toBe(before.first_xp);
      expect(back.current_xp).toBeGreaterThan(before.current_xp);
      // WOM dates the new membership today: the first join date stays, and the return is recorded.
      expect(back.join_date).toBe(before.join_date);
      expect(back.wom_join_date_synced).toBe(rejoinedOn);
      const returns = await t.database.db.selectFrom('member_returns').selectAll().execute();
      expect(returns).toEqual([
        expect.objectContaining({
          wom_id: womId,
          left_at: gone.left_at,
          returned_on: rejoinedOn,
          joined_before: before.join_date,
        }),
      ]);
    });

    it("keeps an admin's rank change through syncs until WOM's role changes", async () => {
      await t.sync();
      const id = simulator.memberIds().at(-1)!;
      const womId = String(id);
      const synced = (await member(t, womId)).wom_role_synced;
      await t.database.db
        .updateTable('members')
        .set({ womrole: 'zenyte' })
        .where('wom_id', '=', womId)
        .execute();

      clock.advance(60 * 60 * 1000);
      await t.sync();
      expect(await member(t, womId)).toMatchObject({ womrole: 'zenyte', wom_role_synced: synced });

      const newRole = synced === 'onyx' ? 'ruby' : 'onyx';
      simulator.setRole(id, newRole);
      await t.sync();
      expect(await member(t, womId)).toMatchObject({ womrole: newRole, wom_role_synced: newRole });
    });

    it('records a run that fails half-way, after some WOM requests succeeded, and changes nothing', async () => {
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      clock.set(START);
      const members = (await t.app.inject({ method: 'GET', url: '/api/members' })).body;
      const stats = (await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' })).body;
      const before = await snapshotOfData(t);

      // Everything this run would change: XP, a rename, and points for the finished competitions.
      const [first, second] = simulator.memberIds();
      simulator.gainExperience(first!, 'cooking', 1_000_000);
      simulator.renamePlayer(second!, 'Halfway Gone');
      const from = simulator.requests.length;
      const stopWatching = failFromRequest(simulator, from, isStandingsRequest);
      const result = await t.sync();
      stopWatching();

      const run = simulator.requests.slice(from);
      const failedAt = run.findIndex(isStandingsRequest);
      expect(failedAt).toBeGreaterThan(0);
      expect(run.slice(0, failedAt).map((r) => r.path)).toEqual(
        expect.arrayContaining([
          `/groups/${simulator.groupId}`,
          `/groups/${simulator.groupId}/bulk-hiscores`,
          `/groups/${simulator.groupId}/statistics`,
          `/groups/${simulator.groupId}/competitions`,
          `/groups/${simulator.groupId}/achievements`,
        ]),
      );
      expect(result).toMatchObject({ outcome: 'failed', error: expect.stringContaining('503') });
      const runs = await t.database.db.selectFrom('sync_runs').selectAll().orderBy('id').execute();
      expect(runs.at(-1)).toMatchObject({
        outcome: 'failed',
        error: expect.stringContaining('503'),
        finished_at: expect.any(String),
        wom_requests: result.womRequests,
      });
      expect(result.womRequests).toBeGreaterThan(failedAt);

      expect(await snapshotOfData(t)).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/members' })).body).toBe(members);
      expect((await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' })).body).toBe(stats);
    });

    it('stays within 10 WOM requests on runs that also fetch competition standings', async () => {
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      // Weeks later all eight competitions are over and owe points: more than one run may fetch.
      clock.set(new Date(Date.parse(START) + 20 * DAY).toISOString());
      const standingsPerRun: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const from = simulator.requests.length;
        const result = await t.sync();
        const requests = simulator.requests.slice(from);
        expect(result.outcome).toBe('succeeded');
        expect(requests).toHaveLength(result.womRequests);
        expect(result.womRequests).toBeLessThanOrEqual(10);
        standingsPerRun.push(requests.filter(isStandingsRequest).length);
      }
      expect(standingsPerRun).toEqual([
        t.womSync.maxCompetitionDetails,
        8 - t.womSync.maxCompetitionDetails,
        0,
      ]);
    });

    it("awards a finished competition's points only once the results grace period has passed", async () => {
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      const [latest] = await t.database.db
        .selectFrom('events')
        .select(['id', 'wom_id', 'end_date'])
        .where('end_date', '<', START)
        .orderBy('end_date', 'desc')
        .limit(1)
        .execute();
      const ended = Date.parse(latest!.end_date!);

      // A minute short of the grace: sync until the competitions already due are all booked.
      clock.set(new Date(ended + RESULTS_GRACE - 60_000).toISOString());
      let fetchedStandings = true;
      for (let run = 0; run < 5 && fetchedStandings; run += 1) {
        const from = simulator.requests.length;
        await t.sync();
        fetchedStandings = simulator.requests.slice(from).some(isStandingsRequest);
      }
      expect(fetchedStandings).toBe(false);
      const early = await t.database.db
        .selectFrom('events')
        .select('points_awarded_at')
        .where('id', '=', latest!.id)
        .executeTakeFirstOrThrow();
      expect(early.points_awarded_at).toBeNull();
      const resultsOf = () =>
        t.database.db.selectFrom('event_results').selectAll().where('event_id', '=', latest!.id).execute();
      const pointsOf = () =>
        t.database.db.selectFrom('points').selectAll().where('event_id', '=', latest!.id).execute();
      expect(await resultsOf()).toEqual([]);
      expect(await pointsOf()).toEqual([]);
      expect(simulator.requests.map((r) => r.path)).not.toContain(`/competitions/${latest!.wom_id}`);

      clock.set(new Date(ended + RESULTS_GRACE).toISOString());
      await t.sync();
      const late = await t.database.db
        .selectFrom('events')
        .select('points_awarded_at')
        .where('id', '=', latest!.id)
        .executeTakeFirstOrThrow();
      expect(late.points_awarded_at).toBe(clock.now().toISOString());
      const results = await resultsOf();
      expect(results.length).toBeGreaterThan(0);
      expect(await pointsOf()).toHaveLength(results.length);
    });

    it('takes the baseline of a member WOM had never measured from the first sync that measures them', async () => {
      await t.sync();
      const unmeasured = await t.database.db
        .selectFrom('members')
        .select('wom_id')
        .where('current_xp', '=', 0)
        .execute();
      expect(unmeasured.length).toBeGreaterThan(0);
      const womId = unmeasured[0]!.wom_id;
      expect(await member(t, womId)).toMatchObject({ first_xp: 0, first_lvl: 0 });

      // An update gives WOM its first snapshot of the player: their whole account, not a gain.
      simulator.gainExperience(Number(womId), 'fishing', 5_000);
      clock.advance(HOUR);
      await t.sync();
      const measured = await member(t, womId);
      expect(measured.current_xp).toBeGreaterThan(1_000_000);
      expect(measured.current_lvl).toBeGreaterThan(0);
      expect(measured).toMatchObject({ first_xp: measured.current_xp, first_lvl: measured.current_lvl });
      const clanXpOf = async () => {
        const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<
          Array<{ wom_id: string; clan_xp: number }>
        >();
        return roster.find((m) => m.wom_id === womId)?.clan_xp;
      };
      expect(await clanXpOf()).toBe(0);

      simulator.gainExperience(Number(womId), 'fishing', 250_000);
      clock.advance(HOUR);
      await t.sync();
      expect(await member(t, womId)).toMatchObject({
        first_xp: measured.first_xp,
        first_lvl: measured.first_lvl,
      });
      expect(await clanXpOf()).toBeGreaterThanOrEqual(250_000);
    });

    it('stores and serves unranked boss kills, activity scores and XP as 0, never -1', async () => {
      const served = await fetch(`${simulator.url}/groups/${simulator.groupId}/bulk-hiscores`);
      const unranked = /"(kills|score|experience)":-1[,}]/;
      expect(await served.text()).toMatch(unranked);

      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      await t.sync();
      clock.set(START);
      await t.sync();
      const stats = await t.database.db.selectFrom('member_stats').select('snapshot').execute();
      expect(stats.length).toBeGreaterThan(0);
      for (const row of stats) expect(row.snapshot).not.toMatch(unranked);
      const cache = await t.database.db.selectFrom('wom_cache').select(['resource', 'payload']).execute();
      expect(cache.some((row) => row.resource.startsWith('competition:'))).toBe(true);
      for (const row of cache) expect(row.payload).not.toMatch(/"(kills|score|start|end)":-1[,}]/);
      const groupStats = await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' });
      expect(groupStats.body).not.toMatch(unranked);
    });

    it('fails a run that outlived its lease once another instance took it over, and saves nothing', async () => {
      simulator.setFaults({ latencyMs: 100 });
      const started = await t.jobs.start(WOM_SYNC, null);
      if (started.status !== 'started') throw new Error('busy');
      await until(() => simulator.requests.length > 0);
      // The run has held its lease past the time-to-live; another instance presumes it dead.
      await t.database.db
        .updateTable('job_leases')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .execute();
      const takeover = { name: 'wom-sync', holder: 'instance-two', now: new Date(), ttlMs: 60_000 };
      expect(await tryAcquireLease(t.database.db, takeover)).toBe(true);

      const result = await started.done;
      expect(result).toMatchObject({ outcome: 'failed', error: expect.stringContaining('lease') });
      expect(await t.database.db.selectFrom('members').select('wom_id').execute()).toEqual([]);
      expect(await t.database.db.selectFrom('wom_cache').select('resource').execute()).toEqual([]);
      const lease = await t.database.db.selectFrom('job_leases').select('holder').execute();
      expect(lease).toEqual([{ holder: 'instance-two' }]);
    });

    it('shows a sync that saved as succeeded, even when the database went away before the runner wrote again', async () => {
      const leaseClock = createManualClock(new Date().toISOString());
      // The instance running the sync talks to the database over a connection of its own, lost
      // right after the sync's saving transaction commits.
      const instance = openDatabase(parseDatabaseUrl(t.database.url));
      const sync = womSyncJob({ ...t.womSync, db: instance.db });
      const jobs = createJobRunner({
        db: instance.db,
        clock,
        leaseClock,
        instanceId: 'instance-one',
        jobs: [{ ...sync, run: (context) => sync.run(context).then(() => instance.close()) }],
      });
      const started = await jobs.start(WOM_SYNC, null);
      if (started.status !== 'started') throw new Error('busy');
      expect((await started.done).outcome).toBe('succeeded');

      // Its lease, never released, lapses; another instance shows the admin the sync's runs.
      leaseClock.advance(60_000);
      const elsewhere = createJobRunner({
        db: t.database.db,
        clock,
        leaseClock,
        instanceId: 'instance-two',
        jobs: [sync],
      });
      const status = await elsewhere.status(WOM_SYNC, 10);
      expect(status.runs).toEqual([
        expect.objectContaining({
          id: started.runId,
          outcome: 'succeeded',
          error: null,
          counts: expect.objectContaining({ members: 40, inserted: 40 }),
        }),
      ]);
      expect(await t.database.db.selectFrom('members').select('wom_id').execute()).toHaveLength(40);
    });

    it('refuses a second sync while one runs', async () => {
      simulator.setFaults({ latencyMs: 150 });
      const first = await t.jobs.start(WOM_SYNC, null);
      const second = await t.jobs.start(WOM_SYNC, null);
      expect(first.status).toBe('started');
      expect(second).toEqual({ status: 'busy' });
      if (first.status === 'started') await first.done;
      const third = await t.jobs.start(WOM_SYNC, null);
      expect(third.status).toBe('started');
      if (third.status === 'started') await third.done;
    });
  });
}
