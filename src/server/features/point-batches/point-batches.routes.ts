import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  pointBatchInputSchema,
  pointBatchParamsSchema,
  pointBatchSchema,
  pointBatchesQuerySchema,
} from '#core/members/point-batches.schema.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { awardBatch, listPointBatches, undoBatch } from './point-batches.service.ts';

/** Awarding an event's points in one go, and undoing such an award as a whole (issue 30). */
export async function pointBatchesRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/point-batches',
    {
      schema: {
        tags: ['admin'],
        description: 'The awards made in one go, newest first, 20 at a time before the id `before`.',
        querystring: pointBatchesQuerySchema,
        response: { 200: z.array(pointBatchSchema), 400: errorResponseSchema },
      },
    },
    async (request) => listPointBatches(deps.db, request.query.before),
  );

  routes.post(
    '/point-batches',
    {
      schema: {
        tags: ['admin'],
        description:
          "Books one ledger row per member, each an amount or a placement paid by the clan's point values, " +
          'with one reason; 400 and nothing written when a member is unknown or a score would overflow.',
        body: pointBatchInputSchema,
        response: { 201: pointBatchSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await awardBatch(deps, request.body, requestActor(request))),
  );

  routes.post(
    '/point-batches/:id/undo',
    {
      schema: {
        tags: ['admin'],
        description: 'Undoes the whole award with reversing rows, audited; 409 when it cannot be.',
        params: pointBatchParamsSchema,
        response: { 200: pointBatchSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => undoBatch(deps, request.params.id, requestActor(request)),
  );
}
