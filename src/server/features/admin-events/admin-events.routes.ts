import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEventSchema,
  createdEventSchema,
  eventInputSchema,
  eventStandingSchema,
  eventParamsSchema,
} from '#core/events/admin-events.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { requestActor } from '../audit/request-actor.ts';
import { listAdminEvents } from './admin-events.repository.ts';
import {
  bookEventPoints,
  createEvent,
  deleteEvent,
  eventStandings,
  updateEvent,
} from './admin-events.service.ts';

/**
 * The admin's events (DESIGN §5.1): every event to see, and manual ones to add, edit and delete.
 * Registered inside the admin plugin under /api/admin.
 */
export async function adminEventsRoutes(
  app: FastifyInstance,
  deps: AdminRouteDeps & { gateway: WomGateway; groupId: number },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/events',
    { schema: { tags: ['admin'], response: { 200: z.array(adminEventSchema) } } },
    async () => listAdminEvents(deps.db),
  );

  routes.post(
    '/events',
    {
      schema: {
        tags: ['admin'],
        description:
          'Creates an event; with create_competition, its competition is created on Wise Old Man first ' +
          "(the group's verification code must be stored) and the answer carries WOM's answer.",
        body: eventInputSchema,
        response: {
          201: createdEventSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEvent(deps, request.body, requestActor(request))),
  );

  routes.put(
    '/events/:id',
    {
      schema: {
        tags: ['admin'],
        params: eventParamsSchema,
        body: eventInputSchema,
        response: {
          200: adminEventSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => updateEvent(deps, request.params.id, request.body, requestActor(request)),
  );

  // One button for an event from before this site: its points, booked through the ledger (issue 29).
  routes.get(
    '/events/:id/standings',
    {
      schema: {
        tags: ['admin'],
        description:
          "The members the event's stored standings would pay, best first, by the clan's point values; " +
          'empty when no standings are stored.',
        params: eventParamsSchema,
        response: { 200: z.array(eventStandingSchema), 404: errorResponseSchema },
      },
    },
    async (request) => eventStandings(deps.db, request.params.id),
  );

  routes.post(
    '/events/:id/book-points',
    {
      schema: {
        tags: ['admin'],
        params: eventParamsSchema,
        response: { 200: adminEventSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => bookEventPoints(deps, request.params.id, requestActor(request)),
  );

  routes.delete(
    '/events/:id',
    {
      schema: {
        tags: ['admin'],
        params: eventParamsSchema,
        response: { 204: z.null(), 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteEvent(deps, request.params.id, requestActor(request));
      return reply.code(204).send(null);
    },
  );
}
