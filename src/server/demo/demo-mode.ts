import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { bumpRevision } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { WOM_SYNC } from '../features/wom-sync/wom-sync.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { startSimulator, type WomSimulator } from '../simulator/index.ts';

/** The system clock moved by an offset; demo mode uses it to replay a month of history once. */
export class ShiftableClock implements Clock {
  offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/** How much clan history the first demo start shows (gains, finished events, points). */
const DEMO_HISTORY_DAYS = 30;

/** Demo mode's WOM: the simulator on a loopback port, serving a generated clan. */
export async function startDemoWom(config: Config, clock: ShiftableClock): Promise<WomSimulator> {
  return startSimulator({
    seed: config.demo.seed,
    members: config.demo.members,
    clock,
    port: config.demo.simulatorPort,
    control: config.demo.simulatorControl,
  });
}

/**
 * Demo mode imports the simulator's player-watch list (it names a few of the generated members), unless
 * PLAYER_WATCH_URL names another one.
 */
export function withSimulatorWatchList(config: Config, simulator: Pick<WomSimulator, 'origin'>): Config {
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
 * So the first sync runs as if it were 30 days ago (the simulator and the job runner share the
 * shifted clock), and the regular sync that follows sees a month of gains, results and points. The
 * members that sync brings in whose ids are in `altIds` are then flagged as alts.
 */
export async function seedDemoHistory(
  db: Kysely<Database>,
  jobs: JobRunner,
  clock: ShiftableClock,
  log: FastifyBaseLogger,
  altIds: readonly number[],
): Promise<void> {
  const anyMember = await db.selectFrom('members').select('wom_id').limit(1).executeTakeFirst();
  if (anyMember) return;
  clock.offsetMs = -DEMO_HISTORY_DAYS * 24 * 60 * 60 * 1000;
  try {
    const started = await jobs.start(WOM_SYNC, null);
    if (started.status === 'started') {
      const result = await started.done;
      if (result.outcome === 'failed') log.warn(`Could not seed the demo history: ${result.error}`);
    }
  } finally {
    clock.offsetMs = 0;
  }
  await flagDemoAlts(db, altIds);
}
