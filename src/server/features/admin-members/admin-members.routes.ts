import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '#core/errors.ts';
import {
  adminMemberSchema,
  createMemberInputSchema,
  memberParamsSchema,
  rankInputSchema,
  updateMemberInputSchema,
  visibilityInputSchema,
  whitelistInputSchema,
} from '#core/members/admin-members.schema.ts';
import { pageQueryShape } from '#core/http/paging.ts';
import { memberExportFileName } from '#core/members/members-export.ts';
import {
  importRefusedMessage,
  membersImportInputSchema,
  membersImportRefusedSchema,
  membersImportResultSchema,
} from '#core/members/members-import.schema.ts';
import {
  awardPointsInputSchema,
  pointsEntryParamsSchema,
  pointsHistorySchema,
} from '#core/members/points-history.ts';
import { unwhitelistInputSchema } from '#core/members/unwhitelist.ts';
import { womPlayerCheckSchema } from '#core/members/wom-player-check.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import { requestActor } from '../audit/request-actor.ts';
import {
  addPoints,
  createMember,
  deleteMember,
  listAdminMembers,
  listDeletedMembers,
  memberPointsHistory,
  restoreMember,
  setRank,
  setVisibility,
  undoPoints,
  unwhitelistMember,
  updateMember,
  whitelistMember,
} from './admin-members.service.ts';
import { membersCsv } from './members-csv.ts';
import { importMembersCsv } from './members-import.service.ts';
import { checkWomPlayer } from './wom-player-check.ts';

const membersSchema = z.array(adminMemberSchema);
const memberAnswers = { 200: adminMemberSchema, 404: errorResponseSchema };

/** Registered inside the admin plugin under /api/admin: the guard has already checked the caller. */
export async function adminMembersRoutes(
  app: FastifyInstance,
  deps: AdminRouteDeps & { gateway: WomGateway },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/members', { schema: { tags: ['admin'], response: { 200: membersSchema } } }, async () =>
    listAdminMembers(deps.db, deps.clock.now()),
  );

  routes.get(
    '/members/deleted',
    { schema: { tags: ['admin'], response: { 200: membersSchema } } },
    async () => listDeletedMembers(deps.db, deps.clock.now()),
  );

  routes.get(
    '/members/export.csv',
    {
      schema: {
        tags: ['admin'],
        response: {
          200: {
            description: 'Every member not deleted, hidden ones included; X-Member-Count gives the rows.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const members = await listAdminMembers(deps.db, deps.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${memberExportFileName(deps.clock.now())}"`)
        .header('x-member-count', String(members.length))
        .send(membersCsv(members));
    },
  );

  routes.post(
    '/members/import',
    {
      schema: {
        tags: ['admin'],
        description:
          'Previews (dry_run) or applies a members CSV in the export format, matched by WOM ID, else by name. ' +
          'With any error nothing is applied and the answer is 422 with the errors by line.',
        body: membersImportInputSchema,
        response: {
          200: membersImportResultSchema,
          400: errorResponseSchema,
          422: membersImportRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      const { refused, result } = await importMembersCsv(deps, request.body, requestActor(request));
      if (!refused) return result;
      return reply
        .code(422)
        .send({ code: 'VALIDATION_ERROR', message: importRefusedMessage(result.errors.length), ...result });
    },
  );

  routes.get(
    '/wom-players/:womId',
    {
      schema: {
        tags: ['admin'],
        description:
          'The name Wise Old Man has for a player id, for the Add Member form to show before saving; ' +
          '400 when WOM has no such player, 503 when WOM cannot be reached.',
        params: memberParamsSchema,
        response: { 200: womPlayerCheckSchema, 400: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => checkWomPlayer(deps.gateway, request.params.womId),
  );

  routes.post(
    '/members',
    {
      schema: {
        tags: ['admin'],
        description:
          'Adds a member by hand. The WOM id is checked with Wise Old Man first: 400 when WOM has no ' +
          'such player; saved unchecked when WOM cannot be reached.',
        body: createMemberInputSchema,
        response: { 201: adminMemberSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMember(deps, request.body, requestActor(request))),
  );

  routes.patch(
    '/members/:womId',
    {
      schema: {
        tags: ['admin'],
        params: memberParamsSchema,
        body: updateMemberInputSchema,
        response: { ...memberAnswers, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => updateMember(deps, request.params.womId, request.body, requestActor(request)),
  );

  routes.delete(
    '/members/:womId',
    {
      schema: {
        tags: ['admin'],
        params: memberParamsSchema,
        response: { 204: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteMember(deps, request.params.womId, requestActor(request));
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/members/:womId/restore',
    { schema: { tags: ['admin'], params: memberParamsSchema, response: memberAnswers } },
    async (request) => restoreMember(deps, request.params.womId, requestActor(request)),
  );

  routes.post(
    '/members/:womId/points',
    {
      schema: {
        tags: ['admin'],
        description:
          "One of the clan's +N buttons (+2, +5, +10, +15 unless changed) with an optional reason, " +
          'booked as an award in the open season that can be undone.',
        params: memberParamsSchema,
        body: awardPointsInputSchema,
        response: { ...memberAnswers, 400: errorResponseSchema },
      },
    },
    async (request) => addPoints(deps, request.params.womId, request.body, requestActor(request)),
  );

  routes.post(
    '/members/:womId/points/:pointId/undo',
    {
      schema: {
        tags: ['admin'],
        description:
          'Undoes an award of the points buttons with a reversing ledger row, audited; 409 when it is ' +
          'not such an award, was already undone, belongs to a closed season, or would take the ' +
          'score below 0.',
        params: pointsEntryParamsSchema,
        response: { ...memberAnswers, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => undoPoints(deps, request.params.womId, request.params.pointId, requestActor(request)),
  );

  routes.post(
    '/members/:womId/visibility',
    {
      schema: {
        tags: ['admin'],
        params: memberParamsSchema,
        body: visibilityInputSchema,
        response: memberAnswers,
      },
    },
    async (request) => setVisibility(deps, request.params.womId, request.body.hidden, requestActor(request)),
  );

  routes.post(
    '/members/:womId/rank',
    {
      schema: { tags: ['admin'], params: memberParamsSchema, body: rankInputSchema, response: memberAnswers },
    },
    async (request) => setRank(deps, request.params.womId, request.body.role, requestActor(request)),
  );

  routes.post(
    '/members/:womId/whitelist',
    {
      schema: {
        tags: ['admin'],
        params: memberParamsSchema,
        body: whitelistInputSchema,
        response: memberAnswers,
      },
    },
    async (request) =>
      whitelistMember(deps, request.params.womId, request.body.reason, requestActor(request)),
  );

  // A POST action like whitelist, restore and visibility (DESIGN §5.1), not DELETE .../whitelist:
  // the reason is a body, and a DELETE's body is dropped by some proxies and clients.
  routes.post(
    '/members/:womId/unwhitelist',
    {
      schema: {
        tags: ['admin'],
        description:
          'Takes a member off the player-watch whitelist, with a reason kept in the audit log; ' +
          'a reported member is an alert again. 409 when the member is not whitelisted.',
        params: memberParamsSchema,
        body: unwhitelistInputSchema,
        response: { ...memberAnswers, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) =>
      unwhitelistMember(deps, request.params.womId, request.body.reason, requestActor(request)),
  );

  routes.get(
    '/members/:womId/points',
    {
      schema: {
        tags: ['admin'],
        description:
          "A page of the member's points ledger in the open season, newest first, with the event " +
          'or admin behind each row.',
        params: memberParamsSchema,
        querystring: z.object(pageQueryShape),
        response: { 200: pointsHistorySchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => memberPointsHistory(deps.db, request.params.womId, request.query),
  );
}
