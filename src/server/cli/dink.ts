import { systemClock } from '#shared/clock.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';
import {
  DINK_USAGE,
  parseDinkArgs,
  postDinkOverHttp,
  postDinkToDatabase,
  type DinkArgs,
} from './dink-command.ts';

async function intoDatabase(args: DinkArgs): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    const deps = { db: database.db, clock: systemClock, imageCaps: config.dink.imageCaps };
    process.stdout.write(`${await postDinkToDatabase(deps, args)}\n`);
  } finally {
    await database.close();
  }
}

async function overHttp(args: DinkArgs): Promise<void> {
  const answer = await postDinkOverHttp(args, systemClock);
  process.stdout.write(`${answer.status} ${answer.body}\n`);
  if (answer.status < 200 || answer.status > 299) process.exitCode = 1;
}

/** `npm run dink -- --member <name> --type <type>`: posts one Dink notification by hand. */
async function main(): Promise<void> {
  const args = parseDinkArgs(process.argv.slice(2));
  if (args === 'help') {
    process.stdout.write(`${DINK_USAGE}\n`);
    return;
  }
  await (args.http ? overHttp(args) : intoDatabase(args));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
