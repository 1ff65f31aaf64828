import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_MESSAGES,
  CLAIM_REQUEST_STATUSES,
  claimCodeInputSchema,
  claimCodeSchema,
  claimIdParamsSchema,
  claimRequestSchema,
  reviewClaimRequestInputSchema,
} from '#core/claims/claims.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { womPlayerIdSchema } from '#core/http/params.schema.ts';
import { requestActor } from '../audit/request-actor.ts';
import { answerQuotedMessages } from '../auth/quoted-validation.ts';
import type { ClaimsDeps } from '../claims/claims.routes.ts';
import { listClaimRequests } from '../claims/claims.repository.ts';
import { listClaimCodes } from './admin-claims.repository.ts';
import { createClaimCode, reviewClaimRequest, revokeClaimCode } from './admin-claims.service.ts';

const claimRequestsQuerySchema = z.object({ status: z.enum(CLAIM_REQUEST_STATUSES).optional() });
const claimCodesQuerySchema = z.object({ wom_id: womPlayerIdSchema.optional() });

/** Registered inside the admin plugin under /api/admin: claim requests to review and claim codes. */
export async function adminClaimsRoutes(admin: FastifyInstance, deps: ClaimsDeps): Promise<void> {
  const routes = admin.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/claim-requests',
    {
      schema: {
        tags: ['admin'],
        querystring: claimRequestsQuerySchema,
        response: { 200: z.array(claimRequestSchema), 400: errorResponseSchema },
      },
    },
    async (request) => listClaimRequests(deps.db, { status: request.query.status }),
  );

  routes.patch(
    '/claim-requests/:id',
    {
      schema: {
        tags: ['admin'],
        params: claimIdParamsSchema,
        body: reviewClaimRequestInputSchema,
        response: {
          200: claimRequestSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => reviewClaimRequest(deps, request.params.id, request.body, requestActor(request)),
  );

  routes.get(
    '/claim-codes',
    {
      schema: {
        tags: ['admin'],
        querystring: claimCodesQuerySchema,
        response: { 200: z.array(claimCodeSchema), 400: errorResponseSchema },
      },
    },
    async (request) => listClaimCodes(deps.db, request.query.wom_id),
  );

  routes.post(
    '/claim-codes',
    {
      schemaErrorFormatter: answerQuotedMessages([CLAIM_MESSAGES.selectValidPlayer]),
      schema: {
        tags: ['admin'],
        body: claimCodeInputSchema,
        response: { 201: claimCodeSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClaimCode(deps, request.body, requestActor(request))),
  );

  routes.delete(
    '/claim-codes/:id',
    {
      schema: {
        tags: ['admin'],
        params: claimIdParamsSchema,
        response: { 204: z.null(), 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await revokeClaimCode(deps, request.params.id, requestActor(request));
      return reply.code(204).send(null);
    },
  );
}
