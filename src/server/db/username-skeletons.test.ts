import { Migrator, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#core/auth/auth.schema.ts';
import { confusableSkeleton } from '#core/auth/confusables.ts';
import { createTestAppOn, TEST_PASSWORD, type TestApp } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects } from '#test/databases.ts';
import { hashPassword } from '../features/users/passwords.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';

const SKELETONS = '2026_11_28_1100_username_skeletons';
const RECOMPUTE = '2026_12_04_1100_recompute_username_skeletons';
const KEYS = '2026_12_04_1100_username_keys';
const NOW = '2026-11-21T12:00:00.000Z';

/** The users table as older migrations left it: only the columns an older account had. */
type OlderUsers = {
  users: {
    username: string;
    username_skeleton?: string | null;
    password_hash: string;
    is_admin: boolean;
    join_date: string;
    created_at: string;
    updated_at: string;
  };
};

/**
 * An app on a database that held these accounts just before the named migration ran, migrated to
 * the latest since; `admin` is an admin.
 */
async function appWithAccountsBefore(
  dialect: (typeof testDialects)[number],
  migration: string,
  accounts: ReadonlyArray<{ username: string; username_skeleton?: string }>,
): Promise<TestApp> {
  const database = await createEmptyTestDatabase(dialect);
  const names = Object.keys(migrations);
  const before = names[names.indexOf(migration) - 1]!;
  await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(
    before,
  );
  const older = database.db as unknown as Kysely<OlderUsers>;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const account of accounts) {
    await older
      .insertInto('users')
      .values({
        ...account,
        password_hash: passwordHash,
        is_admin: account.username === 'admin',
        join_date: NOW.slice(0, 10),
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  }
  await migrateToLatest(database);
  return createTestAppOn(database);
}

/** Each account's name and stored skeleton, in the order they joined. */
const storedSkeletons = (t: TestApp) =>
  t.database.db.selectFrom('users').select(['username', 'username_skeleton']).orderBy('id').execute();

/** Accounts registered before names had rules, in the order they joined. */
const LEGACY_NAMES = ['admin', '\u0430dmin', 'admin\u200b', '<b>x</b>', 'zezima'];

for (const dialect of testDialects) {
  describe(`${dialect}: usernames stored before the look-alike rules`, () => {
    let t: TestApp;

    beforeEach(async () => {
      t = await appWithAccountsBefore(
        dialect,
        SKELETONS,
        LEGACY_NAMES.map((username) => ({ username })),
      );
    });
    afterEach(async () => t.close());

    const login = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: TEST_PASSWORD },
      });

    it('gives each older name its skeleton, the oldest of a look-alike group only', async () => {
      expect(await storedSkeletons(t)).toEqual([
        { username: 'admin', username_skeleton: confusableSkeleton('admin') },
        { username: '\u0430dmin', username_skeleton: null },
        { username: 'admin\u200b', username_skeleton: null },
        { username: '<b>x</b>', username_skeleton: confusableSkeleton('<b>x</b>') },
        { username: 'zezima', username_skeleton: confusableSkeleton('zezima') },
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

/**
 * Accounts stored under the hand-made fold, with the skeletons it gave them: it let through the
 * look-alikes of issue 29 (`ƅoss` beside `boss`, `adm1n` beside `admin`).
 */
const HAND_FOLDED: ReadonlyArray<readonly [string, string]> = [
  ['admin', 'admin'],
  ['boss', 'boss'],
  ['\u0185oss', '\u0185oss'],
  ['adm1n', 'admln'],
  ['\u1d00dmin', '\u1d00dmin'],
  ['zezima', 'zezima'],
];

for (const dialect of testDialects) {
  describe(`${dialect}: skeletons computed again with Unicode's confusables`, () => {
    let t: TestApp;

    beforeEach(async () => {
      t = await appWithAccountsBefore(
        dialect,
        RECOMPUTE,
        HAND_FOLDED.map(([username, skeleton]) => ({ username, username_skeleton: skeleton })),
      );
    });
    afterEach(async () => t.close());

    it('gives the oldest of each look-alike group the new skeleton and the later ones none', async () => {
      expect(await storedSkeletons(t)).toEqual([
        { username: 'admin', username_skeleton: confusableSkeleton('admin') },
        { username: 'boss', username_skeleton: confusableSkeleton('boss') },
        { username: '\u0185oss', username_skeleton: null },
        { username: 'adm1n', username_skeleton: null },
        { username: '\u1d00dmin', username_skeleton: null },
        { username: 'zezima', username_skeleton: confusableSkeleton('zezima') },
      ]);
    });

    it('keeps every look-alike account signing in, and refuses a new look-alike of any of them', async () => {
      for (const [username] of HAND_FOLDED) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: TEST_PASSWORD },
        });
        expect(response.statusCode, JSON.stringify(username)).toBe(200);
      }
      for (const username of ['b0ss', 'b\u1d0fss', 'ADMlN']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username, password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
        });
        expect(response.statusCode, username).toBe(409);
        expect(response.json().message).toBe(ACCOUNT_MESSAGES.usernameTaken);
      }
    });
  });
}

for (const dialect of testDialects) {
  describe(`${dialect}: usernames stored lower-cased before names kept their case`, () => {
    let t: TestApp;

    beforeEach(async () => {
      // How registration stored names then: trimmed and lower-cased, NFKC only later.
      t = await appWithAccountsBefore(
        dialect,
        KEYS,
        ['zezima', '\uff5a\uff45\uff5a\uff49\uff4d\uff41', 'lynx'].map((username) => ({ username })),
      );
    });
    afterEach(async () => t.close());

    const login = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: TEST_PASSWORD },
      });

    it('keeps each name as stored, with its key, and signs each in under any case', async () => {
      expect(
        await t.database.db.selectFrom('users').select(['username', 'username_key']).orderBy('id').execute(),
      ).toEqual([
        { username: 'zezima', username_key: 'zezima' },
        {
          username: '\uff5a\uff45\uff5a\uff49\uff4d\uff41',
          username_key: '\uff5a\uff45\uff5a\uff49\uff4d\uff41',
        },
        { username: 'lynx', username_key: 'lynx' },
      ]);
      for (const [typed, stored] of [
        ['ZeZima', 'zezima'],
        [' \uff3a\uff25\uff3a\uff29\uff2d\uff21 ', '\uff5a\uff45\uff5a\uff49\uff4d\uff41'],
        ['LYNX', 'lynx'],
      ]) {
        const response = await login(typed!);
        expect(response.statusCode, typed).toBe(200);
        expect(response.json().user.username).toBe(stored);
      }
    });

    it('refuses a new name that differs from an older one only by case', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'Lynx', password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.usernameTaken);
    });
  });
}
