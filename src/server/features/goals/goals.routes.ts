import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  GOAL_MESSAGES,
  createGoalInputSchema,
  goalDetailSchema,
  goalIdParamsSchema,
  goalSchema,
  goalsPageSchema,
  goalsQuerySchema,
  syncGoalsInputSchema,
  syncGoalsResultSchema,
} from '#core/goals/goals.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { asksForPublicFirstPage, PAGE_LIMITS } from '#core/http/paging.ts';
import { cacheByRevisionAndPeriod } from '../../db/cache-by-revision-and-period.ts';
import { unauthenticated } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import type { PublicReads } from '../../http/public-reads.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { answerQuotedMessages } from '../auth/quoted-validation.ts';
import { countedCreation } from '../users/creation-attempts.ts';
import { limitedSyncProgress } from '../users/refresh-attempts.ts';
import { createPlayerReader } from '../wom-data/player-snapshots.ts';
import { createGoal, goalDetail, goalsOf, publicGoals, removeGoal, syncGoals } from './goals.service.ts';

export interface ProgressDeps {
  db: Kysely<Database>;
  clock: Clock;
  gateway: WomGateway;
  /** How long a player's stored stats are served before the gateway is asked again. */
  playerCacheMs: number;
}

/**
 * Answers that depend on who asks: no browser or shared cache may keep them for the next user.
 * (The no-store plugin keys on paths, and `/api/user-goals` serves the public list too.)
 */
const perUser: onSendAsyncHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};

/** How long a prebuilt page of goals shows each goal's schedule: the web asks again every minute. */
const SCHEDULE_PERIOD_MS = 60_000;

/** The spec's creation texts, answered word for word when the body fails on one of them. */
const QUOTED_CREATE_MESSAGES = [GOAL_MESSAGES.requiredFields, GOAL_MESSAGES.gainNotPositive];

/** Goals: public ones for everyone, a user's own, creating, deleting and Sync Progress. */
export async function goalsRoutes(
  app: FastifyInstance,
  deps: ProgressDeps & { publicReads: PublicReads },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = { ...deps, readPlayer: createPlayerReader(deps) };
  // What every visitor of Member Goals reads first, built once per data revision; a goal's schedule
  // moves with the clock too, as often as the page asks again.
  const publicFirstPage = cacheByRevisionAndPeriod(deps.db, deps.clock, SCHEDULE_PERIOD_MS, async () =>
    prebuildJson(goalsPageSchema, await publicGoals(service, { limit: PAGE_LIMITS.default })),
  );

  routes.get(
    '/api/user-goals',
    {
      schema: {
        tags: ['goals'],
        querystring: goalsQuerySchema,
        response: { 200: goalsPageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { scope, wom_id, limit, cursor } = request.query;
      if (scope === 'public' && cursor === undefined && limit === PAGE_LIMITS.default) {
        return sendPrebuilt(request, reply, await publicFirstPage());
      }
      if (scope === 'public') return publicGoals(service, { limit, cursor });
      if (!request.user) throw unauthenticated();
      reply.header('cache-control', 'no-store');
      return goalsOf(service, request.user.id, wom_id, { limit, cursor });
    },
  );
  deps.publicReads.add('/api/user-goals', (query) =>
    asksForPublicFirstPage(query) ? publicFirstPage.ready() : undefined,
  );

  routes.get(
    '/api/user-goals/:id',
    {
      onSend: perUser,
      schema: {
        tags: ['goals'],
        params: goalIdParamsSchema,
        response: { 200: goalDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => goalDetail(service, request.params.id, request.user ?? null),
  );

  routes.post(
    '/api/user-goals',
    {
      onRequest: requireSignedIn(),
      onSend: perUser,
      schemaErrorFormatter: answerQuotedMessages(QUOTED_CREATE_MESSAGES),
      schema: {
        tags: ['goals'],
        body: createGoalInputSchema,
        response: {
          201: goalSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const goal = await countedCreation(deps, 'goal', userId, () =>
        createGoal(service, userId, request.body),
      );
      return reply.code(201).send(goal);
    },
  );

  routes.delete(
    '/api/user-goals/:id',
    {
      onRequest: requireSignedIn(),
      onSend: perUser,
      schema: {
        tags: ['goals'],
        params: goalIdParamsSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await removeGoal(service, request.params.id, signedInUser(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/user-goals/sync',
    {
      onRequest: requireSignedIn(),
      onSend: perUser,
      schema: {
        tags: ['goals'],
        body: syncGoalsInputSchema,
        response: {
          200: syncGoalsResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      return limitedSyncProgress(deps, userId, () => syncGoals(service, userId, request.body.wom_id));
    },
  );
}
