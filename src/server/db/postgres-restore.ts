import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { fileTimestamp } from '#core/backups/backup-names.ts';
import { backupFormat } from './backup-format.ts';
import { BackupError, checkKnownMigrations } from './backup.ts';
import { notInstalled, runTool, toolEnv } from './pg-tools.ts';
import {
  backupPostgres,
  parsePostgresUrl,
  restoreInstructions,
  type PostgresTarget,
} from './postgres-backup.ts';
import { readExportHeader } from './postgres-export-file.ts';
import { importExport } from './postgres-import.ts';
import {
  connectAs,
  dropStatements,
  refuseWhileAppConnected,
  schemaObjects,
  type SchemaObjects,
} from './postgres-schema.ts';

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

/** What the database holds now, dumped or exported into `dir` before a restore replaces it. */
async function keepAside(connectionString: string, dir: string, now: Date): Promise<string> {
  const name = `${parsePostgresUrl(connectionString).database}.before-restore-${fileTimestamp(now)}`;
  try {
    return (await backupPostgres(connectionString, (extension) => join(dir, `${name}.${extension}`), now))
      .path;
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

/** What a backup file will restore, checked before the database is touched. */
interface Restorable {
  migration: string;
  restore(): Promise<void>;
}

async function dumpToRestore(
  connectionString: string,
  dumpPath: string,
  present: SchemaObjects,
): Promise<Restorable> {
  const target = parsePostgresUrl(connectionString);
  const env = toolEnv(target);
  for (const tool of ['pg_restore', 'psql']) {
    if (notInstalled(await runTool(tool, ['--version'], env))) {
      throw new BackupError(restoreInstructions(target, dumpPath));
    }
  }
  const dump = await readDump(dumpPath, present.schema, env);
  // Dropped first, in the same transaction: a newer version's tables would stop the next migration.
  const extras = dropStatements({
    tables: present.tables.filter((name) => !dump.tables.has(name)),
    functions: present.functions.filter((fn) => !dump.functions.has(fn.name)),
  });
  return {
    migration: dump.migration,
    restore: () => runRestore(target, dumpPath, extras.map((statement) => `${statement};`).join('\n'), env),
  };
}

async function exportToRestore(connectionString: string, exportPath: string): Promise<Restorable> {
  const header = await readExportHeader(exportPath);
  return {
    migration: checkKnownMigrations(header.migrations, exportPath),
    restore: async () => {
      await importExport(connectionString, exportPath, header);
    },
  };
}

/**
 * Restores a backup of either kind the site writes into the configured database, in one
 * transaction: the database holds what it held or the backup's contents, never a part. A pg_dump
 * file goes through pg_restore and psql; tables and functions it does not have (a newer version's)
 * are dropped with it, so the next start can migrate it forward. A logical export (written where
 * pg_dump is missing) is put back by the site itself and migrated forward at once. What the
 * database held is backed up first into `keepAsideDir`, as SQLite's restore keeps the file it
 * replaces.
 */
export async function restorePostgres(
  connectionString: string,
  file: string,
  keepAsideDir: string,
  now: Date,
): Promise<PostgresRestoreResult> {
  if (!existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  const format = backupFormat(file);
  if (format !== 'pg_dump' && format !== 'postgres_export') {
    throw new BackupError(
      `${file} is not a backup of a PostgreSQL database: restore a .dump (pg_dump) or a .jsonl.gz export.`,
    );
  }
  const client = await connectAs('restore', connectionString);
  let present: SchemaObjects;
  try {
    await refuseWhileAppConnected(client);
    present = await schemaObjects(client);
  } finally {
    await client.end();
  }
  const restorable =
    format === 'pg_dump'
      ? await dumpToRestore(connectionString, file, present)
      : await exportToRestore(connectionString, file);
  const keptAside = present.tables.includes(DEFAULT_MIGRATION_TABLE)
    ? await keepAside(connectionString, keepAsideDir, now)
    : null;
  await restorable.restore();
  return { migration: restorable.migration, bytes: statSync(file).size, keptAside };
}
