import { describe, expect, it } from 'vitest';
import { summariseChange, valueText } from './change-summary.ts';

describe('summariseChange', () => {
  it('lists the fields whose values differ, in the order the record has them', () => {
    const before = { name: 'Zezima', siege_score: 10, hidden: false, updated_at: '2026-01-01' };
    const after = {
      name: 'Zezima',
      siege_score: 15,
      hidden: true,
      updated_at: '2026-01-02',
      title: 'Legend',
    };
    expect(summariseChange(before, after)).toEqual({
      kind: 'changed',
      changes: [
        { field: 'siege_score', before: '10', after: '15' },
        { field: 'hidden', before: 'false', after: 'true' },
        { field: 'title', before: '-', after: 'Legend' },
      ],
    });
  });

  it('tells a creation and a deletion apart from a change', () => {
    expect(summariseChange(null, { name: 'Zezima' })).toEqual({ kind: 'created' });
    expect(summariseChange({ name: 'Zezima' }, null)).toEqual({ kind: 'deleted' });
    expect(summariseChange(undefined, { id: 1 })).toEqual({ kind: 'created' });
  });

  it('says nothing changed when only the update stamp moved, or nothing was recorded', () => {
    expect(summariseChange({ a: 1, updated_at: 'x' }, { a: 1, updated_at: 'y' })).toEqual({
      kind: 'unchanged',
    });
    expect(summariseChange(null, null)).toEqual({ kind: 'unchanged' });
  });

  it('treats a value that is not a record as one field', () => {
    expect(summariseChange(3, 0)).toEqual({
      kind: 'changed',
      changes: [{ field: 'value', before: '3', after: '0' }],
    });
    expect(summariseChange(['a'], ['a', 'b'])).toEqual({
      kind: 'changed',
      changes: [{ field: 'value', before: '["a"]', after: '["a","b"]' }],
    });
  });
});

describe('valueText', () => {
  it('shows objects as JSON and cuts long text to one line', () => {
    expect(valueText({ reason: 'Scam' })).toBe('{"reason":"Scam"}');
    const long = valueText('x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});
