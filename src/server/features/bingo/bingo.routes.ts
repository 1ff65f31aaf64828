import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  BINGO_LIMITS,
  addTileInputSchema,
  adminBingoExtrasSchema,
  bingoTemplateSchema,
  createBingoInputSchema,
  myBingoSchema,
  refereesInputSchema,
  templateInputSchema,
} from '#core/bingo/bingo.schema.ts';
import { pointBatchSchema } from '#core/members/point-batches.schema.ts';
import { bingoBoardSchema } from '#core/bingo/board-view.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { serialIdSchema, womPlayerIdSchema } from '#core/http/params.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { knownRevisionKey, readRevisionKey } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt, writePrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { DINK_MAX_BODY_BYTES, DINK_MAX_IMAGE_BYTES } from '#core/dink/receiver-limits.ts';
import {
  SUBMISSION_MESSAGES,
  SUBMISSION_NOTE_MAX,
  SUBMISSION_STATUSES,
  decisionInputSchema,
  submissionSchema,
} from '#core/bingo/submissions.schema.ts';
import { badRequest } from '../../http/http-error.ts';
import { requireSignedIn, signedInUser } from '../../http/signed-in.ts';
import { requestActor } from '../audit/request-actor.ts';
import type { ImageCaps } from '../dink/dink-inbox.repository.ts';
import { readImageForm, type DinkImage, type ImageFormSpec } from '../dink/dink-upload.ts';
import {
  decideSubmission,
  listSubmissions,
  ownSubmissions,
  submissionBoard,
  submissionScreenshot,
  submitProof,
} from './bingo-submissions.service.ts';
import { canReferee, myBoard, setSignup } from './bingo-members.service.ts';
import { sendScreenshot } from '../dink/dink-images.routes.ts';
import { characterPagesCache } from '../members/character-cache.ts';
import { readBoardView } from './bingo-progress.ts';
import { balanceMembers, createBoard, listBoards, updateBoard } from './bingo.service.ts';
import {
  addTile,
  adminExtras,
  bookBoardPoints,
  deleteBoard,
  deleteTemplate,
  listTemplates,
  saveTemplate,
  setReferees,
} from './bingo-admin.service.ts';

const queueQuerySchema = z.object({
  status: z.enum(SUBMISSION_STATUSES).optional(),
  after: serialIdSchema.optional(),
});

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

/** A submission's form: a note and one screenshot, as the board's page sends it. */
const SUBMISSION_FORM: ImageFormSpec = {
  textField: 'note',
  textRequired: false,
  limits: {
    parts: 2,
    fields: 1,
    files: 1,
    fieldNameSize: 100,
    fieldSize: SUBMISSION_NOTE_MAX * 4,
    fileSize: DINK_MAX_IMAGE_BYTES,
    headerPairs: 8,
    headerSize: 4 * 1024,
  },
  maxBodyBytes: DINK_MAX_BODY_BYTES,
  messages: {
    bodySize: SUBMISSION_MESSAGES.bodySize,
    textSize: SUBMISSION_MESSAGES.noteTooLong,
    parts: SUBMISSION_MESSAGES.formParts,
    missingText: SUBMISSION_MESSAGES.noteTooLong,
  },
};

/** A parsed submission form; private fields, so request hooks do not walk the image's bytes. */
class SubmissionForm {
  readonly #note: string;
  readonly #image: DinkImage | null;
  constructor(note: string, image: DinkImage | null) {
    this.#note = note;
    this.#image = image;
  }
  get note(): string {
    return this.#note;
  }
  get image(): DinkImage | null {
    return this.#image;
  }
}

/**
 * The public boards (issue 31): the list and each board, prebuilt per data revision; and, for a
 * signed-in member of a team, a proof for a tile and their own submissions.
 */
export async function bingoRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; imageCaps: ImageCaps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', (request, body, done) => {
      readImageForm(body, request.headers['content-type'] ?? '', SUBMISSION_FORM).then(
        ({ text, image }) => {
          const note = (text ?? '').trim();
          if (note.length > SUBMISSION_NOTE_MAX) return done(badRequest(SUBMISSION_MESSAGES.noteTooLong));
          done(null, new SubmissionForm(note, image));
        },
        (error: Error) => done(error),
      );
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bingo/:id/tiles/:tileId/submissions',
      {
        bodyLimit: DINK_MAX_BODY_BYTES,
        onRequest: requireSignedIn(),
        schema: {
          tags: ['account'],
          description:
            "A member's proof for a tile: multipart `note` (at most 500 characters) and `file` (PNG or JPEG, at most 8 MB); 10 an hour per account.",
          params: z.object({ id: serialIdSchema, tileId: serialIdSchema }),
          response: {
            201: submissionSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!(request.body instanceof SubmissionForm)) throw badRequest(SUBMISSION_MESSAGES.needsScreenshot);
        const submission = await submitProof(
          deps,
          {
            boardId: request.params.id,
            tileId: request.params.tileId,
            userId: signedInUser(request).id,
            note: request.body.note,
            image: request.body.image,
          },
          requestActor(request),
        );
        return reply.code(201).send(submission);
      },
    );
  });

  routes.get(
    '/api/me/bingo/:id',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['account'],
        description: "The signed-in member's team on a board, the codeword once it runs, and their sign-ups.",
        params: z.object({ id: serialIdSchema }),
        response: { 200: myBingoSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => myBoard(deps.db, request.params.id, signedInUser(request), deps.clock.now()),
  );

  for (const [method, signedUp] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const)
    routes.route({
      method,
      url: '/api/bingo/:id/signups/:womId',
      onRequest: requireSignedIn(),
      schema: {
        tags: ['account'],
        description: signedUp
          ? "Puts a character the member claimed on the board's sign-up list, before it starts."
          : 'Takes the character off the sign-up list.',
        params: z.object({ id: serialIdSchema, womId: womPlayerIdSchema }),
        response: {
          200: myBingoSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      handler: async (request) =>
        setSignup(deps, request.params.id, signedInUser(request), request.params.womId, signedUp),
    });

  routes.get(
    '/api/bingo/:id/queue',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['account'],
        description:
          "The referee queue for the board's admins and referees: its submissions, oldest first, 20 at a time after the id `after`.",
        params: z.object({ id: serialIdSchema }),
        querystring: queueQuerySchema,
        response: { 200: z.array(submissionSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      if (!(await canReferee(deps.db, request.params.id, signedInUser(request)))) throw forbidden();
      return listSubmissions(deps.db, request.params.id, request.query);
    },
  );

  routes.patch(
    '/api/bingo/:id/queue/:submissionId',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['account'],
        description: "A referee's decision on one of the board's submissions; audited.",
        params: z.object({ id: serialIdSchema, submissionId: serialIdSchema }),
        body: decisionInputSchema,
        response: {
          200: submissionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id, submissionId } = request.params;
      if (!(await canReferee(deps.db, id, signedInUser(request)))) throw forbidden();
      if ((await submissionBoard(deps.db, submissionId)) !== id) throw notFound(SUBMISSION_MESSAGES.notFound);
      return decideSubmission(deps, submissionId, request.body, requestActor(request));
    },
  );

  for (const size of ['full', 'thumbnail'] as const)
    routes.get(
      size === 'full'
        ? '/api/bingo/submissions/:id/screenshot'
        : '/api/bingo/submissions/:id/screenshot/thumbnail',
      {
        onRequest: requireSignedIn(),
        schema: {
          tags: ['account'],
          description:
            "A submission's screenshot, for the member who sent it, the admins and the board's referees.",
          params: z.object({ id: serialIdSchema }),
        },
      },
      async (request, reply) => {
        const bytes = await submissionScreenshot(deps.db, request.params.id, signedInUser(request), size);
        if (!bytes) throw notFound('No such screenshot');
        return sendScreenshot(reply, `bingo-${size}-${request.params.id}`, bytes).header(
          'cache-control',
          'private, no-store',
        );
      },
    );

  routes.get(
    '/api/me/bingo/submissions',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['account'],
        description: "The member's own proofs, newest first, 20 at a time before the id `before`.",
        querystring: z.object({ before: serialIdSchema.optional() }),
        response: { 200: z.array(submissionSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ownSubmissions(deps.db, signedInUser(request).id, request.query.before),
  );

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
      // A board built for the data as this process knows it goes out at once, before validation, the
      // handler and the send hooks (most of a cached answer's cost); anything else goes on.
      onRequest: (request, reply, done) => {
        if (request.method !== 'GET') return done();
        const key = knownRevisionKey(deps.db);
        // Not validated yet: the path's text, which matches only an id as the handler writes it.
        const body = key === null ? undefined : boards.ready(key, String(request.params.id));
        if (!body) return done();
        reply.hijack();
        writePrebuilt(request.raw, reply.raw, body, 200);
      },
      schema: {
        tags: ['public'],
        params: z.object({ id: serialIdSchema }),
        response: { 200: bingoBoardSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const key = await readRevisionKey(deps.db);
      const body = await boards(key, String(id), async () => {
        const board = await readBoardView(deps.db, id);
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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/bingo/:id/submissions',
    {
      schema: {
        tags: ['admin'],
        description:
          "The referee queue: a board's submissions, oldest first, 20 at a time after the id `after`.",
        params: z.object({ id: serialIdSchema }),
        querystring: queueQuerySchema,
        response: { 200: z.array(submissionSchema), 400: errorResponseSchema },
      },
    },
    async (request) => listSubmissions(deps.db, request.params.id, request.query),
  );

  app.withTypeProvider<ZodTypeProvider>().patch(
    '/bingo/submissions/:id',
    {
      schema: {
        tags: ['admin'],
        description: "A referee's decision: approved, denied with a reason, or pending again; audited.",
        params: z.object({ id: serialIdSchema }),
        body: decisionInputSchema,
        response: { 200: submissionSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => decideSubmission(deps, request.params.id, request.body, requestActor(request)),
  );

  const admin = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: serialIdSchema });

  admin.get(
    '/bingo/templates',
    {
      schema: {
        tags: ['admin'],
        description: 'Saved board layouts, newest first (at most 50).',
        response: { 200: z.array(bingoTemplateSchema) },
      },
    },
    async () => listTemplates(deps.db),
  );
  admin.post(
    '/bingo/templates',
    {
      schema: {
        tags: ['admin'],
        description: "Saves a board's layout (size, bonuses, review, codeword and tiles) under a name.",
        body: templateInputSchema,
        response: {
          201: bingoTemplateSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveTemplate(deps, request.body, requestActor(request))),
  );
  admin.delete(
    '/bingo/templates/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 204: z.null(), 404: errorResponseSchema } } },
    async (request, reply) => {
      await deleteTemplate(deps, request.params.id, requestActor(request));
      return reply.code(204).send(null);
    },
  );

  admin.get(
    '/bingo/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'A board as its admins see it: the public board with its codeword, referees and sign-ups.',
        params: idParams,
        response: {
          200: bingoBoardSchema.extend(adminBingoExtrasSchema.shape),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const view = await readBoardView(deps.db, request.params.id, 'admin');
      if (!view) throw notFound('No such board');
      return { ...view, ...(await adminExtras(deps.db, request.params.id, deps.clock.now())) };
    },
  );
  admin.put(
    '/bingo/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'Changes a board wholly (the same body as creating one), only until it starts.',
        params: idParams,
        body: createBingoInputSchema,
        response: {
          200: bingoBoardSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => updateBoard(deps, request.params.id, request.body, requestActor(request)),
  );
  admin.delete(
    '/bingo/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 204: z.null(), 404: errorResponseSchema } } },
    async (request, reply) => {
      await deleteBoard(deps, request.params.id, requestActor(request));
      return reply.code(204).send(null);
    },
  );
  admin.post(
    '/bingo/:id/tiles',
    {
      schema: {
        tags: ['admin'],
        description:
          'Adds a tile to a free cell, until the board ends (after its start, the only change it takes).',
        params: idParams,
        body: addTileInputSchema,
        response: {
          201: bingoBoardSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addTile(deps, request.params.id, request.body, requestActor(request))),
  );
  admin.put(
    '/bingo/:id/referees',
    {
      schema: {
        tags: ['admin'],
        description: "Sets the board's referees by username: each may decide its proofs.",
        params: idParams,
        body: refereesInputSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await setReferees(deps, request.params.id, request.body.usernames, requestActor(request));
      return reply.code(204).send(null);
    },
  );
  admin.post(
    '/bingo/:id/points',
    {
      schema: {
        tags: ['admin'],
        description:
          "Books a finished board's clan points by team placement, in one award that can be undone.",
        params: idParams,
        response: { 201: pointBatchSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bookBoardPoints(deps, request.params.id, requestActor(request))),
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
