import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptCount, AttemptVerdict } from '#core/auth/attempt-limits.ts';
import { createManualClock } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { parseDatabaseUrl } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { takeAttempt, type AttemptLimiterDeps } from './attempt-limiter.ts';

const MINUTE = 60_000;

/** A rule in the shape a register or claim-code limit would take: so many attempts per key. */
const atMost =
  (max: number) =>
  (counts: Record<'key', AttemptCount>): AttemptVerdict =>
    counts.key.attempts <= max
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: counts.key.secondsLeft };

for (const dialect of testDialects) {
  describe(`${dialect}: takeAttempt`, () => {
    let database: TestDatabase;
    let deps: AttemptLimiterDeps & { clock: ReturnType<typeof createManualClock> };
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
      deps = { db: database.db, clock: createManualClock() };
    });
    afterEach(async () => database.destroy());

    const take = (key: string, decide = atMost(2), on: AttemptLimiterDeps = deps) =>
      takeAttempt(on, { key: { key, windowMs: 15 * MINUTE } }, decide);

    it('counts an attempt while it runs, so attempts that have not ended yet see each other', async () => {
      const seen: number[] = [];
      const record = (counts: Record<'key', AttemptCount>): AttemptVerdict => {
        seen.push(counts.key.attempts);
        return { allowed: true };
      };
      await take('k', record);
      await take('k', record);
      await take('other', record);
      expect(seen).toEqual([1, 2, 1]);
    });

    it('keeps a failed attempt and takes back one that succeeded or was refused', async () => {
      for (let i = 0; i < 5; i += 1) {
        const attempt = await take('k');
        expect(attempt.allowed).toBe(true);
        if (attempt.allowed) await attempt.succeeded();
      }
      const first = await take('k');
      if (!first.allowed) throw new Error('the first failure must be allowed');
      await first.failed();
      const second = await take('k');
      if (!second.allowed) throw new Error('the second failure must be allowed');
      await second.failed();
      for (let i = 0; i < 3; i += 1) expect((await take('k')).allowed).toBe(false);
      const row = await database.db.selectFrom('rate_limits').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ key: 'k', failures: 2, pending: 0 });
    });

    it('answers the seconds left in the window and starts the key again when the window ends', async () => {
      for (let i = 0; i < 2; i += 1) {
        const attempt = await take('k');
        if (attempt.allowed) await attempt.failed();
      }
      deps.clock.advance(5 * MINUTE);
      expect(await take('k')).toEqual({ allowed: false, retryAfterSeconds: 600 });
      deps.clock.advance(10 * MINUTE);
      expect((await take('k')).allowed).toBe(true);
    });

    it('does not count a failure into the window after the one its attempt began in', async () => {
      const attempt = await take('k');
      if (!attempt.allowed) throw new Error('the attempt must be allowed');
      deps.clock.advance(15 * MINUTE);
      await take('k');
      await attempt.failed();
      const row = await database.db.selectFrom('rate_limits').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ failures: 0, pending: 1 });
    });

    it('removes the windows that have ended', async () => {
      await take('old');
      deps.clock.advance(15 * MINUTE);
      await take('new');
      const keys = await database.db.selectFrom('rate_limits').select('key').execute();
      expect(keys).toEqual([{ key: 'new' }]);
    });

    describe('with a second instance on the same database', () => {
      let second: DatabaseHandle;
      beforeEach(() => {
        second = openDatabase(parseDatabaseUrl(database.url));
      });
      afterEach(async () => second.close());

      it("counts one instance's failures on the other", async () => {
        const other = { db: second.db, clock: deps.clock };
        for (let i = 0; i < 2; i += 1) {
          const attempt = await take('k', atMost(2), i === 0 ? deps : other);
          if (attempt.allowed) await attempt.failed();
        }
        expect((await take('k', atMost(2), other)).allowed).toBe(false);
        expect((await take('k', atMost(2), deps)).allowed).toBe(false);
      });

      it('lets exactly the limit through when forty attempts race on both instances', async () => {
        const other = { db: second.db, clock: deps.clock };
        const attempts = await Promise.all(
          Array.from({ length: 40 }, (_, i) => take('k', atMost(10), i % 2 === 0 ? deps : other)),
        );
        expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(10);
      });
    });
  });
}
