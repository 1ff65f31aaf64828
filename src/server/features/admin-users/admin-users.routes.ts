import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import { adminUserSchema, setAdminInputSchema, userIdParamsSchema } from '#core/users/users.schema.ts';
import { setAdminFlag, type AccountDeps } from '../users/accounts.service.ts';
import { listUsers, toSessionUser } from '../users/users.repository.ts';

/**
 * Registered inside the admin plugin under /api/admin: the guard has already checked the caller is
 * an admin.
 */
export async function adminUsersRoutes(app: FastifyInstance, deps: AccountDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users',
    { schema: { tags: ['admin'], response: { 200: z.array(adminUserSchema) } } },
    async () => (await listUsers(deps.db)).map(toSessionUser),
  );

  routes.post(
    '/users/:id/admin',
    {
      schema: {
        tags: ['admin'],
        params: userIdParamsSchema,
        body: setAdminInputSchema,
        response: {
          200: adminUserSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = { userId: request.user?.id ?? null, label: request.user?.username ?? 'unknown' };
      return setAdminFlag(deps, { userId: request.params.id, isAdmin: request.body.is_admin }, actor);
    },
  );
}
