import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CLAIM_CODE_BYTES, encodeClaimCode } from '#core/claims/claim-code.ts';
import { planClaimCodeExpiry } from '#core/claims/claim-code-expiry.ts';
import { CLAIM_MESSAGES, type ClaimCode, type ClaimRequest } from '#core/claims/claims.schema.ts';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { findClaimRequest, isCharacterClaimed } from '../claims/claims.repository.ts';
import { claimCharacter } from '../claims/claims.service.ts';
import {
  deleteUnusedClaimCode,
  findClaimCode,
  findUndeletedMember,
  insertClaimCode,
  markClaimRequestReviewed,
} from './admin-claims.repository.ts';

export interface AdminClaimsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const REQUEST_NOT_FOUND = 'Claim request not found';
const CODE_NOT_FOUND = 'Claim code not found';

const alreadyReviewed = () => new HttpError(409, 'CONFLICT', CLAIM_MESSAGES.requestAlreadyReviewed);
const codeAlreadyUsed = () => new HttpError(409, 'CONFLICT', CLAIM_MESSAGES.codeAlreadyUsed);

async function audit(
  deps: AdminClaimsDeps,
  trx: Transaction<Database>,
  entry: {
    actor: AuditActor;
    action: AuditAction;
    targetType: string;
    id: number;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await recordAudit(trx, {
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.id,
    before: entry.before,
    after: entry.after,
    at: deps.clock.now(),
  });
}

/**
 * Approves or denies a pending request. Approving gives the user the character in the same
 * transaction, so a character claimed meanwhile refuses the approval and the request stays pending.
 */
export async function reviewClaimRequest(
  deps: AdminClaimsDeps,
  id: number,
  review: { status: 'approved' | 'denied'; admin_notes: string | null },
  actor: AuditActor,
): Promise<ClaimRequest> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await findClaimRequest(trx, id);
    if (!before) throw notFound(REQUEST_NOT_FOUND);
    const now = deps.clock.now().toISOString();
    // Only while pending: a request reviewed before, or by another admin since it was read, stays as it is.
    const reviewed = await markClaimRequestReviewed(trx, id, {
      ...review,
      reviewed_by: actor.userId,
      reviewed_at: now,
    });
    if (!reviewed) throw alreadyReviewed();
    if (review.status === 'approved') {
      await claimCharacter(trx, { user_id: before.user_id, wom_id: before.wom_id, claimed_at: now }, actor);
    }
    const after = await findClaimRequest(trx, id);
    if (!after) throw notFound(REQUEST_NOT_FOUND);
    await audit(deps, trx, {
      actor,
      action: review.status === 'approved' ? 'claim-request.approve' : 'claim-request.deny',
      targetType: 'claim_request',
      id,
      before,
      after,
    });
    return after;
  });
}

/** What the audit log keeps of a code: everything but the code itself, which must not outlive its use. */
function auditedCode({ code: _code, ...rest }: ClaimCode) {
  return rest;
}

/**
 * A new random code for a member, valid until the admin's time or for the default days. A claimed
 * member already has its owner, so a code for it could never be redeemed: refused with 409.
 */
export async function createClaimCode(
  deps: AdminClaimsDeps,
  input: { wom_id: string; expires_at?: string | null | undefined },
  actor: AuditActor,
): Promise<ClaimCode> {
  const now = deps.clock.now();
  const expiry = planClaimCodeExpiry(now, input.expires_at);
  if ('problem' in expiry) throw badRequest(expiry.problem);
  return deps.db.transaction().execute(async (trx) => {
    const member = await findUndeletedMember(trx, input.wom_id);
    if (!member) throw badRequest(CLAIM_MESSAGES.selectValidPlayer);
    if (await isCharacterClaimed(trx, member.wom_id)) {
      throw new HttpError(409, 'CONFLICT', CLAIM_MESSAGES.alreadyClaimed);
    }
    const id = await insertClaimCode(trx, {
      code: encodeClaimCode(randomBytes(CLAIM_CODE_BYTES)),
      wom_id: member.wom_id,
      expires_at: expiry.expires_at,
      created_by: actor.userId,
      created_at: now.toISOString(),
    });
    const created = await findClaimCode(trx, id);
    if (!created) throw new Error(`claim code ${id} was not found after inserting it`);
    await audit(deps, trx, {
      actor,
      action: 'claim-code.create',
      targetType: 'claim_code',
      id,
      before: null,
      after: auditedCode(created),
    });
    return created;
  });
}

/** Revokes an unused code; a used one stays, as the record of its claim. */
export async function revokeClaimCode(deps: AdminClaimsDeps, id: number, actor: AuditActor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await findClaimCode(trx, id);
    if (!before) throw notFound(CODE_NOT_FOUND);
    if (!(await deleteUnusedClaimCode(trx, id))) {
      // Used (perhaps since it was read), or revoked meanwhile by another admin.
      throw (await findClaimCode(trx, id)) ? codeAlreadyUsed() : notFound(CODE_NOT_FOUND);
    }
    await audit(deps, trx, {
      actor,
      action: 'claim-code.revoke',
      targetType: 'claim_code',
      id,
      before: auditedCode(before),
      after: null,
    });
  });
}
