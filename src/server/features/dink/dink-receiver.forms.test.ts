import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DINK_MAX_BODY_BYTES, DINK_MAX_NOTIFICATION_BYTES } from '#core/dink/receiver-limits.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { openRawConnection, statusOf, type RawConnection } from '#test/raw-connection.ts';
import { signInRoles } from '#test/roles.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { NOTIFICATION_SIZE_MESSAGE } from './dink-receiver.service.ts';
import {
  BODY_SIZE_MESSAGE,
  FORM_PARTS_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  MISSING_PAYLOAD_MESSAGE,
} from './dink-upload.ts';
import {
  connectDink,
  examplePayload,
  pngBytes,
  postDink,
  storedImages,
  storedPosts,
} from './dink.testing.ts';

/** One part of the post that took the site down: an empty file under a name Dink never sends. */
const HOSTILE_PART =
  '--B\r\nContent-Disposition: form-data; name="a"; filename="a"\r\nContent-Type: image/png\r\n\r\n\r\n';
const HOSTILE_PARTS = 99_000;
const HOSTILE_TYPE = 'multipart/form-data; boundary=B';

const payloadText = () => JSON.stringify(examplePayload('pet.json'));

async function encoded(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

/** A form of the given parts, in order: text fields, or files (with a file name) of the given bytes. */
function formOf(...parts: Array<[name: string, value: string | Buffer, filename?: string]>) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string' && filename === undefined) form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(Buffer.from(value))], { type: 'image/png' }), filename);
  }
  return encoded(form);
}

/** A request's head, with a stated length or, without one, chunked. */
function headOf(token: string, contentType: string, length?: number): string {
  const framing = length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST /api/dink/${token} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`;
}

/** Writes, settling once the bytes are handed to the system (or the write failed: see `error()`). */
function send(connection: RawConnection, bytes: string | Buffer): Promise<void> {
  return new Promise((resolve) => connection.socket.write(bytes, () => resolve()));
}

function chunkOf(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
}

/** The answers on a connection so far, as status and JSON body, in order. */
function answersOf(raw: string): Array<{ status: number | null; body: string }> {
  return raw
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((answer) => answer.length > 0)
    .map((answer) => ({ status: statusOf(answer), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) }));
}

const waitLong = { timeout: 10_000, interval: 20 };

for (const dialect of testDialects) {
  describe(`${dialect}: the Dink receiver's forms`, () => {
    let t: TestApp;
    let token: string;
    let port: number;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      const roles = await signInRoles(t);
      await addMember(t, '42', 'Wise Rune');
      await claimCharacter(t, roles.userId, '42');
      token = (await connectDink(t, '42', roles.headers('user'))).token;
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterEach(async () => t.close());

    /** The connection stayed usable after its refused post: the next request on it is answered. */
    async function expectServedAfter(connection: RawConnection, answers: number): Promise<void> {
      await send(connection, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await vi.waitFor(() => expect(answersOf(connection.received())).toHaveLength(answers + 1), waitLong);
      expect(answersOf(connection.received())[answers]!.status).toBe(200);
      expect(connection.error()).toBeNull();
    }

    it('refuses the post of 99,000 empty parts at its first part, before the rest is sent, storing nothing', async () => {
      const hostile = Buffer.from(`${HOSTILE_PART.repeat(HOSTILE_PARTS)}--B--\r\n`);
      const whole = await postDink(t, token, { body: hostile, contentType: HOSTILE_TYPE });
      expect(whole.statusCode).toBe(400);
      expect(whole.json().message).toBe(FORM_PARTS_MESSAGE);

      const connection = await openRawConnection(port, '127.0.0.1', { allowHalfOpen: true });
      await send(connection, headOf(token, HOSTILE_TYPE, hostile.length));
      await send(connection, HOSTILE_PART.repeat(3));
      // The answer comes while 98,997 parts are still to be sent: nothing after the first is parsed.
      await vi.waitFor(() => expect(statusOf(connection.received())).toBe(400), waitLong);
      expect(JSON.parse(answersOf(connection.received())[0]!.body)).toEqual({
        code: 'VALIDATION_ERROR',
        message: FORM_PARTS_MESSAGE,
      });
      await send(connection, hostile.subarray(HOSTILE_PART.length * 3));
      await expectServedAfter(connection, 1);
      connection.socket.destroy();
      expect(await storedPosts(t)).toEqual([]);
    });

    it('refuses fields and files Dink does not send with 400, storing nothing', async () => {
      const image = pngBytes();
      const forms = {
        'an extra field': await formOf(['payload_json', payloadText()], ['extra', 'x']),
        'an unknown field first': await formOf(['extra', 'x'], ['payload_json', payloadText()]),
        'payload_json twice': await formOf(['payload_json', payloadText()], ['payload_json', payloadText()]),
        'payload_json as a file': await formOf(['payload_json', payloadText(), 'payload.json']),
        'two files': await formOf(
          ['payload_json', payloadText()],
          ['file', image, 'a.png'],
          ['file', image, 'b.png'],
        ),
        'a file under another name': await formOf(
          ['payload_json', payloadText()],
          ['picture', image, 'a.png'],
        ),
        'a part after the file': await formOf(
          ['payload_json', payloadText()],
          ['file', image, 'a.png'],
          ['x', 'y'],
        ),
      };
      for (const [name, form] of Object.entries(forms)) {
        const response = await postDink(t, token, form);
        expect(response.statusCode, name).toBe(400);
        expect(response.json().message, name).toBe(FORM_PARTS_MESSAGE);
      }
      const fileAlone = await postDink(t, token, await formOf(['file', image, 'a.png']));
      expect(fileAlone.statusCode).toBe(400);
      expect(fileAlone.json().message).toBe(MISSING_PAYLOAD_MESSAGE);
      expect(await storedPosts(t)).toEqual([]);
      expect(await storedImages(t)).toEqual([]);
    });

    it('refuses a payload_json over 32 KB with 413, storing nothing', async () => {
      const long = JSON.stringify({
        ...examplePayload('chat.json'),
        content: 'x'.repeat(DINK_MAX_NOTIFICATION_BYTES),
      });
      const response = await postDink(t, token, await formOf(['payload_json', long]));
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(NOTIFICATION_SIZE_MESSAGE);
      expect(await storedPosts(t)).toEqual([]);
    });

    it('refuses a screenshot at its 8 MB limit, before the rest of the form is sent', async () => {
      const { body } = await formOf(
        ['payload_json', payloadText()],
        ['file', pngBytes(9 * 1024 * 1024), 'a.png'],
      );
      const boundary = body.toString('latin1', 2, body.indexOf('\r\n'));
      const connection = await openRawConnection(port, '127.0.0.1', { allowHalfOpen: true });
      await send(connection, headOf(token, `multipart/form-data; boundary=${boundary}`));
      // Sent without a length, so only the file's own limit can stop it; the form's end is never sent.
      const cutOff = body.length - 512 * 1024;
      for (let at = 0; at < cutOff; at += 64 * 1024) {
        await send(connection, chunkOf(body.subarray(at, Math.min(at + 64 * 1024, cutOff))));
      }
      await vi.waitFor(() => expect(statusOf(connection.received())).toBe(413), waitLong);
      expect(JSON.parse(answersOf(connection.received())[0]!.body).message).toBe(IMAGE_SIZE_MESSAGE);
      connection.socket.destroy();
      expect(await storedPosts(t)).toEqual([]);
    });

    it('holds a form sent without a length to 8.5 MB, whatever it pads it with', async () => {
      const form = await formOf(['payload_json', payloadText()]);
      // Text before the first boundary is no part: only the body's size can stop it.
      const preamble = Buffer.alloc(DINK_MAX_BODY_BYTES, 'x');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/dink/${token}`,
        headers: { 'content-type': form.contentType },
        payload: Readable.from([preamble, Buffer.from('\r\n'), form.body]),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(BODY_SIZE_MESSAGE);
      expect(await storedPosts(t)).toEqual([]);
    });

    it("answers a body over 8.5 MB with a 413 that Node's fetch reads, with or without a length", async () => {
      const form = await formOf(
        ['payload_json', payloadText()],
        ['file', pngBytes(DINK_MAX_BODY_BYTES), 'a.png'],
      );
      const url = `http://127.0.0.1:${port}/api/dink/${token}`;
      const stated = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: new Uint8Array(form.body),
      });
      expect(stated.status).toBe(413);
      expect(await stated.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: BODY_SIZE_MESSAGE });

      const streamed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: Readable.toWeb(Readable.from([form.body])) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: IMAGE_SIZE_MESSAGE });
      expect(await storedPosts(t)).toEqual([]);
    });

    it('reads what is left of a refused body, so a client sending it all sees the 413, no reset, and can go on', async () => {
      const form = await formOf(
        ['payload_json', payloadText()],
        ['file', pngBytes(DINK_MAX_BODY_BYTES), 'a.png'],
      );
      const connection = await openRawConnection(port, '127.0.0.1', { allowHalfOpen: true });
      await send(connection, headOf(token, form.contentType, form.body.length));
      await send(connection, form.body);
      await vi.waitFor(() => expect(statusOf(connection.received())).toBe(413), waitLong);
      expect(JSON.parse(answersOf(connection.received())[0]!.body).message).toBe(BODY_SIZE_MESSAGE);
      await expectServedAfter(connection, 1);
      connection.socket.destroy();
    });
  });
}
