import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#core/errors.ts';
import { backfillStartedSchema } from '#core/members/baseline-backfill.ts';
import { startBaselineBackfill, type BaselineBackfillServiceDeps } from './baseline-backfill.service.ts';

/** Registered inside the admin plugin under /api/admin: the guard has already checked the caller. */
export async function baselineBackfillRoutes(
  app: FastifyInstance,
  deps: BaselineBackfillServiceDeps,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/members/baselines/backfill',
    {
      schema: {
        tags: ['admin'],
        description:
          "Starts the job that sets first-seen members' baselines from WOM's snapshot nearest their join date; " +
          'its progress shows in GET /api/admin/sync (baseline_backfill).',
        response: { 202: backfillStartedSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { runId } = await startBaselineBackfill(deps, request.user?.id ?? null);
      return reply.code(202).send({ run_id: runId });
    },
  );
}
