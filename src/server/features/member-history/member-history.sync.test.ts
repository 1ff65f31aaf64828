import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { readRevision } from '../../db/revisions.ts';
import { upsertMemberStats } from '../wom-sync/wom-sync.repository.ts';
import { listSnapshotPoints } from './member-history.repository.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;

interface GroupDetails {
  memberships: Array<{ playerId: number; player: { lastChangedAt: string | null } }>;
}

for (const dialect of testDialects) {
  describe(`${dialect}: member history from the sync`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);

    beforeEach(async () => {
      clock.set(START);
      simulator = await startSimulator({ members: 12, seed: 5, clock, rateLimit: false });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    it("keeps one point per member and day, the day's latest snapshot, matching the stored snapshot", async () => {
      await t.sync();
      for (let step = 0; step < 6; step += 1) {
        clock.advance(8 * HOUR);
        await t.sync();
      }
      const stats = await t.database.db.selectFrom('member_stats').selectAll().execute();
      const histories = await Promise.all(
        stats.map(async (row) => ({
          row,
          points: await listSnapshotPoints(t.database.db, row.wom_id, '2000-01-01'),
        })),
      );
      const withSnapshots = histories.filter(({ row }) => row.snapshot_at !== null);
      expect(withSnapshots.length).toBeGreaterThan(0);
      for (const { row, points } of withSnapshots) {
        const days = points.map((point) => point.day);
        expect(new Set(days).size).toBe(days.length);
        expect([...days].sort()).toEqual(days);
        const latest = points.at(-1)!;
        const snapshot = JSON.parse(row.snapshot) as {
          createdAt: string;
          data: { skills: { overall: { experience: number } }; computed: { ehb: { value: number } } };
        };
        expect(latest.snapshot_at).toBe(new Date(snapshot.createdAt).toISOString());
        expect(latest.exp).toBe(snapshot.data.skills.overall.experience);
        expect(latest.ehb).toBeCloseTo(snapshot.data.computed.ehb.value, 6);
      }
      // Three syncs a day over two days: members who changed have points on more than one day.
      expect(withSnapshots.some(({ points }) => points.length > 1)).toBe(true);
    });

    it("moves the members revision when a run stores only newer snapshots, for the members' pages", async () => {
      await t.sync();
      // As if the snapshots stored were older than WOM's: the next run stores WOM's again, and nothing else.
      await t.database.db
        .updateTable('member_stats')
        .set({ snapshot_at: '2000-01-01T00:00:00.000Z' })
        .execute();
      const before = await readRevision(t.database.db, 'members');
      const run = await t.sync();
      if (run.outcome !== 'succeeded') throw new Error(run.error);
      expect(run.counts).toMatchObject({ inserted: 0, updated: 0 });
      expect(run.counts.snapshots).toBeGreaterThan(0);
      expect(await readRevision(t.database.db, 'members')).toBeGreaterThan(before);
    });

    it("stores WOM's lastChangedAt for each member and follows it", async () => {
      await t.sync();
      clock.advance(30 * HOUR);
      await t.sync();
      const group = (await (
        await fetch(`${simulator.url}/groups/${simulator.groupId}`)
      ).json()) as GroupDetails;
      const members = await t.database.db
        .selectFrom('members')
        .select(['wom_id', 'wom_last_changed_at'])
        .execute();
      const stored = new Map(members.map((m) => [m.wom_id, m.wom_last_changed_at]));
      for (const membership of group.memberships) {
        const expected = membership.player.lastChangedAt;
        expect(stored.get(String(membership.playerId))).toBe(
          expected === null ? null : new Date(expected).toISOString(),
        );
      }
      expect(members.some((m) => m.wom_last_changed_at !== null)).toBe(true);
    });
  });
}

function storedSnapshot(createdAt: string, experience: number): string {
  return JSON.stringify({
    createdAt,
    data: {
      skills: { overall: { experience, rank: 1, level: 1500 } },
      bosses: {},
      activities: {},
      computed: { ehb: { value: 10, rank: 1 }, ehp: { value: 20, rank: 1 } },
    },
  });
}

for (const dialect of testDialects) {
  describe(`${dialect}: storing a player's snapshot`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      const at = '2026-11-20T00:00:00.000Z';
      await t.database.db
        .insertInto('members')
        .values({ wom_id: '7', name: 'Zezima', created_at: at, updated_at: at })
        .execute();
    });
    afterEach(async () => {
      await t.close();
    });

    it('keeps every stored snapshot as a point of history, whoever fetched it', async () => {
      const at = '2026-11-25T10:00:00.000Z';
      await upsertMemberStats(t.database.db, {
        wom_id: '7',
        snapshot: storedSnapshot(at, 5_000_000),
        snapshot_at: at,
        fetched_at: at,
      });
      expect(await listSnapshotPoints(t.database.db, '7', '2026-01-01')).toEqual([
        { day: '2026-11-25', snapshot_at: at, exp: 5_000_000, ehb: 10, ehp: 20 },
      ]);
    });

    it('never replaces a newer snapshot with an older one, nor its point of the day', async () => {
      const newer = '2026-11-25T12:00:00.000Z';
      const older = '2026-11-25T09:00:00.000Z';
      await upsertMemberStats(t.database.db, {
        wom_id: '7',
        snapshot: storedSnapshot(newer, 6_000_000),
        snapshot_at: newer,
        fetched_at: newer,
      });
      await upsertMemberStats(t.database.db, {
        wom_id: '7',
        snapshot: storedSnapshot(older, 5_000_000),
        snapshot_at: older,
        fetched_at: '2026-11-25T12:05:00.000Z',
      });
      const stats = await t.database.db.selectFrom('member_stats').selectAll().executeTakeFirstOrThrow();
      expect(stats.snapshot_at).toBe(newer);
      expect(JSON.parse(stats.snapshot)).toMatchObject({ createdAt: newer });
      expect(await listSnapshotPoints(t.database.db, '7', '2026-01-01')).toMatchObject([
        { snapshot_at: newer, exp: 6_000_000 },
      ]);
    });
  });
}
