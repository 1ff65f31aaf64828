import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { eventSchema } from '#core/events/events.schema.ts';
import type { Database } from '../../db/schema.ts';

export async function eventsRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events',
    { schema: { tags: ['public'], response: { 200: z.array(eventSchema) } } },
    // Spec §7: events ordered by start date, newest first; the page groups them by status.
    async () =>
      deps.db
        .selectFrom('events')
        .select([
          'id',
          'name',
          'type',
          'metric',
          'description',
          'start_date',
          'end_date',
          'wom_id',
          'winner_username',
        ])
        .orderBy('start_date', (order) => order.desc().nullsLast())
        .orderBy('id', 'desc')
        .execute(),
  );
}
