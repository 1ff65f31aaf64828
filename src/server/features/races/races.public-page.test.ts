import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race, RacesPage } from '#core/races/races.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { snapshotWith, storeSnapshot } from '../goals/goals.testing.ts';
import { createRaceAs, raceInput } from './races.testing.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: the prebuilt first page of public races`, () => {
    let t: TestApp;
    let alice: string;
    let etag = '';

    /** The first page as a visitor's browser asks again for it, with the ETag it holds. */
    async function nextRead(): Promise<RacesPage> {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/races?scope=public',
        headers: etag ? { 'if-none-match': etag } : {},
      });
      expect(response.statusCode, 'a change is never answered with 304').toBe(200);
      etag = response.headers.etag as string;
      return response.json<RacesPage>();
    }
    const titles = (page: RacesPage) => page.items.map((race) => race.title);
    const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: alice }, ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      await addMember(t, '42', 'Zezima');
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
    });
    afterAll(async () => t.close());

    it('answers the same bytes until the data changes, then each change at the next read', async () => {
      expect((await nextRead()).items).toEqual([]);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/races',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);

      const body = raceInput([{ wom_id: '42', metric: 'attack', target_value: 2_000 }], { title: 'First' });
      const race: Race = await createRaceAs(t, alice, body);
      expect(titles(await nextRead())).toEqual(['First']);

      expect((await send('PUT', `/api/races/${race.id}`, { ...body, title: 'Renamed' })).statusCode).toBe(
        200,
      );
      expect(titles(await nextRead())).toEqual(['Renamed']);

      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_500 } }));
      expect((await send('POST', `/api/races/${race.id}/refresh`)).statusCode).toBe(200);
      expect((await nextRead()).items[0]!.race_participants[0]).toMatchObject({
        current_value: 1_500,
        progress_percent: 50,
      });

      expect((await send('DELETE', `/api/races/${race.id}`)).statusCode).toBe(204);
      expect((await nextRead()).items).toEqual([]);
    });
  });
}
