import type { FastifyInstance } from 'fastify';
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
import { ACHIEVEMENT_LIMITS } from '#core/wom/achievement-limits.ts';
import { sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { createWomDataService, type WomDataDeps } from './wom-data.service.ts';

/** The clan's WOM data, served from the database: a visitor's request never becomes a WOM request. */
export async function womDataRoutes(
  app: FastifyInstance,
  deps: WomDataDeps & { publicReads: PublicReads },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createWomDataService(deps);
  const tags = ['public'];

  // Bodies are prebuilt and checked against these schemas when built; the schemas document them.
  app.get(
    '/api/wom-group',
    { schema: { tags, response: { 200: womGroupSchema, 404: errorResponseSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await service.group()),
  );

  app.get(
    '/api/wom-group-stats',
    { schema: { tags, response: { 200: womGroupStatsSchema, 404: errorResponseSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await service.groupStats()),
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
    async (request, reply) =>
      sendPrebuilt(request, reply, await service.recentAchievements(String(request.query.limit))),
  );

  app.get(
    '/api/wom-competitions',
    { schema: { tags, response: { 200: z.array(womCompetitionSchema) } } },
    async (request, reply) => sendPrebuilt(request, reply, await service.competitions()),
  );

  const { publicReads } = deps;
  publicReads.add('/api/wom-group', withoutQuery(service.group.ready));
  publicReads.add('/api/wom-group-stats', withoutQuery(service.groupStats.ready));
  publicReads.add('/api/wom-competitions', withoutQuery(service.competitions.ready));
  publicReads.add('/api/wom-group-achievements', (query) => {
    // Only the plain forms; anything else goes to the route and its query schema.
    if (query === '') return service.recentAchievements.ready(String(ACHIEVEMENT_LIMITS.default));
    const limit = /^limit=([1-9]\d{0,2})$/.exec(query)?.[1];
    return limit === undefined ? undefined : service.recentAchievements.ready(limit);
  });

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
