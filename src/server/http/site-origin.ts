import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin when it is set: where visitors reach the site, whatever a request says. */
    publicOrigin: string | null;
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

export function registerPublicOrigin(app: FastifyInstance, publicOrigin: string | null): void {
  app.decorate('publicOrigin', publicOrigin);
}

/**
 * The site's origin: PUBLIC_URL's, else the scheme and host this request was sent to (a trusted
 * proxy's forwarded ones); null when the Host header makes no origin.
 */
export function siteOrigin(request: FastifyRequest): string | null {
  return request.server.publicOrigin ?? originOf(`${request.protocol}://${request.host}`);
}
