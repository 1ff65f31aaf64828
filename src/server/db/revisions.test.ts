import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import {
  bumpRevision,
  cacheByRevision,
  cacheVariantsByRevision,
  readRevision,
  readRevisionKey,
} from './revisions.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: data revisions`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    it('starts at 0 and counts every bump', async () => {
      expect(await readRevision(database.db, 'members')).toBe(0);
      await bumpRevision(database.db, 'members');
      await bumpRevision(database.db, 'members');
      expect(await readRevision(database.db, 'members')).toBe(2);
    });

    it('rolls back with the transaction that bumped it', async () => {
      await database.db
        .transaction()
        .execute(async (trx) => {
          await bumpRevision(trx, 'members');
          throw new Error('write failed');
        })
        .catch(() => undefined);
      expect(await readRevision(database.db, 'members')).toBe(0);
    });

    it('never keys a read on the bump of a transaction still open, which then rolls back', async () => {
      await bumpRevision(database.db, 'events');
      const before = await readRevisionKey(database.db);
      let bumped!: () => void;
      let release!: () => void;
      const bumpMade = new Promise<void>((resolve) => (bumped = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const write = database.db
        .transaction()
        .execute(async (trx) => {
          await bumpRevision(trx, 'members');
          bumped();
          await held;
          throw new Error('write failed');
        })
        .catch(() => undefined);
      await bumpMade;
      const during = readRevisionKey(database.db);
      release();
      await write;
      expect(await during).toBe(before);
      expect(await readRevisionKey(database.db)).toBe(before);
    });

    it("moves the members revision itself when a member's visibility changes or a member is removed", async () => {
      const now = '2026-11-24T12:00:00.000Z';
      await database.db
        .insertInto('members')
        .values({ wom_id: '1', name: 'Zezima', hidden: false, created_at: now, updated_at: now })
        .execute();
      const members = () => readRevision(database.db, 'members');
      const start = await members();
      const update = (values: { name?: string; hidden?: boolean; left_at?: string | null }) =>
        database.db.updateTable('members').set(values).where('wom_id', '=', '1').execute();

      await update({ name: 'Zezima II' });
      expect(await members()).toBe(start);
      await update({ hidden: false });
      expect(await members()).toBe(start);
      await update({ hidden: true });
      expect(await members()).toBe(start + 1);
      await update({ left_at: now });
      expect(await members()).toBe(start + 2);
      await database.db.deleteFrom('members').where('wom_id', '=', '1').execute();
      expect(await members()).toBe(start + 3);
    });

    it('rebuilds a cached value only after a bump of any data set', async () => {
      let builds = 0;
      const cached = cacheByRevision(database.db, async () => ++builds);
      expect(await cached()).toBe(1);
      expect(await cached()).toBe(1);
      await bumpRevision(database.db, 'members');
      expect(await cached()).toBe(2);
      await bumpRevision(database.db, 'events');
      expect(await cached()).toBe(3);
      await bumpRevision(database.db, 'wom');
      expect(await cached()).toBe(4);
      expect(await cached()).toBe(4);
      expect(builds).toBe(4);
    });

    it('keeps each variant apart and rebuilds them all after a bump', async () => {
      const builds: string[] = [];
      const cached = cacheVariantsByRevision(database.db, async (variant) => {
        builds.push(variant);
        return `${variant}#${builds.length}`;
      });
      expect(await cached('10')).toBe('10#1');
      expect(await cached('50')).toBe('50#2');
      expect(await cached('10')).toBe('10#1');
      await bumpRevision(database.db, 'wom');
      expect(await cached('10')).toBe('10#3');
      expect(builds).toEqual(['10', '50', '10']);
    });

    it('forgets a build that failed, so the next read tries again', async () => {
      let attempt = 0;
      const cached = cacheByRevision(database.db, async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('database busy');
        return attempt;
      });
      await expect(cached()).rejects.toThrow('database busy');
      expect(await cached()).toBe(2);
    });
  });
}
