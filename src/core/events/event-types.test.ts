import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventTypeLabel, eventTypeOfCompetition, isWeekLongType } from './event-types.ts';

const classic = (metric: string) => eventTypeOfCompetition({ metric, type: 'classic' });

describe('event types', () => {
  it('names a synced competition with the types the form offers', () => {
    expect(classic('fishing')).toBe('Skill of the Week');
    expect(classic('zulrah')).toBe('Boss of the Week');
    expect(classic('clue_scrolls_all')).toBe('Competition');
    expect(classic('ehb')).toBe('Competition');
    for (const metric of ['overall', 'vorkath', 'last_man_standing'])
      expect(EVENT_TYPES).toContain(classic(metric));
  });

  it('names a team competition as one, whatever it measures (issue 29)', () => {
    expect(eventTypeOfCompetition({ metric: 'fishing', type: 'team' })).toBe('Team Competition');
    expect(eventTypeOfCompetition({ metric: 'zulrah', type: 'team' })).toBe('Team Competition');
    expect(EVENT_TYPES).toContain('Team Competition');
  });

  it('lasts a week for Weekly, Skill of the Week and Boss of the Week only', () => {
    expect(isWeekLongType('Weekly')).toBe(true);
    expect(isWeekLongType('Skill of the Week')).toBe(true);
    expect(isWeekLongType('boss of the week')).toBe(true);
    expect(isWeekLongType('Competition')).toBe(false);
    expect(isWeekLongType(null)).toBe(false);
  });

  it("reads the sync's old metric types in the one vocabulary", () => {
    expect(eventTypeLabel('skill')).toBe('Skill of the Week');
    expect(eventTypeLabel('boss')).toBe('Boss of the Week');
    expect(eventTypeLabel('activity')).toBe('Competition');
    expect(eventTypeLabel('Weekly')).toBe('Weekly');
    expect(eventTypeLabel(null)).toBeNull();
  });
});
