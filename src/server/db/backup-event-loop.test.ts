import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/databases.ts';
import { backupSqlite } from './backup.ts';

/** Enough data that copying it takes many turns of an idle event loop. */
const BALLAST_ROWS = 8_000;
const BALLAST_BYTES = 4_096;

describe('sqlite: a backup of a large database keeps the event loop turning', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'clan-backup-loop-'));
    const file = new SqliteDatabase(database.url.slice('sqlite:'.length));
    try {
      file.exec('create table ballast (id integer primary key, bytes blob not null)');
      const insert = file.prepare('insert into ballast (bytes) values (?)');
      file.transaction(() => {
        for (let row = 0; row < BALLAST_ROWS; row += 1) insert.run(randomBytes(BALLAST_BYTES));
      })();
    } finally {
      file.close();
    }
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs turn after turn while the copy is written, and the copy holds everything', async () => {
    const destination = join(dir, 'copy.db');
    const partial = `${destination}.${process.pid}.partial`;
    let done = false;
    const backup = backupSqlite(database.url.slice('sqlite:'.length), destination).finally(
      () => (done = true),
    );
    // Each turn looks at the copy being written. A copy made on this thread would be created and
    // gone within one turn, and no turn would ever see it: seeing it grow proves the loop ran on.
    const sizesSeen = new Set<number>();
    while (!done) {
      if (existsSync(partial)) sizesSeen.add(statSync(partial, { throwIfNoEntry: false })?.size ?? 0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const copy = await backup;
    expect(sizesSeen.size).toBeGreaterThanOrEqual(2);
    expect(copy.bytes).toBeGreaterThan(BALLAST_ROWS * BALLAST_BYTES);
    const file = new SqliteDatabase(copy.path, { readonly: true });
    try {
      expect(file.prepare('select count(*) as n from ballast').get()).toEqual({ n: BALLAST_ROWS });
    } finally {
      file.close();
    }
  }, 60_000);
});
