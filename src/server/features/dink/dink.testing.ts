import { readdirSync, readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DinkLinkCreated } from '#core/dink/dink.schema.ts';
import type { TestApp } from '#test/app.ts';
import { demoScreenshot, pngChunk } from '../../demo/demo-dink-screenshot.ts';

const PAYLOADS = new URL('../../demo/dink-payloads/', import.meta.url);

/** Every example payload's file name and text, as Dink sends it. */
export const examplePayloads: Array<{ file: string; text: string }> = readdirSync(PAYLOADS)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ file, text: readFileSync(new URL(file, PAYLOADS), 'utf8') }));

/** An example payload as an object, to change before sending. */
export function examplePayload(file: string): Record<string, unknown> {
  const found = examplePayloads.find((payload) => payload.file === file);
  if (!found) throw new Error(`no example payload ${file}`);
  return JSON.parse(found.text) as Record<string, unknown>;
}

/** A chunk's length, type and CRC around its data; IEND, the last chunk, is only these. */
const IEND_BYTES = 12;

/**
 * A real screenshot (the demo's card) of at least `size` bytes: the extra bytes ride in a private
 * ancillary chunk, which decoders skip, so any size up to Dink's cap still decodes.
 */
export function pngBytes(size = 0): Buffer {
  const png = demoScreenshot([90, 140, 200], 3);
  const padding = size - png.length - IEND_BYTES;
  if (padding <= 0) return png;
  const filler = pngChunk('prVt', Buffer.alloc(padding, 7));
  return Buffer.concat([png.subarray(0, -IEND_BYTES), filler, png.subarray(-IEND_BYTES)]);
}

/** A multipart body as Dink builds one: `payload_json` and, when given, a `file`. */
export async function multipartOf(
  payloadText: string,
  file?: { bytes: Buffer; type?: string; name?: string },
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('payload_json', payloadText);
  if (file) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'image.png',
    );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** Makes a Dink address for the signed-in owner's character; the token is the URL's last segment. */
export async function connectDink(
  t: TestApp,
  womId: string,
  headers: Record<string, string>,
): Promise<DinkLinkCreated & { token: string }> {
  const response = await t.app.inject({ method: 'POST', url: `/api/me/characters/${womId}/dink`, headers });
  expect(response.statusCode).toBe(201);
  const created = response.json<DinkLinkCreated>();
  return { ...created, token: created.url.split('/').pop()! };
}

/** Posts to a Dink address as JSON (a string or object) or as a prepared multipart body. */
export function postDink(
  t: TestApp,
  token: string,
  body: string | Record<string, unknown> | { body: Buffer; contentType: string },
): Promise<LightMyRequestResponse> {
  if (typeof body === 'object' && 'contentType' in body && Buffer.isBuffer(body.body)) {
    return t.app.inject({
      method: 'POST',
      url: `/api/dink/${token}`,
      headers: { 'content-type': body.contentType as string },
      payload: body.body,
    });
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/dink/${token}`,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function storedPosts(t: TestApp) {
  return t.database.db
    .selectFrom('dink_posts')
    .select(['id', 'wom_id', 'type', 'image_id'])
    .orderBy('id')
    .execute();
}

export async function storedImages(t: TestApp) {
  return t.database.db.selectFrom('dink_images').select(['id', 'wom_id', 'size']).orderBy('id').execute();
}
