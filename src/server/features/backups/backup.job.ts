import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { backupsToKeep, type RetentionPolicy } from '#core/backups/retention.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import type { Job } from '../../jobs/job.ts';
import { listBackups } from './backup-folder.ts';
import { takeBackup, type BackupTaker } from './take-backup.ts';

export const BACKUP = 'backup';

const HOUR_MS = 3_600_000;

export interface BackupJobDeps extends BackupTaker {
  db: Kysely<Database>;
  /** Real time: a backup is named when it was taken, even while demo mode replays history. */
  clock: Clock;
}

export const isInMemory = (database: Config['database']): boolean =>
  database.dialect === 'sqlite' && database.path === ':memory:';

/**
 * Takes a backup and keeps the set the policy asks for: SQLite by VACUUM INTO (a consistent copy
 * while the site writes, made in a worker thread so the site keeps answering), opened again and its
 * members counted; PostgreSQL by pg_dump, whose dump pg_restore must be able to list, or without
 * pg_dump by the site's logical export, read again and its rows counted per table. Only after a
 * good backup are older ones deleted, so a failing backup never thins the set; the newest backups
 * taken before an upgrade are kept by their own rule (retention.ts).
 */
export function backupJob(deps: BackupJobDeps): Job {
  return {
    name: BACKUP,
    async run(context) {
      const { bytes, members } = await takeBackup(deps, deps.clock.now(), 'scheduled');
      const all = listBackups(deps);
      const keep = backupsToKeep(all, deps.backups.keep satisfies RetentionPolicy);
      const deleted = all.filter((backup) => !keep.has(backup));
      for (const backup of deleted) rmSync(join(deps.backups.dir, backup.name), { force: true });
      // The database holds nothing of a backup but the run's record: the files are the list.
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await context.recordSuccess(trx, { bytes, members, kept: keep.size, deleted: deleted.length });
      });
    },
  };
}

/**
 * Daily by default: due once the newest scheduled backup is older than the interval (or there is
 * none). A backup taken before an upgrade is not one of the series, and does not put the next off.
 */
export function backupSchedule(deps: Omit<BackupJobDeps, 'db'>): JobSchedule {
  const intervalMs = deps.backups.intervalHours * HOUR_MS;
  return {
    name: BACKUP,
    // Looked at hourly; whether one is due is the folder's to say, so a restart does not back up again.
    intervalMs: Math.min(intervalMs, HOUR_MS),
    runAtStart: true,
    due: async () => {
      const newest = listBackups(deps).find((backup) => backup.kind === 'scheduled');
      return newest === undefined || deps.clock.now().getTime() - newest.at.getTime() >= intervalMs;
    },
  };
}
