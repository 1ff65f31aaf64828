import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClan, RanksAnswer } from '#core/clan/admin-clan.schema.ts';
import type { ClanProfile } from '#core/clan/clan.schema.ts';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import { createTestApp, createTestAppOn, createManualClock, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import type { NewMemberRow } from '../../db/schema.ts';

/** The test app's clock: members below joined some days before it. */
const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'bronze',
    wom_role_synced: 'bronze',
    current_xp: 5_000_000,
    first_xp: 5_000_000,
    baseline_source: 'imported',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** Another clan's ladder (issue 30's example): ranks by days in the clan, 0, 14, 30, 90 and 180. */
const TENURE_LADDER: RankLadder = {
  paths: [
    {
      key: 'members',
      name: 'Members',
      ranks: [
        { role: 'bronze', name: 'Bronze', requirements: [] },
        { role: 'iron', name: 'Iron', requirements: [{ measure: 'tenure_days', min: 14 }] },
        { role: 'steel', name: 'Steel', requirements: [{ measure: 'tenure_days', min: 30 }] },
        { role: 'mithril', name: 'Mithril', requirements: [{ measure: 'tenure_days', min: 90 }] },
        { role: 'adamant', name: 'Adamant', requirements: [{ measure: 'tenure_days', min: 180 }] },
      ],
    },
  ],
  exempt: ['owner', 'deputy_owner'],
};

for (const dialect of testDialects) {
  describe(`${dialect}: the clan's own rules`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    beforeAll(async () => {
      t = await createTestApp(dialect, { clock: createManualClock(NOW) });
      roles = await signInRoles(t);
      for (const row of [
        // 100 days in the clan, still Bronze: due for Mithril.
        memberRow('11', 'Old Timer', { join_date: '2026-08-13' }),
        // 20 days: due for Iron.
        memberRow('12', 'Newcomer', { join_date: '2026-11-01' }),
        // 5 days, Steel by hand: due for a demotion to Bronze.
        memberRow('13', 'Fast Riser', {
          join_date: '2026-11-16',
          womrole: 'steel',
          wom_role_synced: 'steel',
        }),
        // The owner is exempt, whatever their days.
        memberRow('14', 'Chief', { join_date: '2022-04-23', womrole: 'owner', wom_role_synced: 'owner' }),
        // Hidden members never mismatch.
        memberRow('15', 'Ghost', { join_date: '2025-01-01', hidden: true }),
      ]) {
        await t.database.db.insertInto('members').values(row).execute();
      }
    });
    afterAll(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const putRanks = (body: unknown) =>
      asAdmin({ method: 'PUT', url: '/api/admin/clan/ranks', payload: body as Record<string, unknown> });
    const publicClan = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/clan' })).json<ClanProfile>();
    const adminMembers = async () =>
      (await asAdmin({ method: 'GET', url: '/api/admin/members' })).json<AdminMember[]>();
    const roster = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/members' })).json<PublicMember[]>();

    it("serves the spec's ladder and points to a fresh install, and the same to the dashboard", async () => {
      expect((await publicClan()).ranks).toEqual(DEFAULT_LADDER);
      const admin = await asAdmin({ method: 'GET', url: '/api/admin/clan' });
      expect(admin.statusCode).toBe(200);
      expect(admin.headers['cache-control']).toBe('no-store');
      expect(admin.json<AdminClan>()).toMatchObject({
        ranks: DEFAULT_LADDER,
        points: { placements: [15, 10, 5, 2], short: 2, buttons: [2, 5, 10, 15] },
        wom_verification_code_set: false,
      });
    });

    it('refuses an invalid ladder with 400 naming the rank, and writes nothing', async () => {
      const cases: Array<[unknown, string]> = [
        [
          {
            ...TENURE_LADDER,
            paths: [
              {
                ...TENURE_LADDER.paths[0],
                ranks: [{ role: 'bronze', name: 'Bronze', requirements: [{ measure: 'karma', min: 1 }] }],
              },
            ],
          },
          'Bronze: The measure must be one of',
        ],
        [
          {
            ...TENURE_LADDER,
            paths: [
              {
                ...TENURE_LADDER.paths[0],
                ranks: [{ role: 'iron', name: 'Iron', requirements: [{ measure: 'tenure_days', min: -1 }] }],
              },
            ],
          },
          'Iron: The minimum must be 0 or more',
        ],
        [
          {
            ...TENURE_LADDER,
            paths: [
              {
                ...TENURE_LADDER.paths[0],
                ranks: [
                  { role: 'bronze', name: 'Bronze', requirements: [{ measure: 'tenure_days', min: 30 }] },
                  { role: 'iron', name: 'Iron', requirements: [{ measure: 'tenure_days', min: 14 }] },
                ],
              },
            ],
          },
          "Iron: Days in the clan must be at least Bronze's 30",
        ],
        [
          { ...TENURE_LADDER, exempt: ['owner', 'iron'] },
          'Exempt role iron: the role iron is already used by Iron',
        ],
        [
          {
            ...TENURE_LADDER,
            paths: [
              { ...TENURE_LADDER.paths[0], ranks: [{ role: 'not_a_role', name: 'Weird', requirements: [] }] },
            ],
          },
          `Weird: "not_a_role" is not one of Wise Old Man's group roles`,
        ],
      ];
      for (const [ladder, message] of cases) {
        const response = await putRanks({ ...(ladder as object), dry_run: false });
        expect(response.statusCode, message).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
      }
      expect((await publicClan()).ranks).toEqual(DEFAULT_LADDER);
    });

    it('previews a ladder without changing anything: who would be proposed, and which ranks nobody holds', async () => {
      const response = await putRanks({ ...TENURE_LADDER, dry_run: true });
      expect(response.statusCode).toBe(200);
      expect(response.json<RanksAnswer>()).toEqual({
        proposals: [
          { wom_id: '13', name: 'Fast Riser', from: 'steel', to: 'bronze', direction: 'demotion' },
          { wom_id: '12', name: 'Newcomer', from: 'bronze', to: 'iron', direction: 'promotion' },
          { wom_id: '11', name: 'Old Timer', from: 'bronze', to: 'mithril', direction: 'promotion' },
        ],
        unheld: [
          { role: 'iron', name: 'Iron' },
          { role: 'mithril', name: 'Mithril' },
          { role: 'adamant', name: 'Adamant' },
        ],
        saved: false,
      });
      expect((await publicClan()).ranks).toEqual(DEFAULT_LADDER);
      expect((await adminMembers()).every((member) => member.proposed_role === null)).toBe(true);
    });

    it('saves a ladder: the public pages, the queue with its due dates and the audit follow at once', async () => {
      const saved = await putRanks({ ...TENURE_LADDER, dry_run: false });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<RanksAnswer>()).toMatchObject({ saved: true });
      expect((await publicClan()).ranks).toEqual(TENURE_LADDER);

      const queue = new Map((await adminMembers()).map((member) => [member.name, member]));
      expect(queue.get('Old Timer')).toMatchObject({
        proposed_role: 'mithril',
        due_since: NOW,
        role_mismatch: true,
      });
      expect(queue.get('Old Timer')?.rank_proposal).toMatchObject({
        basis: 'In the clan 100 days',
        requirement: 'tenure_days',
      });
      expect(queue.get('Fast Riser')).toMatchObject({ proposed_role: 'bronze', due_since: NOW });
      expect(queue.get('Chief')).toMatchObject({ proposed_role: null, due_since: null });
      expect(queue.get('Ghost')).toMatchObject({ proposed_role: null, due_since: null });

      const members = new Map((await roster()).map((member) => [member.name, member]));
      expect(members.get('Newcomer')).toMatchObject({
        rank_path: 'members',
        calculated_rank: 'iron',
        next_rank: {
          rank: 'steel',
          remaining: 10,
          unit: 'days',
          label: 'Days in Iron band · Steel: 10 days',
        },
      });

      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'clan.ranks')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.before ?? 'null')).toEqual(DEFAULT_LADDER);
      expect(JSON.parse(audit[0]?.after ?? 'null')).toMatchObject({ paths: TENURE_LADDER.paths });
    });

    it('keeps when a change became due across later reads, days and saves, so the longest wait shows', async () => {
      t.clock.advance(3 * 86_400_000);
      await putRanks({ ...TENURE_LADDER, dry_run: false });
      const queue = new Map((await adminMembers()).map((member) => [member.name, member]));
      expect(queue.get('Old Timer')?.due_since).toBe(NOW);
      // Three days on, the newcomer's 23 days still earn Iron: the date they became due stays too.
      expect(queue.get('Newcomer')?.due_since).toBe(NOW);
    });

    it('applies a queued change as one audited rank change, which leaves the queue', async () => {
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/11/rank',
        payload: { role: 'mithril' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<AdminMember>()).toMatchObject({
        womrole: 'mithril',
        proposed_role: null,
        due_since: null,
      });
      const stored = await t.database.db.selectFrom('rank_proposals').select('wom_id').execute();
      expect(stored.map((row) => row.wom_id).sort()).toEqual(['12', '13']);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'member.rank')
        .execute();
      expect(audit).toEqual([{ target_id: '11' }]);
    });

    it('saves point values, pays the +N buttons by them, and refuses an amount that is no button', async () => {
      const saved = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/points',
        payload: { placements: [20, 12, 6, 3], short: 4 },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ placements: [20, 12, 6, 3], short: 4, buttons: [2, 5, 10, 15] });
      const buttons = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/points',
        payload: { placements: [20, 12, 6, 3], short: 4, buttons: [3, 25] },
      });
      expect(buttons.json()).toMatchObject({ buttons: [3, 25] });
      expect((await publicClan()).points).toEqual({ placements: [20, 12, 6, 3], short: 4, buttons: [3, 25] });

      const paid = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/12/points',
        payload: { amount: 25 },
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json<AdminMember>().siege_score).toBe(25);
      const refused = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/12/points',
        payload: { amount: 2 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe('amount must be one of 3, 25');

      const bad = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/points',
        payload: { placements: [20, 12], short: 4 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('saves any subset of the profile and renders the welcome text safely on the public answer', async () => {
      const response = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/profile',
        payload: {
          name: 'Iron Wolves',
          welcome_markdown:
            '# Howl\n\n<script>x</script> [Join](https://discord.gg/w) [bad](javascript:alert(1))',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Iron Wolves', home_world: 517 });
      const clan = await publicClan();
      expect(clan.name).toBe('Iron Wolves');
      expect(clan.welcome_html).toContain('<h1>Howl</h1>');
      expect(clan.welcome_html).toContain('&lt;script&gt;');
      expect(clan.welcome_html).toContain('href="https://discord.gg/w"');
      expect(clan.welcome_html).not.toContain('href="javascript');

      for (const payload of [
        {},
        { home_world: 'five' },
        { discord_url: 'ftp://x' },
        { founded: 'yesterday' },
        { colour: 'red' },
      ]) {
        const refused = await asAdmin({ method: 'PUT', url: '/api/admin/clan/profile', payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('stores the WOM verification code without ever sending it back', async () => {
      const stored = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/wom-code',
        payload: { code: '123-456-789' },
      });
      expect(stored.json()).toEqual({ wom_verification_code_set: true });
      const clan = await asAdmin({ method: 'GET', url: '/api/admin/clan' });
      expect(clan.json<AdminClan>().wom_verification_code_set).toBe(true);
      const audit = await asAdmin({ method: 'GET', url: '/api/admin/audit' });
      for (const body of [
        clan.body,
        audit.body,
        (await t.app.inject({ method: 'GET', url: '/api/clan' })).body,
      ]) {
        expect(body).not.toContain('123-456-789');
      }
      const removed = await asAdmin({
        method: 'PUT',
        url: '/api/admin/clan/wom-code',
        payload: { code: null },
      });
      expect(removed.json()).toEqual({ wom_verification_code_set: false });
    });

    it('keeps what the dashboard saved when the app starts again with other CLAN_* variables', async () => {
      const again = await createTestAppOn(t.database, {
        env: { CLAN_NAME: 'Somebody Else' },
        instanceId: 'second',
      });
      try {
        const clan = (await again.app.inject({ method: 'GET', url: '/api/clan' })).json<ClanProfile>();
        expect(clan.name).toBe('Iron Wolves');
        expect(clan.ranks).toEqual(TENURE_LADDER);
      } finally {
        await again.app.close();
      }
    });
  });
}
