import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminDinkSchema, dinkThresholdsSchema } from '#core/dink/dink.schema.ts';
import { errorResponseSchema } from '#core/errors.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import { requestActor } from '../audit/request-actor.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { siteImageBytes, type ImageCaps } from './dink-inbox.repository.ts';
import { listAdminLinks } from './dink-links.repository.ts';
import { readDinkThresholds, saveDinkThresholds } from './dink-settings.repository.ts';

export interface AdminDinkDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
}

/** The dashboard's Dink tab: what counts as notable, screenshot storage, who has Dink connected. */
export async function adminDinkRoutes(app: FastifyInstance, deps: AdminDinkDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/dink',
    {
      schema: {
        tags: ['admin'],
        description:
          'The Dink thresholds, screenshot storage against its caps, and every member with Dink connected.',
        response: { 200: adminDinkSchema },
      },
    },
    async () => ({
      thresholds: await readDinkThresholds(deps.db),
      images: {
        used_bytes: await siteImageBytes(deps.db),
        site_cap_bytes: deps.imageCaps.siteBytes,
        member_cap_bytes: deps.imageCaps.memberBytes,
      },
      members: await listAdminLinks(deps.db),
    }),
  );

  routes.put(
    '/dink/settings',
    {
      schema: {
        tags: ['admin'],
        description: 'Sets what makes a moment notable: the minimum drop value, level and XP milestone.',
        body: dinkThresholdsSchema,
        response: { 200: dinkThresholdsSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const now = deps.clock.now();
      return deps.db.transaction().execute(async (trx) => {
        const before = await readDinkThresholds(trx);
        await saveDinkThresholds(trx, request.body, now.toISOString());
        await recordAudit(trx, {
          actor: requestActor(request),
          action: 'dink.settings',
          targetType: 'dink',
          targetId: null,
          before,
          after: request.body,
          at: now,
        });
        // The Dynamic Config that members' Dink downloads follows the new thresholds.
        await bumpRevision(trx, 'dink');
        return request.body;
      });
    },
  );
}
