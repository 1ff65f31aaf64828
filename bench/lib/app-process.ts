import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { serverEnv } from '../../scripts/server-process.mjs';

export interface RunningProcess {
  pid: number;
  base: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function membersListed(base: string): Promise<number> {
  try {
    const response = await fetch(`${base}/api/members`);
    return response.ok ? ((await response.json()) as unknown[]).length : 0;
  } catch {
    return 0;
  }
}

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
}

async function waitUntil(check: () => Promise<boolean>, child: ChildProcess, what: string, giveUpMs: number) {
  for (let waited = 0; !(await check()); waited += 250) {
    if (child.exitCode !== null) throw new Error(`${what}: the process exited with code ${child.exitCode}`);
    if (waited > giveUpMs) throw new Error(`${what}: not ready within ${giveUpMs / 1000} s`);
    await sleep(250);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** The admin account every benchmarked app creates at start. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

export interface AppOptions {
  /** The app's database; default a throwaway SQLite file, removed on stop. */
  databaseUrl?: string;
  /** More environment for the app, over the defaults (e.g. TRUST_PROXY, demo simulator controls). */
  env?: Record<string, string>;
  /** Receives each line the app writes to stdout (its JSON log); without it the log is dropped. */
  onLogLine?: (line: string) => void;
}

function forwardLines(stream: Readable, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

/**
 * The production build as `npm start` runs it (with its Node flags and allocator settings), in demo
 * mode (a month of history, events and points from the built-in WOM simulator) on a throwaway SQLite
 * file unless told otherwise; resolves once the clan of `members` is synced and served.
 */
export async function startApp(
  port: number,
  members: number,
  options: AppOptions = {},
): Promise<RunningProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
  // BUILD_DIR, as scripts/build.mjs and the journeys read it: a build beside another one.
  const child = spawn(process.execPath, [join(process.env.BUILD_DIR ?? 'dist', 'server/main.js')], {
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? `sqlite:${join(dir, 'clan.db')}`,
      // Beside the throwaway database, also when that is PostgreSQL (the default would be ./data).
      ICON_CACHE_DIR: join(dir, 'icons'),
      DEMO_MEMBERS: String(members),
      // Demo mode as shipped: its WOM allows WOM's own 20 requests a minute.
      DEMO_SIMULATOR_RATE_LIMIT: '20',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // Nothing listens there: icons fall back, as offline.
      ICON_BASE_URL: 'http://127.0.0.1:9/icons',
      ...options.env,
    }),
    stdio: ['ignore', options.onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.onLogLine && child.stdout) forwardLines(child.stdout, options.onLogLine);
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  try {
    await waitUntil(async () => (await membersListed(base)) === members, child, 'the app', 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid as number, base, stop };
}

/** The bare Node server (lib/bare-server.mjs) answering with the recorded bytes in `answersFile`. */
export async function startBareServer(port: number, answersFile: string): Promise<RunningProcess> {
  const child = spawn(process.execPath, ['bench/lib/bare-server.mjs', answersFile, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(() => answers(`${base}/`), child, 'the bare server', 10_000);
  return { pid: child.pid as number, base, stop: stopper(child, () => {}) };
}
