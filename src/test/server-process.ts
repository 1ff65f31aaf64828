import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Polls `check` until it gives a truthy value; throws after about a minute. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let polls = 0; polls < 1_500; polls += 1) {
    const value = await check();
    if (value) return value;
    await sleep(40);
  }
  throw new Error(`timed out waiting until ${what}`);
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  output(): string;
}

/** The real server process, as `npm start` runs it but from the sources, with `env` as its config. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { base: `http://127.0.0.1:${port}`, port, child, output: () => output };
  await until('the server answers', async () => {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    return fetch(`${server.base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  });
  return server;
}

/** Stops the process with `signal` (SIGKILL for a crash) and waits until it has exited. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

/** Signs in over HTTP and returns the `clan_session=…` Cookie header. */
export async function signInOverHttp(
  base: string,
  account: { username: string; password: string },
): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('clan_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
