import type { Kysely } from 'kysely';
import type { News } from '#core/discord/news.ts';
import { rankProposal } from '#core/members/rank-proposals.ts';
import type { Database } from '../../db/schema.ts';
import { listVisibleMembers } from '../members/members.repository.ts';

type RankUpdate = Extract<News, { kind: 'rank_updates_due' }>['members'][number];

/**
 * The members whose rank the Alerts tab proposes to change, by its rule (rankProposal), among those
 * in the clan and shown: a hidden member never mismatches, and one who left has no rank to set.
 */
export async function rankUpdatesDue(db: Kysely<Database>): Promise<RankUpdate[]> {
  const rows = await listVisibleMembers(db);
  return rows.flatMap((row) => {
    const proposal = rankProposal({ ...row, hidden: false });
    return proposal ? [{ wom_id: row.wom_id, name: row.name, from: row.womrole, to: proposal.rank }] : [];
  });
}
