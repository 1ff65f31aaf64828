import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Paths whose answers belong to one signed-in person: sessions, accounts, their claims and the
 * admin's data.
 */
const PRIVATE_PATH = /^\/api\/(?:admin|auth|me|users|claim-requests|claims)(?:\/|$)/;

/**
 * The path as the router understood it: the matched route's pattern, or the decoded path when no
 * route matched. The raw URL will not do: `/api/%61dmin/users` is routed to `/api/admin/users`.
 */
function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * `Cache-Control: no-store` on every answer under those paths, errors included, so no
 * browser or proxy cache keeps one user's account data for the next user of the machine.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (PRIVATE_PATH.test(routedPath(request))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
