import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { testConfig } from '#test/app.ts';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { backupPath, listBackups } from './backup-folder.ts';
import { BACKUP, backupJob, backupSchedule, type BackupJobDeps } from './backup.job.ts';

const DAY_MS = 86_400_000;

for (const dialect of testDialects) {
  describe(`${dialect}: scheduled backups`, () => {
    let database: TestDatabase;
    let jobs: JobRunner;
    let deps: BackupJobDeps;
    const clock = createManualClock('2026-11-01T03:00:00.000Z');

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const config = testConfig({
        DATABASE_URL: database.url,
        BACKUP_DIR: mkdtempSync(join(tmpdir(), 'clan-backups-')),
      });
      deps = { db: database.db, clock, database: config.database, backups: config.backups };
      jobs = createJobRunner({ db: database.db, clock, instanceId: 'backup-test', jobs: [backupJob(deps)] });
      const at = clock.now().toISOString();
      await database.db
        .insertInto('members')
        .values({ wom_id: '101', name: 'Zezima', wom_name: 'zezima', created_at: at, updated_at: at })
        .execute();
    });
    afterAll(async () => {
      await jobs.stop();
      await database.destroy();
    });

    const runBackup = async () => {
      const started = await jobs.start(BACKUP, null);
      if (started.status !== 'started') throw new Error('a backup is already running');
      return started.done;
    };

    it('takes a verified backup and is due again only after a day', async () => {
      const schedule = backupSchedule(deps);
      expect(await schedule.due?.()).toBe(true);
      const result = await runBackup();
      expect(result).toMatchObject({ outcome: 'succeeded', counts: { kept: 1, deleted: 0 } });
      if (dialect === 'sqlite') expect(result.outcome === 'succeeded' && result.counts.members).toBe(1);
      expect(await schedule.due?.()).toBe(false);
      clock.advance(DAY_MS);
      expect(await schedule.due?.()).toBe(true);
    });

    it('keeps 7 daily, 4 weekly and 6 monthly copies over a simulated month, and the backup taken before an upgrade', async () => {
      const beforeUpgrade = backupPath(deps, new Date('2026-10-01T03:00:00Z'), 'db', 'pre-upgrade');
      writeFileSync(beforeUpgrade, 'taken before an upgrade');
      for (let day = 1; day < 30; day += 1) {
        expect((await runBackup()).outcome).toBe('succeeded');
        clock.advance(DAY_MS);
      }
      const kept = listBackups(deps)
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
      expect(readdirSync(deps.backups.dir)).toHaveLength(10);
      expect(existsSync(beforeUpgrade)).toBe(true);
    });
  });
}

describe('postgres: scheduled backups without pg_dump', () => {
  let database: TestDatabase;
  let jobs: JobRunner;
  let deps: BackupJobDeps;
  const clock = createManualClock('2026-11-01T03:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = testConfig({
      DATABASE_URL: database.url,
      BACKUP_DIR: mkdtempSync(join(tmpdir(), 'clan-backups-')),
    });
    // A PATH without PostgreSQL's tools, as on a host that has only Node.
    const postgresTools = { searchPath: mkdtempSync(join(tmpdir(), 'clan-no-tools-')) };
    deps = { db: database.db, clock, database: config.database, backups: config.backups, postgresTools };
    jobs = createJobRunner({ db: database.db, clock, instanceId: 'backup-test', jobs: [backupJob(deps)] });
    const at = clock.now().toISOString();
    await database.db
      .insertInto('members')
      .values({ wom_id: '101', name: 'Zezima', wom_name: 'zezima', created_at: at, updated_at: at })
      .execute();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.destroy();
  });

  it('writes the site’s own export, counted after writing, named so the list and the retention find it', async () => {
    const started = await jobs.start(BACKUP, null);
    if (started.status !== 'started') throw new Error('a backup is already running');
    expect(await started.done).toMatchObject({ outcome: 'succeeded', counts: { members: 1, kept: 1 } });
    expect(listBackups(deps).map((backup) => backup.name)).toEqual([
      `${new URL(database.url).pathname.slice(1)}-2026-11-01T03-00-00Z.jsonl.gz`,
    ]);
  });
});
