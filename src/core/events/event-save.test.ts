import { describe, expect, it } from 'vitest';
import { eventInputSchema } from './admin-events.schema.ts';
import { EVENT_MESSAGES, eventDeleteProblem, planEventSave, type EditedEvent } from './event-save.ts';

function input(fields: Record<string, unknown>) {
  return eventInputSchema.parse({ name: 'Fishing week', start_date: '2026-11-02T18:00:00Z', ...fields });
}

const creating = { editing: null, womIdHeldBy: null };

function manualEvent(overrides: Partial<EditedEvent> = {}): EditedEvent {
  return { id: 7, manual: true, wom_id: null, short_event: false, points_awarded_at: null, ...overrides };
}

describe('planEventSave', () => {
  it('stores the dates as UTC ISO instants', () => {
    expect(
      planEventSave(input({ start_date: '2026-11-02 19:00+01:00', end_date: '2026-11-03' }), creating),
    ).toEqual({
      fields: {
        name: 'Fishing week',
        type: null,
        metric: null,
        description: null,
        start_date: '2026-11-02T18:00:00.000Z',
        end_date: '2026-11-03T00:00:00.000Z',
        wom_id: null,
        short_event: false,
      },
    });
  });

  it('ends a weekly event 7 days after its start when no end is given', () => {
    const plan = planEventSave(input({ type: 'Weekly' }), creating);
    expect(plan).toMatchObject({ fields: { end_date: '2026-11-09T18:00:00.000Z' } });
  });

  it('ends a Skill of the Week or Boss of the Week event 7 days after its start, like a weekly one', () => {
    for (const type of ['Skill of the Week', 'Boss of the Week']) {
      const plan = planEventSave(input({ type }), creating);
      expect(plan).toMatchObject({ fields: { end_date: '2026-11-09T18:00:00.000Z' } });
    }
    expect(planEventSave(input({ type: 'Competition' }), creating)).toEqual({
      problem: 'invalid',
      message: EVENT_MESSAGES.endRequired,
    });
  });

  it('refuses a short event longer than 2 hours, and takes one of exactly 2', () => {
    const twoHours = input({ end_date: '2026-11-02T20:00:00Z', short_event: true });
    expect(planEventSave(twoHours, creating)).toMatchObject({ fields: { short_event: true } });
    const longer = input({ end_date: '2026-11-02T20:01:00Z', short_event: true });
    expect(planEventSave(longer, creating)).toEqual({
      problem: 'invalid',
      message: EVENT_MESSAGES.shortTooLong,
    });
    const weekly = input({ type: 'Weekly', short_event: true });
    expect(planEventSave(weekly, creating)).toEqual({
      problem: 'invalid',
      message: EVENT_MESSAGES.shortTooLong,
    });
    expect(EVENT_MESSAGES.shortTooLong).toBe(
      'A short event (1 to 2 hours) must end within 2 hours of its start',
    );
  });

  it('keeps the end an admin gives a weekly event', () => {
    const plan = planEventSave(input({ type: 'Weekly', end_date: '2026-11-05T18:00:00Z' }), creating);
    expect(plan).toMatchObject({ fields: { end_date: '2026-11-05T18:00:00.000Z' } });
  });

  it('refuses any other event without an end date', () => {
    for (const type of [null, 'Competition', 'Other']) {
      expect(planEventSave(input({ type }), creating)).toEqual({
        problem: 'invalid',
        message: EVENT_MESSAGES.endRequired,
      });
    }
  });

  it('refuses an end before the start, and accepts an end equal to it', () => {
    expect(planEventSave(input({ end_date: '2026-11-02T17:59:59Z' }), creating)).toEqual({
      problem: 'invalid',
      message: EVENT_MESSAGES.endBeforeStart,
    });
    expect(planEventSave(input({ end_date: '2026-11-02T18:00:00Z' }), creating)).toHaveProperty('fields');
  });

  it('refuses dates before 1990 or past the year 2100, judged in UTC', () => {
    expect(EVENT_MESSAGES.outOfRange).toBe('Event dates must fall between the years 1990 and 2100');
    for (const [start, end] of [
      ['0000-01-01', '2026-01-01'],
      ['1989-12-31T23:59Z', '2026-01-01'],
      ['2100-12-31T23:00Z', '2100-12-31T23:30-05:00'],
      ['2101-01-01', '2101-01-02'],
    ]) {
      expect(planEventSave(input({ start_date: start, end_date: end }), creating), start).toEqual({
        problem: 'invalid',
        message: EVENT_MESSAGES.outOfRange,
      });
    }
  });

  it('accepts the first and the last instant of those years', () => {
    const plan = planEventSave(
      input({ start_date: '1990-01-01T00:00Z', end_date: '2100-12-31T23:59:59.999Z' }),
      creating,
    );
    expect(plan).toMatchObject({
      fields: { start_date: '1990-01-01T00:00:00.000Z', end_date: '2100-12-31T23:59:59.999Z' },
    });
  });

  it('refuses a start that is not a date', () => {
    const parsed = { ...input({ end_date: '2026-11-03' }), start_date: 'soon' };
    expect(planEventSave(parsed, creating)).toMatchObject({ problem: 'invalid' });
  });

  it('refuses a WOM competition that another event is linked to', () => {
    expect(
      planEventSave(input({ type: 'Weekly', wom_id: '123' }), { editing: null, womIdHeldBy: 3 }),
    ).toEqual({ problem: 'conflict', message: 'WOM competition 123 is already linked to another event' });
  });

  it('lets an edited event keep its own WOM competition', () => {
    const plan = planEventSave(input({ type: 'Weekly', wom_id: '123' }), {
      editing: manualEvent({ wom_id: '123' }),
      womIdHeldBy: 7,
    });
    expect(plan).toMatchObject({ fields: { wom_id: '123' } });
  });

  it('refuses to edit an event the sync made from a WOM competition', () => {
    expect(
      planEventSave(input({ type: 'Weekly' }), {
        editing: manualEvent({ manual: false }),
        womIdHeldBy: null,
      }),
    ).toEqual({ problem: 'conflict', message: EVENT_MESSAGES.syncedEvent });
  });

  it('refuses to relink or reflag an event whose points were awarded, but lets its text change', () => {
    const editing = manualEvent({ wom_id: '123', points_awarded_at: '2026-11-10T00:00:00.000Z' });
    const context = { editing, womIdHeldBy: 7 };
    const awarded = { problem: 'conflict', message: EVENT_MESSAGES.awardedLink };
    expect(
      planEventSave(input({ type: 'Weekly', wom_id: '124' }), { ...context, womIdHeldBy: null }),
    ).toEqual(awarded);
    expect(planEventSave(input({ type: 'Weekly', wom_id: null }), context)).toEqual(awarded);
    expect(
      planEventSave(
        input({ type: 'Weekly', wom_id: '123', short_event: true, end_date: '2026-11-02T19:00:00Z' }),
        context,
      ),
    ).toEqual(awarded);
    expect(planEventSave(input({ type: 'Weekly', wom_id: '123', name: 'Renamed' }), context)).toMatchObject({
      fields: { name: 'Renamed' },
    });
  });
});

describe('eventDeleteProblem', () => {
  it("lets an admin delete an admin's event", () => {
    expect(eventDeleteProblem({ manual: true })).toBeNull();
  });

  it('refuses to delete an event the sync made', () => {
    expect(eventDeleteProblem({ manual: false })).toEqual({
      problem: 'conflict',
      message: EVENT_MESSAGES.syncedEvent,
    });
  });
});
