import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from '#core/members/members-import.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { IMPORT_LEDGER_REASON } from './members-import.service.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
const NOW = '2026-11-21T12:00:00.000Z';
const HEADER =
  'Name,WOM ID,WOM Name,Title,WOM Role,Current Level,Current XP,Initial Level,Initial XP,EHB,Siege Score,Join Date,Updated At';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'opal',
    wom_role_synced: 'opal',
    current_lvl: 1500,
    current_xp: 20_000_000,
    first_lvl: 1500,
    first_xp: 20_000_000,
    siege_score: 10,
    join_date: '2026-11-01',
    created_at: ADDED,
    updated_at: ADDED,
    ...extra,
  };
}

/** A row in the export's column order. */
const line = (cells: {
  name: string;
  womId?: string;
  title?: string;
  lvl?: string;
  xp?: string;
  score?: string;
  date?: string;
}) =>
  [
    cells.name,
    cells.womId ?? '',
    '',
    cells.title ?? '',
    'opal',
    '1500',
    '20000000',
    cells.lvl ?? '',
    cells.xp ?? '',
    '0',
    cells.score ?? '',
    cells.date ?? '',
    '2026-01-01',
  ].join(',');

const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

for (const dialect of testDialects) {
  describe(`${dialect}: importing a members CSV`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      for (const row of [
        memberRow('1', 'Alpha'),
        memberRow('2', 'Bravo', { baseline_source: 'admin' }),
        memberRow('3', 'Charlie'),
      ])
        await t.database.db.insertInto('members').values(row).execute();
    });
    afterEach(async () => t.close());

    const importCsv = (csv: string, dryRun: boolean, options: Partial<InjectOptions> = {}) =>
      roles.as('admin', {
        method: 'POST',
        url: '/api/admin/members/import',
        payload: { csv, dry_run: dryRun },
        ...options,
      });
    const member = (womId: string) =>
      t.database.db.selectFrom('members').selectAll().where('wom_id', '=', womId).executeTakeFirstOrThrow();

    const goodCsv = csvOf(
      line({
        name: 'Alpha',
        womId: '1',
        xp: '15000000',
        lvl: '1400',
        score: '25',
        date: '2024-06-12',
        title: 'Elder',
      }),
      line({ name: 'bravo', score: '7' }),
      line({ name: 'Charlie', womId: '3', xp: '20000000', score: '10' }),
    );

    it('previews what would change per member without writing anything', async () => {
      const before = await dumpTables(t.database.db);
      const response = await importCsv(goodCsv, true);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        changes: [
          {
            wom_id: '1',
            name: 'Alpha',
            fields: {
              first_lvl: [1500, 1400],
              first_xp: [20_000_000, 15_000_000],
              siege_score: [10, 25],
              join_date: ['2026-11-01', '2024-06-12'],
              title: [null, 'Elder'],
            },
          },
          { wom_id: '2', name: 'Bravo', fields: { siege_score: [10, 7] } },
        ],
        errors: [],
      });
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('applies every change at once: scores as ledger rows, imported baselines, one audit row', async () => {
      const response = await importCsv(goodCsv, false);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ changes: unknown[] }>().changes).toHaveLength(2);
      expect(await member('1')).toMatchObject({
        first_lvl: 1400,
        first_xp: 15_000_000,
        siege_score: 25,
        join_date: '2024-06-12',
        title: 'Elder',
        baseline_source: 'imported',
        updated_at: NOW,
      });
      // Only the score changed: the admin's baseline stays theirs.
      expect(await member('2')).toMatchObject({ siege_score: 7, baseline_source: 'admin' });
      expect(await member('3')).toMatchObject({ updated_at: ADDED, baseline_source: 'first_seen' });
      const ledger = await t.database.db
        .selectFrom('points')
        .select(['member_wom_id', 'amount', 'reason', 'actor_user_id'])
        .orderBy('member_wom_id')
        .execute();
      expect(ledger).toEqual([
        { member_wom_id: '1', amount: 15, reason: IMPORT_LEDGER_REASON, actor_user_id: roles.adminId },
        { member_wom_id: '2', amount: -3, reason: IMPORT_LEDGER_REASON, actor_user_id: roles.adminId },
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'member.import')
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.after ?? 'null')).toMatchObject({
        '1': { first_xp: 15_000_000 },
        '2': { siege_score: 7 },
      });
      const admin = await roles.as('admin', { method: 'GET', url: '/api/admin/members' });
      expect(admin.json<AdminMember[]>().find((m) => m.wom_id === '1')).toMatchObject({
        baseline_source: 'imported',
        clan_xp: 5_000_000,
      });
    });

    it('refuses the whole file with 422 and every problem by line when any row is bad, writing nothing', async () => {
      const before = await dumpTables(t.database.db);
      const response = await importCsv(
        csvOf(
          line({ name: 'Alpha', womId: '1', score: '99' }),
          line({ name: 'Nobody', score: '1' }),
          '"Multi\nline",3,,,opal,1500,20000000,,oops,0,,,',
        ),
        false,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: '2 problems in the CSV: nothing was imported',
        errors: [
          { line: 3, message: "No member is named 'Nobody'" },
          { line: 4, message: "Initial XP must be a number of 0 or more, not 'oops'" },
        ],
      });
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it("refuses a file without the export's columns, and files past the size and row bounds, with 4xx", async () => {
      const noColumns = await importCsv('Player,Points\r\nAlpha,5', true);
      expect(noColumns.statusCode).toBe(200);
      expect(noColumns.json()).toMatchObject({ errors: [{ line: 1 }] });

      const tooLarge = await importCsv('x'.repeat(MAX_IMPORT_CHARS + 1), true);
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json<{ message: string }>().message).toMatch(/larger than 512 KiB/);

      const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => 'A,1').join('\n');
      const tooMany = await importCsv(`Name,WOM ID\n${rows}`, true);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<{ message: string }>().message).toMatch(/more than 5,000 rows/);
    });

    it('refuses a visitor with 401 and a plain user with 403, writing nothing', async () => {
      const before = await dumpTables(t.database.db);
      const request = {
        method: 'POST' as const,
        url: '/api/admin/members/import',
        payload: { csv: goodCsv, dry_run: false },
      };
      expect((await t.app.inject(request)).statusCode).toBe(401);
      expect((await roles.as('user', request)).statusCode).toBe(403);
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });
  });
}
