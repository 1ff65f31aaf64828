import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import {
  DEMO_GUILD,
  STAND_IN_APP,
  startDiscordStandIn,
  type AccessTokenResponse,
  type DiscordGuildMember,
  type DiscordStandIn,
  type DiscordUser,
} from './index.ts';

/** From Discord's OAuth2 reference (topics/oauth2), typed out so the stand-in is checked against it. */
const REFERENCE = {
  tokenLifetimeSeconds: 604_800,
  invalidCode: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
  unauthorized: { message: '401: Unauthorized', code: 0 },
  unknownGuild: { message: 'Unknown Guild', code: 10004 },
};

const SITE = 'https://clan.example/auth/discord/callback';

/** RFC 7636: a random verifier, and its S256 challenge. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe("the stand-in's Sign in with Discord (OAuth2 code grant with PKCE)", () => {
  let standIn: DiscordStandIn;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock('2026-11-21T12:00:00.000Z');
    standIn = await startDiscordStandIn({ clock, rateLimit: false });
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.resetState());

  const authorizeQuery = (overrides: Record<string, string | null> = {}) => {
    const values: Record<string, string | null> = {
      response_type: 'code',
      client_id: STAND_IN_APP.id,
      redirect_uri: SITE,
      scope: 'identify guilds.members.read',
      state: 'state-123',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) if (value !== null) query.set(name, value);
    return query;
  };

  /** Submits the consent form as a browser would; answers the redirect's address. */
  async function submit(query: URLSearchParams, form: Record<string, string>): Promise<URL> {
    const response = await fetch(`${standIn.url}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(query), ...form }),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location') ?? '');
  }

  /** Signs in as `userId` and answers the code and the PKCE verifier that goes with it. */
  async function authorize(userId: string = DEMO_GUILD.users.zezima, scope?: string) {
    const { verifier, challenge } = pkce();
    const query = authorizeQuery({ code_challenge: challenge, ...(scope === undefined ? {} : { scope }) });
    const redirect = await submit(query, { user_id: userId, action: 'authorize' });
    return { code: redirect.searchParams.get('code') ?? '', verifier, redirect };
  }

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  const token = (
    fields: Record<string, string>,
    authorization = basic(STAND_IN_APP.id, STAND_IN_APP.clientSecret),
  ) =>
    call<AccessTokenResponse & { error?: string; error_description?: string }>(
      `${standIn.url}/api/v10/oauth2/token`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: authorization },
        body: new URLSearchParams(fields),
      },
    );

  const exchange = (code: string, verifier: string, redirectUri = SITE) =>
    token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });

  const asUser = <T>(path: string, accessToken: string) =>
    call<T>(`${standIn.url}/api/v10${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });

  it('redirects back with a code and the state, and exchanges the code for a week-long Bearer token', async () => {
    const { code, verifier, redirect } = await authorize();
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SITE);
    expect(redirect.searchParams.get('state')).toBe('state-123');
    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: REFERENCE.tokenLifetimeSeconds,
      refresh_token: expect.any(String),
      scope: 'identify guilds.members.read',
    });
  });

  it('answers users/@me with the signed-in user, and 401 without a valid token', async () => {
    const { code, verifier } = await authorize(DEMO_GUILD.users.lynxTitan);
    const { access_token } = (await exchange(code, verifier)).body;
    const me = await asUser<DiscordUser>('/users/@me', access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: DEMO_GUILD.users.lynxTitan,
      username: 'lynx_titan',
      global_name: 'Lynx Titan',
      avatar: null,
      discriminator: '0',
    });
    expect(me.body).not.toHaveProperty('email');
    const anonymous = await call(`${standIn.url}/api/v10/users/@me`);
    expect([anonymous.status, anonymous.body]).toEqual([401, REFERENCE.unauthorized]);
    const forged = await asUser('/users/@me', 'not-a-token');
    expect([forged.status, forged.body]).toEqual([401, REFERENCE.unauthorized]);
  });

  it("reads the user's member object in a guild with guilds.members.read", async () => {
    const { code, verifier } = await authorize(DEMO_GUILD.users.woox);
    const { access_token } = (await exchange(code, verifier)).body;
    const member = await asUser<DiscordGuildMember>(
      `/users/@me/guilds/${DEMO_GUILD.id}/member`,
      access_token,
    );
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      user: { id: DEMO_GUILD.users.woox, username: 'woox' },
      nick: null,
      roles: [DEMO_GUILD.roles.dragon, DEMO_GUILD.roles.pvmOrganizer, DEMO_GUILD.roles.clanMember],
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
    });
    const elsewhere = await asUser(`/users/@me/guilds/1299999999999999999/member`, access_token);
    expect([elsewhere.status, elsewhere.body]).toEqual([404, REFERENCE.unknownGuild]);
  });

  it('answers Unknown Guild for a user who is not in the guild', async () => {
    const { code, verifier } = await authorize(DEMO_GUILD.users.outsider);
    const { access_token } = (await exchange(code, verifier)).body;
    const member = await asUser(`/users/@me/guilds/${DEMO_GUILD.id}/member`, access_token);
    expect([member.status, member.body]).toEqual([404, REFERENCE.unknownGuild]);
  });

  it('refuses the member route to a token granted without guilds.members.read', async () => {
    const { code, verifier } = await authorize(DEMO_GUILD.users.zezima, 'identify');
    const { access_token, scope } = (await exchange(code, verifier)).body;
    expect(scope).toBe('identify');
    const member = await asUser(`/users/@me/guilds/${DEMO_GUILD.id}/member`, access_token);
    expect([member.status, member.body]).toEqual([401, REFERENCE.unauthorized]);
    expect((await asUser('/users/@me', access_token)).status).toBe(200);
  });

  it('adds the email with the email scope', async () => {
    const { code, verifier } = await authorize(DEMO_GUILD.users.b0aty, 'identify email');
    const { access_token } = (await exchange(code, verifier)).body;
    const me = await asUser<DiscordUser>('/users/@me', access_token);
    expect(me.body).toMatchObject({ email: expect.stringContaining('@'), verified: true });
  });

  it('refuses a wrong PKCE verifier, and a missing one, with invalid_grant', async () => {
    const { code } = await authorize();
    const wrong = await exchange(code, pkce().verifier);
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
    const missing = await token({ grant_type: 'authorization_code', code, redirect_uri: SITE });
    expect([missing.status, missing.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('takes a code once: the second exchange is an invalid code', async () => {
    const { code, verifier } = await authorize();
    expect((await exchange(code, verifier)).status).toBe(200);
    const again = await exchange(code, verifier);
    expect([again.status, again.body]).toEqual([400, REFERENCE.invalidCode]);
  });

  it('refuses a code after 10 minutes', async () => {
    const { code, verifier } = await authorize();
    clock.advance(10 * 60_000);
    const late = await exchange(code, verifier);
    expect([late.status, late.body]).toEqual([400, REFERENCE.invalidCode]);
    const unknown = await exchange('no-such-code', verifier);
    expect([unknown.status, unknown.body]).toEqual([400, REFERENCE.invalidCode]);
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { code, verifier } = await authorize();
    const other = await exchange(code, verifier, 'https://clan.example/elsewhere');
    expect([other.status, other.body.error]).toEqual([400, 'invalid_grant']);
    // The refusal did not use the code up.
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('refuses an unknown client or a wrong secret with 401 invalid_client, and takes body credentials', async () => {
    const { code, verifier } = await authorize();
    const fields = { grant_type: 'authorization_code', code, redirect_uri: SITE, code_verifier: verifier };
    const wrongSecret = await token(fields, basic(STAND_IN_APP.id, 'wrong'));
    expect([wrongSecret.status, wrongSecret.body]).toEqual([401, { error: 'invalid_client' }]);
    const otherClient = await token(fields, basic('1111111111111111111', STAND_IN_APP.clientSecret));
    expect([otherClient.status, otherClient.body]).toEqual([401, { error: 'invalid_client' }]);
    const inBody = await token(
      { ...fields, client_id: STAND_IN_APP.id, client_secret: STAND_IN_APP.clientSecret },
      '',
    );
    expect(inBody.status).toBe(200);
  });

  it('serves the token routes with or without an API version, and only form-encoded', async () => {
    const { code, verifier } = await authorize();
    const response = await call<AccessTokenResponse>(`${standIn.url}/api/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: basic(STAND_IN_APP.id, STAND_IN_APP.clientSecret),
      },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code,
        redirect_uri: SITE,
        code_verifier: verifier,
      }),
    });
    expect(response.status).toBe(400);
    const form = await call<AccessTokenResponse>(`${standIn.url}/api/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: basic(STAND_IN_APP.id, STAND_IN_APP.clientSecret),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: SITE,
        code_verifier: verifier,
      }),
    });
    expect(form.status).toBe(200);
  });

  it('refreshes a token pair, and revoking a token stops the pair working', async () => {
    const { code, verifier } = await authorize();
    const first = (await exchange(code, verifier)).body;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(first.access_token);
    expect((await asUser('/users/@me', first.access_token)).status).toBe(401);

    const revoked = await call(`${standIn.url}/api/oauth2/token/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: basic(STAND_IN_APP.id, STAND_IN_APP.clientSecret),
      },
      body: new URLSearchParams({ token: refreshed.body.access_token, token_type_hint: 'access_token' }),
    });
    expect([revoked.status, revoked.body]).toEqual([200, {}]);
    expect((await asUser('/users/@me', refreshed.body.access_token)).status).toBe(401);
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token });
    expect([reuse.status, reuse.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('signs in a new test user named on the form, who joins the guild unless ticked not a member', async () => {
    const { verifier, challenge } = pkce();
    const joined = await submit(authorizeQuery({ code_challenge: challenge }), {
      new_username: 'iron_pete',
      action: 'authorize',
    });
    const { access_token } = (await exchange(joined.searchParams.get('code') ?? '', verifier)).body;
    const me = await asUser<DiscordUser>('/users/@me', access_token);
    expect(me.body.username).toBe('iron_pete');
    expect(standIn.memberRoles(DEMO_GUILD.id, me.body.id)).toEqual([]);

    const second = pkce();
    const outside = await submit(authorizeQuery({ code_challenge: second.challenge }), {
      new_username: 'just_visiting',
      not_member: '1',
      action: 'authorize',
    });
    const visitor = (await exchange(outside.searchParams.get('code') ?? '', second.verifier)).body;
    const member = await asUser(`/users/@me/guilds/${DEMO_GUILD.id}/member`, visitor.access_token);
    expect([member.status, member.body]).toEqual([404, REFERENCE.unknownGuild]);
  });

  it('lets an access token lapse after its week', async () => {
    const { code, verifier } = await authorize();
    const { access_token } = (await exchange(code, verifier)).body;
    clock.advance(REFERENCE.tokenLifetimeSeconds * 1000 - 1);
    expect((await asUser('/users/@me', access_token)).status).toBe(200);
    clock.advance(1);
    expect((await asUser('/users/@me', access_token)).status).toBe(401);
  });
});
