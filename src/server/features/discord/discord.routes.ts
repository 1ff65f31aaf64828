import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discordKindInfoSchema } from '#core/discord/discord-kinds.ts';
import {
  discordDeliveriesQuerySchema,
  discordDeliverySchema,
  discordRouteInputSchema,
  discordRouteParamsSchema,
  discordRouteSchema,
  discordRouteUpdateSchema,
  discordTestResultSchema,
} from '#core/discord/discord-routes.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import {
  createRoute,
  deleteRoute,
  listKinds,
  listRoutes,
  recentDeliveries,
  testRoute,
  updateRoute,
} from './discord-routes.service.ts';

/** Registered inside the admin plugin under /api/admin: the guard has already checked the caller. */
export async function discordRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

  routes.get(
    '/discord/kinds',
    {
      schema: {
        tags: ['admin'],
        description: 'The kinds of news a Discord route can carry, in the order the form lists them.',
        response: { 200: z.array(discordKindInfoSchema) },
      },
    },
    async () => listKinds(),
  );

  routes.get(
    '/discord/routes',
    {
      schema: {
        tags: ['admin'],
        description: 'Every Discord route; a URL is shown only as `url_hint`, never in full.',
        response: { 200: z.array(discordRouteSchema) },
      },
    },
    async () => listRoutes(deps),
  );

  routes.post(
    '/discord/routes',
    {
      schema: {
        tags: ['admin'],
        description:
          'Adds a route. `url` must be a Discord webhook (discord.com or discordapp.com, also ptb. and ' +
          'canary.), or one under DISCORD_API_BASE_URL when that is set.',
        body: discordRouteInputSchema,
        response: { 201: discordRouteSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRoute(deps, request.body, requestActor(request))),
  );

  routes.put(
    '/discord/routes/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'Changes a route; an omitted `url` keeps the stored one. Saving resumes a stopped route.',
        params: discordRouteParamsSchema,
        body: discordRouteUpdateSchema,
        response: { 200: discordRouteSchema, ...errors },
      },
    },
    async (request) => updateRoute(deps, request.params.id, request.body, requestActor(request)),
  );

  routes.delete(
    '/discord/routes/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'Deletes a route with its queue and history.',
        params: discordRouteParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRoute(deps, request.params.id, requestActor(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/discord/routes/:id/test',
    {
      schema: {
        tags: ['admin'],
        description: "Posts a test message on the route's webhook now and reports Discord's answer.",
        params: discordRouteParamsSchema,
        response: { 200: discordTestResultSchema, ...errors },
      },
    },
    async (request) => testRoute(deps, request.params.id),
  );

  routes.get(
    '/discord/deliveries',
    {
      schema: {
        tags: ['admin'],
        description: 'The latest deliveries (at most 100), newest first, of one route or of all.',
        querystring: discordDeliveriesQuerySchema,
        response: { 200: z.array(discordDeliverySchema), 400: errorResponseSchema },
      },
    },
    async (request) => recentDeliveries(deps, request.query.route_id),
  );
}
