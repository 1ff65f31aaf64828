import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { eventSchema } from '#core/events/events.schema.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevision } from '../../db/revisions.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { listPublicEvents } from './events.service.ts';

export async function eventsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; publicReads: PublicReads },
): Promise<void> {
  const eventsSchema = z.array(eventSchema);
  const events = cacheByRevision(deps.db, async () =>
    prebuildJson(eventsSchema, await listPublicEvents(deps.db)),
  );
  app.get(
    '/api/events',
    { schema: { tags: ['public'], response: { 200: eventsSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await events()),
  );
  deps.publicReads.add('/api/events', withoutQuery(events.ready));
}
