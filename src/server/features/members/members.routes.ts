import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anniversarySchema, publicMemberSchema } from '#core/members/members.schema.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { Kysely } from 'kysely';
import { cacheByRevision } from '../../db/revisions.ts';
import { etagOf } from '../../plugins/etag.ts';
import { anniversariesToday, listPublicMembers } from './members.service.ts';

export async function membersRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const rosterSchema = z.array(publicMemberSchema);
  // The roster is the busiest read: serve its JSON as built at the members' current revision.
  const roster = cacheByRevision(deps.db, 'members', async () => {
    const json = JSON.stringify(rosterSchema.parse(await listPublicMembers(deps.db)));
    return { json, etag: etagOf(json) };
  });

  // Declared for the OpenAPI document; the cached JSON was checked against the schema when built.
  app.get(
    '/api/members',
    { schema: { tags: ['public'], response: { 200: rosterSchema } } },
    async (_request, reply) => {
      const { json, etag } = await roster();
      return reply.type('application/json; charset=utf-8').header('etag', etag).send(json);
    },
  );

  routes.get(
    '/api/anniversaries',
    { schema: { tags: ['public'], response: { 200: z.array(anniversarySchema) } } },
    async (request) =>
      anniversariesToday(deps.db, deps.clock.now(), (womId, joinDate) =>
        request.log.warn({ womId, joinDate }, 'member has an unreadable join date'),
      ),
  );
}
