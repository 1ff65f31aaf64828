// Reads a SQLite file (and first copies a database into it, for a backup) in a worker thread that
// backup.ts starts: VACUUM INTO and integrity_check are synchronous and take as long as the
// database is large, and here they hold no event loop but this thread's. Plain JavaScript, so the
// thread starts at once under tsx and the tests as well as in the build; it only gathers facts
// (sqlite-file-facts.ts), and backup.ts judges them.
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

/** VACUUM INTO reads one snapshot in a single read transaction, which in WAL mode never blocks writers. */
function copy(source, destination) {
  const database = new SqliteDatabase(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
  try {
    database.prepare('vacuum into ?').run(destination);
  } finally {
    database.close();
  }
  const fd = openSync(destination, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const hasTable = (file, name) =>
  file.prepare("select name from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;

function inspect(path, migrationTable) {
  let file;
  try {
    file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  } catch {
    return { readable: false, reason: 'cannot_open' };
  }
  try {
    const integrity = file.pragma('integrity_check', { simple: false }).map((row) => row.integrity_check);
    const migrations = hasTable(file, migrationTable)
      ? file
          .prepare(`select name from ${migrationTable} order by name`)
          .all()
          .map((row) => row.name)
      : null;
    const members = hasTable(file, 'members')
      ? file.prepare('select count(*) as n from members').get().n
      : null;
    return { readable: true, integrity, migrations, members };
  } catch (error) {
    if (error instanceof SqliteDatabase.SqliteError && error.code === 'SQLITE_NOTADB') {
      return { readable: false, reason: 'not_a_database' };
    }
    throw error;
  } finally {
    file.close();
  }
}

const { path, copyFrom, migrationTable } = workerData;
if (copyFrom) copy(copyFrom, path);
parentPort.postMessage(inspect(path, migrationTable));
