import type { ExpressionBuilder } from 'kysely';
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
