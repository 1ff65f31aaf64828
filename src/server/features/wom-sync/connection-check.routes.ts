import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  CONNECTION_CHECK_WINDOW_MS,
  connectionCheckSchema,
  decideConnectionCheck,
} from '#core/sync/connection-check.ts';
import { runAttempt, takeAttemptOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { checkConnection } from './connection-check.ts';

/** Every check counts: each one spends WOM's budget, whatever it found. */
const everyCheckCounts = { successCounts: true, failureCounts: () => true } as const;

/** Registered inside the admin plugin, whose prefix is /api/admin. */
export async function connectionCheckRoutes(
  app: FastifyInstance,
  deps: AttemptLimiterDeps & { wom: { gateway: WomGateway; groupId: number } },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sync/check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asks WOM for each thing the sync reads and reports what came back',
        response: { 200: connectionCheckSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const attempt = await takeAttemptOrRefuse(
        deps,
        'connection check',
        CONNECTION_CHECK_WINDOW_MS,
        { account: `connection-check:${signedInUser(request).id}` },
        decideConnectionCheck,
      );
      return runAttempt(attempt, () => checkConnection(deps.wom.gateway, deps.wom.groupId), everyCheckCounts);
    },
  );
}
