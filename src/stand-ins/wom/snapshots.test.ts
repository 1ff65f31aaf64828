import {
  ACTIVITIES,
  BOSSES,
  BossProps,
  ActivityProps,
  COMPUTED_METRICS,
  getCombatLevel,
  getLevel,
  REAL_SKILLS,
  SKILLS,
  type Skill,
} from '@wise-old-man/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type { BulkHiscoresRow, GroupDetailsJson, PlayerDetailsJson } from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function text(simulator: WomSimulator, path: string): Promise<string> {
  return (await call<unknown>(`${simulator.url}${path}`)).text;
}

describe('generated snapshots', () => {
  let simulator: WomSimulator;
  let bulk: BulkHiscoresRow[];

  beforeAll(async () => {
    simulator = await startSimulator({ clock: manualClock(NOW) });
    bulk = (await call<BulkHiscoresRow[]>(`${simulator.url}/groups/${simulator.groupId}/bulk-hiscores`)).body;
  });
  afterAll(() => simulator.close());

  it('gives every snapshot all package metrics in package order', () => {
    expect(bulk.length).toBeGreaterThan(100);
    for (const row of bulk) {
      const data = row.data.data;
      expect(row.data.id).toBe(-1);
      expect(row.data.importedAt).toBeNull();
      expect(Object.keys(data.skills)).toEqual(SKILLS);
      expect(Object.keys(data.bosses)).toEqual(BOSSES);
      expect(Object.keys(data.activities)).toEqual(ACTIVITIES);
      expect(Object.keys(data.computed)).toEqual(COMPUTED_METRICS);
      expect(Object.keys(data.skills.attack)).toEqual(['metric', 'experience', 'rank', 'level', 'ehp']);
      expect(Object.keys(data.bosses.zulrah)).toEqual(['metric', 'kills', 'rank', 'ehb']);
    }
  });

  it('reports values under the hiscores minimum as -1 for both value and rank', () => {
    let unranked = 0;
    for (const row of bulk) {
      const data = row.data.data;
      for (const boss of BOSSES) {
        const entry = data.bosses[boss];
        if (entry.kills === -1) {
          unranked += 1;
          expect(entry.rank).toBe(-1);
          expect(entry.ehb).toBe(0);
        } else expect(entry.kills).toBeGreaterThanOrEqual(BossProps[boss].minimumValue);
      }
      for (const activity of ACTIVITIES) {
        const entry = data.activities[activity];
        if (entry.score === -1) expect(entry.rank).toBe(-1);
        else expect(entry.score).toBeGreaterThanOrEqual(ActivityProps[activity].minimumValue);
      }
    }
    expect(unranked).toBeGreaterThan(0);
  });

  it('derives levels, total level, combat level and totals from the XP', async () => {
    for (const row of bulk) {
      const skills = row.data.data.skills;
      const level = (skill: Skill) => getLevel(Math.max(0, skills[skill].experience));
      for (const skill of REAL_SKILLS) expect(skills[skill].level).toBe(level(skill));
      const total = REAL_SKILLS.reduce(
        (sum, skill) => sum + Math.max(level(skill), skill === 'hitpoints' ? 10 : 1),
        0,
      );
      expect(skills.overall.level).toBe(total);
      const xp = REAL_SKILLS.reduce((sum, skill) => sum + Math.max(0, skills[skill].experience), 0);
      expect(skills.overall.experience).toBe(xp);
      expect(row.player.exp).toBe(xp);
      expect(row.player.ehb).toBe(row.data.data.computed.ehb.value);
      expect(row.player.ehp).toBe(row.data.data.computed.ehp.value);
      expect(row.data.createdAt).toBe(row.player.updatedAt);
      expect(row.data.createdAt).toMatch(ISO);
    }
    const sample = bulk[0];
    if (sample === undefined) throw new Error('no tracked member');
    const details = (await call<PlayerDetailsJson>(`${simulator.url}/players/id/${sample.player.id}`)).body;
    const L = (skill: Skill) => getLevel(Math.max(0, sample.data.data.skills[skill].experience));
    expect(details.combatLevel).toBe(
      getCombatLevel(
        L('attack'),
        L('strength'),
        L('defence'),
        L('ranged'),
        L('magic'),
        L('hitpoints'),
        L('prayer'),
      ),
    );
    expect(details.latestSnapshot).toEqual(sample.data);
  });

  it('spans accounts from about 1M to about 4.6B XP, with maxed and 200M skills', () => {
    const totals = bulk.map((row) => row.data.data.skills.overall.experience).sort((a, b) => a - b);
    expect(totals[0]).toBeLessThan(3_000_000);
    expect(totals[totals.length - 1]).toBeGreaterThan(4_500_000_000);
    expect(bulk.filter((row) => row.data.data.skills.overall.level === 2376).length).toBeGreaterThan(2);
  });

  it('leaves never-updated members out of bulk-hiscores', async () => {
    const group = (await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`)).body;
    const untracked = group.memberships.filter((membership) => membership.player.updatedAt === null);
    expect(untracked.length).toBeGreaterThan(0);
    for (const membership of untracked) {
      expect(membership.player).toMatchObject({
        type: 'unknown',
        exp: 0,
        ehp: 0,
        ehb: 0,
        lastChangedAt: null,
      });
    }
    expect(bulk.length).toBe(group.memberships.length - untracked.length);
    const ids = new Set(bulk.map((row) => row.player.id));
    for (const membership of untracked) expect(ids.has(membership.playerId)).toBe(false);
  });
});

describe('determinism and time', () => {
  const paths = (groupId: number) => [
    `/groups/${groupId}`,
    `/groups/${groupId}/bulk-hiscores`,
    `/groups/${groupId}/statistics`,
    `/groups/${groupId}/achievements?limit=50`,
    `/groups/${groupId}/competitions`,
  ];

  it('answers byte-identical bodies for the same seed and clock, and different ones for another seed', async () => {
    const a = await startSimulator({ seed: 7, members: 60, clock: manualClock(NOW) });
    const b = await startSimulator({ seed: 7, members: 60, clock: manualClock(NOW) });
    const c = await startSimulator({ seed: 8, members: 60, clock: manualClock(NOW) });
    try {
      for (const path of paths(a.groupId)) {
        const [left, right, other] = await Promise.all([text(a, path), text(b, path), text(c, path)]);
        expect(left).toBe(right);
        expect(other).not.toBe(left);
      }
      const competitions = JSON.parse(await text(a, `/groups/${a.groupId}/competitions`)) as Array<{
        id: number;
      }>;
      for (const competition of competitions) {
        expect(await text(a, `/competitions/${competition.id}`)).toBe(
          await text(b, `/competitions/${competition.id}`),
        );
      }
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('repeats data between updates and grows it as updates happen', async () => {
    const clock = manualClock(NOW);
    const simulator = await startSimulator({ members: 20, clock });
    try {
      const first = await text(simulator, `/groups/${simulator.groupId}/bulk-hiscores`);
      clock.advance(60_000);
      expect(await text(simulator, `/groups/${simulator.groupId}/bulk-hiscores`)).toBe(first);
      clock.advance(7 * 86_400_000);
      const later = JSON.parse(await text(simulator, `/groups/${simulator.groupId}/bulk-hiscores`));
      const earlier = new Map((JSON.parse(first) as BulkHiscoresRow[]).map((row) => [row.player.id, row]));
      let grew = 0;
      for (const row of later as BulkHiscoresRow[]) {
        const before = earlier.get(row.player.id);
        if (before === undefined) throw new Error(`player ${row.player.id} appeared`);
        expect(row.data.data.skills.overall.experience).toBeGreaterThanOrEqual(
          before.data.data.skills.overall.experience,
        );
        if (row.data.data.skills.overall.experience > before.data.data.skills.overall.experience) grew += 1;
        expect(Date.parse(row.player.updatedAt ?? '')).toBeGreaterThan(
          Date.parse(before.player.updatedAt ?? ''),
        );
      }
      expect(grew).toBeGreaterThan(10);
    } finally {
      await simulator.close();
    }
  });

  // How fast it answers is measured by `npm run bench:simulator`.
  it('serves bulk-hiscores for 2,000 members: one row for each tracked member', async () => {
    const simulator = await startSimulator({ members: 2000, clock: manualClock(NOW) });
    try {
      const group = (await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`)).body;
      const rows = (
        await call<BulkHiscoresRow[]>(`${simulator.url}/groups/${simulator.groupId}/bulk-hiscores`)
      ).body;
      const tracked = group.memberships.filter((membership) => membership.player.updatedAt !== null);
      expect(simulator.memberIds()).toHaveLength(2000);
      expect(rows.length).toBeGreaterThan(1_900);
      const ascending = (a: number, b: number) => a - b;
      expect(rows.map((row) => row.player.id).sort(ascending)).toEqual(
        tracked.map((membership) => membership.playerId).sort(ascending),
      );
    } finally {
      await simulator.close();
    }
  });
});
