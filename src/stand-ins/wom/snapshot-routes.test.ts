import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { GroupDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';

interface SnapshotJson {
  createdAt: string;
  data: { skills: { overall: { experience: number; level: number } } };
}

describe('player snapshot history', () => {
  let simulator: WomSimulator;
  let username: string;

  beforeAll(async () => {
    simulator = await startSimulator({ members: 5, seed: 4, clock: manualClock(NOW) });
    const group = await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`);
    username = group.body.memberships[0]!.player.username;
  });
  afterAll(() => simulator.close());

  const snapshots = (query: string) =>
    call<SnapshotJson[]>(`${simulator.url}/players/${encodeURIComponent(username)}/snapshots?${query}`);

  it('answers the snapshots in a window newest first, growing back in time, within the limit', async () => {
    const { status, body } = await snapshots(
      'startDate=2026-09-01T00:00:00.000Z&endDate=2026-10-01T00:00:00.000Z&limit=200',
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(1);
    const times = body.map((snapshot) => Date.parse(snapshot.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t >= Date.parse('2026-09-01') && t <= Date.parse('2026-10-01'))).toBe(true);
    const xp = body.map((snapshot) => snapshot.data.skills.overall.experience);
    expect(xp[0]).toBeGreaterThanOrEqual(xp[xp.length - 1]!);
    expect((await snapshots('startDate=2026-01-01T00:00:00.000Z&limit=3')).body).toHaveLength(3);
  });

  it("refuses what WOM refuses, in WOM's words", async () => {
    expect((await snapshots('limit=201')).status).toBe(400);
    const reversed = await snapshots('startDate=2026-10-01T00:00:00.000Z&endDate=2026-09-01T00:00:00.000Z');
    expect(reversed).toMatchObject({
      status: 400,
      body: { message: 'Min date must be before the max date.' },
    });
    const unknown = await call(`${simulator.url}/players/nobody%20here/snapshots`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Player not found.' } });
  });
});
