import type { ServerOptions } from 'node:http';
import type { Server } from 'node:net';
import { clientNetworkOf } from '#core/auth/client-network.ts';
import type { Config } from '../config.ts';

/** Headers are a few hundred bytes: a client still sending them after this long means to hold the connection. */
const HEADERS_TIMEOUT_CAP_MS = 10_000;

/**
 * A socket with no traffic either way for this long is closed: a client that stopped reading its
 * answer. Longer than a handler may stay silent waiting on Wise Old Man.
 */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;

export interface ServerTimeouts {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
}

/**
 * Fastify's timeouts for the configured limits. Fastify turns Node's request timeout off by
 * default, so a client sending its body a byte at a time would hold its connection for ever.
 */
export function serverTimeouts(limits: Config['connections']): ServerTimeouts {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_CAP_MS, limits.requestTimeoutMs);
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: Math.max(IDLE_SOCKET_TIMEOUT_MS, limits.requestTimeoutMs),
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout,
      // Node looks for expired requests on this beat (every 30 s by default), so a request is cut at
      // most a quarter of a timeout late.
      connectionsCheckingInterval: Math.ceil(headersTimeout / 4),
    },
  };
}

/**
 * Closes at once a new connection from a peer that already holds `max` of them (0: no cap), so one
 * client cannot take every file descriptor. The peer is the socket's address (an IPv6 peer's /64):
 * forwarded headers are not known yet when a connection opens.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    // Undefined once the peer has already gone: there is nothing to count.
    if (socket.remoteAddress === undefined) return;
    const peer = clientNetworkOf(socket.remoteAddress);
    const held = open.get(peer) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(peer, held + 1);
    socket.once('close', () => {
      const left = (open.get(peer) ?? 1) - 1;
      if (left === 0) open.delete(peer);
      else open.set(peer, left);
    });
  });
}
