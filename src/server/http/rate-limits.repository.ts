import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface KeyWindow {
  key: string;
  failures: number;
  pending: number;
  windowEndsAt: string;
}

/**
 * Counts one more running attempt on the key, opening a new window when the key's last one has
 * ended. One statement, so parallel attempts on every instance each see the ones before them.
 */
export async function countPendingAttempt(
  db: Kysely<Database>,
  attempt: { key: string; now: Date; windowMs: number },
): Promise<KeyWindow> {
  const now = attempt.now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({
      key: attempt.key,
      failures: 0,
      pending: 1,
      window_ends_at: new Date(attempt.now.getTime() + attempt.windowMs).toISOString(),
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const ended = eb('rate_limits.window_ends_at', '<=', now);
        return {
          failures: eb.case().when(ended).then(eb.lit(0)).else(eb.ref('rate_limits.failures')).end(),
          pending: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb('rate_limits.pending', '+', 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(eb.ref('excluded.window_ends_at'))
            .else(eb.ref('rate_limits.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['key', 'failures', 'pending', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { key: row.key, failures: row.failures, pending: row.pending, windowEndsAt: row.window_ends_at };
}

/**
 * Ends a running attempt counted by `countPendingAttempt`, as a failure or not. Nothing changes once
 * that window has ended: the attempt belonged to it.
 */
export async function settlePendingAttempt(
  db: Kysely<Database>,
  window: Pick<KeyWindow, 'key' | 'windowEndsAt'>,
  failed: boolean,
): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({
      pending: eb('pending', '-', 1),
      failures: eb('failures', '+', failed ? 1 : 0),
    }))
    .where('key', '=', window.key)
    .where('window_ends_at', '=', window.windowEndsAt)
    .execute();
}

export async function deleteEndedWindows(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now.toISOString()).execute();
}
