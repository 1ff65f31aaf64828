import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '#test/app.ts';
import type { WomSimulator } from '../simulator/index.ts';
import { startWomSync } from '../features/wom-sync/wom-sync.service.ts';
import { ShiftableClock, seedDemoHistory, startDemoWom } from './demo-mode.ts';

const log = { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

describe('demo mode', () => {
  let simulator: WomSimulator | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await simulator?.close();
  });

  it('replays a month of history on the first start, so members have clan XP and siege points', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '60' }), clock);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    const syncDeps = { ...t.womSync, clock };

    await seedDemoHistory(t.database.db, syncDeps, clock, log);
    expect(clock.offsetMs).toBe(0);
    const baseline = await t.database.db.selectFrom('members').select('created_at').execute();
    expect(baseline).toHaveLength(60);
    expect(Date.parse(baseline[0]!.created_at)).toBeLessThan(Date.now() - 29 * 24 * 60 * 60 * 1000);

    const started = await startWomSync(syncDeps, null);
    if (started.status !== 'started') throw new Error('busy');
    expect((await started.done).outcome).toBe('succeeded');

    const members = (await t.app.inject({ method: 'GET', url: '/api/members' })).json<
      Array<{ clan_xp: number; siege_score: number }>
    >();
    expect(members.filter((m) => m.clan_xp > 0).length).toBeGreaterThan(30);
    expect(members.some((m) => m.siege_score > 0)).toBe(true);
    const events = (await t.app.inject({ method: 'GET', url: '/api/events' })).json<
      Array<{ winner_username: string | null }>
    >();
    expect(events.some((e) => e.winner_username !== null)).toBe(true);
  });

  it('does not replay history once the clan has members', async () => {
    const clock = new ShiftableClock();
    simulator = await startDemoWom(testConfig({ DEMO_MEMBERS: '20' }), clock);
    t = await createTestApp('sqlite', { wom: { url: simulator.url, groupId: simulator.groupId } });
    await seedDemoHistory(t.database.db, { ...t.womSync, clock }, clock, log);
    const requests = simulator.requests.length;
    await seedDemoHistory(t.database.db, { ...t.womSync, clock }, clock, log);
    expect(simulator.requests).toHaveLength(requests);
  });
});
