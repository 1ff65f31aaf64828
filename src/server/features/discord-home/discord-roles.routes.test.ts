import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { addMember } from '../claims/claims.testing.ts';
import { mentionedUsers } from '../discord/mentions.ts';
import { DISCORD_ROLES } from './discord-roles.job.ts';
import { signInWithDiscord, standInDiscordEnv } from './discord-home.testing.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const { roles, users } = DEMO_GUILD;
/** The default ladder's gem ranks, mapped to the stand-in's metal roles; the owner title to Owner. */
const MAPPING = { owner: roles.owner, diamond: roles.dragon, ruby: roles.rune, emerald: roles.adamant };

for (const dialect of testDialects) {
  describe(`${dialect}: ranks become Discord roles`, () => {
    let t: TestApp;
    let discord: DiscordStandIn;
    let admin: string;
    let wooxUser: number;

    const api = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
    /** One role run to the end, after the one a confirmed reconcile may have started itself. */
    const runRoles = async () => {
      for (;;) {
        const started = await t.jobs.start(DISCORD_ROLES, null);
        if (started.status === 'busy') {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const result = await started.done;
        if (result.outcome !== 'succeeded') throw new Error(result.error);
        return result.counts;
      }
    };
    const wooxRoles = () => discord.memberRoles(DEMO_GUILD.id, users.woox) ?? [];

    beforeAll(async () => {
      // One clock for both: Discord signs interactions with its "now", which the site checks against its own.
      const clock = createManualClock(NOW);
      discord = await startDiscordStandIn({ clock });
      t = await createTestApp(dialect, {
        clock,
        env: standInDiscordEnv(discord),
      });
      await createUser(t, 'Boss', { admin: true });
      admin = await loginAs(t, 'Boss');
      // Woox signs in with Discord and owns two characters: a Ruby main and an Emerald alt.
      await addMember(t, '301', 'Woox', { womrole: 'ruby' });
      await addMember(t, '302', 'Woox Alt', { womrole: 'emerald' });
      await signInWithDiscord(t, discord, { userId: users.woox });
      const row = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('discord_user_id', '=', users.woox)
        .executeTakeFirstOrThrow();
      wooxUser = row.id;
      await t.database.db
        .insertInto('player_claims')
        .values(['301', '302'].map((womId) => ({ user_id: wooxUser, wom_id: womId, claimed_at: NOW })))
        .execute();
    });
    afterAll(async () => {
      await t.close();
      await discord.close();
    });
    beforeEach(() => discord.resetFaults());

    it("lists the keys highest first and the server's roles read with the bot", async () => {
      const view = await api('GET', '/api/admin/discord/rank-roles');
      expect(view.statusCode).toBe(200);
      const body = view.json();
      expect(body.keys.slice(0, 2)).toEqual([
        { key: 'owner', name: 'Owner', group: 'title' },
        { key: 'deputy_owner', name: 'Deputy Owner', group: 'title' },
      ]);
      expect(body.server_roles.map((role: { name: string }) => role.name)).toContain('Dragon');
      expect(body).toMatchObject({ roles: {}, server_error: null, pending: 0, stopped_reason: null });
    });

    it('refuses a key the clan does not have, and a role nobody can be given', async () => {
      const unknownKey = await api('PUT', '/api/admin/discord/rank-roles', { roles: { wizard: roles.rune } });
      expect(unknownKey.statusCode).toBe(400);
      const botRole = await api('PUT', '/api/admin/discord/rank-roles', { roles: { ruby: roles.bot } });
      expect(botRole.statusCode).toBe(400);
      const everyone = await api('PUT', '/api/admin/discord/rank-roles', { roles: { ruby: roles.everyone } });
      expect(everyone.statusCode).toBe(400);
      const saved = await api('PUT', '/api/admin/discord/rank-roles', { roles: MAPPING });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ roles: MAPPING });
    });

    it('reconcile lists what differs in a dry run, then fixes it on confirmation', async () => {
      // The stand-in's Woox holds Dragon (unmapped here: diamond's), PvM Organizer and Clan Member.
      const dry = await api('POST', '/api/admin/discord/rank-roles/reconcile', { dry_run: true });
      expect(dry.statusCode).toBe(200);
      expect(dry.json()).toEqual({
        changes: [
          { discord_user_id: users.woox, username: 'Woox', add: [roles.rune], remove: [roles.dragon] },
        ],
        unreadable: 0,
      });
      expect(wooxRoles()).toContain(roles.dragon);
      const fixed = await api('POST', '/api/admin/discord/rank-roles/reconcile', { dry_run: false });
      expect(fixed.json().changes).toHaveLength(1);
      await runRoles();
      expect(new Set(wooxRoles())).toEqual(new Set([roles.rune, roles.pvmOrganizer, roles.clanMember]));
      const again = await api('POST', '/api/admin/discord/rank-roles/reconcile', { dry_run: true });
      expect(again.json().changes).toEqual([]);
    });

    it("fixes a role changed behind the site's back", async () => {
      discord.setMemberRoles(DEMO_GUILD.id, users.woox, [roles.adamant, roles.clanMember]);
      const dry = await api('POST', '/api/admin/discord/rank-roles/reconcile', { dry_run: true });
      expect(dry.json().changes).toEqual([
        { discord_user_id: users.woox, username: 'Woox', add: [roles.rune], remove: [roles.adamant] },
      ]);
      await api('POST', '/api/admin/discord/rank-roles/reconcile', { dry_run: false });
      await runRoles();
      expect(new Set(wooxRoles())).toEqual(new Set([roles.rune, roles.clanMember]));
    });

    it("moves the role when an admin promotes the member's highest character, audited", async () => {
      const promoted = await api('POST', '/api/admin/members/301/rank', { role: 'diamond' });
      expect(promoted.statusCode).toBe(200);
      expect((await api('GET', '/api/admin/discord/rank-roles')).json().pending).toBe(1);
      expect(await runRoles()).toMatchObject({ changed: 1 });
      expect(new Set(wooxRoles())).toEqual(new Set([roles.dragon, roles.clanMember]));
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['after', 'target_id'])
        .where('action', '=', 'discord.roles_changed')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ add: [roles.dragon], remove: [roles.rune] });
      expect(audit.target_id).toBe(String(wooxUser));
    });

    it('waits out a 429 without losing the change, and sends nothing to Discord before its time', async () => {
      await api('POST', '/api/admin/members/301/rank', { role: 'ruby' });
      discord.rateLimitNext(1, 30);
      expect(await runRoles()).toMatchObject({ retried: 1 });
      expect(wooxRoles()).toContain(roles.dragon);
      const row = await t.database.db
        .selectFrom('discord_role_syncs')
        .select(['status', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(Date.parse(NOW) + 30_000);
      const before = discord.requests.length;
      await runRoles();
      expect(discord.requests.length).toBe(before);
      t.clock.advance(31_000);
      discord.resetFaults();
      expect(await runRoles()).toMatchObject({ changed: 1 });
      expect(new Set(wooxRoles())).toEqual(new Set([roles.rune, roles.clanMember]));
    });

    it("gives the alt's role when an admin clears the main's rank, and the main's again when it is set", async () => {
      const main = await t.database.db
        .selectFrom('members')
        .select('updated_at')
        .where('wom_id', '=', '301')
        .executeTakeFirstOrThrow();
      const cleared = await api('PATCH', '/api/admin/members/301', {
        womrole: null,
        expected_updated_at: main.updated_at,
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(await runRoles()).toMatchObject({ changed: 1 });
      expect(new Set(wooxRoles())).toEqual(new Set([roles.adamant, roles.clanMember]));
      await api('POST', '/api/admin/members/301/rank', { role: 'ruby' });
      expect(await runRoles()).toMatchObject({ changed: 1 });
      expect(new Set(wooxRoles())).toEqual(new Set([roles.rune, roles.clanMember]));
    });

    it('stops on a 403 and tells the admin, until the map is saved again', async () => {
      discord.denyRoleChanges(roles.dragon);
      await api('POST', '/api/admin/members/301/rank', { role: 'diamond' });
      expect(await runRoles()).toMatchObject({ stopped: 1 });
      const view = (await api('GET', '/api/admin/discord/rank-roles')).json();
      expect(view.stopped_reason).toMatch(/403 Missing Permissions/);
      expect(view.pending).toBe(1);
      // Stopped: a later run asks Discord nothing.
      const before = discord.requests.length;
      await runRoles();
      expect(discord.requests.length).toBe(before);
      discord.resetState();
      discord.setMemberRoles(DEMO_GUILD.id, users.woox, [roles.rune, roles.clanMember]);
      await api('PUT', '/api/admin/discord/rank-roles', { roles: MAPPING });
      expect(await runRoles()).toMatchObject({ changed: 1 });
      expect(wooxRoles()).toContain(roles.dragon);
    });

    it('ends the row of a member who left the server', async () => {
      discord.removeMember(DEMO_GUILD.id, users.woox);
      await api('POST', '/api/admin/members/301/rank', { role: 'ruby' });
      expect(await runRoles()).toMatchObject({ departed: 1 });
      expect((await api('GET', '/api/admin/discord/rank-roles')).json().pending).toBe(0);
      discord.resetState();
    });

    it('registers the slash commands on the server', async () => {
      const registered = await api('POST', '/api/admin/discord/commands');
      expect(registered.statusCode).toBe(200);
      expect(registered.json()).toEqual({
        registered: ['points', 'rank', 'leaderboard', 'events', 'bingo', 'whois'],
      });
      expect(discord.registeredCommands(DEMO_GUILD.id).map((command) => command.name)).toEqual(
        registered.json().registered,
      );
    });

    it("answers a command about the caller's own character, signed by the stand-in, only to them", async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const own = await discord.sendInteraction(`${address}/api/discord/interactions`, {
        type: 2,
        member: { user: { id: users.woox } },
        data: { name: 'points' },
      });
      expect(own.status).toBe(200);
      const body = (await own.json()) as { type: number; data: { content: string; flags?: number } };
      expect(body.type).toBe(4);
      expect(body.data.content).toMatch(/^\[Woox\]\(.*\/members\/301\) has 7 siege points/);
      expect(body.data.flags).toBe(64);
      const unsigned = await fetch(`${address}/api/discord/interactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 1 }),
      });
      expect(unsigned.status).toBe(401);
    });

    it('mentions a member who opted in, in news about them, and nobody else', async () => {
      const wooxSession = (await signInWithDiscord(t, discord, { userId: users.woox })).session ?? '';
      const opted = await t.app.inject({
        method: 'PUT',
        url: '/api/me/discord',
        headers: { cookie: wooxSession },
        payload: { mention_opt_in: true },
      });
      expect(opted.json().linked.mention_opt_in).toBe(true);
      const webhook = discord.createWebhook();
      const route = await api('POST', '/api/admin/discord/routes', {
        name: 'Ranks',
        url: webhook.url,
        kinds: ['rank_changed'],
        enabled: true,
      });
      expect(route.statusCode).toBe(201);
      await api('POST', '/api/admin/members/301/rank', { role: 'diamond' });
      await addMember(t, '303', 'Someone');
      await api('POST', '/api/admin/members/303/rank', { role: 'diamond' });
      t.clock.advance(120_000);
      await t.deliver();
      const [message] = discord.received(webhook.id);
      expect(message?.body.allowed_mentions).toEqual({ parse: [], users: [users.woox] });
      expect(String(message?.body.content)).toMatch(new RegExp(`^<@${users.woox}>`));
      // A drop of theirs pings them too; someone else's pings nobody.
      const drop = (womId: string) => ({
        kind: 'game_moments' as const,
        moment: {
          id: 1,
          kind: 'loot' as const,
          wom_id: womId,
          player_name: 'Woox',
          title: 'Twisted bow',
          details: '',
          value: 1_000_000_000,
          image_id: null,
          occurred_at: NOW,
        },
      });
      expect(await mentionedUsers(t.database.db, drop('301'))).toEqual([users.woox]);
      expect(await mentionedUsers(t.database.db, drop('303'))).toEqual([]);
    });
  });
}
