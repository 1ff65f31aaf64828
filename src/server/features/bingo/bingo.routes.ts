import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { BINGO_LIMITS, createBingoInputSchema } from '#core/bingo/bingo.schema.ts';
import { bingoBoardSchema } from '#core/bingo/board-view.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { serialIdSchema, womPlayerIdSchema } from '#core/http/params.schema.ts';
import type { Clock } from '../../clock.ts';
import { readRevisionKey } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { requestActor } from '../audit/request-actor.ts';
import { characterPagesCache } from '../members/character-cache.ts';
import { balanceMembers, bingoBoard, createBoard, listBoards } from './bingo.service.ts';

/** Boards' public answers held at once; each is rebuilt when a revision moves. */
const CACHED_BOARDS = 20;

const boardListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.enum(['upcoming', 'running', 'finished']),
    }),
  ),
});

/** The public boards (issue 31): the list and each board, prebuilt per data revision. */
export async function bingoRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const boards = characterPagesCache<PrebuiltBody>(CACHED_BOARDS);

  routes.get(
    '/api/bingo',
    {
      schema: {
        tags: ['public'],
        description: 'Bingo boards, newest first, 20 at a time before the id `before`.',
        querystring: z.object({ before: serialIdSchema.optional() }),
        response: { 200: boardListSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listBoards(deps.db, deps.clock.now(), request.query.before),
  );

  routes.get(
    '/api/bingo/:id',
    {
      schema: {
        tags: ['public'],
        params: z.object({ id: serialIdSchema }),
        response: { 200: bingoBoardSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await boards(await readRevisionKey(deps.db), String(id), async () => {
        const board = await bingoBoard(deps.db, id);
        return board === null ? null : prebuildJson(bingoBoardSchema, board);
      });
      if (body === null) throw notFound('No such board');
      return sendPrebuilt(request, reply, body);
    },
  );
}

const balanceInputSchema = z.object({
  members: z
    .array(womPlayerIdSchema)
    .min(1)
    .max(BINGO_LIMITS.teams * BINGO_LIMITS.membersPerTeam),
  teams: z.number().int().min(2).max(BINGO_LIMITS.teams),
});

const balancedSchema = z.array(
  z.object({ total: z.number(), members: z.array(z.object({ wom_id: z.string(), name: z.string() })) }),
);

/** Creating a board (issue 31's contract): 201 with the board, 400 naming the bad field. */
export async function adminBingoRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/bingo/balance',
    {
      schema: {
        tags: ['admin'],
        description: "Splits the chosen members into teams of near-equal EHB + EHP, with each team's total.",
        body: balanceInputSchema,
        response: { 200: balancedSchema, 400: errorResponseSchema },
      },
    },
    async (request) => balanceMembers(deps.db, request.body.members, request.body.teams),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/bingo',
    {
      schema: {
        tags: ['admin'],
        body: createBingoInputSchema,
        response: { 201: bingoBoardSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBoard(deps, request.body, requestActor(request))),
  );
}
