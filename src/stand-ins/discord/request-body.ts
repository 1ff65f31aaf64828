import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  DISCORD_LIMITS,
  INVALID_FORM_BODY,
  INVALID_JSON,
  REQUEST_TOO_LARGE,
  type DiscordErrorBody,
} from './limits.ts';

/** A body Discord refuses before it reads the message: its status and answer. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(JSON.stringify(body));
  }
}

/** A file that came with a message, as a test reads it: never its bytes, which may be megabytes. */
export interface ReceivedAttachment {
  /** The multipart part's name: `files[0]`, `files[1]`, … */
  field: string;
  filename: string;
  content_type: string;
  size: number;
  /** Hex SHA-256 of the bytes, so a test can tell they arrived whole. */
  sha256: string;
}

export interface MessageBody {
  /** The message's fields: the JSON body, or a multipart body's `payload_json`. */
  fields: Record<string, unknown>;
  attachments: ReceivedAttachment[];
}

/** A JSON or form body may not exceed 1 MiB here; files have their own limit. */
const MAX_JSON_BYTES = 1024 * 1024;
/** A multipart body holds the files and, beside them, a `payload_json` of at most a JSON body's size. */
const MAX_MULTIPART_BYTES = DISCORD_LIMITS.fileBytes + MAX_JSON_BYTES;
const FILE_PART = /^files\[\d+\]$/;

async function readBytes(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyError(413, REQUEST_TOO_LARGE);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError(400, INVALID_JSON);
  }
}

function parseJson(text: string): Record<string, unknown> {
  // No body at all is an empty message (or, on a control route, no settings), not broken JSON.
  if (text.trim() === '') return {};
  const parsed = parseJsonValue(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new BodyError(400, INVALID_JSON);
  return parsed as Record<string, unknown>;
}

const mediaType = (request: IncomingMessage): string =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** A JSON body; another type of body reads as no fields, as Discord leaves such a message empty. */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const bytes = await readBytes(request, MAX_JSON_BYTES);
  return mediaType(request) === 'application/json' ? parseJson(bytes.toString('utf8')) : {};
}

/** Any JSON value (a bulk overwrite sends an array); undefined for no body or another type of body. */
export async function readJsonValue(request: IncomingMessage): Promise<unknown> {
  const text = (await readBytes(request, MAX_JSON_BYTES)).toString('utf8');
  if (mediaType(request) !== 'application/json' || text.trim() === '') return undefined;
  return parseJsonValue(text);
}

/**
 * A form-encoded body, as the OAuth2 token routes and the authorize form send; another type of body
 * reads as no fields, since Discord's token routes take only `application/x-www-form-urlencoded`.
 */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const text = (await readBytes(request, MAX_JSON_BYTES)).toString('utf8');
  return mediaType(request) === 'application/x-www-form-urlencoded'
    ? new URLSearchParams(text)
    : new URLSearchParams();
}

async function attachment(field: string, file: File): Promise<ReceivedAttachment> {
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    field,
    filename: file.name,
    content_type: file.type,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * A message as Discord reads it: a JSON body, or `multipart/form-data` whose `payload_json` holds the
 * fields and whose `files[n]` parts are its attachments, all of them together within Discord's file
 * limit (413 over it).
 */
export async function readMessage(request: IncomingMessage): Promise<MessageBody> {
  if (mediaType(request) !== 'multipart/form-data')
    return { fields: await readJson(request), attachments: [] };
  const bytes = await readBytes(request, MAX_MULTIPART_BYTES);
  let form: FormData;
  try {
    const headers = { 'content-type': request.headers['content-type'] ?? '' };
    form = await new Response(new Uint8Array(bytes), { headers }).formData();
  } catch {
    throw new BodyError(400, INVALID_FORM_BODY);
  }
  const payload = form.get('payload_json');
  const fields = typeof payload === 'string' ? parseJson(payload) : {};
  const attachments: ReceivedAttachment[] = [];
  for (const [field, value] of form) {
    if (FILE_PART.test(field) && value instanceof File) attachments.push(await attachment(field, value));
  }
  const total = attachments.reduce((sum, file) => sum + file.size, 0);
  if (total > DISCORD_LIMITS.fileBytes) throw new BodyError(413, REQUEST_TOO_LARGE);
  return { fields, attachments };
}
