import type { Kysely, Transaction } from 'kysely';
import { formatClaimCode } from '#core/claims/claim-code.ts';
import type { ClaimCode, ClaimRequest } from '#core/claims/claims.schema.ts';
import { withConstraintErrors } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A member a code can be made for: any the admins still have, hidden ones included. */
export function findUndeletedMember(db: Db, womId: string) {
  return db
    .selectFrom('members')
    .select(['wom_id', 'name'])
    .where('wom_id', '=', womId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

function selectClaimCodes(db: Db) {
  return db
    .selectFrom('claim_codes')
    .innerJoin('members', 'members.wom_id', 'claim_codes.wom_id')
    .leftJoin('users', 'users.id', 'claim_codes.claimed_by')
    .select([
      'claim_codes.id',
      'claim_codes.code',
      'claim_codes.wom_id',
      'members.name as member_name',
      'claim_codes.is_claimed',
      'claim_codes.expires_at',
      'claim_codes.created_at',
      'users.username as claimed_by',
      'claim_codes.claimed_at',
    ]);
}

type ClaimCodeRow = Awaited<ReturnType<ReturnType<typeof selectClaimCodes>['executeTakeFirstOrThrow']>>;

/** Codes are stored normalised and shown in groups, as the admin hands them out. */
function toClaimCode(row: ClaimCodeRow): ClaimCode {
  return { ...row, code: formatClaimCode(row.code), is_claimed: toBool(row.is_claimed) };
}

/** A member's codes, or every code, newest first. */
export async function listClaimCodes(db: Db, womId?: string): Promise<ClaimCode[]> {
  let query = selectClaimCodes(db)
    .orderBy('claim_codes.created_at', 'desc')
    .orderBy('claim_codes.id', 'desc');
  if (womId !== undefined) query = query.where('claim_codes.wom_id', '=', womId);
  const rows = await query.execute();
  return rows.map(toClaimCode);
}

export async function findClaimCode(db: Db, id: number): Promise<ClaimCode | undefined> {
  const row = await selectClaimCodes(db).where('claim_codes.id', '=', id).executeTakeFirst();
  return row && toClaimCode(row);
}

/** Throws ConflictError in the unheard-of case that the random code is already stored. */
export async function insertClaimCode(
  db: Db,
  code: { code: string; wom_id: string; expires_at: string; created_by: number | null; created_at: string },
): Promise<number> {
  const row = await withConstraintErrors(() =>
    db.insertInto('claim_codes').values(code).returning('id').executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** Deletes the code only while it is unused; false when it was redeemed meanwhile or is gone. */
export async function deleteUnusedClaimCode(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('claim_codes')
    .where('id', '=', id)
    .where('is_claimed', '=', false)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Records the review only while the request is pending; false when another review came first. */
export async function markClaimRequestReviewed(
  db: Db,
  id: number,
  review: {
    status: Exclude<ClaimRequest['status'], 'pending'>;
    admin_notes: string | null;
    reviewed_by: number | null;
    reviewed_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('claim_requests')
    .set(review)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
