import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { restartServer, startCrashProcess, type CrashProcess } from '#test/crash-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { signInOverHttp, stopServerProcess, type ServerProcess } from '#test/server-process.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { systemClock } from '#shared/clock.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
const ADDED = '2026-01-01T00:00:00.000Z';

/** The spec's ladder with Sapphire from 1M clan XP: the member below becomes due for it. */
const LOWER_SAPPHIRE: RankLadder = {
  ...DEFAULT_LADDER,
  paths: DEFAULT_LADDER.paths.map((path) => ({
    ...path,
    ranks: path.ranks.map((rank) =>
      rank.role === 'sapphire'
        ? { ...rank, requirements: [{ measure: 'clan_xp' as const, min: 1_000_000 }] }
        : rank,
    ),
  })),
};

function send(base: string, cookie: string, method: 'PUT' | 'POST', path: string, body: unknown) {
  return fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
}

const saveLadder = (base: string, cookie: string) =>
  send(base, cookie, 'PUT', '/api/admin/clan/ranks', { ...LOWER_SAPPHIRE, dry_run: false });

const awardInOneGo = (base: string, cookie: string) =>
  send(base, cookie, 'POST', '/api/admin/point-batches', {
    reason: 'Clan Hour',
    entries: [
      { wom_id: '901', placement: 1 },
      { wom_id: '902', amount: 4 },
    ],
  });

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed in the middle of saving the clan's rules or an award in one go`, () => {
    let database: TestDatabase | undefined;
    let crashed: CrashProcess | undefined;
    let restarted: ServerProcess | undefined;
    afterEach(async () => {
      await crashed?.stop();
      if (restarted) await stopServerProcess(restarted, 'SIGKILL');
      await database?.destroy();
    });

    it('keeps the old ladder and queue, and the restarted server saves the ladder and its queue together', async () => {
      database = await createTestDatabase(dialect);
      await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      await database.db
        .insertInto('members')
        .values({
          wom_id: '901',
          name: 'Riser',
          womrole: 'opal',
          current_xp: 11_500_000,
          first_xp: 10_000_000,
          baseline_source: 'imported',
          created_at: ADDED,
          updated_at: ADDED,
        })
        .execute();
      // Stopped at the ladder's audit row: the setting and the recomputed queue are written by then.
      crashed = await startCrashProcess(database.url, 'insert audit_log');
      const admin = await signInOverHttp(crashed.base, ADMIN);
      const before = await dumpTables(database.db);

      await crashed.killInside(() => saveLadder(crashed!.base, admin));

      expect(changedTables(before, await dumpTables(database.db))).toEqual([]);
      restarted = await restartServer(database.url);
      const cookie = await signInOverHttp(restarted.base, ADMIN);
      expect((await saveLadder(restarted.base, cookie)).status).toBe(200);
      const clan = (await (await fetch(`${restarted.base}/api/clan`)).json()) as { ranks: RankLadder };
      expect(clan.ranks).toEqual(LOWER_SAPPHIRE);
      expect(await database.db.selectFrom('rank_proposals').select(['wom_id', 'role']).execute()).toEqual([
        { wom_id: '901', role: 'sapphire' },
      ]);
    }, 60_000);

    it('books nothing of an interrupted award, and the restarted server books it once', async () => {
      database = await createTestDatabase(dialect);
      await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      for (const [womId, name] of [
        ['901', 'Winner'],
        ['902', 'Helper'],
      ] as const)
        await database.db
          .insertInto('members')
          .values({ wom_id: womId, name, created_at: ADDED, updated_at: ADDED })
          .execute();
      // Stopped at the award's audit row: the batch, both ledger rows and both scores are written by then.
      crashed = await startCrashProcess(database.url, 'insert audit_log');
      const admin = await signInOverHttp(crashed.base, ADMIN);
      const before = await dumpTables(database.db);

      await crashed.killInside(() => awardInOneGo(crashed!.base, admin));

      expect(changedTables(before, await dumpTables(database.db))).toEqual([]);
      restarted = await restartServer(database.url);
      const cookie = await signInOverHttp(restarted.base, ADMIN);
      expect((await awardInOneGo(restarted.base, cookie)).status).toBe(201);
      const scores = await database.db
        .selectFrom('members')
        .select(['wom_id', 'siege_score'])
        .orderBy('wom_id')
        .execute();
      expect(scores).toEqual([
        { wom_id: '901', siege_score: 15 },
        { wom_id: '902', siege_score: 4 },
      ]);
      expect(await database.db.selectFrom('points').select('amount').orderBy('amount').execute()).toEqual([
        { amount: 4 },
        { amount: 15 },
      ]);
    }, 60_000);
  });
}
