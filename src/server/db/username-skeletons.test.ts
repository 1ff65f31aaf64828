import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#core/auth/auth.schema.ts';
import { createTestAppOn, TEST_PASSWORD, type TestApp } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects } from '#test/databases.ts';
import { hashPassword } from '../features/users/passwords.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';

const SKELETONS = '2026_11_28_1100_username_skeletons';
const NOW = '2026-11-21T12:00:00.000Z';

/** Accounts registered before names had rules, in the order they joined. */
const LEGACY_NAMES = ['admin', '\u0430dmin', 'admin\u200b', '<b>x</b>', 'zezima'];

for (const dialect of testDialects) {
  describe(`${dialect}: usernames stored before the look-alike rules`, () => {
    let t: TestApp;

    beforeEach(async () => {
      const database = await createEmptyTestDatabase(dialect);
      const names = Object.keys(migrations);
      const before = names[names.indexOf(SKELETONS) - 1]!;
      await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(
        before,
      );
      const passwordHash = await hashPassword(TEST_PASSWORD);
      for (const username of LEGACY_NAMES) {
        await database.db
          .insertInto('users')
          .values({
            username,
            password_hash: passwordHash,
            is_admin: username === 'admin',
            join_date: NOW.slice(0, 10),
            created_at: NOW,
            updated_at: NOW,
          })
          .execute();
      }
      await migrateToLatest(database);
      t = await createTestAppOn(database);
    });
    afterEach(async () => t.close());

    const login = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: TEST_PASSWORD },
      });

    it('gives each older name its skeleton, the oldest of a look-alike group only', async () => {
      const rows = await t.database.db
        .selectFrom('users')
        .select(['username', 'username_skeleton'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { username: 'admin', username_skeleton: 'admin' },
        { username: '\u0430dmin', username_skeleton: null },
        { username: 'admin\u200b', username_skeleton: null },
        { username: '<b>x</b>', username_skeleton: '<b>x</b>' },
        { username: 'zezima', username_skeleton: 'zezima' },
      ]);
    });

    it('keeps every older account signing in under its stored name, however it is cased', async () => {
      for (const username of LEGACY_NAMES) {
        const response = await login(` ${username.toUpperCase()} `);
        expect(response.statusCode, JSON.stringify(username)).toBe(200);
        expect(response.json().user.username).toBe(username);
      }
    });

    it('still refuses a new look-alike of a name whose skeleton an older account holds', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: '\u0251dmin', password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.usernameTaken);
    });
  });
}
