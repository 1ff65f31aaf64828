import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  RACE_MESSAGES,
  raceDetailSchema,
  raceIdParamsSchema,
  raceInputSchema,
  raceSchema,
  racesPageSchema,
  racesQuerySchema,
} from '#core/races/races.schema.ts';
import { asksForPublicFirstPage, PAGE_LIMITS } from '#core/http/paging.ts';
import { cacheByRevision } from '../../db/revisions.ts';
import { unauthenticated } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import type { PublicReads } from '../../http/public-reads.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';
import { answerQuotedMessages } from '../auth/quoted-validation.ts';
import type { ProgressDeps } from '../goals/goals.routes.ts';
import { countedCreation } from '../users/creation-attempts.ts';
import { limitedRaceRefresh } from '../users/refresh-attempts.ts';
import {
  createRace,
  deleteRaceOf,
  getRaceDetail,
  listRaces,
  refreshRace,
  updateRaceOf,
} from './races.service.ts';

/** The spec's sentences a race body's validation answers with, word for word. */
const QUOTED = [
  RACE_MESSAGES.titleRequired,
  RACE_MESSAGES.participantIncomplete,
  RACE_MESSAGES.targetAtLeastOne,
  RACE_MESSAGES.needsParticipant,
];

/** An answer that depends on who asks must not be kept by a browser or proxy for the next user. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** Races: public ones for everyone, a user's own, and the creator's changes. */
export async function racesRoutes(
  app: FastifyInstance,
  deps: ProgressDeps & { publicReads: PublicReads },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // What every visitor of /progress reads first: built once per data revision.
  const publicFirstPage = cacheByRevision(deps.db, async () =>
    prebuildJson(racesPageSchema, await listRaces(deps.db, 'public', null, { limit: PAGE_LIMITS.default })),
  );

  routes.get(
    '/api/races',
    {
      schema: {
        tags: ['races'],
        querystring: racesQuerySchema,
        response: { 200: racesPageSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { scope, limit, cursor } = request.query;
      if (scope === 'public' && cursor === undefined && limit === PAGE_LIMITS.default) {
        return sendPrebuilt(request, reply, await publicFirstPage());
      }
      if (scope === 'mine') {
        if (!request.user) throw unauthenticated();
        noStore(reply);
      }
      return listRaces(deps.db, scope, request.user ?? null, { limit, cursor });
    },
  );
  deps.publicReads.add('/api/races', (query) =>
    asksForPublicFirstPage(query) ? publicFirstPage.ready() : undefined,
  );

  routes.get(
    '/api/races/:id',
    {
      schema: {
        tags: ['races'],
        params: raceIdParamsSchema,
        response: { 200: raceDetailSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const race = await getRaceDetail(deps.db, request.params.id, request.user ?? null);
      if (!race.public) noStore(reply);
      return race;
    },
  );

  routes.post(
    '/api/races',
    {
      onRequest: requireSignedIn(),
      schemaErrorFormatter: answerQuotedMessages(QUOTED),
      schema: {
        tags: ['races'],
        body: raceInputSchema,
        response: {
          201: raceSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const user = signedInUser(request);
      const race = await countedCreation(deps, 'race', user.id, () => createRace(deps, user, request.body));
      return reply.code(201).send(race);
    },
  );

  routes.put(
    '/api/races/:id',
    {
      onRequest: requireSignedIn(),
      schemaErrorFormatter: answerQuotedMessages(QUOTED),
      schema: {
        tags: ['races'],
        params: raceIdParamsSchema,
        body: raceInputSchema,
        response: {
          200: raceSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return updateRaceOf(deps, signedInUser(request), request.params.id, request.body);
    },
  );

  routes.delete(
    '/api/races/:id',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['races'],
        params: raceIdParamsSchema,
        response: {
          204: z.null(),
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteRaceOf(deps.db, signedInUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/races/:id/refresh',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['races'],
        params: raceIdParamsSchema,
        response: {
          200: raceSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const user = signedInUser(request);
      const raceId = request.params.id;
      return limitedRaceRefresh(deps, { userId: user.id, raceId }, () => refreshRace(deps, user, raceId));
    },
  );
}
