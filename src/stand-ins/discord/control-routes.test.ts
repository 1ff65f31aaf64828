import { afterEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import type { CreatedWebhook, ReceivedMessage, StandInRequest } from './index.ts';
import { DEMO_GUILD, startDiscordStandIn, type DiscordStandIn, type DiscordUser } from './index.ts';

const NOW = '2026-11-21T12:00:00.000Z';

describe("the stand-in's control routes", () => {
  let standIn: DiscordStandIn;
  afterEach(() => standIn.close());

  const json = <T>(url: string, method = 'GET', body?: unknown) =>
    call<T>(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('are not served unless asked for', async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW) });
    const response = await json(`${standIn.url}/__control/received`);
    expect([response.status, response.body]).toEqual([404, { message: '404: Not Found', code: 0 }]);
  });

  it('create a webhook, read and reset what arrived, over HTTP', async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW), control: true });
    const control = `${standIn.url}/__control`;
    const created = await json<CreatedWebhook>(`${control}/webhooks`, 'POST', { name: 'Clan news' });
    expect(created.status).toBe(201);
    await json(created.body.url, 'POST', { content: 'Zezima joined', allowed_mentions: { parse: [] } });

    const received = await json<ReceivedMessage[]>(`${control}/received?webhook_id=${created.body.id}`);
    expect(received.body.map((message) => [message.receivedAt, message.body])).toEqual([
      [NOW, { content: 'Zezima joined', allowed_mentions: { parse: [] } }],
    ]);
    const requests = await json<StandInRequest[]>(`${control}/requests`);
    expect(requests.body.map((request) => request.status)).toEqual([204]);

    expect((await json(`${control}/reset`, 'POST')).status).toBe(200);
    expect((await json<unknown[]>(`${control}/received`)).body).toEqual([]);

    await json(`${control}/webhooks/delete`, 'POST', { id: created.body.id });
    expect((await json(created.body.url, 'POST', { content: 'again' })).status).toBe(404);
  });

  it('script faults over HTTP, and reset them even while failing', async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW), control: true });
    const control = `${standIn.url}/__control`;
    const { url } = standIn.createWebhook();
    await json(`${control}/rate-limit-next`, 'POST', { count: 1, retryAfterSeconds: 5, global: true });
    const limited = await json(url, 'POST', { content: 'a' });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '5']);

    await json(`${control}/fail-next`, 'POST', { count: 1, status: 503 });
    await json(`${control}/random-failures`, 'POST', { rate: 1, status: 500 });
    expect((await json(`${control}/faults/reset`, 'POST')).status).toBe(200);
    expect((await json(url, 'POST', { content: 'a' })).status).toBe(204);

    await json(`${control}/hang-next`, 'POST', { count: 1 });
    await expect(
      call(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"content":"a"}',
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
  });

  it("change a guild's members behind the site's back, add users and read commands, over HTTP", async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW), control: true });
    const control = `${standIn.url}/__control`;
    const { id: guildId, roles, users } = DEMO_GUILD;
    const rolesOf = (userId: string) =>
      json<{ roles: string[] }>(`${control}/guilds/${guildId}/members/${userId}/roles`);
    expect((await rolesOf(users.b0aty)).body).toEqual({ roles: [roles.rune, roles.clanMember] });
    expect((await rolesOf(users.outsider)).status).toBe(404);

    const set = await json(`${control}/guilds/${guildId}/members/${users.b0aty}/roles`, 'POST', {
      roles: [roles.dragon],
    });
    expect(set.status).toBe(200);
    expect(standIn.memberRoles(guildId, users.b0aty)).toEqual([roles.dragon]);

    const added = await json<DiscordUser>(`${control}/users`, 'POST', {
      username: 'new_recruit',
      roles: [roles.bronze],
    });
    expect([added.status, added.body.username]).toEqual([201, 'new_recruit']);
    expect((await rolesOf(added.body.id)).body).toEqual({ roles: [roles.bronze] });

    expect((await json(`${control}/guilds/${guildId}/members/${added.body.id}/remove`, 'POST')).status).toBe(
      200,
    );
    expect((await rolesOf(added.body.id)).status).toBe(404);
    expect((await json(`${control}/roles/${roles.owner}/deny`, 'POST')).status).toBe(200);
    expect((await json(`${control}/commands/${guildId}`)).body).toEqual([]);

    expect((await json(`${control}/state/reset`, 'POST')).status).toBe(200);
    expect(standIn.memberRoles(guildId, users.b0aty)).toEqual([roles.rune, roles.clanMember]);
    const unknownRole = await json(`${control}/guilds/${guildId}/members/${users.b0aty}/roles`, 'POST', {
      roles: ['1'],
    });
    expect(unknownRole.status).toBe(400);
  });

  it('refuse a bad knob with 400 and a message', async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW), control: true });
    const control = `${standIn.url}/__control`;
    expect((await json(`${control}/fail-next`, 'POST', { count: 1, status: 200 })).body).toEqual({
      message: 'status must be an HTTP error status, got 200',
    });
    expect((await json(`${control}/hang-next`, 'POST', {})).body).toEqual({ message: 'Send {count}' });
    expect((await json(`${control}/nothing`, 'POST', {})).status).toBe(404);
  });
});
