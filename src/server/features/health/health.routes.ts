import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '#core/health/health.schema.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { currentMigration } from '../../db/migrator.ts';
import { lastSuccessfulSync } from './health.repository.ts';

export async function healthRoutes(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['meta'], response: { 200: healthResponseSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          status: 'ok' as const,
          database: { dialect: database.dialect, migration: await currentMigration(database) },
          last_wom_sync: await lastSuccessfulSync(database.db),
        };
      },
    );
}
