import { afterEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import {
  startDiscordStandIn,
  type DiscordMessage,
  type DiscordStandIn,
  type DiscordStandInOptions,
} from './index.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const UNKNOWN_WEBHOOK = { message: 'Unknown Webhook', code: 10015 };

describe('the Discord webhook stand-in', () => {
  let standIn: DiscordStandIn;
  let clock: ManualClock;
  const start = async (options: DiscordStandInOptions = {}) => {
    clock = manualClock(NOW);
    standIn = await startDiscordStandIn({ clock, rateLimit: false, ...options });
    return standIn;
  };
  afterEach(() => standIn.close());

  const send = <T>(method: string, url: string, body: unknown, signal?: AbortSignal) =>
    call<T>(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal === undefined ? {} : { signal }),
    });

  it('answers a post 204 with no body, as Discord does without ?wait', async () => {
    await start();
    const { url } = standIn.createWebhook();
    const response = await send('POST', url, { content: 'Welcome to the clan, Zezima!' });
    expect([response.status, response.text, response.headers.get('content-type')]).toEqual([204, '', null]);
  });

  it('keeps only the latest arrivals and messages, answering an edit of a forgotten one as unknown', async () => {
    await start({ requestLog: 3 });
    const webhook = standIn.createWebhook();
    const ids: string[] = [];
    for (let n = 1; n <= 4; n += 1) {
      ids.push(
        (await send<DiscordMessage>('POST', `${webhook.url}?wait=true`, { content: `Post ${n}` })).body.id,
      );
    }
    expect(standIn.received().map((message) => message.body.content)).toEqual(['Post 2', 'Post 3', 'Post 4']);
    const oldest = await send('PATCH', `${webhook.url}/messages/${ids[0]}`, { content: 'Edited' });
    expect([oldest.status, oldest.body]).toEqual([404, { message: 'Unknown Message', code: 10008 }]);
    expect((await send('PATCH', `${webhook.url}/messages/${ids[3]}`, { content: 'Edited' })).status).toBe(
      200,
    );
  });

  it('answers ?wait=true with the created message, whose id an edit can use', async () => {
    await start();
    const webhook = standIn.createWebhook({ name: 'Clan news' });
    const embed = { title: 'Competition ended', description: '1. Zezima', color: 0xffcc00 };
    const response = await send<DiscordMessage>('POST', `${webhook.url}?wait=true`, {
      content: 'Results are in',
      embeds: [embed],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      type: 0,
      content: 'Results are in',
      embeds: [embed],
      webhook_id: webhook.id,
      author: { id: webhook.id, username: 'Clan news', bot: true },
      timestamp: '2026-11-21T12:00:00.000000+00:00',
      edited_timestamp: null,
    });
    // A snowflake: Discord's epoch milliseconds in the bits above 22.
    expect(BigInt(response.body.id) >> 22n).toBe(BigInt(Date.parse(NOW) - 1_420_070_400_000));
    expect(standIn.message(response.body.id)).toEqual(response.body);
  });

  it('edits a message it created with PATCH, and refuses an unknown one with 404', async () => {
    await start();
    const webhook = standIn.createWebhook();
    const created = await send<DiscordMessage>('POST', `${webhook.url}?wait=true`, {
      embeds: [{ title: 'Standings', description: '1. Zezima 10M' }],
    });
    clock.advance(5 * 60_000);
    const edited = await send<DiscordMessage>('PATCH', `${webhook.url}/messages/${created.body.id}`, {
      embeds: [{ title: 'Standings', description: '1. Zezima 12M' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.body.id,
      embeds: [{ title: 'Standings', description: '1. Zezima 12M' }],
      edited_timestamp: '2026-11-21T12:05:00.000000+00:00',
    });
    expect(
      standIn.received(webhook.id).map((message) => [message.method, message.messageId, message.receivedAt]),
    ).toEqual([
      ['POST', created.body.id, NOW],
      ['PATCH', created.body.id, '2026-11-21T12:05:00.000Z'],
    ]);

    const unknown = await send('PATCH', `${webhook.url}/messages/123456789012345678`, { content: 'x' });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Unknown Message', code: 10008 }]);
    // Another webhook's message is not this one's to edit.
    const other = standIn.createWebhook();
    const foreign = await send('PATCH', `${other.url}/messages/${created.body.id}`, { content: 'x' });
    expect(foreign.status).toBe(404);
  });

  it('checks an edit against the limits and refuses one that would leave the message empty', async () => {
    await start();
    const webhook = standIn.createWebhook();
    const created = await send<DiscordMessage>('POST', `${webhook.url}?wait=true`, { content: 'Standings' });
    const path = `${webhook.url}/messages/${created.body.id}`;
    const over = await send('PATCH', path, { embeds: [{ title: 'x'.repeat(257) }] });
    expect(over.status).toBe(400);
    const emptied = await send('PATCH', path, { content: '' });
    expect([emptied.status, emptied.body]).toEqual([
      400,
      { message: 'Cannot send an empty message', code: 50006 },
    ]);
    expect(standIn.message(created.body.id)?.content).toBe('Standings');
  });

  it('deletes a message it created', async () => {
    await start();
    const webhook = standIn.createWebhook();
    const created = await send<DiscordMessage>('POST', `${webhook.url}?wait=true`, { content: 'Oops' });
    const path = `${webhook.url}/messages/${created.body.id}`;
    expect((await call(path, { method: 'DELETE' })).status).toBe(204);
    expect(standIn.message(created.body.id)).toBeUndefined();
    expect((await call(path, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 Unknown Webhook for a deleted webhook, and for one it does not know when told to', async () => {
    await start({ acceptUnknownWebhooks: false });
    const webhook = standIn.createWebhook();
    expect((await send('POST', webhook.url, { content: 'hi' })).status).toBe(204);
    standIn.deleteWebhook(webhook.id);
    const deleted = await send('POST', webhook.url, { content: 'hi' });
    expect([deleted.status, deleted.body]).toEqual([404, UNKNOWN_WEBHOOK]);
    const never = await send('POST', `${standIn.url}/api/webhooks/111111111111111111/abc`, { content: 'hi' });
    expect([never.status, never.body]).toEqual([404, UNKNOWN_WEBHOOK]);
    expect(standIn.received()).toHaveLength(1);
  });

  it('takes any pasted webhook on first use by default, then holds it to that token (401 otherwise)', async () => {
    await start();
    const url = `${standIn.url}/api/webhooks/222222222222222222/the-token`;
    expect((await send('POST', url, { content: 'hi' })).status).toBe(204);
    const badToken = await send('POST', `${standIn.url}/api/webhooks/222222222222222222/another`, {
      content: 'hi',
    });
    expect([badToken.status, badToken.body]).toEqual([
      401,
      { message: 'Invalid Webhook Token', code: 50027 },
    ]);
    // Discord's versioned paths reach the same webhook.
    expect(
      (await send('POST', `${standIn.url}/api/v10/webhooks/222222222222222222/the-token`, { content: 'hi' }))
        .status,
    ).toBe(204);
    const notASnowflake = await send('POST', `${standIn.url}/api/webhooks/abc/the-token`, { content: 'hi' });
    expect(notASnowflake.body).toEqual(UNKNOWN_WEBHOOK);
    expect(standIn.received('222222222222222222')).toHaveLength(2);
  });

  it('keeps allowed_mentions and the rest of the body exactly as received', async () => {
    await start();
    const webhook = standIn.createWebhook();
    const body = {
      content: 'Welcome @everyone and <@&123>',
      username: 'Clan news',
      allowed_mentions: { parse: [] },
      flags: 1 << 12,
    };
    await send('POST', `${webhook.url}?thread_id=333`, body);
    expect(standIn.received(webhook.id)).toEqual([
      {
        webhookId: webhook.id,
        messageId: expect.any(String),
        method: 'POST',
        receivedAt: NOW,
        body,
        threadId: '333',
        attachments: [],
      },
    ]);
  });

  it('lets a test read what arrived per webhook, in order, and reset it', async () => {
    await start();
    const first = standIn.createWebhook();
    const second = standIn.createWebhook();
    await send('POST', first.url, { content: 'one' });
    clock.advance(1_000);
    await send('POST', second.url, { content: 'two' });
    clock.advance(1_000);
    await send('POST', first.url, { content: 'three' });
    const contents = (webhookId?: string) =>
      standIn.received(webhookId).map((message) => message.body.content);
    expect(contents()).toEqual(['one', 'two', 'three']);
    expect(contents(first.id)).toEqual(['one', 'three']);
    expect(standIn.received(first.id).map((message) => message.receivedAt)).toEqual([
      NOW,
      '2026-11-21T12:00:02.000Z',
    ]);
    expect(standIn.requests.map((request) => [request.method, request.webhookId, request.status])).toEqual([
      ['POST', first.id, 204],
      ['POST', second.id, 204],
      ['POST', first.id, 204],
    ]);
    standIn.resetReceived();
    expect(standIn.received()).toEqual([]);
    expect(standIn.requests).toEqual([]);
    await send('POST', second.url, { content: 'four' });
    expect(contents()).toEqual(['four']);
  });

  it('fails the next requests with a scripted status, then answers normally', async () => {
    await start();
    const webhook = standIn.createWebhook();
    standIn.failNext(2, 502);
    standIn.failNext(1, 404);
    const first = await send('POST', webhook.url, { content: 'a' });
    expect([first.status, first.body]).toEqual([502, { message: '502: Bad Gateway', code: 0 }]);
    expect((await send('POST', webhook.url, { content: 'a' })).status).toBe(502);
    const gone = await send('POST', webhook.url, { content: 'a' });
    expect([gone.status, gone.body]).toEqual([404, UNKNOWN_WEBHOOK]);
    expect((await send('POST', webhook.url, { content: 'a' })).status).toBe(204);
    expect(standIn.received()).toHaveLength(1);
  });

  it('fails a seeded share of requests when told to, the same ones for the same seed', async () => {
    const statuses = async (seed: number) => {
      await start({ seed });
      const webhook = standIn.createWebhook();
      standIn.setRandomFailures(0.5, 503);
      const answers: number[] = [];
      for (let i = 0; i < 30; i += 1)
        answers.push((await send('POST', webhook.url, { content: `#${i}` })).status);
      expect(standIn.received()).toHaveLength(answers.filter((status) => status === 204).length);
      await standIn.close();
      return answers;
    };
    const first = await statuses(7);
    expect(first).toContain(204);
    expect(first).toContain(503);
    expect(await statuses(7)).toEqual(first);
  });

  it('answers a 429 drawn by chance with a 1 s wait', async () => {
    await start();
    const webhook = standIn.createWebhook();
    standIn.setRandomFailures(1, 429);
    const limited = await send<{ retry_after: number }>('POST', webhook.url, { content: 'a' });
    expect([limited.status, limited.headers.get('retry-after'), limited.body.retry_after]).toEqual([
      429,
      '1',
      1,
    ]);
    standIn.resetFaults();
    expect((await send('POST', webhook.url, { content: 'a' })).status).toBe(204);
  });

  it('hangs a request until the client gives up, and still closes', async () => {
    await start();
    const webhook = standIn.createWebhook();
    standIn.hangNext(1);
    await expect(send('POST', webhook.url, { content: 'lost' }, AbortSignal.timeout(200))).rejects.toThrow(
      /aborted|timeout/i,
    );
    expect(standIn.requests.map((request) => request.status)).toEqual([null]);
    expect(standIn.received()).toEqual([]);
    expect((await send('POST', webhook.url, { content: 'next' })).status).toBe(204);
  });

  it('closes while a request hangs', async () => {
    await start();
    const webhook = standIn.createWebhook();
    standIn.hangNext(1);
    const pending = send('POST', webhook.url, { content: 'lost' });
    await expect.poll(() => standIn.requests.length).toBe(1);
    await standIn.close();
    await expect(pending).rejects.toThrow();
    // afterEach closes it again, which must not fail.
  });

  it("answers paths and methods Discord has no webhook route for like Discord's 404 and 405", async () => {
    await start();
    const webhook = standIn.createWebhook();
    const nowhere = await call(`${standIn.url}/api/channels/1/messages`);
    expect([nowhere.status, nowhere.body]).toEqual([404, { message: '404: Not Found', code: 0 }]);
    const wrongMethod = await call(webhook.url, { method: 'PUT' });
    expect([wrongMethod.status, wrongMethod.body]).toEqual([
      405,
      { message: '405: Method Not Allowed', code: 0 },
    ]);
  });
});
