import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '#shared/clock.ts';
import { buildApp, womSyncDeps, type AppDeps } from './app.ts';
import { ensureFirstAdmin } from './bootstrap/first-admin.ts';
import { jobSchedules } from './bootstrap/job-schedules.ts';
import { createLifecycle, stopOnSignals, type Lifecycle, type LifecycleLog } from './bootstrap/lifecycle.ts';
import { ConfigError, isDemoMode, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDemoDiscord, startDemoDiscord, withDemoDiscord } from './demo/demo-discord.ts';
import { seedDemoBingo } from './demo/demo-bingo.ts';
import { startDemoDink } from './demo/demo-dink.ts';
import { seedDemoHistory, startDemoWom, withSimulatorWatchList } from './demo/demo-mode.ts';
import { seedWomVerificationCode } from './features/clan-settings/clan-settings.ts';
import { ShiftableClock } from './demo/shiftable-clock.ts';
import {
  backfillResumeSchedule,
  baselineBackfillJob,
} from './features/baseline-backfill/baseline-backfill.job.ts';
import { anniversariesJob } from './features/clan-news/anniversaries.job.ts';
import { clanNewsJob, clanNewsSchedule } from './features/clan-news/clan-news.job.ts';
import { discordDeliveryJob, discordDeliverySchedule } from './features/discord/discord-delivery.job.ts';
import { discordRolesJob, discordRolesSchedule } from './features/discord-home/discord-roles.job.ts';
import { backupJob, backupSchedule, isInMemory } from './features/backups/backup.job.ts';
import { upgradeDatabase, UpgradeError } from './features/backups/safe-upgrade.ts';
import { dinkMomentsJob, dinkMomentsSchedule } from './features/dink/dink-moments.job.ts';
import { playerWatchJob } from './features/player-watch/player-watch.job.ts';
import { womSyncJob } from './features/wom-sync/wom-sync.service.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createWomGateway } from './wom/create-gateway.ts';

/** The built web app sits beside the bundled server: dist/server/main.js serves dist/web. */
function builtWebRoot(): string | null {
  const root = fileURLToPath(new URL('../web/', import.meta.url));
  return existsSync(`${root}index.html`) ? root : null;
}

/** Demo mode's stand-in processes: bundled beside this file in dist/server, or their source under tsx. */
const demoEntry = (name: string) =>
  new URL(`./demo/${name}${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Each resource is registered for shutdown as soon as it exists, and start-up checks for a stop
 * request between steps, so Ctrl-C at any point closes what is open and nothing more starts.
 */
async function startServer(lifecycle: Lifecycle, startupLog: LifecycleLog): Promise<void> {
  loadDotEnv();
  const loaded = loadConfig();
  const database = openDatabase(loaded.database);
  lifecycle.onShutdown('database', () => database.close());
  // An existing database is backed up before its migrations; a failed one leaves it as it was.
  await upgradeDatabase(database, {
    database: loaded.database,
    backups: loaded.backups,
    clock: systemClock,
    log: (message) => startupLog.info(message),
  });
  lifecycle.checkpoint();

  const demoClock = isDemoMode(loaded) ? new ShiftableClock() : null;
  const simulator = demoClock ? await startDemoWom(loaded, demoEntry('demo-wom-process')) : null;
  if (simulator) lifecycle.onShutdown('WOM simulator', () => simulator.close());
  lifecycle.checkpoint();
  const discordStandIn = demoClock ? await startDemoDiscord(loaded, demoEntry('demo-discord-process')) : null;
  if (discordStandIn) lifecycle.onShutdown('Discord stand-in', () => discordStandIn.close());
  lifecycle.checkpoint();
  const config = withDemoDiscord(
    simulator ? withSimulatorWatchList(loaded, simulator) : loaded,
    discordStandIn,
  );
  // The gateway and the jobs exist before the app whose logger they write to; nothing of theirs runs
  // before the app is built.
  let appLog: FastifyBaseLogger | null = null;
  const log = {
    info: (message: string) => appLog?.info(message),
    warn: (message: string) => appLog?.warn(message),
  };
  const wom = {
    gateway: createWomGateway(config, systemClock, simulator?.url, log),
    groupId: simulator?.groupId ?? config.wom.groupId ?? 0,
  };
  const backups = { db: database.db, clock: systemClock, database: config.database, backups: config.backups };
  const jobs = createJobRunner({
    db: database.db,
    // Demo mode's clock is the system's, shifted back only while the first start replays history.
    clock: demoClock ?? systemClock,
    // A new name per process: a restarted instance takes its crashed run over once the lease expires.
    instanceId: `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    jobs: [
      womSyncJob({ ...womSyncDeps({ config, database, wom }), log }),
      playerWatchJob({ db: database.db, url: config.jobs.playerWatchUrl }),
      baselineBackfillJob({ db: database.db, gateway: wom.gateway }),
      discordDeliveryJob({ db: database.db, siteUrl: config.discord.siteUrl, log }),
      discordRolesJob({ db: database.db, config, log }),
      backupJob(backups),
      anniversariesJob({ db: database.db, log }),
      clanNewsJob({ db: database.db, gateway: wom.gateway, log }),
      dinkMomentsJob({ db: database.db }),
    ],
    leaseTtlMs: config.jobs.leaseTtlMs,
  });
  // Closed after the server (no new admin syncs) and before the simulator and database its runs use.
  lifecycle.onShutdown('running jobs', () => jobs.stop());
  const deps: AppDeps = { config, database, wom, jobs, webRoot: builtWebRoot() };
  const app = await buildApp(deps);
  appLog = app.log;
  lifecycle.onShutdown('HTTP server', () => app.close());
  lifecycle.useLog(app.log);
  await ensureFirstAdmin({ db: database.db, clock: systemClock }, config, app.log);
  if (simulator) await seedWomVerificationCode(database.db, simulator.verificationCode, systemClock.now());
  lifecycle.checkpoint();

  await app.listen({ host: config.host, port: config.port });
  const where = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`Clan site ready on http://${where}:${config.port} (database: ${database.dialect})`);
  if (simulator)
    app.log.info(
      `Demo mode: a simulated clan of ${config.demo.members} members (set WOM_GROUP_ID for yours)`,
    );
  lifecycle.checkpoint();

  if (demoClock && simulator) await seedDemoHistory(database.db, jobs, demoClock, app.log, simulator);
  if (discordStandIn) await prepareDemoDiscord(database.db, discordStandIn, systemClock, app.log);
  if (demoClock) {
    const demoDeps = {
      db: database.db,
      clock: demoClock,
      imageCaps: config.dink.imageCaps,
      seed: config.demo.seed,
    };
    const demoDink = await startDemoDink(demoDeps, app.log);
    lifecycle.onShutdown('demo Dink posts', () => demoDink.stop());
    // After the Dink history, whose posters it puts in the teams; before the moments job counts it.
    await seedDemoBingo(demoDeps, app.log);
  }
  lifecycle.checkpoint();
  const scheduler = jobs.schedule(
    [
      ...jobSchedules(config),
      backfillResumeSchedule(database.db),
      discordDeliverySchedule(database.db, demoClock ?? systemClock, config.discord.deliveryIntervalMs),
      discordRolesSchedule(database.db, demoClock ?? systemClock, config.discord.deliveryIntervalMs),
      // An in-memory database (a throwaway try-out) has nothing to keep.
      ...(isInMemory(config.database) ? [] : [backupSchedule(backups)]),
      clanNewsSchedule(database.db, demoClock ?? systemClock),
      dinkMomentsSchedule(database.db, config.dink.processIntervalMs),
    ],
    app.log,
  );
  lifecycle.onShutdown('scheduler', () => scheduler.stop());
}

function main(): void {
  // Start-up's own lines, before the app's logger exists.
  const log: LifecycleLog = {
    info: (message) => process.stdout.write(`${message}\n`),
    error: (message) => process.stderr.write(`${message}\n`),
  };
  const lifecycle = createLifecycle({
    log,
    exit: (code) => process.exit(code),
    isUserError: (error) => error instanceof ConfigError || error instanceof UpgradeError,
  });
  // First of all, so a Ctrl-C during migrations or the first demo sync still shuts down cleanly.
  stopOnSignals(lifecycle);
  void lifecycle.start(() => startServer(lifecycle, log));
}

main();
