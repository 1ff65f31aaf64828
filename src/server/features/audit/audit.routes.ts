import type { FastifyInstance } from 'fastify';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';

/** SCAFFOLD: filled in by its owner this session. Registered inside the admin plugin (/api/admin). */
export async function auditRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  void app;
  void deps;
}
