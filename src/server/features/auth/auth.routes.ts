import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, meResponseSchema } from '#core/auth/auth.schema.ts';
import { decideLoginAttempt, LOGIN_WINDOW_MS } from '#core/auth/attempt-limits.ts';
import { clientNetworkOf } from '#core/auth/client-network.ts';
import { tooManyLoginAttemptsMessage } from '#core/auth/retry-wording.ts';
import { normaliseUsername } from '#core/auth/username.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { RateLimitedError } from '../../http/http-error.ts';
import { takeAttempt } from '../../http/attempt-limiter.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/sessions.ts';
import { login, logout, type AuthDeps } from './auth.service.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
}

/**
 * Counts the login against the client's address (an IPv6 client's /64), the username from that
 * address and the username from everywhere before it runs; throws a 429 when the rule refuses it.
 */
async function takeLoginAttempt(auth: AuthDeps, ip: string, username: string) {
  const account = normaliseUsername(username);
  const client = clientNetworkOf(ip);
  const limited = (key: string) => ({ key, windowMs: LOGIN_WINDOW_MS });
  const attempt = await takeAttempt(
    auth,
    {
      address: limited(`login:address:${client}`),
      addressOnAccount: limited(`login:address-on-account:${JSON.stringify([client, account])}`),
      account: limited(`login:account:${account}`),
    },
    decideLoginAttempt,
  );
  if (!attempt.allowed) {
    throw new RateLimitedError(
      attempt.retryAfterSeconds,
      tooManyLoginAttemptsMessage(attempt.retryAfterSeconds),
    );
  }
  return attempt;
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        body: loginInputSchema,
        response: { 200: meResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const attempt = await takeLoginAttempt(deps.auth, request.ip, request.body.username);
      // Whatever does not sign in counts, a server fault too: a fault a guesser can provoke must not
      // make the guess free.
      const session = await login(deps.auth, request.body).catch(async (error: unknown) => {
        await attempt.failed();
        throw error;
      });
      // The sign-in has happened: a blip that loses the hand-back must not turn it into an error.
      await attempt.succeeded().catch(() => undefined);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: session.user };
    },
  );

  routes.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await logout(deps.auth, token);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], response: { 200: meResponseSchema } } },
    async (request) => ({ user: request.user }),
  );
}
