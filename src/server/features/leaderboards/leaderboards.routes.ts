import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { leaderboardsSchema } from '#core/leaderboards/leaderboards.schema.ts';
import type { Database } from '../../db/schema.ts';
import { getLeaderboards } from './leaderboards.service.ts';

export async function leaderboardsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database> },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/leaderboards',
      { schema: { tags: ['public'], response: { 200: leaderboardsSchema } } },
      async () => getLeaderboards(deps.db),
    );
}
