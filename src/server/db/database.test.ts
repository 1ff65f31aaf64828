import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from './client.ts';
import {
  createEmptyTestDatabase,
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from '#test/databases.ts';
import { ConflictError, MissingReferenceError, withConstraintErrors } from './errors.ts';
import { currentMigration, migrateToLatest } from './migrator.ts';
import { readJson, toBool, writeJson } from './values.ts';

const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(womId: string, overrides: Record<string, unknown> = {}) {
  return {
    wom_id: womId,
    name: `Player ${womId}`,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: migrations`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createEmptyTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('creates every table of the data model and reports the migration level', async () => {
      expect(await currentMigration(database)).toBeNull();
      await migrateToLatest(database);
      expect(await currentMigration(database)).toBe('2026_12_07_0900_discord_home');
      for (const table of [
        'users',
        'sessions',
        'audit_log',
        'members',
        'seasons',
        'events',
        'event_results',
        'points',
        'claim_codes',
        'player_claims',
        'claim_requests',
        'password_resets',
        'user_goals',
        'races',
        'race_participants',
        'goal_progress',
        'race_progress',
        'member_stats',
        'wom_cache',
        'achievements',
        'player_watch_cases',
        'sync_runs',
        'job_leases',
        'rate_limits',
        'member_returns',
      ] as const) {
        await expect(database.db.selectFrom(table).selectAll().execute()).resolves.toEqual(expect.any(Array));
      }
    });

    it('does nothing when migrated twice', async () => {
      await migrateToLatest(database);
      expect(await migrateToLatest(database)).toEqual([]);
    });

    it('opens one season so points always have a season to go to', async () => {
      await migrateToLatest(database);
      const seasons = await database.db.selectFrom('seasons').selectAll().execute();
      expect(seasons).toHaveLength(1);
      expect(toBool(seasons[0]!.is_open)).toBe(true);
    });
  });

  describe(`${dialect}: stored values`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('reads back every column type as written, 64-bit XP included', async () => {
      const xp = 4_600_000_000; // 23 skills at 200M: far past 2^31
      await database.db
        .insertInto('members')
        .values(
          memberRow('1001', {
            current_xp: xp,
            first_xp: 2_147_483_648,
            current_lvl: 2277,
            ehb: 1234.56,
            hidden: true,
            alt: false,
            join_date: '2022-04-23',
            left_at: '2026-11-20T08:30:15.250Z',
            runewatch_case: writeJson({ reason: 'Scamming', evidence_rating: 3, tags: ['a'] }),
          }),
        )
        .execute();
      const row = await database.db
        .selectFrom('members')
        .selectAll()
        .where('wom_id', '=', '1001')
        .executeTakeFirstOrThrow();
      expect(row.current_xp).toBe(xp);
      expect(row.first_xp).toBe(2_147_483_648);
      expect(row.current_lvl).toBe(2277);
      expect(row.ehb).toBeCloseTo(1234.56);
      expect(toBool(row.hidden)).toBe(true);
      expect(toBool(row.alt)).toBe(false);
      expect(toBool(row.not_in_wom)).toBe(false);
      expect(row.join_date).toBe('2022-04-23');
      expect(row.left_at).toBe('2026-11-20T08:30:15.250Z');
      expect(row.created_at).toBe(NOW);
      expect(readJson(row.runewatch_case)).toEqual({ reason: 'Scamming', evidence_rating: 3, tags: ['a'] });
      expect(row.deleted_at).toBeNull();
    });

    it('filters on booleans the same way on both engines', async () => {
      await database.db
        .insertInto('members')
        .values([memberRow('1', { hidden: true }), memberRow('2', { hidden: false })])
        .execute();
      const visible = await database.db
        .selectFrom('members')
        .select('wom_id')
        .where('hidden', '=', false)
        .execute();
      expect(visible.map((m) => m.wom_id)).toEqual(['2']);
    });

    it('raises a ConflictError when a character is claimed twice', async () => {
      const now = NOW;
      await database.db.insertInto('members').values(memberRow('42')).execute();
      const users = await database.db
        .insertInto('users')
        .values([
          { username: 'ann', password_hash: 'x', created_at: now, updated_at: now },
          { username: 'bob', password_hash: 'x', created_at: now, updated_at: now },
        ])
        .returning('id')
        .execute();
      await database.db
        .insertInto('player_claims')
        .values({ user_id: users[0]!.id, wom_id: '42', claimed_at: now })
        .execute();
      await expect(
        withConstraintErrors(() =>
          database.db
            .insertInto('player_claims')
            .values({ user_id: users[1]!.id, wom_id: '42', claimed_at: now })
            .execute(),
        ),
      ).rejects.toBeInstanceOf(ConflictError);
    });

    it('refuses to award the same event to a member twice', async () => {
      await database.db.insertInto('members').values(memberRow('7')).execute();
      const event = await database.db
        .insertInto('events')
        .values({ name: 'SOTW', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const season = await database.db.selectFrom('seasons').select('id').executeTakeFirstOrThrow();
      const award = {
        member_wom_id: '7',
        season_id: season.id,
        amount: 15,
        reason: 'SOTW 1st place',
        event_id: event.id,
        created_at: NOW,
      };
      await database.db.insertInto('points').values(award).execute();
      await expect(
        withConstraintErrors(() => database.db.insertInto('points').values(award).execute()),
      ).rejects.toBeInstanceOf(ConflictError);
      // Manual awards have no event and may repeat.
      const manual = { ...award, event_id: null, amount: 5, reason: 'Manual award' };
      await database.db.insertInto('points').values([manual, manual]).execute();
      const total = await database.db.selectFrom('points').select('id').execute();
      expect(total).toHaveLength(3);
    });

    it('raises a MissingReferenceError for a claim on a member that does not exist', async () => {
      const user = await database.db
        .insertInto('users')
        .values({ username: 'cat', password_hash: 'x', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        withConstraintErrors(() =>
          database.db
            .insertInto('player_claims')
            .values({ user_id: user.id, wom_id: 'nobody', claimed_at: NOW })
            .execute(),
        ),
      ).rejects.toBeInstanceOf(MissingReferenceError);
    });

    it('keeps at most one open season', async () => {
      await expect(
        withConstraintErrors(() =>
          database.db
            .insertInto('seasons')
            .values({ name: 'Season 2', is_open: true, started_at: NOW })
            .execute(),
        ),
      ).rejects.toBeInstanceOf(ConflictError);
    });

    it('rejects a claim request status outside pending, approved and denied', async () => {
      await database.db.insertInto('members').values(memberRow('9')).execute();
      const user = await database.db
        .insertInto('users')
        .values({ username: 'dan', password_hash: 'x', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        database.db
          .insertInto('claim_requests')
          .values({
            user_id: user.id,
            wom_id: '9',
            rsn: 'Nine',
            status: 'maybe' as 'pending',
            created_at: NOW,
          })
          .execute(),
      ).rejects.toThrow();
    });
  });
}

describe('postgres: connection pool', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(async () => database.destroy());

  it('replaces a connection that the server ended while it was idle, without crashing', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const other = openPostgres(database.url);
    try {
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.db);
    } finally {
      await other.close();
    }
    // Give the ended connection's error time to arrive before the pool is used again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });

  it('has closed every connection by the time close() resolves', async () => {
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
    const probe = openPostgres(database.url);
    const name = new URL(database.url).pathname.slice(1);
    try {
      await database.close();
      const { rows } = await sql<{ open: number }>`
        select count(*)::int as open from pg_stat_activity
        where datname = ${name} and pid <> pg_backend_pid()`.execute(probe.db);
      expect(rows).toEqual([{ open: 0 }]);
    } finally {
      await probe.close();
    }
  });
});
