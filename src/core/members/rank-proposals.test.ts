import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '../clan/default-rules.ts';
import type { RankLadder, RankMeasure } from '../clan/rank-ladder.schema.ts';
import type { BaselineSource } from './baseline-source.ts';
import {
  basisDate,
  rankProposal,
  rankProposalSchema,
  shortXp,
  type ProposalMember,
} from './rank-proposals.ts';

/** The time every proposal is made at: tenure counts whole days up to it. */
const NOW = new Date('2026-11-28T12:00:00Z');
const DAY_MS = 86_400_000;

/** The join date `days` whole days before NOW, as the database stores it. */
const daysAgo = (days: number) => new Date(Date.UTC(2026, 10, 28) - days * DAY_MS).toISOString().slice(0, 10);

/** The proposal the default ladder makes for the member. */
const propose = (member: ProposalMember, ladder: RankLadder = DEFAULT_LADDER) =>
  rankProposal(ladder, member, NOW);

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

function fighter(role: string, ehb: unknown, source: BaselineSource): ProposalMember {
  return { ...skiller(role, 0, source), ehb };
}

describe('rank proposals', () => {
  it('never proposes a gem demotion from a baseline the site only first saw', () => {
    expect(propose(skiller('ruby', 1_000_000, 'first_seen'))).toBeNull();
    expect(propose(skiller('zenyte', 0, 'first_seen'))).toBeNull();
  });

  it('proposes a gem demotion from a baseline that says when the member joined', () => {
    for (const source of ['imported', 'admin', 'wom_history'] as const) {
      expect(propose(skiller('ruby', 1_000_000, source))).toEqual({
        rank: 'opal',
        direction: 'demotion',
        basis: 'XP gained 1.0M since 12 Jun 2024',
        requirement: 'clan_xp',
      });
    }
  });

  it('proposes a promotion from a first-seen baseline, dated the day the site first saw the member', () => {
    expect(propose(skiller('opal', 34_449_999, 'first_seen'))).toEqual({
      rank: 'ruby',
      direction: 'promotion',
      basis: 'XP gained 34.4M since 28 Nov 2026 (first seen by this site)',
      requirement: 'clan_xp',
    });
  });

  it('proposes fighter changes either way whatever the baseline: EHB does not count from it', () => {
    expect(propose(fighter('leader', 120, 'first_seen'))).toEqual({
      rank: 'prefect',
      direction: 'demotion',
      basis: 'EHB 120',
      requirement: 'ehb',
    });
    expect(propose(fighter('mentor', 305.7, 'first_seen'))).toEqual({
      rank: 'leader',
      direction: 'promotion',
      basis: 'EHB 305',
      requirement: 'ehb',
    });
  });

  it('proposes nothing for a member whose rank matches, staff, maxed or hidden members', () => {
    expect(propose(skiller('sapphire', 3_000_000, 'imported'))).toBeNull();
    expect(propose(skiller('owner', 900_000_000, 'imported'))).toBeNull();
    expect(propose(skiller('maxed', 0, 'imported'))).toBeNull();
    expect(propose({ ...skiller('opal', 50_000_000, 'imported'), hidden: true })).toBeNull();
  });

  it('proposes nothing for a member WOM never measured, whatever their rank', () => {
    const neverUpdated = { current_xp: 0, first_xp: 0, ehb: 0 };
    expect(propose({ ...fighter('leader', 0, 'first_seen'), ...neverUpdated })).toBeNull();
    expect(propose({ ...skiller('ruby', 0, 'imported'), ...neverUpdated })).toBeNull();
  });

  it('dates the basis by the creation date when an imported member has no join date', () => {
    const member = { ...skiller('opal', 9_000_000, 'imported'), join_date: null };
    expect(propose(member)?.basis).toBe('XP gained 9.0M since 28 Nov 2026');
  });
});

/** Each check of the old `hasRoleMismatch`: a proposal (non-null) is a mismatch. */
describe('rank proposals as role mismatches', () => {
  it('proposes a change for a skiller whose clan XP has reached another band', () => {
    expect(propose(skiller('opal', 3_000_000, 'imported'))).toEqual({
      rank: 'sapphire',
      direction: 'promotion',
      basis: 'XP gained 3.0M since 12 Jun 2024',
      requirement: 'clan_xp',
    });
    expect(propose(skiller('zenyte', 10, 'imported'))).toEqual({
      rank: 'opal',
      direction: 'demotion',
      basis: 'XP gained 10 since 12 Jun 2024',
      requirement: 'clan_xp',
    });
  });

  it('proposes nothing for a skiller in the band of their role', () => {
    for (const source of ['imported', 'first_seen'] as const) {
      expect(propose(skiller('opal', 2_999_999, source))).toBeNull();
      expect(propose(skiller('sapphire', 3_000_000, source))).toBeNull();
      expect(propose(skiller('Zenyte', 600_000_000, source))).toBeNull();
    }
  });

  it('proposes a change for a fighter whose EHB has reached another band', () => {
    expect(propose(fighter('mentor', 100, 'imported'))).toEqual({
      rank: 'prefect',
      direction: 'promotion',
      basis: 'EHB 100',
      requirement: 'ehb',
    });
    expect(propose(fighter('tzkal', 1499, 'imported'))).toEqual({
      rank: 'monarch',
      direction: 'demotion',
      basis: 'EHB 1,499',
      requirement: 'ehb',
    });
  });

  it('proposes nothing for a fighter in the band of their role, whatever their XP', () => {
    expect(propose({ ...fighter('prefect', 100, 'imported'), current_xp: 800_000_000 })).toBeNull();
    expect(propose(fighter('tzkal', '1500', 'imported'))).toBeNull();
  });

  it('never proposes a change for a hidden member', () => {
    expect(propose({ ...skiller('opal', 600_000_000, 'imported'), hidden: true })).toBeNull();
  });

  it('never proposes a change for a member without a WOM id', () => {
    for (const wom_id of [null, undefined, '  ']) {
      expect(propose({ ...skiller('opal', 600_000_000, 'imported'), wom_id })).toBeNull();
    }
  });

  it('never proposes a change for maxed members, admin titles, staff or roles without a path', () => {
    for (const role of ['maxed', 'owner', 'pvm_organizer', 'moderator', 'helper']) {
      expect(propose(skiller(role, 600_000_000, 'imported')), role).toBeNull();
    }
    expect(propose({ ...skiller('opal', 600_000_000, 'imported'), womrole: null })).toBeNull();
  });

  it('never proposes a change for a member WOM has not measured yet: their zeros are no band', () => {
    const neverUpdated = { current_xp: 0, first_xp: 0, ehb: 0 };
    expect(propose({ ...fighter('leader', 0, 'imported'), ...neverUpdated })).toBeNull();
    expect(propose({ ...skiller('ruby', 0, 'imported'), ...neverUpdated })).toBeNull();
    expect(propose({ ...fighter('leader', null, 'imported'), current_xp: '0', first_xp: null })).toBeNull();
    expect(propose({ ...fighter('leader', 0, 'imported'), current_xp: 1_154, first_xp: 1_154 })).toEqual({
      rank: 'mentor',
      direction: 'demotion',
      basis: 'EHB 0',
      requirement: 'ehb',
    });
  });

  it('counts a member with missing values as the first band', () => {
    expect(propose({ ...skiller('opal', 0, 'imported'), current_xp: null, first_xp: undefined })).toBeNull();
    expect(propose(fighter('mentor', 'n/a', 'imported'))).toBeNull();
    expect(propose(fighter('prefect', null, 'imported'))).toEqual({
      rank: 'mentor',
      direction: 'demotion',
      basis: 'EHB 0',
      requirement: 'ehb',
    });
  });

  it('gives proposals the shape the Alerts tab reads', () => {
    const proposal = propose(skiller('opal', 3_000_000, 'imported'));
    expect(rankProposalSchema.parse(proposal)).toEqual(proposal);
  });
});

type Requirement = { measure: RankMeasure; min: number };
const rank = (role: string, name: string, ...requirements: Requirement[]) => ({ role, name, requirements });
const need = (measure: RankMeasure, min: number): Requirement => ({ measure, min });
const onePath = (...ranks: Array<ReturnType<typeof rank>>): RankLadder => ({
  paths: [{ key: 'members', name: 'Members', ranks }],
  exempt: ['owner', 'maxed'],
});

/** Ranks by days in the clan alone: 0, 14, 30, 90 and 180 days. */
const TENURE_LADDER = onePath(
  rank('bronze', 'Bronze'),
  rank('iron', 'Iron', need('tenure_days', 14)),
  rank('steel', 'Steel', need('tenure_days', 30)),
  rank('mithril', 'Mithril', need('tenure_days', 90)),
  rank('rune', 'Rune', need('tenure_days', 180)),
);

/** Ranks by siege score: 50 and 200 points. */
const SCORE_LADDER = onePath(
  rank('recruit', 'Recruit'),
  rank('corporal', 'Corporal', need('siege_score', 50)),
  rank('sergeant', 'Sergeant', need('siege_score', 200)),
);

/** Ranks asking for clan XP and days in the clan at once. */
const MIXED_LADDER = onePath(
  rank('recruit', 'Recruit'),
  rank('corporal', 'Corporal', need('clan_xp', 1_000_000), need('tenure_days', 30)),
);

/** A member holding `role` who joined `days` days before NOW, from the given baseline. */
function stayer(role: string, days: number, source: BaselineSource = 'imported'): ProposalMember {
  return { ...skiller(role, 0, source), join_date: daysAgo(days) };
}

describe('rank proposals on a tenure ladder', () => {
  it('proposes a promotion on the days in the clan', () => {
    expect(propose(stayer('bronze', 45), TENURE_LADDER)).toEqual({
      rank: 'steel',
      direction: 'promotion',
      basis: 'In the clan 45 days',
      requirement: 'tenure_days',
    });
    expect(propose(stayer('iron', 400), TENURE_LADDER)).toEqual({
      rank: 'rune',
      direction: 'promotion',
      basis: 'In the clan 400 days',
      requirement: 'tenure_days',
    });
  });

  it('proposes nothing on the day a rank is not yet due, and nothing for a rank earned', () => {
    expect(propose(stayer('bronze', 13), TENURE_LADDER)).toBeNull();
    expect(propose(stayer('iron', 14), TENURE_LADDER)).toBeNull();
    expect(propose(stayer('steel', 89), TENURE_LADDER)).toBeNull();
  });

  it('counts from the day the site first stored a member without a join date', () => {
    const member = { ...stayer('bronze', 0), join_date: null, created_at: '2026-11-10T09:30:00.000Z' };
    expect(propose(member, TENURE_LADDER)).toEqual({
      rank: 'iron',
      direction: 'promotion',
      basis: 'In the clan 18 days',
      requirement: 'tenure_days',
    });
  });

  it('proposes a demotion on the days in the clan whatever the baseline: days do not count from it', () => {
    expect(propose(stayer('rune', 45, 'first_seen'), TENURE_LADDER)).toEqual({
      rank: 'steel',
      direction: 'demotion',
      basis: 'In the clan 45 days',
      requirement: 'tenure_days',
    });
  });

  it('proposes a promotion for a member WOM never measured: days need no WOM figures', () => {
    const neverUpdated = { ...stayer('bronze', 20), current_xp: 0, first_xp: 0, ehb: 0 };
    expect(propose(neverUpdated, TENURE_LADDER)).toEqual({
      rank: 'iron',
      direction: 'promotion',
      basis: 'In the clan 20 days',
      requirement: 'tenure_days',
    });
    // The default ladder reads WOM's figures: nothing is proposed for the same member there.
    expect(propose({ ...neverUpdated, womrole: 'ruby' })).toBeNull();
  });

  it('proposes nothing for the exempt roles and staff of the ladder', () => {
    for (const role of ['owner', 'maxed', 'deputy_owner', 'moderator', 'opal']) {
      expect(propose(stayer(role, 400), TENURE_LADDER), role).toBeNull();
    }
  });
});

describe('rank proposals on other measures', () => {
  it('proposes a promotion and a demotion on siege score', () => {
    expect(propose({ ...stayer('recruit', 0), siege_score: 120 }, SCORE_LADDER)).toEqual({
      rank: 'corporal',
      direction: 'promotion',
      basis: 'Siege score 120',
      requirement: 'siege_score',
    });
    expect(propose({ ...stayer('sergeant', 0, 'first_seen'), siege_score: '1500' }, SCORE_LADDER)).toBeNull();
    expect(propose({ ...stayer('sergeant', 0, 'first_seen'), siege_score: 10 }, SCORE_LADDER)).toEqual({
      rank: 'recruit',
      direction: 'demotion',
      basis: 'Siege score 10',
      requirement: 'siege_score',
    });
    expect(propose({ ...stayer('recruit', 0), siege_score: 1_250 }, SCORE_LADDER)?.basis).toBe(
      'Siege score 1,250',
    );
  });

  it('proposes a promotion on siege score for a member WOM never measured', () => {
    const neverUpdated = { ...stayer('recruit', 0), current_xp: 0, first_xp: 0, siege_score: 60 };
    expect(propose(neverUpdated, SCORE_LADDER)).toMatchObject({
      rank: 'corporal',
      requirement: 'siege_score',
    });
  });

  it('rests a promotion on every requirement of the new rank, the first as its requirement', () => {
    const member = { ...stayer('recruit', 45), current_xp: 12_000_000 };
    expect(propose(member, MIXED_LADDER)).toEqual({
      rank: 'corporal',
      direction: 'promotion',
      basis: 'XP gained 2.0M since 14 Oct 2026, In the clan 45 days',
      requirement: 'clan_xp',
    });
  });

  it('rests a demotion on what the held rank asks and is missing', () => {
    const member = { ...stayer('corporal', 10, 'first_seen'), current_xp: 12_000_000 };
    expect(propose(member, MIXED_LADDER)).toEqual({
      rank: 'recruit',
      direction: 'demotion',
      basis: 'In the clan 10 days',
      requirement: 'tenure_days',
    });
  });

  it('proposes nothing for a member WOM never measured when the rank also asks for WOM figures', () => {
    const neverUpdated = { ...stayer('recruit', 400), current_xp: 0, first_xp: 0 };
    expect(propose(neverUpdated, MIXED_LADDER)).toBeNull();
  });

  it('writes the figure of each other measure as people read it', () => {
    const figures = {
      ...stayer('recruit', 0),
      current_xp: 25_000_000,
      current_lvl: 1_850,
      ehb: 100.9,
      ehp: 50,
    };
    const basis = (measure: RankMeasure, min: number) =>
      propose(figures, onePath(rank('recruit', 'Recruit'), rank('corporal', 'Corporal', need(measure, min))))
        ?.basis;
    expect(basis('total_xp', 20_000_000)).toBe('Total XP 25.0M');
    expect(basis('total_level', 1_500)).toBe('Total level 1,850');
    expect(basis('ehp', 40)).toBe('EHP 50');
    expect(basis('ehb_ehp', 150)).toBe('EHB + EHP 150');
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
