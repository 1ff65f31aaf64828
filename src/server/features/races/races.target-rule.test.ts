import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race } from '#core/races/races.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { snapshotWith, storeSnapshot } from '../goals/goals.testing.ts';
import { createRaceAs, postRace, raceInput, raceTables } from './races.testing.ts';

const refused = { code: 'VALIDATION_ERROR', message: 'Target value must be greater than current value' };

for (const dialect of testDialects) {
  describe(`${dialect}: a race target must lie above each participant's start`, () => {
    let t: TestApp;
    let alice: string;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      await addMember(t, '42', 'Zezima');
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
    });
    afterAll(async () => t.close());

    it.each([1_000, 999, 1])(
      'refuses a total target of %i against a start of 1,000 and stores nothing',
      async (target) => {
        const before = await raceTables(t);
        const response = await postRace(
          t,
          alice,
          raceInput([{ wom_id: '42', metric: 'attack', target_value: target }]),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(refused);
        expect(await raceTables(t)).toEqual(before);
      },
    );

    it('takes a gain as the amount on top of the start', async () => {
      const race = await createRaceAs(
        t,
        alice,
        raceInput([{ wom_id: '42', metric: 'attack', mode: 'gain', target_value: 500 }]),
      );
      expect(race.race_participants[0]).toMatchObject({ start_value: 1_000, target_value: 1_500 });
    });

    it('refuses an edit that lowers a kept participant to its start', async () => {
      const race = await createRaceAs(
        t,
        alice,
        raceInput([{ wom_id: '42', metric: 'attack', target_value: 2_000 }]),
      );
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/races/${race.id}`,
        headers: { cookie: alice },
        payload: raceInput([{ wom_id: '42', metric: 'attack', target_value: 1_000 }]),
      });
      expect(response.json()).toEqual(refused);
      const stored = (await t.app.inject({ method: 'GET', url: `/api/races/${race.id}` })).json<Race>();
      expect(stored.race_participants[0]?.target_value).toBe(2_000);
    });
  });
}
