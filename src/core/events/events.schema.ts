import { z } from 'zod';

/** An event as `GET /api/events` serves it; status (upcoming, active, completed) is derived from the dates. */
export const eventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  metric: z.string().nullable(),
  description: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The linked WOM competition's id; its results pay the event's points. */
  wom_id: z.string().nullable(),
  /** The first winner listed, the spec's single field; `winners` names every one of a tie. */
  winner_username: z.string().nullable(),
  /** Every participant at place 1 (a tie has several), standings order; empty when none is recorded. */
  winners: z.array(z.string()),
  /** Its competition ended before the site's first sync: it shows its winner and pays only if booked. */
  before_site: z.boolean(),
});
export type ClanEvent = z.infer<typeof eventSchema>;
