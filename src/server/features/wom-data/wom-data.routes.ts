import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  achievementsQuerySchema,
  playerQuerySchema,
  womAchievementSchema,
  womCompetitionSchema,
  womGroupSchema,
  womGroupStatsSchema,
  womPlayerSchema,
} from '#core/wom/wom-data.schema.ts';
import { createWomDataService, type CachedJson, type WomDataDeps } from './wom-data.service.ts';

/** Sends a body built (and checked against its schema) earlier, with the ETag computed then. */
function sendCached(reply: FastifyReply, { json, etag }: CachedJson): FastifyReply {
  return reply.type('application/json; charset=utf-8').header('etag', etag).send(json);
}

/** The clan's WOM data, served from the database: a visitor's request never becomes a WOM request. */
export async function womDataRoutes(app: FastifyInstance, deps: WomDataDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createWomDataService(deps);
  const tags = ['public'];

  // Declared for the OpenAPI document; the cached JSON was checked against the schema when built.
  app.get(
    '/api/wom-group',
    { schema: { tags, response: { 200: womGroupSchema, 404: errorResponseSchema } } },
    async (_request, reply) => sendCached(reply, await service.group()),
  );

  app.get(
    '/api/wom-group-stats',
    { schema: { tags, response: { 200: womGroupStatsSchema, 404: errorResponseSchema } } },
    async (_request, reply) => sendCached(reply, await service.groupStats()),
  );

  routes.get(
    '/api/wom-group-achievements',
    {
      schema: {
        tags,
        querystring: achievementsQuerySchema,
        response: { 200: z.array(womAchievementSchema) },
      },
    },
    async (request) => service.recentAchievements(request.query.limit),
  );

  routes.get(
    '/api/wom-competitions',
    { schema: { tags, response: { 200: z.array(womCompetitionSchema) } } },
    async () => service.competitions(),
  );

  // Both names are in use (spec §7): the same member snapshot, by WOM player id.
  for (const path of ['/api/wom-player', '/api/pwom-player']) {
    routes.get(
      path,
      {
        schema: {
          tags,
          querystring: playerQuerySchema,
          response: { 200: womPlayerSchema, 404: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request) => service.player(request.query.id),
    );
  }
}
