import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CAPS, CAP_MESSAGES } from '#core/users/account-caps.ts';
import { CREATION_LIMITS } from '#core/users/creation-limits.ts';
import type { Race } from '#core/races/races.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { snapshotWith, storeSnapshot } from '../goals/goals.testing.ts';
import { postRace, raceInput } from './races.testing.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const raceLimit = { code: 'RACE_LIMIT', message: CAP_MESSAGES.openRaces };

for (const dialect of testDialects) {
  describe(`${dialect}: how many races one account may run`, () => {
    let t: TestApp;
    let alice: { id: number; cookie: string };
    const body = raceInput([{ wom_id: '42', metric: 'attack', target_value: 2_000 }]);

    beforeEach(async () => {
      t = await createTestApp(dialect);
      const user = await createUser(t, 'alice');
      alice = { id: user.id, cookie: await loginAs(t, 'alice') };
      await addMember(t, '42', 'Zezima');
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
    });
    afterEach(async () => t.close());

    /** Races straight in the database, as if created earlier. */
    async function addRaces(creatorId: number, count: number, endDate: string | null = null) {
      for (let i = 0; i < count; i += 1) {
        await t.database.db
          .insertInto('races')
          .values({
            creator_id: creatorId,
            title: `Race ${i}`,
            public: true,
            end_date: endDate,
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
      }
    }

    const openRacesOf = async (creatorId: number) =>
      (
        await t.database.db
          .selectFrom('races')
          .select('id')
          .where('creator_id', '=', creatorId)
          .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', NOW)]))
          .execute()
      ).length;

    it('lets parallel creations reach exactly the cap and refuses the rest with RACE_LIMIT', async () => {
      await addRaces(alice.id, ACCOUNT_CAPS.openRaces - 5);
      const responses = await Promise.all(Array.from({ length: 20 }, () => postRace(t, alice.cookie, body)));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toEqual(raceLimit);
      }
      expect(await openRacesOf(alice.id)).toBe(ACCOUNT_CAPS.openRaces);
    });

    it('counts only the races the user created that have not ended', async () => {
      await addRaces(alice.id, ACCOUNT_CAPS.openRaces - 1);
      await addRaces(alice.id, 10, new Date(Date.parse(NOW) - HOUR).toISOString());
      const bob = await createUser(t, 'bob');
      await addRaces(bob.id, ACCOUNT_CAPS.openRaces);

      expect((await postRace(t, alice.cookie, body)).statusCode).toBe(201);
      expect((await postRace(t, alice.cookie, body)).json()).toEqual(raceLimit);
    });

    it('frees a place once one of the races ends', async () => {
      const ends = new Date(Date.parse(NOW) + HOUR).toISOString();
      await addRaces(alice.id, ACCOUNT_CAPS.openRaces - 1);
      await addRaces(alice.id, 1, ends);
      expect((await postRace(t, alice.cookie, body)).statusCode).toBe(409);

      t.clock.advance(HOUR);
      expect((await postRace(t, alice.cookie, body)).statusCode).toBe(201);
    });

    it('refuses to reopen an ended race when the user already runs as many as the cap', async () => {
      await addRaces(alice.id, ACCOUNT_CAPS.openRaces);
      const created = await t.database.db
        .insertInto('races')
        .values({
          creator_id: alice.id,
          title: 'Over',
          public: true,
          end_date: new Date(Date.parse(NOW) - HOUR).toISOString(),
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reopen = await t.app.inject({
        method: 'PUT',
        url: `/api/races/${created.id}`,
        headers: { cookie: alice.cookie },
        payload: { ...body, end_date: null },
      });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json()).toEqual(raceLimit);
      expect(await openRacesOf(alice.id)).toBe(ACCOUNT_CAPS.openRaces);
    });

    it('counts every race a user creates, even deleted ones, and answers 429 past 30 in an hour', async () => {
      // Refused bodies are not creations.
      expect((await postRace(t, alice.cookie, { ...body, title: '' })).statusCode).toBe(400);
      for (let i = 0; i < CREATION_LIMITS.race.account.attempts; i += 1) {
        const created = await postRace(t, alice.cookie, body);
        expect(created.statusCode).toBe(201);
        const removed = await t.app.inject({
          method: 'DELETE',
          url: `/api/races/${created.json<Race>().id}`,
          headers: { cookie: alice.cookie },
        });
        expect(removed.statusCode).toBe(204);
      }

      const refused = await postRace(t, alice.cookie, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many race creation attempts. Try again in 60 minutes.',
      });
      // Another account keeps its own count.
      await createUser(t, 'bob');
      expect((await postRace(t, await loginAs(t, 'bob'), body)).statusCode).toBe(201);

      t.clock.advance(HOUR);
      expect((await postRace(t, alice.cookie, body)).statusCode).toBe(201);
    });

    it('lets a user refresh each race once a minute and five races a minute, and answers 429 past that', async () => {
      const races: Race[] = [];
      for (let i = 0; i < 6; i += 1) races.push((await postRace(t, alice.cookie, body)).json<Race>());
      const refresh = (race: Race, cookie = alice.cookie) =>
        t.app.inject({ method: 'POST', url: `/api/races/${race.id}/refresh`, headers: { cookie } });

      expect((await refresh(races[0]!)).statusCode).toBe(200);
      t.clock.advance(20_000);
      const again = await refresh(races[0]!);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('40');
      expect(again.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many race refresh attempts. Try again in 40 seconds.',
      });
      // Another member refreshing the same race has a minute of their own.
      await createUser(t, 'bob');
      expect((await refresh(races[0]!, await loginAs(t, 'bob'))).statusCode).toBe(200);

      for (const race of races.slice(1, 5)) expect((await refresh(race)).statusCode).toBe(200);
      expect((await refresh(races[5]!)).statusCode).toBe(429);

      t.clock.advance(40_000);
      expect((await refresh(races[0]!)).statusCode).toBe(200);
    });
  });
}
