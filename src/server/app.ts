import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from '#shared/clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { adminClaimsRoutes } from './features/admin-claims/admin-claims.routes.ts';
import { adminEventsRoutes } from './features/admin-events/admin-events.routes.ts';
import { discordRoutes } from './features/discord/discord.routes.ts';
import { adminDinkRoutes } from './features/dink/admin-dink.routes.ts';
import { dinkFeedRoutes } from './features/dink/dink-feed.routes.ts';
import { dinkImagesRoutes } from './features/dink/dink-images.routes.ts';
import { dinkMeRoutes } from './features/dink/dink-me.routes.ts';
import { dinkReceiverRoutes } from './features/dink/dink-receiver.routes.ts';
import { interactionsRoutes } from './features/discord-commands/interactions.routes.ts';
import { adminInactivityRoutes } from './features/admin-inactivity/admin-inactivity.routes.ts';
import { adminMembersRoutes } from './features/admin-members/admin-members.routes.ts';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes.ts';
import { baselineBackfillRoutes } from './features/baseline-backfill/baseline-backfill.routes.ts';
import { baselineBackfillStatus } from './features/baseline-backfill/baseline-backfill.service.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { playerWatchRoutes } from './features/player-watch/player-watch.routes.ts';
import { seasonsRoutes } from './features/seasons/seasons.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { claimsRoutes } from './features/claims/claims.routes.ts';
import { clanRoutes } from './features/clan/clan.routes.ts';
import { seedClanSettings } from './features/clan-settings/clan-settings.ts';
import { seedDiscordApp } from './features/discord-home/discord-app-settings.ts';
import { discordAdminRoutes } from './features/discord-home/discord-admin.routes.ts';
import { discordHomeRoutes } from './features/discord-home/discord-home.routes.ts';
import { backupsRoutes } from './features/backups/backups.routes.ts';
import { clanSettingsRoutes } from './features/clan-settings/clan-settings.routes.ts';
import { pointBatchesRoutes } from './features/point-batches/point-batches.routes.ts';
import { adminBingoRoutes, bingoRoutes } from './features/bingo/bingo.routes.ts';
import { goalsRoutes } from './features/goals/goals.routes.ts';
import { racesRoutes } from './features/races/races.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { iconsRoutes } from './features/icons/icons.routes.ts';
import { capConnectionsPerAddress, serverTimeouts } from './http/connection-limits.ts';
import { registerSiteAddress, siteHostsOf } from './http/site-origin.ts';
import { registerPublicReads } from './http/public-reads.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { leaderboardsRoutes } from './features/leaderboards/leaderboards.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { womDataRoutes } from './features/wom-data/wom-data.routes.ts';
import { connectionCheckRoutes } from './features/wom-sync/connection-check.routes.ts';
import { womSyncRoutes } from './features/wom-sync/wom-sync.routes.ts';
import type { WomSyncDeps } from './features/wom-sync/wom-sync.service.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { loggerOptions } from './logging/logger-options.ts';
import { ADMIN_PREFIX, requireAdmin } from './plugins/admin-guard.ts';
import { registerCompression } from './plugins/compress.ts';
import { registerETags } from './plugins/etag.ts';
import type { WomGateway } from './wom/wom-gateway.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-error.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSameOriginGuard } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sessions } from './plugins/sessions.ts';
import { registerStaticWeb } from './plugins/static-web.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** The WOM gateway and the group it syncs (the simulator's in demo mode). */
  wom: { gateway: WomGateway; groupId: number };
  /** Runs the jobs (the WOM sync) that admins can start and follow. */
  jobs: JobRunner;
  /** Folder of the built web app; null serves the API alone. */
  webRoot?: string | null;
  logger?: boolean;
  /** How long a slash command's answer may take before it is deferred; a test sets 0 to defer each. */
  interactionDeferMs?: number;
}

/** Competition standings fetched per sync run: with the 4–6 group requests, a run stays within 10. */
const COMPETITION_DETAILS_PER_RUN = 4;

/** What the WOM sync job body needs; main.ts hands the body to the job runner. */
export function womSyncDeps(deps: Pick<AppDeps, 'config' | 'database' | 'wom'>): WomSyncDeps {
  return {
    db: deps.database.db,
    gateway: deps.wom.gateway,
    groupId: deps.wom.groupId,
    resultsGraceMs: deps.config.wom.resultsGraceMs,
    maxCompetitionDetails: COMPETITION_DETAILS_PER_RUN,
  };
}

/** The whole HTTP app, ready for `inject()` or `listen()`; it never listens by itself. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.connections),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // Errors are still logged; a line per request would drown them on a busy clan site.
    logController: new LogController({ disableRequestLogging: true }),
  });
  capConnectionsPerAddress(app.server, config.connections.maxPerAddress);
  registerSiteAddress(app, {
    publicOrigin: config.publicOrigin,
    siteHosts: siteHostsOf(config.host, config.allowedHosts),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteTable(app);
  registerErrorHandler(app);
  // First of the request hooks: every answer carries the security headers, the early public ones too.
  registerSecurityHeaders(app);
  const publicReads = registerPublicReads(app);
  registerSameOriginGuard(app);
  registerInputGuard(app);
  registerNoStore(app);
  await registerOpenApi(app, config.clan.name);

  const auth = { db: database.db, clock, sessionTtlDays: config.sessionTtlDays };
  const accounts = { db: database.db, clock };
  const womData = {
    db: database.db,
    clock,
    gateway: deps.wom.gateway,
    playerCacheMs: config.wom.playerCacheMs,
  };
  // A fresh database starts from the environment's clan and the spec's rules; the dashboard's stay.
  await seedClanSettings(database.db, config.clan, clock.now());
  await seedDiscordApp(database.db, config.discord.app, clock.now());
  registerETags(app);
  registerCompression(app);
  await app.register(sessions, { auth });

  await app.register(async (api) => {
    await healthRoutes(api, database);
    await clanRoutes(api, { db: database.db, config, publicReads });
    await membersRoutes(api, { db: database.db, clock, publicReads });
    await eventsRoutes(api, {
      db: database.db,
      clock,
      publicReads,
      calendar: { clanName: config.clan.name, womGroupId: deps.wom.groupId, siteOrigin: config.publicOrigin },
    });
    await leaderboardsRoutes(api, { db: database.db, publicReads });
    await womDataRoutes(api, { ...womData, publicReads });
    await authRoutes(api, { auth });
    await usersRoutes(api, accounts);
    await claimsRoutes(api, { db: database.db, clock });
    await goalsRoutes(api, { ...womData, publicReads });
    await racesRoutes(api, { ...womData, publicReads });
    await dinkFeedRoutes(api, { db: database.db, publicReads });
    await dinkImagesRoutes(api, { db: database.db });
    await bingoRoutes(api, { db: database.db, clock, imageCaps: config.dink.imageCaps });
    await dinkMeRoutes(api, { db: database.db, clock, siteUrl: config.discord.siteUrl });
    await interactionsRoutes(api, { db: database.db, clock, config, deferAfterMs: deps.interactionDeferMs });
    await discordHomeRoutes(api, { db: database.db, clock, config, sessionTtlDays: config.sessionTtlDays });
    await dinkReceiverRoutes(api, {
      db: database.db,
      clock,
      imageCaps: config.dink.imageCaps,
      siteUrl: config.discord.siteUrl,
    });
  });

  await app.register(
    async (admin) => {
      requireAdmin(admin);
      const adminDeps = { db: database.db, clock, config, jobs: deps.jobs };
      await adminUsersRoutes(admin, accounts);
      await womSyncRoutes(admin, {
        jobs: deps.jobs,
        baselineBackfill: () => baselineBackfillStatus(adminDeps),
      });
      await connectionCheckRoutes(admin, { ...adminDeps, wom: deps.wom });
      await adminMembersRoutes(admin, { ...adminDeps, gateway: deps.wom.gateway });
      await baselineBackfillRoutes(admin, adminDeps);
      await seasonsRoutes(admin, adminDeps);
      await adminEventsRoutes(admin, { ...adminDeps, gateway: deps.wom.gateway, groupId: deps.wom.groupId });
      await playerWatchRoutes(admin, adminDeps);
      await auditRoutes(admin, adminDeps);
      await adminClaimsRoutes(admin, adminDeps);
      await adminInactivityRoutes(admin, adminDeps);
      await discordRoutes(admin, adminDeps);
      await discordAdminRoutes(admin, adminDeps);
      await backupsRoutes(admin, adminDeps);
      await adminDinkRoutes(admin, { ...adminDeps, imageCaps: config.dink.imageCaps });
      await clanSettingsRoutes(admin, adminDeps);
      await pointBatchesRoutes(admin, adminDeps);
      await adminBingoRoutes(admin, adminDeps);
    },
    { prefix: ADMIN_PREFIX },
  );

  await iconsRoutes(app, { config, clock, publicReads });
  await registerStaticWeb(app, deps.webRoot ?? null, publicReads);
  return app;
}
