import { describe, expect, it } from 'vitest';
import { fieldChanges, fieldLabel, valueText } from './audit-changes.ts';

describe('fieldChanges', () => {
  it('lists the fields whose values differ, by readable name, in the order the record has them', () => {
    const before = { name: 'Zezima', siege_score: 10, hidden: false, updated_at: '2026-01-01' };
    const after = {
      name: 'Zezima',
      siege_score: 15,
      hidden: true,
      updated_at: '2026-01-02',
      title: 'Legend',
    };
    expect(fieldChanges(before, after)).toEqual([
      { field: 'siege_score', label: 'Siege score', before: '10', after: '15' },
      { field: 'hidden', label: 'Hidden from the public site', before: 'No', after: 'Yes' },
      { field: 'title', label: 'Title', before: '-', after: 'Legend' },
    ]);
  });

  it('lists a creation against nothing and a deletion against its old values', () => {
    expect(fieldChanges(null, { name: 'Fishing Week', type: 'Weekly' })).toEqual([
      { field: 'name', label: 'Name', before: '-', after: 'Fishing Week' },
      { field: 'type', label: 'Type', before: '-', after: 'Weekly' },
    ]);
    expect(fieldChanges({ wom_id: '12' }, null)).toEqual([
      { field: 'wom_id', label: 'WOM id', before: '12', after: '-' },
    ]);
  });

  it('lists nothing when only the update stamp moved, or nothing was recorded', () => {
    expect(fieldChanges({ a: 1, updated_at: 'x' }, { a: 1, updated_at: 'y' })).toEqual([]);
    expect(fieldChanges(null, undefined)).toEqual([]);
  });

  it('opens a record held in a field one level, naming a member key by its name', () => {
    expect(
      fieldChanges(
        { '1234': { siege_score: 3, title: 'a' } },
        { '1234': { siege_score: 8, title: 'a' } },
        {
          '1234': 'BigJad',
        },
      ),
    ).toEqual([{ field: '1234.siege_score', label: 'BigJad: Siege score', before: '3', after: '8' }]);
    expect(fieldChanges({ season: { name: 'Season 1' } }, { closed: { name: 'Season 1' } })).toEqual([
      { field: 'season.name', label: 'Season: Name', before: 'Season 1', after: '-' },
      { field: 'closed.name', label: 'Closed: Name', before: '-', after: 'Season 1' },
    ]);
  });

  it('treats a value that is not a record as one field', () => {
    expect(fieldChanges(3, 0)).toEqual([{ field: 'value', label: 'Value', before: '3', after: '0' }]);
    expect(fieldChanges(['a'], ['a', 'b'])).toEqual([
      { field: 'value', label: 'Value', before: 'a', after: 'a, b' },
    ]);
  });
});

describe('fieldLabel', () => {
  it('names known fields and turns others into words, keeping abbreviations in capitals', () => {
    expect(fieldLabel('womrole')).toBe('Rank');
    expect(fieldLabel('initial_xp')).toBe('Initial XP');
    expect(fieldLabel('combat_level')).toBe('Combat level');
  });
});

describe('valueText', () => {
  it('shows objects as JSON and cuts long text to one line', () => {
    expect(valueText({ reason: 'Scam' })).toBe('{"reason":"Scam"}');
    const long = valueText('x'.repeat(300));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
