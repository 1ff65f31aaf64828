import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import { memberParamsSchema } from '#core/members/admin-members.schema.ts';
import {
  awayInputSchema,
  awayResultSchema,
  inactivityExportFileName,
  inactivityExportQuerySchema,
  inactivityListSchema,
  inactivityQuerySchema,
} from '#core/members/inactivity.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { inactivityCsv, listInactivity, setAwayUntil } from './admin-inactivity.service.ts';

/** Registered inside the admin plugin under /api/admin: the guard has already checked the caller. */
export async function adminInactivityRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/inactivity',
    {
      schema: {
        tags: ['admin'],
        description:
          'Members still in the clan with no XP or EHB gain for `days` (by WOM lastChangedAt and the ' +
          'stored daily snapshots), longest inactive first; members away today are listed apart.',
        querystring: inactivityQuerySchema,
        response: { 200: inactivityListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listInactivity(deps, request.query),
  );

  routes.get(
    '/inactivity/export.csv',
    {
      schema: {
        tags: ['admin'],
        querystring: inactivityExportQuerySchema,
        response: {
          200: {
            description: 'Every member the inactivity list holds for `days`; X-Member-Count gives the rows.',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { csv, count } = await inactivityCsv(deps, request.query.days);
      const fileName = inactivityExportFileName(request.query.days, deps.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-member-count', String(count))
        .send(csv);
    },
  );

  routes.put(
    '/members/:womId/away',
    {
      schema: {
        tags: ['admin'],
        description: 'Sets (today or later) or clears (null) the day until which a member is away.',
        params: memberParamsSchema,
        body: awayInputSchema,
        response: { 200: awayResultSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      setAwayUntil(deps, request.params.womId, request.body.away_until, requestActor(request)),
  );
}
