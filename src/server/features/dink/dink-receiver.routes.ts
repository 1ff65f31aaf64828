import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dinkReceiptSchema } from '#core/dink/dink.schema.ts';
import { dinkDynamicConfig } from '#core/dink/dynamic-config.ts';
import { tooManyAttemptsMessage } from '#core/auth/retry-wording.ts';
import { DINK_MAX_BODY_BYTES, DINK_POST_LIMITS, decideDinkPost } from '#core/dink/receiver-limits.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { serialIdSchema } from '#core/http/params.schema.ts';
import { takeAttempt } from '../../http/attempt-limiter.ts';
import { RateLimitedError, badRequest, forbidden, notFound, unauthenticated } from '../../http/http-error.ts';
import { callbackOrigin } from '../../http/site-origin.ts';
import { findLinkByTokenHash, type ReceivingLink } from './dink-links.repository.ts';
import { dinkUrls } from './dink-links.service.ts';
import { receiveDinkPost, type DinkReceiverDeps } from './dink-receiver.service.ts';
import { readDinkThresholds } from './dink-settings.repository.ts';
import { DINK_TOKEN_PATTERN, hashDinkToken } from './dink-token.ts';
import { acceptDinkBodies, DinkUpload } from './dink-upload.ts';
import { readPublicImage } from './dink-images.repository.ts';

export interface DinkReceiverRouteDeps extends DinkReceiverDeps {
  siteUrl: string;
}

export const UNKNOWN_ADDRESS_MESSAGE =
  'This Dink address is not known (it may have been replaced or disconnected)';
export const EMPTY_BODY_MESSAGE = 'The body is empty: Dink sends its notification as JSON or in a form';
export const NOT_CURRENT_MESSAGE = 'This character is no longer claimed by a member of the clan';
/** Image ids seen by the public, never the token's. */
const imageParamsSchema = z.object({ id: serialIdSchema });
const tokenParamsSchema = z.object({ token: z.string().max(100) });
const TAGS = ['dink'];

/** The address's link, found before the body is read: an unknown token never uploads 8 MB. */
async function linkOf(deps: DinkReceiverDeps, token: string): Promise<ReceivingLink> {
  if (!DINK_TOKEN_PATTERN.test(token)) throw unauthenticated(UNKNOWN_ADDRESS_MESSAGE);
  const link = await findLinkByTokenHash(deps.db, hashDinkToken(token));
  if (!link) throw unauthenticated(UNKNOWN_ADDRESS_MESSAGE);
  if (!link.current) throw forbidden(NOT_CURRENT_MESSAGE);
  return link;
}

const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';

/**
 * Dink's side of the site: the receiver it posts to (no session, no cookie: the address is the
 * secret), the settings its Dynamic Config URL downloads, and the screenshots the feed shows.
 */
export async function dinkReceiverRoutes(app: FastifyInstance, deps: DinkReceiverRouteDeps): Promise<void> {
  const links = new WeakMap<FastifyRequest, ReceivingLink>();
  await app.register(async (receiver) => {
    acceptDinkBodies(receiver);
    receiver.withTypeProvider<ZodTypeProvider>().post(
      '/api/dink/:token',
      {
        bodyLimit: DINK_MAX_BODY_BYTES,
        onRequest: async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const link = await linkOf(deps, tokenOf(request));
          // Per account, not per address: a member with five characters posts as one person.
          const key = `dink:account:${link.userId}`;
          const attempt = await takeAttempt(
            deps,
            {
              minute: { key, windowMs: DINK_POST_LIMITS.minute.windowMs },
              day: { key: `${key}:day`, windowMs: DINK_POST_LIMITS.day.windowMs },
            },
            decideDinkPost,
          );
          if (!attempt.allowed) {
            const wait = attempt.retryAfterSeconds;
            throw new RateLimitedError(wait, tooManyAttemptsMessage('Dink post', wait));
          }
          // Every post counts, stored or not: the limit is on what an account sends.
          await attempt.failed();
          links.set(request, link);
        },
        schema: {
          tags: TAGS,
          description:
            "The receiver Dink posts to: `application/json`, or `multipart/form-data` with `payload_json` and an optional `file` (PNG or JPEG, at most 8 MB). 202 when stored, 200 for a repeat of a stored post; 401 an unknown or revoked address, 403 another game account or a character that is no longer the member's, 413 a screenshot over 8 MB or a body over 8.5 MB, 415 another content type or a file that is not an image, 400 a body that is not a Dink notification or a form with other parts, 429 over 120 posts a minute or 2,000 a day from one account's addresses together.",
          params: tokenParamsSchema,
          response: {
            200: dinkReceiptSchema,
            202: dinkReceiptSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const link = links.get(request);
        if (!link) throw unauthenticated(UNKNOWN_ADDRESS_MESSAGE);
        if (!(request.body instanceof DinkUpload)) throw badRequest(EMPTY_BODY_MESSAGE);
        const status = await receiveDinkPost(deps, link, request.body);
        return reply.code(status === 'stored' ? 202 : 200).send({ status });
      },
    );
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/dink/:token/config',
    {
      schema: {
        tags: TAGS,
        description:
          "Dink's settings for its Dynamic Config URL: the kept notification types sent to this address, with the clan's thresholds. Without PUBLIC_URL the address is on the host the request reached, which must be one the site answers to (400 otherwise).",
        params: tokenParamsSchema,
        response: {
          200: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await linkOf(deps, request.params.token);
      // The address Dink downloaded this from, so the settings point back at the same site.
      const { url } = dinkUrls(callbackOrigin(request, deps.siteUrl), request.params.token);
      return dinkDynamicConfig(url, await readDinkThresholds(deps.db));
    },
  );

  // Bytes, not JSON: the plain instance, so no response schema applies.
  app.get<{ Params: { id: number } }>(
    '/api/dink/images/:id',
    { schema: { tags: TAGS, description: "A public moment's screenshot.", params: imageParamsSchema } },
    async (request, reply) => {
      const image = await readPublicImage(deps.db, request.params.id);
      if (!image) throw notFound('No such screenshot');
      // Short-lived: a member who takes their moments off the feed takes their pictures with them.
      return (
        reply
          .header('cache-control', 'public, max-age=300')
          // An id's bytes never change: its tag needs no hashing of megabytes.
          .header('etag', `"dink-image-${request.params.id}"`)
          .header('x-content-type-options', 'nosniff')
          .type(image.content_type)
          .send(image.bytes)
      );
    },
  );
}
