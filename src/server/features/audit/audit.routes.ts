import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditFiltersSchema, auditQuerySchema } from '#core/audit/audit.schema.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { listAuditEntries, listAuditFilters } from './audit.repository.ts';

/** The admins' recent actions, newest first. Registered inside the admin plugin under /api/admin. */
export async function auditRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request) => listAuditEntries(deps.db, request.query),
  );

  routes.get(
    '/audit/filters',
    { schema: { tags: ['admin'], response: { 200: auditFiltersSchema } } },
    async () => listAuditFilters(deps.db),
  );
}
