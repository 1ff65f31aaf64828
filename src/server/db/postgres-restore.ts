import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import type pg from 'pg';
import { fileTimestamp } from '#core/backups/backup-names.ts';
import { BackupError, checkKnownMigrations } from './backup.ts';
import { APP_CONNECTION_NAME } from './client.ts';
import { pgDriver } from './pg-driver.ts';
import { notInstalled, runTool, toolEnv } from './pg-tools.ts';
import { dumpPostgres, restoreInstructions, type PostgresTarget } from './postgres-backup.ts';

/** What a pg_dump custom-format file holds of the app's schema, read with pg_restore. */
interface DumpContents {
  tables: Set<string>;
  functions: Set<string>;
  /** The last migration applied to the dumped database. */
  migration: string;
}

/** The objects of `schema` in pg_restore's table of contents, e.g. `246; 1259 16687 TABLE public members clan`. */
function listed(toc: string, kind: 'TABLE' | 'FUNCTION', schema: string): Set<string> {
  const entry = new RegExp(`^\\d+; \\d+ \\d+ ${kind} (\\S+) ([^\\s(]+)`);
  return new Set(
    toc.split('\n').flatMap((line) => {
      const match = entry.exec(line);
      return match && match[1] === schema ? [match[2]!] : [];
    }),
  );
}

/** The names in the COPY block of the migrations table that pg_restore prints for its data. */
function copiedNames(script: string): string[] {
  const lines = script.split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY ') && line.endsWith('FROM stdin;'));
  if (start < 0) return [];
  const end = lines.indexOf('\\.', start);
  return lines.slice(start + 1, end < 0 ? undefined : end).map((line) => line.split('\t')[0]!);
}

async function readDump(dumpPath: string, schema: string, env: NodeJS.ProcessEnv): Promise<DumpContents> {
  const toc = await runTool('pg_restore', ['--list', dumpPath], env);
  if (toc.status !== 0) {
    throw new BackupError(`${dumpPath} is not a dump pg_restore can read.\n${toc.stderr.trim()}`);
  }
  const tables = listed(toc.stdout, 'TABLE', schema);
  if (!tables.has(DEFAULT_MIGRATION_TABLE)) {
    throw new BackupError(`${dumpPath} is not a backup of this app: it has no migrations table.`);
  }
  const data = await runTool(
    'pg_restore',
    ['--data-only', `--schema=${schema}`, `--table=${DEFAULT_MIGRATION_TABLE}`, '--file=-', dumpPath],
    env,
  );
  if (data.status !== 0) {
    throw new BackupError(`${dumpPath} cannot be read by pg_restore.\n${data.stderr.trim()}`);
  }
  return {
    tables,
    functions: listed(toc.stdout, 'FUNCTION', schema),
    migration: checkKnownMigrations(copiedNames(data.stdout), dumpPath),
  };
}

/** An SQL identifier, quoted. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TargetState {
  schema: string;
  /** Whether the database holds this app's data now (a migrations table), so there is something to keep. */
  hasData: boolean;
  /** Drops the tables and functions of the schema that the dump does not hold. */
  dropExtras(dump: Pick<DumpContents, 'tables' | 'functions'>): string;
}

/**
 * Connects as the restore (not as the app) and refuses while an instance of the app is connected.
 * An app that has no connection open at this moment is not seen; one that connects during the
 * restore waits for its locks and then finds the restored database.
 */
async function inspectTarget(connectionString: string): Promise<TargetState> {
  const client: pg.Client = new (pgDriver().Client)({
    connectionString,
    application_name: `${APP_CONNECTION_NAME} restore`,
  });
  await client.connect();
  try {
    const app = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [APP_CONNECTION_NAME],
    );
    if ((app.rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        `Stop the app before restoring: ${app.rows[0]!.n} of its connections to the database are open.`,
      );
    }
    const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
    const schema = rows[0]?.schema;
    if (!schema) throw new BackupError('The database has no schema to restore into (check search_path).');
    const tables = (
      await client.query<{ name: string }>(
        `select relname as name from pg_class
         where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p')`,
      )
    ).rows.map((row) => row.name);
    const functions = (
      await client.query<{ name: string; signature: string }>(
        `select proname as name, oid::regprocedure::text as signature from pg_proc
         where pronamespace = current_schema()::regnamespace`,
      )
    ).rows;
    return {
      schema,
      hasData: tables.includes(DEFAULT_MIGRATION_TABLE),
      dropExtras: (dump) =>
        [
          ...tables
            .filter((name) => !dump.tables.has(name))
            .map((name) => `drop table ${quoted(name)} cascade;`),
          ...functions
            .filter((fn) => !dump.functions.has(fn.name))
            .map((fn) => `drop function ${fn.signature} cascade;`),
        ].join('\n'),
    };
  } finally {
    await client.end();
  }
}

/**
 * Feeds pg_restore's script to psql in one transaction, after `prelude`. psql commits when its input
 * ends, so its input is ended only once pg_restore has written the whole script: a pg_restore that
 * fails halfway stops psql before the commit, and the server rolls everything back.
 */
function runRestore(
  target: PostgresTarget,
  dumpPath: string,
  prelude: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const script = spawn(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--file=-', dumpPath],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const psql = spawn(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      ...(prelude === '' ? [] : [`--command=${prelude}`]),
      '--file=-',
      target.url,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let scriptErrors = '';
  let psqlErrors = '';
  script.stderr.setEncoding('utf8').on('data', (chunk: string) => (scriptErrors += chunk));
  psql.stderr.setEncoding('utf8').on('data', (chunk: string) => (psqlErrors += chunk));
  // psql stopping at an error closes its input under pg_restore; its exit status reports that.
  psql.stdin.on('error', () => undefined);
  script.stdout.pipe(psql.stdin, { end: false });
  const scriptDone = new Promise<number | null>((resolve) => script.once('close', resolve));
  const psqlDone = new Promise<number | null>((resolve) => psql.once('close', resolve));
  return (async () => {
    const scriptStatus = await scriptDone;
    if (scriptStatus === 0) psql.stdin.end();
    else psql.kill();
    const psqlStatus = await psqlDone;
    if (psqlStatus !== 0 && psqlErrors.trim() !== '') {
      throw new BackupError(`Nothing was restored: the restore stopped at an error.\n${psqlErrors.trim()}`);
    }
    if (scriptStatus !== 0) {
      throw new BackupError(`Nothing was restored: pg_restore failed.\n${scriptErrors.trim()}`);
    }
    if (psqlStatus !== 0)
      throw new BackupError(`Nothing was restored: psql ended with status ${psqlStatus}.`);
  })();
}

async function keepAside(target: PostgresTarget, dir: string, now: Date): Promise<string> {
  try {
    return (
      await dumpPostgres(target, join(dir, `${target.database}.before-restore-${fileTimestamp(now)}.dump`))
    ).path;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    throw new BackupError(
      `Nothing was restored: the database could not be backed up first.\n${error.message}`,
    );
  }
}

export interface PostgresRestoreResult {
  migration: string;
  bytes: number;
  /** The backup of the database as it was before, or null when it held no data of this app. */
  keptAside: string | null;
}

/**
 * Restores a dump made by pg_dump (`npm run backup`, the scheduled backup) into the configured
 * database, in one transaction: the database holds what it held or the dump's contents, never a
 * part. Tables and functions the dump does not have (a newer version's) are dropped with it, so
 * that the next start can migrate the restored database forward. What the database held before is
 * backed up first into `keepAsideDir`, as SQLite's restore keeps the file it replaces.
 */
export async function restorePostgresDump(
  connectionString: string,
  target: PostgresTarget,
  dumpPath: string,
  keepAsideDir: string,
  now: Date,
): Promise<PostgresRestoreResult> {
  if (!existsSync(dumpPath)) throw new BackupError(`There is no file at ${dumpPath}.`);
  const env = toolEnv(target);
  for (const tool of ['pg_restore', 'psql']) {
    if (notInstalled(await runTool(tool, ['--version'], env))) {
      throw new BackupError(restoreInstructions(target, dumpPath));
    }
  }
  const state = await inspectTarget(connectionString);
  const dump = await readDump(dumpPath, state.schema, env);
  const keptAside = state.hasData ? await keepAside(target, keepAsideDir, now) : null;
  await runRestore(target, dumpPath, state.dropExtras(dump), env);
  return { migration: dump.migration, bytes: statSync(dumpPath).size, keptAside };
}
