import type { Kysely, Transaction } from 'kysely';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { rankProposal, type RankProposal } from '#core/members/rank-proposals.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import type { RosterRow } from '../members/members.repository.ts';
import { findMemberRow, listMemberRows } from './admin-members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The change the ladder calls for, for a member as the admin sees them: hidden members never
 * mismatch (domain rules) and a member who left has no rank to set.
 */
export function proposalFor(ladder: RankLadder, row: RosterRow, now: Date): RankProposal | null {
  if (row.left_at !== null || row.deleted_at !== null) return null;
  return rankProposal(ladder, { ...row, hidden: toBool(row.hidden) }, now);
}

/**
 * Brings the promotion queue's stored rows in line with the ladder (issue 30): a member newly due
 * gets a row dated now, one still due for the same rank keeps the date they became due (so the
 * queue shows who has waited longest), and one no longer due loses theirs. Without `womIds` every
 * member is looked at (a ladder save, a sync); with them, only those members (one admin write).
 */
export async function refreshRankQueue(
  trx: Transaction<Database>,
  ladder: RankLadder,
  now: Date,
  womIds?: readonly string[],
): Promise<void> {
  const rows = womIds
    ? (await Promise.all(womIds.map((womId) => findMemberRow(trx, womId)))).filter((row) => row !== undefined)
    : await listMemberRows(trx);
  const stored = new Map(
    (
      await trx
        .selectFrom('rank_proposals')
        .select(['wom_id', 'role'])
        .$if(womIds !== undefined, (query) => query.where('wom_id', 'in', [...(womIds ?? []), '']))
        .execute()
    ).map((row) => [row.wom_id, row.role]),
  );
  const due = new Map<string, string>();
  for (const row of rows) {
    const proposal = proposalFor(ladder, row, now);
    if (proposal) due.set(row.wom_id, proposal.rank);
  }
  const gone = [...stored.keys()].filter((womId) => due.get(womId) !== stored.get(womId));
  if (gone.length > 0) await trx.deleteFrom('rank_proposals').where('wom_id', 'in', gone).execute();
  const fresh = [...due].filter(([womId, role]) => stored.get(womId) !== role);
  const at = now.toISOString();
  for (let i = 0; i < fresh.length; i += 500) {
    await trx
      .insertInto('rank_proposals')
      .values(fresh.slice(i, i + 500).map(([womId, role]) => ({ wom_id: womId, role, due_since: at })))
      .execute();
  }
}

/** When each member's stored proposal became due, by WOM id and proposed role. */
export async function dueSinceByMember(
  db: Db,
  womIds?: readonly string[],
): Promise<Map<string, { role: string; due_since: string }>> {
  const rows = await db
    .selectFrom('rank_proposals')
    .select(['wom_id', 'role', 'due_since'])
    .$if(womIds !== undefined, (query) => query.where('wom_id', 'in', [...(womIds ?? []), '']))
    .execute();
  return new Map(rows.map((row) => [row.wom_id, { role: row.role, due_since: row.due_since }]));
}
