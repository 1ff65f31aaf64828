import type { FastifyRequest } from 'fastify';
import { clientNetworkOf } from '#core/auth/client-network.ts';

/**
 * What the client counts as in every per-address limit: the address Fastify read (the socket's, or
 * the one a trusted proxy forwarded) however it was written, an IPv6 client's /64, and anything that
 * is no address in one shared bucket.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  // Fastify's type says string, but the socket's address is undefined once the client has gone.
  const ip: string | undefined = request.ip;
  return clientNetworkOf(ip ?? '');
}
