import { describe, expect, it } from 'vitest';
import type { WomCompetitionDetails, WomGroupStatistics } from '../../wom/wom.schemas.ts';
import { competitionStandingsDocument, statisticsDocument } from './wom-payloads.ts';

describe('statisticsDocument', () => {
  it('serves a metric no member is ranked in with 0 kills or score and no leader, never -1', () => {
    const statistics: WomGroupStatistics = {
      maxedCombatCount: 1,
      maxedTotalCount: 0,
      maxed200msCount: 0,
      averageStats: { data: { skills: { overall: { experience: 80_000_000, level: 1900 } } } },
      metricLeaders: {
        skills: {},
        bosses: {
          abyssal_sire: { kills: -1, rank: -1, player: null },
          zulrah: { kills: 1043, rank: 20_500, player: { id: 7, displayName: 'Zezima' } },
        },
        activities: { bounty_hunter_hunter: { score: -1, rank: -1, player: null } },
      },
    };
    const { metricLeaders } = statisticsDocument(statistics);
    expect(metricLeaders.bosses).toEqual({
      abyssal_sire: { metric: 'abyssal_sire', kills: 0, rank: -1, player: null },
      zulrah: { metric: 'zulrah', kills: 1043, rank: 20_500, player: { id: 7, displayName: 'Zezima' } },
    });
    expect(metricLeaders.activities).toEqual({
      bounty_hunter_hunter: { metric: 'bounty_hunter_hunter', score: 0, rank: -1, player: null },
    });
  });
});

describe('competitionStandingsDocument', () => {
  it('shows a participant off the hiscores at the start or end with 0 there, never -1', () => {
    const details: WomCompetitionDetails = {
      id: 16624,
      title: 'BOTW: Zulrah',
      metric: 'zulrah',
      metrics: ['zulrah'],
      type: 'classic',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2026-11-08T00:00:00.000Z',
      participantCount: 2,
      participations: [
        {
          playerId: 1,
          teamName: null,
          player: { id: 1, username: 'zezima', displayName: 'Zezima' },
          progress: { start: -1, end: 12, gained: 8 },
        },
        {
          playerId: 2,
          teamName: null,
          player: { id: 2, username: 'lynx titan', displayName: 'Lynx Titan' },
          progress: { start: -1, end: -1, gained: 0 },
        },
      ],
    };
    expect(competitionStandingsDocument(details).participants.map((p) => p.progress)).toEqual([
      { start: 0, end: 12, gained: 8 },
      { start: 0, end: 0, gained: 0 },
    ]);
  });
});
