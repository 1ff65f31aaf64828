import type { Kysely, Transaction } from 'kysely';
import type { MemberReturn } from '#core/members/member-returns.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertMemberReturn(
  db: Db,
  back: MemberReturn & { wom_id: string },
  recordedAt: string,
): Promise<void> {
  await db
    .insertInto('member_returns')
    .values({ ...back, recorded_at: recordedAt })
    .execute();
}

/** Each member's returns, oldest first; of the given members only, or of every member. */
export async function listMemberReturns(
  db: Db,
  womIds?: readonly string[],
): Promise<Map<string, MemberReturn[]>> {
  if (womIds?.length === 0) return new Map();
  let query = db
    .selectFrom('member_returns')
    .select(['wom_id', 'left_at', 'returned_on', 'joined_before'])
    .orderBy('wom_id')
    .orderBy('returned_on')
    .orderBy('id');
  if (womIds !== undefined) query = query.where('wom_id', 'in', womIds);
  const byMember = new Map<string, MemberReturn[]>();
  for (const { wom_id, ...back } of await query.execute()) {
    byMember.set(wom_id, [...(byMember.get(wom_id) ?? []), back]);
  }
  return byMember;
}
