import { PostgresAdapter, type Transaction } from 'kysely';
import { CAP_CODES, CAP_MESSAGES, hasRoomUnder, type AccountCap } from '#core/users/account-caps.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * Holds the user's row until the transaction ends, so two of their requests that count what they
 * hold before adding one run one after the other: on READ COMMITTED the second then counts the
 * first's row. SQLite needs no lock: it runs one write transaction at a time.
 */
async function lockUserRow(trx: Transaction<Database>, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Refuses with the cap's 409 when the user already holds as many as it allows. Call it inside the
 * transaction that adds one, before the insert: `countHeld` then sees every earlier request's rows.
 */
export async function requireRoomUnderCap(
  trx: Transaction<Database>,
  userId: number,
  cap: AccountCap,
  countHeld: (trx: Transaction<Database>) => Promise<number>,
): Promise<void> {
  await lockUserRow(trx, userId);
  if (!hasRoomUnder(cap, await countHeld(trx))) {
    throw new HttpError(409, CAP_CODES[cap], CAP_MESSAGES[cap]);
  }
}
