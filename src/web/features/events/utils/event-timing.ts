import { durationText, type DatedEvent } from '#core/events/event-status.ts';
import { parseIsoDate } from '#core/events/iso-date.ts';

function timeOf(value: string | Date | null): number {
  if (value instanceof Date) return value.getTime();
  return value === null ? Number.NaN : (parseIsoDate(value)?.getTime() ?? Number.NaN);
}

/** 'Ends in 3 days' for an active event. */
export function endsInText(event: DatedEvent, now: Date): string {
  return `Ends in ${durationText(timeOf(event.end_date) - now.getTime())}`;
}

/** 'Starts in 2 hours' for an upcoming event. */
export function startsInText(event: DatedEvent, now: Date): string {
  return `Starts in ${durationText(timeOf(event.start_date) - now.getTime())}`;
}
