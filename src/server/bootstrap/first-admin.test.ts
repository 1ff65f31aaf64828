import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createManualClock, testConfig } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { login } from '../features/auth/auth.service.ts';
import { ensureFirstAdmin } from './first-admin.ts';

function recordingLog() {
  const lines: string[] = [];
  const log = { info: vi.fn((m: string) => lines.push(m)), warn: vi.fn((m: string) => lines.push(m)) };
  return { log: log as unknown as FastifyBaseLogger, lines };
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
      expect(await admins()).toEqual([{ username: 'owner' }]);
      const session = await login(
        { ...deps(), sessionTtlDays: 1 },
        { username: 'owner', password: 'second-secret' },
      );
      expect(session.user.is_admin).toBe(true);
    });

    it('in demo mode, creates `admin` with a random password printed once, and only once', async () => {
      const first = recordingLog();
      await ensureFirstAdmin(deps(), testConfig(), first.log);
      const password = /Password: (\S+)/.exec(first.lines.join('\n'))?.[1];
      expect(password).toBeDefined();
      const session = await login(
        { ...deps(), sessionTtlDays: 1 },
        { username: 'admin', password: password! },
      );
      expect(session.user.is_admin).toBe(true);

      const second = recordingLog();
      await ensureFirstAdmin(deps(), testConfig(), second.log);
      expect(second.lines).toEqual([]);
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
