import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { BackupError, linkIntoPlace, refuseToOverwrite } from './backup.ts';
import { notInstalled, runTool, toolEnv } from './pg-tools.ts';
import { exportPostgres } from './postgres-export.ts';

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

export function describeTarget(target: PostgresTarget): string {
  const user = target.user === null ? '' : ` as ${target.user}`;
  return `PostgreSQL database ${target.database} on ${target.host}:${target.port}${user}`;
}

export const PASSWORD_HINT =
  'pg_dump and pg_restore ask for the password, or read it from PGPASSWORD or ~/.pgpass. Use ' +
  'PostgreSQL client tools of the same major version as the server, or newer.';

/**
 * pg_dump is not installed, or refuses the server (older than it): the backup is then a logical
 * export instead.
 */
class PgDumpUnavailable extends BackupError {
  override name = 'PgDumpUnavailable';
}

/** What to run instead when pg_restore or psql is not installed where the app runs. */
export function restoreInstructions(target: PostgresTarget, dumpPath: string): string {
  return [
    `Nothing was restored: this site's database is the ${describeTarget(target)},`,
    'and pg_restore and psql, the tools that restore it, are not installed here. Install the',
    'PostgreSQL client tools and run `npm run restore` again, or, with every instance of the app',
    'stopped, run on a machine that has them:',
    '',
    `  pg_restore --clean --if-exists --no-owner --no-acl --file=- ${dumpPath} | psql --no-psqlrc --set=ON_ERROR_STOP=1 --single-transaction --file=- "${target.url}"`,
    '',
    'Then start the app: it migrates an older dump forward.',
    '',
    PASSWORD_HINT,
  ].join('\n');
}

export interface DumpFile {
  path: string;
  bytes: number;
}

export interface PostgresBackupOptions {
  /** The PATH pg_dump and pg_restore are looked for on; the process's when unset. */
  searchPath?: string;
}

/**
 * Runs pg_dump into `destination`: a consistent snapshot taken in one transaction while the app
 * keeps serving. Written under a temporary name, checked with pg_restore --list and linked into
 * place, so the destination appears only complete and never replaces a file.
 */
export async function dumpPostgres(
  target: PostgresTarget,
  destination: string,
  options: PostgresBackupOptions = {},
): Promise<DumpFile> {
  refuseToOverwrite(destination);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  const env = toolEnv(target, options.searchPath);
  try {
    const dump = await runTool('pg_dump', ['--format=custom', `--file=${partial}`, target.url], env);
    if (notInstalled(dump)) throw new PgDumpUnavailable('pg_dump is not installed here.');
    if (/server version mismatch/.test(dump.stderr)) throw new PgDumpUnavailable(dump.stderr.trim());
    if (dump.status !== 0)
      throw new BackupError(
        `No backup was made: pg_dump failed.\n${dump.stderr.trim() || dump.error?.message}`,
      );
    const list = await runTool('pg_restore', ['--list', partial], env);
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

export interface PostgresBackup extends DumpFile {
  format: 'pg_dump' | 'postgres_export';
  /** Rows per table, counted again in the file: for an export only, as pg_dump's are not counted. */
  rows: Record<string, number> | null;
}

/**
 * Backs the database up with pg_dump where it is installed and can dump the server; otherwise the
 * site writes its own logical export (postgres-export.ts), which `npm run restore` puts back just
 * as well: a site without PostgreSQL's client tools still gets its backups. `destination` names the
 * file for its extension.
 */
export async function backupPostgres(
  connectionString: string,
  destination: (extension: 'dump' | 'jsonl.gz') => string,
  now: Date,
  options: PostgresBackupOptions = {},
): Promise<PostgresBackup> {
  try {
    const dump = await dumpPostgres(parsePostgresUrl(connectionString), destination('dump'), options);
    return { ...dump, format: 'pg_dump', rows: null };
  } catch (error) {
    if (!(error instanceof PgDumpUnavailable)) throw error;
  }
  const exported = await exportPostgres(connectionString, destination('jsonl.gz'), now);
  return { ...exported, format: 'postgres_export' };
}
