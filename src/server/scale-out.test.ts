import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '#core/auth/attempt-limits.ts';
import type { MeResponse } from '#core/auth/auth.schema.ts';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { createTestDatabase, type TestDatabase } from '#test/databases.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '#test/round-robin-proxy.ts';
import {
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
  until,
  type ServerProcess,
} from '#test/server-process.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { readJson } from './db/values.ts';
import { PLAYER_WATCH } from './features/player-watch/player-watch.service.ts';
import { WOM_SYNC } from './features/wom-sync/wom-sync.service.ts';

const ADMIN = { username: 'scaleadmin', password: 'scale-out-test-password' };

interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request as a browser on `base` sends it: changes carry the page's origin. */
function call(base: string, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.method && options.method !== 'GET') headers.origin = base;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function signedInUser(base: string, cookie: string): Promise<MeResponse['user']> {
  const response = await call(base, '/api/auth/me', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as MeResponse).user;
}

describe('postgres: two server processes on one database behind a round-robin proxy', () => {
  let simulator: WomSimulator;
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let admin: string;

  /** Every job has a finished run and no run in progress: the start-up runs are over. */
  async function jobsAtRest(): Promise<boolean> {
    const runs = await database.db.selectFrom('sync_runs').select(['kind', 'outcome']).execute();
    const finished = (kind: string) => runs.some((run) => run.kind === kind && run.outcome !== 'running');
    return finished(WOM_SYNC) && finished(PLAYER_WATCH) && runs.every((run) => run.outcome !== 'running');
  }

  /**
   * Holds every point award open just before its commit (each bumps the members revision last, and
   * this takes that row's lock) until all `writers` wait there, then SIGKILLs the instance holding
   * the most of them: the kill lands on writes fully made but not committed. Returns its index.
   */
  async function killWithWritesInFlight(writers: number): Promise<number> {
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query("select revision from data_revisions where name = 'members' for update");
      await until('every writer waits to commit', async () => {
        const { rows } = await blocker.query<{ waiting: string }>(
          "select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return Number(rows[0]!.waiting) === writers;
      });
      const inFlight = servers.map((_, i) => proxy.served[i]! - proxy.answered[i]! - proxy.failed[i]!);
      const victim = inFlight.indexOf(Math.max(...inFlight));
      expect(inFlight[victim]).toBeGreaterThan(0);
      await stopServerProcess(servers[victim]!, 'SIGKILL');
      return victim;
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
  }

  beforeAll(async () => {
    simulator = await startSimulator({ members: 30 });
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.url,
      WOM_GROUP_ID: String(simulator.groupId),
      WOM_BASE_URL: simulator.url,
      WOM_REQUESTS_PER_MINUTE: '10000',
      PLAYER_WATCH_URL: `${simulator.origin}/player-watch.json`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_LEASE_SECONDS: '2',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };
    // Both at once, as a deployment starts its instances: each creates the first admin and starts the jobs.
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    proxy = await startRoundRobinProxy(servers.map((server) => ({ host: '127.0.0.1', port: server.port })));
    admin = await signInOverHttp(proxy.url, ADMIN);
    await until('the start-up jobs have run', jobsAtRest);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await stopServerProcess(server, 'SIGKILL');
    await proxy?.close();
    await database?.destroy();
    await simulator?.close();
  });

  it('serves a session signed in through the proxy on both instances, and a sign-out on one ends it on the other', async () => {
    const cookie = await signInOverHttp(proxy.url, ADMIN);
    for (const server of servers) {
      expect(await signedInUser(server.base, cookie)).toMatchObject({
        username: ADMIN.username,
        is_admin: true,
      });
    }
    const [first, second] = servers as [ServerProcess, ServerProcess];
    expect((await call(first.base, '/api/auth/logout', { method: 'POST', cookie })).status).toBe(204);
    expect(await signedInUser(second.base, cookie)).toBeNull();
    expect(await signedInUser(first.base, cookie)).toBeNull();
    // The admin's own session, signed in elsewhere, lives on.
    expect(await signedInUser(second.base, admin)).toMatchObject({ username: ADMIN.username });
  });

  it('refuses failed logins alternating between the instances at the count one instance refuses at', async () => {
    const servedBefore = [...proxy.served];
    // A client address of its own (the proxy forwards it, the instances trust the proxy), so these
    // failures count against no other test's sign-ins.
    const guess = () =>
      call(proxy.url, '/api/auth/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        body: { username: ADMIN.username, password: 'a-wrong-guess' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAddressOnAccount + 2; i += 1) statuses.push((await guess()).status);

    expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.perAddressOnAccount).fill(401), 429, 429]);
    const servedNow = proxy.served.map((count, i) => count - servedBefore[i]!);
    expect(servedNow).toEqual([statuses.length / 2, statuses.length / 2]);
    // The guesser's address is limited on this account; the owner elsewhere still signs in.
    expect(await signInOverHttp(proxy.url, ADMIN)).toMatch(/^clan_session=/);
  });

  it('starts one run of a job when both instances are asked at once, and never runs a job twice at the same time', async () => {
    // Slow WOM and list downloads, so the first run is still going when the second request arrives.
    simulator.setFaults({ latencyMs: 300 });
    try {
      for (const [job, path, busy] of [
        [WOM_SYNC, '/api/admin/sync', 'A sync is already running'],
        [PLAYER_WATCH, '/api/admin/player-watch/run', 'The player-watch list is already being downloaded'],
      ] as const) {
        // A start-up run an instance schedules late can hold the job: then both are refused, and they ask again.
        const answers = await until(`one instance starts ${job}`, async () => {
          await until('no job is running', jobsAtRest);
          const both = await Promise.all(
            servers.map((server) => call(server.base, path, { method: 'POST', cookie: admin })),
          );
          expect(both.filter((answer) => answer.status === 202).length).toBeLessThanOrEqual(1);
          return both.some((answer) => answer.status === 202) && both;
        });
        expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
        const refused = answers.find((answer) => answer.status === 409)!;
        expect(await refused.json()).toEqual({ code: 'CONFLICT', message: busy });
        const { run_id: runId } = (await answers.find((answer) => answer.status === 202)!.json()) as {
          run_id: number;
        };
        const run = await until(`the ${job} run ends`, async () => {
          const row = await database.db
            .selectFrom('sync_runs')
            .selectAll()
            .where('id', '=', runId)
            .executeTakeFirstOrThrow();
          return row.outcome !== 'running' && row;
        });
        expect(run).toMatchObject({ kind: job, outcome: 'succeeded' });
      }
    } finally {
      simulator.setFaults({ latencyMs: 0 });
    }

    const runs = await database.db
      .selectFrom('sync_runs')
      .select(['kind', 'started_at', 'finished_at'])
      .orderBy('started_at')
      .execute();
    for (const kind of [WOM_SYNC, PLAYER_WATCH]) {
      const ofKind = runs.filter((run) => run.kind === kind);
      expect(ofKind.length).toBeGreaterThanOrEqual(2);
      for (const [i, run] of ofKind.entries()) {
        const previous = ofKind[i - 1];
        if (previous)
          expect(Date.parse(run.started_at)).toBeGreaterThanOrEqual(Date.parse(previous.finished_at!));
      }
    }
  }, 60_000);

  it("serves an admin's change made on one instance at the other's very next read, with a new ETag", async () => {
    const [writer, reader] = servers as [ServerProcess, ServerProcess];
    const rosterBefore = await call(reader.base, '/api/members');
    const eventsBefore = await call(reader.base, '/api/events');
    const [rosterTag, eventsTag] = [rosterBefore.headers.get('etag')!, eventsBefore.headers.get('etag')!];
    const member = ((await rosterBefore.json()) as PublicMember[])[0]!;
    // Warm: the reader has both bodies built for the current revision and answers 304 for them.
    expect(
      (await call(reader.base, '/api/members', { headers: { 'if-none-match': rosterTag } })).status,
    ).toBe(304);
    expect((await call(reader.base, '/api/events', { headers: { 'if-none-match': eventsTag } })).status).toBe(
      304,
    );

    const awarded = await call(writer.base, `/api/admin/members/${member.wom_id}/points`, {
      method: 'POST',
      cookie: admin,
      body: { amount: 5 },
    });
    expect(awarded.status).toBe(200);
    const event = await call(writer.base, '/api/admin/events', {
      method: 'POST',
      cookie: admin,
      body: {
        name: 'Scale-out Fishing Week',
        type: 'Skill of the Week',
        metric: 'fishing',
        start_date: '2026-11-23T18:00:00Z',
        end_date: '2026-11-30T18:00:00Z',
      },
    });
    expect(event.status).toBe(201);

    const rosterAfter = await call(reader.base, '/api/members', { headers: { 'if-none-match': rosterTag } });
    expect(rosterAfter.status).toBe(200);
    expect(rosterAfter.headers.get('etag')).not.toBe(rosterTag);
    const roster = (await rosterAfter.json()) as PublicMember[];
    expect(roster.find((row) => row.wom_id === member.wom_id)?.siege_score).toBe(member.siege_score + 5);
    const eventsAfter = await call(reader.base, '/api/events', { headers: { 'if-none-match': eventsTag } });
    expect(eventsAfter.status).toBe(200);
    expect(eventsAfter.headers.get('etag')).not.toBe(eventsTag);
    expect(await eventsAfter.text()).toContain('Scale-out Fishing Week');
  });

  it("serves the clan's rules saved on one instance at the other's very next read: the ladder and the welcome text", async () => {
    const [writer, reader] = servers as [ServerProcess, ServerProcess];
    const clanBefore = await call(reader.base, '/api/clan');
    const clanTag = clanBefore.headers.get('etag')!;
    const { ranks } = (await clanBefore.json()) as ClanProfile;
    expect((await call(reader.base, '/api/clan', { headers: { 'if-none-match': clanTag } })).status).toBe(
      304,
    );

    // Sapphire from 1M clan XP instead of 3M, and a new welcome text, saved through the other instance.
    const ladder: RankLadder = {
      ...ranks,
      paths: ranks.paths.map((path) => ({
        ...path,
        ranks: path.ranks.map((rank) =>
          rank.role === 'sapphire'
            ? { ...rank, requirements: [{ measure: 'clan_xp' as const, min: 1_000_000 }] }
            : rank,
        ),
      })),
    };
    const saved = await call(writer.base, '/api/admin/clan/ranks', {
      method: 'PUT',
      cookie: admin,
      body: { ...ladder, dry_run: false },
    });
    expect(saved.status).toBe(200);
    const profile = await call(writer.base, '/api/admin/clan/profile', {
      method: 'PUT',
      cookie: admin,
      body: { welcome_markdown: 'Saved on **one** instance' },
    });
    expect(profile.status).toBe(200);

    const clanAfter = await call(reader.base, '/api/clan', { headers: { 'if-none-match': clanTag } });
    expect(clanAfter.status).toBe(200);
    const served = (await clanAfter.json()) as ClanProfile;
    expect(served.ranks).toEqual(ladder);
    expect(served.welcome_html).toContain('<strong>one</strong>');
  });

  it('keeps every acknowledged point award exactly once, and no award half-applied, when an instance is killed mid-stream', async () => {
    const lanes = 4;
    const awardsPerLane = 12;
    const members = (await database.db.selectFrom('members').select('wom_id').orderBy('wom_id').execute())
      .slice(0, lanes)
      .map((row) => row.wom_id);
    const firstAudit = await database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const firstPoint = await database.db
      .selectFrom('points')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const acknowledged = new Map<string, number[]>(members.map((womId) => [womId, []]));
    /** Awards whose answer never came: each may or may not have committed, but at most once. */
    const unanswered = new Map<string, number>(members.map((womId) => [womId, 0]));
    let answered = 0;
    let answeredAfterKill = 0;
    let killed = false;

    /** One admin awarding points to one member, one award after another, through the proxy. */
    async function awardInTurn(womId: string): Promise<void> {
      for (let i = 0; i < awardsPerLane; i += 1) {
        const response = await call(proxy.url, `/api/admin/members/${womId}/points`, {
          method: 'POST',
          cookie: admin,
          body: { amount: 2 },
        }).catch(() => null);
        const score =
          response?.status === 200 ? ((await response.json()) as { siege_score: number }).siege_score : null;
        if (score === null) {
          unanswered.set(womId, unanswered.get(womId)! + 1);
          continue;
        }
        acknowledged.get(womId)!.push(score);
        answered += 1;
        if (killed) answeredAfterKill += 1;
      }
    }

    const stream = Promise.all(members.map(awardInTurn));
    await until('a third of the awards are answered', async () => answered >= (lanes * awardsPerLane) / 3);
    const victim = await killWithWritesInFlight(lanes);
    killed = true;
    await stream;

    const lost = [...unanswered.values()].reduce((sum, count) => sum + count, 0);
    // The survivor answered after the kill; what the victim held or was sent later failed, unretried.
    expect(answeredAfterKill).toBeGreaterThan(0);
    expect(proxy.failed).toEqual(servers.map((_, i) => (i === victim ? lost : 0)));

    const audits = await database.db
      .selectFrom('audit_log')
      .select(['target_id', 'after'])
      .where('action', '=', 'member.points')
      .where('id', '>', Number(firstAudit.id ?? 0))
      .execute();
    const ledger = await database.db
      .selectFrom('points')
      .select(['member_wom_id', 'amount'])
      .where('id', '>', Number(firstPoint.id ?? 0))
      .execute();
    const { id: openSeason } = await database.db
      .selectFrom('seasons')
      .select('id')
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    for (const womId of members) {
      const scores = audits
        .filter((row) => row.target_id === womId)
        .map((row) => readJson<{ siege_score: number }>(row.after)!.siege_score);
      // Each acknowledged award left exactly one audit row, at the score its answer reported.
      for (const score of acknowledged.get(womId)!) expect(scores.filter((s) => s === score)).toHaveLength(1);
      const booked = ledger.filter((row) => row.member_wom_id === womId);
      // Every award the victim held open was rolled back with its connection: none left a trace.
      expect(booked).toHaveLength(acknowledged.get(womId)!.length);
      expect(scores).toHaveLength(booked.length);

      // The score moved by exactly what the season's ledger holds for the member.
      const { siege_score: score } = await database.db
        .selectFrom('members')
        .select('siege_score')
        .where('wom_id', '=', womId)
        .executeTakeFirstOrThrow();
      const { total } = await database.db
        .selectFrom('points')
        .select((eb) => eb.fn.sum<string>('amount').as('total'))
        .where('member_wom_id', '=', womId)
        .where('season_id', '=', openSeason)
        .executeTakeFirstOrThrow();
      expect(score).toBe(Number(total ?? 0));
    }
  }, 60_000);
});
