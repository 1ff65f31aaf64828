import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersSchema,
  DISCORD_HOME_MESSAGES,
  myDiscordInputSchema,
  myDiscordSchema,
} from '#core/discord/discord-home.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import { badRequest } from '../../http/http-error.ts';
import { runAttempt } from '../../http/attempt-limiter.ts';
import { clientAddress } from '../../http/client-address.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';
import { callbackOrigin, siteOrigin } from '../../http/site-origin.ts';
import { setSessionCookie } from '../../plugins/sessions.ts';
import type { Database } from '../../db/schema.ts';
import type { Kysely } from 'kysely';
import { requestActor } from '../audit/request-actor.ts';
import { oauthClient, readDiscordApp } from './discord-app-settings.ts';
import { myDiscord, setMentionOptIn, unlinkDiscord } from './discord-account.service.ts';
import { takeDiscordSignInAttempt } from './discord-attempts.ts';
import { parsePending, serialisePending } from './discord-oauth.ts';
import { finishDiscordSignIn, startDiscordSignIn } from './discord-sign-in.service.ts';

export interface DiscordHomeRouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  sessionTtlDays: number;
}

/** The started sign-in, for the callback only, and for no longer than Discord's consent takes. */
const PENDING_COOKIE = 'clan_discord_oauth';
const PENDING_PATH = '/api/auth/discord';
const PENDING_SECONDS = 600;

const cookieOptions = (request: FastifyRequest) => ({
  path: PENDING_PATH,
  httpOnly: true,
  // Lax: the cookie comes back on Discord's top-level redirect to the callback, never on a cross-site post.
  sameSite: 'lax' as const,
  secure: siteOrigin(request)?.startsWith('https:') === true,
});

const redirectUri = (request: FastifyRequest, config: Config) =>
  `${callbackOrigin(request, config.discord.siteUrl)}${PENDING_PATH}/callback`;

function clearPending(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(PENDING_COOKIE, cookieOptions(request));
}

/** Sign in with Discord, link it from the profile, and the member's own Discord settings (issue 32). */
export async function discordHomeRoutes(app: FastifyInstance, deps: DiscordHomeRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/auth/providers',
    { schema: { tags: ['auth'], response: { 200: authProvidersSchema } } },
    async () => ({ discord: oauthClient(await readDiscordApp(deps.db, deps.config.discord.app)) !== null }),
  );

  routes.get(
    `${PENDING_PATH}/start`,
    {
      schema: {
        tags: ['auth'],
        description:
          "Sends the browser to Discord's consent page (authorization code with PKCE); `link=1` links Discord to the signed-in account instead.",
        querystring: z.object({ link: z.enum(['0', '1']).optional() }),
        response: { 302: z.null(), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const link = request.query.link === '1';
      if (link) signedInUser(request);
      const { url, pending } = await startDiscordSignIn(
        deps,
        link ? 'link' : 'sign_in',
        redirectUri(request, deps.config),
      );
      reply.setCookie(PENDING_COOKIE, serialisePending(pending), {
        ...cookieOptions(request),
        maxAge: PENDING_SECONDS,
      });
      return reply.redirect(url, 302);
    },
  );

  routes.get(
    `${PENDING_PATH}/callback`,
    {
      schema: {
        tags: ['auth'],
        description:
          "Discord's redirect back: checks `state` against this browser's cookie, trades the code, then signs in (making the account on a first sign-in) or links.",
        querystring: z.object({
          code: z.string().max(200).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(100).optional(),
        }),
        response: {
          302: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const pending = parsePending(request.cookies[PENDING_COOKIE]);
      clearPending(request, reply);
      if (pending === null || request.query.state !== pending.state)
        throw badRequest(DISCORD_HOME_MESSAGES.wrongState);
      const attempt = await takeDiscordSignInAttempt(deps, clientAddress(request));
      const result = await runAttempt(
        attempt,
        () =>
          finishDiscordSignIn(deps, {
            pending,
            code: request.query.code ?? null,
            error: request.query.error ?? null,
            redirectUri: redirectUri(request, deps.config),
            signedIn: request.user,
          }),
        { successCounts: true },
      );
      if (result.session) setSessionCookie(request, reply, result.session.token, result.session.expiresAt);
      return reply.redirect(result.redirect, 302);
    },
  );

  const account = { onRequest: requireSignedIn() };
  routes.get(
    '/api/me/discord',
    {
      ...account,
      schema: { tags: ['account'], response: { 200: myDiscordSchema, 401: errorResponseSchema } },
    },
    async (request) => myDiscord(deps, signedInUser(request).id),
  );

  routes.put(
    '/api/me/discord',
    {
      ...account,
      schema: {
        tags: ['account'],
        body: myDiscordInputSchema,
        response: {
          200: myDiscordSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => setMentionOptIn(deps, signedInUser(request).id, request.body.mention_opt_in),
  );

  routes.delete(
    '/api/me/discord',
    {
      ...account,
      schema: {
        tags: ['account'],
        response: { 204: z.null(), 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await unlinkDiscord(deps, { ...requestActor(request), userId: user.id });
      return reply.code(204).send(null);
    },
  );
}
