import type { Dialect } from '#server/db/client.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { createTestApp, type createManualClock, type TestApp } from './app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * An app that first synced the simulated clan 40 days before `now` and again at `now`: it saw the
 * clan's competitions before they ended, so it holds their standings, winners and points. The clock
 * is left at `now`.
 */
export async function createAppWithClanHistory(
  dialect: Dialect,
  clock: ReturnType<typeof createManualClock>,
  now: string,
): Promise<{ t: TestApp; simulator: WomSimulator }> {
  // Tests pace nothing (testConfig); WOM's limit has the simulator's own tests.
  const simulator = await startSimulator({ members: 25, seed: 5, clock, rateLimit: false });
  const t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
  for (const at of [new Date(Date.parse(now) - 40 * DAY).toISOString(), now]) {
    clock.set(at);
    const result = await t.sync();
    if (result.outcome !== 'succeeded') throw new Error(`the sync at ${at} failed: ${result.error}`);
  }
  return { t, simulator };
}
