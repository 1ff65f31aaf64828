import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes the named lease for `holder` for `ttlMs`, if no live lease of that name exists (not even the
 * holder's own: a job never runs twice at once). The upsert is one statement, so two instances racing
 * on one PostgreSQL cannot both win.
 */
export async function tryAcquireLease(
  db: Kysely<Database>,
  lease: { name: string; holder: string; now: Date; ttlMs: number },
): Promise<boolean> {
  const now = lease.now.toISOString();
  const expiresAt = new Date(lease.now.getTime() + lease.ttlMs).toISOString();
  const row = await db
    .insertInto('job_leases')
    .values({ name: lease.name, holder: lease.holder, acquired_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: lease.holder, acquired_at: now, expires_at: expiresAt })
        .where('job_leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === lease.holder;
}

/**
 * Extends the holder's lease from `now` if they still hold it; false when another holder took it over
 * (it expired). Run inside the transaction that commits the job's work: on PostgreSQL the updated row
 * stays locked until commit, so no one can take the lease over between this check and the commit.
 */
export async function renewLease(
  db: Kysely<Database>,
  lease: { name: string; holder: string; now: Date; ttlMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ expires_at: new Date(lease.now.getTime() + lease.ttlMs).toISOString() })
    .where('name', '=', lease.name)
    .where('holder', '=', lease.holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** Whether anyone holds a live lease of this name. */
export async function isLeaseHeld(db: Kysely<Database>, name: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('job_leases')
    .select('holder')
    .where('name', '=', name)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}
