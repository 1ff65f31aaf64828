import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ICON_MANIFEST_PATH } from '#core/metrics/icon-manifest.ts';
import { ICON_FILES, ICON_PATH } from '#core/metrics/metric-icons.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import { lastBuiltByKey } from '../../db/revisions.ts';
import { notFound } from '../../http/http-error.ts';
import { prebuildJson, sendPrebuilt, type PrebuiltBody } from '../../http/prebuilt-body.ts';
import { withoutQuery, type PublicReads } from '../../http/public-reads.ts';
import { createIconService, FAILURE_MEMORY_MS } from './icons.service.ts';

/**
 * Icon names are not fingerprinted, but a name's bytes never change once the site has them (they
 * are fetched once and kept), so browsers may keep them a week and then revalidate by ETag (a 304).
 * Not `immutable`: an operator who clears the cache for another icon set sees it within the week.
 */
const ICON_CACHE_CONTROL = 'public, max-age=604800';

const manifestSchema = z.array(z.string());

/**
 * `GET /icons/<file>`: the game icons of the core mapping, served by the site itself so visitors
 * never contact the icon host. Any other name, and an icon that cannot be had, is a 404. The web
 * app's own files under /icons/ (the default game icon, the site icons) are static routes, which the
 * router prefers to this one.
 *
 * `GET /api/icons`: the icons held, which pages consult before asking for one. A listening site
 * loads them all at once (from disk, else from the upstream) and, while some are missing, tries again
 * after the failure memory; a test app that only injects requests fetches nothing unasked.
 */
export async function iconsRoutes(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'iconBaseUrl' | 'iconCacheDir'>; clock: Clock; publicReads: PublicReads },
): Promise<void> {
  const icons = createIconService({
    baseUrl: deps.config.iconBaseUrl,
    cacheDir: deps.config.iconCacheDir,
    clock: deps.clock,
    log: app.log,
  });

  app.get<{ Params: { file: string } }>(
    `${ICON_PATH}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const icon = ICON_FILES.has(file) ? await icons.get(file) : null;
      if (!icon) {
        // The upstream may answer later: the browser asks again next time.
        reply.header('cache-control', 'no-cache');
        throw notFound();
      }
      reply.header('cache-control', ICON_CACHE_CONTROL).header('etag', icon.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === icon.etag)) {
        return reply.code(304).send();
      }
      return reply.type('image/png').send(icon.body);
    },
  );

  // Icons are only ever added, so how many are held names the list's version.
  const manifest = lastBuiltByKey<PrebuiltBody>();
  const version = () => String(icons.held().size);
  const manifestBody = () =>
    manifest(version(), () => prebuildJson(manifestSchema, [...icons.held()].sort()));
  app.get(
    ICON_MANIFEST_PATH,
    {
      schema: {
        tags: ['public'],
        description:
          'The game icons the site holds, by file name under /icons/: any other answers 404 and shows its fallback.',
        response: { 200: manifestSchema },
      },
    },
    async (request, reply) => sendPrebuilt(request, reply, await manifestBody()),
  );
  deps.publicReads.add(
    ICON_MANIFEST_PATH,
    withoutQuery(() => manifest.ready(version())),
  );

  let closed = false;
  let again: NodeJS.Timeout | undefined;
  const warmAll = async () => {
    await icons.warm(ICON_FILES);
    if (!closed && icons.held().size < ICON_FILES.size) {
      again = setTimeout(() => void warmAll(), FAILURE_MEMORY_MS).unref();
    }
  };
  app.addHook('onListen', async () => {
    void warmAll();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(again);
  });
}
