import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { systemClock } from '../../clock.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { upsertAdminAccount } from '../users/accounts.service.ts';
import { resetSiegeScores } from './seasons.service.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = 'src/server/features/seasons/reset-crash.child.ts';
const ADMIN = { username: 'crashadmin', password: 'crash-test-password' };
const MEMBERS = 600;
const ADDED = '2026-01-01T00:00:00.000Z';

/** Resolves with the first stdout line that starts with `prefix`; rejects if the process exits first. */
function lineFrom(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(prefix));
      if (line === undefined) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve(line);
    };
    const onExit = () => reject(new Error(`the process exited before printing ${prefix}:\n${output}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
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
    let child: ChildProcess | undefined;
    afterEach(async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
      await database?.destroy();
    });

    it('leaves the old season whole, with no archive, and a reset afterwards closes it with every score', async () => {
      database = await createTestDatabase(dialect);
      await seedClan(database);
      const { user: admin } = await upsertAdminAccount({ db: database.db, clock: systemClock }, ADMIN, {
        userId: null,
        label: 'test',
      });
      const before = await resetState(database);

      child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          TZ: 'UTC',
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: database.url,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const port = (await lineFrom(child, 'LISTENING ')).split(' ')[1];
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .find((line) => line.startsWith('clan_session='))!
        .split(';')[0]!;

      const paused = lineFrom(child, 'RESET PAUSED');
      // Never answered: the process dies inside the reset's transaction.
      const resetRequest = fetch(`${base}/api/admin/siege-scores/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ confirmation: RESET_CONFIRMATION }),
      }).then(
        (response) => response.status,
        () => 'no answer',
      );
      // A reset that fails in the child answers at once, instead of leaving the test to time out.
      expect(await Promise.race([paused.then(() => 'paused'), resetRequest])).toBe('paused');
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      expect(await resetRequest).toBe('no answer');

      expect(await resetState(database)).toEqual(before);
      expect(before.archive).toEqual([]);
      expect(before.seasons).toEqual([
        expect.objectContaining({ name: 'Season 1', is_open: true, ended_at: null }),
      ]);

      const result = await resetSiegeScores({ db: database.db, clock: systemClock }, RESET_CONFIRMATION, {
        userId: admin.id,
        label: admin.username,
      });
      expect(result.members_reset).toBe(MEMBERS);
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
