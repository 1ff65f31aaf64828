import { loadConfig, loadDotEnv } from '../config.ts';
import { BackupError, restoreSqlite } from '../db/backup.ts';
import { parsePostgresUrl, restoreInstructions } from '../db/postgres-backup.ts';
import { formatBytes } from './format-bytes.ts';

const USAGE = 'Usage: npm run restore -- <backup file>';

/**
 * `npm run restore -- <backup file>`: puts a SQLite backup in place of the configured database,
 * keeping the replaced one beside it. Refuses while the app runs on it. For PostgreSQL it prints the
 * pg_restore steps and exits with 1: nothing was restored.
 */
function main(): void {
  loadDotEnv();
  const args = process.argv.slice(2);
  const [backupPath] = args;
  if (args.length !== 1 || backupPath === undefined || backupPath.startsWith('-')) {
    throw new BackupError(USAGE);
  }
  const { database } = loadConfig();
  if (database.dialect === 'postgres') {
    throw new BackupError(restoreInstructions(parsePostgresUrl(database.connectionString), backupPath));
  }
  const restored = restoreSqlite(backupPath, database.path, new Date());
  process.stdout.write(
    [
      `Restored ${backupPath} (${formatBytes(restored.bytes)}, migration ${restored.migration}) to ${restored.path}.`,
      restored.keptAside === null
        ? 'There was no database there before.'
        : `The database it replaced is kept as ${restored.keptAside}.`,
      'Start the app: it brings the database up to date if the backup is older.',
    ].join('\n') + '\n',
  );
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
