import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { terminateBackendsNow } from '#test/postgres-backends.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { addMember } from '../claims/claims.testing.ts';
import { DISCORD_ROLES } from './discord-roles.job.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const { roles, users } = DEMO_GUILD;
/** Four linked members, each promoted to Diamond (mapped to Dragon) from Ruby (mapped to Rune). */
const LINKED = [users.zezima, users.lynxTitan, users.woox, users.b0aty];
const LOSE_AT = 2;

describe('postgres: role changes when the database connection is lost', () => {
  let t: TestApp;
  let discord: DiscordStandIn;
  let roleWrites = 0;

  beforeAll(async () => {
    const clock = createManualClock(NOW);
    discord = await startDiscordStandIn({
      clock,
      rateLimit: false,
      onRequest: (request) => {
        if (request.method !== 'PUT' || !request.route.includes('/roles/')) return;
        roleWrites += 1;
        // Discord has the role; before it answers, every connection the app holds is ended, so the
        // run cannot record the change it made.
        if (roleWrites === LOSE_AT) terminateBackendsNow(t.database.url);
      },
    });
    t = await createTestApp('postgres', {
      clock,
      env: {
        DISCORD_API_BASE_URL: discord.url,
        DISCORD_BOT_TOKEN: discord.application.botToken,
        DISCORD_GUILD_ID: DEMO_GUILD.id,
      },
    });
    for (const [index, discordId] of LINKED.entries()) {
      const womId = String(500 + index);
      await addMember(t, womId, `Linked ${index}`, { womrole: 'ruby' });
      discord.setMemberRoles(DEMO_GUILD.id, discordId, [roles.rune, roles.clanMember]);
      const user = await createUser(t, `Linked ${index}`);
      await t.database.db
        .updateTable('users')
        .set({ discord_user_id: discordId })
        .where('id', '=', user.id)
        .execute();
      await t.database.db
        .insertInto('player_claims')
        .values({ user_id: user.id, wom_id: womId, claimed_at: NOW })
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  it('brings every member to their rank once the connection is back, writing no role twice', async () => {
    await createUser(t, 'Boss', { admin: true });
    const admin = await loginAs(t, 'Boss');
    const api = (url: string, payload: object, method: 'PUT' | 'POST' = 'POST') =>
      t.app.inject({ method, url, headers: { cookie: admin }, payload });
    expect(
      (
        await api(
          '/api/admin/discord/rank-roles',
          { roles: { ruby: roles.rune, diamond: roles.dragon } },
          'PUT',
        )
      ).statusCode,
    ).toBe(200);
    for (const index of LINKED.keys())
      expect((await api(`/api/admin/members/${500 + index}/rank`, { role: 'diamond' })).statusCode).toBe(200);

    // The pool replaces the ended connections; a write that was cut fails the run, and the next goes on.
    await t.runJob(DISCORD_ROLES);
    expect(roleWrites).toBeGreaterThanOrEqual(LOSE_AT);
    const again = await t.runJob(DISCORD_ROLES);
    expect(again.outcome).toBe('succeeded');

    for (const discordId of LINKED)
      expect(new Set(discord.memberRoles(DEMO_GUILD.id, discordId))).toEqual(
        new Set([roles.dragon, roles.clanMember]),
      );
    const pending = await t.database.db
      .selectFrom('discord_role_syncs')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    // Each member's new role was given once: the retried row read the role already there.
    expect(roleWrites).toBe(LINKED.length);
  });

  it('changes nothing again for a row whose change Discord has but the site never recorded (a kill -9)', async () => {
    // As after a crash between Discord's answer and the commit: the row is still waiting.
    await t.database.db
      .updateTable('discord_role_syncs')
      .set({ status: 'pending', done_at: null })
      .where('discord_user_id', '=', users.woox)
      .execute();
    const writes = roleWrites;
    const rerun = await t.runJob(DISCORD_ROLES);
    expect(rerun).toMatchObject({ outcome: 'succeeded', counts: { unchanged: 1, changed: 0 } });
    expect(roleWrites).toBe(writes);
  });
});
