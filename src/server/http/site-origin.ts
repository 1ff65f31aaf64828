import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSiteHost, normalHost } from '#core/http/site-hosts.ts';
import { badRequest } from './http-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin when it is set: where visitors reach the site, whatever a request says. */
    publicOrigin: string | null;
    /** Without PUBLIC_URL, the hosts the site hands out addresses on (see `siteHostsOf`). */
    siteHosts: readonly string[];
  }
}

/** `scheme://host[:port]`, with the scheme's default port left out; null when it is no origin. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const EVERY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The hosts a site without PUBLIC_URL answers to (any port): the loopback names, the address it
 * listens on (every address of the machine when it listens on all of them), and ALLOWED_HOSTS.
 */
export function siteHostsOf(listenHost: string, allowedHosts: readonly string[]): string[] {
  const listening = EVERY_ADDRESS.has(listenHost)
    ? Object.values(networkInterfaces()).flatMap((infos) =>
        (infos ?? []).map((info) => (info.family === 'IPv6' ? `[${info.address}]` : info.address)),
      )
    : [listenHost];
  const hosts = listening.map(normalHost).filter((host): host is string => host !== null);
  return [...new Set([...LOOPBACK_HOSTS, ...hosts, ...allowedHosts])];
}

export function registerSiteAddress(
  app: FastifyInstance,
  site: { publicOrigin: string | null; siteHosts: readonly string[] },
): void {
  app.decorate('publicOrigin', site.publicOrigin);
  app.decorate('siteHosts', site.siteHosts);
}

/**
 * The site's origin: PUBLIC_URL's, else the scheme and host this request was sent to (a trusted
 * proxy's forwarded ones); null when the Host header makes no origin.
 */
export function siteOrigin(request: FastifyRequest): string | null {
  return request.server.publicOrigin ?? originOf(`${request.protocol}://${request.host}`);
}

export const unknownHostMessage = (host: string) =>
  `This site does not hand out addresses on ${host}: open it at its own address (an admin sets PUBLIC_URL, or lists the name in ALLOWED_HOSTS)`;

/**
 * The origin for an address the member's game will call back (Dink's URLs): PUBLIC_URL's; else the
 * one this request reached, if the site answers to its host or a proxy TRUST_PROXY believes sent it
 * (it forwarded the client's address); else a 400, so a forged Host header cannot point a member's
 * Dink at another site. `fallback` when the request names no host at all.
 */
export function callbackOrigin(request: FastifyRequest, fallback: string): string {
  const { publicOrigin, siteHosts } = request.server;
  if (publicOrigin !== null) return publicOrigin;
  const origin = siteOrigin(request);
  if (origin === null) return fallback;
  const proxied = (request.ips?.length ?? 0) > 1;
  if (proxied || isSiteHost(siteHosts, request.host)) return origin;
  throw badRequest(unknownHostMessage(request.host));
}
