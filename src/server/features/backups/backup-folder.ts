import { existsSync, readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import {
  backupName,
  parseBackupName,
  type BackupExtension,
  type BackupKind,
} from '#core/backups/backup-names.ts';
import type { Config } from '../../config.ts';
import { BackupError } from '../../db/backup.ts';
import { parsePostgresUrl } from '../../db/postgres-backup.ts';
import { siteCommand } from '../../cli/site-command.ts';

/** The backup folder of a database: where its backups go and what they are named after. */
export interface BackupFolder {
  database: Config['database'];
  backups: Config['backups'];
}

/** A backup in the folder: its file, and when and why it was taken (from its name). */
export interface BackupFile {
  name: string;
  at: Date;
  kind: BackupKind;
}

/** What the backups of this database are named after: the SQLite file's name, or the PostgreSQL database's. */
function prefixOf(database: Config['database']): string {
  return database.dialect === 'sqlite'
    ? basename(database.path, extname(database.path))
    : parsePostgresUrl(database.connectionString).database;
}

/** Seconds a backup's name may run ahead of its time to find a free one. */
const NAME_SECONDS_AHEAD = 60;

/**
 * Where a backup taken at `at` goes, named so that the listing and the retention find it. Names
 * count seconds, and the job, `npm run backup` and an upgrade can each take one in the same second:
 * a taken name moves on to the next free second rather than failing the later backup.
 */
export function backupPath(
  folder: BackupFolder,
  at: Date,
  extension: BackupExtension,
  kind: BackupKind = 'scheduled',
): string {
  const prefix = prefixOf(folder.database);
  const pathAt = (seconds: number) =>
    join(folder.backups.dir, backupName(prefix, new Date(at.getTime() + seconds * 1000), extension, kind));
  for (let seconds = 0; seconds < NAME_SECONDS_AHEAD; seconds += 1) {
    if (!existsSync(pathAt(seconds))) return pathAt(seconds);
  }
  return pathAt(0);
}

/** The backups of this database in the folder, newest first. */
export function listBackups(folder: BackupFolder): BackupFile[] {
  const prefix = prefixOf(folder.database);
  let files: string[];
  try {
    files = readdirSync(folder.backups.dir);
  } catch {
    return [];
  }
  return files
    .flatMap((name) => {
      const parsed = parseBackupName(name, prefix);
      return parsed === null ? [] : [{ name, ...parsed }];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * The file `npm run restore -- <backup>` means: a backup of the folder's list by its name, or else a
 * file at that path. Only names read from the folder are joined to it.
 */
export function findBackup(folder: BackupFolder, nameOrPath: string): string {
  const listed = listBackups(folder).find((backup) => backup.name === nameOrPath);
  if (listed) return join(folder.backups.dir, listed.name);
  if (existsSync(nameOrPath)) return nameOrPath;
  throw new BackupError(
    `There is no backup named ${nameOrPath} in ${folder.backups.dir}, and no file at that path. ` +
      `Run \`${siteCommand('restore')}\` to list the backups.`,
  );
}
