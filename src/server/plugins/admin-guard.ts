import type { FastifyInstance } from 'fastify';
import { forbidden, unauthenticated } from '../http/http-error.ts';

/**
 * Admin routes are registered inside the plugin that calls this, so its hook guards every one of
 * them: 401 for a visitor, 403 for a signed-in user who is not an admin.
 */
export function requireAdmin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.user) throw unauthenticated();
    if (!request.user.is_admin) throw forbidden();
  });
}
