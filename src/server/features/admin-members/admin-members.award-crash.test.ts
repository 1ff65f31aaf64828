import { afterEach, describe, expect, it } from 'vitest';
import { restartServer, startCrashProcess, type CrashProcess } from '#test/crash-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { signInOverHttp, stopServerProcess, type ServerProcess } from '#test/server-process.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { systemClock } from '#shared/clock.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
const WOM_ID = '777';
const ADDED = '2026-01-01T00:00:00.000Z';

function award(base: string, cookie: string): Promise<Response> {
  return fetch(`${base}/api/admin/members/${WOM_ID}/points`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ amount: 5 }),
  });
}

/** What an award writes: the score, the ledger row and the audit row. */
async function awardState(database: TestDatabase) {
  const db = database.db;
  return {
    score: (
      await db
        .selectFrom('members')
        .select('siege_score')
        .where('wom_id', '=', WOM_ID)
        .executeTakeFirstOrThrow()
    ).siege_score,
    ledger: await db.selectFrom('points').select(['member_wom_id', 'amount']).execute(),
    audits: await db.selectFrom('audit_log').select('action').where('action', '=', 'member.points').execute(),
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed in the middle of an admin's point award`, () => {
    let database: TestDatabase | undefined;
    let crashed: CrashProcess | undefined;
    let restarted: ServerProcess | undefined;
    afterEach(async () => {
      await crashed?.stop();
      if (restarted) await stopServerProcess(restarted, 'SIGKILL');
      await database?.destroy();
    });

    it('books nothing, and the restarted server books the award once with the score moved once', async () => {
      database = await createTestDatabase(dialect);
      await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      await database.db
        .insertInto('members')
        .values({ wom_id: WOM_ID, name: 'Lynx Titan', created_at: ADDED, updated_at: ADDED })
        .execute();
      // Stopped at the award's audit row: the score and the ledger row are written by then.
      crashed = await startCrashProcess(database.url, 'insert audit_log');
      const admin = await signInOverHttp(crashed.base, ADMIN);
      const before = await dumpTables(database.db);

      await crashed.killInside(() => award(crashed!.base, admin));

      expect(changedTables(before, await dumpTables(database.db))).toEqual([]);
      expect(await awardState(database)).toEqual({ score: 0, ledger: [], audits: [] });

      restarted = await restartServer(database.url);
      expect((await award(restarted.base, await signInOverHttp(restarted.base, ADMIN))).status).toBe(200);
      expect(await awardState(database)).toEqual({
        score: 5,
        ledger: [{ member_wom_id: WOM_ID, amount: 5 }],
        audits: [{ action: 'member.points' }],
      });
    }, 60_000);
  });
}
