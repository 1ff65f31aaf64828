import type { BackupKind } from '#core/backups/backup-names.ts';
import { backupSqlite } from '../../db/backup.ts';
import { backupPostgres, type PostgresBackupOptions } from '../../db/postgres-backup.ts';
import { backupPath, type BackupFolder } from './backup-folder.ts';

export interface BackupTaker extends BackupFolder {
  /** Where PostgreSQL's tools are looked for; tests leave pg_dump out to get the logical export. */
  postgresTools?: PostgresBackupOptions;
}

export interface TakenBackup {
  path: string;
  bytes: number;
  /** The members the backup holds, counted in it after writing; 0 for a pg_dump file. */
  members: number;
}

/**
 * Takes a checked backup of the database into the backup folder, named for `at` and `kind`: SQLite
 * by VACUUM INTO, PostgreSQL by pg_dump or, without it, the site's own export.
 */
export async function takeBackup(taker: BackupTaker, at: Date, kind: BackupKind): Promise<TakenBackup> {
  if (taker.database.dialect === 'sqlite') {
    const written = await backupSqlite(taker.database.path, backupPath(taker, at, 'db', kind));
    return { path: written.path, bytes: written.bytes, members: written.members };
  }
  const written = await backupPostgres(
    taker.database.connectionString,
    (extension) => backupPath(taker, at, extension, kind),
    at,
    taker.postgresTools,
  );
  return { path: written.path, bytes: written.bytes, members: written.rows?.members ?? 0 };
}
