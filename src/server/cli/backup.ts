import { loadConfig, loadDotEnv } from '../config.ts';
import { backupSqlite, BackupError, defaultBackupPath } from '../db/backup.ts';
import { defaultDumpPath, dumpPostgres, parsePostgresUrl } from '../db/postgres-backup.ts';
import { formatBytes } from './format-bytes.ts';

const USAGE = 'Usage: npm run backup [-- <file>]';

/**
 * `npm run backup [-- <file>]`: writes a consistent copy of the configured database while the app
 * keeps running: SQLite to backups/<name>-<time>.db beside the data folder, PostgreSQL through
 * pg_dump to backups/<database>-<time>.dump. Without a pg_dump that can dump the server it says
 * what to run instead and exits with 1, so a scheduled backup never passes for done.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupError(USAGE);
  const { database } = loadConfig();
  const now = new Date();
  if (database.dialect === 'postgres') {
    const target = parsePostgresUrl(database.connectionString);
    const dump = await dumpPostgres(target, args[0] ?? defaultDumpPath(target, now));
    process.stdout.write(`Backed up ${target.database} to ${dump.path} (${formatBytes(dump.bytes)}).\n`);
    return;
  }
  const destination = args[0] ?? defaultBackupPath(database.path, now);
  const backup = backupSqlite(database.path, destination);
  process.stdout.write(`Backed up ${database.path} to ${backup.path} (${formatBytes(backup.bytes)}).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
