import {
  getCombatLevel,
  getLevel,
  GROUP_ROLES,
  PRIVILEGED_GROUP_ROLES,
  REAL_SKILLS,
  SKILLS,
  WOMClient,
  type Skill,
} from '@wise-old-man/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedJson } from '#test/recorded-wom.ts';
import { call, post } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { startSimulator, type WomSimulator } from './index.ts';
import type {
  AchievementJson,
  BulkHiscoresRow,
  CompetitionJson,
  ErrorJson,
  GroupDetailsJson,
  GroupStatisticsJson,
} from './wom-shapes.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const HOUR = 3_600_000;

describe('group endpoints', () => {
  let simulator: WomSimulator;
  let clock: ManualClock;
  let group: string;

  beforeAll(async () => {
    clock = manualClock(NOW);
    simulator = await startSimulator({ clock });
    group = `${simulator.url}/groups/${simulator.groupId}`;
  });
  afterAll(() => simulator.close());

  it('lists memberships privileged roles first, then by role key, each with a nested player', async () => {
    const { status, body } = await call<GroupDetailsJson>(group);
    expect(status).toBe(200);
    expect(body.memberCount).toBe(150);
    expect(body.memberships).toHaveLength(150);
    expect(body.roleOrders).toEqual([]);
    expect(body.socialLinks).toEqual({
      website: null,
      discord: null,
      twitter: null,
      youtube: null,
      twitch: null,
    });
    // §2.1 without roleOrders: privileged roles in their fixed order, then every other role by key.
    const privileged: readonly string[] = PRIVILEGED_GROUP_ROLES;
    const rank = (role: string) => (privileged.includes(role) ? privileged.indexOf(role) : privileged.length);
    const roles = body.memberships.map((membership) => membership.role);
    const expected = [...roles].sort(
      (a, b) => rank(a) - rank(b) || (rank(a) < privileged.length ? 0 : a.localeCompare(b)),
    );
    expect(roles).toEqual(expected);
    expect(body.memberships.slice(0, 1).map((membership) => membership.role)).toEqual(['owner']);
    for (const membership of body.memberships) {
      expect(GROUP_ROLES).toContain(membership.role);
      expect(membership.groupId).toBe(simulator.groupId);
      expect(membership.player.id).toBe(membership.playerId);
      expect(membership.player).not.toHaveProperty('latestSnapshot');
      expect(Date.parse(membership.createdAt)).toBeLessThan(Date.parse(NOW));
    }
    expect(new Set(body.memberships.map((membership) => membership.playerId))).toEqual(
      new Set(simulator.memberIds()),
    );
  });

  it('staffs the clan with one owner, one deputy, two generals and three captains', async () => {
    const { body } = await call<GroupDetailsJson>(group);
    const count = (role: string) => body.memberships.filter((membership) => membership.role === role).length;
    expect([count('owner'), count('deputy_owner'), count('general'), count('captain')]).toEqual([1, 1, 2, 3]);
    expect(count('maxed')).toBeGreaterThanOrEqual(2);
  });

  it('gives combat-rank members EHB in their band or, for a few, a higher one', async () => {
    const { body } = await call<GroupDetailsJson>(group);
    const bands = [
      'mentor',
      'prefect',
      'leader',
      'supervisor',
      'superior',
      'executive',
      'senator',
      'monarch',
      'tzkal',
    ];
    const floors = [0, 100, 300, 500, 700, 900, 1100, 1300, 1500];
    const bandOf = (ehb: number) => floors.filter((floor) => Math.floor(ehb) >= floor).length - 1;
    const fighters = body.memberships.filter((m) => bands.includes(m.role) && m.player.updatedAt !== null);
    const inBand = fighters.filter((m) => bandOf(m.player.ehb) === bands.indexOf(m.role));
    const above = fighters.filter((m) => bandOf(m.player.ehb) > bands.indexOf(m.role));
    expect(fighters.length).toBeGreaterThan(30);
    expect(inBand.length + above.length).toBe(fighters.length);
    expect(above.length).toBeGreaterThan(0);
    expect(inBand.length / fighters.length).toBeGreaterThan(0.7);
  });

  it('answers the legacy or the new-style 404 depending on the endpoint, and 400 for a bad id', async () => {
    expect(await call<ErrorJson>(`${simulator.url}/groups/999`)).toMatchObject({
      status: 404,
      text: '{"code":"UNEXPECTED_ERROR","message":"Group not found."}',
    });
    expect((await call<ErrorJson>(`${simulator.url}/groups/999/statistics`)).text).toBe(
      '{"code":"UNEXPECTED_ERROR","message":"Group not found."}',
    );
    for (const path of ['bulk-hiscores', 'achievements', 'competitions', 'hiscores?metric=zulrah']) {
      const { status, text } = await call<ErrorJson>(`${simulator.url}/groups/999/${path}`);
      expect([status, text]).toEqual([404, '{"code":"GROUP_NOT_FOUND","message":"Group not found"}']);
    }
    expect(await call<ErrorJson>(`${simulator.url}/groups/abc`)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: "Parameter 'id' is not a valid number." },
    });
  });

  it('computes statistics as §2.4 describes, from the members snapshots', async () => {
    const bulk = (await call<BulkHiscoresRow[]>(`${group}/bulk-hiscores`)).body;
    const { body: stats } = await call<GroupStatisticsJson>(`${group}/statistics`);
    const level = (row: BulkHiscoresRow, skill: Skill) =>
      getLevel(Math.max(0, row.data.data.skills[skill].experience));
    const combat = bulk.filter(
      (row) =>
        getCombatLevel(
          level(row, 'attack'),
          level(row, 'strength'),
          level(row, 'defence'),
          level(row, 'ranged'),
          level(row, 'magic'),
          level(row, 'hitpoints'),
          level(row, 'prayer'),
        ) === 126,
    ).length;
    const total = bulk.filter((row) => row.data.data.skills.overall.level === 2376).length;
    const at200m = bulk.reduce(
      (sum, row) =>
        sum + REAL_SKILLS.filter((skill) => row.data.data.skills[skill].experience === 200_000_000).length,
      0,
    );
    expect(stats.maxedCombatCount).toBe(combat);
    expect(stats.maxedTotalCount).toBe(total);
    // One account with 23 skills at 200M and one with 6: the count sums skills, not players.
    expect(stats.maxed200msCount).toBe(at200m);
    expect(at200m).toBe(29);
    expect(combat / bulk.length).toBeGreaterThan(0.05);
    expect(combat / bulk.length).toBeLessThan(0.2);

    const mean = (values: number[]) =>
      Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const average = stats.averageStats;
    expect(average).toMatchObject({ id: -1, playerId: -1, createdAt: NOW, importedAt: null });
    expect(Object.keys(average.data.skills)).toEqual(SKILLS);
    expect(average.data.skills.overall.experience).toBe(
      mean(bulk.map((row) => row.data.data.skills.overall.experience)),
    );
    expect(average.data.bosses.zulrah.kills).toBe(mean(bulk.map((row) => row.data.data.bosses.zulrah.kills)));
    expect(average.data.computed.ehb.value).toBe(mean(bulk.map((row) => row.data.data.computed.ehb.value)));
    expect(average.data.skills.attack.level).toBe(
      getLevel(Math.max(0, average.data.skills.attack.experience)),
    );

    const top = Math.max(...bulk.map((row) => row.data.data.skills.overall.experience));
    expect(stats.metricLeaders.skills.overall.experience).toBe(top);
    expect(stats.metricLeaders.skills.overall.player?.exp).toBe(top);
    const leaders = [
      ...Object.values(stats.metricLeaders.bosses).map((entry) => [entry.kills, entry.player] as const),
      ...Object.values(stats.metricLeaders.activities).map((entry) => [entry.score, entry.player] as const),
    ];
    for (const [value, player] of leaders) {
      if (value === -1) expect(player).toBeNull();
      else expect(player).not.toBeNull();
    }
  });

  it('shows -1 and no player for the metrics nobody in the group ranks in, as recorded', async () => {
    const recorded = recordedJson<GroupStatisticsJson>('group-statistics.json').metricLeaders;
    const nobody = (leaders: Record<string, { player: unknown }>) =>
      Object.values(leaders).find((leader) => leader.player === null);
    expect(nobody(recorded.bosses)).toEqual({ metric: 'amoxliatl', kills: -1, rank: -1, player: null });
    expect(nobody(recorded.activities)).toEqual({
      metric: 'bounty_hunter_hunter',
      score: -1,
      rank: -1,
      player: null,
    });
    const { metricLeaders } = (await call<GroupStatisticsJson>(`${group}/statistics`)).body;
    const bosses = Object.values(metricLeaders.bosses).filter((leader) => leader.player === null);
    const activities = Object.values(metricLeaders.activities).filter((leader) => leader.player === null);
    // The recording: 44 of 71 bosses and 8 of 15 activities.
    expect(bosses.length).toBeGreaterThan(0);
    expect(activities.length).toBeGreaterThan(0);
    for (const leader of bosses)
      expect(leader).toEqual({ metric: leader.metric, kills: -1, rank: -1, player: null });
    for (const leader of activities)
      expect(leader).toEqual({ metric: leader.metric, score: -1, rank: -1, player: null });
  });

  it('counts one more 200M skill after a member reaches it', async () => {
    const own = await startSimulator({ clock: manualClock(NOW), members: 30 });
    try {
      const url = `${own.url}/groups/${own.groupId}/statistics`;
      const before = (await call<GroupStatisticsJson>(url)).body.maxed200msCount;
      const id = own.memberIds().find((memberId, index) => index > 0 && memberId > 0) ?? 0;
      own.gainExperience(id, 'sailing', 250_000_000);
      expect((await call<GroupStatisticsJson>(url)).body.maxed200msCount).toBe(before + 1);
    } finally {
      await own.close();
    }
  });

  it('pages achievements newest first with the exact limit and offset messages', async () => {
    const first = (await call<AchievementJson[]>(`${group}/achievements`)).body;
    expect(first).toHaveLength(20);
    const all = (await call<AchievementJson[]>(`${group}/achievements?limit=50`)).body;
    expect(all.slice(0, 20)).toEqual(first);
    const second = (await call<AchievementJson[]>(`${group}/achievements?limit=10&offset=10`)).body;
    expect(second).toEqual(all.slice(10, 20));
    const dates = all.map((achievement) => Date.parse(achievement.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Date.parse(NOW) - Math.min(...dates)).toBeLessThanOrEqual(120 * 24 * HOUR);
    for (const achievement of all) {
      expect(Object.keys(achievement)).toEqual([
        'playerId',
        'name',
        'metric',
        'threshold',
        'accuracy',
        'createdAt',
        'measure',
        'legacy',
        'player',
      ]);
      expect(achievement.legacy).toBe(false);
      expect(achievement.player.id).toBe(achievement.playerId);
      expect(achievement.name).toMatch(/^(\d+[kmb]? .+|Base \d+ Stats|Maxed Overall)$/);
      if (achievement.measure === 'levels')
        expect(achievement.name).toMatch(/^(Base \d+ Stats|Maxed Overall)$/);
    }
    const messages = async (query: string) => (await call<ErrorJson>(`${group}/achievements?${query}`)).body;
    expect(await messages('limit=0')).toEqual({
      code: 'VALIDATION_ERROR',
      message: "Parameter 'limit' must be > 0.",
    });
    expect(await messages('limit=51')).toEqual({
      code: 'VALIDATION_ERROR',
      message:
        "The maximum results limit is 50. Please consider using the 'offset' parameter to load more data.",
    });
    expect(await messages('offset=-1')).toEqual({
      code: 'VALIDATION_ERROR',
      message: "Parameter 'offset' must be >= 0.",
    });
  });

  it('orders competitions ongoing, upcoming, finished, with status from the clock', async () => {
    const statuses = (competitions: CompetitionJson[]) =>
      competitions.map((competition) => {
        const now = clock.now().getTime();
        if (Date.parse(competition.endsAt) < now) return 'finished';
        return Date.parse(competition.startsAt) < now ? 'ongoing' : 'upcoming';
      });
    const check = (competitions: CompetitionJson[]) => {
      const status = statuses(competitions);
      expect(status).toEqual(
        [...status].sort(
          (a, b) =>
            ['ongoing', 'upcoming', 'finished'].indexOf(a) - ['ongoing', 'upcoming', 'finished'].indexOf(b),
        ),
      );
      const ends = (kind: string) =>
        competitions.filter((_, i) => status[i] === kind).map((c) => Date.parse(c.endsAt));
      const starts = (kind: string) =>
        competitions.filter((_, i) => status[i] === kind).map((c) => Date.parse(c.startsAt));
      expect(ends('ongoing')).toEqual([...ends('ongoing')].sort((a, b) => a - b));
      expect(starts('upcoming')).toEqual([...starts('upcoming')].sort((a, b) => a - b));
      expect(ends('finished')).toEqual([...ends('finished')].sort((a, b) => b - a));
      return status;
    };
    const now = (await call<CompetitionJson[]>(`${group}/competitions?limit=1`)).body;
    expect(now).toHaveLength(8);
    // This week's event runs; tonight's Clan Hour and next week's event are still to come.
    expect(check(now)).toEqual([
      'ongoing',
      'upcoming',
      'upcoming',
      'finished',
      'finished',
      'finished',
      'finished',
      'finished',
    ]);
    for (const competition of now) {
      expect(competition.group.id).toBe(simulator.groupId);
      expect(competition.participantCount).toBeGreaterThan(2);
    }
    clock.advance(3 * 24 * HOUR);
    try {
      const later = (await call<CompetitionJson[]>(`${group}/competitions`)).body;
      // The Clan Hour is over; seed 1's week turns on Tuesday at 17:00, still hours away.
      expect(check(later).filter((status) => status === 'finished')).toHaveLength(6);
    } finally {
      clock.set(NOW);
    }
  });

  it('ranks hiscores by value, overall by total level then XP, and validates the metric', async () => {
    const rows = (
      await call<Array<{ data: { level: number; experience: number; type: string } }>>(
        `${group}/hiscores?metric=overall`,
      )
    ).body;
    expect(rows.length).toBeGreaterThan(100);
    for (let i = 1; i < rows.length; i += 1) {
      const [a, b] = [rows[i - 1]?.data, rows[i]?.data];
      if (a === undefined || b === undefined) continue;
      expect(a.level > b.level || (a.level === b.level && a.experience >= b.experience)).toBe(true);
    }
    const bosses = (await call<Array<{ data: object }>>(`${group}/hiscores?metric=zulrah`)).body;
    expect(Object.keys(bosses[0]?.data ?? {})).toEqual(['type', 'rank', 'kills']);
    expect((await call<ErrorJson>(`${group}/hiscores`)).body.message).toBe(
      "Parameter 'metric' is undefined.",
    );
    expect((await call<ErrorJson>(`${group}/hiscores?metric=cooking_lol`)).body.message).toBe(
      "Invalid enum value for 'metric'.",
    );
  });
});

describe('update-all', () => {
  it('checks the code, the group, the code again, then queues outdated members', async () => {
    const clock = manualClock(NOW);
    const simulator = await startSimulator({ clock, members: 80 });
    const url = (id: number) => `${simulator.url}/groups/${id}/update-all`;
    try {
      expect((await post<ErrorJson>(url(999), {})).text).toBe(
        `{"code":"MISSING_VERIFICATION_CODE","message":"Required parameter 'verificationCode' is undefined"}`,
      );
      expect(await post<ErrorJson>(url(999), { verificationCode: 'nope' })).toMatchObject({
        status: 404,
        text: '{"code":"GROUP_NOT_FOUND","message":"Group not found"}',
      });
      expect(await post<ErrorJson>(url(simulator.groupId), { verificationCode: 'nope' })).toMatchObject({
        status: 403,
        text: '{"code":"INCORRECT_VERIFICATION_CODE","message":"Incorrect verification code"}',
      });

      const code = { verificationCode: simulator.verificationCode };
      const done = await post<{ count: number; message: string }>(url(simulator.groupId), code);
      expect(done.status).toBe(200);
      expect(done.body.count).toBeGreaterThan(0);
      expect(done.body.message).toBe(
        `${done.body.count} outdated (updated > 24h ago) players are being updated. This can take up to a few minutes.`,
      );
      const details = (await call<GroupDetailsJson>(`${simulator.url}/groups/${simulator.groupId}`)).body;
      const cutoff = Date.parse(NOW) - 23.5 * HOUR;
      for (const membership of details.memberships) {
        expect(Date.parse(membership.player.updatedAt ?? '')).toBeGreaterThanOrEqual(cutoff);
      }
      expect(await post<ErrorJson>(url(simulator.groupId), code)).toMatchObject({
        status: 400,
        text: '{"code":"NO_OUTDATED_MEMBERS","message":"This group has no outdated members (updated over 24h ago)"}',
      });
      clock.advance(24 * HOUR);
      expect((await post<{ count: number }>(url(simulator.groupId), code)).status).toBe(200);
    } finally {
      await simulator.close();
    }
  });
});

describe('with the official client', () => {
  it('reads the group, its statistics and a missing group through WOMClient', async () => {
    const simulator = await startSimulator({ clock: manualClock(NOW), members: 25 });
    try {
      const client = new WOMClient({ baseAPIUrl: simulator.url, userAgent: 'simulator-test' });
      const details = await client.groups.getGroupDetails(simulator.groupId);
      expect(details.memberships).toHaveLength(25);
      expect(details.createdAt).toBeInstanceOf(Date);
      const statistics = await client.groups.getGroupStatistics(simulator.groupId);
      expect(statistics.averageStats.data.skills.overall.experience).toBeGreaterThan(0);
      await expect(client.groups.getGroupDetails(4321)).rejects.toMatchObject({
        name: 'NotFoundError',
        message: 'Group not found.',
      });
      expect(simulator.requests.map((request) => request.userAgent)).toContain('simulator-test');
    } finally {
      await simulator.close();
    }
  });
});
