import { z } from 'zod';
import { MAX_SERIAL_ID, serialIdSchema, womPlayerIdSchema } from '../http/params.schema.ts';

/** A team competition's bounds: at most 20 teams of at most 500 members each. */
const MAX_TEAMS = 20;
const MAX_TEAM_MEMBERS = 500;
import { isEventMetric, UNKNOWN_METRIC_MESSAGE } from './event-metrics.ts';
import { eventSchema } from './events.schema.ts';
import { parseIsoDate } from './iso-date.ts';

/** An event as the admin's events tab lists it: the public fields (winners aside) plus how it came to be. */
export const adminEventSchema = eventSchema.omit({ winners: true }).extend({
  /** Created by an admin (editable here), rather than copied from a WOM competition by the sync. */
  manual: z.boolean(),
  /** Pays every participant 2 points, like a 1–2 hour event (spec §9), whatever its dates. */
  short_event: z.boolean(),
  /** The linked WOM competition's title, as WOM gave it when the link was saved or last synced. */
  wom_title: z.string().nullable(),
  /** When WOM last answered that it has no such competition: the row is flagged until corrected. */
  wom_missing_at: z.string().nullable(),
  points_awarded_at: z.string().nullable(),
  /** When the competition's final results were stored, paid or not. */
  results_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

const isoDateTime = z
  .string()
  .max(40)
  .refine((text) => parseIsoDate(text) !== null, 'must be an ISO date or date-time');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((text) => (text ? text : null));

/**
 * `POST /api/admin/events` and `PUT /api/admin/events/:id`. Without an end date, a weekly event
 * ends 7 days after its start (spec §9); any other event needs one.
 */
export const eventInputSchema = z.object({
  name: z.string().trim().min(1, 'Event name is required').max(120),
  type: optionalText(64),
  metric: optionalText(64).refine(
    (metric) => metric === null || isEventMetric(metric),
    UNKNOWN_METRIC_MESSAGE,
  ),
  description: optionalText(2000),
  start_date: isoDateTime,
  end_date: isoDateTime.nullish(),
  wom_id: z
    .string()
    .trim()
    .max(10)
    .nullish()
    .transform((id) => (id ? id : null))
    .refine(
      (id) => id === null || (/^[1-9]\d*$/.test(id) && Number(id) <= MAX_SERIAL_ID),
      'WOM competition id must be a number',
    ),
  short_event: z.boolean().default(false),
  /**
   * Create the event's competition on Wise Old Man too (issue 30): of the clan's group, with every
   * member, or with these teams of members (by WOM id). Only when creating; the form's own link stays empty.
   */
  create_competition: z
    .object({
      teams: z
        .array(
          z.object({
            name: z
              .string()
              .trim()
              .min(1, 'A team needs a name')
              .max(30, 'Team names are at most 30 characters'),
            members: z
              .array(womPlayerIdSchema)
              .min(1, 'A team needs at least one member')
              .max(MAX_TEAM_MEMBERS),
          }),
        )
        .max(MAX_TEAMS)
        .default([]),
    })
    .nullish()
    .transform((value) => value ?? null),
});
export type EventInput = z.input<typeof eventInputSchema>;

/** A member an event's standings would pay (`GET /api/admin/events/:id/standings`), best first. */
export const eventStandingSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  gained: z.number(),
  placement: z.number().int(),
  points: z.number().int(),
});
export type EventStanding = z.infer<typeof eventStandingSchema>;

/** What Wise Old Man answered when it created an event's competition: shown to the admin once. */
export const createdCompetitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  participant_count: z.number().int(),
  url: z.string(),
});
export type CreatedCompetition = z.infer<typeof createdCompetitionSchema>;

/**
 * `POST /api/admin/events`' answer: the event, and what WOM answered when its competition was
 * created with it (absent otherwise, so the answer is the event as before).
 */
export const createdEventSchema = adminEventSchema.extend({
  wom_competition: createdCompetitionSchema.optional(),
});

export const eventParamsSchema = z.object({ id: serialIdSchema });

/** The event types the form offers; kept in event-types.ts, the one vocabulary. */
export { EVENT_TYPES } from './event-types.ts';
