import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, loadDotEnv } from '../config.ts';
import { BackupError, restoreSqlite } from '../db/backup.ts';
import { parsePostgresUrl } from '../db/postgres-backup.ts';
import { restorePostgres } from '../db/postgres-restore.ts';
import { findBackup, listBackups, type BackupFolder } from '../features/backups/backup-folder.ts';
import { backupListing } from './backup-listing.ts';
import { formatBytes } from './format-bytes.ts';

const USAGE = 'Usage: npm run restore [-- --list | -- <backup name or file>]';
const START_AGAIN = 'Start the app: it brings the database up to date if the backup is older.';

function list(folder: BackupFolder): string {
  const backups = listBackups(folder).flatMap((backup) => {
    try {
      return [{ ...backup, bytes: statSync(join(folder.backups.dir, backup.name)).size }];
    } catch {
      // Deleted by the retention meanwhile: not listed.
      return [];
    }
  });
  return backupListing(backups, folder.backups.dir, new Date());
}

async function restoreIntoSqlite(file: string, databasePath: string): Promise<string[]> {
  const restored = await restoreSqlite(file, databasePath, new Date());
  return [
    `Restored ${file} (${formatBytes(restored.bytes)}, migration ${restored.migration}) to ${restored.path}.`,
    restored.keptAside === null
      ? 'There was no database there before.'
      : `The database it replaced is kept as ${restored.keptAside}.`,
  ];
}

async function restoreIntoPostgres(file: string, connectionString: string, folder: BackupFolder) {
  const restored = await restorePostgres(connectionString, file, folder.backups.dir, new Date());
  return [
    `Restored ${file} (${formatBytes(restored.bytes)}, migration ${restored.migration}) into ${parsePostgresUrl(connectionString).database}.`,
    restored.keptAside === null
      ? 'The database held no data of this app before.'
      : `What it held before is backed up in ${restored.keptAside}.`,
  ];
}

/**
 * `npm run restore`: without a backup named, lists the backups in BACKUP_DIR, newest first; with a
 * name from that list or the path of a file, restores it in place of the configured database,
 * refusing while the app runs on it. SQLite keeps the replaced file beside it; PostgreSQL restores a
 * pg_dump file or the site's logical export in one transaction, after backing up what it held.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = process.argv.slice(2);
  const [choice] = args;
  if (args.length > 1 || (choice?.startsWith('-') && choice !== '--list')) throw new BackupError(USAGE);
  const config = loadConfig();
  const folder = { database: config.database, backups: config.backups };
  if (choice === undefined || choice === '--list') {
    process.stdout.write(`${list(folder)}\n`);
    return;
  }
  const file = findBackup(folder, choice);
  const lines =
    config.database.dialect === 'sqlite'
      ? await restoreIntoSqlite(file, config.database.path)
      : await restoreIntoPostgres(file, config.database.connectionString, folder);
  process.stdout.write([...lines, START_AGAIN].join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
