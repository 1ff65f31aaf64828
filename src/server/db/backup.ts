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
import SqliteDatabase from 'better-sqlite3';
import { fileTimestamp } from '#core/backups/backup-names.ts';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { migrations } from './migrations/index.ts';

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

/**
 * Checks that `path` is a sound SQLite database made by this app and returns the migrations applied
 * to it. `label` names the file in messages.
 */
function appliedMigrations(path: string, label: string): string[] {
  let file: SqliteDatabase.Database;
  try {
    file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError(`${label} cannot be opened as a SQLite database.`);
  }
  try {
    const problems = file.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
    const report = problems.map((row) => row.integrity_check);
    if (report.join() !== 'ok') {
      throw new BackupError(`${label} is damaged: ${report.slice(0, 3).join('; ')}`);
    }
    const table = file
      .prepare("select name from sqlite_master where type = 'table' and name = ?")
      .get(DEFAULT_MIGRATION_TABLE);
    if (!table) throw new BackupError(`${label} is not a database of this app: it has no migrations table.`);
    const rows = file.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`).all() as Array<{
      name: string;
    }>;
    return rows.map((row) => row.name);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (sqliteCode(error) === 'SQLITE_NOTADB') throw new BackupError(`${label} is not a SQLite database.`);
    throw error;
  } finally {
    file.close();
  }
}

function latest(applied: string[], label: string): string {
  const migration = applied.at(-1);
  if (migration === undefined)
    throw new BackupError(`${label} is not a database of this app: no migrations.`);
  return migration;
}

/** Checks a backup this app just wrote: sound, and carrying the migrations table. */
export function checkBackupFile(path: string, label = path): CheckedDatabase {
  const migration = latest(appliedMigrations(path, label), label);
  return { path, bytes: statSync(path).size, migration };
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
export function checkRestorableFile(path: string, label = path): CheckedDatabase {
  const migration = checkKnownMigrations(appliedMigrations(path, label), label);
  return { path, bytes: statSync(path).size, migration };
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

/**
 * Writes a consistent copy of the SQLite database at `databasePath` to `destination` while the app
 * may be running and writing. VACUUM INTO reads one snapshot in a single read transaction, which in
 * WAL mode never blocks the app's writers and, unlike the page-by-page backup API, never restarts
 * when they write. The copy is written under a temporary name and linked into place, so the
 * destination appears only complete and checked, and never replaces a file that appeared meanwhile.
 */
export function backupSqlite(databasePath: string, destination: string): CheckedDatabase {
  if (databasePath === ':memory:') throw new BackupError('An in-memory database has nothing to back up.');
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  refuseToOverwrite(destination);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = `${destination}.${process.pid}.partial`;
  try {
    const source = new SqliteDatabase(databasePath, { readonly: true, fileMustExist: true, timeout: 5_000 });
    try {
      source.prepare('vacuum into ?').run(partial);
    } finally {
      source.close();
    }
    syncToDisk(partial);
    checkBackupFile(partial, `The copy of ${databasePath}`);
    linkIntoPlace(partial, destination);
    return checkBackupFile(destination);
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
export function restoreSqlite(backupPath: string, databasePath: string, now: Date): RestoreResult {
  if (databasePath === ':memory:') throw new BackupError('An in-memory database cannot be restored into.');
  if (!existsSync(backupPath)) throw new BackupError(`There is no file at ${backupPath}.`);
  if (existsSync(databasePath) && sameFile(backupPath, databasePath)) {
    throw new BackupError(`${backupPath} is the database itself.`);
  }
  mkdirSync(dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.${process.pid}.restoring`;
  try {
    copyFileSync(backupPath, incoming, constants.COPYFILE_EXCL);
    const checked = checkRestorableFile(incoming, backupPath);
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
