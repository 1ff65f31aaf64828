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
  submitProof,
} from './bingo-submissions.service.ts';
import { characterPagesCache } from '../members/character-cache.ts';
import { readBoardView } from './bingo-progress.ts';
import { balanceMembers, createBoard, listBoards } from './bingo.service.ts';

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
    '/api/me/bingo/submissions',
    {
      onRequest: requireSignedIn(),
      schema: { tags: ['account'], response: { 200: z.array(submissionSchema), 401: errorResponseSchema } },
    },
    async (request) => ownSubmissions(deps.db, signedInUser(request).id),
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
      schema: {
        tags: ['public'],
        params: z.object({ id: serialIdSchema }),
        response: { 200: bingoBoardSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = await boards(await readRevisionKey(deps.db), String(id), async () => {
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
        querystring: z.object({
          status: z.enum(SUBMISSION_STATUSES).optional(),
          after: serialIdSchema.optional(),
        }),
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
