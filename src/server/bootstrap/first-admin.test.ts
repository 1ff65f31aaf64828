import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { createManualClock, testConfig } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { login } from '../features/auth/auth.service.ts';
import { hashPassword } from '../features/users/passwords.ts';
import { formatLogLine } from '../logging/pretty-log-line.ts';
import { ensureFirstAdmin } from './first-admin.ts';

function recordingLog() {
  const lines: string[] = [];
  const log = { info: vi.fn((m: string) => lines.push(m)), warn: vi.fn((m: string) => lines.push(m)) };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** The demo's settings with the log format start-up picks when stdout is, or is not, a terminal. */
const demoConfig = (stdoutIsTerminal: boolean) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }, stdoutIsTerminal);

/** A Fastify logger writing its JSON records here, and a sink for what is printed beside them. */
function recordingStdout() {
  const records: string[] = [];
  const printed: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line) => records.push(line) } } });
  return { app, records, printed, out: { write: (text: string) => printed.push(text) } };
}

for (const dialect of testDialects) {
  describe(`${dialect}: first admin at start-up`, () => {
    let database: TestDatabase;
    const clock = createManualClock();
    const deps = () => ({ db: database.db, clock });
    const admins = () =>
      database.db.selectFrom('users').select('username').where('is_admin', '=', true).execute();

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, and updates its password on the next start', async () => {
      const { log } = recordingLog();
      await ensureFirstAdmin(
        deps(),
        testConfig({ ADMIN_USERNAME: 'Owner', ADMIN_PASSWORD: 'first-secret' }),
        log,
      );
      await ensureFirstAdmin(
        deps(),
        testConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'second-secret' }),
        log,
      );
      expect(await admins()).toEqual([{ username: 'Owner' }]);
      const session = await login(
        { ...deps(), sessionTtlDays: 1 },
        { username: 'owner', password: 'second-secret' },
      );
      expect(session.user.is_admin).toBe(true);
    });

    const ownerConfig = (password: string) =>
      testConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: password });
    const owner = () =>
      database.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'updated_at'])
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
    const auditActions = async () =>
      (await database.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map(
        (row) => row.action,
      );
    const openSession = () =>
      login({ ...deps(), sessionTtlDays: 1 }, { username: 'owner', password: 'first-secret' });
    const sessionCount = async () => (await database.db.selectFrom('sessions').select('id').execute()).length;

    it('leaves a matching admin alone on the next start: no rehash, no audit row, sessions kept', async () => {
      await ensureFirstAdmin(deps(), ownerConfig('first-secret'), recordingLog().log);
      const before = await owner();
      await openSession();
      clock.advance(60_000);

      const second = recordingLog();
      await ensureFirstAdmin(deps(), ownerConfig('first-secret'), second.log);

      expect(await owner()).toEqual(before);
      expect(await auditActions()).toEqual(['admin.account.create']);
      expect(await sessionCount()).toBe(1);
      expect(second.lines).toEqual([]);
    });

    it('signs the admin out everywhere when ADMIN_PASSWORD changes, and audits the change', async () => {
      await ensureFirstAdmin(deps(), ownerConfig('first-secret'), recordingLog().log);
      await openSession();
      await openSession();

      await ensureFirstAdmin(deps(), ownerConfig('second-secret'), recordingLog().log);

      expect(await sessionCount()).toBe(0);
      expect(await auditActions()).toEqual(['admin.account.create', 'admin.account.update']);
      const audit = await database.db
        .selectFrom('audit_log')
        .select('after')
        .where('action', '=', 'admin.account.update')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after!)).toMatchObject({ is_admin: true, password_changed: true });
    });

    it('makes an existing user with that password an admin without signing them out', async () => {
      const now = clock.now().toISOString();
      await database.db
        .insertInto('users')
        .values({
          username: 'owner',
          password_hash: await hashPassword('first-secret'),
          is_admin: false,
          join_date: now.slice(0, 10),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const { password_hash } = await owner();
      await openSession();

      await ensureFirstAdmin(deps(), ownerConfig('first-secret'), recordingLog().log);

      expect(await admins()).toEqual([{ username: 'owner' }]);
      expect((await owner()).password_hash).toBe(password_hash);
      expect(await sessionCount()).toBe(1);
      expect(await auditActions()).toEqual(['admin.account.update']);
    });

    it('lets two instances that start at once both create-or-find the same admin', async () => {
      const { log } = recordingLog();
      await Promise.all([
        ensureFirstAdmin(deps(), ownerConfig('first-secret'), log),
        ensureFirstAdmin(deps(), ownerConfig('first-secret'), log),
      ]);
      expect(await admins()).toEqual([{ username: 'owner' }]);
      expect(await auditActions()).toEqual(['admin.account.create']);
    });

    it('in demo mode, creates `admin` with a random password printed once, and only once', async () => {
      const first = recordingLog();
      await ensureFirstAdmin(deps(), demoConfig(true), first.log);
      const password = /Password: (\S+)/.exec(first.lines.join('\n'))?.[1];
      expect(password).toBeDefined();
      const session = await login(
        { ...deps(), sessionTtlDays: 1 },
        { username: 'admin', password: password! },
      );
      expect(session.user.is_admin).toBe(true);

      const second = recordingLog();
      await ensureFirstAdmin(deps(), demoConfig(true), second.log);
      expect(second.lines).toEqual([]);
      expect(await admins()).toEqual([{ username: 'admin' }]);
    });

    it('when stdout is not a terminal, prints the password as plain lines, and no record holds it', async () => {
      const { app, records, printed, out } = recordingStdout();
      await ensureFirstAdmin(deps(), demoConfig(false), app.log, out);
      await app.close();

      expect(printed).toHaveLength(1);
      const lines = printed[0]!.split('\n');
      const password = /^│ Password: (\S+) │$/.exec(lines[3]!)![1]!;
      const rule = '─'.repeat(`Password: ${password}`.length + 2);
      expect(lines).toEqual([
        'Created the first admin. Its password is shown only this once:',
        `┌${rule}┐`,
        `│ ${'Username: admin'.padEnd(`Password: ${password}`.length)} │`,
        `│ Password: ${password} │`,
        `└${rule}┘`,
        'Change it with: npm run admin -- reset-password admin',
        '',
      ]);
      expect(records).toHaveLength(1);
      expect(records[0]).not.toContain(password);
      expect((JSON.parse(records[0]!) as { msg: string }).msg).toBe(
        'Created the first admin "admin": its password is printed once above as plain lines, not in a record',
      );
      const session = await login({ ...deps(), sessionTtlDays: 1 }, { username: 'admin', password });
      expect(session.user.is_admin).toBe(true);
    });

    it("in a terminal, frames the generated password in a box on the log's one record", async () => {
      const { app, records: json, printed, out } = recordingStdout();
      await ensureFirstAdmin(deps(), demoConfig(true), app.log, out);
      await app.close();
      expect(printed).toEqual([]);

      expect(json).toHaveLength(1);
      const message = (JSON.parse(json[0]!) as { msg: string }).msg;
      const password = /Password: (\S+)/.exec(message)![1]!;
      const rule = '─'.repeat(`Password: ${password}`.length + 2);
      expect(message.split('\n')).toEqual([
        'Created the first admin. Its password is shown only this once:',
        `┌${rule}┐`,
        `│ ${'Username: admin'.padEnd(`Password: ${password}`.length)} │`,
        `│ Password: ${password} │`,
        `└${rule}┘`,
        'Change it with: npm run admin -- reset-password admin',
      ]);
      expect(formatLogLine(json[0]!).split('\n').slice(1, 3)).toEqual([
        `               ┌${rule}┐`,
        `               │ ${'Username: admin'.padEnd(`Password: ${password}`.length)} │`,
      ]);
    });

    it('stops start-up with a configuration error naming ADMIN_USERNAME when the new name is refused', async () => {
      const config = testConfig({ ADMIN_USERNAME: 'owner\u202e', ADMIN_PASSWORD: 'first-secret' });
      const failure = ensureFirstAdmin(deps(), config, recordingLog().log);
      await expect(failure).rejects.toBeInstanceOf(ConfigError);
      await expect(failure).rejects.toThrow(
        'ADMIN_USERNAME: Usernames may use letters, digits, spaces, _ and -.',
      );
      expect(await admins()).toEqual([]);
    });

    it('creates the reserved name admin from ADMIN_USERNAME', async () => {
      await ensureFirstAdmin(
        deps(),
        testConfig({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'first-secret' }),
        recordingLog().log,
      );
      expect(await admins()).toEqual([{ username: 'admin' }]);
    });

    it('creates no account for a real clan without ADMIN_USERNAME, and says how to make one', async () => {
      const { lines, log } = recordingLog();
      await ensureFirstAdmin(deps(), testConfig({ WOM_GROUP_ID: '1234' }), log);
      expect(await admins()).toEqual([]);
      expect(lines).toEqual([expect.stringContaining('npm run admin -- create')]);
    });
  });
}
