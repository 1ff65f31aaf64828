import { z } from 'zod';
import { eventInputSchema, type AdminEvent, type EventInput } from '#core/events/admin-events.schema.ts';
import { EVENT_MESSAGES, fitsShortEvent } from '#core/events/event-save.ts';
import { isWeekLongType } from '#core/events/event-types.ts';
import { WEEKLY_EVENT_DAYS } from '#core/events/event-status.ts';
import { parseIsoDate } from '#core/events/iso-date.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The event form as its inputs hold it. Dates are a datetime-local input's 'yyyy-MM-ddTHH:mm' in
 * UTC: events are the clan's, timed on the game's UTC clock, not on each admin's own.
 */
export interface EventFormValues {
  name: string;
  type: string;
  metric: string;
  description: string;
  start_date: string;
  end_date: string;
  wom_id: string;
  short_event: boolean;
  /** Create the competition on Wise Old Man too (a new event only; issue 30). */
  create_competition: boolean;
  /** Its teams as typed, one per line ('Red: Zezima, Lynx Titan'); blank plays every member. */
  teams: string;
}

/** What a datetime-local input shows for an instant, in UTC. */
const inputValue = (date: Date) => date.toISOString().slice(0, 16);

function inputValueOf(iso: string | null): string {
  const date = iso === null ? null : parseIsoDate(iso);
  return date === null ? '' : inputValue(date);
}

/** The form's starting values: blank for a new event, or the event being edited. */
export function eventFormValues(event?: AdminEvent): EventFormValues {
  return {
    name: event?.name ?? '',
    type: event?.type ?? '',
    metric: event?.metric ?? '',
    description: event?.description ?? '',
    start_date: inputValueOf(event?.start_date ?? null),
    end_date: inputValueOf(event?.end_date ?? null),
    wom_id: event?.wom_id ?? '',
    short_event: event?.short_event ?? false,
    create_competition: false,
    teams: '',
  };
}

/** The end of a weekly event starting at `start` (an input value), or null without a start. */
export function weeklyEndValue(start: string): string | null {
  const date = start.trim() === '' ? null : parseIsoDate(start);
  return date === null ? null : inputValue(new Date(date.getTime() + WEEKLY_EVENT_DAYS * DAY_MS));
}

/**
 * An input's date-time (read as UTC, as parseIsoDate reads a time without a zone) as the API's ISO
 * string; blank is none. Text that is no date is passed on as typed, so the contract says why.
 */
function isoOf(value: string): string | null {
  if (value.trim() === '') return null;
  return parseIsoDate(value)?.toISOString() ?? value;
}

type FormIssue = { path: [keyof EventFormValues]; message: string };

/**
 * The server's own checks (event-save.ts) that the contract cannot make: a start, an end not before
 * it, and a short event no longer than 2 hours.
 */
function formIssues(values: EventFormValues): FormIssue[] {
  if (values.start_date.trim() === '') return [{ path: ['start_date'], message: 'Start date is required' }];
  if (values.end_date.trim() === '') {
    if (!isWeekLongType(values.type)) return [{ path: ['end_date'], message: EVENT_MESSAGES.endRequired }];
    // A week-long event left open ends a week on: too long to be short.
    return values.short_event ? [{ path: ['short_event'], message: EVENT_MESSAGES.shortTooLong }] : [];
  }
  const start = parseIsoDate(values.start_date);
  const end = parseIsoDate(values.end_date);
  if (start === null || end === null) return [];
  if (end < start) return [{ path: ['end_date'], message: EVENT_MESSAGES.endBeforeStart }];
  if (values.short_event && !fitsShortEvent(start, end))
    return [{ path: ['short_event'], message: EVENT_MESSAGES.shortTooLong }];
  return [];
}

/**
 * Checks the form and turns it into the API's input by the same contract the server checks, so every
 * field's problem shows at once under that field. Only week-long events (Weekly, Skill or Boss of the
 * Week) may leave the end blank: the server ends them 7 days after their start.
 */
export const eventFormSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    metric: z.string(),
    description: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    wom_id: z.string(),
    short_event: z.boolean(),
    create_competition: z.boolean(),
    teams: z.string(),
  })
  .transform((values, context) => {
    const own = formIssues(values);
    const { create_competition: create, teams: _typed, ...fields } = values;
    const input: EventInput = {
      ...fields,
      // The teams are members picked from the roster the form has: the form fills them in.
      ...(create ? { create_competition: { teams: [] } } : {}),
      start_date: isoOf(fields.start_date) ?? '',
      end_date: isoOf(fields.end_date),
    };
    const parsed = eventInputSchema.safeParse(input);
    // One message a field: the form's own says more than the contract's about the same field.
    const contract = (parsed.error?.issues ?? []).filter(
      (issue) => !own.some((mine) => mine.path[0] === issue.path[0]),
    );
    for (const { path, message } of [...own, ...contract])
      context.addIssue({ code: 'custom', path, message });
    return parsed.success && own.length === 0 ? parsed.data : z.NEVER;
  });

/** What a valid form gives: the API's input. */
export type EventFormOutput = z.output<typeof eventFormSchema>;
