import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { login } from '../features/auth/auth.service.ts';
import { runAdminCommand, UsageError } from './admin-command.ts';

const run = promisify(execFile);

for (const dialect of testDialects) {
  describe(`${dialect}: npm run admin`, () => {
    let database: TestDatabase;
    const clock = createManualClock();
    const deps = () => ({ db: database.db, clock });
    const canLogIn = async (username: string, password: string) =>
      login({ ...deps(), sessionTtlDays: 1 }, { username, password }).then(
        (session) => session.user,
        () => null,
      );

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('creates an admin with a generated password it prints once', async () => {
      const output = await runAdminCommand(deps(), ['create', 'Leader']);
      const password = /Password: (\S+)/.exec(output)?.[1];
      expect(output).toContain('Created admin "Leader"');
      expect(password).toBeDefined();
      expect(await canLogIn('leader', password!)).toMatchObject({ is_admin: true });
    });

    it("refuses to create a user whose name is taken with 'Username already taken'", async () => {
      await runAdminCommand(deps(), ['create', 'leader', '--password', 'first-pass']);
      await expect(
        runAdminCommand(deps(), ['create', 'LEADER', '--password', 'second-pass']),
      ).rejects.toThrow('Username already taken');
      expect(await canLogIn('leader', 'first-pass')).not.toBeNull();
    });

    it('creates an admin named after a reserved word as spelled, but none of its look-alikes', async () => {
      expect(await runAdminCommand(deps(), ['create', 'Admin', '--password', 'admin-pass'])).toBe(
        'Created admin "Admin".',
      );
      for (const name of ['\u0430dmin', 'moder\u0430tor']) {
        await expect(runAdminCommand(deps(), ['create', name, '--password', 'other-pass'])).rejects.toThrow(
          'Username already taken',
        );
      }
      await expect(
        runAdminCommand(deps(), ['create', 'admin\u200b2', '--password', 'other-pass']),
      ).rejects.toThrow('Usernames may use letters, digits, spaces, _ and -.');
      const users = await database.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'Admin' }]);
    });

    it('resets the password of an account whose name today would refuse', async () => {
      const now = clock.now().toISOString();
      await database.db
        .insertInto('users')
        .values({
          username: 'odd\u200bname',
          password_hash: 'unknown',
          is_admin: false,
          join_date: now.slice(0, 10),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await runAdminCommand(deps(), ['reset-password', 'Odd\u200bName', '--password', 'new-password']);
      expect(await canLogIn('odd\u200bname', 'new-password')).toMatchObject({ username: 'odd\u200bname' });
    });

    it('resets a password so only the new one works', async () => {
      await runAdminCommand(deps(), ['create', 'leader', '--password', 'old-password']);
      await runAdminCommand(deps(), ['reset-password', 'leader', '--password', 'new-password']);
      expect(await canLogIn('leader', 'old-password')).toBeNull();
      expect(await canLogIn('leader', 'new-password')).not.toBeNull();
    });

    it('grants and revokes admin rights, but never revokes the last admin', async () => {
      await runAdminCommand(deps(), ['create', 'leader', '--password', 'password1']);
      await runAdminCommand(deps(), ['create', 'deputy', '--password', 'password2']);
      expect(await runAdminCommand(deps(), ['revoke', 'deputy'])).toBe('"deputy" is no longer an admin.');
      await expect(runAdminCommand(deps(), ['revoke', 'leader'])).rejects.toThrow(
        'Failed to update admin status',
      );
      expect(await runAdminCommand(deps(), ['grant', 'deputy'])).toBe('"deputy" is now an admin.');
      const audit = await database.db.selectFrom('audit_log').select(['action', 'actor_label']).execute();
      expect(audit.map((a) => a.action)).toEqual([
        'user.create',
        'user.create',
        'user.admin.revoke',
        'user.admin.grant',
      ]);
      expect(new Set(audit.map((a) => a.actor_label))).toEqual(new Set(['npm run admin']));
    });

    it('explains its usage for a missing username, an unknown command or a short password', async () => {
      await expect(runAdminCommand(deps(), ['create'])).rejects.toBeInstanceOf(UsageError);
      await expect(runAdminCommand(deps(), ['promote', 'x'])).rejects.toThrow('Unknown command "promote"');
      await expect(runAdminCommand(deps(), ['create', 'x', '--password', '123'])).rejects.toThrow(
        'Password must be at least 6 characters',
      );
      await expect(runAdminCommand(deps(), ['grant', 'ghost'])).rejects.toThrow('No user named ghost');
    });
  });
}

describe('npm run admin from the shell', () => {
  it.each(testDialects)('creates an admin on the %s database named by DATABASE_URL', async (dialect) => {
    const database = await createTestDatabase(dialect);
    try {
      const { stdout } = await run(
        'npx',
        ['tsx', 'src/server/cli/admin.ts', 'create', 'shelladmin', '--password', 'shell-pass'],
        { env: { ...process.env, DATABASE_URL: database.url } },
      );
      expect(stdout).toContain('Created admin "shelladmin"');
      const row = await database.db
        .selectFrom('users')
        .select(['username', 'is_admin'])
        .executeTakeFirstOrThrow();
      expect(row.username).toBe('shelladmin');
    } finally {
      await database.destroy();
    }
  });
});
