import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RACE_MESSAGES, type Race, type RaceDetail, type RacesPage } from '#core/races/races.schema.ts';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createRaceAs, measuredMembers, postRace, raceInput, raceTables } from './races.testing.ts';

const START = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: races`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let alice: string;
    let bob: string;
    let admin: string;
    let bobId: number;
    let players: Array<{ wom_id: string; attack: number }>;
    const clock = createManualClock(START);

    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const ids = (races: Race[]) => races.map((race) => race.id);
    const setCurrent = (participantId: number, value: number) =>
      t.database.db
        .updateTable('race_participants')
        .set({ current_value: value })
        .where('id', '=', participantId)
        .execute();

    beforeAll(async () => {
      simulator = await startSimulator({ members: 6, seed: 12, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      await createUser(t, 'alice');
      bobId = (await createUser(t, 'bob')).id;
      await createUser(t, 'boss', { admin: true });
      alice = await loginAs(t, 'alice');
      bob = await loginAs(t, 'bob');
      admin = await loginAs(t, 'boss');
      players = await measuredMembers(t);
      expect(players.length).toBeGreaterThanOrEqual(3);
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it("starts each participant from its player's stored value and records that value as its first point", async () => {
      const [first, second] = players;
      const race = await createRaceAs(
        t,
        alice,
        raceInput([
          { wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 1_000 },
          { wom_id: second!.wom_id, metric: 'attack', target_value: second!.attack + 2_000 },
        ]),
      );
      expect(race.creator_name).toBe('alice');
      const byPlayer = new Map(race.race_participants.map((p) => [p.wom_id, p]));
      expect(byPlayer.get(first!.wom_id)).toMatchObject({
        start_value: first!.attack,
        current_value: first!.attack,
        progress_percent: 0,
      });
      expect(byPlayer.get(second!.wom_id)).toMatchObject({ start_value: second!.attack });

      const detail = (await get(`/api/races/${race.id}`)).json<RaceDetail>();
      const firstId = byPlayer.get(first!.wom_id)!.id;
      expect(detail.history.find((h) => h.participant_id === firstId)?.points).toEqual([
        { value: first!.attack, recorded_at: START },
      ]);
    });

    it('answers each rule of race creation with its sentence and stores nothing', async () => {
      const [first] = players;
      const valid = { wom_id: first!.wom_id, metric: 'attack', target_value: 10 };
      const before = await raceTables(t);
      const cases: Array<[unknown, string]> = [
        [raceInput([valid], { title: '  ' }), RACE_MESSAGES.titleRequired],
        [raceInput([]), RACE_MESSAGES.needsParticipant],
        [raceInput([{ ...valid, target_value: 0 }]), RACE_MESSAGES.targetAtLeastOne],
        [raceInput([{ ...valid, metric: '' }]), RACE_MESSAGES.participantIncomplete],
        [raceInput([{ metric: 'attack', target_value: 10 }] as never), RACE_MESSAGES.participantIncomplete],
        [raceInput([{ ...valid, metric: 'ehp' }]), RACE_MESSAGES.participantIncomplete],
        [raceInput([{ ...valid, wom_id: '987654321' }]), RACE_MESSAGES.participantIncomplete],
        [raceInput([valid], { end_date: '2026-11-21T11:59:00.000Z' }), RACE_MESSAGES.pastEndDate],
      ];
      for (const [body, message] of cases) {
        const response = await postRace(t, alice, body);
        expect(response.statusCode, message).toBe(400);
        expect(response.json(), message).toEqual({ code: 'VALIDATION_ERROR', message });
      }
      const visitor = await t.app.inject({ method: 'POST', url: '/api/races', payload: raceInput([valid]) });
      expect(visitor.statusCode).toBe(401);
      expect(await raceTables(t)).toEqual(before);
    });

    it('refuses a character listed twice on one metric, on creation and on an edit, naming it and storing nothing', async () => {
      const [first, second] = players;
      const { name } = await t.database.db
        .selectFrom('members')
        .select('name')
        .where('wom_id', '=', first!.wom_id)
        .executeTakeFirstOrThrow();
      const refused = {
        code: 'VALIDATION_ERROR',
        message: RACE_MESSAGES.repeatedParticipant(name, 'Attack'),
      };
      const once = { wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 1_000 };
      const other = { wom_id: second!.wom_id, metric: 'attack', target_value: second!.attack + 1_000 };
      const before = await raceTables(t);

      const fifty = await postRace(t, alice, raceInput(Array.from({ length: 50 }, () => once)));
      expect(fifty.statusCode).toBe(400);
      expect(fifty.json()).toEqual(refused);
      // Another target does not make it another participant.
      const twoTargets = await postRace(
        t,
        alice,
        raceInput([once, other, { ...once, mode: 'gain', target_value: 5 }]),
      );
      expect(twoTargets.json()).toEqual(refused);
      expect(await raceTables(t)).toEqual(before);

      const race = await createRaceAs(t, alice, raceInput([once, other]));
      const stored = await raceTables(t);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/races/${race.id}`,
        headers: { cookie: alice },
        payload: raceInput([once, other, once]),
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toEqual(refused);
      expect(await raceTables(t)).toEqual(stored);
    });

    it('refuses a participant whose member is hidden from the public', async () => {
      const [, , third] = players;
      await t.database.db
        .updateTable('members')
        .set({ hidden: true })
        .where('wom_id', '=', third!.wom_id)
        .execute();
      const response = await postRace(
        t,
        alice,
        raceInput([{ wom_id: third!.wom_id, metric: 'attack', target_value: 10 }]),
      );
      await t.database.db
        .updateTable('members')
        .set({ hidden: false })
        .where('wom_id', '=', third!.wom_id)
        .execute();
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: RACE_MESSAGES.participantIncomplete,
      });
    });

    it('never shows a private race to another user or a visitor, only to its creator and admins', async () => {
      const [first] = players;
      // Bob's own character takes part, yet the race is Alice's and private.
      await t.database.db
        .insertInto('player_claims')
        .values({ user_id: bobId, wom_id: first!.wom_id, claimed_at: START })
        .execute();
      const secret = await createRaceAs(
        t,
        alice,
        raceInput([{ wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 10 }], {
          title: 'Secret',
          public: false,
        }),
      );
      const open = await createRaceAs(
        t,
        alice,
        raceInput([{ wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 10 }]),
      );

      for (const cookie of [undefined, bob, alice]) {
        const list = (await get('/api/races?scope=public', cookie)).json<RacesPage>().items;
        expect(ids(list)).toContain(open.id);
        expect(ids(list)).not.toContain(secret.id);
      }
      const bobs = await get('/api/races?scope=mine', bob);
      expect(bobs.headers['cache-control']).toBe('no-store');
      expect(ids(bobs.json<RacesPage>().items)).toContain(open.id);
      expect(ids(bobs.json<RacesPage>().items)).not.toContain(secret.id);
      expect(ids((await get('/api/races?scope=mine', alice)).json<RacesPage>().items)).toEqual(
        expect.arrayContaining([secret.id, open.id]),
      );
      expect((await get('/api/races?scope=mine')).statusCode).toBe(401);

      expect((await get(`/api/races/${secret.id}`)).statusCode).toBe(404);
      expect((await get(`/api/races/${secret.id}`, bob)).statusCode).toBe(404);
      const own = await get(`/api/races/${secret.id}`, alice);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      expect((await get(`/api/races/${secret.id}`, admin)).json<RaceDetail>().title).toBe('Secret');
      const refresh = await t.app.inject({
        method: 'POST',
        url: `/api/races/${secret.id}/refresh`,
        headers: { cookie: bob },
      });
      expect(refresh.statusCode).toBe(404);
    });

    it('lets only the creator edit or delete a race; anyone else changes nothing', async () => {
      const [first] = players;
      const body = raceInput([{ wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 10 }]);
      const open = await createRaceAs(t, alice, body);
      const secret = await createRaceAs(t, alice, { ...body, public: false });
      const before = await raceTables(t);
      const edit = { ...body, title: 'Taken over' };
      const as = (method: 'PUT' | 'DELETE', id: number, cookie?: string) =>
        t.app.inject({
          method,
          url: `/api/races/${id}`,
          headers: cookie ? { cookie } : {},
          ...(method === 'PUT' ? { payload: edit } : {}),
        });

      for (const method of ['PUT', 'DELETE'] as const) {
        const other = await as(method, open.id, bob);
        expect(other.statusCode).toBe(403);
        expect(other.json()).toEqual({ code: 'FORBIDDEN', message: RACE_MESSAGES.onlyCreator });
        expect((await as(method, open.id, admin)).statusCode).toBe(403);
        expect((await as(method, secret.id, bob)).statusCode).toBe(404);
        expect((await as(method, open.id)).statusCode).toBe(401);
      }
      expect(await raceTables(t)).toEqual(before);

      const edited = await as('PUT', open.id, alice);
      expect(edited.statusCode).toBe(200);
      expect(edited.json<Race>().title).toBe('Taken over');
      expect((await as('DELETE', open.id, alice)).statusCode).toBe(204);
      expect((await get(`/api/races/${open.id}`, alice)).statusCode).toBe(404);
      const left = await t.database.db
        .selectFrom('race_participants')
        .select('id')
        .where('race_id', '=', open.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('keeps a kept participant with its start value and history, starts a new one from its snapshot, drops a removed one', async () => {
      const [first, second, third] = players;
      const race = await createRaceAs(
        t,
        alice,
        raceInput([
          { wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 1_000 },
          { wom_id: second!.wom_id, metric: 'attack', target_value: second!.attack + 1_000 },
        ]),
      );
      const kept = race.race_participants.find((p) => p.wom_id === first!.wom_id)!;
      const removed = race.race_participants.find((p) => p.wom_id === second!.wom_id)!;
      // The player gains after the race began, as a sync would record it.
      clock.advance(60_000);
      await setCurrent(kept.id, first!.attack + 400);

      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/races/${race.id}`,
        headers: { cookie: alice },
        payload: raceInput([
          { wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 800 },
          { wom_id: third!.wom_id, metric: 'attack', target_value: third!.attack + 500 },
        ]),
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json<Race>();
      expect(updated.race_participants).toHaveLength(2);
      expect(updated.race_participants.find((p) => p.wom_id === first!.wom_id)).toEqual({
        ...kept,
        current_value: first!.attack + 400,
        target_value: first!.attack + 800,
        progress_percent: 50,
      });
      const added = updated.race_participants.find((p) => p.wom_id === third!.wom_id)!;
      expect(added).toMatchObject({ start_value: third!.attack, current_value: third!.attack });
      expect(updated.race_participants.map((p) => p.id)).not.toContain(removed.id);

      const detail = (await get(`/api/races/${race.id}`)).json<RaceDetail>();
      expect(detail.history.find((h) => h.participant_id === kept.id)?.points).toEqual([
        { value: first!.attack, recorded_at: START },
      ]);
      const orphans = await t.database.db
        .selectFrom('race_progress')
        .select('id')
        .where('participant_id', '=', removed.id)
        .execute();
      expect(orphans).toEqual([]);
      clock.set(START);
    });

    it('counts a zero span as 0%, caps progress at 100 and lists the highest progress first', async () => {
      const [first, second, third] = players;
      const race = await createRaceAs(
        t,
        alice,
        raceInput([
          { wom_id: first!.wom_id, metric: 'attack', target_value: first!.attack + 100 },
          { wom_id: second!.wom_id, metric: 'attack', target_value: second!.attack + 100 },
          { wom_id: third!.wom_id, metric: 'attack', target_value: third!.attack + 100 },
        ]),
      );
      const of = (womId: string) => race.race_participants.find((p) => p.wom_id === womId)!.id;
      // A zero span can no longer be created; a race stored before that rule may still hold one.
      await t.database.db
        .updateTable('race_participants')
        .set({ target_value: first!.attack })
        .where('id', '=', of(first!.wom_id))
        .execute();
      await setCurrent(of(first!.wom_id), first!.attack + 500);
      await setCurrent(of(second!.wom_id), second!.attack + 30);
      await setCurrent(of(third!.wom_id), third!.attack + 5_000);

      const standings = (await get(`/api/races/${race.id}`)).json<RaceDetail>().race_participants;
      expect(standings.map((p) => [p.wom_id, p.progress_percent])).toEqual([
        [third!.wom_id, 100],
        [second!.wom_id, 30],
        [first!.wom_id, 0],
      ]);
      const listed = (await get('/api/races?scope=public'))
        .json<RacesPage>()
        .items.find((r) => r.id === race.id);
      expect(listed?.race_participants.map((p) => p.progress_percent)).toEqual([100, 30, 0]);
    });
  });
}
