import { describe, expect, it } from 'vitest';
import type { BaselineSource } from './baseline-source.ts';
import { basisDate, rankProposal, shortXp, type ProposalMember } from './rank-proposals.ts';

function skiller(role: string, gained: number, source: BaselineSource): ProposalMember {
  return {
    wom_id: '1234',
    womrole: role,
    first_xp: 10_000_000,
    current_xp: 10_000_000 + gained,
    ehb: 0,
    hidden: false,
    baseline_source: source,
    join_date: '2024-06-12',
    created_at: '2026-11-28T09:30:00.000Z',
  };
}

function fighter(role: string, ehb: number, source: BaselineSource): ProposalMember {
  return { ...skiller(role, 0, source), ehb };
}

describe('rank proposals', () => {
  it('never proposes a gem demotion from a baseline the site only first saw', () => {
    expect(rankProposal(skiller('ruby', 1_000_000, 'first_seen'))).toBeNull();
    expect(rankProposal(skiller('zenyte', 0, 'first_seen'))).toBeNull();
  });

  it('proposes a gem demotion from a baseline that says when the member joined', () => {
    for (const source of ['imported', 'admin', 'wom_history'] as const) {
      expect(rankProposal(skiller('ruby', 1_000_000, source))).toEqual({
        rank: 'opal',
        direction: 'demotion',
        basis: 'XP gained 1.0M since 12 Jun 2024',
      });
    }
  });

  it('proposes a promotion from a first-seen baseline, dated the day the site first saw the member', () => {
    expect(rankProposal(skiller('opal', 34_449_999, 'first_seen'))).toEqual({
      rank: 'ruby',
      direction: 'promotion',
      basis: 'XP gained 34.4M since 28 Nov 2026 (first seen by this site)',
    });
  });

  it('proposes fighter changes either way whatever the baseline: EHB does not count from it', () => {
    expect(rankProposal(fighter('leader', 120, 'first_seen'))).toEqual({
      rank: 'prefect',
      direction: 'demotion',
      basis: 'EHB 120',
    });
    expect(rankProposal(fighter('mentor', 305.7, 'first_seen'))).toEqual({
      rank: 'leader',
      direction: 'promotion',
      basis: 'EHB 305',
    });
  });

  it('proposes nothing for a member whose rank matches, staff, maxed or hidden members', () => {
    expect(rankProposal(skiller('sapphire', 3_000_000, 'imported'))).toBeNull();
    expect(rankProposal(skiller('owner', 900_000_000, 'imported'))).toBeNull();
    expect(rankProposal(skiller('maxed', 0, 'imported'))).toBeNull();
    expect(rankProposal({ ...skiller('opal', 50_000_000, 'imported'), hidden: true })).toBeNull();
  });

  it('proposes nothing for a member WOM never measured, whatever their rank', () => {
    const neverUpdated = { current_xp: 0, first_xp: 0, ehb: 0 };
    expect(rankProposal({ ...fighter('leader', 0, 'first_seen'), ...neverUpdated })).toBeNull();
    expect(rankProposal({ ...skiller('ruby', 0, 'imported'), ...neverUpdated })).toBeNull();
  });

  it('dates the basis by the creation date when an imported member has no join date', () => {
    const member = { ...skiller('opal', 9_000_000, 'imported'), join_date: null };
    expect(rankProposal(member)?.basis).toBe('XP gained 9.0M since 28 Nov 2026');
  });
});

describe('basis figures', () => {
  it('shortens XP to millions with one decimal, rounding down so a band is never overstated', () => {
    expect(shortXp(34_449_999)).toBe('34.4M');
    expect(shortXp(2_999_999)).toBe('2.9M');
    expect(shortXp(850_400)).toBe('850K');
    expect(shortXp(999)).toBe('999');
    expect(shortXp(-1_500_000)).toBe('-1.5M');
  });

  it('writes dates as day, short month and year in UTC', () => {
    expect(basisDate('2024-06-12')).toBe('12 Jun 2024');
    expect(basisDate('2026-12-31T23:59:59.000Z')).toBe('31 Dec 2026');
    expect(basisDate('not a date')).toBe('not a date');
  });
});
