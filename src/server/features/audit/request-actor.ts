import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.repository.ts';

/** The signed-in admin behind a request under /api/admin, as the audit log names them. */
export function requestActor(request: FastifyRequest): AuditActor {
  return request.user
    ? { userId: request.user.id, label: request.user.username }
    : { userId: null, label: 'unknown' };
}
