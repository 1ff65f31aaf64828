import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '#server/db/client.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { createManualClock, testConfig } from '#test/app.ts';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { backupPath, listBackups } from './backup-folder.ts';
import { BACKUP, backupJob, backupSchedule, type BackupJobDeps } from './backup.job.ts';

const DAY_MS = 86_400_000;

/**
 * A database of the dialect with one member, and a job runner that backs it up into a new folder.
 * `postgresTools` replaces the PATH searched for pg_dump.
 */
function setUp(dialect: Dialect, postgresTools?: BackupJobDeps['postgresTools']) {
  const clock = createManualClock('2026-11-01T03:00:00.000Z');
  const state = {} as { database: TestDatabase; jobs: JobRunner; deps: BackupJobDeps };
  beforeAll(async () => {
    state.database = await createTestDatabase(dialect);
    const config = testConfig({
      DATABASE_URL: state.database.url,
      BACKUP_DIR: mkdtempSync(join(tmpdir(), 'clan-backups-')),
    });
    state.deps = {
      db: state.database.db,
      clock,
      database: config.database,
      backups: config.backups,
      ...(postgresTools && { postgresTools }),
    };
    state.jobs = createJobRunner({
      db: state.database.db,
      clock,
      instanceId: 'backup-test',
      jobs: [backupJob(state.deps)],
    });
    const at = clock.now().toISOString();
    await state.database.db
      .insertInto('members')
      .values({ wom_id: '101', name: 'Zezima', wom_name: 'zezima', created_at: at, updated_at: at })
      .execute();
  });
  afterAll(async () => {
    await state.jobs.stop();
    await state.database.destroy();
  });
  const runBackup = async () => {
    const started = await state.jobs.start(BACKUP, null);
    if (started.status !== 'started') throw new Error('a backup is already running');
    return started.done;
  };
  return { clock, state, runBackup };
}

for (const dialect of testDialects) {
  describe(`${dialect}: scheduled backups`, () => {
    const { clock, state, runBackup } = setUp(dialect);

    it('takes a verified backup and is due again only after a day', async () => {
      const schedule = backupSchedule(state.deps);
      expect(await schedule.due?.()).toBe(true);
      const result = await runBackup();
      expect(result).toMatchObject({ outcome: 'succeeded', counts: { kept: 1, deleted: 0 } });
      if (dialect === 'sqlite') expect(result.outcome === 'succeeded' && result.counts.members).toBe(1);
      expect(await schedule.due?.()).toBe(false);
      clock.advance(DAY_MS);
      expect(await schedule.due?.()).toBe(true);
    });

    it('keeps 7 daily, 4 weekly and 6 monthly copies over a simulated month, and the backup taken before an upgrade', async () => {
      const beforeUpgrade = backupPath(state.deps, new Date('2026-10-01T03:00:00Z'), 'db', 'pre-upgrade');
      writeFileSync(beforeUpgrade, 'taken before an upgrade');
      for (let day = 1; day < 30; day += 1) {
        expect((await runBackup()).outcome).toBe('succeeded');
        clock.advance(DAY_MS);
      }
      const kept = listBackups(state.deps)
        .filter((backup) => backup.kind === 'scheduled')
        .map((backup) => backup.at.toISOString().slice(0, 10));
      expect(kept.sort()).toEqual([
        '2026-11-15',
        '2026-11-22',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
        '2026-11-30',
      ]);
      expect(readdirSync(state.deps.backups.dir)).toHaveLength(10);
      expect(existsSync(beforeUpgrade)).toBe(true);
    });
  });
}

describe('postgres: scheduled backups without pg_dump', () => {
  // A PATH without PostgreSQL's tools, as on a host that has only Node.
  const { state, runBackup } = setUp('postgres', {
    searchPath: mkdtempSync(join(tmpdir(), 'clan-no-tools-')),
  });

  it('writes the site’s own export, counted after writing, named so the list and the retention find it', async () => {
    expect(await runBackup()).toMatchObject({ outcome: 'succeeded', counts: { members: 1, kept: 1 } });
    expect(listBackups(state.deps).map((backup) => backup.name)).toEqual([
      `${new URL(state.database.url).pathname.slice(1)}-2026-11-01T03-00-00Z.jsonl.gz`,
    ]);
  });
});
