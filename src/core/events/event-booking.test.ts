import { describe, expect, it } from 'vitest';
import { EVENT_BOOKING_MESSAGES, eventBookingProblem } from './event-booking.ts';

const settled = { before_site: true, results_at: '2026-11-25T05:30:00.000Z', points_awarded_at: null };

describe('eventBookingProblem', () => {
  it('lets an admin book an event from before this site once its results are in', () => {
    expect(eventBookingProblem(settled)).toBeNull();
  });

  it('refuses a second booking, an event the sync pays, and one without results', () => {
    expect(eventBookingProblem({ ...settled, points_awarded_at: '2026-11-26T00:00:00.000Z' })).toBe(
      EVENT_BOOKING_MESSAGES.alreadyBooked,
    );
    expect(eventBookingProblem({ ...settled, before_site: false })).toBe(
      EVENT_BOOKING_MESSAGES.notBeforeSite,
    );
    expect(eventBookingProblem({ ...settled, results_at: null })).toBe(EVENT_BOOKING_MESSAGES.noResults);
  });
});
