import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseClaimCode } from '#core/claims/claim-code.ts';
import {
  CLAIM_MESSAGES,
  characterSchema,
  claimRequestInputSchema,
  claimRequestSchema,
  redeemInputSchema,
  redeemResultSchema,
} from '#core/claims/claims.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/http-error.ts';
import { requestActor } from '../audit/request-actor.ts';
import { answerQuotedMessages } from '../auth/quoted-validation.ts';
import { listCharacters, listClaimRequests } from './claims.repository.ts';
import { redeemClaimCode, requestClaim } from './claims.service.ts';
import { runAttempt } from '../../http/attempt-limiter.ts';
import { clientAddress } from '../../http/client-address.ts';
import { countsAsGuess, takeRedeemAttempt } from './redeem-attempts.ts';
import { countedCreation } from '../users/creation-attempts.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';

export interface ClaimsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A signed-in user's claims: redeeming a code, asking an admin, listing their characters. */
export async function claimsRoutes(app: FastifyInstance, deps: ClaimsDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me/characters',
    {
      onRequest: requireSignedIn(),
      schema: { tags: ['claims'], response: { 200: z.array(characterSchema), 401: errorResponseSchema } },
    },
    async (request) => {
      return listCharacters(deps.db, signedInUser(request).id);
    },
  );

  routes.post(
    '/api/claims/redeem',
    {
      onRequest: requireSignedIn(CLAIM_MESSAGES.mustBeLoggedIn),
      schemaErrorFormatter: answerQuotedMessages([CLAIM_MESSAGES.codeRequired]),
      schema: {
        tags: ['claims'],
        body: redeemInputSchema,
        response: {
          200: redeemResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const code = normaliseClaimCode(request.body.code);
      if (code === '') throw badRequest(CLAIM_MESSAGES.codeRequired);
      const attempt = await takeRedeemAttempt(deps, { client: clientAddress(request), userId: user.id });
      return runAttempt(attempt, () => redeemClaimCode(deps, user.id, code, requestActor(request)), {
        failureCounts: countsAsGuess,
      });
    },
  );

  routes.get(
    '/api/claim-requests',
    {
      onRequest: requireSignedIn(),
      schema: { tags: ['claims'], response: { 200: z.array(claimRequestSchema), 401: errorResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      // Admins review everyone's requests; a user sees only their own.
      return listClaimRequests(deps.db, user.is_admin ? {} : { userId: user.id });
    },
  );

  routes.post(
    '/api/claim-requests',
    {
      onRequest: requireSignedIn(CLAIM_MESSAGES.mustBeLoggedInToRequest),
      schemaErrorFormatter: answerQuotedMessages([CLAIM_MESSAGES.selectValidPlayer]),
      schema: {
        tags: ['claims'],
        body: claimRequestInputSchema,
        response: {
          201: claimRequestSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      const created = await countedCreation(deps, 'claimRequest', userId, () =>
        requestClaim(deps, userId, request.body),
      );
      return reply.code(201).send(created);
    },
  );
}
