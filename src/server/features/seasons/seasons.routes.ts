import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  resetScoresInputSchema,
  resetScoresResultSchema,
  seasonWithScoresSchema,
} from '#core/seasons/season.schema.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { listSeasonsWithScores, resetSiegeScores } from './seasons.service.ts';

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
}
