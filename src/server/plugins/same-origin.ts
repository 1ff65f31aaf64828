import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { originOf, siteOrigin } from '../http/site-origin.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a browser always sends Origin (and Sec-Fetch-Site) with a
 * cross-site POST, so a mutation whose Origin is not the site's is refused; the scheme counts, so a
 * page on plain http cannot post to the https site. The site's origin is PUBLIC_URL's when it is set
 * (and then no other, whatever Host the request names); else the request's scheme and host, behind a
 * trusted proxy the ones the proxy forwards. Scripts without an Origin header are not browsers and
 * carry no victim's cookie. Bodies must be JSON, which a cross-site form cannot send without a
 * preflight.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'CROSS_ORIGIN');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const expected = siteOrigin(request);
    if (expected === null || originOf(origin) !== expected) throw new HttpError(403, 'CROSS_ORIGIN');
  });
}
