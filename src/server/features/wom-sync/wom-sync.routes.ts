import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#core/errors.ts';
import { syncStartedSchema, syncStatusSchema } from '#core/sync/sync.schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { WOM_SYNC, listSyncRuns } from './sync-runs.repository.ts';
import { isWomSyncRunning, startWomSync, type WomSyncDeps } from './wom-sync.service.ts';

const RECENT_RUNS = 20;

/** Registered inside the admin plugin, whose prefix is /api/admin. */
export async function womSyncRoutes(app: FastifyInstance, deps: WomSyncDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/sync',
    { schema: { tags: ['admin'], response: { 202: syncStartedSchema, 409: errorResponseSchema } } },
    async (request, reply) => {
      const started = await startWomSync(deps, request.user?.id ?? null);
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
    { schema: { tags: ['admin'], response: { 200: syncStatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const runs = await listSyncRuns(deps.db, WOM_SYNC, RECENT_RUNS);
      const running = await isWomSyncRunning(deps);
      return { running, current: runs.find((run) => run.outcome === 'running') ?? null, runs };
    },
  );
}
