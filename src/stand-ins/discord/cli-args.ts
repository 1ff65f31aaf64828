import { parseArgs } from 'node:util';
import { CliError } from '#shared/stand-in-cli.ts';
import type { DiscordStandInOptions } from './index.ts';
import type { DiscordRateLimit } from './rate-limit.ts';

/** What `npm run discord-stand-in` was asked for. */
export interface DiscordStandInCli {
  options: DiscordStandInOptions;
  help: boolean;
}

export const USAGE = `Usage: npm run discord-stand-in -- [options]

  --port <n>               port to listen on (default 0: a free port)
  --host <address>         address to listen on (default 127.0.0.1)
  --rate-limit <n>/<s>     each bucket (a webhook, a route per guild): n requests per s seconds
                           (default 5/2), or off (also lifts the bot's 50 requests a second)
  --strict                 answer 404 Unknown Webhook for webhooks not created at start
                           (default: any pasted webhook URL is taken on first use)
  --control                serve the test knobs under /__control (read what arrived, script faults,
                           change guild members, send signed interactions)
  --help                   show this text`;

function rateLimit(raw: string): DiscordRateLimit | false {
  if (raw.trim().toLowerCase() === 'off') return false;
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(raw.trim());
  const limit = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (match === null || limit < 1 || !(seconds > 0))
    throw new CliError(`--rate-limit needs <requests>/<seconds> (e.g. 5/2) or off, got '${raw}'`);
  return { limit, windowMs: Math.round(seconds * 1000) };
}

function port(raw: string): number {
  const parsed = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(parsed) || parsed < 0 || parsed > 65_535)
    throw new CliError(`--port needs a whole number from 0 to 65535, got '${raw}'`);
  return parsed;
}

export function parseDiscordStandInCli(args: readonly string[]): DiscordStandInCli {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'rate-limit': { type: 'string' },
        strict: { type: 'boolean' },
        control: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const options: DiscordStandInOptions = {};
  if (values.port !== undefined) options.port = port(values.port);
  if (values.host !== undefined) options.host = values.host;
  if (values['rate-limit'] !== undefined) options.rateLimit = rateLimit(values['rate-limit']);
  if (values.strict === true) options.acceptUnknownWebhooks = false;
  if (values.control === true) options.control = true;
  return { options, help: values.help === true };
}
