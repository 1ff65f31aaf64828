import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { fileTimestamp } from '#core/backups/backup-names.ts';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { SqliteFileFacts } from './sqlite-file-facts.ts';

/** A backup or restore that cannot go ahead; its message says why and what to do, for the terminal. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A SQLite database file that holds this app's data. */
export interface CheckedDatabase {
  path: string;
  bytes: number;
  /** The last migration applied to it. */
  migration: string;
}

export function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename in `folder` survive a power cut; Windows cannot open a folder, and needs no flush. */
function syncFolder(folder: string): void {
  if (process.platform !== 'win32') syncToDisk(folder);
}

function sqliteCode(error: unknown): string | undefined {
  return error instanceof SqliteDatabase.SqliteError ? error.code : undefined;
}

/** Beside the bundled server (dist/server/sqlite-file-worker.js), or its source beside this file. */
const FILE_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-file-worker.mjs' : './sqlite-file-worker.js',
  import.meta.url,
);

/**
 * Reads the SQLite file at `path` in a worker thread, first copying the database at `copyFrom` into
 * it when given: the copy and the check take as long as the database is large, and the server
 * keeps answering meanwhile.
 */
function inspectInWorker(path: string, copyFrom: string | null = null): Promise<SqliteFileFacts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FILE_WORKER, {
      workerData: { path, copyFrom, migrationTable: DEFAULT_MIGRATION_TABLE },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The SQLite worker stopped (exit code ${code}).`)));
  });
}

/**
 * Checks that the file is a sound SQLite database made by this app: its migrations, in order, and
 * its members. `label` names the file in messages.
 */
function judge(facts: SqliteFileFacts, label: string): { migrations: string[]; members: number } {
  if (!facts.readable) {
    throw new BackupError(
      facts.reason === 'cannot_open'
        ? `${label} cannot be opened as a SQLite database.`
        : `${label} is not a SQLite database.`,
    );
  }
  if (facts.integrity.join() !== 'ok') {
    throw new BackupError(`${label} is damaged: ${facts.integrity.slice(0, 3).join('; ')}`);
  }
  if (facts.migrations === null) {
    throw new BackupError(`${label} is not a database of this app: it has no migrations table.`);
  }
  return { migrations: facts.migrations, members: facts.members ?? 0 };
}

function latest(applied: string[], label: string): string {
  const migration = applied.at(-1);
  if (migration === undefined)
    throw new BackupError(`${label} is not a database of this app: no migrations.`);
  return migration;
}

/**
 * Checks the migrations applied to a backup about to replace the database: made by this app, and no
 * newer than this copy of it, whose migrations cannot run backwards. Returns the last of them.
 */
export function checkKnownMigrations(applied: string[], label: string): string {
  const migration = latest(applied, label);
  const known = new Set(Object.keys(migrations));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length === applied.length) {
    throw new BackupError(`${label} is not a database of this app: none of its migrations are this app's.`);
  }
  if (unknown.length > 0) {
    throw new BackupError(
      `${label} comes from a newer version of this app (migration ${unknown.at(-1)}). ` +
        'Update the app before restoring it.',
    );
  }
  return migration;
}

/** Checks a file about to replace the database: sound, and holding migrations this app knows. */
async function checkRestorableFile(path: string, label = path): Promise<CheckedDatabase> {
  const { migrations: applied } = judge(await inspectInWorker(path), label);
  return { path, bytes: statSync(path).size, migration: checkKnownMigrations(applied, label) };
}

export function refuseToOverwrite(path: string): void {
  if (existsSync(path)) {
    throw new BackupError(`${path} already exists. A backup never overwrites a file: choose another path.`);
  }
}

/** A hard link fails where a rename would replace: a file that appeared meanwhile is kept. */
export function linkIntoPlace(partial: string, destination: string): void {
  try {
    linkSync(partial, destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') refuseToOverwrite(destination);
    throw error;
  }
}

export interface SqliteBackup extends CheckedDatabase {
  /** The members the copy holds, counted in it after writing. */
  members: number;
}

/**
 * Writes a consistent copy of the SQLite database at `databasePath` to `destination` while the app
 * may be running and writing, without holding the app's event loop: the server answers requests
 * for as long as the copy takes. VACUUM INTO reads one snapshot in a single read transaction, which
 * in WAL mode never blocks the app's writers, and it runs with the copy's check in a worker thread
 * (sqlite-file-worker.mjs). better-sqlite3's `backup()` would keep the loop turning too, but it
 * copies pages on this thread between turns and starts over whenever another connection writes, as
 * the app does all the time; a whole-snapshot copy on another thread does neither. The copy is
 * written under a temporary name and linked into place, so the destination appears only complete
 * and checked, and never replaces a file that appeared meanwhile.
 */
export async function backupSqlite(databasePath: string, destination: string): Promise<SqliteBackup> {
  if (databasePath === ':memory:') throw new BackupError('An in-memory database has nothing to back up.');
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  refuseToOverwrite(destination);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  try {
    let facts: SqliteFileFacts;
    try {
      facts = await inspectInWorker(partial, databasePath);
    } catch (error) {
      throw new BackupError(`No backup was made: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const label = `The copy of ${databasePath}`;
    const { migrations: applied, members } = judge(facts, label);
    const migration = latest(applied, label);
    linkIntoPlace(partial, destination);
    return { path: destination, bytes: statSync(destination).size, migration, members };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The files SQLite keeps beside a database while it is open or after a crash. */
const SIDE_FILES = ['-wal', '-journal', '-shm'] as const;
/** Side files holding committed or rolled-back data; the -shm index is rebuilt from the -wal. */
const SIDE_FILES_WITH_DATA = ['-wal', '-journal'] as const;

/** Copies a database with the side files that hold its data, which SQLite finds by their names. */
function copyWithSideFiles(from: string, to: string): void {
  copyFileSync(from, to, constants.COPYFILE_EXCL);
  for (const side of SIDE_FILES_WITH_DATA) {
    if (existsSync(from + side)) copyFileSync(from + side, to + side, constants.COPYFILE_EXCL);
  }
}

function removeWithSideFiles(path: string): void {
  for (const suffix of ['', ...SIDE_FILES]) rmSync(path + suffix, { force: true });
}

/**
 * Copies the database to `keptAside`, refusing while the app has it open. Leaving WAL mode needs the
 * only connection to the database: while the app has it open SQLite answers SQLITE_BUSY; otherwise
 * it folds the -wal of a stopped or killed app into the file, whose copy then holds every committed
 * write on its own. A damaged database cannot be folded, and closing it deletes its -wal: so the
 * files are copied first, and kept as they were when the database cannot be read.
 */
function keepAside(databasePath: string, keptAside: string): void {
  copyWithSideFiles(databasePath, keptAside);
  let current: SqliteDatabase.Database | null = null;
  try {
    current = new SqliteDatabase(databasePath, { fileMustExist: true, timeout: 200 });
    current.pragma('journal_mode = DELETE');
  } catch (error) {
    const code = sqliteCode(error);
    if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') return;
    removeWithSideFiles(keptAside);
    throw new BackupError(`Stop the app before restoring: ${databasePath} is in use.`);
  } finally {
    current?.close();
  }
  removeWithSideFiles(keptAside);
  copyFileSync(databasePath, keptAside, constants.COPYFILE_EXCL);
}

function sameFile(a: string, b: string): boolean {
  const [first, second] = [statSync(a), statSync(b)];
  return first.dev === second.dev && first.ino === second.ino;
}

export interface RestoreResult extends CheckedDatabase {
  /** Where the database that was replaced now is, or null when there was none. */
  keptAside: string | null;
}

/**
 * Puts the backup at `backupPath` in place of the database at `databasePath`, keeping the replaced
 * database beside it as `<name>.before-restore-<time>`. The backup is copied next to the database
 * and checked there, so exactly the bytes checked are renamed over the database in one step: the
 * database path holds the old database or the new one, never a part. The next start of the app
 * migrates it forward if it is older.
 */
export async function restoreSqlite(
  backupPath: string,
  databasePath: string,
  now: Date,
): Promise<RestoreResult> {
  if (databasePath === ':memory:') throw new BackupError('An in-memory database cannot be restored into.');
  if (!existsSync(backupPath)) throw new BackupError(`There is no file at ${backupPath}.`);
  if (existsSync(databasePath) && sameFile(backupPath, databasePath)) {
    throw new BackupError(`${backupPath} is the database itself.`);
  }
  mkdirSync(dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.${process.pid}.restoring`;
  try {
    copyFileSync(backupPath, incoming, constants.COPYFILE_EXCL);
    const checked = await checkRestorableFile(incoming, backupPath);
    syncToDisk(incoming);
    let keptAside: string | null = null;
    if (existsSync(databasePath)) {
      keptAside = `${databasePath}.before-restore-${fileTimestamp(now)}`;
      if (existsSync(keptAside)) throw new BackupError(`${keptAside} already exists: try again in a second.`);
      keepAside(databasePath, keptAside);
    }
    // A -wal or -journal left beside the new file would be replayed into it as if it were its own.
    for (const side of SIDE_FILES) rmSync(databasePath + side, { force: true });
    renameSync(incoming, databasePath);
    syncFolder(dirname(databasePath));
    return { ...checked, path: databasePath, keptAside };
  } finally {
    // Checking a file in WAL mode leaves its -shm beside it; renamed, the file itself is gone too.
    removeWithSideFiles(incoming);
  }
}
