import type { Kysely } from 'kysely';
import type { News } from '#core/discord/news.ts';
import type { Database } from '../../db/schema.ts';

/** The characters a news item is about, for the kinds a member may choose to be pinged by. */
function subjects(news: News): string[] {
  if (news.kind === 'game_moments') return [news.moment.wom_id];
  if (news.kind === 'rank_changed') return news.changes.map((change) => change.wom_id);
  return [];
}

/**
 * The Discord users to ping for a news item: the linked owners of its characters who opted in to
 * mentions (issue 32), read when it is sent, so a change of mind before then is honoured.
 */
export async function mentionedUsers(db: Kysely<Database>, news: News): Promise<string[]> {
  const womIds = subjects(news);
  if (womIds.length === 0) return [];
  const rows = await db
    .selectFrom('player_claims')
    .innerJoin('users', 'users.id', 'player_claims.user_id')
    .select('users.discord_user_id')
    .distinct()
    .where('player_claims.wom_id', 'in', womIds)
    .where('users.discord_mention_opt_in', '=', true)
    .where('users.discord_user_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.discord_user_id === null ? [] : [row.discord_user_id]));
}
