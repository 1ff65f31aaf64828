import type { Kysely, Transaction } from 'kysely';
import { toCharacter } from '#core/claims/character.ts';
import type { Character, ClaimRequest } from '#core/claims/claims.schema.ts';
import { withConstraintErrors } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Claims with their members' fields; a claim whose member row is missing still shows (as 'Unknown Player'). */
function selectCharacters(db: Db) {
  return db
    .selectFrom('player_claims')
    .leftJoin('members', 'members.wom_id', 'player_claims.wom_id')
    .select([
      'player_claims.wom_id',
      'player_claims.claimed_at',
      'members.name',
      'members.wom_name',
      'members.womrole',
      'members.combat_level',
      'members.current_lvl',
      'members.current_xp',
      'members.ehb',
      'members.siege_score',
    ]);
}

/** The user's characters in the order they were claimed. */
export async function listCharacters(db: Db, userId: number): Promise<Character[]> {
  const rows = await selectCharacters(db)
    .where('player_claims.user_id', '=', userId)
    .orderBy('player_claims.claimed_at')
    .orderBy('player_claims.id')
    .execute();
  return rows.map(toCharacter);
}

export async function findCharacter(db: Db, womId: string): Promise<Character | undefined> {
  const row = await selectCharacters(db).where('player_claims.wom_id', '=', womId).executeTakeFirst();
  return row && toCharacter(row);
}

/** Throws ConflictError when the character already has an owner (one owner per character). */
export async function insertPlayerClaim(
  db: Db,
  claim: { user_id: number; wom_id: string; claimed_at: string },
): Promise<void> {
  await withConstraintErrors(() => db.insertInto('player_claims').values(claim).execute());
}

export async function isCharacterClaimed(db: Db, womId: string): Promise<boolean> {
  const row = await db
    .selectFrom('player_claims')
    .select('id')
    .where('wom_id', '=', womId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member a user may ask for: one the public roster shows. */
export function findRequestableMember(db: Db, womId: string) {
  return db
    .selectFrom('members')
    .select(['wom_id', 'name'])
    .where('wom_id', '=', womId)
    .where(isVisibleMember)
    .executeTakeFirst();
}

/** The stored code (normalised, without dashes), if any. */
export function findClaimCodeByCode(db: Db, code: string) {
  return db
    .selectFrom('claim_codes')
    .select(['id', 'wom_id', 'is_claimed', 'expires_at'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * Marks the code used only while it is unused, so of two redemptions racing for one code exactly
 * one gets it. False when the code was used meanwhile.
 */
export async function markClaimCodeUsed(
  db: Db,
  id: number,
  use: { claimed_by: number; claimed_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('claim_codes')
    .set({ is_claimed: true, ...use })
    .where('id', '=', id)
    .where('is_claimed', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type ClaimRequestFilter = { userId?: number; status?: ClaimRequest['status'] };

/** Claim requests with their users' names, newest first. */
export async function listClaimRequests(db: Db, filter: ClaimRequestFilter = {}): Promise<ClaimRequest[]> {
  let query = selectClaimRequests(db)
    .orderBy('claim_requests.created_at', 'desc')
    .orderBy('claim_requests.id', 'desc');
  if (filter.userId !== undefined) query = query.where('claim_requests.user_id', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('claim_requests.status', '=', filter.status);
  return query.execute();
}

export function findClaimRequest(db: Db, id: number): Promise<ClaimRequest | undefined> {
  return selectClaimRequests(db).where('claim_requests.id', '=', id).executeTakeFirst();
}

function selectClaimRequests(db: Db) {
  return db
    .selectFrom('claim_requests')
    .innerJoin('users', 'users.id', 'claim_requests.user_id')
    .select([
      'claim_requests.id',
      'claim_requests.user_id',
      'users.username',
      'claim_requests.wom_id',
      'claim_requests.rsn',
      'claim_requests.message',
      'claim_requests.status',
      'claim_requests.admin_notes',
      'claim_requests.created_at',
      'claim_requests.reviewed_at',
    ]);
}

/** How many claim requests, everyone's, wait for an admin's review. */
export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom('claim_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of the user's claim requests no admin has reviewed yet. */
export async function countPendingRequestsOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('claim_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Throws ConflictError when the user already has a pending request for the member. */
export async function insertClaimRequest(
  db: Db,
  request: { user_id: number; wom_id: string; rsn: string; message: string | null; created_at: string },
): Promise<number> {
  const row = await withConstraintErrors(() =>
    db
      .insertInto('claim_requests')
      .values({ ...request, status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/**
 * Ends the pending requests for a character that has just been claimed, so none waits for a review
 * that can only fail: the owner's own is approved (their claim answered it), everyone else's denied,
 * each with the note its user reads on their Requests tab. Returns the closed requests' ids.
 */
export async function closePendingRequestsFor(
  db: Db,
  claim: { wom_id: string; user_id: number; at: string },
  notes: { own: string; others: string },
): Promise<number[]> {
  const pending = await db
    .selectFrom('claim_requests')
    .select(['id', 'user_id'])
    .where('wom_id', '=', claim.wom_id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  for (const request of pending) {
    const own = request.user_id === claim.user_id;
    await db
      .updateTable('claim_requests')
      .set({
        status: own ? 'approved' : 'denied',
        admin_notes: own ? notes.own : notes.others,
        reviewed_by: null,
        reviewed_at: claim.at,
      })
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .execute();
  }
  return pending.map((request) => request.id);
}
