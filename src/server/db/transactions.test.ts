import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { inSerializableTransaction } from './transactions.ts';

const noPause = async () => undefined;

/**
 * Holds the first `parties` arrivals until all have come (or 300 ms have passed: on SQLite the second
 * transaction waits for the first to finish, so it cannot arrive); later arrivals pass at once.
 */
function meetingPoint(parties: number): () => Promise<void> {
  let waiting = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  setTimeout(() => open(), 300);
  return () => {
    waiting += 1;
    if (waiting >= parties) open();
    return opened;
  };
}

function serializationFailure(): Error {
  return Object.assign(new Error('could not serialize access due to read/write dependencies'), {
    code: '40001',
  });
}

for (const dialect of testDialects) {
  describe(`${dialect}: serializable transactions`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    it('runs the work again after a serialization failure, and keeps only the last attempt', async () => {
      let attempts = 0;
      const result = await inSerializableTransaction(
        t.database.db,
        async (trx) => {
          attempts += 1;
          await createUserIn(trx, `try${attempts}`);
          if (attempts < 3) throw serializationFailure();
          return attempts;
        },
        noPause,
      );
      expect(result).toBe(3);
      const names = await t.database.db.selectFrom('users').select('username').execute();
      expect(names).toEqual([{ username: 'try3' }]);
    });

    it('gives up after four attempts and passes the failure on', async () => {
      let attempts = 0;
      const work = inSerializableTransaction(
        t.database.db,
        async () => {
          attempts += 1;
          throw serializationFailure();
        },
        noPause,
      );
      await expect(work).rejects.toMatchObject({ code: '40001' });
      expect(attempts).toBe(4);
    });

    it('does not retry any other failure', async () => {
      let attempts = 0;
      const work = inSerializableTransaction(t.database.db, async () => {
        attempts += 1;
        throw new Error('not a conflict');
      });
      await expect(work).rejects.toThrow('not a conflict');
      expect(attempts).toBe(1);
    });

    it('re-reads after losing a race, so two revocations cannot both pass a last-admin check', async () => {
      await createUser(t, 'boss', { admin: true });
      await createUser(t, 'chief', { admin: true });
      const bothHaveRead = meetingPoint(2);
      const revoke = (username: string) =>
        inSerializableTransaction(t.database.db, async (trx) => {
          const admins = await trx.selectFrom('users').select('id').where('is_admin', '=', true).execute();
          await bothHaveRead();
          if (admins.length <= 1) return 'refused: last admin';
          await trx.updateTable('users').set({ is_admin: false }).where('username', '=', username).execute();
          return 'revoked';
        });
      const outcomes = await Promise.all([revoke('boss'), revoke('chief')]);
      expect(outcomes.sort()).toEqual(['refused: last admin', 'revoked']);
      const admins = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', true)
        .execute();
      expect(admins).toHaveLength(1);
    });
  });
}

async function createUserIn(
  trx: Parameters<Parameters<typeof inSerializableTransaction>[1]>[0],
  name: string,
) {
  const now = '2026-11-21T12:00:00.000Z';
  await trx
    .insertInto('users')
    .values({
      username: name,
      password_hash: 'x',
      is_admin: false,
      join_date: '2026-11-21',
      created_at: now,
      updated_at: now,
    })
    .execute();
}
