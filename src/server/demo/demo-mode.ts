import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { bumpRevision } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { WOM_SYNC } from '../features/wom-sync/wom-sync.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { startDemoProcess } from './demo-process.ts';
import type { DemoWomReady, DemoWomSettings, ShiftClock } from './demo-wom-messages.ts';
import type { ShiftableClock } from './shiftable-clock.ts';

/** How much clan history the first demo start shows (gains, finished events, points). */
const DEMO_HISTORY_DAYS = 30;

/** Demo mode's WOM as the app sees it: the simulator in its own process, on a loopback port. */
export interface DemoWom {
  /** Base URL for the app, e.g. 'http://127.0.0.1:40123/v2'. */
  readonly url: string;
  readonly origin: string;
  readonly groupId: number;
  /** The simulated group's verification code: demo mode stores it, so events can create competitions. */
  readonly verificationCode: string;
  /** Members the generated clan knows as alts; WOM has no such field, so demo mode flags them itself. */
  altIds(): readonly number[];
  /** Moves the simulator's clock to the app's offset; resolves once it has moved. */
  shiftClock(offsetMs: number): Promise<void>;
  /** Stops the process; resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * Starts demo mode's WOM simulator as a child process running `entry` (dist/server/demo/
 * demo-wom-process.js beside the bundled server; the TypeScript source under tsx), so the generated
 * clan is not in the app's memory. Resolves once it listens.
 */
export async function startDemoWom(config: Config, entry: URL): Promise<DemoWom> {
  const settings: DemoWomSettings = {
    seed: config.demo.seed,
    members: config.demo.members,
    port: config.demo.simulatorPort,
    control: config.demo.simulatorControl,
    rateLimit: config.demo.simulatorRateLimit,
  };
  const simulator = await startDemoProcess<DemoWomReady, ShiftClock, null>(
    entry,
    "The demo's WOM simulator",
    settings,
  );
  const { ready } = simulator;
  return {
    url: ready.url,
    origin: ready.origin,
    groupId: ready.groupId,
    verificationCode: ready.verificationCode,
    altIds: () => ready.altIds,
    shiftClock: async (offsetMs) => {
      await simulator.ask({ offsetMs });
    },
    close: () => simulator.close(),
  };
}

/**
 * Demo mode imports the simulator's player-watch list (it names a few of the generated members), unless
 * PLAYER_WATCH_URL names another one.
 */
export function withSimulatorWatchList(config: Config, simulator: Pick<DemoWom, 'origin'>): Config {
  if (config.jobs.playerWatchUrl !== null) return config;
  return { ...config, jobs: { ...config.jobs, playerWatchUrl: `${simulator.origin}/player-watch.json` } };
}

/**
 * Flags the simulated clan's alts. Whether an account is an alt is the site's own knowledge (WOM has
 * no such field, and the sync stores every new member as a main), so demo mode sets it once, as an
 * admin of a real clan would.
 */
async function flagDemoAlts(db: Kysely<Database>, altIds: readonly number[]): Promise<void> {
  if (altIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('members').set({ alt: true }).where('wom_id', 'in', altIds.map(String)).execute();
    await bumpRevision(trx, 'members');
  });
}

/**
 * On the very first demo start the clan has no history: every member would join now with 0 clan XP.
 * So the first sync runs as if it were 30 days ago (the job runner's clock and the simulator's are
 * moved back together), and the regular sync that follows sees a month of gains, results and points.
 * The members that sync brings in whose ids are the simulator's alts are then flagged as alts.
 */
export async function seedDemoHistory(
  db: Kysely<Database>,
  jobs: JobRunner,
  clock: ShiftableClock,
  log: FastifyBaseLogger,
  wom: Pick<DemoWom, 'altIds' | 'shiftClock'>,
): Promise<void> {
  const anyMember = await db.selectFrom('members').select('wom_id').limit(1).executeTakeFirst();
  if (anyMember) return;
  const back = -DEMO_HISTORY_DAYS * 24 * 60 * 60 * 1000;
  clock.offsetMs = back;
  try {
    await wom.shiftClock(back);
    const started = await jobs.start(WOM_SYNC, null);
    if (started.status === 'started') {
      const result = await started.done;
      if (result.outcome === 'failed') log.warn(`Could not seed the demo history: ${result.error}`);
    }
  } finally {
    clock.offsetMs = 0;
  }
  await wom.shiftClock(0);
  await flagDemoAlts(db, wom.altIds());
}
