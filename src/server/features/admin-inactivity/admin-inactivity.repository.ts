import type { Kysely, Transaction } from 'kysely';
import type { InactivityFacts } from '#core/members/inactivity.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { listLastGainDays } from '../member-history/member-history.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the inactivity rule needs for every member still in the clan: members who left or were
 * deleted are not read (there is no one to chase); hidden members are, as the admin sees them.
 */
export async function listInactivityFacts(db: Db): Promise<InactivityFacts[]> {
  const [rows, lastGainDays] = await Promise.all([
    db
      .selectFrom('members')
      .select([
        'wom_id',
        'name',
        'womrole',
        'hidden',
        'join_date',
        'created_at',
        'wom_last_changed_at',
        'away_until',
      ])
      .where('left_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute(),
    listLastGainDays(db),
  ]);
  return rows.map((row) => ({
    wom_id: row.wom_id,
    name: row.name,
    womrole: row.womrole,
    hidden: toBool(row.hidden),
    joined_on: row.join_date ?? row.created_at.slice(0, 10),
    wom_last_changed_at: row.wom_last_changed_at,
    last_gain_day: lastGainDays.get(row.wom_id) ?? null,
    away_until: row.away_until,
  }));
}

/** A member not deleted, with their away date; undefined for an unknown or deleted member. */
export async function findAwayUntil(
  db: Db,
  womId: string,
): Promise<{ away_until: string | null } | undefined> {
  return db
    .selectFrom('members')
    .select('away_until')
    .where('wom_id', '=', womId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function writeAwayUntil(db: Db, womId: string, awayUntil: string | null): Promise<void> {
  await db.updateTable('members').set({ away_until: awayUntil }).where('wom_id', '=', womId).execute();
}
