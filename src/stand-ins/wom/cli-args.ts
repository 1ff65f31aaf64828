import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from '#shared/stand-in-cli.ts';
import type { SimulatorFaults, SimulatorOptions } from './index.ts';
import { WOM_RATE_LIMIT, type RateLimit } from './rate-limit.ts';

/** What `npm run simulator` was asked for: the clan, where to serve it, and which faults to inject. */
export interface SimulatorCli {
  options: SimulatorOptions;
  faults: SimulatorFaults;
  /** How many of the first requests answer 429, and the Retry-After they carry. */
  forced429: number;
  retryAfterSeconds: number;
  /** Seconds after start when every request starts answering an HTML 503; null: never. */
  downAfterSeconds: number | null;
  /** How long that lasts; null: until the simulator stops. */
  downForSeconds: number | null;
  help: boolean;
}

interface OptionSpec {
  /** The long flag without its dashes, as parseArgs names it. */
  name: string;
  /** Shown in the usage, e.g. '<ms>'; absent for a switch. */
  value?: string;
  help: string;
  apply(cli: SimulatorCli, raw: string, flag: string): void;
}

function wholeNumber(raw: string, flag: string, min: number, max: number): number {
  const parsed = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new CliError(`${flag} needs a whole number from ${min} to ${max}, got '${raw}'`);
  return parsed;
}

function share(raw: string, flag: string): number {
  const parsed = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new CliError(`${flag} needs a number from 0 to 1, got '${raw}'`);
  return parsed;
}

function switchValue(raw: string, flag: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['', '1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new CliError(`${flag} is a switch: use 1/true or 0/false, got '${raw}'`);
}

/** '20' is WOM's own ratio (a key allows five times as many); '20,100' sets both; 'off' turns it off. */
function rateLimits(raw: string, flag: string): RateLimit {
  if (raw.trim().toLowerCase() === 'off') return false;
  const [withoutKey, withKey, extra] = raw.split(',');
  if (withoutKey === undefined || extra !== undefined)
    throw new CliError(`${flag} needs <per minute>, <without key>,<with key> or off, got '${raw}'`);
  const anonymous = wholeNumber(withoutKey, flag, 1, 1_000_000);
  return {
    withoutKey: anonymous,
    withKey: withKey === undefined ? anonymous * 5 : wholeNumber(withKey, flag, 1, 1_000_000),
  };
}

const DAY_SECONDS = 86_400;

const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'port',
    value: '<port>',
    help: 'port to listen on (default 4010; 0 picks a free one)',
    apply: (cli, raw, flag) => {
      cli.options.port = wholeNumber(raw, flag, 0, 65_535);
    },
  },
  {
    name: 'host',
    value: '<host>',
    help: 'address to listen on (default 127.0.0.1)',
    apply: (cli, raw, flag) => {
      if (raw.trim() === '') throw new CliError(`${flag} needs a host name or address`);
      cli.options.host = raw.trim();
    },
  },
  {
    name: 'members',
    value: '<count>',
    help: 'clan size, 1 to 2000 (default 150)',
    apply: (cli, raw, flag) => {
      cli.options.members = wholeNumber(raw, flag, 1, 2_000);
    },
  },
  {
    name: 'seed',
    value: '<n>',
    help: 'the same seed generates the same clan (default 1)',
    apply: (cli, raw, flag) => {
      cli.options.seed = wholeNumber(raw, flag, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    },
  },
  {
    name: 'group-id',
    value: '<id>',
    help: 'the WOM group id to answer for (default 1234)',
    apply: (cli, raw, flag) => {
      cli.options.groupId = wholeNumber(raw, flag, 1, Number.MAX_SAFE_INTEGER);
    },
  },
  {
    name: 'latency',
    value: '<ms>',
    help: 'delay before every response',
    apply: (cli, raw, flag) => {
      cli.faults.latencyMs = wholeNumber(raw, flag, 0, 600_000);
    },
  },
  {
    name: 'error-rate',
    value: '<0..1>',
    help: 'share of requests that fail with a 500',
    apply: (cli, raw, flag) => {
      cli.faults.errorRate = share(raw, flag);
    },
  },
  {
    name: 'rate-limit',
    value: '<n>[,<n>]|off',
    help: "WOM's per-minute limit without (and with) an API key (default 20,100, WOM's own); 429 beyond it",
    apply: (cli, raw, flag) => {
      cli.options.rateLimit = rateLimits(raw, flag);
    },
  },
  {
    name: 'force-429',
    value: '<count>',
    help: 'answer the first <count> requests with 429 and Retry-After',
    apply: (cli, raw, flag) => {
      cli.forced429 = wholeNumber(raw, flag, 0, 1_000_000);
    },
  },
  {
    name: 'retry-after',
    value: '<seconds>',
    help: 'Retry-After of the forced 429s (default 60)',
    apply: (cli, raw, flag) => {
      cli.retryAfterSeconds = wholeNumber(raw, flag, 0, DAY_SECONDS);
    },
  },
  {
    name: 'down',
    help: 'answer every request with an HTML 503, as an outage would',
    apply: (cli, raw, flag) => {
      if (switchValue(raw, flag)) cli.downAfterSeconds = 0;
    },
  },
  {
    name: 'down-after',
    value: '<seconds>',
    help: 'start the outage this long after start',
    apply: (cli, raw, flag) => {
      cli.downAfterSeconds = wholeNumber(raw, flag, 0, 365 * DAY_SECONDS);
    },
  },
  {
    name: 'down-for',
    value: '<seconds>',
    help: 'end the outage after this long (default: stays down)',
    apply: (cli, raw, flag) => {
      cli.downForSeconds = wholeNumber(raw, flag, 1, 365 * DAY_SECONDS);
    },
  },
  {
    name: 'hiscores-down',
    help: 'player updates answer 503 HISCORES_SERVICE_UNAVAILABLE',
    apply: (cli, raw, flag) => {
      cli.faults.hiscoresDown = switchValue(raw, flag);
    },
  },
];

export const USAGE = [
  'Usage: npm run simulator -- [options]',
  ...OPTIONS.map((option) => {
    const left = `  --${option.name}${option.value ? ` ${option.value}` : ''}`;
    return `${left.padEnd(28)} ${option.help}`;
  }),
  `  ${'--help'.padEnd(26)} show this text`,
].join('\n');

function defaults(): SimulatorCli {
  return {
    options: { port: 4010, rateLimit: { ...WOM_RATE_LIMIT } },
    faults: { latencyMs: 0, errorRate: 0, down: false, hiscoresDown: false },
    forced429: 0,
    retryAfterSeconds: 60,
    downAfterSeconds: null,
    downForSeconds: null,
    help: false,
  };
}

const PARSE_OPTIONS: ParseArgsConfig['options'] = {
  help: { type: 'boolean', short: 'h' },
  ...Object.fromEntries(
    OPTIONS.map((option) => [option.name, { type: option.value === undefined ? 'boolean' : 'string' }]),
  ),
};

/**
 * The simulator's settings from its arguments: `--flag value` or `--flag=value`, and a switch needs
 * no value (`--down=0` still turns it off). Throws CliError, naming the flag, on anything it does not
 * understand.
 */
export function parseSimulatorCli(args: readonly string[]): SimulatorCli {
  const cli = defaults();
  // Not strict: strict parsing refuses `--switch=0` and a value starting with a dash ('-5'), whose
  // messages should name the range instead; every token is checked here.
  const { tokens } = parseArgs({
    args: [...args],
    options: PARSE_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional') throw new CliError(`Unexpected argument '${token.value}'`);
    if (token.kind === 'option-terminator') throw new CliError("Unexpected argument '--'");
    if (token.name === 'help') {
      cli.help = true;
      continue;
    }
    const spec = OPTIONS.find((option) => option.name === token.name);
    if (spec === undefined) throw new CliError(`Unknown option ${token.rawName}`);
    const flag = `--${spec.name}`;
    // Without '=', parseArgs takes the next argument as the value even when it is the next flag.
    const missing = token.value === undefined || (!token.inlineValue && token.value.startsWith('--'));
    if (spec.value !== undefined && missing) throw new CliError(`${flag} needs a value`);
    spec.apply(cli, token.value ?? 'true', flag);
  }
  if (cli.downForSeconds !== null && cli.downAfterSeconds === null) cli.downAfterSeconds = 0;
  return cli;
}

function describeDowntime(cli: SimulatorCli): string {
  if (cli.downAfterSeconds === null) return 'none';
  const from = cli.downAfterSeconds === 0 ? 'from start' : `${cli.downAfterSeconds} s after start`;
  const until = cli.downForSeconds === null ? 'until stopped' : `for ${cli.downForSeconds} s`;
  return `HTML 503 ${from}, ${until}`;
}

/** The fault knobs as printed at start, so a run's conditions are in its log. */
export function describeFaults(cli: SimulatorCli): string[] {
  const limit = cli.options.rateLimit;
  return [
    `  latency:           ${cli.faults.latencyMs} ms`,
    `  error rate:        ${cli.faults.errorRate * 100}% of requests answer 500`,
    `  rate limit:        ${limit ? `${limit.withoutKey}/min without a key, ${limit.withKey}/min with one` : 'off'}`,
    `  forced 429s:       ${cli.forced429 > 0 ? `first ${cli.forced429}, Retry-After ${cli.retryAfterSeconds} s` : 'none'}`,
    `  downtime:          ${describeDowntime(cli)}`,
    `  hiscores:          ${cli.faults.hiscoresDown ? 'down (player updates answer 503)' : 'up'}`,
  ];
}
