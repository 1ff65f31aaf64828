import type { FastifyInstance } from 'fastify';
import { ICON_FILES, ICON_PATH } from '#core/metrics/metric-icons.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../http/http-error.ts';
import { createIconService } from './icons.service.ts';

/**
 * Icon names are not fingerprinted, but a name's bytes never change once the site has them (they
 * are fetched once and kept), so browsers may keep them a week and then revalidate by ETag (a 304).
 * Not `immutable`: an operator who clears the cache for another icon set sees it within the week.
 */
const ICON_CACHE_CONTROL = 'public, max-age=604800';

/**
 * `GET /icons/<file>`: the game icons of the core mapping, served by the site itself so visitors
 * never contact the icon host. Any other name, and an icon that cannot be had, is a 404. The web
 * app's own files under /icons/ (the default game icon, the site icons) are static routes, which the
 * router prefers to this one.
 */
export async function iconsRoutes(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'iconBaseUrl' | 'iconCacheDir'>; clock: Clock },
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
}
