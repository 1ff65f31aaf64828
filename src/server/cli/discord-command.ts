import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { registerCommands } from '../features/discord-home/discord-admin.service.ts';

export const DISCORD_USAGE = `Usage: npm run discord -- <command>

  register-commands   register the clan's slash commands (/points, /rank, /leaderboard, /events,
                      /bingo, /whois) on its Discord server, with the bot token, application id and
                      server id from the dashboard's Discord tab (or DISCORD_* on a fresh database)
  help                show this text`;

export type DiscordCommand = 'register-commands' | 'help';

export function parseDiscordArgs(args: readonly string[]): DiscordCommand {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help') return 'help';
  if (command === 'register-commands' && rest.length === 0) return command;
  throw new Error(`Unknown command: ${args.join(' ')}\n${DISCORD_USAGE}`);
}

/** Registers the commands as an admin's button does, audited as the shell. */
export async function registerFromShell(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
}): Promise<string> {
  const { registered } = await registerCommands(deps, { userId: null, label: 'shell' });
  return `Registered ${registered.map((name) => `/${name}`).join(', ')} on the clan's Discord server.`;
}
