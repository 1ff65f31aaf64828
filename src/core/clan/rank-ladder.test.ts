import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from './default-rules.ts';
import {
  MEASURE_NAMES,
  MEASURE_UNITS,
  calculatedRank,
  clanXp,
  figuresOf,
  isExemptRole,
  ladderName,
  ladderProblem,
  nextRank,
  pathKeyOf,
  placeOf,
  tenureDays,
  toNumber,
  type LadderMember,
} from './rank-ladder.ts';
import { RANK_MEASURES, type RankLadder, type RankMeasure } from './rank-ladder.schema.ts';

/** The time every test ranks at: tenure counts whole days up to it. */
const NOW = new Date('2026-11-28T12:00:00Z');
const DAY_MS = 86_400_000;

/** The join date `days` whole days before NOW, as the database stores it. */
const daysAgo = (days: number) => new Date(Date.UTC(2026, 10, 28) - days * DAY_MS).toISOString().slice(0, 10);

/** A member WOM has measured (an account always has XP), with no clan XP gained yet. */
function member(overrides: Partial<LadderMember> = {}): LadderMember {
  return {
    womrole: 'opal',
    current_xp: 1_000_000,
    first_xp: 1_000_000,
    ehb: 0,
    wom_id: '1234',
    ...overrides,
  };
}

/** A skiller with the given clan XP (gained since joining). */
function skiller(role: string, gained: number, overrides: Partial<LadderMember> = {}): LadderMember {
  return member({ womrole: role, first_xp: 10_000_000, current_xp: 10_000_000 + gained, ...overrides });
}

function fighter(role: string, ehb: unknown, overrides: Partial<LadderMember> = {}): LadderMember {
  return member({ womrole: role, ehb, ...overrides });
}

/** The rank the default ladder gives the member's figures. */
const rankOf = (ranked: LadderMember, ladder: RankLadder = DEFAULT_LADDER) =>
  calculatedRank(ladder, ranked, NOW);
/** The default ladder's Next Rank hint for the member. */
const hint = (ranked: LadderMember, ladder: RankLadder = DEFAULT_LADDER) => nextRank(ladder, ranked, NOW);
/** The rank a skiller's clan XP earns, as `skillerRankFor` gave it. */
const gemFor = (gained: number) => rankOf(skiller('opal', gained));
/** The rank a fighter's EHB earns, as `fighterRankFor` gave it. */
const combatFor = (ehb: number) => rankOf(fighter('mentor', ehb));

type Requirement = { measure: RankMeasure; min: number };
const rank = (role: string, name: string, ...requirements: Requirement[]) => ({ role, name, requirements });
const need = (measure: RankMeasure, min: number): Requirement => ({ measure, min });

/** A clan that ranks by days in the clan alone: 0, 14, 30, 90 and 180 days. */
const TENURE_LADDER: RankLadder = {
  paths: [
    {
      key: 'members',
      name: 'Members',
      ranks: [
        rank('bronze', 'Bronze'),
        rank('iron', 'Iron', need('tenure_days', 14)),
        rank('steel', 'Steel', need('tenure_days', 30)),
        rank('mithril', 'Mithril', need('tenure_days', 90)),
        rank('rune', 'Rune', need('tenure_days', 180)),
      ],
    },
  ],
  exempt: ['owner', 'maxed'],
};

/** A clan whose ranks ask for clan XP and days in the clan at once. */
const MIXED_LADDER: RankLadder = {
  paths: [
    {
      key: 'members',
      name: 'Members',
      ranks: [
        rank('recruit', 'Recruit'),
        rank('corporal', 'Corporal', need('clan_xp', 1_000_000), need('tenure_days', 30)),
        rank('sergeant', 'Sergeant', need('clan_xp', 5_000_000), need('tenure_days', 90)),
      ],
    },
  ],
  exempt: [],
};

/** A tenure member: `role` held, joined `days` days before NOW. */
const stayer = (role: string, days: number, overrides: Partial<LadderMember> = {}) =>
  member({ womrole: role, join_date: daysAgo(days), ...overrides });

describe('toNumber', () => {
  it('passes finite numbers through', () => {
    expect(toNumber(42)).toBe(42);
    expect(toNumber(-3.5)).toBe(-3.5);
    expect(toNumber(0)).toBe(0);
  });

  it('parses numeric strings, as PostgreSQL returns bigint and numeric', () => {
    expect(toNumber('1500')).toBe(1500);
    expect(toNumber(' 12.5 ')).toBe(12.5);
    expect(toNumber('-7')).toBe(-7);
  });

  it('reads bigints', () => {
    expect(toNumber(4_600_000_000n)).toBe(4_600_000_000);
  });

  it('treats null, undefined, NaN, infinities and garbage as 0', () => {
    expect(toNumber(null)).toBe(0);
    expect(toNumber(undefined)).toBe(0);
    expect(toNumber(Number.NaN)).toBe(0);
    expect(toNumber(Number.POSITIVE_INFINITY)).toBe(0);
    expect(toNumber('')).toBe(0);
    expect(toNumber('   ')).toBe(0);
    expect(toNumber('abc')).toBe(0);
    expect(toNumber('12abc')).toBe(0);
    expect(toNumber('NaN')).toBe(0);
    expect(toNumber(true)).toBe(0);
    expect(toNumber({})).toBe(0);
    expect(toNumber([5])).toBe(0);
  });
});

describe('clanXp', () => {
  it('is the XP gained since joining', () => {
    expect(clanXp({ current_xp: 15_000_000, first_xp: 12_000_000 })).toBe(3_000_000);
  });

  it('reads string values', () => {
    expect(clanXp({ current_xp: '5000000', first_xp: '1000000' })).toBe(4_000_000);
  });

  it('treats a missing value as 0 instead of NaN', () => {
    expect(clanXp({ current_xp: 2_000_000, first_xp: null })).toBe(2_000_000);
    expect(clanXp({ current_xp: undefined, first_xp: undefined })).toBe(0);
    expect(clanXp({ current_xp: 'garbage', first_xp: 100 })).toBe(-100);
  });

  it('starts at 0 for a new member', () => {
    expect(clanXp({ current_xp: 123_456_789, first_xp: 123_456_789 })).toBe(0);
  });
});

describe('the default skiller path (skillerRankFor)', () => {
  it('gives Opal below 3,000,000 clan XP', () => {
    expect(gemFor(0)).toBe('opal');
    expect(gemFor(2_999_999)).toBe('opal');
  });

  it('gives Opal for a negative gain', () => {
    expect(gemFor(-50)).toBe('opal');
  });

  it('gives Sapphire from exactly 3,000,000 clan XP', () => {
    expect(gemFor(3_000_000)).toBe('sapphire');
    expect(gemFor(7_999_999)).toBe('sapphire');
  });

  it('includes each band lower bound and excludes its upper bound', () => {
    expect(gemFor(8_000_000)).toBe('emerald');
    expect(gemFor(14_999_999)).toBe('emerald');
    expect(gemFor(15_000_000)).toBe('ruby');
    expect(gemFor(39_999_999)).toBe('ruby');
    expect(gemFor(40_000_000)).toBe('diamond');
    expect(gemFor(89_999_999)).toBe('diamond');
    expect(gemFor(90_000_000)).toBe('dragonstone');
    expect(gemFor(149_999_999)).toBe('dragonstone');
    expect(gemFor(150_000_000)).toBe('onyx');
    expect(gemFor(499_999_999)).toBe('onyx');
  });

  it('gives Zenyte from 500,000,000 clan XP upwards', () => {
    expect(gemFor(500_000_000)).toBe('zenyte');
    expect(gemFor(4_600_000_000)).toBe('zenyte');
  });
});

describe('the default fighter path (fighterRankFor)', () => {
  it('gives Mentor below 100 EHB', () => {
    expect(combatFor(0)).toBe('mentor');
    expect(combatFor(99.99)).toBe('mentor');
  });

  it('gives Prefect from exactly 100 EHB', () => {
    expect(combatFor(100)).toBe('prefect');
  });

  it('includes each band lower bound and excludes its upper bound', () => {
    expect(combatFor(299)).toBe('prefect');
    expect(combatFor(300)).toBe('leader');
    expect(combatFor(499)).toBe('leader');
    expect(combatFor(500)).toBe('supervisor');
    expect(combatFor(699)).toBe('supervisor');
    expect(combatFor(700)).toBe('superior');
    expect(combatFor(899)).toBe('superior');
    expect(combatFor(900)).toBe('executive');
    expect(combatFor(1099)).toBe('executive');
    expect(combatFor(1100)).toBe('senator');
    expect(combatFor(1299)).toBe('senator');
    expect(combatFor(1300)).toBe('monarch');
    expect(combatFor(1499.9)).toBe('monarch');
  });

  it('gives TzKal from 1500 EHB upwards', () => {
    expect(combatFor(1500)).toBe('tzkal');
    expect(combatFor(9000)).toBe('tzkal');
  });
});

describe('calculatedRank', () => {
  it('bands a skiller by clan XP, not by total XP', () => {
    expect(rankOf(skiller('opal', 3_000_000))).toBe('sapphire');
    expect(rankOf(member({ womrole: 'opal', current_xp: 300_000_000, first_xp: 299_000_000 }))).toBe('opal');
  });

  it('bands a fighter by EHB, ignoring XP', () => {
    expect(rankOf(fighter('mentor', 300, { current_xp: 900_000_000 }))).toBe('leader');
  });

  it('reads string and null values as numbers', () => {
    expect(rankOf(fighter('mentor', '1500'))).toBe('tzkal');
    expect(rankOf(fighter('prefect', null))).toBe('mentor');
    expect(rankOf(member({ womrole: 'ruby', current_xp: null, first_xp: null }))).toBe('opal');
  });

  it('reads roles however they are spelled', () => {
    expect(rankOf(fighter('TzKal', 1500))).toBe('tzkal');
  });

  it('gives null for maxed members, admin titles and unknown or missing roles', () => {
    expect(rankOf(skiller('maxed', 50_000_000))).toBeNull();
    expect(rankOf(skiller('owner', 50_000_000))).toBeNull();
    expect(rankOf(skiller('helper', 50_000_000))).toBeNull();
    expect(rankOf(skiller('', 50_000_000))).toBeNull();
    expect(rankOf(member({ womrole: null }))).toBeNull();
  });
});

describe('nextRank', () => {
  it('shows the XP a skiller still needs for the next gem', () => {
    expect(hint(skiller('opal', 2_000_000))).toEqual({
      rank: 'sapphire',
      name: 'Sapphire',
      remaining: 1_000_000,
      unit: 'XP',
      needed: '1,000,000 XP',
      label: 'Sapphire: 1,000,000 XP',
    });
  });

  it('counts from clan XP, treating a missing baseline as 0', () => {
    expect(hint(member({ womrole: 'opal', current_xp: '500', first_xp: null }))).toMatchObject({
      rank: 'sapphire',
      label: 'Sapphire: 2,999,500 XP',
    });
  });

  it('gives no next rank to a member Wise Old Man never measured, on either path', () => {
    for (const current_xp of [null, 0, '0']) {
      expect(hint(member({ womrole: 'opal', current_xp, first_xp: null }))).toEqual({
        rank: null,
        label: '-',
      });
      expect(hint(fighter('mentor', 0, { current_xp, first_xp: 0 }))).toEqual({ rank: null, label: '-' });
    }
  });

  it('aims at the band above the value and names that band when the role is behind it', () => {
    expect(hint(skiller('opal', 10_000_000))).toMatchObject({
      rank: 'ruby',
      remaining: 5_000_000,
      label: 'XP in Emerald band · Ruby: 5,000,000 XP',
    });
  });

  it('aims above the rank held when the XP is in a lower band, never at that rank or a lower one', () => {
    // Issue 29: this Onyx read "9,001,150 XP to Diamond".
    expect(hint(skiller('onyx', 30_998_850))).toEqual({
      rank: 'zenyte',
      name: 'Zenyte',
      remaining: 469_001_150,
      unit: 'XP',
      needed: '469,001,150 XP',
      label: 'XP in Ruby band · Zenyte: 469,001,150 XP',
    });
    expect(hint(skiller('diamond', 22_951_800))).toMatchObject({
      rank: 'dragonstone',
      remaining: 67_048_200,
      label: 'XP in Ruby band · Dragonstone: 67,048,200 XP',
    });
  });

  it('aims above the rank held when the EHB is in a lower band', () => {
    // Issue 29: these Leaders read "93 EHB to Leader" and "100 EHB to Prefect".
    expect(hint(fighter('leader', 207.19824))).toEqual({
      rank: 'supervisor',
      name: 'Supervisor',
      remaining: 293,
      unit: 'EHB',
      needed: '293 EHB',
      label: 'EHB in Prefect band · Supervisor: 293 EHB',
    });
    expect(hint(fighter('leader', 0)).label).toBe('EHB in Mentor band · Supervisor: 500 EHB');
    expect(hint(fighter('senator', 450)).label).toBe('EHB in Leader band · Monarch: 850 EHB');
  });

  it('says no rank is left for the top rank, whatever band its figures are in', () => {
    expect(hint(skiller('zenyte', 100_000_000))).toEqual({
      rank: null,
      label: 'XP in Dragonstone band · Max rank achieved',
    });
    expect(hint(fighter('tzkal', 1499.5)).label).toBe('EHB in Monarch band · Max rank achieved');
  });

  it('gives no band note when the role matches the band', () => {
    expect(hint(skiller('ruby', 20_000_000)).label).toBe('Diamond: 20,000,000 XP');
    expect(hint(fighter('leader', 450)).label).toBe('Supervisor: 50 EHB');
  });

  it('aims at the next band from exactly a band lower bound', () => {
    expect(hint(skiller('sapphire', 3_000_000))).toMatchObject({ rank: 'emerald', remaining: 5_000_000 });
  });

  it('shows the EHB a fighter still needs, rounded up to a whole hour', () => {
    expect(hint(fighter('mentor', 88))).toEqual({
      rank: 'prefect',
      name: 'Prefect',
      remaining: 12,
      unit: 'EHB',
      needed: '12 EHB',
      label: 'Prefect: 12 EHB',
    });
    expect(hint(fighter('mentor', 87.3))).toMatchObject({ remaining: 13, label: 'Prefect: 13 EHB' });
    expect(hint(fighter('mentor', 99.99))).toMatchObject({ remaining: 1, label: 'Prefect: 1 EHB' });
  });

  it('formats EHB amounts with en-US thousands separators', () => {
    expect(hint(fighter('mentor', 0)).label).toBe('Prefect: 100 EHB');
    expect(hint(fighter('monarch', '250'))).toMatchObject({
      rank: 'tzkal',
      label: 'EHB in Prefect band · TzKal: 1,250 EHB',
    });
    expect(hint(fighter('mentor', -1000)).label).toBe('Prefect: 1,100 EHB');
  });

  it('reads string and null values as numbers, null as 0, never NaN', () => {
    expect(hint(member({ womrole: 'sapphire', current_xp: '12000000', first_xp: '2000000' }))).toEqual({
      rank: 'ruby',
      name: 'Ruby',
      remaining: 5_000_000,
      unit: 'XP',
      needed: '5,000,000 XP',
      label: 'XP in Emerald band · Ruby: 5,000,000 XP',
    });
    expect(hint(member({ womrole: 'ruby', current_xp: '3000000', first_xp: null })).label).toBe(
      'XP in Sapphire band · Diamond: 37,000,000 XP',
    );
    expect(hint(fighter('prefect', null)).label).toBe('EHB in Mentor band · Leader: 300 EHB');
    expect(hint(fighter('leader', '320.4')).label).toBe('Supervisor: 180 EHB');
    expect(hint(fighter('mentor', 'n/a')).label).toBe('Prefect: 100 EHB');
  });

  it('shows Max rank achieved only at the top skiller and fighter bands', () => {
    expect(hint(skiller('zenyte', 500_000_000))).toEqual({ rank: null, label: 'Max rank achieved' });
    expect(hint(fighter('tzkal', 1500))).toEqual({ rank: null, label: 'Max rank achieved' });
    expect(hint(skiller('onyx', 499_999_999)).label).toBe('Zenyte: 1 XP');
    expect(hint(fighter('tzkal', '1500')).label).toBe('Max rank achieved');
  });

  it('names the top band when a lower role has reached it', () => {
    expect(hint(skiller('diamond', 600_000_000))).toEqual({
      rank: null,
      label: 'XP in Zenyte band · Max rank achieved',
    });
    expect(hint(fighter('monarch', 1600)).label).toBe('EHB in TzKal band · Max rank achieved');
  });

  it('gives staff no rank hint', () => {
    expect(hint(skiller('owner', 10))).toEqual({ rank: null, label: '-' });
    expect(hint(skiller('deputy_owner', 10_000_000)).label).toBe('-');
    expect(hint(skiller('moderator', 10_000_000)).label).toBe('-');
    expect(hint(skiller('administrator', 600_000_000)).label).toBe('-');
  });

  it('gives admin titles no rank hint: they are appointed, not earned on a band', () => {
    expect(hint(skiller('general', 10_000_000))).toEqual({ rank: null, label: '-' });
    expect(hint(fighter('captain', 800)).label).toBe('-');
    expect(hint(skiller('PvM Organizer', 600_000_000)).label).toBe('-');
  });

  it('gives unknown or missing roles no rank hint, as their ladder is not known', () => {
    expect(hint(skiller('helper', 10)).label).toBe('-');
    expect(hint(member({ womrole: null })).label).toBe('-');
    expect(hint(member({ womrole: '  ', current_xp: 600_000_000 })).label).toBe('-');
  });

  it('gives a maxed member no gem as the next rank: maxed is exempt from the gem ladder', () => {
    expect(hint(skiller('maxed', 149_000_000))).toEqual({ rank: null, label: '-' });
    expect(hint(skiller('Maxed', 700_000_000)).label).toBe('-');
  });
});

describe('DEFAULT_LADDER', () => {
  const thresholds = (key: string) =>
    DEFAULT_LADDER.paths
      .find((path) => path.key === key)
      ?.ranks.map((entry) => [entry.role, entry.name, entry.requirements]);

  it('holds the spec skiller thresholds in clan XP, ascending, the first asking nothing', () => {
    expect(thresholds('skiller')).toEqual([
      ['opal', 'Opal', []],
      ['sapphire', 'Sapphire', [{ measure: 'clan_xp', min: 3_000_000 }]],
      ['emerald', 'Emerald', [{ measure: 'clan_xp', min: 8_000_000 }]],
      ['ruby', 'Ruby', [{ measure: 'clan_xp', min: 15_000_000 }]],
      ['diamond', 'Diamond', [{ measure: 'clan_xp', min: 40_000_000 }]],
      ['dragonstone', 'Dragonstone', [{ measure: 'clan_xp', min: 90_000_000 }]],
      ['onyx', 'Onyx', [{ measure: 'clan_xp', min: 150_000_000 }]],
      ['zenyte', 'Zenyte', [{ measure: 'clan_xp', min: 500_000_000 }]],
    ]);
  });

  it('holds the spec fighter thresholds in EHB, ascending, the first asking nothing', () => {
    expect(thresholds('fighter')).toEqual([
      ['mentor', 'Mentor', []],
      ['prefect', 'Prefect', [{ measure: 'ehb', min: 100 }]],
      ['leader', 'Leader', [{ measure: 'ehb', min: 300 }]],
      ['supervisor', 'Supervisor', [{ measure: 'ehb', min: 500 }]],
      ['superior', 'Superior', [{ measure: 'ehb', min: 700 }]],
      ['executive', 'Executive', [{ measure: 'ehb', min: 900 }]],
      ['senator', 'Senator', [{ measure: 'ehb', min: 1100 }]],
      ['monarch', 'Monarch', [{ measure: 'ehb', min: 1300 }]],
      ['tzkal', 'TzKal', [{ measure: 'ehb', min: 1500 }]],
    ]);
  });

  it('exempts the admin titles and maxed', () => {
    expect(DEFAULT_LADDER.exempt).toEqual([
      'owner',
      'deputy_owner',
      'general',
      'captain',
      'pvm_organizer',
      'maxed',
    ]);
  });

  it('is a ladder that can be saved', () => {
    expect(ladderProblem(DEFAULT_LADDER)).toBeNull();
  });
});

describe('pathKeyOf and placeOf (rankPathOf)', () => {
  it('puts every gem role on the skiller path and every combat role on the fighter path', () => {
    for (const path of DEFAULT_LADDER.paths) {
      path.ranks.forEach((entry, index) => {
        expect(pathKeyOf(DEFAULT_LADDER, entry.role)).toBe(path.key);
        expect(placeOf(DEFAULT_LADDER, entry.role)).toEqual({ path, index });
      });
    }
    expect(DEFAULT_LADDER.paths.map((path) => path.key)).toEqual(['skiller', 'fighter']);
  });

  it('reads roles however they are spelled', () => {
    expect(pathKeyOf(DEFAULT_LADDER, ' Zenyte ')).toBe('skiller');
    expect(pathKeyOf(DEFAULT_LADDER, 'TzKal')).toBe('fighter');
  });

  it('puts maxed on no path: it is exempt (the roster filter still counts it a skiller)', () => {
    expect(pathKeyOf(DEFAULT_LADDER, 'maxed')).toBeNull();
    expect(placeOf(DEFAULT_LADDER, 'Maxed')).toBeNull();
  });

  it('gives admin titles, unknown and missing roles no path', () => {
    expect(pathKeyOf(DEFAULT_LADDER, 'owner')).toBeNull();
    expect(pathKeyOf(DEFAULT_LADDER, 'pvm_organizer')).toBeNull();
    expect(pathKeyOf(DEFAULT_LADDER, 'helper')).toBeNull();
    expect(pathKeyOf(DEFAULT_LADDER, null)).toBeNull();
    expect(pathKeyOf(DEFAULT_LADDER, '')).toBeNull();
  });

  it("puts a role on the path of the clan's own ladder", () => {
    expect(pathKeyOf(TENURE_LADDER, 'iron')).toBe('members');
    expect(pathKeyOf(TENURE_LADDER, 'opal')).toBeNull();
  });
});

describe('isExemptRole and ladderName', () => {
  it("exempts the ladder's exempt roles and staff, whatever the ladder says", () => {
    for (const role of [
      'owner',
      'Deputy Owner',
      'general',
      'captain',
      'PvM Organizer',
      'maxed',
      'moderator',
      'administrator',
    ]) {
      expect(isExemptRole(DEFAULT_LADDER, role), role).toBe(true);
    }
    expect(isExemptRole(TENURE_LADDER, 'general')).toBe(false);
    expect(isExemptRole(TENURE_LADDER, 'deputy_owner')).toBe(true);
  });

  it('exempts no rank and no missing role', () => {
    for (const role of ['opal', 'zenyte', 'mentor', 'tzkal', 'helper', null, '']) {
      expect(isExemptRole(DEFAULT_LADDER, role), String(role)).toBe(false);
    }
  });

  it('names a role as the ladder names it, and only a role on a path', () => {
    expect(ladderName(DEFAULT_LADDER, 'tzkal')).toBe('TzKal');
    expect(ladderName(DEFAULT_LADDER, ' Dragonstone ')).toBe('Dragonstone');
    expect(ladderName(DEFAULT_LADDER, 'maxed')).toBeNull();
    expect(ladderName(DEFAULT_LADDER, null)).toBeNull();
  });
});

describe('measures', () => {
  it('has a unit and a name for every measure', () => {
    for (const measure of RANK_MEASURES) {
      expect(MEASURE_UNITS[measure], measure).toBeTruthy();
      expect(MEASURE_NAMES[measure], measure).toBeTruthy();
    }
    expect(MEASURE_UNITS.tenure_days).toBe('days');
    expect(MEASURE_UNITS.clan_xp).toBe('XP');
    expect(MEASURE_UNITS.ehb).toBe('EHB');
  });

  it("reads each measure's figure from the member, strings and nulls included", () => {
    const figures = figuresOf(
      {
        womrole: 'opal',
        current_xp: '25000000',
        first_xp: 5_000_000,
        current_lvl: '1850',
        ehb: '120.5',
        ehp: 30,
        siege_score: null,
        join_date: daysAgo(45),
      },
      NOW,
    );
    expect(figures).toEqual({
      clan_xp: 20_000_000,
      total_xp: 25_000_000,
      total_level: 1850,
      ehb: 120.5,
      ehp: 30,
      ehb_ehp: 150.5,
      siege_score: 0,
      tenure_days: 45,
    });
  });
});

describe('tenureDays', () => {
  it('counts whole days from the join date to now, in UTC', () => {
    expect(tenureDays({ join_date: '2026-11-28' }, NOW)).toBe(0);
    expect(tenureDays({ join_date: '2026-11-27' }, NOW)).toBe(1);
    expect(tenureDays({ join_date: '2026-10-29' }, NOW)).toBe(30);
    expect(tenureDays({ join_date: '2025-11-28' }, NOW)).toBe(365);
    expect(tenureDays({ join_date: '2026-11-27' }, new Date('2026-11-27T23:59:59Z'))).toBe(0);
    expect(tenureDays({ join_date: '2026-11-27' }, new Date('2026-11-28T00:00:00Z'))).toBe(1);
  });

  it('reads a join date given as a timestamp by its day', () => {
    expect(tenureDays({ join_date: '2026-11-14T23:30:00.000Z' }, NOW)).toBe(14);
  });

  it('counts from the day the site first stored the member when there is no join date', () => {
    expect(tenureDays({ join_date: null, created_at: '2026-11-20T09:30:00.000Z' }, NOW)).toBe(8);
    expect(tenureDays({ created_at: '2026-11-20T09:30:00.000Z' }, NOW)).toBe(8);
  });

  it('prefers the join date to the day the site first stored the member', () => {
    expect(tenureDays({ join_date: '2026-01-01', created_at: '2026-11-20T09:30:00.000Z' }, NOW)).toBe(331);
  });

  it('is null without a usable date and never negative', () => {
    expect(tenureDays({}, NOW)).toBeNull();
    expect(tenureDays({ join_date: null }, NOW)).toBeNull();
    expect(tenureDays({ join_date: 'not a date' }, NOW)).toBeNull();
    expect(tenureDays({ join_date: '2027-01-01' }, NOW)).toBe(0);
  });
});

describe('a tenure ladder', () => {
  it('ranks by whole days in the clan, each bound included', () => {
    const earned = (days: number) => rankOf(stayer('bronze', days), TENURE_LADDER);
    expect(earned(0)).toBe('bronze');
    expect(earned(13)).toBe('bronze');
    expect(earned(14)).toBe('iron');
    expect(earned(29)).toBe('iron');
    expect(earned(30)).toBe('steel');
    expect(earned(89)).toBe('steel');
    expect(earned(90)).toBe('mithril');
    expect(earned(179)).toBe('mithril');
    expect(earned(180)).toBe('rune');
    expect(earned(2000)).toBe('rune');
  });

  it('ranks whatever rank on the path the member holds, down as well as up', () => {
    expect(rankOf(stayer('rune', 20), TENURE_LADDER)).toBe('iron');
    expect(rankOf(stayer('Mithril', 100), TENURE_LADDER)).toBe('mithril');
  });

  it('counts from the day the site first stored a member without a join date', () => {
    const firstSeen = member({
      womrole: 'bronze',
      join_date: null,
      created_at: `${daysAgo(31)}T09:30:00.000Z`,
    });
    expect(rankOf(firstSeen, TENURE_LADDER)).toBe('steel');
  });

  it('gives a member with no date to count from the first rank', () => {
    expect(rankOf(member({ womrole: 'steel', join_date: null }), TENURE_LADDER)).toBe('bronze');
  });

  it('gives roles off the ladder, and its exempt roles, no rank', () => {
    expect(rankOf(stayer('opal', 400), TENURE_LADDER)).toBeNull();
    expect(rankOf(stayer('maxed', 400), TENURE_LADDER)).toBeNull();
    expect(rankOf(stayer('owner', 400), TENURE_LADDER)).toBeNull();
  });

  it('says how many days are left for the next rank', () => {
    expect(hint(stayer('bronze', 10), TENURE_LADDER)).toEqual({
      rank: 'iron',
      name: 'Iron',
      remaining: 4,
      unit: 'days',
      needed: '4 days',
      label: 'Iron: 4 days',
    });
    expect(hint(stayer('iron', 14), TENURE_LADDER).label).toBe('Steel: 16 days');
    expect(hint(stayer('mithril', 178), TENURE_LADDER).label).toBe('Rune: 2 days');
    expect(hint(stayer('bronze', 0), TENURE_LADDER).label).toBe('Iron: 14 days');
  });

  it('names the band the days are in when the rank held is another', () => {
    expect(hint(stayer('bronze', 40), TENURE_LADDER)).toEqual({
      rank: 'mithril',
      name: 'Mithril',
      remaining: 50,
      unit: 'days',
      needed: '50 days',
      label: 'Days in Steel band · Mithril: 50 days',
    });
    expect(hint(stayer('mithril', 20), TENURE_LADDER).label).toBe('Days in Iron band · Rune: 160 days');
  });

  it('says the top rank is reached', () => {
    expect(hint(stayer('rune', 180), TENURE_LADDER)).toEqual({ rank: null, label: 'Max rank achieved' });
    expect(hint(stayer('bronze', 365), TENURE_LADDER)).toEqual({
      rank: null,
      label: 'Days in Rune band · Max rank achieved',
    });
  });
});

describe('a rank with several requirements', () => {
  it('is earned only when every requirement holds', () => {
    const earned = (gained: number, days: number) =>
      rankOf(skiller('recruit', gained, { join_date: daysAgo(days) }), MIXED_LADDER);
    expect(earned(0, 0)).toBe('recruit');
    expect(earned(2_000_000, 10)).toBe('recruit');
    expect(earned(500_000, 100)).toBe('recruit');
    expect(earned(1_000_000, 30)).toBe('corporal');
    expect(earned(9_000_000, 60)).toBe('corporal');
    expect(earned(4_999_999, 365)).toBe('corporal');
    expect(earned(5_000_000, 90)).toBe('sergeant');
  });

  it('lists every missing amount, the first as what remains', () => {
    expect(hint(skiller('recruit', 400_000, { join_date: daysAgo(10) }), MIXED_LADDER)).toEqual({
      rank: 'corporal',
      name: 'Corporal',
      remaining: 600_000,
      unit: 'XP',
      needed: '600,000 XP, 20 days',
      label: 'Corporal: 600,000 XP, 20 days',
    });
  });

  it('lists only what is still missing', () => {
    expect(hint(skiller('recruit', 2_000_000, { join_date: daysAgo(10) }), MIXED_LADDER)).toEqual({
      rank: 'corporal',
      name: 'Corporal',
      remaining: 20,
      unit: 'days',
      needed: '20 days',
      label: 'Corporal: 20 days',
    });
    expect(hint(skiller('corporal', 1_000_000, { join_date: daysAgo(200) }), MIXED_LADDER).label).toBe(
      'Sergeant: 4,000,000 XP',
    );
  });

  it('calls the figures of a path that measures several things its stats', () => {
    expect(hint(skiller('recruit', 2_000_000, { join_date: daysAgo(40) }), MIXED_LADDER).label).toBe(
      'Stats in Corporal band · Sergeant: 3,000,000 XP, 50 days',
    );
  });
});

describe('a member Wise Old Man never measured', () => {
  const neverMeasured = (role: string, days: number) =>
    member({ womrole: role, current_xp: 0, first_xp: 0, ehb: 0, join_date: daysAgo(days) });

  it('gets no next rank on a path that reads WOM figures', () => {
    expect(hint(neverMeasured('opal', 400))).toEqual({ rank: null, label: '-' });
    expect(hint(neverMeasured('mentor', 400))).toEqual({ rank: null, label: '-' });
    // Days in the clan are known, but the path also asks for clan XP WOM has not measured.
    expect(hint(neverMeasured('recruit', 400), MIXED_LADDER)).toEqual({ rank: null, label: '-' });
  });

  it('gets a next rank on a path of days in the clan alone, which need no WOM figures', () => {
    expect(hint(neverMeasured('bronze', 10), TENURE_LADDER)).toEqual({
      rank: 'iron',
      name: 'Iron',
      remaining: 4,
      unit: 'days',
      needed: '4 days',
      label: 'Iron: 4 days',
    });
    expect(rankOf(neverMeasured('bronze', 31), TENURE_LADDER)).toBe('steel');
  });
});

describe('other measures', () => {
  const ladder = (measure: RankMeasure, mins: number[]): RankLadder => ({
    paths: [
      {
        key: 'path',
        name: 'Path',
        ranks: [
          rank('recruit', 'Recruit'),
          ...mins.map((min, index) =>
            rank(['corporal', 'sergeant', 'lieutenant'][index]!, `Rank ${index + 1}`, need(measure, min)),
          ),
        ],
      },
    ],
    exempt: [],
  });

  it('ranks by siege score in points', () => {
    const scores = ladder('siege_score', [50, 200]);
    expect(rankOf(member({ womrole: 'recruit', siege_score: 49 }), scores)).toBe('recruit');
    expect(rankOf(member({ womrole: 'recruit', siege_score: '50' }), scores)).toBe('corporal');
    expect(rankOf(member({ womrole: 'recruit', siege_score: 200 }), scores)).toBe('sergeant');
    expect(hint(member({ womrole: 'recruit', siege_score: 35 }), scores).label).toBe('Rank 1: 15 points');
    expect(hint(member({ womrole: 'recruit', siege_score: 60 }), scores).label).toBe(
      'Points in Rank 1 band · Rank 2: 140 points',
    );
  });

  it('ranks by total level, total XP, EHP and EHB + EHP with their units', () => {
    expect(hint(member({ womrole: 'recruit', current_lvl: 1500 }), ladder('total_level', [1750])).label).toBe(
      'Rank 1: 250 levels',
    );
    expect(
      hint(member({ womrole: 'recruit', current_xp: 1_000_000 }), ladder('total_xp', [2_500_000])).label,
    ).toBe('Rank 1: 1,500,000 XP');
    expect(hint(member({ womrole: 'recruit', ehp: 99.5 }), ladder('ehp', [150])).label).toBe(
      'Rank 1: 51 EHP',
    );
    expect(hint(member({ womrole: 'recruit', ehb: 40, ehp: 50 }), ladder('ehb_ehp', [100])).label).toBe(
      'Rank 1: 10 EHB + EHP',
    );
    expect(rankOf(member({ womrole: 'recruit', ehb: 60, ehp: 40 }), ladder('ehb_ehp', [100]))).toBe(
      'corporal',
    );
  });
});

describe('ladderProblem', () => {
  /** The default ladder with one path's ranks changed. */
  const withPath = (
    key: string,
    change: (ranks: RankLadder['paths'][number]['ranks']) => RankLadder['paths'][number]['ranks'],
  ): RankLadder => ({
    ...DEFAULT_LADDER,
    paths: DEFAULT_LADDER.paths.map((path) =>
      path.key === key ? { ...path, ranks: change(path.ranks) } : path,
    ),
  });

  it('accepts the tenure and mixed ladders, and a ladder with no paths', () => {
    expect(ladderProblem(TENURE_LADDER)).toBeNull();
    expect(ladderProblem(MIXED_LADDER)).toBeNull();
    expect(ladderProblem({ paths: [], exempt: [] })).toBeNull();
  });

  it('names the rank that uses a role another path already uses', () => {
    const ladder = withPath('fighter', (ranks) => [...ranks, rank('opal', 'Grandmaster', need('ehb', 2000))]);
    expect(ladderProblem(ladder)).toBe('Grandmaster: the role opal is already used by Opal');
  });

  it('names the rank that uses a role its own path already uses', () => {
    const ladder = withPath('skiller', (ranks) => [
      ...ranks,
      rank('sapphire', 'Star Sapphire', need('clan_xp', 900_000_000)),
    ]);
    expect(ladderProblem(ladder)).toBe('Star Sapphire: the role sapphire is already used by Sapphire');
  });

  it('names an exempt role that a rank already uses', () => {
    expect(ladderProblem({ ...DEFAULT_LADDER, exempt: [...DEFAULT_LADDER.exempt, 'ruby'] })).toBe(
      'Exempt role ruby: the role ruby is already used by Ruby',
    );
    expect(ladderProblem({ ...DEFAULT_LADDER, exempt: ['owner', 'owner'] })).toBe(
      'Exempt role owner: listed twice',
    );
  });

  it('names a rank whose threshold is not higher than the one below', () => {
    const same = withPath('skiller', (ranks) =>
      ranks.map((entry) =>
        entry.role === 'emerald' ? { ...entry, requirements: [need('clan_xp', 3_000_000)] } : entry,
      ),
    );
    expect(ladderProblem(same)).toBe("Emerald: its thresholds must be higher than Sapphire's");
    const lower = withPath('fighter', (ranks) =>
      ranks.map((entry) => (entry.role === 'leader' ? { ...entry, requirements: [need('ehb', 50)] } : entry)),
    );
    expect(ladderProblem(lower)).toBe("Leader: EHB must be at least Prefect's 100");
    const lowerGem = withPath('skiller', (ranks) =>
      ranks.map((entry) =>
        entry.role === 'emerald' ? { ...entry, requirements: [need('clan_xp', 2_000_000)] } : entry,
      ),
    );
    expect(ladderProblem(lowerGem)).toBe("Emerald: Clan XP must be at least Sapphire's 3,000,000");
  });

  it('names a second rank that asks nothing, like the first', () => {
    const ladder = withPath('skiller', (ranks) => [
      ranks[0]!,
      rank('sapphire', 'Sapphire'),
      ...ranks.slice(2),
    ]);
    expect(ladderProblem(ladder)).toBe("Sapphire: its thresholds must be higher than Opal's");
  });

  it('names a rank that drops a measure the rank below requires', () => {
    const ladder: RankLadder = {
      ...MIXED_LADDER,
      paths: [
        {
          ...MIXED_LADDER.paths[0]!,
          ranks: [
            rank('recruit', 'Recruit'),
            rank('corporal', 'Corporal', need('clan_xp', 1_000_000), need('tenure_days', 30)),
            rank('sergeant', 'Sergeant', need('clan_xp', 5_000_000)),
          ],
        },
      ],
    };
    expect(ladderProblem(ladder)).toBe('Sergeant: must also require Days in the clan, as Corporal does');
  });

  it('accepts a rank that adds a further measure to the ones below', () => {
    const ladder: RankLadder = {
      paths: [
        {
          key: 'members',
          name: 'Members',
          ranks: [
            rank('recruit', 'Recruit', need('clan_xp', 1_000)),
            rank('corporal', 'Corporal', need('clan_xp', 1_000), need('tenure_days', 30)),
          ],
        },
      ],
      exempt: [],
    };
    expect(ladderProblem(ladder)).toBeNull();
  });

  it('names a rank that requires one measure twice', () => {
    const ladder = withPath('skiller', (ranks) =>
      ranks.map((entry) =>
        entry.role === 'ruby'
          ? { ...entry, requirements: [need('clan_xp', 15_000_000), need('clan_xp', 20_000_000)] }
          : entry,
      ),
    );
    expect(ladderProblem(ladder)).toBe('Ruby: Clan XP is required twice');
  });

  it('names a path whose key another path has', () => {
    const [skillers, fighters] = DEFAULT_LADDER.paths as [
      RankLadder['paths'][number],
      RankLadder['paths'][number],
    ];
    expect(ladderProblem({ ...DEFAULT_LADDER, paths: [skillers, { ...fighters, key: 'skiller' }] })).toBe(
      'Fighters: another path has the key skiller',
    );
  });
});
