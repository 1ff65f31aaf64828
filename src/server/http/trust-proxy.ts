import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.ts';

/**
 * Fastify's `trustProxy` for the configured setting. Fastify 5 ignores a bare hop count (it cannot
 * tell the proxy from a client that reaches the server directly), so hops are given as the function
 * it still accepts: the first `hops` peers, nearest first, are proxies whose headers are believed.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(setting)) return setting;
  if (setting === 0) return false;
  return (_address: string, hop: number) => hop < setting;
}
