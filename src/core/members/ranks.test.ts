import { describe, expect, it } from 'vitest';
import {
  calculatedRank,
  clanXp,
  fighterRankFor,
  hasRoleMismatch,
  nextRank,
  skillerRankFor,
  toNumber,
} from './ranks.ts';
import type { RankedMember } from './ranks.ts';

/** A member WOM has measured (an account always has XP), with no clan XP gained yet. */
function member(overrides: Partial<RankedMember> = {}): RankedMember {
  return {
    womrole: 'opal',
    current_xp: 1_000_000,
    first_xp: 1_000_000,
    ehb: 0,
    hidden: false,
    wom_id: '1234',
    ...overrides,
  };
}

/** A skiller with the given clan XP (gained since joining). */
function skiller(role: string, gained: number, overrides: Partial<RankedMember> = {}): RankedMember {
  return member({ womrole: role, first_xp: 10_000_000, current_xp: 10_000_000 + gained, ...overrides });
}

function fighter(role: string, ehb: unknown, overrides: Partial<RankedMember> = {}): RankedMember {
  return member({ womrole: role, ehb, ...overrides });
}

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

describe('skillerRankFor', () => {
  it('gives Opal below 3,000,000 clan XP', () => {
    expect(skillerRankFor(0)).toBe('opal');
    expect(skillerRankFor(2_999_999)).toBe('opal');
  });

  it('gives Opal for a negative gain', () => {
    expect(skillerRankFor(-50)).toBe('opal');
  });

  it('gives Sapphire from exactly 3,000,000 clan XP', () => {
    expect(skillerRankFor(3_000_000)).toBe('sapphire');
    expect(skillerRankFor(7_999_999)).toBe('sapphire');
  });

  it('includes each band lower bound and excludes its upper bound', () => {
    expect(skillerRankFor(8_000_000)).toBe('emerald');
    expect(skillerRankFor(14_999_999)).toBe('emerald');
    expect(skillerRankFor(15_000_000)).toBe('ruby');
    expect(skillerRankFor(39_999_999)).toBe('ruby');
    expect(skillerRankFor(40_000_000)).toBe('diamond');
    expect(skillerRankFor(89_999_999)).toBe('diamond');
    expect(skillerRankFor(90_000_000)).toBe('dragonstone');
    expect(skillerRankFor(149_999_999)).toBe('dragonstone');
    expect(skillerRankFor(150_000_000)).toBe('onyx');
    expect(skillerRankFor(499_999_999)).toBe('onyx');
  });

  it('gives Zenyte from 500,000,000 clan XP upwards', () => {
    expect(skillerRankFor(500_000_000)).toBe('zenyte');
    expect(skillerRankFor(4_600_000_000)).toBe('zenyte');
  });
});

describe('fighterRankFor', () => {
  it('gives Mentor below 100 EHB', () => {
    expect(fighterRankFor(0)).toBe('mentor');
    expect(fighterRankFor(99.99)).toBe('mentor');
  });

  it('gives Prefect from exactly 100 EHB', () => {
    expect(fighterRankFor(100)).toBe('prefect');
  });

  it('includes each band lower bound and excludes its upper bound', () => {
    expect(fighterRankFor(299)).toBe('prefect');
    expect(fighterRankFor(300)).toBe('leader');
    expect(fighterRankFor(499)).toBe('leader');
    expect(fighterRankFor(500)).toBe('supervisor');
    expect(fighterRankFor(699)).toBe('supervisor');
    expect(fighterRankFor(700)).toBe('superior');
    expect(fighterRankFor(899)).toBe('superior');
    expect(fighterRankFor(900)).toBe('executive');
    expect(fighterRankFor(1099)).toBe('executive');
    expect(fighterRankFor(1100)).toBe('senator');
    expect(fighterRankFor(1299)).toBe('senator');
    expect(fighterRankFor(1300)).toBe('monarch');
    expect(fighterRankFor(1499.9)).toBe('monarch');
  });

  it('gives TzKal from 1500 EHB upwards', () => {
    expect(fighterRankFor(1500)).toBe('tzkal');
    expect(fighterRankFor(9000)).toBe('tzkal');
  });
});

describe('calculatedRank', () => {
  it('bands a skiller by clan XP, not by total XP', () => {
    expect(calculatedRank(skiller('opal', 3_000_000))).toBe('sapphire');
    expect(calculatedRank(member({ womrole: 'opal', current_xp: 300_000_000, first_xp: 299_000_000 }))).toBe(
      'opal',
    );
  });

  it('bands a fighter by EHB, ignoring XP', () => {
    expect(calculatedRank(fighter('mentor', 300, { current_xp: 900_000_000 }))).toBe('leader');
  });

  it('reads string and null values as numbers', () => {
    expect(calculatedRank(fighter('mentor', '1500'))).toBe('tzkal');
    expect(calculatedRank(fighter('prefect', null))).toBe('mentor');
    expect(calculatedRank(member({ womrole: 'ruby', current_xp: null, first_xp: null }))).toBe('opal');
  });

  it('reads roles however they are spelled', () => {
    expect(calculatedRank(fighter('TzKal', 1500))).toBe('tzkal');
  });

  it('gives null for maxed members, admin titles and unknown or missing roles', () => {
    expect(calculatedRank(skiller('maxed', 50_000_000))).toBeNull();
    expect(calculatedRank(skiller('owner', 50_000_000))).toBeNull();
    expect(calculatedRank(skiller('helper', 50_000_000))).toBeNull();
    expect(calculatedRank(skiller('', 50_000_000))).toBeNull();
    expect(calculatedRank(member({ womrole: null }))).toBeNull();
  });
});

describe('hasRoleMismatch', () => {
  it('flags a skiller whose clan XP has reached another band', () => {
    expect(hasRoleMismatch(skiller('opal', 3_000_000))).toBe(true);
    expect(hasRoleMismatch(skiller('zenyte', 10))).toBe(true);
  });

  it('does not flag a skiller in the band of their role', () => {
    expect(hasRoleMismatch(skiller('opal', 2_999_999))).toBe(false);
    expect(hasRoleMismatch(skiller('sapphire', 3_000_000))).toBe(false);
    expect(hasRoleMismatch(skiller('Zenyte', 600_000_000))).toBe(false);
  });

  it('flags a fighter whose EHB has reached another band', () => {
    expect(hasRoleMismatch(fighter('mentor', 100))).toBe(true);
    expect(hasRoleMismatch(fighter('tzkal', 1499))).toBe(true);
  });

  it('does not flag a fighter in the band of their role, whatever their XP', () => {
    expect(hasRoleMismatch(fighter('prefect', 100, { current_xp: 800_000_000 }))).toBe(false);
    expect(hasRoleMismatch(fighter('tzkal', '1500'))).toBe(false);
  });

  it('never flags a hidden member', () => {
    expect(hasRoleMismatch(skiller('opal', 600_000_000, { hidden: true }))).toBe(false);
  });

  it('never flags a member without a WOM id', () => {
    expect(hasRoleMismatch(skiller('opal', 600_000_000, { wom_id: null }))).toBe(false);
    expect(hasRoleMismatch(skiller('opal', 600_000_000, { wom_id: undefined }))).toBe(false);
    expect(hasRoleMismatch(skiller('opal', 600_000_000, { wom_id: '  ' }))).toBe(false);
  });

  it('never flags maxed members, admin titles, staff or roles without a path', () => {
    expect(hasRoleMismatch(skiller('maxed', 600_000_000))).toBe(false);
    expect(hasRoleMismatch(skiller('owner', 600_000_000))).toBe(false);
    expect(hasRoleMismatch(skiller('pvm_organizer', 600_000_000))).toBe(false);
    expect(hasRoleMismatch(skiller('moderator', 600_000_000))).toBe(false);
    expect(hasRoleMismatch(member({ womrole: null, current_xp: 600_000_000 }))).toBe(false);
  });

  it('never flags a member WOM has not measured yet: their zeros are no band', () => {
    const neverUpdated = { current_xp: 0, first_xp: 0, ehb: 0 };
    expect(hasRoleMismatch(member({ womrole: 'leader', ...neverUpdated }))).toBe(false);
    expect(hasRoleMismatch(member({ womrole: 'ruby', ...neverUpdated }))).toBe(false);
    expect(hasRoleMismatch(member({ womrole: 'leader', current_xp: '0', first_xp: null, ehb: null }))).toBe(
      false,
    );
    expect(hasRoleMismatch(member({ womrole: 'leader', current_xp: 1_154, first_xp: 1_154, ehb: 0 }))).toBe(
      true,
    );
  });

  it('counts a member with missing values as the first band', () => {
    expect(hasRoleMismatch(member({ womrole: 'opal', current_xp: null, first_xp: undefined }))).toBe(false);
    expect(hasRoleMismatch(member({ womrole: 'mentor', ehb: 'n/a' }))).toBe(false);
    expect(hasRoleMismatch(member({ womrole: 'prefect', ehb: null }))).toBe(true);
  });
});

describe('nextRank', () => {
  it('shows the XP a skiller still needs for the next gem', () => {
    expect(nextRank(skiller('opal', 2_000_000))).toEqual({
      rank: 'sapphire',
      remaining: 1_000_000,
      unit: 'XP',
      label: 'Sapphire: 1,000,000 XP',
    });
  });

  it('counts from clan XP, treating a missing baseline as 0', () => {
    expect(nextRank(member({ womrole: 'opal', current_xp: '500', first_xp: null }))).toMatchObject({
      rank: 'sapphire',
      label: 'Sapphire: 2,999,500 XP',
    });
  });

  it('gives no next rank to a member Wise Old Man never measured, on either path', () => {
    for (const current_xp of [null, 0, '0']) {
      expect(nextRank(member({ womrole: 'opal', current_xp, first_xp: null }))).toEqual({
        rank: null,
        label: '-',
      });
      expect(nextRank(fighter('mentor', 0, { current_xp, first_xp: 0 }))).toEqual({ rank: null, label: '-' });
    }
  });

  it('aims at the band above the value and names that band when the role is behind it', () => {
    expect(nextRank(skiller('opal', 10_000_000))).toMatchObject({
      rank: 'ruby',
      remaining: 5_000_000,
      label: 'XP in Emerald band · Ruby: 5,000,000 XP',
    });
  });

  it('aims above the rank held when the XP is in a lower band, never at that rank or a lower one', () => {
    // Issue 29: this Onyx read "9,001,150 XP to Diamond".
    expect(nextRank(skiller('onyx', 30_998_850))).toEqual({
      rank: 'zenyte',
      remaining: 469_001_150,
      unit: 'XP',
      label: 'XP in Ruby band · Zenyte: 469,001,150 XP',
    });
    expect(nextRank(skiller('diamond', 22_951_800))).toMatchObject({
      rank: 'dragonstone',
      remaining: 67_048_200,
      label: 'XP in Ruby band · Dragonstone: 67,048,200 XP',
    });
  });

  it('aims above the rank held when the EHB is in a lower band', () => {
    // Issue 29: these Leaders read "93 EHB to Leader" and "100 EHB to Prefect".
    expect(nextRank(fighter('leader', 207.19824))).toEqual({
      rank: 'supervisor',
      remaining: 293,
      unit: 'EHB',
      label: 'EHB in Prefect band · Supervisor: 293 EHB',
    });
    expect(nextRank(fighter('leader', 0)).label).toBe('EHB in Mentor band · Supervisor: 500 EHB');
    expect(nextRank(fighter('senator', 450)).label).toBe('EHB in Leader band · Monarch: 850 EHB');
  });

  it('says no rank is left for the top rank, whatever band its figures are in', () => {
    expect(nextRank(skiller('zenyte', 100_000_000))).toEqual({
      rank: null,
      label: 'XP in Dragonstone band · Max rank achieved',
    });
    expect(nextRank(fighter('tzkal', 1499.5)).label).toBe('EHB in Monarch band · Max rank achieved');
  });

  it('gives no band note when the role matches the band', () => {
    expect(nextRank(skiller('ruby', 20_000_000)).label).toBe('Diamond: 20,000,000 XP');
    expect(nextRank(fighter('leader', 450)).label).toBe('Supervisor: 50 EHB');
  });

  it('aims at the next band from exactly a band lower bound', () => {
    expect(nextRank(skiller('sapphire', 3_000_000))).toMatchObject({ rank: 'emerald', remaining: 5_000_000 });
  });

  it('shows the EHB a fighter still needs, rounded up to a whole hour', () => {
    expect(nextRank(fighter('mentor', 88))).toEqual({
      rank: 'prefect',
      remaining: 12,
      unit: 'EHB',
      label: 'Prefect: 12 EHB',
    });
    expect(nextRank(fighter('mentor', 87.3))).toMatchObject({ remaining: 13, label: 'Prefect: 13 EHB' });
    expect(nextRank(fighter('mentor', 99.99))).toMatchObject({ remaining: 1, label: 'Prefect: 1 EHB' });
  });

  it('formats EHB amounts with en-US thousands separators', () => {
    expect(nextRank(fighter('mentor', 0)).label).toBe('Prefect: 100 EHB');
    expect(nextRank(fighter('monarch', '250'))).toMatchObject({
      rank: 'tzkal',
      label: 'EHB in Prefect band · TzKal: 1,250 EHB',
    });
    expect(nextRank(fighter('mentor', -1000)).label).toBe('Prefect: 1,100 EHB');
  });

  it('reads string and null values as numbers, null as 0, never NaN', () => {
    expect(nextRank(member({ womrole: 'sapphire', current_xp: '12000000', first_xp: '2000000' }))).toEqual({
      rank: 'ruby',
      remaining: 5_000_000,
      unit: 'XP',
      label: 'XP in Emerald band · Ruby: 5,000,000 XP',
    });
    expect(nextRank(member({ womrole: 'ruby', current_xp: '3000000', first_xp: null })).label).toBe(
      'XP in Sapphire band · Diamond: 37,000,000 XP',
    );
    expect(nextRank(fighter('prefect', null)).label).toBe('EHB in Mentor band · Leader: 300 EHB');
    expect(nextRank(fighter('leader', '320.4')).label).toBe('Supervisor: 180 EHB');
    expect(nextRank(fighter('mentor', 'n/a')).label).toBe('Prefect: 100 EHB');
  });

  it('shows Max rank achieved only at the top skiller and fighter bands', () => {
    expect(nextRank(skiller('zenyte', 500_000_000))).toEqual({ rank: null, label: 'Max rank achieved' });
    expect(nextRank(fighter('tzkal', 1500))).toEqual({ rank: null, label: 'Max rank achieved' });
    expect(nextRank(skiller('onyx', 499_999_999)).label).toBe('Zenyte: 1 XP');
    expect(nextRank(fighter('tzkal', '1500')).label).toBe('Max rank achieved');
  });

  it('names the top band when a lower role has reached it', () => {
    expect(nextRank(skiller('diamond', 600_000_000))).toEqual({
      rank: null,
      label: 'XP in Zenyte band · Max rank achieved',
    });
    expect(nextRank(fighter('monarch', 1600)).label).toBe('EHB in TzKal band · Max rank achieved');
  });

  it('gives staff no rank hint', () => {
    expect(nextRank(skiller('owner', 10))).toEqual({ rank: null, label: '-' });
    expect(nextRank(skiller('deputy_owner', 10_000_000)).label).toBe('-');
    expect(nextRank(skiller('moderator', 10_000_000)).label).toBe('-');
    expect(nextRank(skiller('administrator', 600_000_000)).label).toBe('-');
  });

  it('gives admin titles no rank hint: they are appointed, not earned on a band', () => {
    expect(nextRank(skiller('general', 10_000_000))).toEqual({ rank: null, label: '-' });
    expect(nextRank(fighter('captain', 800)).label).toBe('-');
    expect(nextRank(skiller('PvM Organizer', 600_000_000)).label).toBe('-');
  });

  it('gives unknown or missing roles no rank hint, as their ladder is not known', () => {
    expect(nextRank(skiller('helper', 10)).label).toBe('-');
    expect(nextRank(member({ womrole: null })).label).toBe('-');
    expect(nextRank(member({ womrole: '  ', current_xp: 600_000_000 })).label).toBe('-');
  });

  it('gives a maxed member no gem as the next rank: maxed is exempt from the gem ladder', () => {
    expect(nextRank(skiller('maxed', 149_000_000))).toEqual({ rank: null, label: '-' });
    expect(nextRank(skiller('Maxed', 700_000_000)).label).toBe('-');
  });
});
