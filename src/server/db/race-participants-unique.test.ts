import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { insertUser } from '../features/users/users.repository.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';

const UNIQUE_PARTICIPANTS = '2026_12_04_1500_race_participants_unique';
const AT = '2026-12-01T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: races saved with a character listed more than once`, () => {
    let database: TestDatabase;
    let raceId: number;

    const participant = (womId: string, metric: string) => ({
      race_id: raceId,
      wom_id: womId,
      player_name: `Player ${womId}`,
      metric,
      start_value: 0,
      current_value: 10,
      target_value: 100,
    });

    beforeEach(async () => {
      database = await createEmptyTestDatabase(dialect);
      const names = Object.keys(migrations);
      await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(
        names[names.indexOf(UNIQUE_PARTICIPANTS) - 1]!,
      );
      const user = await insertUser(database.db, {
        username: 'racer',
        password_hash: 'x',
        is_admin: false,
        join_date: '2026-12-01',
        created_at: AT,
        updated_at: AT,
      });
      ({ id: raceId } = await database.db
        .insertInto('races')
        .values({ creator_id: user.id, title: 'Copies', public: true, created_at: AT, updated_at: AT })
        .returning('id')
        .executeTakeFirstOrThrow());
      // As the old service saved them: the same character three times on attack, once on another metric.
      const ids = [];
      for (const row of [
        participant('7', 'attack'),
        participant('7', 'attack'),
        participant('8', 'attack'),
        participant('7', 'attack'),
        participant('7', 'zulrah'),
      ]) {
        ids.push(
          (
            await database.db
              .insertInto('race_participants')
              .values(row)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      await database.db
        .insertInto('race_progress')
        .values(ids.map((id) => ({ participant_id: id, value: 10, recorded_at: AT })))
        .execute();
    });
    afterEach(async () => database.destroy());

    it('keeps the first entry of each character and metric, with its progress, and refuses a new copy', async () => {
      await migrateToLatest(database);
      const left = await database.db
        .selectFrom('race_participants')
        .select(['id', 'wom_id', 'metric'])
        .orderBy('id')
        .execute();
      expect(left.map((row) => [row.wom_id, row.metric])).toEqual([
        ['7', 'attack'],
        ['8', 'attack'],
        ['7', 'zulrah'],
      ]);
      const progress = await database.db.selectFrom('race_progress').select('participant_id').execute();
      expect(progress.map((row) => row.participant_id).sort()).toEqual(left.map((row) => row.id).sort());

      await expect(
        database.db.insertInto('race_participants').values(participant('8', 'attack')).execute(),
      ).rejects.toThrow();
      await database.db.insertInto('race_participants').values(participant('8', 'zulrah')).execute();
    });
  });
}
