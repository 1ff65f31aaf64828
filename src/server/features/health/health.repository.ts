import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** When the last WOM sync finished successfully, or null if none has. */
export async function lastSuccessfulSync(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('sync_runs')
    .select('finished_at')
    .where('kind', '=', 'wom-sync')
    .where('outcome', '=', 'succeeded')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}
