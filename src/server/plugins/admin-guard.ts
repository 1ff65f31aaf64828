import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { forbidden, noApiRoute, unauthenticated } from '../http/http-error.ts';

/** Every admin route lives under this prefix, inside the one plugin that calls requireAdmin. */
export const ADMIN_PREFIX = '/api/admin';

/**
 * Guards the plugin that calls this (registered with `prefix: ADMIN_PREFIX`): 401 for a visitor,
 * 403 for a signed-in user who is not an admin. The plugin's own not-found handler sits behind the
 * same hook, so an unknown admin path tells a visitor nothing about which admin paths exist.
 */
export function requireAdmin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.user) throw unauthenticated();
    if (!request.user.is_admin) throw forbidden();
  });
  app.setNotFoundHandler(async (request) => {
    throw noApiRoute(request.method, request.url);
  });
}

/** What every admin feature's routes may use. */
export interface AdminRouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  jobs: JobRunner;
}
