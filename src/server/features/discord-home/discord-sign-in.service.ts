import type { Kysely } from 'kysely';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import { DISCORD_HOME_MESSAGES, type DiscordSignInError } from '#core/discord/discord-home.schema.ts';
import { siteNameFromDiscord } from '#core/discord/discord-username.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { openSession, type IssuedSession } from '../auth/auth.service.ts';
import { DiscordUnreachableError } from '../discord/discord-client.ts';
import { createDiscordAccount } from '../users/accounts.service.ts';
import { countAdmins, toSessionUser } from '../users/users.repository.ts';
import { oauthClient, readDiscordApp, type DiscordAppSettings } from './discord-app-settings.ts';
import {
  authorizeUrl,
  exchangeCode,
  newPendingSignIn,
  type DiscordIdentity,
  type PendingSignIn,
} from './discord-oauth.ts';
import { DiscordRestError, discordApiRoot } from './discord-rest.ts';
import { queueRoleSyncs } from './role-sync.ts';

export interface DiscordSignInDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  sessionTtlDays: number;
}

/** The sign-in Discord is sent to, and what the browser's cookie must carry back. */
export async function startDiscordSignIn(
  deps: DiscordSignInDeps,
  intent: PendingSignIn['intent'],
  redirectUri: string,
): Promise<{ url: string; pending: PendingSignIn }> {
  const client = oauthClient(await readDiscordApp(deps.db, deps.config.discord.app));
  if (client === null) throw notFound(DISCORD_HOME_MESSAGES.notSetUp);
  const pending = newPendingSignIn(intent);
  return {
    url: authorizeUrl(client.authorizeUrl, { clientId: client.clientId, redirectUri }, pending),
    pending,
  };
}

/** Where the browser goes once Discord has answered, with the session to open when there is one. */
export type SignInResult = { redirect: string; session?: IssuedSession };

const back = (intent: PendingSignIn['intent'], error: DiscordSignInError): SignInResult => ({
  redirect: intent === 'link' ? `/profile?discord_error=${error}` : `/login?discord_error=${error}`,
});

/** Holders of one of the admin roles are admins, when the clan names any (checked at each sign-in). */
function adminByRole(app: DiscordAppSettings, identity: DiscordIdentity): boolean | null {
  if (app.admin_role_ids.length === 0 || app.guild_id === null) return null;
  return (identity.guildRoles ?? []).some((role) => app.admin_role_ids.includes(role));
}

async function findByDiscordId(db: Kysely<Database>, discordUserId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('discord_user_id', '=', discordUserId).executeTakeFirst();
}

/**
 * Finishes a sign-in or a link after Discord's redirect. The caller has checked `state` against the
 * browser's cookie already. Any failure of Discord's sends the person back with a reason in words.
 */
export async function finishDiscordSignIn(
  deps: DiscordSignInDeps,
  input: {
    pending: PendingSignIn;
    code: string | null;
    error: string | null;
    redirectUri: string;
    signedIn: SessionUser | null;
  },
): Promise<SignInResult> {
  const { pending } = input;
  if (input.error !== null || input.code === null) return back(pending.intent, 'denied');
  if (pending.intent === 'link' && input.signedIn === null) throw new HttpError(401, 'UNAUTHENTICATED');
  const app = await readDiscordApp(deps.db, deps.config.discord.app);
  const client = oauthClient(app);
  if (client === null) throw notFound(DISCORD_HOME_MESSAGES.notSetUp);
  let identity: DiscordIdentity;
  try {
    identity = await exchangeCode({
      root: discordApiRoot(deps.config.discord.apiBaseUrl),
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: input.redirectUri,
      code: input.code,
      verifier: pending.verifier,
      guildId: app.guild_id,
    });
  } catch (error) {
    if (error instanceof DiscordRestError || error instanceof DiscordUnreachableError)
      return back(pending.intent, 'failed');
    throw error;
  }
  if (pending.intent === 'link' && input.signedIn !== null) return link(deps, input.signedIn, identity);
  return signIn(deps, app, identity);
}

async function link(
  deps: DiscordSignInDeps,
  user: SessionUser,
  identity: DiscordIdentity,
): Promise<SignInResult> {
  const now = deps.clock.now();
  const owner = await findByDiscordId(deps.db, identity.id);
  if (owner && owner.id !== user.id) return back('link', 'taken');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        discord_user_id: identity.id,
        discord_username: identity.username,
        updated_at: now.toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    await recordAudit(trx, {
      actor: { userId: user.id, label: user.username },
      action: 'user.discord.link',
      targetType: 'user',
      targetId: user.id,
      after: { discord_user_id: identity.id, discord_username: identity.username },
      at: now,
    });
    await queueRoleSyncs(trx, [user.id], 'link', now);
  });
  return { redirect: '/profile?discord=linked' };
}

async function signIn(
  deps: DiscordSignInDeps,
  app: DiscordAppSettings,
  identity: DiscordIdentity,
): Promise<SignInResult> {
  const now = deps.clock.now();
  const admin = adminByRole(app, identity);
  const known = await findByDiscordId(deps.db, identity.id);
  let user: SessionUser;
  if (known) user = toSessionUser(await refreshAccount(deps, known, identity, admin, now));
  else {
    if (app.members_only && app.guild_id !== null && identity.guildRoles === null)
      return back('sign_in', 'not_member');
    user = await createDiscordAccount(deps, {
      name: siteNameFromDiscord(identity.globalName, identity.username),
      discordUserId: identity.id,
      discordUsername: identity.username,
      isAdmin: admin === true,
    });
  }
  const session = await openSession(
    { db: deps.db, clock: deps.clock, sessionTtlDays: deps.sessionTtlDays },
    user,
  );
  return { redirect: session.user.is_admin ? '/admin' : '/profile', session };
}

/** Keeps the Discord name current and, when admin roles are named, whether the person is an admin. */
async function refreshAccount(
  deps: DiscordSignInDeps,
  row: UserRow,
  identity: DiscordIdentity,
  admin: boolean | null,
  now: Date,
): Promise<UserRow> {
  const wasAdmin = Boolean(row.is_admin);
  return deps.db.transaction().execute(async (trx) => {
    // The clan keeps at least one admin: its last one is not demoted by a Discord role they lack.
    const adminChanges = admin !== null && admin !== wasAdmin && (admin || (await countAdmins(trx)) > 1);
    const updated = await trx
      .updateTable('users')
      .set({
        discord_username: identity.username,
        ...(adminChanges ? { is_admin: admin, updated_at: now.toISOString() } : {}),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (adminChanges)
      await recordAudit(trx, {
        actor: { userId: null, label: 'discord sign-in' },
        action: 'user.discord.admin',
        targetType: 'user',
        targetId: row.id,
        before: { is_admin: wasAdmin },
        after: { is_admin: admin },
        at: now,
      });
    return updated;
  });
}
