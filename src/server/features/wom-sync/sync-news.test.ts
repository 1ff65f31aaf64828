import { describe, expect, it } from 'vitest';
import { planRosterSync, type GroupMember, type StoredMember } from '#core/members/roster-sync.ts';
import type { WomCompetitionDetails } from '../../wom/wom.schemas.ts';
import {
  achievementNews,
  finalStandings,
  isFirstSync,
  paidPoints,
  rosterNews,
  siegeLeaders,
} from './sync-news.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function stored(womId: string, name: string, patch: Partial<StoredMember> = {}): StoredMember {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'ruby',
    wom_role_synced: 'ruby',
    current_xp: 1_000,
    current_lvl: 100,
    first_xp: 1_000,
    first_lvl: 100,
    combat_level: 50,
    ehb: 0,
    ehp: 0,
    wom_account_type: 'regular',
    build: 'main',
    join_date: null,
    wom_join_date_synced: null,
    left_at: null,
    not_in_wom: false,
    wom_last_changed_at: null,
    ...patch,
  };
}

function inGroup(member: StoredMember, patch: Partial<GroupMember> = {}): GroupMember {
  return {
    wom_id: member.wom_id,
    display_name: member.wom_name ?? member.name,
    role: member.wom_role_synced ?? 'ruby',
    current_xp: member.current_xp,
    current_lvl: member.current_lvl,
    combat_level: member.combat_level,
    ehb: member.ehb,
    ehp: member.ehp,
    wom_account_type: member.wom_account_type ?? 'regular',
    build: member.build ?? 'main',
    join_date: member.join_date,
    last_changed_at: member.wom_last_changed_at,
    ...patch,
  };
}

const news = (roster: StoredMember[], group: GroupMember[]) =>
  rosterNews(roster, group, planRosterSync(roster, group, NOW));

describe('isFirstSync', () => {
  it('is the first sync while no stored member was ever listed by WOM, even with members added by hand', () => {
    expect(isFirstSync([])).toBe(true);
    expect(isFirstSync([stored('1', 'Hand made', { wom_role_synced: null, womrole: null })])).toBe(true);
    expect(isFirstSync([stored('1', 'Listed', { left_at: NOW.toISOString() })])).toBe(false);
  });
});

describe('rosterNews', () => {
  it('says nothing when nothing moved', () => {
    const roster = [stored('1', 'Alpha')];
    expect(
      news(
        roster,
        roster.map((m) => inGroup(m)),
      ),
    ).toEqual([]);
  });

  it('lists every member of a kind in one item, by the name the site shows after the sync', () => {
    const staying = stored('1', 'Alpha');
    const leaving = stored('2', 'Bravo');
    const back = stored('3', 'Charlie', { left_at: '2026-11-01T00:00:00.000Z' });
    const admins = stored('4', 'Admin Named', { wom_name: 'Delta' });
    const roster = [staying, leaving, back, admins];
    const newcomer = inGroup(stored('5', 'Echo'));
    const other = inGroup(stored('6', 'Foxtrot'));
    const group = [
      inGroup(staying, { display_name: 'Alpha Two' }),
      inGroup(back),
      inGroup(admins, { display_name: 'Delta Two' }),
      newcomer,
      other,
    ];
    expect(news(roster, group)).toEqual([
      {
        kind: 'member_joined',
        members: [
          { wom_id: '5', name: 'Echo' },
          { wom_id: '6', name: 'Foxtrot' },
        ],
      },
      { kind: 'member_left', members: [{ wom_id: '2', name: 'Bravo' }] },
      { kind: 'member_returned', members: [{ wom_id: '3', name: 'Charlie' }] },
      {
        kind: 'member_renamed',
        renames: [
          { wom_id: '1', from: 'Alpha', to: 'Alpha Two' },
          { wom_id: '4', from: 'Delta', to: 'Delta Two' },
        ],
      },
    ]);
  });

  it("announces WOM's rank changes, unless an admin already gave the member that rank", () => {
    const promoted = stored('1', 'Alpha');
    const alreadySet = stored('2', 'Bravo', { womrole: 'onyx' });
    const group = [inGroup(promoted, { role: 'onyx' }), inGroup(alreadySet, { role: 'onyx' })];
    expect(news([promoted, alreadySet], group)).toEqual([
      {
        kind: 'rank_changed',
        changes: [{ wom_id: '1', name: 'Alpha', from: 'ruby', to: 'onyx', by_admin: false }],
      },
    ]);
  });
});

describe('achievementNews', () => {
  const row = (name: string, achievedAt: string | null) => ({
    player_wom_id: '7',
    player_name: 'Zezima',
    name,
    metric: 'attack',
    threshold: 13_034_431,
    achieved_at: achievedAt,
  });

  it('announces the dated ones in one item, and none WOM found already reached', () => {
    expect(achievementNews([row('99 Attack', '2026-11-20T00:00:00.000Z'), row('Old', null)])).toEqual([
      {
        kind: 'achievements',
        items: [
          { wom_id: '7', name: 'Zezima', achievement: '99 Attack', metric: 'attack', threshold: 13_034_431 },
        ],
      },
    ]);
    expect(achievementNews([row('Old', null)])).toEqual([]);
  });
});

function details(type: 'classic' | 'team', rows: [number, string, number, string?][]): WomCompetitionDetails {
  return {
    type,
    participations: rows.map(([playerId, displayName, gained, teamName]) => ({
      playerId,
      teamName: teamName ?? null,
      player: { displayName },
      progress: { gained },
    })),
  } as unknown as WomCompetitionDetails;
}

describe('finalStandings', () => {
  it('ranks players by what they gained, linking members only, without those who gained nothing', () => {
    const standings = finalStandings(
      details('classic', [
        [1, 'Member', 50, undefined],
        [2, 'Guest', 80, undefined],
        [3, 'Idle', 0, undefined],
      ]),
      (id) => id !== '2',
    );
    expect(standings).toEqual([
      { name: 'Guest', wom_id: null, value: 80 },
      { name: 'Member', wom_id: '1', value: 50 },
    ]);
  });

  it("ranks a team competition's teams by their players' total", () => {
    const standings = finalStandings(
      details('team', [
        [1, 'A1', 30, 'Red'],
        [2, 'A2', 30, 'Red'],
        [3, 'B1', 50, 'Blue'],
      ]),
      () => true,
    );
    expect(standings).toEqual([
      { name: 'Red', wom_id: null, value: 60 },
      { name: 'Blue', wom_id: null, value: 50 },
    ]);
  });
});

describe('ties in the standings Discord is told', () => {
  it('keeps every player tied at 10th of a competition, and every team tied at 10th', () => {
    const players = Array.from({ length: 14 }, (_, index): [number, string, number] => [
      index + 1,
      `P${index + 1}`,
      index < 8 ? 100 - index : 10,
    ]);
    expect(finalStandings(details('classic', players), () => true)).toHaveLength(14);
    const teams = players.map(([id, name, gained]): [number, string, number, string] => [
      id,
      name,
      gained,
      name,
    ]);
    expect(finalStandings(details('team', teams), () => true)).toHaveLength(14);
  });

  it('names every member tied among the top 3 siege scores', () => {
    const scores = [40, 40, 30, 30, 30, 5].map((value, index) => ({
      wom_id: `${index}`,
      name: `M${index}`,
      value,
    }));
    expect(siegeLeaders(scores).map((leader) => leader.value)).toEqual([40, 40, 30, 30, 30]);
  });
});

describe('paidPoints', () => {
  it('lists only the awards booked, highest first', () => {
    const award = (key: string, points: number, placement: number) => ({
      key,
      placement,
      gained: 1,
      points,
      won: placement === 1,
      reason: 'x',
    });
    const competition = details('classic', [
      [1, 'One', 3],
      [2, 'Two', 2],
      [3, 'Capped', 1],
    ]);
    expect(
      paidPoints(competition, [award('2', 10, 2), award('1', 15, 1), award('3', 5, 3)], ['1', '2']),
    ).toEqual([
      { name: 'One', wom_id: '1', points: 15 },
      { name: 'Two', wom_id: '2', points: 10 },
    ]);
  });
});
