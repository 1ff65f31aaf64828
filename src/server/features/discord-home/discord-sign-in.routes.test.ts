import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { signInWithDiscord, standInDiscordEnv, startSignIn } from './discord-home.testing.ts';

const NOW = '2026-12-01T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: signing in with Discord`, () => {
    let t: TestApp;
    let discord: DiscordStandIn;

    beforeAll(async () => {
      discord = await startDiscordStandIn();
      t = await createTestApp(dialect, {
        clock: createManualClock(NOW),
        env: standInDiscordEnv(discord),
      });
    });
    afterAll(async () => {
      await t.close();
      await discord.close();
    });
    beforeEach(() => discord.resetFaults());

    it('sends the browser to Discord with the code flow, state and an S256 challenge', async () => {
      const start = await startSignIn(t);
      const url = new URL(start.location);
      expect(`${url.origin}${url.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('client_id')).toBe(discord.application.id);
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/discord/callback');
      expect(url.searchParams.get('scope')?.split(' ')).toEqual(['identify', 'guilds.members.read']);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        discord: true,
      });
    });

    it("makes a server member's account on the first sign-in and signs the same one in after", async () => {
      const first = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.b0aty });
      expect(first.status).toBe(302);
      expect(first.location).toBe('/profile');
      expect(first.session).not.toBeNull();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: first.session ?? '' },
      });
      expect(me.json().user).toMatchObject({ username: 'B0aty', is_admin: false });
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/me/discord',
        headers: { cookie: first.session ?? '' },
      });
      expect(mine.json()).toEqual({
        linked: { id: DEMO_GUILD.users.b0aty, username: 'b0aty', mention_opt_in: false },
        can_link: true,
        has_password: false,
      });

      const again = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.b0aty });
      expect(again.location).toBe('/profile');
      const rows = await t.database.db
        .selectFrom('users')
        .select(['username', 'password_hash'])
        .where('discord_user_id', '=', DEMO_GUILD.users.b0aty)
        .execute();
      expect(rows).toEqual([{ username: 'B0aty', password_hash: '' }]);
      // No password matches an account made by Discord: its name alone signs no one in.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'b0aty', password: '' },
      });
      expect(login.statusCode).toBe(400);
    });

    it('gives a name taken on the site a free variant', async () => {
      await createUser(t, 'Woox');
      const signedIn = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.woox });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: signedIn.session ?? '' },
      });
      expect(me.json().user.username).toBe('Woox 2');
    });

    it('refuses a first sign-in from outside the server, and a wrong or missing state, with no session', async () => {
      const outsider = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.outsider });
      expect(outsider.location).toBe('/login?discord_error=not_member');
      expect(outsider.session).toBeNull();
      const made = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('discord_user_id', '=', DEMO_GUILD.users.outsider)
        .execute();
      expect(made).toEqual([]);

      const forged = await signInWithDiscord(t, discord, {
        userId: DEMO_GUILD.users.b0aty,
        state: 'someone-elses',
      });
      expect(forged.status).toBe(400);
      expect(forged.session).toBeNull();
      const noCookie = await t.app.inject({
        method: 'GET',
        url: '/api/auth/discord/callback?code=x&state=y',
      });
      expect(noCookie.statusCode).toBe(400);
      expect(noCookie.json().message).toMatch(/expired or was already used/);
    });

    it('sends a cancelled consent back to the sign-in page', async () => {
      const cancelled = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.b0aty, cancel: true });
      expect(cancelled.location).toBe('/login?discord_error=denied');
      expect(cancelled.session).toBeNull();
    });

    it('links Discord to a signed-in account, refuses one linked elsewhere, and unlinks keeping the password', async () => {
      await createUser(t, 'Lynx');
      const cookie = await loginAs(t, 'Lynx');
      const linked = await signInWithDiscord(t, discord, {
        userId: DEMO_GUILD.users.lynxTitan,
        link: cookie,
      });
      expect(linked.location).toBe('/profile?discord=linked');
      const mine = await t.app.inject({ method: 'GET', url: '/api/me/discord', headers: { cookie } });
      expect(mine.json().linked).toMatchObject({ id: DEMO_GUILD.users.lynxTitan, username: 'lynx_titan' });
      // The same Discord user now signs in to that account.
      const signedIn = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.lynxTitan });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: signedIn.session ?? '' },
      });
      expect(me.json().user.username).toBe('Lynx');

      await createUser(t, 'Other');
      const other = await loginAs(t, 'Other');
      const taken = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.lynxTitan, link: other });
      expect(taken.location).toBe('/profile?discord_error=taken');

      const unlinked = await t.app.inject({ method: 'DELETE', url: '/api/me/discord', headers: { cookie } });
      expect(unlinked.statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me/discord', headers: { cookie } })).json().linked,
      ).toBeNull();
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: 'Lynx', password: 'correct-horse' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('keeps a Discord-made account linked until it has a password', async () => {
      const signedIn = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.b0aty });
      const cookie = signedIn.session ?? '';
      const refused = await t.app.inject({ method: 'DELETE', url: '/api/me/discord', headers: { cookie } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Set a password before you unlink Discord, or you could not sign in again.',
      );
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/first',
        headers: { cookie },
        payload: { new_password: 'boaty-horse', confirm_password: 'boaty-horse' },
      });
      expect(first.statusCode).toBe(204);
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/first',
        headers: { cookie },
        payload: { new_password: 'other-horse', confirm_password: 'other-horse' },
      });
      expect(second.statusCode).toBe(409);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/me/discord', headers: { cookie } })).statusCode,
      ).toBe(204);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: 'B0aty', password: 'boaty-horse' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('makes holders of the chosen roles admins at each sign-in, and audits the change', async () => {
      const admin = await createUser(t, 'Boss', { admin: true });
      const adminCookie = await loginAs(t, admin.username);
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/discord/app',
        headers: { cookie: adminCookie },
        payload: { admin_role_ids: [DEMO_GUILD.roles.owner] },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({
        bot_token_set: true,
        client_secret_set: true,
        admin_role_ids: [DEMO_GUILD.roles.owner],
      });
      expect(JSON.stringify(set.json())).not.toContain(discord.application.clientSecret);
      expect(JSON.stringify(set.json())).not.toContain(discord.application.botToken);

      const owner = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.zezima });
      expect(owner.location).toBe('/admin');
      discord.setMemberRoles(DEMO_GUILD.id, DEMO_GUILD.users.zezima, [DEMO_GUILD.roles.clanMember]);
      const demoted = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.zezima });
      expect(demoted.location).toBe('/profile');
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('action', '=', 'user.discord.admin')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => JSON.parse(row.after ?? '{}') as unknown)).toEqual([{ is_admin: false }]);
      // Its audit of the settings never holds a secret.
      const settings = await t.database.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'discord.app')
        .execute();
      expect(JSON.stringify(settings)).not.toContain(discord.application.botToken);
      // The clan's last admin stays one, though their Discord lacks every admin role.
      const bossDiscord = discord.addUser({ username: 'the_boss' });
      await signInWithDiscord(t, discord, { userId: bossDiscord.id, link: adminCookie });
      const boss = await signInWithDiscord(t, discord, { userId: bossDiscord.id });
      expect(boss.location).toBe('/admin');
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/discord/app',
        headers: { cookie: adminCookie },
        payload: { admin_role_ids: [] },
      });
    });

    it('sends a sign-in back with a reason when Discord fails, and counts attempts per address', async () => {
      discord.failNext(1, 502);
      const failed = await signInWithDiscord(t, discord, { userId: DEMO_GUILD.users.b0aty });
      expect(failed.location).toBe('/login?discord_error=failed');
      expect(failed.session).toBeNull();
    });
  });
}
