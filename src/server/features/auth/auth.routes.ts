import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  changePasswordInputSchema,
  firstPasswordInputSchema,
  loginInputSchema,
  meResponseSchema,
  passwordResetInputSchema,
  registerInputSchema,
} from '#core/auth/auth.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { unauthenticated } from '../../http/http-error.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/sessions.ts';
import { runAttempt } from '../../http/attempt-limiter.ts';
import { clientAddress } from '../../http/client-address.ts';
import {
  takeLoginAttempt,
  takePasswordChangeAttempt,
  takePasswordResetAttempt,
  takeRegisterAttempt,
} from './auth-attempts.ts';
import { login, logout, register, type AuthDeps } from './auth.service.ts';
import { changePassword, resetPasswordWithLink, setFirstPassword } from './passwords.service.ts';
import { answerQuotedMessages } from './quoted-validation.ts';

export interface AuthRouteDeps {
  auth: AuthDeps;
}

/** The spec's sentences for a new password, answered word for word. */
const newPasswordMessages = answerQuotedMessages([
  ACCOUNT_MESSAGES.passwordsDontMatch,
  ACCOUNT_MESSAGES.passwordTooShort,
]);

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
      const attempt = await takeLoginAttempt(deps.auth, clientAddress(request), request.body.username);
      const session = await runAttempt(attempt, () => login(deps.auth, request.body));
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: session.user };
    },
  );

  routes.post(
    '/api/auth/register',
    {
      schemaErrorFormatter: answerQuotedMessages([
        ACCOUNT_MESSAGES.usernameRequired,
        ACCOUNT_MESSAGES.passwordsDontMatch,
        ACCOUNT_MESSAGES.passwordTooShort,
      ]),
      schema: {
        tags: ['auth'],
        body: registerInputSchema,
        response: {
          201: meResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const attempt = await takeRegisterAttempt(deps.auth, clientAddress(request), request.body.username);
      // A made account counts too: the limit is what keeps a script from filling the users table.
      const session = await runAttempt(attempt, () => register(deps.auth, request.body), {
        successCounts: true,
      });
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.code(201).send({ user: session.user });
    },
  );

  routes.post(
    '/api/auth/password',
    {
      schemaErrorFormatter: newPasswordMessages,
      schema: {
        tags: ['auth'],
        body: changePasswordInputSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (!request.user || !token) throw unauthenticated();
      const userId = request.user.id;
      const attempt = await takePasswordChangeAttempt(deps.auth, userId);
      await runAttempt(attempt, () =>
        changePassword(deps.auth, { userId, sessionToken: token, body: request.body }),
      );
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/auth/password/first',
    {
      schemaErrorFormatter: newPasswordMessages,
      schema: {
        tags: ['auth'],
        description: 'Sets the first password of an account made by Discord sign-in; 409 once it has one.',
        body: firstPasswordInputSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthenticated();
      const { id: userId, username } = request.user;
      const attempt = await takePasswordChangeAttempt(deps.auth, userId);
      await runAttempt(attempt, () => setFirstPassword(deps.auth, { userId, username, body: request.body }));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/auth/password-reset',
    {
      schemaErrorFormatter: newPasswordMessages,
      schema: {
        tags: ['auth'],
        body: passwordResetInputSchema,
        response: { 200: meResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const attempt = await takePasswordResetAttempt(deps.auth, clientAddress(request));
      const session = await runAttempt(attempt, () => resetPasswordWithLink(deps.auth, request.body));
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
