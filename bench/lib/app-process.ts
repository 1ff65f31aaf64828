import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
}

/**
 * The production build in demo mode, on a throwaway SQLite file, as `npm start` runs it; resolves
 * once the generated clan of `members` is synced and served.
 */
export async function startApp(port: number, members: number): Promise<RunningProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'clan-bench-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'clan.db')}`,
      DEMO_MEMBERS: String(members),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password',
      // Nothing listens there: icons fall back, as offline.
      ICON_BASE_URL: 'http://127.0.0.1:9/icons',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dir, { recursive: true, force: true }));
  for (let waited = 0; (await membersListed(base)) !== members; waited += 250) {
    if (child.exitCode !== null || waited > 120_000) {
      await stop();
      throw new Error(`the app did not serve a synced clan of ${members} within two minutes`);
    }
    await sleep(250);
  }
  return { pid: child.pid as number, base, stop };
}

/** The bare Node server (lib/bare-server.mjs) answering with the recorded bytes in `answersFile`. */
export async function startBareServer(port: number, answersFile: string): Promise<RunningProcess> {
  const child = spawn(process.execPath, ['bench/lib/bare-server.mjs', answersFile, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 50) {
    try {
      await fetch(`${base}/`);
      break;
    } catch {
      if (waited > 10_000) throw new Error('the bare server did not start');
      await sleep(50);
    }
  }
  return { pid: child.pid as number, base, stop: stopper(child, () => {}) };
}
