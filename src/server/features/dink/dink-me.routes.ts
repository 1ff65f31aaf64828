import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dinkLinkCreatedSchema, dinkSharingInputSchema, myDinkLinkSchema } from '#core/dink/dink.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { memberParamsSchema } from '#core/members/admin-members.schema.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';
import { callbackOrigin } from '../../http/site-origin.ts';
import { countedCreation } from '../users/creation-attempts.ts';
import { listMyLinks } from './dink-links.repository.ts';
import { createDinkLink, revokeDinkLink, setDinkSharing, type DinkLinksDeps } from './dink-links.service.ts';

const TAGS = ['dink'];

/** A member's Dink addresses, one per claimed character: made, replaced, revoked, shared or not. */
export async function dinkMeRoutes(app: FastifyInstance, deps: DinkLinksDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/me/dink',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: TAGS,
        description:
          "Each of the signed-in member's claimed characters with its Dink connection: connected, bound to a game account, shown on the public feed, posts and the last one.",
        response: { 200: z.array(myDinkLinkSchema), 401: errorResponseSchema },
      },
    },
    async (request) => listMyLinks(deps.db, signedInUser(request).id),
  );

  routes.post(
    '/api/me/characters/:womId/dink',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: TAGS,
        description:
          "A new Dink address for the owner's claimed character, replacing any earlier one: `url` for Dink to post to and `config_url` for its Dynamic Config URL. Shown once: the site keeps only a hash. Without PUBLIC_URL the URLs are on the host the request reached, which must be one the site answers to (400 otherwise).",
        params: memberParamsSchema,
        response: {
          201: dinkLinkCreatedSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      // Before anything is made: a host the site does not answer to makes no address at all.
      const origin = callbackOrigin(request, deps.siteUrl);
      const created = await countedCreation(deps, 'dinkAddress', userId, () =>
        createDinkLink(deps, userId, request.params.womId, origin),
      );
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/me/characters/:womId/dink',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: TAGS,
        description: "Disconnects the character's Dink address: posts to it are refused from now on.",
        params: memberParamsSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await revokeDinkLink(deps, signedInUser(request).id, request.params.womId);
      return reply.code(204).send(null);
    },
  );

  routes.patch(
    '/api/me/characters/:womId/dink',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: TAGS,
        description:
          "Shows or hides the character's moments, boards and screenshots on the site's public pages.",
        params: memberParamsSchema,
        body: dinkSharingInputSchema,
        response: {
          200: myDinkLinkSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) =>
      setDinkSharing(deps, signedInUser(request).id, request.params.womId, request.body.share_public),
  );
}
