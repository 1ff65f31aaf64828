import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { startDiscordStandIn, type DiscordStandIn } from './index.ts';
import type { DiscordErrorBody } from './limits.ts';

/** Discord's limits as the reference lists them, typed out here so the stand-in is checked against them. */
const REFERENCE = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
};

const text = (length: number) => 'x'.repeat(length);
const tooLong = (limit: number) => ({
  _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${limit} or fewer in length.` }],
});
const invalidFormBody = (errors: unknown) => ({ message: 'Invalid Form Body', code: 50035, errors });

describe('the stand-in refuses what Discord refuses, at the reference limits', () => {
  let standIn: DiscordStandIn;
  let webhookUrl: string;
  beforeAll(async () => {
    // No bucket: this file sends far more than 5 messages in 2 s.
    standIn = await startDiscordStandIn({ clock: manualClock('2026-11-21T12:00:00.000Z'), rateLimit: false });
    webhookUrl = standIn.createWebhook().url;
  });
  afterAll(() => standIn.close());

  const send = (body: unknown) =>
    call<DiscordErrorBody>(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const accepted = async (body: unknown) => expect((await send(body)).status).toBe(204);
  const refused = async (body: unknown, answer: unknown) => {
    const response = await send(body);
    expect([response.status, response.body]).toEqual([400, answer]);
  };

  it('takes content of 2,000 characters and refuses 2,001', async () => {
    await accepted({ content: text(REFERENCE.content) });
    await refused({ content: text(REFERENCE.content + 1) }, invalidFormBody({ content: tooLong(2000) }));
  });

  it('counts characters, not UTF-16 units: 2,000 emoji fit', async () => {
    await accepted({ content: '🏆'.repeat(REFERENCE.content) });
    await refused(
      { content: '🏆'.repeat(REFERENCE.content + 1) },
      invalidFormBody({ content: tooLong(2000) }),
    );
  });

  it('takes 10 embeds and refuses 11', async () => {
    const embeds = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ title: `Embed ${index}` }));
    await accepted({ embeds: embeds(REFERENCE.embeds) });
    await refused({ embeds: embeds(REFERENCE.embeds + 1) }, invalidFormBody({ embeds: tooLong(10) }));
  });

  it.each([
    ['title', REFERENCE.title, (value: string) => ({ title: value }), { title: tooLong(256) }],
    [
      'description',
      REFERENCE.description,
      (value: string) => ({ description: value }),
      { description: tooLong(4096) },
    ],
    [
      'footer text',
      REFERENCE.footerText,
      (value: string) => ({ footer: { text: value } }),
      { footer: { text: tooLong(2048) } },
    ],
    [
      'author name',
      REFERENCE.authorName,
      (value: string) => ({ author: { name: value } }),
      { author: { name: tooLong(256) } },
    ],
    [
      'field name',
      REFERENCE.fieldName,
      (value: string) => ({ fields: [{ name: value, value: 'v' }] }),
      { fields: { 0: { name: tooLong(256) } } },
    ],
    [
      'field value',
      REFERENCE.fieldValue,
      (value: string) => ({ fields: [{ name: 'n', value }] }),
      { fields: { 0: { value: tooLong(1024) } } },
    ],
  ])('takes an embed %s of %i characters and refuses one more', async (_name, limit, embed, errors) => {
    await accepted({ embeds: [embed(text(limit))] });
    // The second embed is the one over: the error names its index.
    await refused(
      { embeds: [{ title: 'ok' }, embed(text(limit + 1))] },
      invalidFormBody({ embeds: { 1: errors } }),
    );
  });

  it('takes 25 fields in an embed and refuses 26', async () => {
    const fields = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `#${index}`, value: 'v' }));
    await accepted({ embeds: [{ fields: fields(REFERENCE.fields) }] });
    await refused(
      { embeds: [{ fields: fields(REFERENCE.fields + 1) }] },
      invalidFormBody({ embeds: { 0: { fields: tooLong(25) } } }),
    );
  });

  it('takes 6,000 characters across all embeds and refuses 6,001', async () => {
    // Two embeds whose counted parts (title, description, fields, footer, author) add up to the total.
    const embeds = (extra: number) => [
      {
        title: text(200),
        description: text(3000),
        footer: { text: text(300) },
        url: 'https://example.com/not-counted',
      },
      {
        author: { name: text(100) },
        description: text(1400 + extra),
        fields: [{ name: text(250), value: text(750) }],
        color: 0xffcc00,
      },
    ];
    await accepted({ embeds: embeds(0) });
    await refused(
      { embeds: embeds(1) },
      invalidFormBody({
        embeds: {
          _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }],
        },
      }),
    );
  });

  it('refuses a message with no content, embeds or other body, as Discord does', async () => {
    const empty = { message: 'Cannot send an empty message', code: 50006 };
    await refused({}, empty);
    await refused({ content: '' }, empty);
    await refused({ embeds: [], username: 'Clan bot', allowed_mentions: { parse: [] } }, empty);
  });

  it('reads a body only as JSON: without its Content-Type the message is empty, as on Discord', async () => {
    const response = await call<DiscordErrorBody>(webhookUrl, {
      method: 'POST',
      body: JSON.stringify({ content: 'Sent as text/plain by default' }),
    });
    expect([response.status, response.body]).toEqual([
      400,
      { message: 'Cannot send an empty message', code: 50006 },
    ]);
    const noBody = await call<DiscordErrorBody>(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect([noBody.status, noBody.body]).toEqual([
      400,
      { message: 'Cannot send an empty message', code: 50006 },
    ]);
  });

  it('reports every broken limit of a message at once', async () => {
    await refused(
      { content: text(2001), embeds: [{ title: text(257), fields: [{ name: 'n', value: text(1025) }] }] },
      invalidFormBody({
        content: tooLong(2000),
        embeds: { 0: { title: tooLong(256), fields: { 0: { value: tooLong(1024) } } } },
      }),
    );
  });

  it('takes up to 100 mentioned ids of a kind, and never parse and a list of the same kind together', async () => {
    const ids = (count: number) =>
      Array.from({ length: count }, (_, index) => String(100_000_000_000_000_000n + BigInt(index)));
    await accepted({ content: 'Congratulations', allowed_mentions: { parse: ['roles'], users: ids(100) } });
    await refused(
      { content: 'Congratulations', allowed_mentions: { parse: [], users: ids(101) } },
      invalidFormBody({ allowed_mentions: { users: tooLong(100) } }),
    );
    await refused(
      { content: 'Congratulations', allowed_mentions: { parse: ['users'], users: ids(1) } },
      invalidFormBody({
        allowed_mentions: {
          _errors: [
            {
              code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
              message: 'parse:["users"] and users: [ids...] are mutually exclusive.',
            },
          ],
        },
      }),
    );
  });

  it('refuses a body that is not JSON', async () => {
    const response = await call<DiscordErrorBody>(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"content": ',
    });
    expect([response.status, response.body]).toEqual([
      400,
      { message: 'The request body contains invalid JSON.', code: 50109 },
    ]);
  });

  it('holds nothing it refused', () => {
    for (const message of standIn.received()) {
      const content = typeof message.body.content === 'string' ? message.body.content : '';
      expect([...content].length).toBeLessThanOrEqual(REFERENCE.content);
    }
    // The accepted ones, one per edge test above.
    expect(standIn.received()).toHaveLength(12);
  });
});
