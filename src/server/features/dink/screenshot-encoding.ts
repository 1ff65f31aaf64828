import { fork, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DINK_MAX_IMAGE_BYTES } from '#core/dink/receiver-limits.ts';
import { SCREENSHOT_MAX_PIXELS } from '#core/dink/screenshots.ts';
import { HttpError, RateLimitedError } from '../../http/http-error.ts';
import type { FromScreenshotEncoder, ToScreenshotEncoder } from './screenshot-encoder-messages.ts';

/** What the site keeps of a screenshot: both WebP, without the upload's metadata. */
export interface EncodedScreenshot {
  full: Buffer;
  thumbnail: Buffer;
}

export const UNREADABLE_IMAGE_MESSAGE = 'The file must be a PNG or JPEG image that can be read';
export const IMAGE_PIXELS_MESSAGE = `The image must be at most ${SCREENSHOT_MAX_PIXELS / 1_000_000} million pixels`;
export const ENCODER_BUSY_MESSAGE = 'The site is busy with other screenshots. Try again in a few seconds.';

/**
 * Uploads held for the encoder, the one it is on included: eight of Dink's largest. Past this a post
 * is answered 429 (Dink tries again later) rather than held, so a burst of large screenshots keeps a
 * bounded amount in memory, while a burst of small ones waits its turn.
 */
export const MAX_QUEUED_BYTES = 8 * DINK_MAX_IMAGE_BYTES;
const BUSY_RETRY_SECONDS = 5;
/** An encoder that has not answered by then is stuck on the picture: it is ended, the picture refused. */
const ENCODE_TIMEOUT_MS = 30_000;
/** The encoder's process ends once no screenshot has come for this long. */
const IDLE_MS = 60_000;

/** Beside the bundled server (dist/server), or this file's TypeScript neighbour under tsx. */
const ENTRY = fileURLToPath(
  new URL(`./screenshot-encoder-process${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

interface Encoder {
  child: ChildProcess;
  ready: Promise<void>;
}

const unreadable = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', UNREADABLE_IMAGE_MESSAGE);
const tooManyPixels = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', IMAGE_PIXELS_MESSAGE);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

let encoder: Encoder | null = null;
/** The screenshot being encoded and those waiting, in the order they came. */
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;
let queuedBytes = 0;
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

function start(): Encoder {
  const child = fork(ENTRY, [], {
    execArgv: ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) =>
      reject(new Error(`The screenshot encoder could not start (exit code ${code})`)),
    );
  });
  child.once('exit', () => {
    if (encoder?.child === child) encoder = null;
  });
  // A failed start is reported by `ready`; the event must not be thrown as well.
  child.on('error', () => {});
  return { child, ready };
}

/**
 * While a picture is encoded the channel holds the app open (a CLI waits for its picture); idle, it
 * does not, and the process is ended after IDLE_MS.
 */
function hold(child: ChildProcess, busy: boolean): void {
  clearTimeout(idleTimer);
  if (busy) {
    child.ref();
    child.channel?.ref();
    return;
  }
  child.unref();
  child.channel?.unref();
  idleTimer = setTimeout(() => child.connected && child.disconnect(), IDLE_MS).unref();
}

async function encodeNow(bytes: Buffer): Promise<EncodedScreenshot> {
  // A process ending after its idle time cannot take this picture: a new one is started.
  if (!encoder?.child.connected) encoder = start();
  const { child, ready } = encoder;
  hold(child, true);
  await ready;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill(), ENCODE_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: FromScreenshotEncoder) => {
      if (message.type === 'ready' || message.id !== id) return;
      settle();
      if (message.type === 'encoded')
        resolve({ full: asBuffer(message.full), thumbnail: asBuffer(message.thumbnail) });
      else reject(message.reason === 'too_many_pixels' ? tooManyPixels() : unreadable());
    };
    // Ended while decoding (or stuck on it): the picture took the decoder down, so the site cannot read it.
    const onExit = () => {
      settle();
      reject(unreadable());
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    const request: ToScreenshotEncoder = { type: 'encode', id, bytes };
    child.send(request, (error) => {
      if (!error) return;
      settle();
      reject(error);
    });
  });
}

/**
 * Re-encodes an uploaded screenshot in the encoder's process, one at a time: a WebP at most
 * SCREENSHOT_FULL_WIDTH wide and a SCREENSHOT_THUMBNAIL_WIDTH thumbnail. A file that does not decode
 * as a PNG or JPEG is a 415, one of more than SCREENSHOT_MAX_PIXELS a 413, and one that would take
 * the uploads held past MAX_QUEUED_BYTES a 429.
 */
export function encodeScreenshot(bytes: Buffer): Promise<EncodedScreenshot> {
  if (pending > 0 && queuedBytes + bytes.length > MAX_QUEUED_BYTES) {
    return Promise.reject(new RateLimitedError(BUSY_RETRY_SECONDS, ENCODER_BUSY_MESSAGE));
  }
  pending += 1;
  queuedBytes += bytes.length;
  const encoded = queue.then(() => encodeNow(bytes));
  queue = encoded
    .catch(() => {})
    .finally(() => {
      pending -= 1;
      queuedBytes -= bytes.length;
      if (pending === 0 && encoder) hold(encoder.child, false);
    });
  return encoded;
}
