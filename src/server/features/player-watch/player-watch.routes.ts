import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#core/errors.ts';
import { watchImportResultSchema, watchListSchema } from '#core/player-watch/player-watch.schema.ts';
import { playerWatchStatusSchema, syncStartedSchema } from '#core/sync/sync.schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { NO_WATCH_LIST_URL } from './player-watch.job.ts';
import { countAlerts, countCurrentCases } from './player-watch.repository.ts';
import { PLAYER_WATCH, WATCH_LIST_MAX_BYTES, importWatchList } from './player-watch.service.ts';

const RECENT_RUNS = 20;

/**
 * The player-watch list: an admin's upload, the scheduled download's status, and a download now.
 * Registered inside the admin plugin under /api/admin.
 */
export async function playerWatchRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const url = deps.config.jobs.playerWatchUrl;

  routes.post(
    '/player-watch/import',
    {
      // The whole list in one body: far more than the app's 1 MiB for every other request.
      bodyLimit: WATCH_LIST_MAX_BYTES,
      schema: {
        tags: ['admin'],
        body: watchListSchema,
        response: { 200: watchImportResultSchema, 409: errorResponseSchema },
      },
    },
    async (request) => importWatchList(deps, request.body, requestActor(request)),
  );

  routes.get(
    '/player-watch',
    { schema: { tags: ['admin'], response: { 200: playerWatchStatusSchema } } },
    async () => ({
      ...(await deps.jobs.status(PLAYER_WATCH, RECENT_RUNS)),
      url,
      cases: await countCurrentCases(deps.db),
      alerts: await countAlerts(deps.db),
    }),
  );

  routes.post(
    '/player-watch/run',
    { schema: { tags: ['admin'], response: { 202: syncStartedSchema, 409: errorResponseSchema } } },
    async (request, reply) => {
      if (url === null) throw new HttpError(409, 'CONFLICT', NO_WATCH_LIST_URL);
      const started = await deps.jobs.start(PLAYER_WATCH, request.user?.id ?? null);
      if (started.status === 'busy')
        throw new HttpError(409, 'CONFLICT', 'The player-watch list is already being downloaded');
      void started.done.then((result) => {
        if (result.outcome === 'failed')
          request.log.warn({ runId: result.runId, error: result.error }, 'Player-watch import failed');
      });
      return reply.code(202).send({ run_id: started.runId });
    },
  );
}
