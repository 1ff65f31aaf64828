import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchListCase } from '#core/player-watch/player-watch.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { readRevision } from '../../db/revisions.ts';
import { NO_WATCH_LIST_URL } from './player-watch.job.ts';

function listCase(accused_rsn: string, fields: Partial<WatchListCase> = {}): WatchListCase {
  return {
    accused_rsn,
    published_date: '2026-03-01T10:00:00Z',
    reason: 'Scamming',
    evidence_rating: 'High',
    quick_find: `https://runewatch.com/cases/${encodeURIComponent(accused_rsn)}`,
    source: 'RuneWatch',
    ...fields,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: player-watch upload and status`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      const now = t.clock.now().toISOString();
      for (const [wom_id, name, wom_name] of [
        ['1', 'Iron Man', 'Iron Man'],
        ['2', 'Zee', 'Zezima'],
        ['3', 'Lynx Titan', 'Lynx Titan'],
      ] as const) {
        await t.database.db
          .insertInto('members')
          .values({ wom_id, name, wom_name, created_at: now, updated_at: now })
          .execute();
      }
    });
    afterEach(async () => t.close());

    async function asAdmin(options: InjectOptions) {
      const response = await roles.as('admin', options);
      expect(response.headers['cache-control']).toBe('no-store');
      return response;
    }

    const upload = (list: unknown) =>
      asAdmin({ method: 'POST', url: '/api/admin/player-watch/import', payload: list as object });

    async function watchState() {
      return t.database.db
        .selectFrom('members')
        .select([
          'wom_id',
          'runewatch_reported',
          'runewatch_flagged',
          'runewatch_reported_at',
          'runewatch_case',
          'runewatch_whitelisted',
        ])
        .orderBy('wom_id')
        .execute();
    }

    async function reportedIds() {
      const rows = await watchState();
      return rows.filter((row) => Boolean(row.runewatch_reported)).map((row) => row.wom_id);
    }

    const cases = () =>
      t.database.db
        .selectFrom('player_watch_cases')
        .select(['accused_rsn', 'first_seen_at', 'removed_at'])
        .orderBy('id')
        .execute();

    const routes = [
      { method: 'POST' as const, url: '/api/admin/player-watch/import', payload: [listCase('Iron Man')] },
      { method: 'GET' as const, url: '/api/admin/player-watch' },
      { method: 'POST' as const, url: '/api/admin/player-watch/run', payload: {} },
    ];

    for (const route of routes) {
      it(`rejects a visitor with 401 and a plain user with 403 on ${route.method} ${route.url}, changing nothing`, async () => {
        const visitor = await t.app.inject(route);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.headers['cache-control']).toBe('no-store');
        const user = await roles.as('user', route);
        expect(user.statusCode).toBe(403);
        expect(await reportedIds()).toEqual([]);
        expect(await cases()).toEqual([]);
      });
    }

    it('reports the members the list names however it spells them, ignores strangers, and audits the import', async () => {
      const revision = await readRevision(t.database.db, 'members');
      const response = await upload([
        listCase('IRON-MAN', { published_date: '2026-03-01 10:00' }),
        listCase('zezima'),
        listCase('Stranger'),
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ cases: 3, reported_members: 2, newly_reported: 2, cleared: 0 });

      const [ironMan, zee, lynx] = await watchState();
      expect(ironMan).toMatchObject({ runewatch_reported_at: '2026-03-01T10:00:00.000Z' });
      expect(Boolean(ironMan!.runewatch_reported) && Boolean(ironMan!.runewatch_flagged)).toBe(true);
      expect(JSON.parse(ironMan!.runewatch_case!)).toEqual({
        accused_rsn: 'IRON-MAN',
        published_date: '2026-03-01T10:00:00.000Z',
        reason: 'Scamming',
        evidence_rating: 'High',
        quick_find: 'https://runewatch.com/cases/IRON-MAN',
        source: 'RuneWatch',
      });
      expect(Boolean(zee!.runewatch_reported)).toBe(true);
      expect(Boolean(lynx!.runewatch_reported)).toBe(false);
      expect((await cases()).map((row) => [row.accused_rsn, row.first_seen_at, row.removed_at])).toEqual([
        ['IRON-MAN', t.clock.now().toISOString(), null],
        ['zezima', t.clock.now().toISOString(), null],
        ['Stranger', t.clock.now().toISOString(), null],
      ]);
      expect(await readRevision(t.database.db, 'members')).toBe(revision + 1);

      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'player-watch.import')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_label: 'boss', target_type: 'player-watch' });
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ reported_members: 2, reported: ['1', '2'] });
    });

    it('replaces the list but keeps its history, and clears a member whose case left it', async () => {
      const first = t.clock.now().toISOString();
      await upload([listCase('Iron Man'), listCase('Zezima')]);
      t.clock.advance(24 * 60 * 60 * 1000);
      const response = await upload([listCase('Zezima'), listCase('Lynx_Titan')]);
      expect(response.json()).toEqual({ cases: 2, reported_members: 2, newly_reported: 1, cleared: 1 });
      const second = t.clock.now().toISOString();
      expect((await cases()).map((row) => [row.accused_rsn, row.first_seen_at, row.removed_at])).toEqual([
        ['Iron Man', first, second],
        ['Zezima', first, null],
        ['Lynx_Titan', second, null],
      ]);
      expect(await reportedIds()).toEqual(['2', '3']);
      const [ironMan] = await watchState();
      expect(ironMan).toMatchObject({ runewatch_reported_at: null, runewatch_case: null });
      expect(Boolean(ironMan!.runewatch_flagged)).toBe(false);
    });

    it('leaves the members and their revision alone when the same list comes again', async () => {
      const list = [listCase('Iron Man'), listCase('Stranger')];
      await upload(list);
      const state = await watchState();
      const revision = await readRevision(t.database.db, 'members');
      const again = await upload(list);
      expect(again.json()).toEqual({ cases: 2, reported_members: 1, newly_reported: 0, cleared: 0 });
      expect(await watchState()).toEqual(state);
      expect(await readRevision(t.database.db, 'members')).toBe(revision);
    });

    it('raises the alert again for a whitelisted member when a case newer than the whitelisting appears', async () => {
      await upload([listCase('Iron Man')]);
      await t.database.db
        .updateTable('members')
        .set({
          runewatch_whitelisted: true,
          runewatch_whitelist_reason: 'Manually whitelisted by admin',
          runewatch_whitelisted_at: '2026-05-01T00:00:00.000Z',
        })
        .where('wom_id', '=', '1')
        .execute();
      const status = async () =>
        (await asAdmin({ method: 'GET', url: '/api/admin/player-watch' })).json<{ alerts: number }>();
      expect((await status()).alerts).toBe(0);

      const response = await upload([
        listCase('Iron Man'),
        listCase('Iron Man', { published_date: '2026-06-01T00:00:00Z', quick_find: 'second-case' }),
      ]);
      expect(response.json()).toMatchObject({ newly_reported: 1 });
      const member = await t.database.db
        .selectFrom('members')
        .select(['runewatch_whitelisted', 'runewatch_whitelist_reason', 'runewatch_reported_at'])
        .where('wom_id', '=', '1')
        .executeTakeFirstOrThrow();
      expect(Boolean(member.runewatch_whitelisted)).toBe(false);
      expect(member).toMatchObject({
        runewatch_whitelist_reason: null,
        runewatch_reported_at: '2026-06-01T00:00:00.000Z',
      });
      expect((await status()).alerts).toBe(1);
    });

    it('accepts a realistic list over the 1 MiB every other request is held to', async () => {
      const list = Array.from({ length: 6_000 }, (_, i) =>
        listCase(`Accused ${i}`, {
          reason: `Case ${i}: ${'a long description of what happened '.repeat(6)}`,
        }),
      );
      expect(JSON.stringify(list).length).toBeGreaterThan(1024 * 1024);
      const response = await upload([...list, listCase('Iron_Man')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ cases: 6_001, reported_members: 1 });
    });

    it('refuses a list over 10 MiB with 413, changing nothing', async () => {
      const huge = Array.from({ length: 30_000 }, (_, i) =>
        listCase(`Accused ${i}`, { reason: 'x'.repeat(400) }),
      );
      const response = await upload(huge);
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(await cases()).toEqual([]);
    });

    it('refuses a body that is not a list of cases with 400, changing nothing', async () => {
      for (const body of [
        listCase('Iron Man'),
        [{ reason: 'no name' }],
        [listCase('   ')],
        [listCase('Iron\u0000Man')],
      ]) {
        const response = await upload(body);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await cases()).toEqual([]);
      expect(await reportedIds()).toEqual([]);
    });

    it('shows the list held and its alerts, with no URL when only uploads feed it', async () => {
      await upload([listCase('Iron Man'), listCase('Zezima'), listCase('Stranger')]);
      await t.database.db
        .updateTable('members')
        .set({ deleted_at: t.clock.now().toISOString() })
        .where('wom_id', '=', '2')
        .execute();
      const response = await asAdmin({ method: 'GET', url: '/api/admin/player-watch' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        running: false,
        current: null,
        runs: [],
        url: null,
        cases: 3,
        alerts: 1,
      });
    });

    it('answers 409 to "download now" when no list URL is configured', async () => {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/player-watch/run', payload: {} });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: NO_WATCH_LIST_URL });
      expect(await t.database.db.selectFrom('sync_runs').select('id').execute()).toEqual([]);
    });
  });
}
