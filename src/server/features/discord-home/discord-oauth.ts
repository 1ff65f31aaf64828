import { createHash, randomBytes } from 'node:crypto';
import { discordRest, DiscordRestError } from './discord-rest.ts';

/** The scopes sign-in asks for: who the person is, and their roles in the clan's server. */
export const OAUTH_SCOPES = ['identify', 'guilds.members.read'] as const;

/** A started sign-in: the `state` that ties Discord's answer to this browser and PKCE's verifier. */
export interface PendingSignIn {
  state: string;
  verifier: string;
  intent: 'sign_in' | 'link';
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export function newPendingSignIn(intent: PendingSignIn['intent']): PendingSignIn {
  return { state: base64url(randomBytes(24)), verifier: base64url(randomBytes(48)), intent };
}

/** PKCE's S256 challenge: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export function codeChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

/** The address of Discord's consent page the browser is sent to. */
export function authorizeUrl(
  authorize: string,
  client: { clientId: string; redirectUri: string },
  pending: PendingSignIn,
): string {
  const url = new URL(authorize);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: OAUTH_SCOPES.join(' '),
    state: pending.state,
    code_challenge: codeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The cookie that carries a started sign-in: `state.verifier.intent`, all three URL-safe. */
export const serialisePending = (pending: PendingSignIn) =>
  `${pending.state}.${pending.verifier}.${pending.intent}`;

export function parsePending(value: string | undefined): PendingSignIn | null {
  const [state, verifier, intent, ...rest] = (value ?? '').split('.');
  if (rest.length > 0 || !state || !verifier || (intent !== 'sign_in' && intent !== 'link')) return null;
  return { state, verifier, intent };
}

/** Who signed in, as Discord says; their roles when they are in the clan's server (null when not). */
export interface DiscordIdentity {
  id: string;
  username: string;
  globalName: string | null;
  guildRoles: string[] | null;
}

export interface CodeExchange {
  root: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  code: string;
  verifier: string;
  guildId: string | null;
}

/** Discord's code for "not in this server" when a user reads their own membership. */
const UNKNOWN_GUILD = 10004;

/**
 * Trades the code for a token, reads the person and their membership of the clan's server, then
 * revokes the token: the site keeps the Discord user id, never a token.
 */
export async function exchangeCode(exchange: CodeExchange): Promise<DiscordIdentity> {
  const token = await discordRest({
    root: exchange.root,
    method: 'POST',
    path: '/oauth2/token',
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(exchange.clientId)}:${encodeURIComponent(exchange.clientSecret)}`).toString('base64')}`,
    form: {
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.verifier,
    },
  });
  const accessToken = (token.body as { access_token?: unknown } | null)?.access_token;
  if (typeof accessToken !== 'string') throw new Error('Discord answered the token exchange without a token');
  const bearer = `Bearer ${accessToken}`;
  try {
    const me = (
      await discordRest({ root: exchange.root, method: 'GET', path: '/users/@me', authorization: bearer })
    ).body as { id?: unknown; username?: unknown; global_name?: unknown } | null;
    if (typeof me?.id !== 'string' || typeof me.username !== 'string')
      throw new Error('Discord answered /users/@me without a user');
    return {
      id: me.id,
      username: me.username,
      globalName: typeof me.global_name === 'string' ? me.global_name : null,
      guildRoles:
        exchange.guildId === null ? null : await ownGuildRoles(exchange.root, bearer, exchange.guildId),
    };
  } finally {
    await revoke(exchange, accessToken);
  }
}

async function ownGuildRoles(root: string, bearer: string, guildId: string): Promise<string[] | null> {
  try {
    const member = await discordRest({
      root,
      method: 'GET',
      path: `/users/@me/guilds/${encodeURIComponent(guildId)}/member`,
      authorization: bearer,
    });
    const roles = (member.body as { roles?: unknown } | null)?.roles;
    return Array.isArray(roles) ? roles.map(String) : [];
  } catch (error) {
    if (error instanceof DiscordRestError && error.answer.status === 404 && error.code === UNKNOWN_GUILD)
      return null;
    throw error;
  }
}

/** Best effort: a token Discord did not take back expires by itself within a week. */
async function revoke(exchange: CodeExchange, accessToken: string): Promise<void> {
  try {
    await discordRest({
      root: exchange.root,
      method: 'POST',
      path: '/oauth2/token/revoke',
      form: {
        token: accessToken,
        token_type_hint: 'access_token',
        client_id: exchange.clientId,
        client_secret: exchange.clientSecret,
      },
    });
  } catch {
    // Nothing to do: the sign-in has what it needs, and the token is not stored anywhere.
  }
}
