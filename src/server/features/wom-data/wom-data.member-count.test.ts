import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type TestApp } from '#test/app.ts';
import { createAppWithClanHistory } from '#test/clan-history.ts';
import { testDialects } from '#test/databases.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import type { WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../../db/revisions.ts';

const START = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: the Stats page's member count`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);

    beforeAll(async () => {
      ({ t, simulator } = await createAppWithClanHistory(dialect, clock, START));
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('counts the members the roster lists: visible ones, alts left out as the roster leaves them', async () => {
      const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<PublicMember[]>();
      const alts = roster.slice(0, 2).map((member) => member.wom_id);
      await t.database.db.updateTable('members').set({ alt: false }).execute();
      await t.database.db.updateTable('members').set({ alt: true }).where('wom_id', 'in', alts).execute();
      await t.database.db
        .updateTable('members')
        .set({ hidden: true })
        .where('wom_id', '=', roster[2]!.wom_id)
        .execute();
      await bumpRevision(t.database.db, 'members');

      const listed = (await t.app.inject({ method: 'GET', url: '/api/members' }))
        .json<PublicMember[]>()
        .filter((member) => !member.alt);
      const stats = (
        await t.app.inject({ method: 'GET', url: '/api/wom-group-stats' })
      ).json<WomGroupStats>();
      expect(listed).toHaveLength(roster.length - 3);
      expect(stats.memberCount).toBe(listed.length);
    });
  });
}
