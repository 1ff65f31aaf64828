import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, womSyncDeps } from '#server/app.ts';
import { baselineBackfillJob } from '#server/features/baseline-backfill/baseline-backfill.job.ts';
import { anniversariesJob } from '#server/features/clan-news/anniversaries.job.ts';
import { clanNewsJob } from '#server/features/clan-news/clan-news.job.ts';
import { DISCORD_DELIVERY, discordDeliveryJob } from '#server/features/discord/discord-delivery.job.ts';
import { discordRolesJob } from '#server/features/discord-home/discord-roles.job.ts';
import { dinkMomentsJob } from '#server/features/dink/dink-moments.job.ts';
import { playerWatchJob } from '#server/features/player-watch/player-watch.job.ts';
import { WOM_SYNC, womSyncJob, type WomSyncDeps } from '#server/features/wom-sync/wom-sync.service.ts';
import type { RunResult } from '#server/jobs/job.ts';
import { createJobRunner, type JobRunner } from '#server/jobs/job-runner.ts';
import { createWomGateway } from '#server/wom/create-gateway.ts';
import type { WomGateway } from '#server/wom/wom-gateway.ts';
import { systemClock, type Clock } from '#shared/clock.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Dialect } from '#server/db/client.ts';
import { upsertAdminAccount } from '#server/features/users/accounts.service.ts';
import { hashPassword } from '#server/features/users/passwords.ts';
import { insertUser } from '#server/features/users/users.repository.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** A clock the test moves by hand. */
export function createManualClock(
  start = '2026-11-21T12:00:00.000Z',
): Clock & { advance(ms: number): void; set(iso: string): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(iso) {
      now = new Date(iso).getTime();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  // Tests pace nothing: the limiter has its own tests, and 20 a minute would stall a suite.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WOM_REQUESTS_PER_MINUTE: '10000', ...env });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ReturnType<typeof createManualClock>;
  /** What this app's WOM sync job body uses. */
  womSync: WomSyncDeps;
  /** The app's job runner, running the WOM sync and the player-watch import as main.ts does. */
  jobs: JobRunner;
  /** Runs one WOM sync to the end; throws if another one holds the lease. */
  sync(): Promise<RunResult>;
  /** Runs the Discord delivery job once to the end; throws if another run holds the lease. */
  deliver(): Promise<RunResult>;
  /** Runs the named job once to the end; throws if another run holds its lease. */
  runJob(name: string): Promise<RunResult>;
  /** Waits for the app's runs, then closes the app and removes the database. */
  close(): Promise<void>;
}

/** Nothing listens on the discard port: a test that did not expect WOM traffic fails loudly. */
const UNREACHABLE_WOM = 'http://127.0.0.1:9/v2';

export interface TestAppOptions {
  env?: Record<string, string>;
  webRoot?: string;
  /**
   * Point the app at a running simulator, through `gateway` when given (e.g. one whose limiter
   * runs on virtual time); without it any WOM call fails.
   */
  wom?: { url: string; groupId: number; gateway?: WomGateway };
  clock?: ReturnType<typeof createManualClock>;
  /** Names this app in job leases, as a process's random id would. */
  instanceId?: string;
  /** The job lease's time-to-live; the runner's default when absent. */
  leaseTtlMs?: number;
  /** The job leases' clock, for a test that decides when a lease lapses; the system clock when absent. */
  leaseClock?: Clock;
  /** Receives the line each saved WOM sync logs. */
  syncLog?: { info(message: string): void };
  /** Slash commands' answers wait this long before being deferred (0: every one is). */
  interactionDeferMs?: number;
}

export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  return createTestAppOn(database, options);
}

/** An app on an existing database, e.g. a second instance sharing one PostgreSQL. */
export async function createTestAppOn(
  database: TestDatabase,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const clock = options.clock ?? createManualClock();
  const config = testConfig(options.env);
  const wom = {
    // Pacing is about real time: a manual clock that never moves would stall the limiter.
    gateway:
      options.wom?.gateway ?? createWomGateway(config, systemClock, options.wom?.url ?? UNREACHABLE_WOM),
    groupId: options.wom?.groupId ?? 1,
  };
  const womSync = { ...womSyncDeps({ config, database, wom }), log: options.syncLog };
  const jobs = createJobRunner({
    db: database.db,
    clock,
    instanceId: options.instanceId ?? 'test-instance',
    jobs: [
      womSyncJob(womSync),
      playerWatchJob({ db: database.db, url: config.jobs.playerWatchUrl }),
      baselineBackfillJob({ db: database.db, gateway: wom.gateway }),
      discordDeliveryJob({ db: database.db, siteUrl: config.discord.siteUrl }),
      discordRolesJob({ db: database.db, config }),
      anniversariesJob({ db: database.db }),
      clanNewsJob({ db: database.db, gateway: wom.gateway }),
      dinkMomentsJob({ db: database.db }),
    ],
    leaseTtlMs: options.leaseTtlMs,
    leaseClock: options.leaseClock,
  });
  const runJob = async (name: string) => {
    const started = await jobs.start(name, null);
    if (started.status === 'busy') throw new Error(`a ${name} run is already running`);
    return started.done;
  };
  const app = await buildApp({
    config,
    database,
    clock,
    wom,
    jobs,
    webRoot: options.webRoot ?? null,
    logger: false,
    interactionDeferMs: options.interactionDeferMs,
  });
  return {
    app,
    database,
    clock,
    womSync,
    jobs,
    async sync() {
      const started = await jobs.start(WOM_SYNC, null);
      if (started.status === 'busy') throw new Error('a sync is already running');
      return started.done;
    },
    deliver() {
      return runJob(DISCORD_DELIVERY);
    },
    runJob,
    async close() {
      await jobs.stop();
      await app.close();
      await database.destroy();
    },
  };
}

export const TEST_PASSWORD = 'correct-horse';

/** Adds a user straight to the database. */
export async function createUser(
  testApp: TestApp,
  username: string,
  options: { admin?: boolean; password?: string } = {},
) {
  const now = testApp.clock.now().toISOString();
  if (options.admin) {
    const { user } = await upsertAdminAccount(
      { db: testApp.database.db, clock: testApp.clock },
      { username, password: options.password ?? TEST_PASSWORD },
      { userId: null, label: 'test' },
    );
    return user;
  }
  const row = await insertUser(testApp.database.db, {
    username,
    password_hash: await hashPassword(options.password ?? TEST_PASSWORD),
    is_admin: false,
    join_date: now.slice(0, 10),
    created_at: now,
    updated_at: now,
  });
  return { id: row.id, username: row.username };
}

/** Logs in through the API and returns the Cookie header value for later requests. */
export async function loginAs(testApp: TestApp, username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'clan_session');
  if (!cookie) throw new Error('login set no session cookie');
  return `clan_session=${cookie.value}`;
}

export function inject(testApp: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  return testApp.app.inject(options);
}
