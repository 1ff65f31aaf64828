import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '#shared/clock.ts';

/** Codes are single-use and short-lived; the stand-in allows the 10 minutes RFC 6749 §4.1.2 advises. */
const CODE_LIFETIME_MS = 10 * 60_000;
/** Discord's access tokens last a week: `expires_in: 604800`. */
const ACCESS_TOKEN_LIFETIME_SECONDS = 604_800;

/** What a user agreed to on the authorize page, which the code stands for. */
export interface Authorization {
  userId: string;
  scopes: string[];
  redirectUri: string;
  /** The PKCE S256 challenge, when the site sent one. */
  codeChallenge: string | null;
}

/** Discord's token answer. */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  /** The granted scopes, space separated. */
  scope: string;
}

/** An RFC 6749 §5.2 error, with Discord's descriptions. */
export interface OAuthError {
  error: string;
  error_description?: string;
}

export interface TokenHolder {
  userId: string;
  scopes: string[];
}

interface StoredCode {
  authorization: Authorization;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  userId: string;
  scopes: string[];
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
}

const invalidGrant = (field: string): OAuthError => ({
  error: 'invalid_grant',
  error_description: `Invalid "${field}" in request.`,
});

/** RFC 7636 §4.6 S256: the challenge is base64url(sha256(verifier)), unpadded. */
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Opaque and unguessable, about the length of Discord's. */
const token = (): string => randomBytes(24).toString('base64url');

/**
 * The authorization codes the authorize page handed out and the tokens they were exchanged for. A
 * code works once, within its lifetime, for the redirect URI and PKCE verifier it was issued with.
 */
export class OAuthGrants {
  private codes = new Map<string, StoredCode>();
  private grants: Grant[] = [];

  constructor(private readonly clock: Clock) {}

  issueCode(authorization: Authorization): string {
    const now = this.clock.now().getTime();
    // Codes past their lifetime can never be exchanged: a demo left running keeps only live ones.
    for (const [code, stored] of this.codes) if (now >= stored.expiresAt) this.codes.delete(code);
    const code = token();
    this.codes.set(code, { authorization, expiresAt: now + CODE_LIFETIME_MS, used: false });
    return code;
  }

  exchangeCode(
    code: string,
    redirectUri: string | null,
    codeVerifier: string | null,
  ): AccessTokenResponse | OAuthError {
    const stored = this.codes.get(code);
    if (stored === undefined || stored.used || this.clock.now().getTime() >= stored.expiresAt)
      return invalidGrant('code');
    const { authorization } = stored;
    if (redirectUri !== authorization.redirectUri) return invalidGrant('redirect_uri');
    if (
      authorization.codeChallenge !== null &&
      (codeVerifier === null || s256(codeVerifier) !== authorization.codeChallenge)
    )
      return invalidGrant('code_verifier');
    stored.used = true;
    return this.grant(authorization.userId, authorization.scopes);
  }

  /** A new pair for a refresh token; the old pair stops working, as Discord rotates both. */
  refresh(refreshToken: string): AccessTokenResponse | OAuthError {
    const index = this.grants.findIndex((grant) => grant.refreshToken === refreshToken);
    const old = this.grants[index];
    if (old === undefined) return { error: 'invalid_grant' };
    this.grants.splice(index, 1);
    return this.grant(old.userId, old.scopes);
  }

  /** Revoking either token of a grant revokes both, as Discord's revocation does. */
  revoke(anyToken: string): void {
    this.grants = this.grants.filter(
      (grant) => grant.accessToken !== anyToken && grant.refreshToken !== anyToken,
    );
  }

  /** Whose access token this is and what it may do; undefined when unknown, revoked or expired. */
  holder(accessToken: string): TokenHolder | undefined {
    const grant = this.grants.find((candidate) => candidate.accessToken === accessToken);
    if (grant === undefined || this.clock.now().getTime() >= grant.accessExpiresAt) return undefined;
    return { userId: grant.userId, scopes: grant.scopes };
  }

  /** Forgets every code and token, e.g. with the users they were issued to. */
  reset(): void {
    this.codes = new Map();
    this.grants = [];
  }

  private grant(userId: string, scopes: string[]): AccessTokenResponse {
    const grant: Grant = {
      userId,
      scopes,
      accessToken: token(),
      refreshToken: token(),
      accessExpiresAt: this.clock.now().getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
    };
    this.grants.push(grant);
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      refresh_token: grant.refreshToken,
      scope: scopes.join(' '),
    };
  }
}
