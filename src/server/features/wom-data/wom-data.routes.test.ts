import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../../db/revisions.ts';
import { womCacheKeys } from '../wom-sync/wom-payloads.ts';
import { writeWomCache } from '../wom-sync/wom-sync.repository.ts';
import { readWomCache } from './wom-data.repository.ts';

const START = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: public data API`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);

    beforeAll(async () => {
      simulator = await startSimulator({ members: 25, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('serves nothing from WOM before the first sync, then the synced data', async () => {
      const before = await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' });
      expect(before.statusCode).toBe(404);
      expect(before.json().code).toBe('NOT_FOUND');
      expect((await t.app.inject({ method: 'GET', url: '/api/members' })).json()).toEqual([]);

      // A month of history: the site saw the clan before its competitions ended.
      clock.set(new Date(Date.parse(START) - 40 * 24 * 60 * 60 * 1000).toISOString());
      expect((await t.sync()).outcome).toBe('succeeded');
      clock.set(START);
      expect((await t.sync()).outcome).toBe('succeeded');
      const requestsAfterSync = simulator.requests.length;

      const group = await t.app.inject({ method: 'GET', url: '/api/wom-group' });
      expect(group.statusCode).toBe(200);
      expect(group.json()).toMatchObject({ id: simulator.groupId, memberships: expect.any(Array) });
      expect(group.json().memberships).toHaveLength(25);

      const stats = await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' });
      expect(stats.json()).toMatchObject({
        maxedCombatCount: expect.any(Number),
        maxedTotalCount: expect.any(Number),
        maxed200msCount: expect.any(Number),
        averageLevel: expect.any(Number),
        averageExperience: expect.any(Number),
        memberCount: 25,
      });
      expect(Object.keys(stats.json().metricLeaders.bosses)).toContain('zulrah');
      expect(stats.json().metricLeaders.activities.clue_scrolls_all).toMatchObject({
        score: expect.any(Number),
      });

      await t.app.inject({ method: 'GET', url: '/api/members' });
      await t.app.inject({ method: 'GET', url: '/api/wom-competitions' });
      await t.app.inject({ method: 'GET', url: '/api/events' });
      // Visitors are served from the database: no WOM request per page view.
      expect(simulator.requests).toHaveLength(requestsAfterSync);
    });

    it('lists visible members with clan XP, ranks and the claimed flag, and no admin-only fields', async () => {
      const [hiddenId, deletedId, leftId] = simulator.memberIds().map(String);
      const db = t.database.db;
      await db.updateTable('members').set({ hidden: true }).where('wom_id', '=', hiddenId!).execute();
      await db.updateTable('members').set({ deleted_at: START }).where('wom_id', '=', deletedId!).execute();
      await db.updateTable('members').set({ left_at: START }).where('wom_id', '=', leftId!).execute();
      await db.updateTable('members').set({ first_xp: 0 }).execute();
      // As an admin's edit would: the roster's cached form follows the revision.
      await bumpRevision(db, 'members');

      const response = await t.app.inject({ method: 'GET', url: '/api/members' });
      const members = response.json();
      expect(members).toHaveLength(22);
      const ids = members.map((m: { wom_id: string }) => m.wom_id);
      expect(ids).not.toContain(hiddenId);
      expect(ids).not.toContain(deletedId);
      expect(ids).not.toContain(leftId);
      for (const key of [
        'hidden',
        'deleted_at',
        'left_at',
        'runewatch_reported',
        'wom_role_synced',
        'not_in_wom',
      ]) {
        expect(response.body).not.toContain(`"${key}"`);
      }
      const first = members[0];
      expect(first).toMatchObject({
        clan_xp: first.current_xp,
        score: first.siege_score,
        claimed: false,
        is_claimed: false,
        next_rank: { label: expect.any(String) },
      });
    });

    it('sorts admin titles first in the spec order, then by clan XP gained', async () => {
      const members: Array<{ womrole: string; clan_xp: number }> = (
        await t.app.inject({ method: 'GET', url: '/api/members' })
      ).json();
      const order = ['owner', 'deputy_owner', 'general', 'captain', 'pvm_organizer'];
      const titled = members.filter((m) => order.includes(m.womrole));
      expect(members.slice(0, titled.length)).toEqual(titled);
      expect(titled.map((m) => order.indexOf(m.womrole))).toEqual(
        [...titled.map((m) => order.indexOf(m.womrole))].sort((a, b) => a - b),
      );
      const rest = members.slice(titled.length).map((m) => m.clan_xp);
      expect(rest).toEqual([...rest].sort((a, b) => b - a));
    });

    it('serves the 10 most recent achievements by default and 100 on request, newest first', async () => {
      const ten = (await t.app.inject({ method: 'GET', url: '/api/wom-group-achievements' })).json();
      expect(ten).toHaveLength(10);
      expect(ten[0]).toMatchObject({
        name: expect.any(String),
        metric: expect.any(String),
        createdAt: expect.any(String),
        player: { displayName: expect.any(String) },
      });
      const dates = ten.map((a: { createdAt: string }) => a.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const more = (
        await t.app.inject({ method: 'GET', url: '/api/wom-group-achievements?limit=100' })
      ).json();
      expect(more.length).toBeGreaterThan(10);
      expect(more.length).toBeLessThanOrEqual(100);
      for (const bad of ['0', '101', 'ten']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/wom-group-achievements?limit=${bad}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('serves competitions with standings where the site has them', async () => {
      const competitions = (await t.app.inject({ method: 'GET', url: '/api/wom-competitions' })).json();
      expect(competitions).toHaveLength(8);
      const withStandings = competitions.filter((c: { participants: unknown }) => c.participants !== null);
      expect(withStandings.length).toBeGreaterThan(0);
      expect(withStandings[0].participants[0]).toMatchObject({
        displayName: expect.any(String),
        progress: { gained: expect.any(Number) },
      });
    });

    it("serves a member's snapshot, asking WOM again at most every 5 minutes", async () => {
      const womId = simulator.memberIds()[10]!;
      const count = () => simulator.requests.filter((r) => r.path === `/players/id/${womId}`).length;
      const before = count();
      const first = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${womId}` });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        id: womId,
        latestSnapshot: { data: { skills: { overall: expect.any(Object) } } },
      });
      const refreshes = count() - before;
      expect(refreshes).toBeLessThanOrEqual(1);

      await t.app.inject({ method: 'GET', url: `/api/pwom-player?id=${womId}` });
      await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${womId}` });
      expect(count() - before).toBe(refreshes);

      clock.advance(5 * 60 * 1000 + 1);
      const pwom = await t.app.inject({ method: 'GET', url: `/api/pwom-player?id=${womId}` });
      expect(pwom.statusCode).toBe(200);
      expect(count() - before).toBe(refreshes + 1);
    });

    it('asks WOM at most every 5 minutes for a member WOM has no snapshot of', async () => {
      const ids = simulator.memberIds();
      const snapshots = await Promise.all(
        ids.map(
          async (id) =>
            ((await (await fetch(`${simulator.url}/players/id/${id}`)).json()) as { latestSnapshot: unknown })
              .latestSnapshot,
        ),
      );
      const untracked = ids[snapshots.indexOf(null)]!;
      const count = () => simulator.requests.filter((r) => r.path === `/players/id/${untracked}`).length;
      const before = count();
      const first = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${untracked}` });
      expect(first.statusCode).toBe(200);
      expect(first.json().latestSnapshot).toBeNull();
      await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${untracked}` });
      expect(count() - before).toBe(1);
    });

    it('keeps serving a stored snapshot when WOM fails, and answers 404 for a non-member', async () => {
      const womId = simulator.memberIds()[11]!;
      clock.advance(10 * 60 * 1000);
      simulator.failNext(5, 503, 'html');
      const stale = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${womId}` });
      expect(stale.statusCode).toBe(200);
      simulator.resetFaults();
      const stranger = await t.app.inject({ method: 'GET', url: '/api/wom-player?id=999999999' });
      expect(stranger.statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'GET', url: '/api/wom-player?id=abc' });
      expect(bad.statusCode).toBe(400);
    });

    it('answers 304 to a matching ETag', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/members' });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/members',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const changed = await t.app.inject({
        method: 'GET',
        url: '/api/members',
        headers: { 'if-none-match': '"stale"' },
      });
      expect(changed.statusCode).toBe(200);
    });

    it('serves a WOM payload the sync stores anew at once, with a new ETag, and the same one until then', async () => {
      for (const [url, resource] of [
        ['/api/wom-group', womCacheKeys.group],
        ['/api/wom-group-stats', womCacheKeys.statistics],
      ] as const) {
        const before = await t.app.inject({ method: 'GET', url });
        expect((await t.app.inject({ method: 'GET', url })).headers.etag).toBe(before.headers.etag);
        const stored = await readWomCache<Record<string, unknown>>(t.database.db, resource);
        await t.database.db
          .transaction()
          .execute((trx) =>
            writeWomCache(
              trx,
              resource,
              JSON.stringify({ ...stored, maxedCombatCount: 99, name: 'Renamed' }),
              START,
            ),
          );
        const after = await t.app.inject({ method: 'GET', url });
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.json()).toMatchObject(
          url === '/api/wom-group' ? { name: 'Renamed' } : { maxedCombatCount: 99 },
        );
        await writeWomCache(t.database.db, resource, JSON.stringify(stored), START);
        expect((await t.app.inject({ method: 'GET', url })).headers.etag).toBe(before.headers.etag);
      }
    });

    it('serves competitions stored before metrics lists and teams were read, as classic ones of their one metric', async () => {
      type Stored = Array<{ id: number; metric: string; metrics?: string[] }>;
      const competitions = (await readWomCache<Stored>(t.database.db, womCacheKeys.competitions))!;
      const [first] = competitions;
      const standingsKey = womCacheKeys.standings(first!.id);
      const standings = await readWomCache<{ participants: Array<Record<string, unknown>> }>(
        t.database.db,
        standingsKey,
      );
      const old = competitions.map(({ metrics: _metrics, ...competition }) => competition);
      await writeWomCache(t.database.db, womCacheKeys.competitions, JSON.stringify(old), START);
      const oldStandings = {
        id: first!.id,
        participants: [{ playerId: 1, displayName: 'Zezima', progress: { start: 0, end: 5, gained: 5 } }],
      };
      await writeWomCache(t.database.db, standingsKey, JSON.stringify(oldStandings), START);

      const served = (await t.app.inject({ method: 'GET', url: '/api/wom-competitions' })).json<
        Array<{ id: number; metric: string; metrics: string[]; teams: unknown; participants: unknown }>
      >();
      expect(served.every((c) => c.metrics.length === 1 && c.metrics[0] === c.metric)).toBe(true);
      expect(served.find((c) => c.id === first!.id)).toMatchObject({
        teams: null,
        participants: [{ playerId: 1, displayName: 'Zezima', teamName: null }],
      });

      await writeWomCache(t.database.db, womCacheKeys.competitions, JSON.stringify(competitions), START);
      if (standings) await writeWomCache(t.database.db, standingsKey, JSON.stringify(standings), START);
      else await t.database.db.deleteFrom('wom_cache').where('resource', '=', standingsKey).execute();
    });

    it('lets an admin start a sync and follow it, refuses a second one, and guards both routes', async () => {
      await createUser(t, 'syncadmin', { admin: true });
      await createUser(t, 'syncuser');
      const admin = await loginAs(t, 'syncadmin');
      const user = await loginAs(t, 'syncuser');
      for (const method of ['GET', 'POST'] as const) {
        expect((await t.app.inject({ method, url: '/api/admin/sync' })).statusCode).toBe(401);
        expect(
          (await t.app.inject({ method, url: '/api/admin/sync', headers: { cookie: user } })).statusCode,
        ).toBe(403);
      }

      simulator.setFaults({ latencyMs: 100 });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sync',
        headers: { cookie: admin },
      });
      expect(started.statusCode).toBe(202);
      const runId = started.json().run_id;
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sync',
        headers: { cookie: admin },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A sync is already running');

      const progress = await t.app.inject({
        method: 'GET',
        url: '/api/admin/sync',
        headers: { cookie: admin },
      });
      expect(progress.json()).toMatchObject({
        running: true,
        current: { id: runId, outcome: 'running', stage: expect.any(String) },
      });

      let status = progress.json();
      for (let i = 0; i < 100 && status.running; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (
          await t.app.inject({ method: 'GET', url: '/api/admin/sync', headers: { cookie: admin } })
        ).json();
      }
      simulator.resetFaults();
      expect(status.running).toBe(false);
      expect(status.runs[0]).toMatchObject({
        id: runId,
        outcome: 'succeeded',
        triggered_by: expect.any(Number),
        wom_requests: expect.any(Number),
      });
    });
  });
}
