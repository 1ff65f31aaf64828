import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNKNOWN_METRIC_MESSAGE } from '#core/events/event-metrics.ts';
import { EVENT_MESSAGES } from '#core/events/event-save.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const FISHING_WEEK = {
  name: 'Fishing week',
  type: 'Skill of the Week',
  metric: 'fishing',
  start_date: '2026-11-23T18:00:00Z',
  end_date: '2026-11-30T18:00:00Z',
};

for (const dialect of testDialects) {
  describe(`${dialect}: admin events API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    let simulator: WomSimulator;
    /** Competitions the simulated WOM serves, to link events to. */
    let known: Array<{ id: string; title: string }>;

    beforeEach(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 6, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      roles = await signInRoles(t);
      const listed = await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`);
      known = ((await listed.json()) as Array<{ id: number; title: string }>).map((c) => ({
        id: String(c.id),
        title: c.title,
      }));
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    const competitionRequests = () =>
      simulator.requests.filter((request) => request.path.startsWith('/competitions/'));

    /** An admin's request; every answer under /api/admin must be kept by no cache. */
    async function asAdmin(options: InjectOptions) {
      const response = await roles.as('admin', options);
      expect(response.headers['cache-control']).toBe('no-store');
      return response;
    }

    const create = (payload: object) => asAdmin({ method: 'POST', url: '/api/admin/events', payload });

    async function publicEvents() {
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      return response.json<Array<{ id: number; name: string; end_date: string }>>();
    }

    /** An event the WOM sync made from a group competition. */
    async function syncedEvent(): Promise<number> {
      const now = t.clock.now().toISOString();
      const row = await t.database.db
        .insertInto('events')
        .values({
          name: 'SOTW: Mining',
          type: 'skill',
          metric: 'mining',
          description: null,
          start_date: '2026-11-01T18:00:00.000Z',
          end_date: '2026-11-08T18:00:00.000Z',
          wom_id: '5001',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function auditRows(action: string) {
      return t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
    }

    const routes = [
      { method: 'GET' as const, url: '/api/admin/events' },
      { method: 'POST' as const, url: '/api/admin/events', payload: FISHING_WEEK },
      { method: 'PUT' as const, url: '/api/admin/events/1', payload: FISHING_WEEK },
      { method: 'DELETE' as const, url: '/api/admin/events/1' },
      { method: 'POST' as const, url: '/api/admin/events/1/book-points' },
    ];

    for (const route of routes) {
      it(`rejects a visitor with 401 and a plain user with 403 on ${route.method} ${route.url}, writing nothing`, async () => {
        const visitor = await t.app.inject(route);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.headers['cache-control']).toBe('no-store');
        const user = await roles.as('user', route);
        expect(user.statusCode).toBe(403);
        expect(user.headers['cache-control']).toBe('no-store');
        expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
      });
    }

    it('creates a manual event that the public events list shows at once, with an audit row', async () => {
      expect(await publicEvents()).toEqual([]);
      const linked = known[0]!;
      const response = await create({ ...FISHING_WEEK, wom_id: linked.id });
      expect(response.statusCode).toBe(201);
      const event = response.json();
      expect(event).toEqual({
        id: expect.any(Number),
        name: 'Fishing week',
        type: 'Skill of the Week',
        metric: 'fishing',
        description: null,
        start_date: '2026-11-23T18:00:00.000Z',
        end_date: '2026-11-30T18:00:00.000Z',
        wom_id: linked.id,
        winner_username: null,
        manual: true,
        short_event: false,
        wom_title: linked.title,
        wom_missing_at: null,
        points_awarded_at: null,
        before_site: false,
        results_at: null,
        created_at: t.clock.now().toISOString(),
        updated_at: t.clock.now().toISOString(),
      });
      expect((await publicEvents()).map((e) => [e.id, e.name])).toEqual([[event.id, 'Fishing week']]);

      const audit = await auditRows('event.create');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_label: 'boss',
        target_type: 'event',
        target_id: String(event.id),
      });
      expect(audit[0]!.before).toBeNull();
      expect(JSON.parse(audit[0]!.after!)).toEqual(event);
    });

    it('ends a weekly event 7 days after its start when no end date is given', async () => {
      const response = await create({
        name: 'Clan week',
        type: 'Weekly',
        start_date: '2026-11-23T18:00:00Z',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().end_date).toBe('2026-11-30T18:00:00.000Z');
    });

    it('refuses an event without an end date unless it is weekly, and an end before its start, with 400', async () => {
      const noEnd = await create({ ...FISHING_WEEK, type: 'Competition', end_date: null });
      expect(noEnd.statusCode).toBe(400);
      expect(noEnd.json()).toEqual({ code: 'VALIDATION_ERROR', message: EVENT_MESSAGES.endRequired });
      const backwards = await create({ ...FISHING_WEEK, end_date: '2026-11-22T18:00:00Z' });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({ code: 'VALIDATION_ERROR', message: EVENT_MESSAGES.endBeforeStart });
      expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
      expect(await auditRows('event.create')).toEqual([]);
    });

    it('ends a Skill of the Week or Boss of the Week event 7 days after its start, like a weekly one', async () => {
      for (const type of ['Skill of the Week', 'Boss of the Week']) {
        const response = await create({ ...FISHING_WEEK, type, end_date: null });
        expect(response.statusCode).toBe(201);
        expect(response.json().end_date).toBe('2026-11-30T18:00:00.000Z');
      }
    });

    it('refuses a short event longer than 2 hours with 400, writing nothing', async () => {
      const response = await create({ ...FISHING_WEEK, short_event: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: EVENT_MESSAGES.shortTooLong });
      const twoHours = await create({ ...FISHING_WEEK, end_date: '2026-11-23T20:00:00Z', short_event: true });
      expect(twoHours.statusCode).toBe(201);
      expect(await t.database.db.selectFrom('events').select('id').execute()).toHaveLength(1);
    });

    it("refuses a metric that is not one of WOM's with 400", async () => {
      const response = await create({ ...FISHING_WEEK, metric: 'fish' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: `metric: ${UNKNOWN_METRIC_MESSAGE}`,
      });
      expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
    });

    it('refuses a WOM competition id WOM does not know with 400, writing nothing', async () => {
      const response = await create({ ...FISHING_WEEK, wom_id: '999999' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Wise Old Man has no competition 999999: check the competition id',
      });
      expect(competitionRequests().map((request) => request.path)).toEqual(['/competitions/999999']);
      expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
      expect(await auditRows('event.create')).toEqual([]);
    });

    it('answers 503 when WOM cannot be asked about the competition, never 500, writing nothing', async () => {
      simulator.failNext(10, 503, 'html');
      const response = await create({ ...FISHING_WEEK, wom_id: known[0]!.id });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'WOM_UNAVAILABLE',
        message: EVENT_MESSAGES.competitionUnchecked(known[0]!.id),
      });
      expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
    }, 20_000);

    it('checks a changed link on edit, and does not ask WOM again when the link stays', async () => {
      const created = (await create({ ...FISHING_WEEK, wom_id: known[0]!.id })).json();
      const asked = competitionRequests().length;
      const rename = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${created.id}`,
        payload: { ...FISHING_WEEK, name: 'Renamed', wom_id: known[0]!.id },
      });
      expect(rename.statusCode).toBe(200);
      expect(rename.json().wom_title).toBe(known[0]!.title);
      expect(competitionRequests()).toHaveLength(asked);
      const relink = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${created.id}`,
        payload: { ...FISHING_WEEK, wom_id: '999999' },
      });
      expect(relink.statusCode).toBe(400);
      expect(relink.json().message).toBe(EVENT_MESSAGES.competitionNotFound('999999'));
      const unlink = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${created.id}`,
        payload: { ...FISHING_WEEK, wom_id: null },
      });
      expect(unlink.json()).toMatchObject({ wom_id: null, wom_title: null });
    });

    it('refuses input its schema does not allow with 400: no name, a date that is not one, a bad WOM id', async () => {
      for (const payload of [
        { ...FISHING_WEEK, name: '  ' },
        { ...FISHING_WEEK, start_date: 'next Monday' },
        { ...FISHING_WEEK, wom_id: 'abc' },
      ]) {
        const response = await create(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await t.database.db.selectFrom('events').select('id').execute()).toEqual([]);
    });

    it('refuses a WOM competition another event is linked to with 409', async () => {
      await syncedEvent();
      const response = await create({ ...FISHING_WEEK, wom_id: '5001' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: 'WOM competition 5001 is already linked to another event',
      });
      expect(await t.database.db.selectFrom('events').select('id').execute()).toHaveLength(1);
    });

    it('lists every event, synced and manual, newest start first', async () => {
      const synced = await syncedEvent();
      const later = (await create(FISHING_WEEK)).json();
      const earlier = (
        await create({ ...FISHING_WEEK, name: 'Old week', start_date: '2026-10-01', end_date: '2026-10-08' })
      ).json();
      const response = await asAdmin({ method: 'GET', url: '/api/admin/events' });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((e: { id: number; manual: boolean }) => [e.id, e.manual])).toEqual([
        [later.id, true],
        [synced, false],
        [earlier.id, true],
      ]);
    });

    it('edits a manual event: the public list changes at once, with an audit row of before and after', async () => {
      const created = (await create(FISHING_WEEK)).json();
      t.clock.advance(60_000);
      const response = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${created.id}`,
        payload: { ...FISHING_WEEK, name: 'Big fishing week', end_date: '2026-12-01T18:00:00Z' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: created.id,
        name: 'Big fishing week',
        end_date: '2026-12-01T18:00:00.000Z',
        manual: true,
        created_at: created.created_at,
        updated_at: t.clock.now().toISOString(),
      });
      expect((await publicEvents()).map((e) => [e.name, e.end_date])).toEqual([
        ['Big fishing week', '2026-12-01T18:00:00.000Z'],
      ]);
      const audit = await auditRows('event.update');
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before!)).toEqual(created);
      expect(JSON.parse(audit[0]!.after!)).toEqual(response.json());
    });

    it('refuses to edit or delete an event the sync made, with 409, changing nothing', async () => {
      const id = await syncedEvent();
      const before = await t.database.db.selectFrom('events').selectAll().execute();
      const edit = await asAdmin({ method: 'PUT', url: `/api/admin/events/${id}`, payload: FISHING_WEEK });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toEqual({ code: 'CONFLICT', message: EVENT_MESSAGES.syncedEvent });
      const remove = await asAdmin({ method: 'DELETE', url: `/api/admin/events/${id}` });
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toEqual({ code: 'CONFLICT', message: EVENT_MESSAGES.syncedEvent });
      expect(await t.database.db.selectFrom('events').selectAll().execute()).toEqual(before);
      expect(
        await t.database.db.selectFrom('audit_log').select('id').where('target_type', '=', 'event').execute(),
      ).toEqual([]);
    });

    it('answers 404 for an event that does not exist', async () => {
      const edit = await asAdmin({ method: 'PUT', url: '/api/admin/events/999', payload: FISHING_WEEK });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ code: 'NOT_FOUND', message: 'Event not found' });
      const remove = await asAdmin({ method: 'DELETE', url: '/api/admin/events/999' });
      expect(remove.statusCode).toBe(404);
    });

    it('refuses to relink an event whose points were awarded, with 409', async () => {
      const created = (await create({ ...FISHING_WEEK, wom_id: known[0]!.id })).json();
      await t.database.db
        .updateTable('events')
        .set({ points_awarded_at: t.clock.now().toISOString() })
        .where('id', '=', created.id)
        .execute();
      const response = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${created.id}`,
        payload: { ...FISHING_WEEK, wom_id: known[1]!.id },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EVENT_MESSAGES.awardedLink);
    });

    it('deletes a manual event: 204, gone from the public list, with an audit row', async () => {
      const created = (await create(FISHING_WEEK)).json();
      const response = await asAdmin({ method: 'DELETE', url: `/api/admin/events/${created.id}` });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await publicEvents()).toEqual([]);
      const audit = await auditRows('event.delete');
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before!)).toEqual(created);
      expect(audit[0]!.after).toBeNull();
    });
  });
}
