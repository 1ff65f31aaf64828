import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a browser always sends Origin (and Sec-Fetch-Site) with a
 * cross-site POST, so a mutation whose Origin is another host is refused. Scripts without an Origin
 * header are not browsers and carry no victim's cookie. Bodies must be JSON, which a cross-site form
 * cannot send without a preflight.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'CROSS_ORIGIN');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new HttpError(403, 'CROSS_ORIGIN');
    }
    if (host !== request.host) throw new HttpError(403, 'CROSS_ORIGIN');
  });
}
