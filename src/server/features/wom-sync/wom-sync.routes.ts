import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  syncWithBackfillStatusSchema,
  type BaselineBackfillStatus,
} from '#core/members/baseline-backfill.ts';
import { syncStartedSchema } from '#core/sync/sync.schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { WOM_SYNC } from './wom-sync.service.ts';

const RECENT_RUNS = 20;

/** Registered inside the admin plugin, whose prefix is /api/admin. */
export async function womSyncRoutes(
  app: FastifyInstance,
  deps: { jobs: JobRunner; baselineBackfill: () => Promise<BaselineBackfillStatus> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/sync',
    { schema: { tags: ['admin'], response: { 202: syncStartedSchema, 409: errorResponseSchema } } },
    async (request, reply) => {
      const started = await deps.jobs.start(WOM_SYNC, request.user?.id ?? null);
      if (started.status === 'busy') throw new HttpError(409, 'CONFLICT', 'A sync is already running');
      void started.done.then((result) => {
        if (result.outcome === 'failed')
          request.log.warn({ runId: result.runId, error: result.error }, 'WOM sync failed');
      });
      return reply.code(202).send({ run_id: started.runId });
    },
  );

  routes.get(
    '/sync',
    { schema: { tags: ['admin'], response: { 200: syncWithBackfillStatusSchema } } },
    async () => ({
      ...(await deps.jobs.status(WOM_SYNC, RECENT_RUNS)),
      baseline_backfill: await deps.baselineBackfill(),
    }),
  );
}
