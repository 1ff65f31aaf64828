import { EVENT_MESSAGES } from '#core/events/event-save.ts';
import { describe, expect, it } from 'vitest';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import {
  eventFormSchema,
  eventFormValues,
  weeklyEndValue,
  type EventFormValues,
} from './event-form-values.ts';

const form = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  ...eventFormValues(),
  name: 'Zulrah week',
  type: 'Boss of the Week',
  metric: 'zulrah',
  start_date: '2026-11-25T18:00',
  end_date: '2026-12-02T18:00',
  ...overrides,
});

const event: AdminEvent = {
  id: 7,
  name: 'Skill of the Week',
  type: 'Skill of the Week',
  metric: 'fishing',
  description: null,
  start_date: '2026-11-25T18:00:00.000Z',
  end_date: '2026-12-02T20:30:00+02:00',
  wom_id: '12345',
  winner_username: null,
  before_site: false,
  manual: true,
  short_event: false,
  wom_title: null,
  wom_missing_at: null,
  points_awarded_at: null,
  results_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('eventFormValues', () => {
  it('starts a new event blank', () => {
    expect(eventFormValues()).toEqual({
      name: '',
      type: '',
      metric: '',
      description: '',
      start_date: '',
      end_date: '',
      wom_id: '',
      short_event: false,
      create_competition: false,
      teams: '',
    });
  });

  it("shows an event's dates in UTC, to the minute, whatever offset they were stored with", () => {
    expect(eventFormValues(event)).toMatchObject({
      start_date: '2026-11-25T18:00',
      end_date: '2026-12-02T18:30',
      wom_id: '12345',
      description: '',
    });
  });
});

describe('weeklyEndValue', () => {
  it('ends a weekly event 7 days after its start', () => {
    expect(weeklyEndValue('2026-11-25T18:00')).toBe('2026-12-02T18:00');
    expect(weeklyEndValue('2026-12-28T09:15')).toBe('2027-01-04T09:15');
  });

  it('gives nothing without a readable start', () => {
    expect(weeklyEndValue('')).toBeNull();
    expect(weeklyEndValue('2026-02-30T10:00')).toBeNull();
  });
});

describe('eventFormSchema', () => {
  it('sends the dates as UTC ISO strings and blank optional fields as null', () => {
    expect(eventFormSchema.parse(form({ metric: ' ', description: '', wom_id: '' }))).toEqual({
      name: 'Zulrah week',
      type: 'Boss of the Week',
      metric: null,
      description: null,
      start_date: '2026-11-25T18:00:00.000Z',
      end_date: '2026-12-02T18:00:00.000Z',
      wom_id: null,
      short_event: false,
      create_competition: null,
    });
  });

  it('asks for the WOM competition to be created only when its box is ticked', () => {
    expect(eventFormSchema.parse(form({ create_competition: true })).create_competition).toEqual({
      teams: [],
    });
    expect(eventFormSchema.parse(form({ create_competition: false })).create_competition).toBeNull();
  });

  it('lets only a week-long event (Weekly, Skill or Boss of the Week) leave its end blank', () => {
    for (const type of ['Weekly', 'Skill of the Week', 'Boss of the Week'])
      expect(eventFormSchema.parse(form({ type, end_date: '' })).end_date).toBeNull();
    const result = eventFormSchema.safeParse(form({ type: 'Competition', end_date: '' }));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['end_date'], message: EVENT_MESSAGES.endRequired }),
    ]);
  });

  it('refuses a short event longer than 2 hours under its checkbox, as the server does', () => {
    const long = eventFormSchema.safeParse(form({ end_date: '2026-11-25T20:01', short_event: true }));
    expect(long.error?.issues).toEqual([
      expect.objectContaining({ path: ['short_event'], message: EVENT_MESSAGES.shortTooLong }),
    ]);
    const open = eventFormSchema.safeParse(form({ type: 'Weekly', end_date: '', short_event: true }));
    expect(open.error?.issues).toEqual([
      expect.objectContaining({ path: ['short_event'], message: EVENT_MESSAGES.shortTooLong }),
    ]);
    expect(eventFormSchema.parse(form({ end_date: '2026-11-25T20:00', short_event: true })).short_event).toBe(
      true,
    );
  });

  it('refuses an end before the start, as the server does', () => {
    const result = eventFormSchema.safeParse(form({ end_date: '2026-11-25T17:59' }));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['end_date'], message: 'End date must not be before the start date' }),
    ]);
    expect(eventFormSchema.safeParse(form({ end_date: '2026-11-25T18:00' })).success).toBe(true);
  });

  it("says what is wrong with every field at once, in the contract's words", () => {
    const result = eventFormSchema.safeParse(form({ name: '  ', start_date: '', wom_id: 'abc' }));
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['start_date'], 'Start date is required'],
      [['name'], 'Event name is required'],
      [['wom_id'], 'WOM competition id must be a number'],
    ]);
  });

  it('passes on a date the contract cannot read', () => {
    const result = eventFormSchema.safeParse(form({ end_date: 'soon' }));
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['end_date'], 'must be an ISO date or date-time'],
    ]);
  });
});
