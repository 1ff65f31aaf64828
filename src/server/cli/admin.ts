import { systemClock } from '#shared/clock.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { runAdminCommand } from './admin-command.ts';

/** `npm run admin -- <command> <username>`: manages admin accounts on the configured database. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    process.stdout.write(
      `${await runAdminCommand({ db: database.db, clock: systemClock }, process.argv.slice(2))}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
