import { readdirSync, readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DinkLinkCreated } from '#core/dink/dink.schema.ts';
import type { TestApp } from '#test/app.ts';

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

/** The PNG signature and header chunk: what a screenshot starts with. */
export function pngBytes(size = 64): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.alloc(Math.max(0, size - signature.length), 7)]);
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
