import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import {
  DEMO_GUILD,
  STAND_IN_APP,
  startDiscordStandIn,
  type DiscordGuildMember,
  type DiscordRole,
  type DiscordStandIn,
} from './index.ts';

/** Discord's JSON errors for these routes (topics/opcodes-and-status-codes), typed out. */
const REFERENCE = {
  unauthorized: { message: '401: Unauthorized', code: 0 },
  unknownGuild: { message: 'Unknown Guild', code: 10004 },
  unknownMember: { message: 'Unknown Member', code: 10007 },
  unknownRole: { message: 'Unknown Role', code: 10011 },
  missingPermissions: { message: 'Missing Permissions', code: 50013 },
};

const { roles, users } = DEMO_GUILD;
const UNKNOWN_ID = '1299999999999999999';

describe("the stand-in's guild routes for the bot", () => {
  let standIn: DiscordStandIn;
  beforeAll(async () => {
    standIn = await startDiscordStandIn({ clock: manualClock('2026-11-21T12:00:00.000Z'), rateLimit: false });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.resetState();
    standIn.resetReceived();
  });

  const asBot = <T>(method: string, path: string, headers: Record<string, string> = {}) =>
    call<T>(`${standIn.url}/api/v10${path}`, {
      method,
      headers: { Authorization: `Bot ${STAND_IN_APP.botToken}`, ...headers },
    });
  const roleRoute = (userId: string, roleId: string, guildId: string = DEMO_GUILD.id) =>
    `/guilds/${guildId}/members/${userId}/roles/${roleId}`;

  it("lists the guild's roles, @everyone (the guild's id) first and the bot's managed role on top", async () => {
    const response = await asBot<DiscordRole[]>('GET', `/guilds/${DEMO_GUILD.id}/roles`);
    expect(response.status).toBe(200);
    const names = response.body.map((role) => role.name);
    expect(names).toEqual([
      '@everyone',
      'Clan Member',
      'Bronze',
      'Iron',
      'Steel',
      'Mithril',
      'Adamant',
      'Rune',
      'Dragon',
      'PvM Organizer',
      'Captain',
      'General',
      'Deputy Owner',
      'Owner',
      'Clan site',
    ]);
    expect(response.body[0]?.id).toBe(DEMO_GUILD.id);
    for (const role of response.body)
      expect(role).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        color: expect.any(Number),
        hoist: expect.any(Boolean),
        position: expect.any(Number),
        permissions: expect.stringMatching(/^\d+$/),
        managed: expect.any(Boolean),
        mentionable: expect.any(Boolean),
      });
    expect(response.body.at(-1)).toMatchObject({ managed: true, tags: { bot_id: STAND_IN_APP.id } });
  });

  it('answers 401 without the bot token, with a wrong one, and with a user token', async () => {
    const path = `${standIn.url}/api/v10/guilds/${DEMO_GUILD.id}/roles`;
    for (const authorization of [undefined, 'Bot wrong-token', `Bearer ${STAND_IN_APP.botToken}`]) {
      const response = await call(
        path,
        authorization === undefined ? {} : { headers: { Authorization: authorization } },
      );
      expect([response.status, response.body]).toEqual([401, REFERENCE.unauthorized]);
    }
  });

  it('reads a member, and answers Unknown Member for someone not in the guild, Unknown Guild for no guild', async () => {
    const member = await asBot<DiscordGuildMember>('GET', `/guilds/${DEMO_GUILD.id}/members/${users.b0aty}`);
    expect(member.status).toBe(200);
    expect(member.body).toEqual({
      user: expect.objectContaining({
        id: users.b0aty,
        username: 'b0aty',
        global_name: 'B0aty',
        discriminator: '0',
      }),
      nick: null,
      avatar: null,
      banner: null,
      roles: [roles.rune, roles.clanMember],
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/),
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    });
    const outsider = await asBot('GET', `/guilds/${DEMO_GUILD.id}/members/${users.outsider}`);
    expect([outsider.status, outsider.body]).toEqual([404, REFERENCE.unknownMember]);
    const noGuild = await asBot('GET', `/guilds/${UNKNOWN_ID}/members/${users.b0aty}`);
    expect([noGuild.status, noGuild.body]).toEqual([404, REFERENCE.unknownGuild]);
  });

  it('adds and removes a role with 204, idempotently, and records the audit-log reason', async () => {
    const reason = 'Rank sync: Steel → Mithril';
    const added = await asBot('PUT', roleRoute(users.b0aty, roles.mithril), {
      'X-Audit-Log-Reason': encodeURIComponent(reason),
    });
    expect([added.status, added.text]).toEqual([204, '']);
    expect((await asBot('PUT', roleRoute(users.b0aty, roles.mithril))).status).toBe(204);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.b0aty)).toEqual([
      roles.rune,
      roles.clanMember,
      roles.mithril,
    ]);

    expect((await asBot('DELETE', roleRoute(users.b0aty, roles.rune))).status).toBe(204);
    expect((await asBot('DELETE', roleRoute(users.b0aty, roles.rune))).status).toBe(204);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.b0aty)).toEqual([roles.clanMember, roles.mithril]);

    expect(standIn.requests[0]).toMatchObject({
      method: 'PUT',
      route: '/guilds/{guild.id}/members/{user.id}/roles/{role.id}',
      path: roleRoute(users.b0aty, roles.mithril),
      webhookId: null,
      auditLogReason: reason,
      status: 204,
    });
    expect(standIn.requests[1]).not.toHaveProperty('auditLogReason');
  });

  it('answers Unknown Member, Unknown Role and Unknown Guild on a role change', async () => {
    const member = await asBot('PUT', roleRoute(users.outsider, roles.iron));
    expect([member.status, member.body]).toEqual([404, REFERENCE.unknownMember]);
    const role = await asBot('PUT', roleRoute(users.woox, UNKNOWN_ID));
    expect([role.status, role.body]).toEqual([404, REFERENCE.unknownRole]);
    const guild = await asBot('DELETE', roleRoute(users.woox, roles.iron, UNKNOWN_ID));
    expect([guild.status, guild.body]).toEqual([404, REFERENCE.unknownGuild]);
  });

  it('refuses a role placed above the bot’s, and a managed one, with 403 Missing Permissions', async () => {
    standIn.denyRoleChanges(roles.owner);
    const owner = await asBot('PUT', roleRoute(users.lynxTitan, roles.owner));
    expect([owner.status, owner.body]).toEqual([403, REFERENCE.missingPermissions]);
    const removal = await asBot('DELETE', roleRoute(users.zezima, roles.owner));
    expect([removal.status, removal.body]).toEqual([403, REFERENCE.missingPermissions]);
    const botRole = await asBot('PUT', roleRoute(users.woox, roles.bot));
    expect([botRole.status, botRole.body]).toEqual([403, REFERENCE.missingPermissions]);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.zezima)).toEqual([roles.owner, roles.clanMember]);
    // Other roles stay the bot's to grant.
    expect((await asBot('PUT', roleRoute(users.lynxTitan, roles.general))).status).toBe(204);
  });

  it('sees changes made behind its back, and a member who left is Unknown Member', async () => {
    standIn.setMemberRoles(DEMO_GUILD.id, users.woox, [roles.captain]);
    const changed = await asBot<DiscordGuildMember>('GET', `/guilds/${DEMO_GUILD.id}/members/${users.woox}`);
    expect(changed.body.roles).toEqual([roles.captain]);
    standIn.removeMember(DEMO_GUILD.id, users.woox);
    const gone = await asBot('GET', `/guilds/${DEMO_GUILD.id}/members/${users.woox}`);
    expect([gone.status, gone.body]).toEqual([404, REFERENCE.unknownMember]);
    expect((await asBot('PUT', roleRoute(users.woox, roles.iron))).body).toEqual(REFERENCE.unknownMember);
    expect(standIn.memberRoles(DEMO_GUILD.id, users.woox)).toBeUndefined();
  });

  it('joins an added user to the guild with their roles, or leaves them outside', async () => {
    const member = standIn.addUser({ username: 'mod_ash', globalName: 'Mod Ash', roles: [roles.general] });
    expect(member).toMatchObject({
      username: 'mod_ash',
      global_name: 'Mod Ash',
      id: expect.stringMatching(/^\d+$/),
    });
    const read = await asBot<DiscordGuildMember>('GET', `/guilds/${DEMO_GUILD.id}/members/${member.id}`);
    expect(read.body.roles).toEqual([roles.general]);
    const visitor = standIn.addUser({ username: 'visitor', guildMember: false });
    expect((await asBot('GET', `/guilds/${DEMO_GUILD.id}/members/${visitor.id}`)).status).toBe(404);
    expect(() => standIn.addUser({ username: 'mod_ash' })).toThrow(/taken/);
    expect(() => standIn.addUser({ username: 'Not Valid' })).toThrow(RangeError);
  });

  it("answers paths and methods Discord's API has no route for with 404 and 405", async () => {
    const nowhere = await asBot('GET', `/guilds/${DEMO_GUILD.id}/channels`);
    expect([nowhere.status, nowhere.body]).toEqual([404, { message: '404: Not Found', code: 0 }]);
    const wrongMethod = await asBot('POST', `/guilds/${DEMO_GUILD.id}/roles`);
    expect([wrongMethod.status, wrongMethod.body]).toEqual([
      405,
      { message: '405: Method Not Allowed', code: 0 },
    ]);
  });
});
