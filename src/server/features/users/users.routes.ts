import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import { userSchema } from '#core/users/users.schema.ts';
import { unauthenticated } from '../../http/http-error.ts';
import type { AccountDeps } from './accounts.service.ts';
import { findUserById, listUsers, toUser } from './users.repository.ts';

/** `GET /api/users`: an admin sees every user, a user only themselves (spec §6, privacy). */
export async function usersRoutes(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/users',
    { schema: { tags: ['users'], response: { 200: z.array(userSchema), 401: errorResponseSchema } } },
    async (request) => {
      if (!request.user) throw unauthenticated();
      if (request.user.is_admin) return (await listUsers(deps.db)).map(toUser);
      const self = await findUserById(deps.db, request.user.id);
      return self ? [toUser(self)] : [];
    },
  );
}
