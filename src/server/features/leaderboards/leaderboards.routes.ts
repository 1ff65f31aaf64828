import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { leaderboardsSchema } from '#core/leaderboards/leaderboards.schema.ts';
import type { Database } from '../../db/schema.ts';
import { cacheByRevision } from '../../db/revisions.ts';
import { prebuildJson, sendPrebuilt } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { getLeaderboards } from './leaderboards.service.ts';

export async function leaderboardsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; publicReads: PublicReads },
): Promise<void> {
  const boards = cacheByRevision(deps.db, async () =>
    prebuildJson(leaderboardsSchema, await getLeaderboards(deps.db)),
  );
  app.get(
    '/api/leaderboards',
    { schema: { tags: ['public'], response: { 200: leaderboardsSchema } } },
    async (request, reply) => sendPrebuilt(request, reply, await boards()),
  );
  deps.publicReads.add('/api/leaderboards', withoutQuery(boards.ready));
}
