import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'ruby',
    wom_role_synced: 'ruby',
    current_xp: 101_000_000,
    first_xp: 100_000_000,
    join_date: '2024-06-12',
    created_at: ADDED,
    updated_at: ADDED,
    ...extra,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: where a member's baseline came from`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const seed = async (...rows: NewMemberRow[]) => {
      for (const row of rows) await t.database.db.insertInto('members').values(row).execute();
    };
    const adminMembers = async () => {
      const response = await roles.as('admin', { method: 'GET', url: '/api/admin/members' });
      expect(response.statusCode).toBe(200);
      return new Map(response.json<AdminMember[]>().map((member) => [member.wom_id, member]));
    };

    it('reports a stored member as first seen, and proposes no gem demotion from that baseline', async () => {
      await seed(memberRow('1', 'New Here'));
      const member = (await adminMembers()).get('1');
      expect(member).toMatchObject({
        baseline_source: 'first_seen',
        calculated_rank: 'opal',
        role_mismatch: false,
        rank_proposal: null,
      });
    });

    it('proposes the demotion with its basis once the baseline says when the member joined', async () => {
      await seed(memberRow('1', 'Old Timer', { baseline_source: 'imported' }));
      expect((await adminMembers()).get('1')).toMatchObject({
        baseline_source: 'imported',
        role_mismatch: true,
        rank_proposal: { rank: 'opal', direction: 'demotion', basis: 'XP gained 1.0M since 12 Jun 2024' },
      });
    });

    it("makes the baseline the admin's when they edit initial XP or level, and audits the change", async () => {
      await seed(memberRow('1', 'Edited'), memberRow('2', 'Renamed'));
      const edit = (womId: string, payload: Record<string, unknown>) =>
        roles.as('admin', {
          method: 'PATCH',
          url: `/api/admin/members/${womId}`,
          payload: { ...payload, expected_updated_at: ADDED },
        });
      expect((await edit('1', { first_xp: 60_000_000 })).json()).toMatchObject({
        baseline_source: 'admin',
        rank_proposal: {
          rank: 'diamond',
          direction: 'promotion',
          basis: 'XP gained 41.0M since 12 Jun 2024',
        },
      });
      // A change that leaves the baseline alone leaves its source alone.
      expect((await edit('2', { name: 'Renamed Again' })).json()).toMatchObject({
        baseline_source: 'first_seen',
      });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'member.update')
        .where('target_id', '=', '1')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before ?? 'null')).toEqual({
        first_xp: 100_000_000,
        baseline_source: 'first_seen',
      });
      expect(JSON.parse(audit.after ?? 'null')).toEqual({ first_xp: 60_000_000, baseline_source: 'admin' });
    });

    it("takes a member added by hand as the admin's baseline", async () => {
      const response = await roles.as('admin', {
        method: 'POST',
        url: '/api/admin/members',
        payload: {
          wom_id: '5001',
          name: 'Fresh Recruit',
          wom_name: null,
          womrole: 'opal',
          title: null,
          join_date: '2026-11-20',
          current_lvl: 1500,
          current_xp: 2_000_000,
          first_lvl: 1500,
          first_xp: 2_000_000,
          ehb: 0,
          siege_score: 0,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ baseline_source: 'admin' });
    });
  });
}
