import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  LINK_AUTH_ID_MESSAGES,
  linkAuthIdInputSchema,
  passwordResetLinkSchema,
  setAdminInputSchema,
  userIdParamsSchema,
  userSchema,
} from '#core/users/users.schema.ts';
import { requestActor } from '../audit/request-actor.ts';
import { createPasswordResetLink } from '../auth/passwords.service.ts';
import { answerQuotedMessages } from '../auth/quoted-validation.ts';
import { linkAuthId, setAdminFlag, type AccountDeps } from '../users/accounts.service.ts';
import { listUsers, toUser } from '../users/users.repository.ts';

/**
 * Registered inside the admin plugin under /api/admin: the guard has already checked the caller is
 * an admin.
 */
export async function adminUsersRoutes(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/users', { schema: { tags: ['admin'], response: { 200: z.array(userSchema) } } }, async () =>
    (await listUsers(deps.db)).map(toUser),
  );

  routes.post(
    '/users/:id/admin',
    {
      schema: {
        tags: ['admin'],
        params: userIdParamsSchema,
        body: setAdminInputSchema,
        response: {
          200: userSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const input = { userId: request.params.id, isAdmin: request.body.is_admin };
      return setAdminFlag(deps, input, requestActor(request));
    },
  );

  routes.post(
    '/users/:id/auth-id',
    {
      schemaErrorFormatter: answerQuotedMessages([LINK_AUTH_ID_MESSAGES.invalidUuid]),
      schema: {
        tags: ['admin'],
        params: userIdParamsSchema,
        body: linkAuthIdInputSchema,
        response: {
          200: userSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const input = { userId: request.params.id, supabaseAuthId: request.body.supabase_auth_id };
      return linkAuthId(deps, input, requestActor(request));
    },
  );

  routes.post(
    '/users/:id/password-reset',
    {
      schema: {
        tags: ['admin'],
        params: userIdParamsSchema,
        response: { 201: passwordResetLinkSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const link = await createPasswordResetLink(deps, request.params.id, requestActor(request));
      return reply.code(201).send(link);
    },
  );
}
