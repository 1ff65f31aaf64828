import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function readWomCache<T>(db: Kysely<Database>, resource: string): Promise<T | null> {
  const row = await db
    .selectFrom('wom_cache')
    .select('payload')
    .where('resource', '=', resource)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as T) : null;
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

export function listRecentAchievements(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('achievements')
    .select(['player_wom_id', 'player_name', 'name', 'metric', 'threshold', 'achieved_at'])
    .orderBy('achieved_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findMemberStats(db: Kysely<Database>, womId: string) {
  return db.selectFrom('member_stats').selectAll().where('wom_id', '=', womId).executeTakeFirst();
}
