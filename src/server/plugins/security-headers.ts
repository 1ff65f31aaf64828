import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Strict CSP: our own scripts only; images also from the icon host so game icons load. */
export async function registerSecurityHeaders(app: FastifyInstance, iconBaseUrl: string): Promise<void> {
  const iconOrigin = new URL(iconBaseUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives set inline styles for positioning.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', iconOrigin],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS belongs to whoever terminates TLS; a self-hoster on plain HTTP must not be locked out.
    strictTransportSecurity: false,
  });
}
