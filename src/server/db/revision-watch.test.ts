import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { until } from '#test/server-process.ts';
import { openPostgres, type DatabaseHandle } from './client.ts';
import { RevisionWatch, type RevisionRow } from './revision-watch.ts';
import { bumpRevision, knownRevisionKey, readRevisionKey } from './revisions.ts';

describe('the revisions a process knows', () => {
  const rows = (members: number, events = 1): RevisionRow[] => [
    { name: 'events', revision: events },
    { name: 'members', revision: members },
  ];

  it('reads the database once, then answers from memory until this process writes', () => {
    let reads = 0;
    let committed = rows(1);
    const watch = new RevisionWatch({ readNow: () => (reads++, committed) });
    expect(watch.known()).toBe('events:1|members:1');
    expect(watch.known()).toBe('events:1|members:1');
    expect(reads).toBe(1);
    committed = rows(2);
    watch.changed();
    expect(watch.known()).toBe('events:1|members:2');
    expect(reads).toBe(2);
  });

  it('knows nothing while the database cannot be read for committed data', () => {
    const watch = new RevisionWatch({ readNow: () => null });
    expect(watch.known()).toBeNull();
  });

  it('follows announced commits of other instances without reading', async () => {
    const watch = new RevisionWatch();
    expect(await watch.read(async () => rows(1))).toBe('events:1|members:1');
    watch.announced('members', 5);
    watch.announced('wom', 1);
    expect(watch.known()).toBe('events:1|members:5|wom:1');
  });

  it('keeps no read that overlapped a change, so an older answer never overwrites a newer one', async () => {
    const watch = new RevisionWatch();
    await watch.read(async () => rows(1));
    watch.changed();
    let finish!: (value: RevisionRow[]) => void;
    const slowRead = watch.read(() => new Promise<RevisionRow[]>((resolve) => (finish = resolve)));
    watch.changed();
    finish(rows(2));
    expect(await slowRead).toBe('events:1|members:2');
    expect(watch.known()).toBeNull();
  });

  it('vouches for nothing while it may miss announcements', async () => {
    let trusted = true;
    const watch = new RevisionWatch({ trusted: () => trusted });
    await watch.read(async () => rows(1));
    trusted = false;
    expect(watch.known()).toBeNull();
    trusted = true;
    expect(watch.known()).toBe('events:1|members:1');
  });
});

for (const dialect of testDialects) {
  describe(`${dialect}: revisions kept in memory`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it("knows this process's own commit at its next read, and never a bump that rolled back", async () => {
      await readRevisionKey(database.db);
      await until('the revisions are known', async () => knownRevisionKey(database.db) !== null);
      await bumpRevision(database.db, 'members');
      expect(await readRevisionKey(database.db)).toContain('members:1');
      await database.db
        .transaction()
        .execute(async (trx) => {
          await bumpRevision(trx, 'members');
          throw new Error('write failed');
        })
        .catch(() => undefined);
      expect(await readRevisionKey(database.db)).toContain('members:1');
      expect(knownRevisionKey(database.db)).toContain('members:1');
    });

    it('learns of a change made by a database trigger in the same way', async () => {
      const now = '2026-11-25T12:00:00.000Z';
      await database.db
        .insertInto('members')
        .values({ wom_id: '1', name: 'Zezima', hidden: false, created_at: now, updated_at: now })
        .execute();
      const before = await readRevisionKey(database.db);
      await database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', '1').execute();
      expect(await readRevisionKey(database.db)).not.toBe(before);
    });
  });
}

describe('postgres: revisions kept in step across instances by LISTEN/NOTIFY', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    other = openPostgres(database.url);
  });
  afterEach(async () => {
    await other.close();
    await database.destroy();
  });

  const listeningOn = (handle: DatabaseHandle) =>
    until('the instance listens', async () => knownRevisionKey(handle.db) !== null);

  it("hears another instance's commit without reading the table, and nothing of one rolled back", async () => {
    await bumpRevision(database.db, 'events');
    await listeningOn(other);
    expect(knownRevisionKey(other.db)).toBe('events:1');

    await database.db
      .transaction()
      .execute(async (trx) => {
        await bumpRevision(trx, 'members');
        throw new Error('write failed');
      })
      .catch(() => undefined);
    await bumpRevision(database.db, 'events');
    await until('the commit is heard', async () => knownRevisionKey(other.db) === 'events:2');
    expect(knownRevisionKey(other.db)).toBe('events:2');
  });

  it('reads the database while its listener is cut off, and listens again with what it missed', async () => {
    await listeningOn(other);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
      );
      expect(rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    await until('the instance knows it lost its listener', async () => knownRevisionKey(other.db) === null);
    await bumpRevision(database.db, 'wom');
    expect(await readRevisionKey(other.db)).toBe('wom:1');
    await until('the instance listens again', async () => knownRevisionKey(other.db) === 'wom:1');
  });
});
