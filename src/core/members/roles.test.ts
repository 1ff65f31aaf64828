import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '../clan/default-rules.ts';
import {
  ADMIN_TITLES,
  adminTitleOrder,
  isAdminTitle,
  isStaffRole,
  normaliseRole,
  rankOptions,
  roleDisplayName,
  titleCase,
} from './roles.ts';

describe('ADMIN_TITLES', () => {
  it('lists the admin titles in roster order', () => {
    expect(ADMIN_TITLES).toEqual(['owner', 'deputy_owner', 'general', 'captain', 'pvm_organizer']);
  });
});

describe('normaliseRole', () => {
  it('turns a displayed role into its stored key', () => {
    expect(normaliseRole('Deputy Owner')).toBe('deputy_owner');
    expect(normaliseRole('PvM Organizer')).toBe('pvm_organizer');
    expect(normaliseRole('pvm-organizer')).toBe('pvm_organizer');
  });

  it('trims and collapses runs of separators', () => {
    expect(normaliseRole('  Deputy   Owner ')).toBe('deputy_owner');
    expect(normaliseRole('ZENYTE')).toBe('zenyte');
  });

  it('keeps an existing key as it is', () => {
    expect(normaliseRole('deputy_owner')).toBe('deputy_owner');
  });

  it('gives null for blank or missing roles', () => {
    expect(normaliseRole('')).toBeNull();
    expect(normaliseRole('   ')).toBeNull();
    expect(normaliseRole(null)).toBeNull();
    expect(normaliseRole(undefined)).toBeNull();
  });
});

describe('titleCase', () => {
  it('capitalises each word and turns underscores into spaces', () => {
    expect(titleCase('deputy_owner')).toBe('Deputy Owner');
    expect(titleCase('iron man_btw')).toBe('Iron Man Btw');
  });

  it('lower-cases the rest of each word', () => {
    expect(titleCase('DEPUTY_OWNER')).toBe('Deputy Owner');
  });

  it('drops surrounding and doubled separators', () => {
    expect(titleCase('  big__bad  wolf ')).toBe('Big Bad Wolf');
  });

  it('shows a dash for empty or missing text', () => {
    expect(titleCase('')).toBe('-');
    expect(titleCase('  ')).toBe('-');
    expect(titleCase('_')).toBe('-');
    expect(titleCase(null)).toBe('-');
    expect(titleCase(undefined)).toBe('-');
  });
});

describe('roleDisplayName', () => {
  it('shows snake_case keys in title case, never as "Deputy_owner"', () => {
    expect(roleDisplayName('deputy_owner')).toBe('Deputy Owner');
    expect(roleDisplayName('dragonstone')).toBe('Dragonstone');
  });

  it('uses the spec spellings of TzKal and PvM Organizer', () => {
    expect(roleDisplayName('tzkal')).toBe('TzKal');
    expect(roleDisplayName('pvm_organizer')).toBe('PvM Organizer');
    expect(roleDisplayName('PvM Organizer')).toBe('PvM Organizer');
    expect(roleDisplayName('TZKAL')).toBe('TzKal');
  });

  it('shows unknown roles in title case', () => {
    expect(roleDisplayName('dogsbody_in_chief')).toBe('Dogsbody In Chief');
  });

  it('shows a dash for a missing role', () => {
    expect(roleDisplayName(null)).toBe('-');
    expect(roleDisplayName(undefined)).toBe('-');
    expect(roleDisplayName(' ')).toBe('-');
  });
});

describe('isAdminTitle and adminTitleOrder', () => {
  it('places each admin title at its roster position', () => {
    expect(adminTitleOrder('owner')).toBe(0);
    expect(adminTitleOrder('deputy_owner')).toBe(1);
    expect(adminTitleOrder('general')).toBe(2);
    expect(adminTitleOrder('captain')).toBe(3);
    expect(adminTitleOrder('pvm_organizer')).toBe(4);
  });

  it('recognises admin titles however they are spelled', () => {
    expect(adminTitleOrder('Deputy Owner')).toBe(1);
    expect(isAdminTitle('PvM Organizer')).toBe(true);
  });

  it('gives no position to ranks and unknown or missing roles', () => {
    expect(adminTitleOrder('zenyte')).toBeNull();
    expect(adminTitleOrder('mentor')).toBeNull();
    expect(adminTitleOrder('owner_of_nothing')).toBeNull();
    expect(adminTitleOrder(null)).toBeNull();
    expect(isAdminTitle('sapphire')).toBe(false);
    expect(isAdminTitle(undefined)).toBe(false);
  });
});

describe('isStaffRole', () => {
  it('treats roles containing admin, moderator, owner or mod as staff', () => {
    expect(isStaffRole('owner')).toBe(true);
    expect(isStaffRole('deputy_owner')).toBe(true);
    expect(isStaffRole('Deputy Owner')).toBe(true);
    expect(isStaffRole('administrator')).toBe(true);
    expect(isStaffRole('moderator')).toBe(true);
    expect(isStaffRole('mod')).toBe(true);
  });

  it('does not treat other admin titles or ranks as staff', () => {
    expect(isStaffRole('general')).toBe(false);
    expect(isStaffRole('captain')).toBe(false);
    expect(isStaffRole('pvm_organizer')).toBe(false);
    expect(isStaffRole('zenyte')).toBe(false);
    expect(isStaffRole('tzkal')).toBe(false);
    expect(isStaffRole('maxed')).toBe(false);
  });

  it('does not treat a missing role as staff', () => {
    expect(isStaffRole(null)).toBe(false);
    expect(isStaffRole('')).toBe(false);
  });
});

describe('rankOptions', () => {
  const options = rankOptions(DEFAULT_LADDER.paths);

  it('offers the spec rank options in the spec order for the default ladder', () => {
    expect(options.map((option) => option.label)).toEqual([
      'Owner',
      'Deputy Owner',
      'General',
      'Captain',
      'PvM Organizer',
      'Opal',
      'Sapphire',
      'Emerald',
      'Ruby',
      'Diamond',
      'Dragonstone',
      'Onyx',
      'Zenyte',
      'Mentor',
      'Prefect',
      'Leader',
      'Supervisor',
      'Superior',
      'Executive',
      'Senator',
      'Monarch',
      'TzKal',
    ]);
  });

  it('stores each option as its role key', () => {
    expect(options[1]).toEqual({ value: 'deputy_owner', label: 'Deputy Owner' });
    expect(options.at(-1)).toEqual({ value: 'tzkal', label: 'TzKal' });
    for (const option of options) expect(normaliseRole(option.value)).toBe(option.value);
  });

  it("labels each path's ranks by the names the ladder gives them, in ladder order", () => {
    const custom = rankOptions([
      {
        ranks: [
          { role: 'iron', name: 'Newcomer' },
          { role: 'steel', name: 'Regular' },
        ],
      },
      { ranks: [{ role: 'rune', name: 'Veteran' }] },
    ]);
    expect(custom).toEqual([
      { value: 'owner', label: 'Owner' },
      { value: 'deputy_owner', label: 'Deputy Owner' },
      { value: 'general', label: 'General' },
      { value: 'captain', label: 'Captain' },
      { value: 'pvm_organizer', label: 'PvM Organizer' },
      { value: 'iron', label: 'Newcomer' },
      { value: 'steel', label: 'Regular' },
      { value: 'rune', label: 'Veteran' },
    ]);
  });

  it('offers only the admin titles when the ladder has no paths', () => {
    expect(rankOptions([]).map((option) => option.value)).toEqual([...ADMIN_TITLES]);
  });

  it('lists an admin title a path also ranks only once, among the admin titles', () => {
    const custom = rankOptions([
      {
        ranks: [
          { role: 'captain', name: 'Boat Captain' },
          { role: 'iron', name: 'Iron' },
        ],
      },
    ]);
    expect(custom.filter((option) => option.value === 'captain')).toEqual([
      { value: 'captain', label: 'Captain' },
    ]);
    expect(custom.at(-1)).toEqual({ value: 'iron', label: 'Iron' });
    expect(custom).toHaveLength(ADMIN_TITLES.length + 1);
  });
});
