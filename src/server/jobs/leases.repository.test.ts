import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { isLeaseHeld, releaseLease, renewLease, tryAcquireLease } from './leases.repository.ts';

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

    const renew = (holder: string, now: Date) =>
      renewLease(database.db, { name: 'wom-sync', holder, now, ttlMs: 10 * MINUTE });

    it("extends its holder's lease from the renewal time, so a long run keeps it", async () => {
      await take('a');
      const later = new Date(NOW.getTime() + 8 * MINUTE);
      expect(await renew('a', later)).toBe(true);
      const afterFirstTtl = new Date(NOW.getTime() + 12 * MINUTE);
      expect(await isLeaseHeld(database.db, 'wom-sync', afterFirstTtl)).toBe(true);
      expect(await take('b', afterFirstTtl)).toBe(false);
    });

    it('cannot be renewed by a holder whose expired lease was taken over, nor by anyone else', async () => {
      await take('a');
      expect(await renew('b', NOW)).toBe(false);
      const later = new Date(NOW.getTime() + 11 * MINUTE);
      expect(await take('b', later)).toBe(true);
      expect(await renew('a', later)).toBe(false);
      expect(await renew('b', later)).toBe(true);
    });
  });
}
