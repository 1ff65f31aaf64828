import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, meResponseSchema } from '#core/auth/auth.schema.ts';
import { normaliseUsername } from '#core/auth/username.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { HttpError, RateLimitedError } from '../../http/http-error.ts';
import { takeAttempt, type AttemptLimiter } from '../../http/attempt-limiter.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/sessions.ts';
import { login, logout, type AuthDeps } from './auth.service.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
  /** Failed logins per client address and per username. */
  loginLimiter: { byIp: AttemptLimiter; byUsername: AttemptLimiter };
}

/** Counts the login against both limits up front; throws a 429 when either is used up. */
function takeLoginAttempt(limiter: AuthRouteDeps['loginLimiter'], ip: string, username: string) {
  const attempt = takeAttempt([
    { limiter: limiter.byIp, key: ip },
    { limiter: limiter.byUsername, key: normaliseUsername(username) },
  ]);
  if (!attempt.allowed) {
    throw new RateLimitedError(
      attempt.retryAfterSeconds,
      `Too many login attempts. Try again in ${attempt.retryAfterSeconds} seconds.`,
    );
  }
  return attempt;
}

function isWrongCredentials(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'INVALID_CREDENTIALS';
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
      const attempt = takeLoginAttempt(deps.loginLimiter, request.ip, request.body.username);
      const session = await login(deps.auth, request.body).catch((error: unknown) => {
        // Only wrong credentials use up the window; a success or a server fault hands it back.
        if (!isWrongCredentials(error)) attempt.forgive();
        throw error;
      });
      attempt.forgive();
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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    },
  );
}
