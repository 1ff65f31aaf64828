import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { isLeaseHeld, releaseLease, tryAcquireLease } from './leases.repository.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const MINUTE = 60_000;

for (const dialect of testDialects) {
  describe(`${dialect}: job leases`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => database.destroy());

    const take = (holder: string, now = NOW) =>
      tryAcquireLease(database.db, { name: 'wom-sync', holder, now, ttlMs: 10 * MINUTE });

    it('gives a free lease to the first holder only, not even twice to the same one', async () => {
      expect(await take('a')).toBe(true);
      expect(await take('b')).toBe(false);
      expect(await take('a')).toBe(false);
      expect(await isLeaseHeld(database.db, 'wom-sync', NOW)).toBe(true);
    });

    it('lets exactly one of many simultaneous takers win', async () => {
      const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((holder) => take(holder)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('is free again after its holder releases it, and only its holder can release it', async () => {
      await take('a');
      await releaseLease(database.db, 'wom-sync', 'b');
      expect(await take('b')).toBe(false);
      await releaseLease(database.db, 'wom-sync', 'a');
      expect(await take('b')).toBe(true);
    });

    it('can be taken over once it expires (its holder died)', async () => {
      await take('a');
      const later = new Date(NOW.getTime() + 10 * MINUTE);
      expect(await isLeaseHeld(database.db, 'wom-sync', later)).toBe(false);
      expect(await take('b', later)).toBe(true);
    });
  });
}
