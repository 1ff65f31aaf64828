import type { IncomingMessage } from 'node:http';
import Busboy, { type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';
import {
  DINK_DRAIN_BOUNDS,
  DINK_FORM_LIMITS,
  DINK_MAX_BODY_BYTES,
  DINK_MAX_IMAGE_BYTES,
} from '#core/dink/receiver-limits.ts';
import { drainUnreadBody } from '../../http/drain-request.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { MultipartGuard, boundaryOf } from '../../http/multipart-guard.ts';
import { NOTIFICATION_SIZE_MESSAGE } from './dink-receiver.service.ts';

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
export const BODY_SIZE_MESSAGE =
  'A Dink post must be at most 8.5 MB: a screenshot of at most 8 MB and its notification';
export const MISSING_PAYLOAD_MESSAGE = 'The form must carry the notification in payload_json';
export const FORM_PARTS_MESSAGE =
  'The form may hold only the payload_json field and at most one file, as Dink sends it';
export const NOT_A_FORM_MESSAGE = 'The body is not a readable multipart form';
export const CONTENT_TYPE_MESSAGE = 'Dink posts its notification as application/json or multipart/form-data';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const tooLarge = (message: string) => new HttpError(413, 'PAYLOAD_TOO_LARGE', message);
const notAnImage = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_MESSAGE);

/** What the bytes are, whatever the part's header claims: a renamed file is not an image. */
function imageTypeOf(bytes: Buffer): DinkImage['contentType'] | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** A screenshot as the receiver takes it: at most 8 MB, and a PNG or JPEG by its bytes. */
export function dinkImageOf(bytes: Buffer): DinkImage {
  if (bytes.length > DINK_MAX_IMAGE_BYTES) throw tooLarge(IMAGE_SIZE_MESSAGE);
  const contentType = imageTypeOf(bytes);
  if (contentType === null) throw notAnImage();
  return { contentType, bytes };
}

/** The file's bytes, refused at the first byte past Dink's cap rather than read to the part's end. */
function readFile(file: BusboyFileStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => reject(tooLarge(IMAGE_SIZE_MESSAGE)));
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}

/** A form of one text field and at most one screenshot: the field's name, limits and refusals. */
export interface ImageFormSpec {
  textField: string;
  /** Whether a form without the text field is refused (with `messages.missingText`). */
  textRequired: boolean;
  limits: { parts: number; fields: number; files: number; fieldSize: number; fileSize: number } & Record<
    string,
    number
  >;
  maxBodyBytes: number;
  messages: { bodySize: string; textSize: string; parts: string; missingText: string };
}

/**
 * A multipart form parsed by busboy as it streams in: the one text field the spec names and at most
 * one `file`. The first part the form should not hold, or the first byte past a limit, is refused at
 * once and nothing after it is parsed (what is left is dropped as it arrives).
 */
export function readImageForm(
  body: IncomingMessage,
  contentType: string,
  spec: ImageFormSpec,
): Promise<{ text: string | null; image: DinkImage | null }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const refuse = (error: Error) => {
      if (settled) return;
      settled = true;
      body.unpipe();
      reject(error);
    };
    const boundary = boundaryOf(contentType);
    if (boundary === null) return refuse(badRequest(NOT_A_FORM_MESSAGE));
    const guard = new MultipartGuard(
      boundary,
      { maxParts: spec.limits.parts, maxBytes: spec.maxBodyBytes },
      (why) => refuse(why === 'size' ? tooLarge(spec.messages.bodySize) : badRequest(spec.messages.parts)),
    );
    let parser: BusboyInstance;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: spec.limits });
    } catch {
      return refuse(badRequest(NOT_A_FORM_MESSAGE));
    }
    const refuseParts = () => refuse(badRequest(spec.messages.parts));
    let text: string | null = null;
    let image: Promise<DinkImage> | null = null;

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (name === 'file') return refuse(notAnImage());
      if (name !== spec.textField) return refuseParts();
      if (valueTruncated) return refuse(tooLarge(spec.messages.textSize));
      text = value;
    });
    parser.on('file', (name, file) => {
      if (name !== 'file') {
        file.resume();
        return refuseParts();
      }
      image = readFile(file).then(dinkImageOf);
      image.catch((error: Error) => refuse(error));
    });
    // The limits stop whatever the names let through: a second text field, a second file.
    parser.on('partsLimit', refuseParts);
    parser.on('filesLimit', refuseParts);
    parser.on('fieldsLimit', refuseParts);
    parser.on('error', () => refuse(badRequest(NOT_A_FORM_MESSAGE)));
    parser.on('finish', () => {
      Promise.resolve(image).then((taken) => {
        if (text === null && spec.textRequired) return refuse(badRequest(spec.messages.missingText));
        if (settled) return;
        settled = true;
        resolve({ text, image: taken });
      }, refuse);
    });
    // A client that hangs up mid-form: nothing more will come, and no one is left to answer.
    body.once('error', refuse);
    body.pipe(guard).pipe(parser);
  });
}

/** Dink's multipart post: `payload_json` and at most one `file`, as Dink sends it. */
const DINK_FORM: ImageFormSpec = {
  textField: 'payload_json',
  textRequired: true,
  limits: DINK_FORM_LIMITS,
  maxBodyBytes: DINK_MAX_BODY_BYTES,
  messages: {
    bodySize: BODY_SIZE_MESSAGE,
    textSize: NOTIFICATION_SIZE_MESSAGE,
    parts: FORM_PARTS_MESSAGE,
    missingText: MISSING_PAYLOAD_MESSAGE,
  },
};

export async function readDinkForm(body: IncomingMessage, contentType: string): Promise<DinkUpload> {
  const { text, image } = await readImageForm(body, contentType, DINK_FORM);
  return new DinkUpload(text ?? '', image);
}

/**
 * In the receiver's scope only: JSON kept as its text and multipart forms read as they stream in,
 * both up to Dink's largest post, after the address's checks. Any other content type is a 415 that
 * names the two. A post refused before its body was read in full is drained, bounded, so the
 * client can read its answer.
 */
export function acceptDinkBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: DINK_MAX_BODY_BYTES },
    (_request, body, done) => done(null, new DinkUpload(String(body), null)),
  );
  app.addContentTypeParser('multipart/form-data', (request, body, done) => {
    readDinkForm(body, request.headers['content-type'] ?? '').then(
      (upload) => done(null, upload),
      (error: Error) => done(error),
    );
  });
  app.addContentTypeParser('*', (_request, _body, done) => {
    done(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', CONTENT_TYPE_MESSAGE));
  });
  // A stated length over the limit is refused before a byte is read, whatever the content type.
  app.addHook('preParsing', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > DINK_MAX_BODY_BYTES) {
      throw tooLarge(BODY_SIZE_MESSAGE);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Keep the connection while draining: closing it now would reset a client still sending.
    if (drainUnreadBody(request.raw, DINK_DRAIN_BOUNDS)) reply.removeHeader('connection');
    return payload;
  });
}
