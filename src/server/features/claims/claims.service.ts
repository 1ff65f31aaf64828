import type { Kysely, Transaction } from 'kysely';
import { isClaimCodeExpired } from '#core/claims/claim-code-expiry.ts';
import { CLAIM_MESSAGES, type Character, type ClaimRequest } from '#core/claims/claims.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { ConflictError } from '../../db/errors.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { queueRoleSyncs } from '../discord-home/role-sync.ts';
import { announce } from '../discord/discord-outbox.ts';
import { requireRoomUnderCap } from '../users/account-caps.ts';
import {
  closePendingRequestsFor,
  countPendingRequests,
  countPendingRequestsOf,
  findCharacter,
  findClaimCodeByCode,
  findClaimRequest,
  findRequestableMember,
  insertClaimRequest,
  insertPlayerClaim,
  isCharacterClaimed,
  markClaimCodeUsed,
} from './claims.repository.ts';

export interface ClaimsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A code that does not exist or was used: the one refusal that counts as a guess. */
export class WrongClaimCodeError extends HttpError {
  override name = 'WrongClaimCodeError';

  constructor() {
    super(400, 'INVALID_CLAIM_CODE', CLAIM_MESSAGES.invalidCode);
  }
}

const alreadyClaimed = () => new HttpError(409, 'CONFLICT', CLAIM_MESSAGES.alreadyClaimed);

/**
 * Gives the character its owner inside the caller's transaction, and moves the roster's revision so
 * its `claimed` flag changes with the commit. Other pending requests for the character end in the
 * same transaction (issue 21): nobody else can have it now, so their users are told at once rather
 * than waiting on an admin. A character with an owner already refuses with 409, and the throw rolls
 * back whatever the transaction wrote before.
 */
export async function claimCharacter(
  trx: Transaction<Database>,
  claim: { user_id: number; wom_id: string; claimed_at: string },
  actor: AuditActor,
): Promise<Character> {
  try {
    await insertPlayerClaim(trx, claim);
  } catch (error) {
    if (error instanceof ConflictError) throw alreadyClaimed();
    throw error;
  }
  // A new character may outrank the owner's others: their Discord roles follow, if Discord is linked.
  await queueRoleSyncs(trx, [claim.user_id], 'claim', new Date(claim.claimed_at));
  const closed = await closePendingRequestsFor(
    trx,
    { wom_id: claim.wom_id, user_id: claim.user_id, at: claim.claimed_at },
    { own: CLAIM_MESSAGES.claimedWithCode, others: CLAIM_MESSAGES.claimedByAnother },
  );
  // Each closed request is audited as the action of whoever made the claim: it changed their rows.
  for (const id of closed) {
    const after = await findClaimRequest(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'claim-request.close',
      targetType: 'claim_request',
      targetId: id,
      before: { status: 'pending' },
      after: after && { status: after.status, admin_notes: after.admin_notes },
      at: new Date(claim.claimed_at),
    });
  }
  await bumpRevision(trx, 'members');
  const character = await findCharacter(trx, claim.wom_id);
  if (!character) throw new Error(`the claim on ${claim.wom_id} was not found after inserting it`);
  return character;
}

/**
 * Redeems a normalised code for the user in one transaction: the code is marked used only if it
 * still is unused, and the claim is inserted with it, so a code gives exactly one claim.
 */
export async function redeemClaimCode(
  deps: ClaimsServiceDeps,
  userId: number,
  code: string,
  actor: AuditActor,
): Promise<{ message: string; character: Character }> {
  return deps.db.transaction().execute(async (trx) => {
    const found = await findClaimCodeByCode(trx, code);
    if (!found || toBool(found.is_claimed)) throw new WrongClaimCodeError();
    const now = deps.clock.now();
    if (isClaimCodeExpired(found.expires_at, now)) throw badRequest(CLAIM_MESSAGES.expiredCode);
    const claimedAt = now.toISOString();
    // Lost to a simultaneous redemption of the same code: to this user it is a used code.
    if (!(await markClaimCodeUsed(trx, found.id, { claimed_by: userId, claimed_at: claimedAt }))) {
      throw new WrongClaimCodeError();
    }
    const character = await claimCharacter(
      trx,
      { user_id: userId, wom_id: found.wom_id, claimed_at: claimedAt },
      actor,
    );
    return { message: CLAIM_MESSAGES.claimed(character.name), character };
  });
}

const pendingRequestExists = () => new HttpError(409, 'CONFLICT', CLAIM_MESSAGES.pendingRequestExists);

/**
 * Asks the admins for a member the roster shows; the request starts pending, and the admins' Discord
 * channel hears of it with how many requests wait.
 */
export async function requestClaim(
  deps: ClaimsServiceDeps,
  userId: number,
  input: { wom_id: string; message: string | null },
): Promise<ClaimRequest> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const member = await findRequestableMember(trx, input.wom_id);
    if (!member) throw badRequest(CLAIM_MESSAGES.selectValidPlayer);
    if (await isCharacterClaimed(trx, member.wom_id)) throw alreadyClaimed();
    await requireRoomUnderCap(trx, userId, 'pendingClaimRequests', (db) =>
      countPendingRequestsOf(db, userId),
    );
    const id = await insertClaimRequest(trx, {
      user_id: userId,
      wom_id: member.wom_id,
      rsn: member.name,
      message: input.message,
      created_at: now.toISOString(),
    }).catch((error: unknown) => {
      // The unique key on a user's pending request for a member refuses a second, simultaneous or not.
      throw error instanceof ConflictError ? pendingRequestExists() : error;
    });
    const request = await findClaimRequest(trx, id);
    if (!request) throw new Error(`claim request ${id} was not found after inserting it`);
    await announce(
      trx,
      {
        kind: 'claim_requests',
        member: { wom_id: member.wom_id, name: member.name },
        username: request.username,
        pending: await countPendingRequests(trx),
      },
      now,
    );
    return request;
  });
}
