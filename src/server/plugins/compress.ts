import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from '#core/http/accept-encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing costs more than the bytes it saves. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/)/;

/**
 * Compresses answers that are built per request (admin, account, documents) on the fly; prebuilt
 * public bodies arrive already encoded and pass untouched. Runs after the ETag hook, so a body has
 * one tag whatever its encoding.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) {
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (bytes.length < MIN_BYTES) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    // Quality 4 brotli: most of the saving at a fraction of the CPU of the highest settings.
    return encoding === 'br'
      ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipAsync(bytes, { level: 6 });
  });
}
