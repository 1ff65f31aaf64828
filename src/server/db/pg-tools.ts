import { spawn } from 'node:child_process';
import type { PostgresTarget } from './postgres-backup.ts';

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: NodeJS.ErrnoException;
}

/**
 * Runs a PostgreSQL tool without blocking: the server's scheduled backup runs it while the site
 * answers requests. A tool that is not installed resolves with its ENOENT, as spawnSync reports it.
 */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => resolve({ status: null, stdout, stderr, error }));
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export const notInstalled = (ran: Ran): boolean => ran.error?.code === 'ENOENT';

/**
 * The environment PostgreSQL's tools run in: the process's own (PATH, HOME for ~/.pgpass, PG*
 * settings), with the password added where other users of the machine cannot read it, and `PATH`
 * replaced when given (tests look for the tools on a PATH without them).
 */
export function toolEnv(target: PostgresTarget, path?: string): NodeJS.ProcessEnv {
  return {
    // eslint-disable-next-line no-restricted-properties -- handed on to the tool, as a child inherits it
    ...process.env,
    ...(target.password === null ? {} : { PGPASSWORD: target.password }),
    ...(path === undefined ? {} : { PATH: path }),
  };
}
