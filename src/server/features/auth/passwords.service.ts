import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordInput,
  type FirstPasswordInput,
  type PasswordResetInput,
} from '#core/auth/auth.schema.ts';
import { isResetLinkUsable, resetLinkExpiry, resetLinkPath } from '#core/auth/password-reset.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { toBool } from '../../db/values.ts';
import { HttpError, badRequest, forbidden, notFound, unauthenticated } from '../../http/http-error.ts';
import type { AccountDeps } from '../users/accounts.service.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';
import { findUserById, toSessionUser, updateNonAdminUser, updateUser } from '../users/users.repository.ts';
import { hashToken, openSession, type AuthDeps, type IssuedSession } from './auth.service.ts';
import {
  deleteExpiredResetLinks,
  deleteUserResetLinks,
  findResetLink,
  insertResetLink,
  useResetLink,
} from './password-resets.repository.ts';
import { deleteOtherSessions, deleteUserSessions } from './sessions.repository.ts';

const resetLinkInvalid = () => badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);

/**
 * A signed-in user sets a new password: the current one must be right. The session in use stays
 * signed in; every other one ends, so whoever knew the old password is signed out.
 */
export async function changePassword(
  deps: AuthDeps,
  input: { userId: number; sessionToken: string; body: ChangePasswordInput },
): Promise<void> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.password_hash, input.body.current_password))) {
    throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(input.body.new_password);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now.toISOString() });
    await deleteOtherSessions(trx, user.id, hashToken(input.sessionToken));
    // A link made while the member had forgotten the old password must not undo the new one.
    await deleteUserResetLinks(trx, user.id);
    await recordAudit(trx, {
      actor: { userId: user.id, label: user.username },
      action: 'user.password.change',
      targetType: 'user',
      targetId: user.id,
      at: now,
    });
  });
}

/** Whoever signed up with Discord has no password (an empty hash) until they set one here. */
export const HAS_PASSWORD_ALREADY = 'This account has a password already: change it with the current one.';

/**
 * The first password of an account made by Discord sign-in, so its owner can also sign in by name
 * (and unlink Discord). Refused once the account has a password: that one is changed knowing it.
 */
export async function setFirstPassword(
  deps: AuthDeps,
  input: { userId: number; username: string; body: FirstPasswordInput },
): Promise<void> {
  const passwordHash = await hashPassword(input.body.new_password);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', input.userId)
      .where('password_hash', '=', '')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, 'CONFLICT', HAS_PASSWORD_ALREADY);
    await recordAudit(trx, {
      actor: { userId: input.userId, label: input.username },
      action: 'user.password.change',
      targetType: 'user',
      targetId: input.userId,
      at: now,
    });
  });
}

/**
 * An admin's one-time link for a member who forgot their password. Only the token's hash is kept; the
 * path with the token is returned once. A new link voids the user's earlier ones. An admin gets none
 * (403): a link would let one admin sign in as another, so an admin's password is reset from the shell.
 */
export async function createPasswordResetLink(
  deps: AccountDeps,
  userId: number,
  actor: AuditActor,
): Promise<{ path: string; expires_at: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = resetLinkExpiry(now).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('User not found');
    if (toBool(user.is_admin)) throw forbidden(ACCOUNT_MESSAGES.adminResetFromShell);
    await deleteExpiredResetLinks(trx, now.toISOString());
    await deleteUserResetLinks(trx, user.id);
    await insertResetLink(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: actor.userId,
      now: now.toISOString(),
    });
    await recordAudit(trx, {
      actor,
      action: 'user.password.reset-link',
      targetType: 'user',
      targetId: user.id,
      after: { expires_at: expiresAt },
      at: now,
    });
    return { path: resetLinkPath(token), expires_at: expiresAt };
  });
}

/**
 * Sets the password through a reset link and signs the user in afresh: the link is used up, every
 * session of the user ends and a new one opens, all in one transaction, audited with the admin who
 * made the link. A used, expired or unknown link is refused without a write, and so is a link whose
 * user has become an admin since it was made.
 */
export async function resetPasswordWithLink(
  deps: AuthDeps,
  input: PasswordResetInput,
): Promise<IssuedSession> {
  const tokenHash = hashToken(input.token);
  const now = deps.clock.now();
  // Checked before the slow hash, so a bad link costs the server little; the update below decides.
  const link = await findResetLink(deps.db, tokenHash);
  if (!link || !isResetLinkUsable(link, now)) throw resetLinkInvalid();
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction().execute(async (trx) => {
    const used = await useResetLink(trx, tokenHash, now.toISOString());
    if (used === undefined) throw resetLinkInvalid();
    const row = await updateNonAdminUser(trx, used.user_id, {
      password_hash: passwordHash,
      updated_at: now.toISOString(),
    });
    if (!row) throw resetLinkInvalid();
    await deleteUserSessions(trx, row.id);
    const session = await openSession({ ...deps, db: trx }, toSessionUser(row));
    const maker = used.created_by === null ? undefined : await findUserById(trx, used.created_by);
    await recordAudit(trx, {
      actor: { userId: row.id, label: row.username },
      action: 'user.password.reset',
      targetType: 'user',
      targetId: row.id,
      after: { link_created_by: maker ? { id: maker.id, username: maker.username } : null },
      at: now,
    });
    return session;
  });
}
