import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, meResponseSchema } from '#core/auth/auth.schema.ts';
import { normaliseUsername } from '#core/auth/username.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AttemptLimiter } from '../../http/attempt-limiter.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/sessions.ts';
import { login, logout, type AuthDeps } from './auth.service.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
  /** Login attempts per client address and per username. */
  loginLimiter: { byIp: AttemptLimiter; byUsername: AttemptLimiter };
}

function enforceLimit(limiter: AttemptLimiter, key: string): void {
  const verdict = limiter.hit(key);
  if (!verdict.allowed) {
    throw new HttpError(
      429,
      'RATE_LIMITED',
      `Too many login attempts. Try again in ${verdict.retryAfterSeconds} seconds.`,
    );
  }
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
      enforceLimit(deps.loginLimiter.byIp, request.ip);
      enforceLimit(deps.loginLimiter.byUsername, normaliseUsername(request.body.username));
      const session = await login(deps.auth, request.body);
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
