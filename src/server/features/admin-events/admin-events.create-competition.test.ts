import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '#core/events/event-save.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const NOW = '2026-11-21T12:00:00.000Z';

const FISHING_WEEK = {
  name: 'Fishing week',
  type: 'Skill of the Week',
  metric: 'fishing',
  start_date: '2026-11-23T18:00:00Z',
  end_date: '2026-11-30T18:00:00Z',
};

for (const dialect of testDialects) {
  describe(`${dialect}: creating an event's WOM competition from the site`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    let simulator: WomSimulator;

    beforeAll(async () => {
      const clock = createManualClock(NOW);
      simulator = await startSimulator({ members: 6, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      roles = await signInRoles(t);
      await t.sync();
    });
    let simulatorOpen = true;
    afterAll(async () => {
      await t.close();
      if (simulatorOpen) await simulator.close();
    });

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const create = (payload: object) => asAdmin({ method: 'POST', url: '/api/admin/events', payload });
    const events = () => t.database.db.selectFrom('events').select(['name', 'wom_id', 'wom_title']).execute();
    const creates = () =>
      simulator.requests.filter((request) => request.method === 'POST' && request.path === '/competitions');
    /** The competition as Wise Old Man now serves it. */
    const onWom = async (womId: string) =>
      (await (await fetch(`${simulator.url}/competitions/${womId}`)).json()) as {
        title: string;
        participations: Array<{ teamName: string | null; player: { displayName: string } }>;
      };
    const storeCode = (code: string | null) =>
      asAdmin({ method: 'PUT', url: '/api/admin/clan/wom-code', payload: { code } });

    it('refuses without the verification code, before asking Wise Old Man', async () => {
      const before = await events();
      const refused = await create({ ...FISHING_WEEK, create_competition: {} });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(EVENT_MESSAGES.createNeedsCode);
      expect(creates()).toHaveLength(0);
      expect(await events()).toEqual(before);
    });

    it("creates the competition on Wise Old Man, links the event to it and shows WOM's answer", async () => {
      await storeCode(simulator.verificationCode);
      const response = await create({ ...FISHING_WEEK, create_competition: {} });
      expect(response.statusCode).toBe(201);
      const event = response.json<{
        wom_id: string;
        wom_title: string;
        wom_competition: Record<string, unknown>;
      }>();
      expect(event.wom_competition).toMatchObject({
        title: 'Fishing week',
        type: 'classic',
        participant_count: 6,
        url: `https://wiseoldman.net/competitions/${event.wom_id}`,
      });
      expect(event.wom_title).toBe('Fishing week');
      expect(creates()).toHaveLength(1);
      expect(await onWom(event.wom_id)).toMatchObject({
        title: 'Fishing week',
        metric: 'fishing',
        startsAt: '2026-11-23T18:00:00.000Z',
        endsAt: '2026-11-30T18:00:00.000Z',
        groupId: simulator.groupId,
      });
      // The next sync finds the competition already linked: no second event.
      await t.sync();
      expect((await events()).filter((row) => row.wom_id === event.wom_id)).toHaveLength(1);
    });

    it('creates a team competition from teams of members', async () => {
      const members = await t.database.db
        .selectFrom('members')
        .select(['wom_id', 'wom_name'])
        .orderBy('wom_id')
        .execute();
      const [a, b, c] = members;
      if (!a || !b || !c) throw new Error('the simulated clan has too few members');
      const response = await create({
        ...FISHING_WEEK,
        name: 'Team fishing',
        create_competition: {
          teams: [
            { name: 'Red', members: [a.wom_id, b.wom_id] },
            { name: 'Blue', members: [c.wom_id] },
          ],
        },
      });
      expect(response.statusCode).toBe(201);
      const created = response.json<{
        wom_id: string;
        wom_competition: { type: string; participant_count: number };
      }>();
      expect(created.wom_competition).toMatchObject({ type: 'team', participant_count: 3 });
      const teams = (await onWom(created.wom_id)).participations.map((p) => [
        p.teamName,
        p.player.displayName,
      ]);
      expect(teams.sort()).toEqual(
        [
          ['Blue', c.wom_name],
          ['Red', a.wom_name],
          ['Red', b.wom_name],
        ].sort(),
      );
    });

    it("refuses in WOM's words what WOM refuses, and saves no event", async () => {
      const before = await events();
      const past = await create({
        ...FISHING_WEEK,
        start_date: '2026-11-01T18:00:00Z',
        end_date: '2026-11-08T18:00:00Z',
        create_competition: {},
      });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ message: string }>().message).toBe(
        EVENT_MESSAGES.createRefused('Invalid dates: All start and end dates must be in the future.'),
      );
      await storeCode('000-000-000');
      const wrong = await create({ ...FISHING_WEEK, create_competition: {} });
      expect(wrong.json<{ message: string }>().message).toBe(
        EVENT_MESSAGES.createRefused('Incorrect group verification code.'),
      );
      const both = await create({ ...FISHING_WEEK, wom_id: '123', create_competition: {} });
      expect(both.json<{ message: string }>().message).toBe(EVENT_MESSAGES.createWithLink);
      const anEvent = await t.database.db.selectFrom('events').select('id').executeTakeFirstOrThrow();
      const edit = await asAdmin({
        method: 'PUT',
        url: `/api/admin/events/${anEvent.id}`,
        payload: { ...FISHING_WEEK, create_competition: {} },
      });
      expect(edit.json<{ message: string }>().message).toBe(EVENT_MESSAGES.createOnlyNew);
      const stranger = await create({
        ...FISHING_WEEK,
        create_competition: { teams: [{ name: 'Red', members: ['999999'] }] },
      });
      expect(stranger.json<{ message: string }>().message).toBe(EVENT_MESSAGES.createUnknownMember('999999'));
      expect(await events()).toEqual(before);
    });

    it('answers 503 and saves nothing when Wise Old Man does not answer', async () => {
      await storeCode(simulator.verificationCode);
      const before = await events();
      await simulator.close();
      simulatorOpen = false;
      const response = await create({ ...FISHING_WEEK, name: 'Unanswered', create_competition: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(EVENT_MESSAGES.createUnanswered);
      expect(await events()).toEqual(before);
    });
  });
}
