import type { z } from 'zod';
import { isWithinYears, outsideYearsMessage } from '../bounds/years.ts';
import type { eventInputSchema } from './admin-events.schema.ts';
import { WEEKLY_EVENT_DAYS } from './event-status.ts';
import { isWeekLongType } from './event-types.ts';
import { parseIsoDate } from './iso-date.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A short event pays every participant 2 points (spec §9) because it lasts 1 to 2 hours. */
export const SHORT_EVENT_MAX_HOURS = 2;

/** Whether an event of these dates may be flagged short: no longer than 2 hours. */
export function fitsShortEvent(start: Date, end: Date): boolean {
  return end.getTime() - start.getTime() <= SHORT_EVENT_MAX_HOURS * HOUR_MS;
}

/** The form's input once its schema has trimmed and defaulted it. */
export type ParsedEventInput = z.output<typeof eventInputSchema>;

/** What an event row holds of the admin's input, dates as UTC ISO strings. */
export interface EventFields {
  name: string;
  type: string | null;
  metric: string | null;
  description: string | null;
  start_date: string;
  end_date: string;
  wom_id: string | null;
  short_event: boolean;
}

/** The stored event an admin edits, as far as the rules need it. */
export interface EditedEvent {
  id: number;
  manual: boolean;
  wom_id: string | null;
  short_event: boolean;
  points_awarded_at: string | null;
}

export const EVENT_MESSAGES = {
  syncedEvent:
    'This event comes from a WOM competition and follows it; only events created by an admin can be changed or deleted',
  endRequired:
    'End date is required (only Weekly, Skill of the Week and Boss of the Week events default to 7 days)',
  shortTooLong: `A short event (1 to 2 hours) must end within ${SHORT_EVENT_MAX_HOURS} hours of its start`,
  endBeforeStart: 'End date must not be before the start date',
  outOfRange: outsideYearsMessage('Event dates'),
  awardedLink:
    "This event's points were already awarded, so its WOM competition and short-event flag can no longer change",
  womIdTaken: (womId: string) => `WOM competition ${womId} is already linked to another event`,
  competitionNotFound: (womId: string) =>
    `Wise Old Man has no competition ${womId}: check the competition id`,
  competitionUnchecked: (womId: string) =>
    `Could not check WOM competition ${womId}: Wise Old Man is not answering right now. Please try again in a minute.`,
  createOnlyNew: 'A WOM competition can only be created with a new event',
  createWithLink: 'Either link an existing WOM competition or create a new one, not both',
  createNeedsMetric: 'Creating a WOM competition needs a metric',
  createNeedsCode:
    "Creating a WOM competition needs the group's verification code: store it on the Clan tab first",
  createUnknownMember: (womId: string) => `No member has the WOM id ${womId}`,
  createRefused: (message: string) => `Wise Old Man refused the competition: ${message}`,
  createUnanswered:
    'Wise Old Man did not answer, so no event was saved. If the competition was made after all, the next sync adds it as an event.',
} as const;

/** Why a save is refused: the input itself (400) or how it clashes with stored events (409). */
export type EventSaveProblem = { problem: 'invalid' | 'conflict'; message: string };

const invalid = (message: string): EventSaveProblem => ({ problem: 'invalid', message });
const conflict = (message: string): EventSaveProblem => ({ problem: 'conflict', message });

/**
 * An admin's new or edited event (spec §9, domain-rules.md Events): the row to store, or why not.
 * Only manual events are edited here; the sync owns the rest. Without an end date a week-long event
 * (Weekly, Skill or Boss of the Week) lasts 7 days and any other event is refused; an end before the
 * start is refused, and so is a short event longer than 2 hours. A WOM competition
 * pays one event only, and once an event has paid, what decided its points stays as it was.
 */
export function planEventSave(
  input: ParsedEventInput,
  context: { editing: EditedEvent | null; womIdHeldBy: number | null },
): { fields: EventFields } | EventSaveProblem {
  const { editing } = context;
  if (editing && !editing.manual) return conflict(EVENT_MESSAGES.syncedEvent);

  const start = parseIsoDate(input.start_date);
  if (start === null) return invalid('Start date must be an ISO date or date-time');
  let end: Date | null;
  if (input.end_date) end = parseIsoDate(input.end_date);
  else end = isWeekLongType(input.type) ? new Date(start.getTime() + WEEKLY_EVENT_DAYS * DAY_MS) : null;
  if (end === null) return invalid(EVENT_MESSAGES.endRequired);
  if (end.getTime() < start.getTime()) return invalid(EVENT_MESSAGES.endBeforeStart);
  if (!isWithinYears(start) || !isWithinYears(end)) return invalid(EVENT_MESSAGES.outOfRange);
  // A longer event flagged short would pay everyone 2 points instead of placing its winners.
  if (input.short_event && !fitsShortEvent(start, end)) return invalid(EVENT_MESSAGES.shortTooLong);

  if (input.wom_id !== null && context.womIdHeldBy !== null && context.womIdHeldBy !== editing?.id)
    return conflict(EVENT_MESSAGES.womIdTaken(input.wom_id));
  if (
    editing?.points_awarded_at &&
    (editing.wom_id !== input.wom_id || editing.short_event !== input.short_event)
  )
    return conflict(EVENT_MESSAGES.awardedLink);

  return {
    fields: {
      name: input.name,
      type: input.type,
      metric: input.metric,
      description: input.description,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      wom_id: input.wom_id,
      short_event: input.short_event,
    },
  };
}

/** Why an event cannot be deleted by an admin, or null when it can. */
export function eventDeleteProblem(event: Pick<EditedEvent, 'manual'>): EventSaveProblem | null {
  return event.manual ? null : conflict(EVENT_MESSAGES.syncedEvent);
}
