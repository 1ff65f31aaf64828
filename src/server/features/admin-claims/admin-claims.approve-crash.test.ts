import { afterEach, describe, expect, it } from 'vitest';
import { restartServer, startCrashProcess, type CrashProcess } from '#test/crash-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { signInOverHttp, stopServerProcess, type ServerProcess } from '#test/server-process.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { systemClock } from '#shared/clock.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';
import { hashPassword } from '../users/passwords.ts';
import { insertUser } from '../users/users.repository.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
const USER = { username: 'claimer', password: 'claimer-password' };
const WOM_ID = '4242';
const ADDED = '2026-01-01T00:00:00.000Z';

async function seed(database: TestDatabase): Promise<{ adminId: number; userId: number }> {
  const { user: admin } = await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
    userId: null,
    label: 'test',
  });
  const user = await insertUser(database.db, {
    username: USER.username,
    password_hash: await hashPassword(USER.password),
    is_admin: false,
    join_date: ADDED.slice(0, 10),
    created_at: ADDED,
    updated_at: ADDED,
  });
  await database.db
    .insertInto('members')
    .values({ wom_id: WOM_ID, name: 'Zezima', created_at: ADDED, updated_at: ADDED })
    .execute();
  return { adminId: admin.id, userId: user.id };
}

function post(base: string, cookie: string, path: string, body: object, method = 'POST') {
  return fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
}

const approve = (base: string, cookie: string, id: number) =>
  post(base, cookie, `/api/admin/claim-requests/${id}`, { status: 'approved', admin_notes: null }, 'PATCH');

/** What an approval writes: the request's review, the claim and the audit row. */
async function approvalState(database: TestDatabase) {
  const db = database.db;
  return {
    requests: await db.selectFrom('claim_requests').select(['id', 'status', 'reviewed_by']).execute(),
    claims: await db.selectFrom('player_claims').select(['user_id', 'wom_id']).execute(),
    audits: await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'claim-request.%')
      .execute(),
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed in the middle of a claim approval`, () => {
    let database: TestDatabase | undefined;
    let crashed: CrashProcess | undefined;
    let restarted: ServerProcess | undefined;
    afterEach(async () => {
      await crashed?.stop();
      if (restarted) await stopServerProcess(restarted, 'SIGKILL');
      await database?.destroy();
    });

    it('leaves the request pending with no claim, and the restarted server approves it exactly once', async () => {
      database = await createTestDatabase(dialect);
      const { adminId, userId } = await seed(database);
      // Stopped at the approval's last write, the audit row: the review and the claim are written by then.
      crashed = await startCrashProcess(database.url, 'insert audit_log');
      const asked = await post(
        crashed.base,
        await signInOverHttp(crashed.base, USER),
        '/api/claim-requests',
        {
          wom_id: WOM_ID,
          message: 'my main',
        },
      );
      expect(asked.status).toBe(201);
      const { id } = (await asked.json()) as { id: number };
      const admin = await signInOverHttp(crashed.base, ADMIN);
      const before = await dumpTables(database.db);

      await crashed.killInside(() => approve(crashed!.base, admin, id));

      expect(changedTables(before, await dumpTables(database.db))).toEqual([]);
      expect(await approvalState(database)).toEqual({
        requests: [{ id, status: 'pending', reviewed_by: null }],
        claims: [],
        audits: [],
      });

      restarted = await restartServer(database.url);
      const restartedAdmin = await signInOverHttp(restarted.base, ADMIN);
      expect((await approve(restarted.base, restartedAdmin, id)).status).toBe(200);
      expect((await approve(restarted.base, restartedAdmin, id)).status).toBe(409);
      expect(await approvalState(database)).toEqual({
        requests: [{ id, status: 'approved', reviewed_by: adminId }],
        claims: [{ user_id: userId, wom_id: WOM_ID }],
        audits: [{ action: 'claim-request.approve', target_id: String(id) }],
      });
    }, 60_000);
  });
}
