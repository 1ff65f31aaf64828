import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { countsForBingo } from '../bingo/bingo-progress.ts';
import { momentOf } from '#core/dink/moments.ts';
import { parseDinkNotification, type DinkNotification } from '#core/dink/notification.ts';
import type { Database } from '../../db/schema.ts';
import { DINK_MAX_NOTIFICATION_BYTES } from '#core/dink/receiver-limits.ts';
import type { Clock } from '#shared/clock.ts';
import { HttpError, badRequest, forbidden } from '../../http/http-error.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import { bindAccountHash, countLinkPost, type ReceivingLink } from './dink-links.repository.ts';
import { attachImage, insertPost, storeImage, type ImageCaps } from './dink-inbox.repository.ts';
import { readDinkThresholds } from './dink-settings.repository.ts';
import type { DinkUpload } from './dink-upload.ts';
import { encodeScreenshot } from './screenshot-encoding.ts';

export interface DinkReceiverDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
}

export const OTHER_ACCOUNT_MESSAGE = 'This Dink address is bound to another game account';
export const NOT_A_NOTIFICATION = 'The body is not a Dink notification';
export const NOTIFICATION_SIZE_MESSAGE = 'The notification must be at most 32 KB';

/** The notification in a post, or the 400 that says what is wrong with it. */
export function readNotification(payloadText: string): DinkNotification {
  if (Buffer.byteLength(payloadText) > DINK_MAX_NOTIFICATION_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', NOTIFICATION_SIZE_MESSAGE);
  }
  let json: unknown;
  try {
    json = JSON.parse(payloadText);
  } catch {
    throw badRequest(`${NOT_A_NOTIFICATION}: the JSON cannot be read`);
  }
  const problem = unstorableText(json);
  if (problem) throw badRequest(`${NOT_A_NOTIFICATION}: ${problem}`);
  const parsed = parseDinkNotification(json);
  if (!parsed.ok) throw badRequest(`${NOT_A_NOTIFICATION}: ${parsed.problem}`);
  return parsed.notification;
}

/** The same notification and screenshot give the same key, so Dink's retries are stored once. */
export function dedupeKeyOf(upload: DinkUpload): string {
  const hash = createHash('sha256').update(upload.payloadText);
  if (upload.image) hash.update('\u0000').update(createHash('sha256').update(upload.image.bytes).digest());
  return hash.digest('hex');
}

/**
 * Stores a post for the moments job, in one transaction: the binding to the game account (made by
 * the first post, checked by every later one), the post unless it is a repeat, its screenshot.
 */
export async function receiveDinkPost(
  deps: DinkReceiverDeps,
  link: ReceivingLink,
  upload: DinkUpload,
): Promise<'stored' | 'duplicate'> {
  const notification = readNotification(upload.payloadText);
  if (link.accountHash !== null && link.accountHash !== notification.dinkAccountHash) {
    throw forbidden(OTHER_ACCOUNT_MESSAGE);
  }
  // Before the transaction: no write waits on a picture, and one that does not decode stores nothing.
  const screenshot = upload.image ? await encodeScreenshot(upload.image.bytes) : null;
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await bindAccountHash(trx, link.womId, notification.dinkAccountHash))) {
      throw forbidden(OTHER_ACCOUNT_MESSAGE);
    }
    const postId = await insertPost(trx, {
      womId: link.womId,
      dedupeKey: dedupeKeyOf(upload),
      type: notification.type,
      payload: upload.payloadText,
      receivedAt: now,
    });
    if (postId === null) return 'duplicate';
    // A screenshot that will show nowhere (no moment, no bingo tile's proof) must not push out the
    // member's older ones.
    if (
      screenshot &&
      (momentOf(notification, await readDinkThresholds(trx)) !== null ||
        (await countsForBingo(trx, {
          wom_id: link.womId,
          dedupe_key: dedupeKeyOf(upload),
          type: notification.type,
          payload: notification,
          received_at: now,
        })))
    ) {
      const imageId = await storeImage(trx, { screenshot, womId: link.womId, now }, deps.imageCaps);
      if (imageId !== null) await attachImage(trx, postId, imageId);
    }
    await countLinkPost(trx, link.womId, now);
    return 'stored';
  });
}
