/**
 * `npm run bench:members`: GET /api/members for a clan of 500 members under 50 concurrent
 * connections (DESIGN §9), next to a bare Node HTTP server sending the same bytes (the ceiling).
 * The app runs on a throwaway SQLite file, synced from the simulator first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp, womSyncDeps } from '../src/server/app.ts';
import { systemClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { openSqlite } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import { WOM_SYNC, womSyncJob } from '../src/server/features/wom-sync/wom-sync.service.ts';
import { createJobRunner } from '../src/server/jobs/job-runner.ts';
import { startSimulator } from '../src/server/simulator/index.ts';
import { createWomGateway } from '../src/server/wom/create-gateway.ts';

const MEMBERS = 500;
const CONNECTIONS = 50;
const SECONDS = 10;

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
const simulator = await startSimulator({ members: MEMBERS });
const database = openSqlite(join(dir, 'clan.db'));
await migrateToLatest(database);
const config = loadConfig({ LOG_LEVEL: 'silent' });
const wom = { gateway: createWomGateway(config, systemClock, simulator.url), groupId: simulator.groupId };
const jobs = createJobRunner({
  db: database.db,
  clock: systemClock,
  instanceId: 'bench',
  jobs: [womSyncJob(womSyncDeps({ config, database, wom }))],
});
const started = await jobs.start(WOM_SYNC, null);
if (started.status !== 'started' || (await started.done).outcome !== 'succeeded')
  throw new Error('sync failed');

const app = await buildApp({ config, database, wom, jobs, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/members`;
const body = Buffer.from(await (await fetch(appUrl)).arrayBuffer());

const bare = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

const rows = [
  ['app /api/members', await load(appUrl)],
  ['bare node, same bytes', await load(bareUrl)],
] as const;

process.stdout.write(
  `GET /api/members, ${MEMBERS} members (${Math.round(body.length / 1024)} KiB), ${CONNECTIONS} connections, ${SECONDS} s\n`,
);
process.stdout.write('server                  median   p99      req/s   errors\n');
for (const [name, r] of rows) {
  process.stdout.write(
    `${name.padEnd(22)} ${`${r.medianMs} ms`.padStart(7)} ${`${r.p99Ms} ms`.padStart(8)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.errors).padStart(8)}\n`,
  );
}

await app.close();
bare.close();
await database.close();
await simulator.close();
rmSync(dir, { recursive: true, force: true });
