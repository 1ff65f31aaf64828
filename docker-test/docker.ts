// What the image test drives: the Docker engine through its CLI, compose (v2's `docker compose`, or
// v1's `docker-compose` where only Debian's package is installed), and the site over HTTP.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

export async function docker(args: string[], options: { cwd?: string } = {}): Promise<string> {
  const { stdout } = await run('docker', args, { maxBuffer: MAX_BUFFER, cwd: options.cwd });
  return stdout.trim();
}

/** The compose command this machine has, as [program, ...leading arguments]. */
export async function composeCommand(): Promise<string[]> {
  try {
    await run('docker', ['compose', 'version']);
    return ['docker', 'compose'];
  } catch {
    await run('docker-compose', ['version']);
    return ['docker-compose'];
  }
}

export async function compose(command: string[], args: string[], options: { cwd: string }): Promise<string> {
  const [program = 'docker', ...leading] = command;
  const { stdout } = await run(program, [...leading, ...args], {
    maxBuffer: MAX_BUFFER,
    cwd: options.cwd,
  });
  return stdout.trim();
}

/** A container's state as `docker inspect` tells it. */
export interface ContainerState {
  Running: boolean;
  ExitCode: number;
  OOMKilled: boolean;
  Health?: { Status: string };
}

export async function containerState(name: string): Promise<ContainerState> {
  return JSON.parse(await docker(['inspect', '--format', '{{json .State}}', name])) as ContainerState;
}

export async function waitFor<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  tries = 240,
): Promise<T> {
  let last: unknown = 'no answer';
  for (let i = 0; i < tries; i += 1) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Gave up waiting for ${what}: ${String(last)}`);
}

export interface Health {
  status: string;
  database: { dialect: string; migration: string | null };
}

export async function health(origin: string): Promise<Health | undefined> {
  const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
  return response.ok ? ((await response.json()) as Health) : undefined;
}

/** A change as a browser on the site sends it (same origin), or a read with the session cookie. */
export async function call(
  origin: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.method && init.method !== 'GET') headers.origin = origin;
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
}

export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('clan_session='));
  if (!cookie) throw new Error(`No session cookie (status ${response.status})`);
  return cookie.split(';')[0] ?? '';
}
