import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_INT32 } from '#core/bounds/int32.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from './db/schema.ts';
import { claimCharacter, snapshotWith, storeSnapshot } from './features/goals/goals.testing.ts';

const ADDED = '2026-01-01T00:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return { wom_id: womId, name, womrole: 'opal', created_at: ADDED, updated_at: ADDED, ...extra };
}

const newMember = {
  wom_id: '5001',
  name: 'Fresh Recruit',
  wom_name: null,
  womrole: 'opal',
  title: null,
  join_date: '2026-11-20',
  current_lvl: 0,
  current_xp: 0,
  first_lvl: 0,
  first_xp: 0,
  ehb: 0,
  siege_score: 0,
};

/**
 * SQLite stores any integer and any text; PostgreSQL refuses a score past 2^31 - 1 and invalid
 * Unicode. Each case runs on both and must get the same answer: a 400 that says why, with nothing
 * written, or the same stored value.
 */
for (const dialect of testDialects) {
  describe(`${dialect}: both databases accept the same values`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const seed = (row: NewMemberRow) => t.database.db.insertInto('members').values(row).execute();
    const storedMember = (womId: string) =>
      t.database.db.selectFrom('members').selectAll().where('wom_id', '=', womId).executeTakeFirst();
    const ledgerAmounts = async (womId: string) =>
      (
        await t.database.db
          .selectFrom('points')
          .select('amount')
          .where('member_wom_id', '=', womId)
          .orderBy('id')
          .execute()
      ).map((row) => row.amount);
    /**
     * Sends a request that must be refused (as the admin unless `role` says otherwise) and checks that
     * it wrote nothing, bar the per-user limiter's count of the attempt.
     */
    async function refused(options: InjectOptions, role: 'admin' | 'user' = 'admin') {
      const before = await dumpTables(t.database.db);
      const response = await roles.as(role, options);
      const changed = changedTables(before, await dumpTables(t.database.db));
      expect(changed.filter((table) => table !== 'rate_limits')).toEqual([]);
      return response;
    }

    describe('siege scores stay within 0 to 2,147,483,647', () => {
      it('refuses points that would take a score past 2,147,483,647 with 400, leaving the score and ledger as they were', async () => {
        await seed(memberRow('1', 'Ceiling', { siege_score: MAX_INT32 - 10 }));
        const response = await refused({
          method: 'POST',
          url: '/api/admin/members/1/points',
          payload: { amount: 15 },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message:
            'Cannot add 15 points to Ceiling: their siege score is 2,147,483,637 and cannot go above 2,147,483,647',
        });
        expect((await storedMember('1'))?.siege_score).toBe(MAX_INT32 - 10);
      });

      it('adds points that bring a score to exactly 2,147,483,647', async () => {
        await seed(memberRow('1', 'Ceiling', { siege_score: MAX_INT32 - 10 }));
        const response = await asAdmin({
          method: 'POST',
          url: '/api/admin/members/1/points',
          payload: { amount: 10 },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ siege_score: MAX_INT32 });
        expect((await storedMember('1'))?.siege_score).toBe(MAX_INT32);
        expect(await ledgerAmounts('1')).toEqual([10]);
      });

      it('still answers 404 for points to a member who does not exist or was deleted', async () => {
        await seed(memberRow('2', 'Gone', { deleted_at: ADDED }));
        for (const womId of ['1', '2']) {
          const response = await refused({
            method: 'POST',
            url: `/api/admin/members/${womId}/points`,
            payload: { amount: 2 },
          });
          expect(response.statusCode).toBe(404);
        }
      });

      it('refuses a new or edited score of 2,147,483,648 with 400, writing nothing', async () => {
        await seed(memberRow('1', 'Alpha', { siege_score: 5 }));
        const created = await refused({
          method: 'POST',
          url: '/api/admin/members',
          payload: { ...newMember, siege_score: MAX_INT32 + 1 },
        });
        expect(created.statusCode).toBe(400);
        expect(created.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'siege_score: Must be at most 2,147,483,647',
        });
        const edited = await refused({
          method: 'PATCH',
          url: '/api/admin/members/1',
          payload: { siege_score: MAX_INT32 + 1, expected_updated_at: ADDED },
        });
        expect(edited.statusCode).toBe(400);
        expect(edited.json().message).toBe('siege_score: Must be at most 2,147,483,647');
        expect((await storedMember('1'))?.siege_score).toBe(5);
      });
    });

    describe('ranks are the clan ranks or none', () => {
      it('refuses a rank no one defines on the rank action, a new member and an edit, writing nothing', async () => {
        await seed(memberRow('1', 'Alpha', { womrole: 'opal' }));
        const rank = await refused({
          method: 'POST',
          url: '/api/admin/members/1/rank',
          payload: { role: 'Supreme Overlord' },
        });
        expect(rank.statusCode).toBe(400);
        expect(rank.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'role: Not a clan rank' });
        const created = await refused({
          method: 'POST',
          url: '/api/admin/members',
          payload: { ...newMember, womrole: 'emperor' },
        });
        expect(created.statusCode).toBe(400);
        expect(created.json().message).toBe('womrole: Not a clan rank');
        const edited = await refused({
          method: 'PATCH',
          url: '/api/admin/members/1',
          payload: { womrole: '<b>boss</b>', expected_updated_at: ADDED },
        });
        expect(edited.statusCode).toBe(400);
        expect(edited.json().message).toBe('womrole: Not a clan rank');
        expect((await storedMember('1'))?.womrole).toBe('opal');
      });

      it('sets a site rank as typed, a role only WOM has, or none', async () => {
        await seed(memberRow('1', 'Alpha', { womrole: 'opal' }));
        const rank = await asAdmin({
          method: 'POST',
          url: '/api/admin/members/1/rank',
          payload: { role: 'PvM Organizer' },
        });
        expect(rank.statusCode).toBe(200);
        expect((await storedMember('1'))?.womrole).toBe('pvm_organizer');
        const womOnly = await asAdmin({
          method: 'POST',
          url: '/api/admin/members/1/rank',
          payload: { role: 'maxed' },
        });
        expect(womOnly.statusCode).toBe(200);
        const updatedAt = womOnly.json<{ updated_at: string }>().updated_at;
        const none = await asAdmin({
          method: 'PATCH',
          url: '/api/admin/members/1',
          payload: { womrole: '', expected_updated_at: updatedAt },
        });
        expect(none.statusCode).toBe(200);
        expect((await storedMember('1'))?.womrole).toBeNull();
      });
    });

    describe('dates fall between the years 1990 and 2100', () => {
      const outside = (what: string) => `${what} must fall between the years 1990 and 2100`;

      it("refuses a member's join date in 1989 or 2101, and keeps one on either edge", async () => {
        await seed(memberRow('1', 'Alpha', { join_date: '2024-05-01' }));
        for (const joinDate of ['1989-12-31', '2101-01-01']) {
          const created = await refused({
            method: 'POST',
            url: '/api/admin/members',
            payload: { ...newMember, join_date: joinDate },
          });
          expect(created.statusCode, joinDate).toBe(400);
          expect(created.json()).toEqual({
            code: 'VALIDATION_ERROR',
            message: `join_date: ${outside('Join Date')}`,
          });
          const edited = await refused({
            method: 'PATCH',
            url: '/api/admin/members/1',
            payload: { join_date: joinDate, expected_updated_at: ADDED },
          });
          expect(edited.json().message, joinDate).toBe(`join_date: ${outside('Join Date')}`);
        }
        expect((await storedMember('1'))?.join_date).toBe('2024-05-01');
        for (const [index, joinDate] of ['1990-01-01', '2100-12-31'].entries()) {
          const womId = String(6000 + index);
          const created = await asAdmin({
            method: 'POST',
            url: '/api/admin/members',
            payload: { ...newMember, wom_id: womId, join_date: joinDate },
          });
          expect(created.statusCode, joinDate).toBe(201);
          expect((await storedMember(womId))?.join_date).toBe(joinDate);
        }
      });

      it("refuses an event starting in 1989 or ending in 2101 (in UTC), and keeps one on the range's edges", async () => {
        for (const dates of [
          { start_date: '1989-12-31T23:00:00Z', end_date: '1990-01-02T00:00:00Z' },
          { start_date: '2100-12-30T00:00:00Z', end_date: '2100-12-31T20:00:00-05:00' },
        ]) {
          const response = await refused({
            method: 'POST',
            url: '/api/admin/events',
            payload: { name: 'Out of time', ...dates },
          });
          expect(response.statusCode, dates.start_date).toBe(400);
          expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: outside('Event dates') });
        }
        const edges = await asAdmin({
          method: 'POST',
          url: '/api/admin/events',
          payload: { name: 'Long one', start_date: '1990-01-01', end_date: '2100-12-31T23:59:59Z' },
        });
        expect(edges.statusCode).toBe(201);
        const stored = await t.database.db
          .selectFrom('events')
          .select(['start_date', 'end_date'])
          .executeTakeFirstOrThrow();
        expect(stored).toEqual({
          start_date: '1990-01-01T00:00:00.000Z',
          end_date: '2100-12-31T23:59:59.000Z',
        });
      });

      it('refuses a claim code expiring after 2100, writing nothing', async () => {
        await seed(memberRow('1', 'Alpha'));
        const response = await refused({
          method: 'POST',
          url: '/api/admin/claim-codes',
          payload: { wom_id: '1', expires_at: '2101-01-01T00:00:00Z' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: `expires_at: ${outside('Expiry time')}`,
        });
      });

      it('refuses a race ending or a goal due after 2100, writing nothing', async () => {
        const race = await refused(
          {
            method: 'POST',
            url: '/api/races',
            payload: {
              title: 'Forever',
              end_date: '2101-01-01T00:00:00Z',
              participants: [{ wom_id: '1', metric: 'attack', target_value: 10 }],
            },
          },
          'user',
        );
        expect(race.statusCode).toBe(400);
        expect(race.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: `end_date: ${outside('End date')}`,
        });
        const goal = await refused(
          {
            method: 'POST',
            url: '/api/user-goals',
            payload: { wom_id: '1', metric: 'attack', mode: 'gain', value: 10, target_date: '2101-01-01' },
          },
          'user',
        );
        expect(goal.statusCode).toBe(400);
        expect(goal.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: `target_date: ${outside('Target date')}`,
        });
      });

      it('keeps no publication date outside those years from an imported watch list', async () => {
        await seed(memberRow('1', 'Iron Man', { wom_name: 'Iron Man' }));
        const response = await asAdmin({
          method: 'POST',
          url: '/api/admin/player-watch/import',
          payload: [{ accused_rsn: 'Iron Man', published_date: '0000-01-01' }],
        });
        expect(response.statusCode).toBe(200);
        const stored = await t.database.db
          .selectFrom('player_watch_cases')
          .select('published_date')
          .executeTakeFirstOrThrow();
        expect(stored.published_date).toBeNull();
      });
    });

    describe('goal and race targets are whole numbers a number holds exactly', () => {
      const tooLarge = 'Target value must be a whole number no larger than 9,007,199,254,740,991';

      it('refuses a goal whose gain would take its target past 9,007,199,254,740,991, writing nothing', async () => {
        await seed(memberRow('1', 'Alpha'));
        await claimCharacter(t, roles.userId, '1');
        await storeSnapshot(t, '1', snapshotWith({ skills: { attack: 13_034_431 } }));
        const response = await refused(
          {
            method: 'POST',
            url: '/api/user-goals',
            payload: { wom_id: '1', metric: 'attack', mode: 'gain', value: Number.MAX_SAFE_INTEGER - 1 },
          },
          'user',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: tooLarge });
      });

      it('refuses a race target of 2^53, writing nothing', async () => {
        const response = await refused(
          {
            method: 'POST',
            url: '/api/races',
            payload: {
              title: 'Far',
              participants: [{ wom_id: '1', metric: 'attack', target_value: 2 ** 53 }],
            },
          },
          'user',
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: `participants.0.target_value: ${tooLarge}`,
        });
      });
    });

    describe('text is valid Unicode', () => {
      const invalid = {
        code: 'VALIDATION_ERROR',
        message: 'body: text must be valid Unicode (no unpaired surrogates)',
      };

      it('refuses a name or title holding an unpaired surrogate with 400, rather than storing U+FFFD on one database', async () => {
        await seed(memberRow('1', 'Alpha', { title: 'Old' }));
        const created = await refused({
          method: 'POST',
          url: '/api/admin/members',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...newMember, name: 'Lone \ud800 half' }),
        });
        expect(created.statusCode).toBe(400);
        expect(created.json()).toEqual(invalid);
        expect(await storedMember('5001')).toBeUndefined();
        const edited = await refused({
          method: 'PATCH',
          url: '/api/admin/members/1',
          headers: { 'content-type': 'application/json' },
          payload: `{"title":"\\udc00","expected_updated_at":"${ADDED}"}`,
        });
        expect(edited.statusCode).toBe(400);
        expect(edited.json()).toEqual(invalid);
        expect((await storedMember('1'))?.title).toBe('Old');
      });

      it('stores a name with an emoji, a well-formed surrogate pair, the same on both', async () => {
        const created = await asAdmin({
          method: 'POST',
          url: '/api/admin/members',
          payload: { ...newMember, name: 'Wizard 🧙' },
        });
        expect(created.statusCode).toBe(201);
        expect((await storedMember('5001'))?.name).toBe('Wizard 🧙');
      });
    });
  });
}
