import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { createManualClock, createTestApp, createUser, loginAs } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

/** What an import must carry from one site to another. */
const restored = (member: AdminMember) => ({
  wom_id: member.wom_id,
  first_xp: member.first_xp,
  first_lvl: member.first_lvl,
  siege_score: member.siege_score,
  join_date: member.join_date,
  title: member.title,
});

async function siteOf(dialect: 'sqlite' | 'postgres', simulator: WomSimulator) {
  const t = await createTestApp(dialect, {
    clock: createManualClock(),
    wom: { url: simulator.url, groupId: simulator.groupId },
  });
  expect((await t.sync()).outcome).toBe('succeeded');
  await createUser(t, 'leader', { admin: true });
  const cookie = await loginAs(t, 'leader');
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const members = async () => (await call('GET', '/api/admin/members')).json<AdminMember[]>();
  return { t, call, members };
}

for (const dialect of testDialects) {
  describe(`${dialect}: a members export re-imported into a fresh site`, () => {
    let simulator: WomSimulator;
    let old: Awaited<ReturnType<typeof siteOf>>;
    let fresh: Awaited<ReturnType<typeof siteOf>>;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 12, seed: 9, clock: createManualClock() });
      old = await siteOf(dialect, simulator);
      fresh = await siteOf(dialect, simulator);
    });
    afterAll(async () => {
      await old.t.close();
      await fresh.t.close();
      await simulator.close();
    });

    it('restores every baseline, score, join date and title', async () => {
      // The old site's history: baselines and join dates set by hand, scores from awards and edits.
      for (const [index, member] of (await old.members()).entries()) {
        if (index % 3 === 2) continue;
        const edit = await old.call('PATCH', `/api/admin/members/${member.wom_id}`, {
          first_xp: Math.max(0, member.current_xp - 1_000_000 * (index + 1)),
          first_lvl: Math.max(1, member.current_lvl - index),
          join_date: `20${10 + index}-0${(index % 9) + 1}-1${index % 10}`,
          title: index === 0 ? '=Founder, "the" first' : `Title ${index}`,
          siege_score: index * 7,
          expected_updated_at: member.updated_at,
        });
        expect(edit.statusCode).toBe(200);
        if (index % 2 === 0)
          expect(
            (await old.call('POST', `/api/admin/members/${member.wom_id}/points`, { amount: 5 })).statusCode,
          ).toBe(200);
      }
      const exported = await old.call('GET', '/api/admin/members/export.csv');
      expect(exported.statusCode).toBe(200);

      const preview = await fresh.call('POST', '/api/admin/members/import', {
        csv: exported.body,
        dry_run: true,
      });
      expect(preview.json()).toMatchObject({ errors: [] });
      const applied = await fresh.call('POST', '/api/admin/members/import', {
        csv: exported.body,
        dry_run: false,
      });
      expect(applied.statusCode).toBe(200);

      const byId = (members: AdminMember[]) =>
        members.map(restored).sort((a, b) => a.wom_id.localeCompare(b.wom_id));
      const freshMembers = await fresh.members();
      expect(byId(freshMembers)).toEqual(byId(await old.members()));
      const oldSources = new Map((await old.members()).map((m) => [m.wom_id, m.baseline_source]));
      for (const member of freshMembers)
        expect(member.baseline_source).toBe(
          oldSources.get(member.wom_id) === 'admin' ? 'imported' : 'first_seen',
        );

      // The fresh site's scores are its ledger's sums, as every score must be.
      const sums = await fresh.t.database.db
        .selectFrom('points')
        .select(['member_wom_id'])
        .select((eb) => eb.fn.sum<number>('amount').as('total'))
        .groupBy('member_wom_id')
        .execute();
      for (const member of freshMembers) {
        const sum = Number(sums.find((row) => row.member_wom_id === member.wom_id)?.total ?? 0);
        expect(sum, member.name).toBe(member.siege_score);
      }
    });
  });
}
