import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database);
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
