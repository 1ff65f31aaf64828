import { systemClock } from '#shared/clock.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { upgradeDatabase } from '../features/backups/safe-upgrade.ts';

/**
 * `npm run db:migrate`: applies pending migrations to the configured database as a start does,
 * backing up a database that holds data first; a failed migration leaves it as it was.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const { applied } = await upgradeDatabase(database, {
      database: config.database,
      backups: config.backups,
      clock: systemClock,
      log: (message) => process.stdout.write(`${message}\n`),
    });
    process.stdout.write(
      applied.length === 0 ? 'The database is up to date.\n' : `Applied: ${applied.join(', ')}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
