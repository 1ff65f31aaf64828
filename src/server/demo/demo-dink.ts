import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { markNewsOnce } from '../features/discord/discord-outbox.ts';
import {
  attachImage,
  insertPost,
  storeImage,
  type ImageCaps,
} from '../features/dink/dink-inbox.repository.ts';
import { dedupeKeyOf, readNotification } from '../features/dink/dink-receiver.service.ts';
import { DinkUpload } from '../features/dink/dink-upload.ts';
import { encodeScreenshot } from '../features/dink/screenshot-encoding.ts';
import { isVisibleMember } from '../features/members/members.repository.ts';
import { demoDinkPost, demoPoster, type DemoDinkMember, type DemoDinkPost } from './demo-dink-posts.ts';

export interface DemoDinkDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
  seed: number;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Posts the first demo start spreads over the past days, so the feed and boards are alive at once. */
export const DEMO_DINK_HISTORY_POSTS = 60;
export const DEMO_DINK_HISTORY_DAYS = 14;
/** One new post this often while the demo runs. */
export const DEMO_DINK_EVERY_MS = 3 * 60_000;
/** Marked with the history: a restart, or a clan whose history aged out of the inbox, is not seeded again. */
const HISTORY_MARK = 'demo:dink-history';
const DAY_MS = 86_400_000;

export function uploadOf(post: DemoDinkPost): DinkUpload {
  const image = post.screenshot ? { contentType: 'image/png' as const, bytes: post.screenshot } : null;
  return new DinkUpload(JSON.stringify(post.payload), image);
}

/**
 * Stores a post for a character that has no Dink link (the simulated clan has no accounts to own
 * one): checked and kept as the receiver keeps a post, its screenshot re-encoded, in the inbox the
 * moments job reads.
 */
export async function storeUnlinkedPost(
  db: Kysely<Database> | Transaction<Database>,
  imageCaps: ImageCaps,
  post: { womId: string; upload: DinkUpload; receivedAt: Date },
): Promise<'stored' | 'duplicate'> {
  const notification = readNotification(post.upload.payloadText);
  const screenshot = post.upload.image ? await encodeScreenshot(post.upload.image.bytes) : null;
  const now = post.receivedAt.toISOString();
  const store = async (trx: Transaction<Database>) => {
    const postId = await insertPost(trx, {
      womId: post.womId,
      dedupeKey: dedupeKeyOf(post.upload),
      type: notification.type,
      payload: post.upload.payloadText,
      receivedAt: now,
    });
    if (postId === null) return 'duplicate' as const;
    if (screenshot) {
      const imageId = await storeImage(trx, { screenshot, womId: post.womId, now }, imageCaps);
      if (imageId !== null) await attachImage(trx, postId, imageId);
    }
    return 'stored' as const;
  };
  return db.isTransaction ? store(db as Transaction<Database>) : db.transaction().execute(store);
}

/** The members the site shows: the ones demo mode makes post, in a fixed order. */
export async function demoDinkMembers(
  db: Kysely<Database> | Transaction<Database>,
): Promise<DemoDinkMember[]> {
  const rows = await db
    .selectFrom('members')
    .select(['wom_id', 'name'])
    .where((eb) => isVisibleMember(eb))
    .orderBy('wom_id')
    .execute();
  return rows.map((row) => ({ womId: row.wom_id, name: row.name }));
}

function generated(deps: DemoDinkDeps, index: number, members: DemoDinkMember[], at: Date) {
  const member = demoPoster(deps.seed, index, members);
  if (!member) return null;
  const clan = members.map((entry) => entry.name);
  return { womId: member.womId, upload: uploadOf(demoDinkPost(deps.seed, index, member, at, { clan })) };
}

/**
 * On the first demo start with members, DEMO_DINK_HISTORY_POSTS posts received over the past
 * DEMO_DINK_HISTORY_DAYS, oldest first (the moments job reads the inbox in order), in one
 * transaction with the mark that it was done. Returns how many were stored.
 */
export async function seedDemoDinkHistory(deps: DemoDinkDeps): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const members = await demoDinkMembers(trx);
    if (members.length === 0) return 0;
    if (!(await markNewsOnce(trx, HISTORY_MARK, now))) return 0;
    const span = DEMO_DINK_HISTORY_DAYS * DAY_MS;
    let stored = 0;
    for (let index = 0; index < DEMO_DINK_HISTORY_POSTS; index += 1) {
      const at = new Date(now.getTime() - span + ((index + 0.5) * span) / DEMO_DINK_HISTORY_POSTS);
      const post = generated(deps, index, members, at);
      if (post && (await storeUnlinkedPost(trx, deps.imageCaps, { ...post, receivedAt: at })) === 'stored')
        stored += 1;
    }
    return stored;
  });
}

/**
 * The post of the current DEMO_DINK_EVERY_MS slot. The slot numbers it, so a restart (or a second
 * instance) within the slot makes the same post, which the inbox keeps once.
 */
export async function postDemoDinkNow(deps: DemoDinkDeps): Promise<'stored' | 'duplicate' | 'no members'> {
  const now = deps.clock.now();
  const slot = Math.floor(now.getTime() / DEMO_DINK_EVERY_MS);
  const post = generated(deps, slot, await demoDinkMembers(deps.db), now);
  if (!post) return 'no members';
  return storeUnlinkedPost(deps.db, deps.imageCaps, { ...post, receivedAt: now });
}

export interface DemoDink {
  /** Stops the timer and waits for a post being stored. */
  stop(): Promise<void>;
}

/**
 * Demo mode's Dink: the simulated clan's history of posts on the first start, then one new post
 * every DEMO_DINK_EVERY_MS while the site runs. The moments job turns them into the feed's moments.
 */
export async function startDemoDink(deps: DemoDinkDeps, log: Log): Promise<DemoDink> {
  const seeded = await seedDemoDinkHistory(deps);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = postDemoDinkNow(deps).catch((error: unknown) =>
      log.warn(
        `Demo mode: could not store a Dink post: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }, DEMO_DINK_EVERY_MS);
  // Never what keeps the process alive.
  timer.unref();
  const history = seeded > 0 ? ` (${seeded} earlier posts added)` : '';
  log.info(`Demo mode: the clan posts a Dink moment every ${DEMO_DINK_EVERY_MS / 60_000} minutes${history}`);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
