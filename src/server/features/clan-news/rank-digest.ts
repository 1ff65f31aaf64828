import type { Kysely, Transaction } from 'kysely';
import type { News } from '#core/discord/news.ts';
import { rankProposal } from '#core/members/rank-proposals.ts';
import type { Database } from '../../db/schema.ts';
import { readClanRules } from '../clan-settings/clan-settings.ts';
import { listVisibleMembers } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

type RankUpdate = Extract<News, { kind: 'rank_updates_due' }>['members'][number];

/**
 * The members whose rank the Alerts tab proposes to change, by its rule (rankProposal), among those
 * in the clan and shown: a hidden member never mismatches, and one who left has no rank to set.
 */
export async function rankUpdatesDue(db: Db, now: Date): Promise<RankUpdate[]> {
  const [rows, { ladder }] = await Promise.all([listVisibleMembers(db), readClanRules(db)]);
  return rows.flatMap((row) => {
    const proposal = rankProposal(ladder, { ...row, hidden: false }, now);
    return proposal ? [{ wom_id: row.wom_id, name: row.name, from: row.womrole, to: proposal.rank }] : [];
  });
}
