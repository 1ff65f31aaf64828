import type { FastifyInstance } from 'fastify';

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

/**
 * The security headers of every response, fixed at start: the set helmet used to build per request.
 * No Strict-Transport-Security: HSTS belongs to whoever terminates TLS, and a self-hoster on plain
 * HTTP must not be locked out.
 */
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
 * Sets the headers on the raw response as the request arrives, so every answer carries them: routes,
 * errors, static files, 404s and bodies a route prebuilt and sends as they are.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeaders(headers);
    done();
  });
}
