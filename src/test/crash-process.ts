import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = 'src/test/crash-child.ts';

/** Resolves with the first stdout line that starts with `prefix`; rejects if the process exits first. */
function lineFrom(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(prefix));
      if (line === undefined) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve(line);
    };
    const onExit = () => reject(new Error(`the process exited before printing ${prefix}:\n${output}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export interface CrashProcess {
  base: string;
  child: ChildProcess;
  /**
   * Sends the request that makes the write, waits until the process is paused just after it,
   * inside its transaction, then kills it with SIGKILL. Throws if the request is answered first
   * (the write was never reached), so a test cannot pass by crashing outside the transaction.
   */
  killInside(request: () => Promise<Response>): Promise<void>;
  /** Waits until the process is paused at the write, e.g. in a job a request started, then kills it. */
  killWhenPaused(): Promise<void>;
  /** Kills the process if it still runs; for afterEach. */
  stop(): Promise<void>;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/**
 * Starts src/test/crash-child.ts on the database at `databaseUrl`, set to stop just after
 * `stopAtWrite` (e.g. 'insert points'), with `env` added to its config.
 */
export async function startCrashProcess(
  databaseUrl: string,
  stopAtWrite: string,
  env: Record<string, string> = {},
): Promise<CrashProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      TZ: 'UTC',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      STOP_AT_WRITE: stopAtWrite,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = (await lineFrom(child, 'LISTENING ')).split(' ')[1];
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    async killInside(request) {
      const paused = lineFrom(child, 'PAUSED').then(() => 'paused');
      // Dying before the pause rejects it; the race below reports that, and nothing is left unhandled.
      paused.catch(() => undefined);
      // Never answered when it works: the process dies inside the transaction.
      const answered = request().then(
        async (response) => `answered ${response.status}: ${await response.text()}`,
        () => 'no answer',
      );
      const first = await Promise.race([paused, answered]);
      if (first !== 'paused') throw new Error(`the write was never reached; the request was ${first}`);
      await kill(child);
      if ((await answered) !== 'no answer') throw new Error('the request was answered after the kill');
    },
    async killWhenPaused() {
      await lineFrom(child, 'PAUSED');
      await kill(child);
    },
    stop: () => kill(child),
  };
}

/** Nothing listens on the discard port: a restarted server's start-up sync fails and writes nothing. */
const UNREACHABLE_WOM = 'http://127.0.0.1:9/v2';

/**
 * The real server (main.ts) started afresh on the database a crash left, as an operator would
 * restart it; WOM is the simulator at `wom` when given, otherwise unreachable.
 */
export function restartServer(
  databaseUrl: string,
  wom?: { url: string; groupId: number },
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    WOM_GROUP_ID: String(wom?.groupId ?? 1),
    WOM_BASE_URL: wom?.url ?? UNREACHABLE_WOM,
    WOM_REQUESTS_PER_MINUTE: '10000',
    LOG_LEVEL: 'warn',
    ...env,
  });
}
