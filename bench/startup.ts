/**
 * `npm run bench:startup`: seconds from `node scripts/start.mjs` on a fresh, empty data directory
 * until `/api/members` and `/api/wom-group-stats` both answer with the generated demo clan
 * (issue #3: within 10 seconds, with no network). Prints figures; asserts nothing. Run it after
 * `npm run build`: if the sources are newer than the build, start.mjs builds first and the figure
 * says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/test/free-port.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLAN_SIZE = Number(process.env.DEMO_MEMBERS ?? 150);
const GIVE_UP_MS = 120_000;
const POLL_MS = 25;

/** The parsed body of a 200, or null for anything else (not listening yet, 404 before the sync). */
async function read<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds since `started` at which each check first passed. */
async function waitForClan(base: string, started: number, server: ChildProcess) {
  const passed: { members: number | null; stats: number | null } = { members: null, stats: null };
  while (passed.members === null || passed.stats === null) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (performance.now() - started > GIVE_UP_MS)
      throw new Error('the clan did not appear within two minutes');
    if (passed.members === null) {
      const members = await read<unknown[]>(`${base}/api/members`);
      if (members?.length === CLAN_SIZE) passed.members = performance.now() - started;
    }
    if (passed.stats === null) {
      const stats = await read<{ memberCount: number }>(`${base}/api/wom-group-stats`);
      if (stats?.memberCount === CLAN_SIZE) passed.stats = performance.now() - started;
    }
    await sleep(POLL_MS);
  }
  return { members: passed.members, stats: passed.stats };
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dir = mkdtempSync(join(tmpdir(), 'clan-bench-startup-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = '';
const started = performance.now();
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: ROOT,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'clan.db')}`,
    // Demo mode whatever a local .env says: the built-in simulator, no network, WOM's own limit.
    WOM_GROUP_ID: '',
    DEMO_SIMULATOR_RATE_LIMIT: '20',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

let failed = false;
try {
  const times = await waitForClan(base, started, server);
  const built = output.includes('Building the app');
  process.stdout.write(
    [
      `Start-up from an empty data directory (SQLite, demo clan of ${CLAN_SIZE} members)`,
      `  /api/members with the clan          ${seconds(times.members).padStart(9)}`,
      `  /api/wom-group-stats with the clan  ${seconds(times.stats).padStart(9)}`,
      `  both                                ${seconds(Math.max(times.members, times.stats)).padStart(9)}` +
        (built ? '  (includes a build: run `npm run build` first to time the start alone)' : ''),
      '',
    ].join('\n'),
  );
} catch (error) {
  failed = true;
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output}`,
  );
} finally {
  await stop(server);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
