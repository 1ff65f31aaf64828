import { describe, expect, it } from 'vitest';
import type { MemberFields } from './admin-members.schema.ts';
import { memberChanges, storedValuesOf } from './member-changes.ts';

const stored: MemberFields = {
  name: 'Zezima',
  wom_name: 'zezima',
  womrole: 'ruby',
  title: null,
  join_date: '2021-06-15',
  current_lvl: 2000,
  current_xp: 300_000_000,
  first_lvl: 1800,
  first_xp: 200_000_000,
  ehb: 412,
  siege_score: 30,
};

describe('memberChanges', () => {
  it('keeps only the sent fields whose value differs from the stored one', () => {
    expect(memberChanges(stored, { name: 'Zezima', title: 'Legend', siege_score: 35 })).toEqual({
      title: 'Legend',
      siege_score: 35,
    });
  });

  it('finds no change when every sent field already has its value', () => {
    expect(memberChanges(stored, { name: 'Zezima', womrole: 'ruby', ehb: 412 })).toEqual({});
    expect(memberChanges(stored, {})).toEqual({});
  });

  it('counts clearing a field (null) as a change, and setting a cleared one', () => {
    expect(memberChanges(stored, { wom_name: null })).toEqual({ wom_name: null });
    expect(memberChanges(stored, { title: 'Legend' })).toEqual({ title: 'Legend' });
  });

  it('counts a whole number sent for a stored fraction as a change', () => {
    expect(memberChanges({ ...stored, ehb: 412.87 }, { ehb: 412 })).toEqual({ ehb: 412 });
  });
});

describe('storedValuesOf', () => {
  it('picks the stored values of the changed fields, for the audit row', () => {
    expect(storedValuesOf(stored, { title: 'Legend', siege_score: 35 })).toEqual({
      title: null,
      siege_score: 30,
    });
  });
});
