import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { preferredEncoding, type BodyEncoding } from '#core/http/accept-encoding.ts';
import { etagOf } from '../plugins/etag.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body kept as the bytes each encoding sends, with its ETag, built once per revision. */
export interface PrebuiltBody {
  contentType: string;
  etag: string;
  plain: Buffer;
  encoded: Record<BodyEncoding, Buffer>;
}

/**
 * Compresses off the event loop (zlib's thread pool). Brotli quality 9 stays within tens of
 * milliseconds for a 2,000-member roster while coming within a few per cent of quality 11.
 */
export async function prebuildBody(
  body: string | Buffer,
  contentType = 'application/json; charset=utf-8',
): Promise<PrebuiltBody> {
  const plain = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipAsync(plain, { level: 9 }),
  ]);
  return { contentType, etag: etagOf(plain), plain, encoded: { br, gzip: gz } };
}

/** A JSON body checked against its response schema once, when built, rather than per request. */
export function prebuildJson<S extends z.ZodType>(schema: S, value: z.input<S>): Promise<PrebuiltBody> {
  return prebuildBody(JSON.stringify(schema.parse(value)));
}

/** True when an `If-None-Match` header names these bytes (weak or strong, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** True when the request already holds these bytes. */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  return etagMatches(request.headers['if-none-match'], etag);
}

/**
 * Sends prebuilt bytes as they are: a 304 when the browser has them (for a 200 answer), otherwise the best encoding it
 * accepts. Nothing is serialised, hashed or compressed per request.
 */
export function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, body: PrebuiltBody): FastifyReply {
  reply.header('vary', 'Accept-Encoding').header('etag', body.etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  if (reply.statusCode === 200 && matchesEtag(request, body.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.type(body.contentType);
  if (encoding === null) return reply.send(body.plain);
  return reply.header('content-encoding', encoding).send(body.encoded[encoding]);
}

type Encoding = BodyEncoding | 'plain';

/** Each body's headers per answer, built on its first early answer: a request only picks one. */
interface EarlyHeaders {
  notModified: Record<string, string>;
  full: Record<Encoding, Record<string, string | number>>;
}

const earlyHeaders = new WeakMap<PrebuiltBody, EarlyHeaders>();

function earlyHeadersOf(body: PrebuiltBody): EarlyHeaders {
  let headers = earlyHeaders.get(body);
  if (headers) return headers;
  const common = { vary: 'Accept-Encoding', etag: body.etag, 'cache-control': 'no-cache' };
  const full = (bytes: Buffer, encoding?: BodyEncoding) => ({
    ...common,
    'content-type': body.contentType,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': bytes.length,
  });
  headers = {
    notModified: common,
    full: { plain: full(body.plain), br: full(body.encoded.br, 'br'), gzip: full(body.encoded.gzip, 'gzip') },
  };
  earlyHeaders.set(body, headers);
  return headers;
}

/** Browsers send a handful of distinct `Accept-Encoding` headers: each is parsed once. */
const encodingByHeader = new Map<string, Encoding>();
const ENCODING_HEADERS_KEPT = 64;

function encodingFor(header: string | undefined): Encoding {
  if (header === undefined) return 'plain';
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = preferredEncoding(header) ?? 'plain';
    if (encodingByHeader.size < ENCODING_HEADERS_KEPT) encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/**
 * `sendPrebuilt` straight onto the socket's response, for an answer given before the framework's
 * hooks (public-reads.ts): the same status, headers and bytes.
 */
export function writePrebuilt(
  request: IncomingMessage,
  response: ServerResponse,
  body: PrebuiltBody,
  status: number,
): void {
  const headers = earlyHeadersOf(body);
  if (status === 200 && etagMatches(request.headers['if-none-match'], body.etag)) {
    response.writeHead(304, headers.notModified).end();
    return;
  }
  const encoding = encodingFor(request.headers['accept-encoding']);
  response
    .writeHead(status, headers.full[encoding])
    .end(encoding === 'plain' ? body.plain : body.encoded[encoding]);
}
