import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupParamsSchema, backupsSchema, isBackupStale } from '#core/backups/backups.schema.ts';
import { notFound } from '../../http/http-error.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { listBackups } from './backup-folder.ts';

/** The Sync tab's Backups: the scheduled backups with size and age, each downloadable by an admin. */
export async function backupsRoutes(app: FastifyInstance, deps: AdminRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const backups = () => listBackups({ database: deps.config.database, backups: deps.config.backups });

  routes.get('/backups', { schema: { tags: ['admin'], response: { 200: backupsSchema } } }, async () => {
    const listed = backups().flatMap((backup) => {
      try {
        const { size } = statSync(join(deps.config.backups.dir, backup.name));
        return [{ name: backup.name, bytes: size, taken_at: backup.at.toISOString() }];
      } catch {
        // Deleted by the retention meanwhile: not listed.
        return [];
      }
    });
    const newest = listed[0];
    return {
      backups: listed,
      stale: isBackupStale(newest ? new Date(newest.taken_at) : null, deps.clock.now()),
    };
  });

  routes.get(
    '/backups/:name',
    {
      schema: {
        tags: ['admin'],
        description: 'Downloads one scheduled backup; only a name the list holds is served.',
        params: backupParamsSchema,
      },
    },
    async (request, reply) => {
      // Only names read from the folder: a path in the name can never reach another file.
      const backup = backups().find((candidate) => candidate.name === request.params.name);
      if (!backup) throw notFound('No such backup');
      const path = join(deps.config.backups.dir, backup.name);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${backup.name}"`)
        .header('content-length', String(statSync(path).size))
        .send(createReadStream(path));
    },
  );
}
