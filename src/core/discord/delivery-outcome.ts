/** What Discord answered to one request, as the delivery job saw it. */
export interface DiscordAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The JSON body when there was one (a 429's `retry_after` and `global`, a 400's `message`). */
  body: unknown;
}

export type DeliveryOutcome =
  | { result: 'delivered'; messageId: string | null }
  /** Try the same message again at `retryAt` (5xx, network, 429). */
  | { result: 'retry'; retryAt: Date; reason: string }
  /** The message a live standings update edits was deleted in Discord: post a new one. */
  | { result: 'message_gone' }
  /** The URL no longer works (401, 403, 404): stop the route and tell an admin. */
  | { result: 'stop_route'; reason: string }
  /** Discord refused this message for good (400 and other 4xx): it will never be accepted. */
  | { result: 'failed'; reason: string };

export interface BucketWait {
  /** Until when nothing more may go to this webhook, or to any (global). */
  until: Date;
  global: boolean;
}

/** Retries after 5xx and network failures: 5 s, 10 s, 20 s … up to 15 min; then the message fails. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 15 * 60_000;
export const MAX_ATTEMPTS = 10;
/** Discord's JSON error code for a message that no longer exists (the webhook itself does). */
const UNKNOWN_MESSAGE = 10008;

export function backoffMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

function seconds(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function discordMessage(answer: DiscordAnswer): string {
  const message = field(answer.body, 'message');
  return typeof message === 'string' ? `${answer.status} ${message}` : `HTTP ${answer.status}`;
}

/**
 * How long a webhook must rest after an answer: a 429's Retry-After (the body's `retry_after` is
 * more precise), or the bucket's reset when it has no request left. Null when it may go on at once.
 */
export function bucketWait(answer: DiscordAnswer, now: Date): BucketWait | null {
  if (answer.status === 429) {
    const wait = seconds(field(answer.body, 'retry_after')) ?? seconds(answer.headers['retry-after']) ?? 1;
    const global = field(answer.body, 'global') === true || answer.headers['x-ratelimit-global'] === 'true';
    return { until: new Date(now.getTime() + Math.ceil(wait * 1000)), global };
  }
  if (seconds(answer.headers['x-ratelimit-remaining']) === 0) {
    const wait = seconds(answer.headers['x-ratelimit-reset-after']);
    if (wait !== null) return { until: new Date(now.getTime() + Math.ceil(wait * 1000)), global: false };
  }
  return null;
}

/** What to do with a message after Discord's answer to its `attempts`-th try. */
export function deliveryOutcome(answer: DiscordAnswer, attempts: number, now: Date): DeliveryOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) {
    const id = field(answer.body, 'id');
    return { result: 'delivered', messageId: typeof id === 'string' ? id : null };
  }
  if (status === 404 && field(answer.body, 'code') === UNKNOWN_MESSAGE) return { result: 'message_gone' };
  if (status === 401 || status === 403 || status === 404) {
    return { result: 'stop_route', reason: discordMessage(answer) };
  }
  if (status === 429) {
    const wait = bucketWait(answer, now) as BucketWait;
    return { result: 'retry', retryAt: wait.until, reason: discordMessage(answer) };
  }
  if (status >= 500) return networkFailure(discordMessage(answer), attempts, now);
  return { result: 'failed', reason: discordMessage(answer) };
}

/** A 5xx, a timeout or a refused connection: try again later, until the attempts run out. */
export function networkFailure(reason: string, attempts: number, now: Date): DeliveryOutcome {
  if (attempts >= MAX_ATTEMPTS)
    return { result: 'failed', reason: `${reason} (gave up after ${attempts} tries)` };
  return { result: 'retry', retryAt: new Date(now.getTime() + backoffMs(attempts)), reason };
}
