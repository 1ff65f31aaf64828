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
  wom_id: z.string().nullable(),
  winner_username: z.string().nullable(),
});
export type ClanEvent = z.infer<typeof eventSchema>;
