import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import {
  startDiscordStandIn,
  type DiscordMessage,
  type DiscordStandIn,
  type ReceivedMessage,
} from './index.ts';
import type { DiscordErrorBody } from './limits.ts';

/** From ../shared/reference/discord-webhooks.md, typed out so the stand-in is checked against it. */
const REFERENCE = {
  /** "Files: … Default limit 10 MiB per message." */
  fileBytes: 10 * 1024 * 1024,
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
};

interface Part {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The eight bytes every PNG starts with, then filler: enough for a part to be an image. */
const png = (size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, size));
  return bytes;
};

/** A webhook post as Discord's docs describe it: `payload_json` and `files[n]`. */
function form(payload: unknown, files: Part[] = []): FormData {
  const data = new FormData();
  if (payload !== undefined)
    data.append('payload_json', typeof payload === 'string' ? payload : JSON.stringify(payload));
  files.forEach((file, index) =>
    data.append(`files[${index}]`, new Blob([file.bytes], { type: file.type }), file.name),
  );
  return data;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (length: number) => 'x'.repeat(length);
const TOO_LARGE = { message: 'Request entity too large', code: 40005 };

describe('the stand-in takes multipart webhook posts as Discord does', () => {
  let standIn: DiscordStandIn;
  let webhookUrl: string;
  let webhookId: string;
  beforeAll(async () => {
    standIn = await startDiscordStandIn({
      clock: manualClock('2026-11-21T12:00:00.000Z'),
      rateLimit: false,
      control: true,
    });
    ({ url: webhookUrl, id: webhookId } = standIn.createWebhook());
  });
  beforeEach(() => standIn.resetReceived());
  afterAll(() => standIn.close());

  const postForm = <T = DiscordErrorBody>(body: FormData, query = '') =>
    call<T>(`${webhookUrl}${query}`, { method: 'POST', body });
  const postJson = (body: unknown) =>
    call<DiscordErrorBody>(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('posts the payload with its files, shown as attachments, and tells a test what arrived', async () => {
    const image = png(1_234);
    const payload = {
      embeds: [{ title: 'Zezima: Olmlet', image: { url: 'attachment://moment.png' } }],
      allowed_mentions: { parse: [] },
    };
    const response = await postForm<DiscordMessage>(
      form(payload, [{ name: 'moment.png', type: 'image/png', bytes: image }]),
      '?wait=true',
    );
    expect(response.status).toBe(200);
    expect(response.body.embeds).toEqual(payload.embeds);
    expect(response.body.attachments).toEqual([
      expect.objectContaining({ filename: 'moment.png', size: 1_234, content_type: 'image/png' }),
    ]);
    const [received] = standIn.received(webhookId);
    expect(received?.body).toEqual(payload);
    expect(received?.attachments).toEqual([
      {
        field: 'files[0]',
        filename: 'moment.png',
        content_type: 'image/png',
        size: 1_234,
        sha256: sha256(image),
      },
    ]);
    const control = await call<ReceivedMessage[]>(`${standIn.url}/__control/received`);
    expect(control.body[0]?.attachments).toEqual(received?.attachments);
  });

  it('takes files alone as a message, and nothing at all as an empty one', async () => {
    const files = [{ name: 'moment.jpg', type: 'image/jpeg', bytes: png(10) }];
    expect((await postForm(form(undefined, files))).status).toBe(204);
    const empty = await postForm(form(undefined));
    expect([empty.status, empty.body]).toEqual([
      400,
      { message: 'Cannot send an empty message', code: 50006 },
    ]);
  });

  it.each([
    ['content over 2,000 characters', { content: text(REFERENCE.content + 1) }],
    ['more than 10 embeds', { embeds: Array.from({ length: REFERENCE.embeds + 1 }, () => ({ title: 'x' })) }],
    [
      'embeds over 6,000 characters together',
      { embeds: [{ description: text(4_000) }, { description: text(REFERENCE.embedTotal - 4_000 + 1) }] },
    ],
    ['an empty message', {}],
    ['broken JSON', '{"content": '],
  ])('answers payload_json with %s as it answers a JSON body', async (_, payload) => {
    const asJson = await postJson(payload);
    expect(asJson.status).toBe(400);
    const asForm = await postForm(form(payload));
    expect([asForm.status, asForm.body]).toEqual([400, asJson.body]);
  });

  it('takes payload_json at the limits, as a JSON body', async () => {
    const payload = { content: text(REFERENCE.content), embeds: [{ description: text(4_096) }] };
    expect((await postJson(payload)).status).toBe(204);
    expect((await postForm(form(payload))).status).toBe(204);
  });

  it('takes files of 10 MiB together and refuses one byte more with 413, keeping nothing', async () => {
    const half = REFERENCE.fileBytes / 2;
    const fits = await postForm(
      form({ content: 'fits' }, [
        { name: 'a.png', type: 'image/png', bytes: png(half) },
        { name: 'b.png', type: 'image/png', bytes: png(half) },
      ]),
    );
    expect(fits.status).toBe(204);
    const over = await postForm(
      form({ content: 'over' }, [
        { name: 'a.png', type: 'image/png', bytes: png(half) },
        { name: 'b.png', type: 'image/png', bytes: png(half + 1) },
      ]),
    );
    expect([over.status, over.body]).toEqual([413, TOO_LARGE]);
    const single = await postForm(
      form({ content: 'over' }, [{ name: 'a.png', type: 'image/png', bytes: png(REFERENCE.fileBytes + 1) }]),
    );
    expect([single.status, single.body]).toEqual([413, TOO_LARGE]);
    expect(standIn.received(webhookId).map((message) => message.body.content)).toEqual(['fits']);
  });

  it('validates an edit sent as multipart like a JSON edit, adding its files to the message', async () => {
    const posted = await postForm<DiscordMessage>(form({ content: 'Standings' }), '?wait=true');
    const messageUrl = `${webhookUrl}/messages/${posted.body.id}`;
    const tooLong = await call(messageUrl, {
      method: 'PATCH',
      body: form({ content: text(REFERENCE.content + 1) }),
    });
    expect(tooLong.status).toBe(400);
    const edited = await call<DiscordMessage>(messageUrl, {
      method: 'PATCH',
      body: form({ content: 'Final standings' }, [{ name: 'chart.png', type: 'image/png', bytes: png(64) }]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('Final standings');
    expect(edited.body.attachments.map((file) => [file.filename, file.size])).toEqual([['chart.png', 64]]);
  });
});
