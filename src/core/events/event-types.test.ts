import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, eventTypeLabel, eventTypeOfMetric, isWeekLongType } from './event-types.ts';

describe('event types', () => {
  it('names a synced competition with the types the form offers', () => {
    expect(eventTypeOfMetric('fishing')).toBe('Skill of the Week');
    expect(eventTypeOfMetric('zulrah')).toBe('Boss of the Week');
    expect(eventTypeOfMetric('clue_scrolls_all')).toBe('Competition');
    expect(eventTypeOfMetric('ehb')).toBe('Competition');
    for (const metric of ['overall', 'vorkath', 'last_man_standing'])
      expect(EVENT_TYPES).toContain(eventTypeOfMetric(metric));
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
