import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import { resolveSession, type AuthDeps } from '../features/auth/auth.service.ts';
import { siteOrigin } from '../http/site-origin.ts';

export const SESSION_COOKIE = 'clan_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Set for every /api request. */
    user: SessionUser | null;
  }
}

/** Secure when the site is served over HTTPS: PUBLIC_URL says so, or the request came that way. */
function isSecure(request: FastifyRequest): boolean {
  return siteOrigin(request)?.startsWith('https:') === true;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Reads the session cookie of every API request into `request.user`. */
export const sessions = fp<{ auth: AuthDeps }>(async (app: FastifyInstance, { auth }) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = sessionToken(request);
    request.user = token ? await resolveSession(auth, token) : null;
  });
});
