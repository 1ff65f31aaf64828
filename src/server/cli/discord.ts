import { systemClock } from '#shared/clock.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { DISCORD_USAGE, parseDiscordArgs, registerFromShell } from './discord-command.ts';

/** `npm run discord -- register-commands`: the dashboard's "Register slash commands" from the shell. */
async function main(): Promise<void> {
  if (parseDiscordArgs(process.argv.slice(2)) === 'help') {
    process.stdout.write(`${DISCORD_USAGE}\n`);
    return;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    process.stdout.write(`${await registerFromShell({ db: database.db, clock: systemClock, config })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
