import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  pastSeasonSchema,
  pastSeasonsQuerySchema,
  seasonIdParamsSchema,
  standingsPageSchema,
  standingsQuerySchema,
} from '#core/seasons/past-seasons.ts';
import {
  resetScoresInputSchema,
  resetScoresResultSchema,
  seasonWithScoresSchema,
} from '#core/seasons/season.schema.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import {
  listPastSeasons,
  listSeasonsWithScores,
  pastSeasonStandings,
  resetSiegeScores,
} from './seasons.service.ts';

/** Registered inside the admin plugin under /api/admin: the guard has already checked the caller. */
export async function seasonsRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/siege-scores/reset',
    {
      schema: {
        tags: ['admin'],
        body: resetScoresInputSchema,
        response: { 200: resetScoresResultSchema, 400: errorResponseSchema },
      },
    },
    async (request) => resetSiegeScores(deps, request.body.confirmation, requestActor(request)),
  );

  routes.get(
    '/seasons',
    { schema: { tags: ['admin'], response: { 200: z.array(seasonWithScoresSchema) } } },
    async () => listSeasonsWithScores(deps.db),
  );

  routes.get(
    '/seasons/past',
    {
      schema: {
        tags: ['admin'],
        description:
          'Every season a reset closed, newest first, each with the number of members who finished it ' +
          'with points and the first `top` places (default 10) of its final standings.',
        querystring: pastSeasonsQuerySchema,
        response: { 200: z.array(pastSeasonSchema), 400: errorResponseSchema },
      },
    },
    async (request) => listPastSeasons(deps.db, request.query.top),
  );

  routes.get(
    '/seasons/:id/standings',
    {
      schema: {
        tags: ['admin'],
        description: "A page of a closed season's final standings, from the place after `cursor`.",
        params: seasonIdParamsSchema,
        querystring: standingsQuerySchema,
        response: { 200: standingsPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => pastSeasonStandings(deps.db, request.params.id, request.query),
  );
}
