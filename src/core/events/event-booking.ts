/** Why an admin cannot book an event's points by hand, as the Book points answer says it. */
export const EVENT_BOOKING_MESSAGES = {
  alreadyBooked: "This event's points are already booked",
  notBeforeSite: 'Only an event from before this site is booked by hand: the sync books the others',
  noResults: "This event's results are not in from Wise Old Man yet",
} as const;

/**
 * The problem with booking an event's points by hand, or null (issue 29): only an event whose
 * competition ended before this site, whose results the sync has stored, and only once.
 */
export function eventBookingProblem(event: {
  before_site: boolean;
  results_at: string | null;
  points_awarded_at: string | null;
}): string | null {
  if (event.points_awarded_at !== null) return EVENT_BOOKING_MESSAGES.alreadyBooked;
  if (!event.before_site) return EVENT_BOOKING_MESSAGES.notBeforeSite;
  if (event.results_at === null) return EVENT_BOOKING_MESSAGES.noResults;
  return null;
}
