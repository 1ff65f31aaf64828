import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { eventSchema } from '#core/events/events.schema.ts';
import type { Database } from '../../db/schema.ts';
import { listPublicEvents } from './events.service.ts';

export async function eventsRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/events', { schema: { tags: ['public'], response: { 200: z.array(eventSchema) } } }, async () =>
      listPublicEvents(deps.db),
    );
}
