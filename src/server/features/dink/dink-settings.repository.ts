import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_DINK_THRESHOLDS, type DinkThresholds } from '#core/dink/dink.schema.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const SETTINGS_ID = 1;

export async function readDinkThresholds(db: Db): Promise<DinkThresholds> {
  const row = await db
    .selectFrom('dink_settings')
    .select(['min_loot_value', 'min_level', 'min_xp_milestone'])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return row ?? DEFAULT_DINK_THRESHOLDS;
}

export async function saveDinkThresholds(db: Db, thresholds: DinkThresholds, now: string): Promise<void> {
  await db
    .insertInto('dink_settings')
    .values({ id: SETTINGS_ID, ...thresholds, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...thresholds, updated_at: now }))
    .execute();
}
