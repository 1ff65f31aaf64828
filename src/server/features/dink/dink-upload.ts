import type { FastifyInstance } from 'fastify';
import { DINK_MAX_BODY_BYTES, DINK_MAX_IMAGE_BYTES } from '#core/dink/receiver-limits.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';

export interface DinkImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/**
 * A post as Dink sent it: the notification's JSON text, kept as sent (its hash tells Dink's retries
 * apart from new posts), and the screenshot. The fields are private, so the request hooks that walk a
 * parsed body (the input guard) do not walk 8 MB of image bytes one index at a time.
 */
export class DinkUpload {
  readonly #payloadText: string;
  readonly #image: DinkImage | null;

  constructor(payloadText: string, image: DinkImage | null) {
    this.#payloadText = payloadText;
    this.#image = image;
  }

  get payloadText(): string {
    return this.#payloadText;
  }

  get image(): DinkImage | null {
    return this.#image;
  }
}

export const IMAGE_TYPE_MESSAGE = 'The file must be a PNG or JPEG image';
export const IMAGE_SIZE_MESSAGE = 'The file must be at most 8 MB';
export const MISSING_PAYLOAD_MESSAGE = 'The form must carry the notification in payload_json';
export const CONTENT_TYPE_MESSAGE = 'Dink posts its notification as application/json or multipart/form-data';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes are, whatever the part's header claims: a renamed file is not an image. */
function imageTypeOf(bytes: Buffer): DinkImage['contentType'] | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

async function readForm(body: Buffer, contentType: string): Promise<FormData> {
  try {
    return await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw badRequest('The body is not a readable multipart form');
  }
}

async function readImage(file: FormDataEntryValue | null): Promise<DinkImage | null> {
  if (file === null) return null;
  if (typeof file === 'string') throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  if (file.size > DINK_MAX_IMAGE_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', IMAGE_SIZE_MESSAGE);
  const bytes = Buffer.from(await file.arrayBuffer());
  const contentType = imageTypeOf(bytes);
  if (contentType === null) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);
  return { contentType, bytes };
}

/** Dink's multipart post: `payload_json` and an optional `file`. */
export async function parseDinkForm(body: Buffer, contentType: string): Promise<DinkUpload> {
  const form = await readForm(body, contentType);
  const payload = form.get('payload_json');
  const payloadText = typeof payload === 'string' ? payload : payload ? await payload.text() : null;
  if (payloadText === null) throw badRequest(MISSING_PAYLOAD_MESSAGE);
  return new DinkUpload(payloadText, await readImage(form.get('file')));
}

/**
 * In the receiver's scope only: JSON kept as its text, and multipart forms, both up to Dink's
 * largest post. Any other content type is a 415 that names the two.
 */
export function acceptDinkBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: DINK_MAX_BODY_BYTES },
    (_request, body, done) => done(null, new DinkUpload(String(body), null)),
  );
  app.addContentTypeParser('*', (_request, _body, done) => {
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', CONTENT_TYPE_MESSAGE));
  });
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: DINK_MAX_BODY_BYTES },
    (request, body, done) => {
      parseDinkForm(body as Buffer, request.headers['content-type'] ?? '').then(
        (upload) => done(null, upload),
        (error: Error) => done(error),
      );
    },
  );
}
