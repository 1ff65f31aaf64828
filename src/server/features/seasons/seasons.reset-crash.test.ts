import { afterEach, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import { restartServer, startCrashProcess, type CrashProcess } from '#test/crash-process.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { signInOverHttp, stopServerProcess, type ServerProcess } from '#test/server-process.ts';
import { systemClock } from '#shared/clock.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';

const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
const MEMBERS = 600;
const ADDED = '2026-01-01T00:00:00.000Z';

function reset(base: string, cookie: string): Promise<Response> {
  return fetch(`${base}/api/admin/siege-scores/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ confirmation: RESET_CONFIRMATION }),
  });
}

async function seedClan(database: TestDatabase): Promise<void> {
  const rows: NewMemberRow[] = Array.from({ length: MEMBERS }, (_, i) => ({
    wom_id: String(i + 1),
    name: `Member ${i + 1}`,
    siege_score: (i * 7) % 50,
    // Every fifth member is hidden and every seventh deleted: the reset covers them too.
    hidden: i % 5 === 0,
    deleted_at: i % 7 === 0 ? ADDED : null,
    created_at: ADDED,
    updated_at: ADDED,
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await database.db
      .insertInto('members')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

/** What a reset changes, as every other connection sees it. */
async function resetState(database: TestDatabase) {
  const db = database.db;
  return {
    scores: await db.selectFrom('members').select(['wom_id', 'siege_score']).orderBy('wom_id').execute(),
    seasons: (
      await db.selectFrom('seasons').select(['id', 'name', 'is_open', 'ended_at']).orderBy('id').execute()
    ).map((season) => ({ ...season, is_open: toBool(season.is_open) })),
    archive: await db
      .selectFrom('season_scores')
      .select(['season_id', 'member_wom_id', 'siege_score'])
      .execute(),
    resets: await db.selectFrom('audit_log').select('id').where('action', '=', 'season.reset').execute(),
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed in the middle of a reset`, () => {
    let database: TestDatabase | undefined;
    let crashed: CrashProcess | undefined;
    let restarted: ServerProcess | undefined;
    afterEach(async () => {
      await crashed?.stop();
      if (restarted) await stopServerProcess(restarted, 'SIGKILL');
      await database?.destroy();
    });

    it('leaves the old season whole, with no archive, and a reset on the restarted server closes it with every score', async () => {
      database = await createTestDatabase(dialect);
      await seedClan(database);
      await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      const before = await resetState(database);

      // Stopped at the reset's last write to members: every score set to 0.
      crashed = await startCrashProcess(database.url, 'update members.siege_score');
      const cookie = await signInOverHttp(crashed.base, ADMIN);
      await crashed.killInside(() => reset(crashed!.base, cookie));

      expect(await resetState(database)).toEqual(before);
      expect(before.archive).toEqual([]);
      expect(before.seasons).toEqual([
        expect.objectContaining({ name: 'Season 1', is_open: true, ended_at: null }),
      ]);

      restarted = await restartServer(database.url);
      const response = await reset(restarted.base, await signInOverHttp(restarted.base, ADMIN));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { members_reset: number }).members_reset).toBe(MEMBERS);
      const after = await resetState(database);
      expect(after.scores.every((member) => member.siege_score === 0)).toBe(true);
      expect(after.seasons).toEqual([
        expect.objectContaining({ name: 'Season 1', is_open: false, ended_at: expect.any(String) }),
        expect.objectContaining({ name: 'Season 2', is_open: true, ended_at: null }),
      ]);
      const archived = new Map(after.archive.map((row) => [row.member_wom_id, row.siege_score]));
      expect(after.archive.every((row) => row.season_id === before.seasons[0]!.id)).toBe(true);
      expect(before.scores.map((member) => [member.wom_id, archived.get(member.wom_id)])).toEqual(
        before.scores.map((member) => [member.wom_id, member.siege_score]),
      );
      expect(after.resets).toHaveLength(1);
    }, 60_000);
  });
}
