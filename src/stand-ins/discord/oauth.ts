import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInApplication } from './application.ts';
import { authorizePage, refusalPage, SCOPE_DESCRIPTIONS, type AuthorizeView } from './authorize-page.ts';
import type { DiscordUser, GuildStore } from './guilds.ts';
import type { OAuthGrants } from './oauth-grants.ts';
import { jsonReply, sendPage, sendRedirect, type Reply } from './replies.ts';
import { readForm } from './request-body.ts';

export interface OAuthDeps {
  application: StandInApplication;
  guilds: GuildStore;
  grants: OAuthGrants;
}

/** Discord's authorize page is `/oauth2/authorize` on its website; older links put it under /api. */
export const AUTHORIZE_PATH = /^(?:\/api(?:\/v\d+)?)?\/oauth2\/authorize\/?$/;

/** The query parameters of an authorization request, which the form carries through unchanged. */
const REQUEST_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
] as const;

interface AuthorizationRequest {
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  /** The parameters as received, for the form's hidden fields. */
  fields: Record<string, string>;
}

/** RFC 7636 §4.2: an S256 challenge is 32 bytes of SHA-256 in unpadded base64url. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The request Discord would serve, or why it refuses to: a client id that is not the application's,
 * a response type other than `code` (the stand-in serves only the code grant), no usable redirect
 * URI, unknown scopes, or PKCE other than S256. The stand-in takes any http(s) redirect URI, as if
 * every one were registered, so a site on any port can sign in.
 */
function readAuthorization(
  params: URLSearchParams,
  application: StandInApplication,
): AuthorizationRequest | string {
  const clientId = params.get('client_id');
  if (clientId !== application.id)
    return `Invalid client_id ${JSON.stringify(clientId ?? '')}: the stand-in's application is ${application.id}.`;
  if (params.get('response_type') !== 'code')
    return 'Invalid response_type: the stand-in serves the authorization code grant (response_type=code).';
  const redirectUri = params.get('redirect_uri');
  if (redirectUri === null || !isWebUrl(redirectUri)) return 'Invalid OAuth2 redirect_uri';
  const scopes = (params.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  const unknown = scopes.filter((scope) => !(scope in SCOPE_DESCRIPTIONS));
  if (scopes.length === 0 || unknown.length > 0)
    return `Invalid scope${unknown.length > 0 ? `: ${unknown.join(', ')}` : ': none asked for'}`;
  const codeChallenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if ((codeChallenge !== null || method !== null) && method !== 'S256')
    return 'Invalid code_challenge_method: only S256 is supported.';
  if (method !== null && (codeChallenge === null || !S256_CHALLENGE.test(codeChallenge)))
    return 'Invalid code_challenge: an S256 challenge is 43 characters of base64url.';
  const prompt = params.get('prompt');
  if (prompt !== null && prompt !== 'consent' && prompt !== 'none')
    return 'Invalid prompt: use consent or none.';
  const fields: Record<string, string> = {};
  for (const name of REQUEST_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  return { redirectUri, scopes, state: params.get('state'), codeChallenge, fields };
}

function redirectWith(request: AuthorizationRequest, values: Record<string, string>): string {
  const target = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
  if (request.state !== null) target.searchParams.set('state', request.state);
  return target.toString();
}

function view(deps: OAuthDeps, action: string, request: AuthorizationRequest): AuthorizeView {
  const guildId = deps.guilds.defaultGuildId;
  return {
    action,
    applicationName: deps.application.name,
    scopes: request.scopes,
    guildName: deps.guilds.guildName(guildId) ?? guildId,
    choices: deps.guilds
      .people()
      .map((user) => ({ user, member: deps.guilds.memberRoles(guildId, user.id) !== undefined })),
    request: request.fields,
  };
}

/** The user the form chose: a listed one, or a new one it names (refused with a message). */
function signedInUser(deps: OAuthDeps, form: URLSearchParams): DiscordUser | string {
  const newUsername = (form.get('new_username') ?? '').trim();
  if (newUsername !== '') {
    try {
      return deps.guilds.addUser({ username: newUsername, guildMember: form.get('not_member') === null });
    } catch (error) {
      if (error instanceof RangeError) return error.message;
      throw error;
    }
  }
  const user = deps.guilds.user(form.get('user_id') ?? '');
  return user === undefined || user.bot === true ? 'Choose a user to sign in as.' : user;
}

/**
 * GET shows the consent page for a valid request (400 and a message otherwise); POST is its form:
 * Cancel sends the browser back with `error=access_denied`, Authorize with a single-use code.
 * There is no browser session, so `prompt=none` asks like `consent` does.
 */
export async function serveAuthorize(
  deps: OAuthDeps,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') {
    sendPage(response, 405, refusalPage('The authorize page takes GET and POST.'));
    return;
  }
  const params = method === 'GET' ? url.searchParams : await readForm(request);
  const authorization = readAuthorization(params, deps.application);
  if (typeof authorization === 'string') {
    sendPage(response, 400, refusalPage(authorization));
    return;
  }
  if (method === 'GET') {
    sendPage(response, 200, authorizePage(view(deps, url.pathname, authorization)));
    return;
  }
  const action = params.get('action');
  if (action === 'cancel') {
    sendRedirect(
      response,
      redirectWith(authorization, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
      }),
    );
    return;
  }
  if (action !== 'authorize') {
    sendPage(response, 400, refusalPage('Choose Authorize or Cancel.'));
    return;
  }
  const user = signedInUser(deps, params);
  if (typeof user === 'string') {
    const error = {
      message: user,
      newUsername: params.get('new_username') ?? '',
      notMember: params.get('not_member') !== null,
    };
    sendPage(response, 400, authorizePage({ ...view(deps, url.pathname, authorization), error }));
    return;
  }
  const code = deps.grants.issueCode({
    userId: user.id,
    scopes: authorization.scopes,
    redirectUri: authorization.redirectUri,
    codeChallenge: authorization.codeChallenge,
  });
  sendRedirect(response, redirectWith(authorization, { code }));
}

/** The client's id and secret: HTTP Basic (RFC 6749 §2.3.1, each form-encoded) or the body's fields. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): [string, string] | null {
  const header = request.headers.authorization ?? '';
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
    } catch {
      return null;
    }
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id === null || secret === null ? null : [id, secret];
}

const authenticated = (application: StandInApplication, credentials: [string, string] | null): boolean =>
  credentials !== null && credentials[0] === application.id && credentials[1] === application.clientSecret;

const INVALID_CLIENT = (): Reply => jsonReply(401, { error: 'invalid_client' });

/** `POST /oauth2/token`: an authorization code (with its PKCE verifier) or a refresh token for tokens. */
export async function tokenReply(deps: OAuthDeps, request: IncomingMessage): Promise<Reply> {
  const form = await readForm(request);
  if (!authenticated(deps.application, clientCredentials(request, form))) return INVALID_CLIENT();
  const grantType = form.get('grant_type');
  const answer =
    grantType === 'authorization_code'
      ? deps.grants.exchangeCode(form.get('code') ?? '', form.get('redirect_uri'), form.get('code_verifier'))
      : grantType === 'refresh_token'
        ? deps.grants.refresh(form.get('refresh_token') ?? '')
        : { error: 'unsupported_grant_type' };
  return jsonReply('error' in answer ? 400 : 200, answer);
}

/** `POST /oauth2/token/revoke` (RFC 7009): the token and its pair stop working; `{}` either way. */
export async function revokeReply(deps: OAuthDeps, request: IncomingMessage): Promise<Reply> {
  const form = await readForm(request);
  if (!authenticated(deps.application, clientCredentials(request, form))) return INVALID_CLIENT();
  const token = form.get('token');
  if (token === null) return jsonReply(400, { error: 'invalid_request' });
  deps.grants.revoke(token);
  return jsonReply(200, {});
}
