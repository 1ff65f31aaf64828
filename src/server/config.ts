import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#core/auth/auth.schema.ts';
import { DEFAULT_PROFILE } from '#core/clan/default-rules.ts';
import { normalHost } from '#core/http/site-hosts.ts';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const flag = z.stringbool();

/** Well above the six connections a browser opens to a site, so a household or an office NAT fits. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 64;

/** The named ranges Fastify's proxy-addr understands, besides addresses and CIDR blocks. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `false` (no proxy), `true` (one hop: the proxy in front of the server), a hop count, or a
 * comma-separated list of the proxies' addresses and CIDR blocks. Trusting every hop is not offered:
 * a client's own X-Forwarded-For would then choose the address that rate limits count.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): TrustProxy => {
    const asFlag = flag.safeParse(value);
    if (asFlag.success) return asFlag.data ? 1 : 0;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDR blocks',
    });
    return z.NEVER;
  });

/**
 * Where visitors reach the site, e.g. `https://clan.example`: a scheme and a host (and port), read
 * as its origin. No path: the site's pages, API and assets live at the root.
 */
const publicUrlSchema = z.url({ protocol: /^https?$/ }).transform((value, ctx) => {
  const url = new URL(value);
  if (
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  )
    return url.origin;
  ctx.addIssue({ code: 'custom', message: 'must be http(s)://host[:port] with no path, query or login' });
  return z.NEVER;
});

/**
 * Other hosts the site may be reached at without PUBLIC_URL, comma-separated: `name` (at any port)
 * or `name:port`; the Dink addresses it hands out are made on these only (besides its own).
 */
const allowedHostsSchema = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const hosts = entries.map(normalHost);
  const bad = entries.filter((_, i) => hosts[i] === null);
  if (bad.length === 0) return hosts as string[];
  ctx.addIssue({ code: 'custom', message: `not a host or host:port: ${bad.join(', ')}` });
  return z.NEVER;
});

/** Requests a minute without a key, and with one; `false`: no limit. */
export type SimulatorRateLimit = { withoutKey: number; withKey: number } | false;

/**
 * The demo WOM's limit: `off`, or requests a minute without an API key (a key gets five times as
 * many, WOM's own ratio). Default 20, WOM's own, so demo mode exercises the site's pacing.
 */
const simulatorRateLimitSchema = z
  .string()
  .trim()
  .default('20')
  .transform((value, ctx): SimulatorRateLimit => {
    if (value.toLowerCase() === 'off') return false;
    if (/^\d+$/.test(value) && Number(value) > 0)
      return { withoutKey: Number(value), withKey: Number(value) * 5 };
    ctx.addIssue({ code: 'custom', message: 'must be off or a whole number of requests a minute' });
    return z.NEVER;
  });

const envSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .default('sqlite:data/clan.db')
    .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
      message: 'must start with sqlite: or postgres://',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: trustProxySchema,
  SESSION_TTL_DAYS: positiveInt(30),
  REQUEST_TIMEOUT_SECONDS: positiveInt(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(5),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  PUBLIC_URL: publicUrlSchema.optional(),
  ALLOWED_HOSTS: allowedHostsSchema.optional(),

  ADMIN_USERNAME: z.string().trim().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .optional(),

  CLAN_NAME: z.string().trim().min(1).max(60).default(DEFAULT_PROFILE.name),
  CLAN_FOUNDED: z.iso.date().default(DEFAULT_PROFILE.founded),
  CLAN_HOME_WORLD: z.coerce.number().int().min(1).max(999).default(DEFAULT_PROFILE.home_world),
  CLAN_DISCORD_URL: z
    .url({ protocol: /^https?$/ })
    .max(200)
    .optional(),
  CLAN_MIN_TOTAL_SKILLER: positiveInt(DEFAULT_PROFILE.requirements.skiller),
  CLAN_MIN_TOTAL_IRONMAN: positiveInt(DEFAULT_PROFILE.requirements.ironman),
  CLAN_MIN_TOTAL_REGULAR: positiveInt(DEFAULT_PROFILE.requirements.regular),

  WOM_GROUP_ID: z.coerce.number().int().positive().optional(),
  WOM_API_KEY: z.string().trim().optional(),
  WOM_BASE_URL: z.url().default('https://api.wiseoldman.net/v2'),
  WOM_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().optional(),
  WOM_RESULTS_GRACE_MINUTES: z.coerce.number().int().min(0).default(60),
  WOM_PLAYER_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  ICON_BASE_URL: z.url().default('https://wiseoldman.net/img/runescape/icons_small'),
  ICON_CACHE_DIR: z.string().trim().optional(),
  DEMO_MEMBERS: z.coerce.number().int().min(1).max(2000).default(150),
  DEMO_SEED: z.coerce.number().int().default(1),
  DEMO_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DEMO_SIMULATOR_CONTROL: flag.default(false),
  DEMO_SIMULATOR_RATE_LIMIT: simulatorRateLimitSchema,

  SYNC_INTERVAL_MINUTES: positiveInt(60),
  PLAYER_WATCH_INTERVAL_HOURS: positiveInt(24),
  PLAYER_WATCH_URL: z.url().optional(),
  ANNIVERSARY_INTERVAL_HOURS: positiveInt(24),
  BACKUP_DIR: z.string().trim().optional(),
  BACKUP_INTERVAL_HOURS: positiveInt(24),
  BACKUP_KEEP_DAILY: positiveInt(7),
  BACKUP_KEEP_WEEKLY: positiveInt(4),
  BACKUP_KEEP_MONTHLY: positiveInt(6),
  JOB_LEASE_SECONDS: positiveInt(30),

  DISCORD_API_BASE_URL: z.url().optional(),
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be the application's public key: 64 hexadecimal characters")
    .optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{1,20}$/, "must be the application's id: digits")
    .optional(),
  DISCORD_BOT_TOKEN: z.string().trim().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional(),
  DISCORD_GUILD_ID: z
    .string()
    .regex(/^\d{1,20}$/, "must be the server's id: digits")
    .optional(),
  DISCORD_OAUTH_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
  DISCORD_DELIVERY_INTERVAL_SECONDS: positiveInt(5),

  DINK_IMAGE_MEMBER_MB: positiveInt(100),
  DINK_IMAGE_SITE_MB: positiveInt(2048),
  DINK_PROCESS_INTERVAL_SECONDS: positiveInt(2),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the server reads. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as Array<keyof Env>;

/** Proxy hops whose X-Forwarded-* headers are believed (0: none), or the proxies' addresses and ranges. */
export type TrustProxy = number | string[];

export type DatabaseTarget =
  { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; connectionString: string };

export interface Config {
  host: string;
  port: number;
  database: DatabaseTarget;
  logLevel: Env['LOG_LEVEL'];
  /** Readable lines for a person at a terminal, or one JSON object a line for log collectors. */
  logFormat: NonNullable<Env['LOG_FORMAT']>;
  trustProxy: TrustProxy;
  /** PUBLIC_URL's origin: the one origin mutations may come from; https makes the session cookie Secure. */
  publicOrigin: string | null;
  /** ALLOWED_HOSTS: other hosts the site hands out Dink addresses on without PUBLIC_URL. */
  allowedHosts: string[];
  /** What keeps slow or greedy clients from holding the server's connections. */
  connections: {
    /** Time a client has to send a whole request, headers and body, before it is answered 408. */
    requestTimeoutMs: number;
    /** How long a kept-alive connection may sit idle waiting for its next request. */
    keepAliveTimeoutMs: number;
    /** Connections one peer address may hold at once; 0: no cap. */
    maxPerAddress: number;
  };
  sessionTtlDays: number;
  firstAdmin: { username: string; password: string } | null;
  clan: {
    name: string;
    founded: string;
    homeWorld: number;
    discordUrl: string | null;
    requirements: { skiller: number; ironman: number; regular: number };
  };
  wom: {
    groupId: number | null;
    apiKey: string | null;
    baseUrl: string;
    requestsPerMinute: number;
    /** Time WOM gets after a competition ends for its final update before points are given. */
    resultsGraceMs: number;
    /** How long a player's stored stats are served before Wise Old Man is asked again. */
    playerCacheMs: number;
  };
  demo: {
    members: number;
    seed: number;
    simulatorPort: number;
    simulatorControl: boolean;
    simulatorRateLimit: SimulatorRateLimit;
  };
  /** The upstream the site fetches each game icon from, once. */
  iconBaseUrl: string;
  /** Where fetched icons are kept, so a restart or another instance need not fetch them again. */
  iconCacheDir: string;
  /** Scheduled backups (issue 33): where they go, how often, and how many of each age are kept. */
  backups: {
    dir: string;
    intervalHours: number;
    keep: { daily: number; weekly: number; monthly: number };
  };
  jobs: {
    syncIntervalMinutes: number;
    playerWatchIntervalHours: number;
    playerWatchUrl: string | null;
    anniversaryIntervalHours: number;
    /** How long a job's lease outlives its holder's last heartbeat; a crashed run is taken over after it. */
    leaseTtlMs: number;
  };
  discord: {
    /**
     * Another address that serves Discord's webhook API (the stand-in in tests and demo mode): route
     * URLs under it are accepted besides discord.com's.
     */
    apiBaseUrl: string | null;
    /** How often the delivery job looks for news to post. */
    deliveryIntervalMs: number;
    /** The site's address for links in Discord messages: PUBLIC_URL, else this server's local one. */
    siteUrl: string;
    /**
     * The Discord application as a fresh database starts from it (issue 32): the dashboard's Discord
     * tab owns these settings after that. Secrets (bot token, client secret) are never logged.
     */
    app: {
      applicationId: string | null;
      /** The Ed25519 public key (hex) its interactions are signed with; null without commands. */
      publicKey: string | null;
      botToken: string | null;
      clientSecret: string | null;
      guildId: string | null;
      oauthAuthorizeUrl: string;
    };
  };
  dink: {
    /** Screenshot storage per member (their oldest make room) and for the whole site (then none kept). */
    imageCaps: { memberBytes: number; siteBytes: number };
    /** How often the moments job looks for new posts. */
    processIntervalMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path === '')
      throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:data/clan.db');
    return { dialect: 'sqlite', path };
  }
  return { dialect: 'postgres', connectionString: url };
}

/**
 * Scheduled backups go where `npm run backup` puts them: `backups/` beside the data folder (so a data
 * folder wiped or moved does not take them along); with PostgreSQL, `backups/` in the working folder.
 */
function defaultBackupDir(database: DatabaseTarget): string {
  const onDisk = database.dialect === 'sqlite' && database.path !== ':memory:';
  return onDisk ? join(dirname(dirname(resolve(database.path))), 'backups') : 'backups';
}

/** Icons live beside the SQLite file (the site's data folder); with PostgreSQL, in data/icons. */
function defaultIconCacheDir(database: DatabaseTarget): string {
  const onDisk = database.dialect === 'sqlite' && database.path !== ':memory:';
  return join(onDisk ? dirname(database.path) : 'data', 'icons');
}

/**
 * `NAME=` in .env (as .env.example ships most optional variables) means "not set": dropping blank
 * values here gives every variable its default or leaves it unset, so no schema needs its own case.
 */
function withoutBlankValues(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

/**
 * Reads and validates every environment variable the server uses. This is the only place that reads
 * process.env; a bad value stops start-up with a message naming the variable. `stdoutIsTerminal`
 * picks the log format when LOG_FORMAT is unset: a person is watching a terminal, a collector a pipe.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(withoutBlankValues(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;

  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    const missing = env.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither`,
    );
  }

  const apiKey = env.WOM_API_KEY ?? null;
  const database = parseDatabaseUrl(env.DATABASE_URL);
  return {
    host: env.HOST,
    port: env.PORT,
    database,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    trustProxy: env.TRUST_PROXY,
    publicOrigin: env.PUBLIC_URL ?? null,
    allowedHosts: env.ALLOWED_HOSTS ?? [],
    connections: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      // Behind a trusted proxy every connection comes from the proxy: a cap per peer would cap the site.
      maxPerAddress:
        env.MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY === 0 ? DEFAULT_CONNECTIONS_PER_ADDRESS : 0),
    },
    sessionTtlDays: env.SESSION_TTL_DAYS,
    firstAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : null,
    clan: {
      name: env.CLAN_NAME,
      founded: env.CLAN_FOUNDED,
      homeWorld: env.CLAN_HOME_WORLD,
      discordUrl: env.CLAN_DISCORD_URL ?? null,
      requirements: {
        skiller: env.CLAN_MIN_TOTAL_SKILLER,
        ironman: env.CLAN_MIN_TOTAL_IRONMAN,
        regular: env.CLAN_MIN_TOTAL_REGULAR,
      },
    },
    wom: {
      groupId: env.WOM_GROUP_ID ?? null,
      apiKey,
      baseUrl: env.WOM_BASE_URL,
      // WOM allows 20 requests a minute without a key and 100 with one (reference/wom-api.md §4.1).
      requestsPerMinute: env.WOM_REQUESTS_PER_MINUTE ?? (apiKey ? 100 : 20),
      resultsGraceMs: env.WOM_RESULTS_GRACE_MINUTES * 60_000,
      playerCacheMs: env.WOM_PLAYER_CACHE_SECONDS * 1000,
    },
    demo: {
      members: env.DEMO_MEMBERS,
      seed: env.DEMO_SEED,
      simulatorPort: env.DEMO_SIMULATOR_PORT,
      simulatorControl: env.DEMO_SIMULATOR_CONTROL,
      simulatorRateLimit: env.DEMO_SIMULATOR_RATE_LIMIT,
    },
    iconBaseUrl: env.ICON_BASE_URL,
    iconCacheDir: env.ICON_CACHE_DIR ?? defaultIconCacheDir(database),
    backups: {
      dir: env.BACKUP_DIR ?? defaultBackupDir(database),
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: {
        daily: env.BACKUP_KEEP_DAILY,
        weekly: env.BACKUP_KEEP_WEEKLY,
        monthly: env.BACKUP_KEEP_MONTHLY,
      },
    },
    jobs: {
      syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
      playerWatchIntervalHours: env.PLAYER_WATCH_INTERVAL_HOURS,
      playerWatchUrl: env.PLAYER_WATCH_URL ?? null,
      anniversaryIntervalHours: env.ANNIVERSARY_INTERVAL_HOURS,
      leaseTtlMs: env.JOB_LEASE_SECONDS * 1000,
    },
    discord: {
      apiBaseUrl: env.DISCORD_API_BASE_URL ?? null,
      deliveryIntervalMs: env.DISCORD_DELIVERY_INTERVAL_SECONDS * 1000,
      siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      app: {
        applicationId: env.DISCORD_APPLICATION_ID ?? null,
        publicKey: env.DISCORD_PUBLIC_KEY ?? null,
        botToken: env.DISCORD_BOT_TOKEN ?? null,
        clientSecret: env.DISCORD_CLIENT_SECRET ?? null,
        guildId: env.DISCORD_GUILD_ID ?? null,
        oauthAuthorizeUrl: env.DISCORD_OAUTH_AUTHORIZE_URL,
      },
    },
    dink: {
      imageCaps: {
        memberBytes: env.DINK_IMAGE_MEMBER_MB * 1024 * 1024,
        siteBytes: env.DINK_IMAGE_SITE_MB * 1024 * 1024,
      },
      processIntervalMs: env.DINK_PROCESS_INTERVAL_SECONDS * 1000,
    },
  };
}

/** Reads `.env` from the working directory when there is one; variables already set win. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** Demo mode: no WOM group configured, so the built-in simulator feeds the site. */
export function isDemoMode(config: Config): boolean {
  return config.wom.groupId === null;
}
