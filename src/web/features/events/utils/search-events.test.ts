import { describe, expect, it } from 'vitest';
import { searchEvents } from './search-events.ts';

const events = [
  { name: 'Skill of the Week: Mining' },
  { name: 'Boss of the Week: Vorkath' },
  { name: 'Clue Hunt' },
];

describe('searchEvents', () => {
  it('keeps events whose name contains the text, ignoring case and surrounding spaces', () => {
    expect(searchEvents(events, '  OF THE week ').map((e) => e.name)).toEqual([
      'Skill of the Week: Mining',
      'Boss of the Week: Vorkath',
    ]);
    expect(searchEvents(events, 'vork').map((e) => e.name)).toEqual(['Boss of the Week: Vorkath']);
  });

  it('keeps every event for a blank search', () => {
    expect(searchEvents(events, '')).toEqual(events);
    expect(searchEvents(events, '   ')).toEqual(events);
  });

  it('keeps nothing when nothing matches', () => {
    expect(searchEvents(events, 'raids')).toEqual([]);
  });
});
