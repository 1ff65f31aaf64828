import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp, womSyncDeps, type AppDeps } from './app.ts';
import { ensureFirstAdmin } from './bootstrap/first-admin.ts';
import { systemClock } from './clock.ts';
import { ConfigError, isDemoMode, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrator.ts';
import { ShiftableClock, seedDemoHistory, startDemoWom } from './demo/demo-mode.ts';
import { startWomSync } from './features/wom-sync/wom-sync.service.ts';
import { startScheduler, type ScheduledJob } from './jobs/scheduler.ts';
import { createWomGateway } from './wom/create-gateway.ts';

/** The built web app sits beside the bundled server: dist/server/main.js serves dist/web. */
function builtWebRoot(): string | null {
  const root = fileURLToPath(new URL('../web/', import.meta.url));
  return existsSync(`${root}index.html`) ? root : null;
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database);

  const demoClock = isDemoMode(config) ? new ShiftableClock() : null;
  const simulator = demoClock ? await startDemoWom(config, demoClock) : null;
  const wom = {
    gateway: createWomGateway(config, systemClock, simulator?.url),
    groupId: simulator?.groupId ?? config.wom.groupId ?? 0,
  };
  const deps: AppDeps = {
    config,
    database,
    wom,
    instanceId: `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    webRoot: builtWebRoot(),
  };
  const app = await buildApp(deps);
  await ensureFirstAdmin({ db: database.db, clock: systemClock }, config, app.log);

  await app.listen({ host: config.host, port: config.port });
  const where = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`Clan site ready on http://${where}:${config.port} (database: ${database.dialect})`);
  if (simulator)
    app.log.info(
      `Demo mode: a simulated clan of ${config.demo.members} members (set WOM_GROUP_ID for yours)`,
    );

  const syncDeps = womSyncDeps(deps, systemClock);
  if (demoClock) await seedDemoHistory(database.db, syncDeps, demoClock, app.log);
  const syncJob: ScheduledJob = {
    name: 'wom-sync',
    intervalMs: config.jobs.syncIntervalMinutes * 60_000,
    runAtStart: true,
    async run() {
      const started = await startWomSync(syncDeps, null);
      if (started.status === 'busy') return 'busy';
      const result = await started.done;
      if (result.outcome === 'failed') app.log.warn(`WOM sync failed: ${result.error}`);
      return result.outcome;
    },
  };
  const scheduler = startScheduler([syncJob], app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await scheduler.stop();
    await app.close();
    await simulator?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
