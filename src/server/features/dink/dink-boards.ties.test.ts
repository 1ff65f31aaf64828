import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LootBoard, PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { DINK_MOMENTS } from './dink-moments.job.ts';
import { connectDink, examplePayload, postDink } from './dink.testing.ts';

/** Two leaders, then four members level: the boards must show them at one shared place. */
const PLAYERS = [
  { womId: '41', name: 'Ace', loot: 9_000, time: 'PT40M' },
  { womId: '42', name: 'Bea', loot: 7_000, time: 'PT41M' },
  { womId: '43', name: 'Cid', loot: 5_000, time: 'PT45M' },
  { womId: '44', name: 'Dot', loot: 5_000, time: 'PT45M' },
  { womId: '45', name: 'Eve', loot: 5_000, time: 'PT45M' },
  { womId: '46', name: 'Fay', loot: 5_000, time: 'PT45M' },
  { womId: '47', name: 'Gus', loot: 1_000, time: 'PT50M' },
];

for (const dialect of testDialects) {
  describe(`${dialect}: ties on the Dink boards`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      for (const [index, player] of PLAYERS.entries()) {
        await addMember(t, player.womId, player.name);
        await claimCharacter(t, roles.userId, player.womId);
        const { token } = await connectDink(t, player.womId, roles.headers('user'));
        // Each character its own game account, as Dink tells them apart.
        const hash = `${'h'.repeat(40)}${String(index).padStart(16, '0')}`;
        const loot = examplePayload('loot.json');
        const extra = loot.extra as { items: { priceEach: number; quantity: number }[] };
        extra.items = [{ ...extra.items[0]!, priceEach: player.loot, quantity: 1 }];
        const kill = examplePayload('kill_count.json');
        const kc = { ...(kill.extra as object), time: player.time, party: [] };
        for (const payload of [
          { ...loot, playerName: player.name, dinkAccountHash: hash },
          { ...kill, extra: kc, playerName: player.name, dinkAccountHash: hash },
        ]) {
          const posted = await postDink(t, token, payload);
          expect(posted.statusCode, posted.body).toBe(202);
        }
      }
      await t.runJob(DINK_MOMENTS);
    });
    afterEach(async () => t.close());

    const read = async <T>(url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.json<T>();
    };

    it('numbers four equal loot totals at one shared place, the next total after all four', async () => {
      const board = await read<LootBoard>('/api/loot-board');
      expect(board.entries.map((entry) => [entry.player_name, entry.rank])).toEqual([
        ['Ace', 1],
        ['Bea', 2],
        ['Cid', 3],
        ['Dot', 3],
        ['Eve', 3],
        ['Fay', 3],
        ['Gus', 7],
      ]);
    });

    it('numbers four equal personal bests at one shared place, the next time after all four', async () => {
      const board = await read<PersonalBestBoard>(
        '/api/personal-bests?boss=Chambers%20of%20Xeric&team_size=1',
      );
      expect(board.entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 3, 3, 3, 7]);
    });
  });
}
