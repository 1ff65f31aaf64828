import type { DiscordAnswer } from '#core/discord/delivery-outcome.ts';
import type { DiscordMessage } from '#core/discord/discord-message.ts';

/** How long one request to Discord may take before it counts as a network failure. */
export const DISCORD_TIMEOUT_MS = 10_000;

/** A file sent with a message as `files[n]`; an embed shows it as `attachment://{name}`. */
export interface WebhookFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface WebhookRequest {
  url: string;
  message: DiscordMessage;
  /** Sent as `multipart/form-data` with the message in `payload_json`, as Discord takes files. */
  files?: readonly WebhookFile[];
  /** Edit this message in place instead of posting a new one. */
  messageId?: string | null;
  timeoutMs?: number;
}

/** Discord could not be reached: the words say why without the URL, which is a secret. */
export class DiscordUnreachableError extends Error {
  override name = 'DiscordUnreachableError';
}

/** Why a request did not reach Discord, in words that never hold its URL. */
export function unreachableReason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'Discord did not answer in time';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `Could not reach Discord${code}`;
}

/** Discord's JSON answer, or null for an empty or unreadable body. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** JSON, or with files a form whose boundary fetch writes in the content type itself. */
function requestBody(request: WebhookRequest): { headers?: Record<string, string>; body: string | FormData } {
  const payload = JSON.stringify(request.message);
  if (!request.files || request.files.length === 0)
    return { headers: { 'content-type': 'application/json' }, body: payload };
  const form = new FormData();
  form.append('payload_json', payload);
  request.files.forEach((file, index) =>
    form.append(
      `files[${index}]`,
      new Blob([new Uint8Array(file.bytes)], { type: file.contentType }),
      file.name,
    ),
  );
  return { body: form };
}

/**
 * Posts (or edits) one message on a webhook and returns Discord's answer, whatever its status. A
 * post waits for the created message (`?wait=true`) so its id can be edited later.
 */
export async function sendToWebhook(request: WebhookRequest): Promise<DiscordAnswer> {
  // Built from the parsed URL: a stored URL may end in an empty `?` or `#` that a string append keeps.
  const target = new URL(request.url);
  target.hash = '';
  target.pathname = target.pathname.replace(/\/+$/, '');
  if (request.messageId) target.pathname += `/messages/${encodeURIComponent(request.messageId)}`;
  target.search = request.messageId ? '' : '?wait=true';
  let response: Response;
  try {
    response = await fetch(target, {
      method: request.messageId ? 'PATCH' : 'POST',
      ...requestBody(request),
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? DISCORD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DiscordUnreachableError(unreachableReason(error));
  }
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    throw new DiscordUnreachableError(unreachableReason(error));
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}
