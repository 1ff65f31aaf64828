import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import { unauthenticated } from './http-error.ts';

/**
 * A route hook that answers a visitor with 401 and `message` before the body is read, so a visitor
 * learns they must sign in whatever they sent.
 */
export function requireSignedIn(message?: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!request.user) throw unauthenticated(message);
  };
}

/** The signed-in user of a route guarded by requireSignedIn. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
