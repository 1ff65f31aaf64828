import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The ETag of a response body: its content hash, the same on every instance. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Content-hash ETags on API reads: a browser that already has the bytes gets 304 and no body. A
 * route that serves a cached body sets its tag itself, so the body is not hashed again.
 */
export function registerETags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !request.url.startsWith('/api/')) {
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const preset = reply.getHeader('etag');
    const etag = typeof preset === 'string' ? preset : etagOf(payload);
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
