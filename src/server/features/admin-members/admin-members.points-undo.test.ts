import type { InjectOptions } from 'fastify';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_UNDO_MESSAGES, type PointsHistory } from '#core/members/points-history.ts';
import { createTestApp, createTestAppOn, type TestApp } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { migrations } from '../../db/migrations/index.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
const POINTS_UNDO = '2026_12_04_1400_points_undo';

function memberRow(womId: string, name: string, siegeScore = 0): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'opal',
    wom_role_synced: 'opal',
    siege_score: siegeScore,
    created_at: ADDED,
    updated_at: ADDED,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: an award's reason and its undo`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterAll(async () => t.close());

    /** Each test has members of its own, so one app serves the file. */
    const seed = async (...rows: NewMemberRow[]) => {
      for (const row of rows) await t.database.db.insertInto('members').values(row).execute();
    };
    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const award = (womId: string, payload: object) =>
      asAdmin({ method: 'POST', url: `/api/admin/members/${womId}/points`, payload });
    const undo = (womId: string, pointId: number) =>
      asAdmin({ method: 'POST', url: `/api/admin/members/${womId}/points/${pointId}/undo` });
    const history = async (womId: string) => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/members/${womId}/points` });
      expect(response.statusCode).toBe(200);
      return response.json<PointsHistory>().items;
    };
    const score = async (womId: string) =>
      (
        await t.database.db
          .selectFrom('members')
          .select('siege_score')
          .where('wom_id', '=', womId)
          .executeTakeFirstOrThrow()
      ).siege_score;
    const audit = async (action: string, womId: string) =>
      (
        await t.database.db
          .selectFrom('audit_log')
          .select(['actor_user_id', 'before', 'after'])
          .where('action', '=', action)
          .where('target_id', '=', womId)
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, before: readJson(row.before), after: readJson(row.after) }));

    it('books an award with the reason given, trimmed, shows it in the history and audits it', async () => {
      await seed(memberRow('101', 'Raider'));
      const response = await award('101', { amount: 5, reason: '  Carried the raid  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ wom_id: '101', siege_score: 5 });
      const [entry] = await history('101');
      expect(entry).toMatchObject({
        amount: 5,
        reason: 'Carried the raid',
        actor: { id: roles.adminId, username: 'boss' },
        kind: 'award',
        reverses_id: null,
        undone_at: null,
        undoable: true,
      });
      expect(await audit('member.points', '101')).toEqual([
        {
          actor_user_id: roles.adminId,
          before: { siege_score: 0 },
          after: { siege_score: 5, amount: 5, reason: 'Carried the raid' },
        },
      ]);
    });

    it('reads an award without a reason, or with a blank one, as added by an admin', async () => {
      await seed(memberRow('102', 'Quiet'));
      expect((await award('102', { amount: 2 })).statusCode).toBe(200);
      expect((await award('102', { amount: 10, reason: '   ' })).statusCode).toBe(200);
      expect((await history('102')).map((entry) => [entry.amount, entry.reason])).toEqual([
        [10, 'Added by admin'],
        [2, 'Added by admin'],
      ]);
    });

    it('refuses a reason over 200 characters with a clear 400 and writes nothing', async () => {
      await seed(memberRow('103', 'Verbose'));
      const before = await dumpTables(t.database.db);
      const response = await award('103', { amount: 5, reason: 'x'.repeat(201) });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('at most 200 characters');
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
      expect((await award('103', { amount: 5, reason: 'x'.repeat(200) })).statusCode).toBe(200);
    });

    it('undoes an award with a reversing row linked to it, audited, and the score goes back', async () => {
      await seed(memberRow('104', 'Lucky', 3));
      await award('104', { amount: 15, reason: 'Won the bingo' });
      const [given] = await history('104');
      t.clock.advance(60_000);
      const response = await undo('104', given!.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ wom_id: '104', siege_score: 3 });
      expect(await score('104')).toBe(3);

      const [reversal, original] = await history('104');
      expect(reversal).toMatchObject({
        amount: -15,
        reason: 'Undone: Won the bingo',
        actor: { username: 'boss' },
        kind: 'undo',
        reverses_id: given!.id,
        undoable: false,
      });
      expect(original).toMatchObject({
        id: given!.id,
        amount: 15,
        undone_at: reversal!.created_at,
        undoable: false,
      });
      expect(await audit('member.points_undo', '104')).toEqual([
        {
          actor_user_id: roles.adminId,
          before: { siege_score: 18 },
          after: { siege_score: 3, amount: -15, undone_id: given!.id, reason: 'Won the bingo' },
        },
      ]);
    });

    it('refuses to undo an award twice, or an undo, with 409 and writes nothing', async () => {
      await seed(memberRow('105', 'Twice'));
      await award('105', { amount: 5 });
      const [given] = await history('105');
      expect((await undo('105', given!.id)).statusCode).toBe(200);
      const [reversal] = await history('105');
      const before = await dumpTables(t.database.db);
      const again = await undo('105', given!.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: POINTS_UNDO_MESSAGES.alreadyUndone });
      const ofUndo = await undo('105', reversal!.id);
      expect(ofUndo.statusCode).toBe(409);
      expect(ofUndo.json()).toEqual({ code: 'CONFLICT', message: POINTS_UNDO_MESSAGES.notAward });
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('undoes an award once when two admins undo it at the same time', async () => {
      await seed(memberRow('106', 'Raced', 1));
      await award('106', { amount: 10 });
      const [given] = await history('106');
      const answers = await Promise.all([undo('106', given!.id), undo('106', given!.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await score('106')).toBe(1);
      expect((await history('106')).filter((entry) => entry.kind === 'undo')).toHaveLength(1);
      expect(await audit('member.points_undo', '106')).toHaveLength(1);
    });

    it("refuses what is not an award, another member's entry, and a score that would fall below 0", async () => {
      await seed(memberRow('107', 'Edited'), memberRow('108', 'Other'));
      await award('107', { amount: 5 });
      const member = await asAdmin({ method: 'GET', url: '/api/admin/members' });
      const edited = member
        .json<Array<{ wom_id: string; updated_at: string }>>()
        .find((m) => m.wom_id === '107')!;
      // The edit books an adjustment of -3: the score 2 cannot give back the award's 5.
      const patch = await asAdmin({
        method: 'PATCH',
        url: '/api/admin/members/107',
        payload: { siege_score: 2, expected_updated_at: edited.updated_at },
      });
      expect(patch.statusCode).toBe(200);
      const [adjusted, given] = await history('107');
      expect(adjusted).toMatchObject({ reason: 'Adjusted by admin', kind: null, undoable: false });

      const before = await dumpTables(t.database.db);
      const notAward = await undo('107', adjusted!.id);
      expect(notAward.statusCode).toBe(409);
      expect(notAward.json<{ message: string }>().message).toBe(POINTS_UNDO_MESSAGES.notAward);
      const belowZero = await undo('107', given!.id);
      expect(belowZero.statusCode).toBe(409);
      expect(belowZero.json<{ message: string }>().message).toBe(POINTS_UNDO_MESSAGES.belowZero('Edited'));
      const elsewhere = await undo('108', given!.id);
      expect(elsewhere.statusCode).toBe(404);
      expect((await undo('107', 2_147_483_647)).statusCode).toBe(404);
      expect((await undo('107', 0)).statusCode).toBe(400);
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('refuses to undo an award of a season closed since, and one of a deleted member', async () => {
      await seed(memberRow('109', 'Reset'), memberRow('110', 'Removed'));
      await award('109', { amount: 5 });
      await award('110', { amount: 5 });
      const [closed] = await history('109');
      const [removed] = await history('110');
      expect((await asAdmin({ method: 'DELETE', url: '/api/admin/members/110' })).statusCode).toBe(204);
      const reset = await asAdmin({
        method: 'POST',
        url: '/api/admin/siege-scores/reset',
        payload: { confirmation: 'RESET ALL SCORES' },
      });
      expect(reset.statusCode).toBe(200);
      const before = await dumpTables(t.database.db);
      const answer = await undo('109', closed!.id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json<{ message: string }>().message).toBe(POINTS_UNDO_MESSAGES.closedSeason);
      expect((await undo('110', removed!.id)).statusCode).toBe(404);
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('answers 401 to a visitor and 403 to a plain user', async () => {
      const url = '/api/admin/members/101/points/1/undo';
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      expect((await roles.as('user', { method: 'POST', url })).statusCode).toBe(403);
    });
  });

  describe(`${dialect}: awards booked before awards could be undone`, () => {
    let t: TestApp;

    beforeAll(async () => {
      const database = await createEmptyTestDatabase(dialect);
      const names = Object.keys(migrations);
      const before = names[names.indexOf(POINTS_UNDO) - 1]!;
      await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(
        before,
      );
      await database.db
        .insertInto('members')
        .values(memberRow('201', 'Veteran', 12))
        .execute();
      const season = await database.db.selectFrom('seasons').select('id').executeTakeFirstOrThrow();
      for (const [amount, reason] of [
        [5, 'Added by admin'],
        [7, 'Adjusted by admin'],
      ] as const) {
        await database.db
          .insertInto('points')
          .values({
            member_wom_id: '201',
            season_id: season.id,
            amount,
            reason,
            event_id: null,
            actor_user_id: null,
            created_at: ADDED,
          })
          .execute();
      }
      await migrateToLatest(database);
      t = await createTestAppOn(database);
    });
    afterAll(async () => t.close());

    it('can undo what the points buttons gave, and nothing else', async () => {
      const roles = await signInRoles(t);
      const items = (
        await roles.as('admin', { method: 'GET', url: '/api/admin/members/201/points' })
      ).json<PointsHistory>().items;
      const byReason = new Map(items.map((entry) => [entry.reason, entry]));
      expect(byReason.get('Added by admin')).toMatchObject({ kind: 'award', undoable: true });
      expect(byReason.get('Adjusted by admin')).toMatchObject({ kind: null, undoable: false });
      const answer = await roles.as('admin', {
        method: 'POST',
        url: `/api/admin/members/201/points/${byReason.get('Added by admin')!.id}/undo`,
      });
      expect(answer.json()).toMatchObject({ siege_score: 7 });
    });
  });
}
