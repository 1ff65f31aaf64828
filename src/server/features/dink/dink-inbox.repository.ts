import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EncodedScreenshot } from './screenshot-encoding.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores the post unless the same one (Dink retrying) is already in; false for a repeat. */
export async function insertPost(
  db: Db,
  post: { womId: string; dedupeKey: string; type: string; payload: string; receivedAt: string },
): Promise<number | null> {
  const inserted = await db
    .insertInto('dink_posts')
    .values({
      wom_id: post.womId,
      dedupe_key: post.dedupeKey,
      type: post.type,
      payload: post.payload,
      received_at: post.receivedAt,
    })
    .onConflict((oc) => oc.columns(['wom_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export interface ImageCaps {
  memberBytes: number;
  siteBytes: number;
}

export async function siteImageBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('dink_images')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('used'))
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Deletes images (their moments, posts and personal bests stay, without a picture). */
export async function deleteImages(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('dink_moments').set({ image_id: null }).where('image_id', 'in', ids).execute();
  await db.updateTable('dink_posts').set({ image_id: null }).where('image_id', 'in', ids).execute();
  await db.updateTable('dink_personal_bests').set({ image_id: null }).where('image_id', 'in', ids).execute();
  await db.deleteFrom('dink_images').where('id', 'in', ids).execute();
}

/**
 * The characters whose screenshots share one member's cap: every character claimed by the account
 * that owns this one, or the character alone while nobody has claimed it (demo mode's clan).
 */
async function accountCharacters(db: Db, womId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('player_claims as owner')
    .innerJoin('player_claims as sibling', 'sibling.user_id', 'owner.user_id')
    .select('sibling.wom_id')
    .where('owner.wom_id', '=', womId)
    .execute();
  return rows.length === 0 ? [womId] : rows.map((row) => row.wom_id);
}

/**
 * Keeps the screenshot within the caps: the oldest screenshots of the member's characters make room
 * for a new one, and when the whole site is full the post is kept without its picture. Returns the
 * image's id, or null.
 */
export async function storeImage(
  db: Db,
  image: { screenshot: EncodedScreenshot; womId: string; now: string },
  caps: ImageCaps,
): Promise<number | null> {
  const { full, thumbnail } = image.screenshot;
  const size = full.length + thumbnail.length;
  if (size > caps.memberBytes) return null;
  const own = await db
    .selectFrom('dink_images')
    .select(['id', 'size'])
    .where('wom_id', 'in', await accountCharacters(db, image.womId))
    .orderBy('id', 'desc')
    .execute();
  let kept = 0;
  const evicted: number[] = [];
  for (const row of own) {
    if (kept + row.size + size <= caps.memberBytes) kept += row.size;
    else evicted.push(row.id);
  }
  await deleteImages(db, evicted);
  if ((await siteImageBytes(db)) + size > caps.siteBytes) return null;
  const inserted = await db
    .insertInto('dink_images')
    .values({
      wom_id: image.womId,
      content_type: 'image/webp',
      size,
      bytes: full,
      thumbnail,
      created_at: image.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function attachImage(db: Db, postId: number, imageId: number): Promise<void> {
  await db.updateTable('dink_posts').set({ image_id: imageId }).where('id', '=', postId).execute();
}
