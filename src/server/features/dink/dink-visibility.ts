import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

/**
 * A character's Dink moments are public while the member is listed on the site and the owner has
 * not taken them off the feed (a character without a link, as in demo mode, shares by default).
 */
export function sharesPublicly(eb: ExpressionBuilder<Database, 'members' | 'dink_links'>) {
  return eb.and([
    isVisibleMember(eb as unknown as ExpressionBuilder<Database, 'members'>),
    eb.or([eb('dink_links.share_public', 'is', null), eb('dink_links.share_public', '=', true)]),
  ]);
}

/** A member's name and whether their moments are public now; undefined for an unknown member. */
export async function memberSharing(
  db: Kysely<Database> | Transaction<Database>,
  womId: string,
): Promise<{ wom_id: string; name: string; shared: boolean } | undefined> {
  const row = await db
    .selectFrom('members')
    .leftJoin('dink_links', 'dink_links.wom_id', 'members.wom_id')
    .select((eb) => ['members.wom_id', 'members.name', sharesPublicly(eb).as('shared')])
    .where('members.wom_id', '=', womId)
    .executeTakeFirst();
  return row && { wom_id: row.wom_id, name: row.name, shared: Boolean(row.shared) };
}
