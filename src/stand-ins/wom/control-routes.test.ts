import { afterEach, describe, expect, it } from 'vitest';
import { call, post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';

interface PlayerDetailsJson {
  latestSnapshot: { data: { skills: Record<string, { experience: number }> } } | null;
}

let simulator: WomSimulator | null = null;
afterEach(async () => {
  await simulator?.close();
  simulator = null;
});

async function start(control: boolean): Promise<WomSimulator> {
  simulator = await startSimulator({ members: 5, clock: manualClock('2026-11-21T12:00:00.000Z'), control });
  return simulator;
}

const fishingOf = async (sim: WomSimulator, playerId: number) =>
  (await call<PlayerDetailsJson>(`${sim.url}/players/id/${playerId}`)).body.latestSnapshot?.data.skills
    .fishing?.experience ?? 0;

describe('the simulator control routes', () => {
  it('give a player XP over HTTP', async () => {
    const sim = await start(true);
    const playerId = sim.memberIds()[0]!;
    const before = await fishingOf(sim, playerId);
    const reply = await post(`${sim.origin}/__control/gain-experience`, {
      playerId,
      skill: 'fishing',
      xp: 5000,
    });
    expect(reply.status).toBe(200);
    expect(await fishingOf(sim, playerId)).toBeGreaterThanOrEqual(before + 5000);
  });

  it('refuse a bad request with 400 and change nothing', async () => {
    const sim = await start(true);
    const playerId = sim.memberIds()[0]!;
    const before = await fishingOf(sim, playerId);
    for (const body of [
      { playerId, skill: 'overall', xp: 5 },
      { playerId, skill: 'fishing' },
      { down: 'yes' },
    ]) {
      const path = 'down' in body ? 'faults' : 'gain-experience';
      expect((await post(`${sim.origin}/__control/${path}`, body)).status).toBe(400);
    }
    expect(await fishingOf(sim, playerId)).toBe(before);
  });

  it('take WOM down and bring it back, answering even while WOM is down', async () => {
    const sim = await start(true);
    expect((await post(`${sim.origin}/__control/faults`, { down: true })).status).toBe(200);
    expect((await call(`${sim.url}/groups/${sim.groupId}`)).status).toBe(503);
    expect((await post(`${sim.origin}/__control/faults/reset`)).status).toBe(200);
    expect((await call(`${sim.url}/groups/${sim.groupId}`)).status).toBe(200);
  });

  it('are not served unless the simulator was started with them', async () => {
    const sim = await start(false);
    const playerId = sim.memberIds()[0]!;
    const reply = await post(`${sim.origin}/__control/gain-experience`, {
      playerId,
      skill: 'fishing',
      xp: 5000,
    });
    expect(reply.status).toBe(404);
    expect((await post(`${sim.origin}/__control/faults`, { down: true })).status).toBe(404);
    expect((await call(`${sim.url}/groups/${sim.groupId}`)).status).toBe(200);
  });
});
