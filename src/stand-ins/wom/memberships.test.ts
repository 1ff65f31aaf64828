import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordedJson } from '#test/recorded-wom.ts';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { BulkHiscoresRow, GroupDetailsJson, PlayerDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const DAY = 86_400_000;
/** The real WOM's answer for a member it never updated. */
const RECORDED_NEVER_UPDATED = recordedJson<PlayerDetailsJson>('player-by-id.never-updated.json');
const WHO = ['id', 'username', 'displayName', 'registeredAt', 'country'];
/** Everything in it but who the player is, and when and where they registered. */
const NEVER_UPDATED = Object.fromEntries(
  Object.entries(RECORDED_NEVER_UPDATED).filter(([field]) => !WHO.includes(field)),
);

describe('memberships as the real WOM keeps them', () => {
  let simulator: WomSimulator;
  let clock: ManualClock;
  let group: string;
  const details = async () => (await call<GroupDetailsJson>(group)).body;

  beforeAll(async () => {
    clock = manualClock(NOW);
    simulator = await startSimulator({ clock, rateLimit: false });
    group = `${simulator.url}/groups/${simulator.groupId}`;
  });
  afterAll(() => simulator.close());
  afterEach(() => clock.set(NOW));

  it('learns join days from RuneLite later: none at first, then some, all at once per clan sync', async () => {
    const recorded = (moment: string) =>
      recordedJson<GroupDetailsJson>(`group-details.${moment}.json`).memberships.filter(
        (m) => m.clientSyncJoinedAt !== null,
      ).length;
    expect([recorded('first-sync'), recorded('after-changes')]).toEqual([0, 2]);
    clock.set(Date.parse(NOW) - 30 * DAY);
    const first = await details();
    expect(first.memberships.filter((m) => m.clientSyncJoinedAt !== null)).toEqual([]);

    clock.set(NOW);
    const later = await details();
    const known = later.memberships.filter((m) => m.clientSyncJoinedAt !== null);
    expect(known.length).toBeGreaterThan(0);
    expect(known.length).toBeLessThan(later.memberships.length);
    for (const membership of known) {
      expect(Date.parse(membership.clientSyncJoinedAt ?? '')).toBeLessThan(Date.parse(NOW));
      // WOM updates the membership when the clan sync reports it, as the recording's players 5 and 10.
      const before = first.memberships.find((m) => m.playerId === membership.playerId);
      expect(Date.parse(membership.updatedAt)).toBeGreaterThan(Date.parse(before?.updatedAt ?? ''));
    }
    expect(new Set(known.map((m) => m.updatedAt)).size).toBe(1);

    clock.set(Date.parse(NOW) + 30 * DAY);
    const after = await details();
    const knownAfter = after.memberships.filter((m) => m.clientSyncJoinedAt !== null);
    expect(knownAfter.length).toBeGreaterThan(known.length);
    for (const membership of known) {
      const again = after.memberships.find((m) => m.playerId === membership.playerId);
      expect(again?.clientSyncJoinedAt).toBe(membership.clientSyncJoinedAt);
    }
    // The group changes with its memberships.
    const newest = knownAfter
      .map((m) => m.updatedAt)
      .sort()
      .at(-1);
    expect(after.updatedAt).toBe(newest);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(later.updatedAt));
  });

  it('keeps members WOM never updated: unknown, no snapshot, zeros, and no bulk-hiscores row', async () => {
    const never = (await details()).memberships.filter((m) => m.player.updatedAt === null);
    expect(never.length).toBeGreaterThan(0);
    const bulk = (await call<BulkHiscoresRow[]>(`${group}/bulk-hiscores`)).body;
    const inBulk = new Set(bulk.map((row) => row.player.id));
    for (const membership of never) {
      const { body } = await call<PlayerDetailsJson>(`${simulator.url}/players/id/${membership.playerId}`);
      expect(Object.keys(body)).toEqual(Object.keys(RECORDED_NEVER_UPDATED));
      expect(body).toMatchObject(NEVER_UPDATED);
      expect(membership.player.type).toBe('unknown');
      expect(inBulk.has(membership.playerId)).toBe(false);
    }
  });
});
