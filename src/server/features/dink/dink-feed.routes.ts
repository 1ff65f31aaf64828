import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  FEED_PAGE_SIZE,
  characterDinkSchema,
  feedPageSchema,
  feedQuerySchema,
  lootBoardSchema,
  personalBestBoardSchema,
  personalBestsQuerySchema,
} from '#core/dink/dink.schema.ts';
import { isMomentKind } from '#core/dink/moment-kinds.ts';
import { errorResponseSchema } from '#core/errors.ts';
import { playerQuerySchema } from '#core/wom/wom-data.schema.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevision, cacheVariantsByRevision } from '../../db/revisions.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { readCharacterDink, readFeedPage, readLootBoard, readPersonalBests } from './dink-feed.repository.ts';

export interface DinkFeedDeps {
  db: Kysely<Database>;
  publicReads: PublicReads;
}

const TAGS = ['dink'];

/**
 * The public reads built from Dink: the Clan Feed, the personal-best and loot boards, a character's
 * moments. The feed's first page of each kind and the boards are built once per revision; deeper
 * pages and one member's moments are read when asked (an index range each).
 */
export async function dinkFeedRoutes(app: FastifyInstance, deps: DinkFeedDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Keyed by kind ('' for all): a dozen small bodies at most.
  const firstPages = cacheVariantsByRevision(db, (kind) =>
    readFeedPage(db, {
      limit: FEED_PAGE_SIZE,
      ...(isMomentKind(kind) ? { kind } : {}),
    }).then((page) => prebuildJson(feedPageSchema, page)),
  );
  const defaultBoard = cacheByRevision(db, () =>
    readPersonalBests(db, {}).then((board) => prebuildJson(personalBestBoardSchema, board)),
  );
  const lootBoard = cacheByRevision(db, () =>
    readLootBoard(db).then((board) => prebuildJson(lootBoardSchema, board)),
  );

  routes.get(
    '/api/feed',
    {
      schema: {
        tags: TAGS,
        description:
          'The Clan Feed: public moments, newest first, `limit` at a time from `cursor` (the `next_cursor` of the page before), optionally of one `kind` (the Dink type in lower case) or one member (`wom_id`).',
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor, kind, wom_id } = request.query;
      if (limit === FEED_PAGE_SIZE && cursor === undefined && wom_id === undefined) {
        return sendPrebuilt(request, reply, await firstPages(kind ?? ''));
      }
      return readFeedPage(db, { limit, cursor, kind, wom_id });
    },
  );

  routes.get(
    '/api/personal-bests',
    {
      schema: {
        tags: TAGS,
        description:
          'The personal-best board of a boss and team size, best time first, with every boss and team size on record.',
        querystring: personalBestsQuerySchema,
        response: { 200: personalBestBoardSchema },
      },
    },
    async (request, reply) => {
      const { boss, team_size } = request.query;
      if (boss === undefined && team_size === undefined)
        return sendPrebuilt(request, reply, await defaultBoard());
      return readPersonalBests(db, { boss, team_size });
    },
  );

  routes.get(
    '/api/loot-board',
    {
      schema: {
        tags: TAGS,
        description: "The open season's total value of drops per member, highest first.",
        response: { 200: lootBoardSchema },
      },
    },
    async (request, reply) => sendPrebuilt(request, reply, await lootBoard()),
  );

  routes.get(
    '/api/character-dink',
    {
      schema: {
        tags: TAGS,
        description:
          "What a character's page shows from the game: collection-log progress, pets and the latest public moments.",
        querystring: playerQuerySchema,
        response: { 200: characterDinkSchema, 400: errorResponseSchema },
      },
    },
    async (request) => readCharacterDink(db, request.query.id),
  );

  deps.publicReads.add('/api/feed', (query) => {
    if (query === '') return firstPages.ready('');
    const kind = /^kind=([a-z_]+)$/.exec(query)?.[1];
    return kind !== undefined && isMomentKind(kind) ? firstPages.ready(kind) : undefined;
  });
  deps.publicReads.add('/api/personal-bests', withoutQuery(defaultBoard.ready));
  deps.publicReads.add('/api/loot-board', withoutQuery(lootBoard.ready));
}
