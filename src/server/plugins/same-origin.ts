import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]`, with the scheme's default port left out; null when it is no origin. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for cookie sessions: a browser always sends Origin (and Sec-Fetch-Site) with a
 * cross-site POST, so a mutation whose Origin is not this site's scheme and host is refused; the
 * scheme counts, so a page on plain http cannot post to the https site. Behind a trusted proxy the
 * request's scheme and host are the ones the proxy forwards. Scripts without an Origin header are not
 * browsers and carry no victim's cookie. Bodies must be JSON, which a cross-site form cannot send
 * without a preflight.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'CROSS_ORIGIN');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const expected = originOf(`${request.protocol}://${request.host}`);
    if (expected === null || originOf(origin) !== expected) throw new HttpError(403, 'CROSS_ORIGIN');
  });
}
