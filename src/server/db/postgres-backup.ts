import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { BackupError, fileTimestamp, linkIntoPlace, refuseToOverwrite } from './backup.ts';

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: NodeJS.ErrnoException;
}

/**
 * Runs a PostgreSQL tool without blocking: the server's scheduled backup runs it while the site
 * answers requests. A tool that is not installed resolves with its ENOENT, as spawnSync reports it.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
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

/** A PostgreSQL connection string split into what a person and PostgreSQL's own tools need. */
export interface PostgresTarget {
  /** The connection string without its password, safe to print and to pass on a command line. */
  url: string;
  /** Handed to pg_dump in PGPASSWORD, where other users of the machine cannot read it. */
  password: string | null;
  host: string;
  port: string;
  database: string;
  user: string | null;
}

export function parsePostgresUrl(connectionString: string): PostgresTarget {
  const parsed = new URL(connectionString);
  const password = parsed.password === '' ? null : decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    password,
    host: parsed.hostname || 'localhost',
    port: parsed.port || '5432',
    database: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
    user: parsed.username === '' ? null : decodeURIComponent(parsed.username),
  };
}

/** `backups/<database>-<time>.dump` in the working folder: PostgreSQL has no data folder of ours. */
export function defaultDumpPath(target: PostgresTarget, now: Date): string {
  return join('backups', `${target.database}-${fileTimestamp(now)}.dump`);
}

function describe(target: PostgresTarget): string {
  const user = target.user === null ? '' : ` as ${target.user}`;
  return `PostgreSQL database ${target.database} on ${target.host}:${target.port}${user}`;
}

const PASSWORD_HINT =
  'pg_dump and pg_restore ask for the password, or read it from PGPASSWORD or ~/.pgpass. Use ' +
  'PostgreSQL client tools of the same major version as the server, or newer.';

/** What to run instead when pg_dump is not installed where the app runs. */
function backupInstructions(target: PostgresTarget, dumpPath: string): string {
  return [
    `No backup was made: this site's database is the ${describe(target)},`,
    'and pg_dump, the tool that backs it up, is not installed here. Install the PostgreSQL client',
    'tools and run `npm run backup` again, or run on a machine that has them:',
    '',
    `  pg_dump --format=custom --file=${dumpPath} "${target.url}"`,
    '',
    PASSWORD_HINT,
  ].join('\n');
}

/**
 * Restoring replaces every table of a live, shared database, which its owner does with PostgreSQL's
 * own tools once every instance of the app is stopped; the app does not do it for them.
 */
export function restoreInstructions(target: PostgresTarget, dumpPath: string): string {
  return [
    `Nothing was restored: this site's database is the ${describe(target)}.`,
    'Restore a dump made by `npm run backup` (pg_dump --format=custom) with pg_restore:',
    '',
    '  1. Stop every instance of the app.',
    `  2. pg_restore --clean --if-exists --no-owner --single-transaction --dbname="${target.url}" ${dumpPath}`,
    '  3. Start the app: it migrates an older dump forward.',
    '',
    PASSWORD_HINT,
  ].join('\n');
}

export interface DumpFile {
  path: string;
  bytes: number;
}

/**
 * Runs pg_dump into `destination`: a consistent snapshot taken in one transaction while the app
 * keeps serving; without pg_dump installed, the error says what to run elsewhere. Written under a temporary name, checked
 * with pg_restore --list and linked into place, so the destination appears only complete and never
 * replaces a file.
 */
export async function dumpPostgres(target: PostgresTarget, destination: string): Promise<DumpFile> {
  refuseToOverwrite(destination);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  // pg_dump inherits the environment as any child does (PATH, HOME for ~/.pgpass, PG* settings).
  // eslint-disable-next-line no-restricted-properties -- only the password is added to it
  const env = { ...process.env, ...(target.password === null ? {} : { PGPASSWORD: target.password }) };
  try {
    const dump = await run('pg_dump', ['--format=custom', `--file=${partial}`, target.url], env);
    if (dump.error && 'code' in dump.error && dump.error.code === 'ENOENT') {
      throw new BackupError(backupInstructions(target, destination));
    }
    if (dump.status !== 0)
      throw new BackupError(
        `No backup was made: pg_dump failed.\n${dump.stderr.trim() || dump.error?.message}`,
      );
    const list = await run('pg_restore', ['--list', partial], env);
    if (list.status !== 0) {
      throw new BackupError(
        `No backup was made: pg_restore cannot read the dump pg_dump wrote.\n${list.stderr.trim()}`,
      );
    }
    if (!list.stdout.includes(` ${DEFAULT_MIGRATION_TABLE} `)) {
      throw new BackupError(
        `No backup was made: ${target.database} has no migrations table. Is it this app's database?`,
      );
    }
    linkIntoPlace(partial, destination);
    return { path: destination, bytes: statSync(destination).size };
  } finally {
    rmSync(partial, { force: true });
  }
}
