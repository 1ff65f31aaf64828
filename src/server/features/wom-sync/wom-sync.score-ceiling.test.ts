import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_INT32 } from '#core/bounds/int32.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { findOpenSeason } from '../seasons/seasons.repository.ts';
import { recordEventResults, type EventResult } from './wom-sync.repository.ts';

const AT = '2026-11-21T12:00:00.000Z';

const award = (womId: string, points: number): EventResult => ({
  member_wom_id: womId,
  placement: 1,
  gained: 1000,
  points,
  won: true,
  reason: 'Won Skill of the Week',
});

for (const dialect of testDialects) {
  describe(`${dialect}: event awards at the score ceiling`, () => {
    let database: TestDatabase;

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('books no award that would take a score past 2,147,483,647, and books one that reaches it exactly', async () => {
      const { db } = database;
      for (const [womId, score] of [
        ['1', MAX_INT32 - 14],
        ['2', MAX_INT32 - 15],
      ] as const) {
        await db
          .insertInto('members')
          .values({ wom_id: womId, name: `M${womId}`, siege_score: score, created_at: AT, updated_at: AT })
          .execute();
      }
      const event = await db
        .insertInto('events')
        .values({ name: 'SOTW', start_date: AT, end_date: AT, manual: true, created_at: AT, updated_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow();

      const booked = await db.transaction().execute(async (trx) =>
        recordEventResults(trx, { id: event.id, winner_username: 'M1' }, [award('1', 15), award('2', 15)], {
          seasonId: (await findOpenSeason(trx)).id,
          now: AT,
        }),
      );

      expect(booked).toEqual(['2']);
      const scores = await db
        .selectFrom('members')
        .select(['wom_id', 'siege_score'])
        .orderBy('wom_id')
        .execute();
      expect(scores).toEqual([
        { wom_id: '1', siege_score: MAX_INT32 - 14 },
        { wom_id: '2', siege_score: MAX_INT32 },
      ]);
      const ledger = await db.selectFrom('points').select(['member_wom_id', 'amount']).execute();
      expect(ledger).toEqual([{ member_wom_id: '2', amount: 15 }]);
      // The placement is still on record; only the points were not booked.
      const results = await db
        .selectFrom('event_results')
        .select('member_wom_id')
        .orderBy('member_wom_id')
        .execute();
      expect(results.map((row) => row.member_wom_id)).toEqual(['1', '2']);
    });
  });
}
