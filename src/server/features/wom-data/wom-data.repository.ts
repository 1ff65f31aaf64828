import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isHiddenFromPublic, isVisibleMember } from '../members/members.repository.ts';

/** A WOM resource's stored payload as JSON text, or null before the first sync stored it. */
export async function readWomCacheText(db: Kysely<Database>, resource: string): Promise<string | null> {
  const row = await db
    .selectFrom('wom_cache')
    .select('payload')
    .where('resource', '=', resource)
    .executeTakeFirst();
  return row?.payload ?? null;
}

export async function readWomCache<T>(db: Kysely<Database>, resource: string): Promise<T | null> {
  const text = await readWomCacheText(db, resource);
  return text === null ? null : (JSON.parse(text) as T);
}

export async function readWomCacheMany<T>(
  db: Kysely<Database>,
  resources: string[],
): Promise<Map<string, T>> {
  if (resources.length === 0) return new Map();
  const rows = await db
    .selectFrom('wom_cache')
    .select(['resource', 'payload'])
    .where('resource', 'in', resources)
    .execute();
  return new Map(rows.map((row) => [row.resource, JSON.parse(row.payload) as T]));
}

/**
 * The newest achievements, leaving out those of members the public must not see. Those without a
 * known date come after every dated one, so a newly tracked member's backlog never hides the news.
 */
export function listRecentAchievements(db: Kysely<Database>, limit: number) {
  return (
    db
      .selectFrom('achievements')
      .select(['player_wom_id', 'player_name', 'name', 'metric', 'threshold', 'achieved_at'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('members')
              .select(sql.lit(1).as('one'))
              .whereRef('members.wom_id', '=', 'achievements.player_wom_id')
              .where(isHiddenFromPublic),
          ),
        ),
      )
      // Explicit, as the engines disagree on where NULLs sort.
      .orderBy(sql`achieved_at is null`)
      .orderBy('achieved_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  );
}

export function findMemberStats(db: Kysely<Database>, womId: string) {
  return db.selectFrom('member_stats').selectAll().where('wom_id', '=', womId).executeTakeFirst();
}

/** Every visible member's stored snapshot with the name WOM shows, in a stable order. */
export function listVisibleMemberSnapshots(db: Kysely<Database>) {
  return db
    .selectFrom('member_stats')
    .innerJoin('members', 'members.wom_id', 'member_stats.wom_id')
    .select(['members.wom_id', 'members.name', 'members.wom_name', 'member_stats.snapshot'])
    .where(isVisibleMember)
    .orderBy('members.wom_id')
    .execute();
}
