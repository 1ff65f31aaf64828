import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, type SessionUser } from '#core/auth/auth.schema.ts';
import { LINK_AUTH_ID_MESSAGES, type User } from '#core/users/users.schema.ts';
import {
  isReservedUsername,
  normaliseUsername,
  usernameProblem,
  type UsernameOrigin,
} from '#core/auth/username.ts';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import type { Clock } from '#shared/clock.ts';
import { ConflictError } from '../../db/errors.ts';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.ts';
import { inSerializableTransaction } from '../../db/transactions.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { deleteResetLinksMadeBy, deleteUserResetLinks } from '../auth/password-resets.repository.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { usernameVariant } from '#core/discord/discord-username.ts';
import {
  countAdmins,
  findUserById,
  findUserByTypedName,
  insertUser,
  toSessionUser,
  toUser,
  updateUser,
} from './users.repository.ts';

export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
}

const usernameTaken = () => new HttpError(409, 'CONFLICT', ACCOUNT_MESSAGES.usernameTaken);

/**
 * A new account's name, normalised. Characters no name may hold are a 400; a reserved name, or one
 * that reads like it, is taken (409). A look-alike of another user's name is refused by the unique
 * skeleton when the row is inserted, so two registrations at once cannot both pass.
 */
function newUsername(typed: string, origin: UsernameOrigin): string {
  const username = normaliseUsername(typed);
  const problem = usernameProblem(username);
  if (problem !== null) throw badRequest(problem);
  if (isReservedUsername(username, origin)) throw usernameTaken();
  return username;
}

/** An existing account named from the shell; older accounts keep the names they were made with. */
async function findNamedUser(db: AccountDeps['db'], typed: string): Promise<UserRow> {
  const name = normaliseUsername(typed);
  if (name === '') throw badRequest(ACCOUNT_MESSAGES.usernameRequired);
  const user = await findUserByTypedName(db, typed);
  if (!user) throw notFound(`No user named ${name}`);
  return user;
}

/** The columns an account starts with besides its name: a password's hash ('' for none), a Discord link. */
type AccountColumns = Pick<NewUserRow, 'password_hash' | 'is_admin' | 'discord_user_id' | 'discord_username'>;

/** Inserts the account and its audit row in one transaction; a taken name or Discord user throws ConflictError. */
async function insertAccount(
  deps: AccountDeps,
  username: string,
  columns: AccountColumns,
  actor: AuditActor,
  action: AuditAction,
): Promise<SessionUser> {
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertUser(trx, {
      username,
      ...columns,
      join_date: now.slice(0, 10),
      created_at: now,
      updated_at: now,
    });
    const user = toSessionUser(row);
    await recordAudit(trx, {
      actor,
      action,
      targetType: 'user',
      targetId: row.id,
      before: null,
      after: columns.discord_username ? { ...user, discord_username: columns.discord_username } : user,
      at: deps.clock.now(),
    });
    return user;
  });
}

/**
 * Creates a new account; 'Username already taken' (409) when the name, or one that reads the same,
 * is in use. Only the shell may create a reserved name (`admin`), as spelled.
 */
export async function createAccount(
  deps: AccountDeps,
  input: { username: string; password: string; isAdmin: boolean; origin: UsernameOrigin },
  actor: AuditActor,
): Promise<SessionUser> {
  const username = newUsername(input.username, input.origin);
  checkPassword(input.password);
  try {
    const columns = { password_hash: await hashPassword(input.password), is_admin: input.isAdmin };
    return await insertAccount(deps, username, columns, actor, 'user.create');
  } catch (error) {
    if (error instanceof ConflictError) throw usernameTaken();
    throw error;
  }
}

export type AdminAccountChange = 'created' | 'updated' | 'unchanged';

/**
 * Makes sure the account exists, is an admin and has this password (start-up runs this every time
 * from ADMIN_USERNAME / ADMIN_PASSWORD). An account that already matches is left alone: no rehash,
 * no audit row. A new password signs the account out everywhere. A new account's name follows the
 * rules of `npm run admin -- create`.
 */
export async function upsertAdminAccount(
  deps: AccountDeps,
  input: { username: string; password: string },
  actor: AuditActor,
): Promise<{ user: SessionUser; change: AdminAccountChange }> {
  checkPassword(input.password);
  const existing = await findUserByTypedName(deps.db, input.username);
  if (existing) return updateAdminAccount(deps, existing, input.password, actor);
  const username = newUsername(input.username, 'shell');
  try {
    const columns = { password_hash: await hashPassword(input.password), is_admin: true };
    const user = await insertAccount(deps, username, columns, actor, 'admin.account.create');
    return { user, change: 'created' };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Several instances starting together on one PostgreSQL: another one created it first.
    const createdMeanwhile = await findUserByTypedName(deps.db, username);
    if (!createdMeanwhile) throw usernameTaken();
    return updateAdminAccount(deps, createdMeanwhile, input.password, actor);
  }
}

async function updateAdminAccount(
  deps: AccountDeps,
  existing: UserRow,
  password: string,
  actor: AuditActor,
): Promise<{ user: SessionUser; change: AdminAccountChange }> {
  const before = toSessionUser(existing);
  const passwordKept = await verifyPassword(existing.password_hash, password);
  if (passwordKept && before.is_admin) return { user: before, change: 'unchanged' };
  const patch: UserUpdate = { is_admin: true, updated_at: deps.clock.now().toISOString() };
  if (!passwordKept) patch.password_hash = await hashPassword(password);
  return deps.db.transaction().execute(async (trx) => {
    const row = await updateUser(trx, existing.id, patch);
    if (!row) throw notFound('User not found');
    // Whoever knew the old password keeps no session (as with reset-password).
    if (!passwordKept) await deleteUserSessions(trx, row.id);
    // Now an admin, perhaps with a new password: a link made for it as a member is void.
    await deleteUserResetLinks(trx, row.id);
    const user = toSessionUser(row);
    await recordAudit(trx, {
      actor,
      action: 'admin.account.update',
      targetType: 'user',
      targetId: row.id,
      before,
      after: { ...user, password_changed: !passwordKept },
      at: deps.clock.now(),
    });
    return { user, change: 'updated' };
  });
}

/**
 * Demo mode's first admin: when the site has no admin at all, create `admin` with a random password
 * and return it so start-up can print it once. Returns null when an admin already exists.
 */
export async function createDemoAdminIfNone(
  deps: AccountDeps,
): Promise<{ username: string; password: string } | null> {
  if ((await countAdmins(deps.db)) > 0) return null;
  const credentials = { username: 'admin', password: randomBytes(12).toString('base64url') };
  await upsertAdminAccount(deps, credentials, { userId: null, label: 'start-up' });
  return credentials;
}

export async function resetPassword(
  deps: AccountDeps,
  input: { username: string; password: string },
  actor: AuditActor,
): Promise<SessionUser> {
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await findNamedUser(trx, input.username);
    const row = await updateUser(trx, existing.id, {
      password_hash: passwordHash,
      updated_at: deps.clock.now().toISOString(),
    });
    if (!row) throw notFound(`No user named ${existing.username}`);
    // Signing out everywhere: whoever knew the old password keeps no session, nor a reset link.
    await deleteUserSessions(trx, row.id);
    await deleteUserResetLinks(trx, row.id);
    await recordAudit(trx, {
      actor,
      action: 'user.password.reset',
      targetType: 'user',
      targetId: row.id,
      at: deps.clock.now(),
    });
    return toSessionUser(row);
  });
}

/**
 * Admins toggle other users' flags: revoking your own by a slip would lock you out, so a signed-in
 * actor may not target themselves. The shell (no user id) may, to recover a site.
 */
function checkNotOwnAccount(actor: AuditActor, userId: number): void {
  if (actor.userId === userId) throw forbidden('Failed to update admin status');
}

/**
 * Grants or revokes another user's admin flag. Refuses a change that changes nothing ('No changes
 * were made') and one that would leave the site without an admin.
 */
export async function setAdminFlag(
  deps: AccountDeps,
  input: { userId: number; isAdmin: boolean },
  actor: AuditActor,
): Promise<User> {
  checkNotOwnAccount(actor, input.userId);
  // Serializable on PostgreSQL so two admins revoking each other at once cannot both pass the
  // last-admin check; SQLite already runs one write transaction at a time.
  return inSerializableTransaction(deps.db, async (trx) => {
    const target = await findUserById(trx, input.userId);
    if (!target) throw notFound('User not found');
    const before = toSessionUser(target);
    if (before.is_admin === input.isAdmin) throw new HttpError(409, 'NO_CHANGES');
    if (!input.isAdmin && (await countAdmins(trx)) <= 1) throw new HttpError(409, 'LAST_ADMIN');
    const row = await updateUser(trx, target.id, {
      is_admin: input.isAdmin,
      updated_at: deps.clock.now().toISOString(),
    });
    if (!row) throw notFound('User not found');
    // A link was made for the account as it stood; one made by a former admin carries a right gone.
    await deleteUserResetLinks(trx, row.id);
    if (!input.isAdmin) await deleteResetLinksMadeBy(trx, row.id);
    const after = toSessionUser(row);
    await recordAudit(trx, {
      actor,
      action: input.isAdmin ? 'user.admin.grant' : 'user.admin.revoke',
      targetType: 'user',
      targetId: row.id,
      before,
      after,
      at: deps.clock.now(),
    });
    return toUser(row);
  });
}

export async function setAdminFlagByUsername(
  deps: AccountDeps,
  input: { username: string; isAdmin: boolean },
  actor: AuditActor,
): Promise<User> {
  const user = await findNamedUser(deps.db, input.username);
  return setAdminFlag(deps, { userId: user.id, isAdmin: input.isAdmin }, actor);
}

/**
 * Links a user to an external sign-in id (kept for single sign-on later), or unlinks with null. An
 * id another user already has is refused: 'Failed to link user' (409).
 */
export async function linkAuthId(
  deps: AccountDeps,
  input: { userId: number; supabaseAuthId: string | null },
  actor: AuditActor,
): Promise<User> {
  // UUIDs compare case-insensitively; one spelling keeps the unique index honest.
  const authId = input.supabaseAuthId?.toLowerCase() ?? null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const target = await findUserById(trx, input.userId);
      if (!target) throw notFound('User not found');
      const row = await updateUser(trx, target.id, {
        supabase_auth_id: authId,
        updated_at: deps.clock.now().toISOString(),
      });
      if (!row) throw notFound('User not found');
      const after = toUser(row);
      await recordAudit(trx, {
        actor,
        action: 'user.auth-id.link',
        targetType: 'user',
        targetId: row.id,
        before: { supabase_auth_id: target.supabase_auth_id },
        after: { supabase_auth_id: after.supabase_auth_id },
        at: deps.clock.now(),
      });
      return after;
    });
  } catch (error) {
    if (error instanceof ConflictError)
      throw new HttpError(409, 'CONFLICT', LINK_AUTH_ID_MESSAGES.failedToLink);
    throw error;
  }
}

/** Tries at a free variant of a Discord user's name before giving up (a clan has no hundred namesakes). */
const NAME_VARIANTS = 50;

/**
 * Makes the account of a person's first sign-in with Discord: no password (an empty hash, which no
 * password matches), the Discord user linked, and the first free variant of their Discord name
 * ("name", "name 2" …), which they can change later.
 */
export async function createDiscordAccount(
  deps: AccountDeps,
  input: { name: string; discordUserId: string; discordUsername: string; isAdmin: boolean },
): Promise<SessionUser> {
  const columns = {
    password_hash: '',
    is_admin: input.isAdmin,
    discord_user_id: input.discordUserId,
    discord_username: input.discordUsername,
  };
  const actor = { userId: null, label: 'discord sign-in' };
  for (let attempt = 1; attempt <= NAME_VARIANTS; attempt += 1) {
    try {
      return await insertAccount(deps, usernameVariant(input.name, attempt), columns, actor, 'user.create');
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // The same person's other tab made the account a moment ago: that one is theirs, no name is taken.
      const made = await deps.db
        .selectFrom('users')
        .selectAll()
        .where('discord_user_id', '=', input.discordUserId)
        .executeTakeFirst();
      if (made) return toSessionUser(made);
    }
  }
  throw usernameTaken();
}
