import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import { normaliseRole } from '#core/members/roles.ts';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const GEMS = DEFAULT_LADDER.paths.find((path) => path.key === 'skiller')!.ranks.map((rank) => rank.role);
const gemIndex = (role: string | null) => GEMS.indexOf(role ?? '');
const isGem = (member: AdminMember) => member.rank_path === 'skiller' && GEMS.includes(member.womrole ?? '');

for (const dialect of testDialects) {
  describe(`${dialect}: rank updates on a clan's first day`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let members: AdminMember[];

    beforeAll(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 300, seed: 20, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      await createUser(t, 'leader', { admin: true });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/members',
        headers: { cookie: await loginAs(t, 'leader') },
      });
      members = response.json<AdminMember[]>();
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('proposes no demotion for a fresh clan of 300 whose baselines the site only first saw', () => {
      expect(members).toHaveLength(300);
      expect(new Set(members.map((member) => member.baseline_source))).toEqual(new Set(['first_seen']));
      // Without the rule, these gem members would be proposed for a lower rank on their first day.
      const wouldDemote = members.filter(
        (member) => isGem(member) && gemIndex(member.calculated_rank) < gemIndex(member.womrole),
      );
      expect(wouldDemote.length).toBeGreaterThan(50);
      // Fighter ranks rest on EHB, not on the baseline: those may still be proposed either way.
      const gemDemotions = members.filter(
        (member) => isGem(member) && member.rank_proposal?.direction === 'demotion',
      );
      expect(gemDemotions).toEqual([]);
    });

    it('proposes nothing for a member WOM never measured, whose zeros would read as the lowest band', () => {
      const neverUpdated = members.filter((member) => member.wom_account_type === 'unknown');
      // Without the rule, a never-updated Leader reads "Leader -> Mentor, a demotion, EHB 0".
      expect(
        neverUpdated.filter((member) => member.calculated_rank !== normaliseRole(member.womrole)).length,
      ).toBeGreaterThan(0);
      expect(neverUpdated.filter((member) => member.rank_proposal !== null)).toEqual([]);
      expect(neverUpdated.every((member) => !member.role_mismatch)).toBe(true);
    });

    it('gives every proposal left its basis', () => {
      for (const member of members.filter((m) => m.rank_proposal !== null)) {
        expect(member.rank_proposal?.basis).toMatch(/^(XP gained .+ since \d{1,2} \w{3} \d{4}|EHB \d+)/);
        expect(member.rank_proposal?.requirement).toBe(member.rank_path === 'skiller' ? 'clan_xp' : 'ehb');
        expect(member.role_mismatch).toBe(true);
        expect(member.proposed_role).toBe(member.rank_proposal?.rank);
      }
    });
  });
}
