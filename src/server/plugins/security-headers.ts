import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Strict CSP: our own scripts, styles, images and API only. Game icons are served by the site
 * itself (/icons/), so no third-party host is allowed anywhere.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Radix primitives set inline styles for positioning.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
].join(';');

/** The security headers of every response, fixed at start: the set helmet used to build per request. */
const headers = new Map([
  ['content-security-policy', CONTENT_SECURITY_POLICY],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
]);
export const SECURITY_HEADERS: ReadonlyMap<string, string> = headers;

/**
 * A year, subdomains included, not preloaded: a site once reached over HTTPS is only ever asked for
 * over HTTPS. Sent only on a request that came over HTTPS (its own TLS, or a trusted proxy's
 * X-Forwarded-Proto), so a self-hoster on plain HTTP is never locked out.
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Writes the security headers on the response to `request`. */
export function setSecurityHeaders(request: FastifyRequest, response: ServerResponse): void {
  response.setHeaders(headers);
  if (request.protocol === 'https')
    response.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/**
 * Sets the headers on the raw response as the request arrives, so every answer carries them: routes,
 * errors, static files, 404s and bodies a route prebuilt and sends as they are.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply.raw);
    done();
  });
}
