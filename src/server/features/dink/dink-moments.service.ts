import type { Kysely, Transaction } from 'kysely';
import type { DinkThresholds } from '#core/dink/dink.schema.ts';
import { collectionProgressOf, lootValueOf, momentOf, personalBestOf, petsOf } from '#core/dink/moments.ts';
import { parseDinkNotification, type DinkNotification } from '#core/dink/notification.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { recordBingoPost } from '../bingo/bingo-progress.ts';
import { announce } from '../discord/discord-outbox.ts';
import { deleteImages } from './dink-inbox.repository.ts';
import { memberSharing } from './dink-visibility.ts';

type Trx = Transaction<Database>;

export interface PendingPost {
  id: number;
  wom_id: string;
  dedupe_key: string;
  type: string;
  payload: string;
  received_at: string;
}

/** Moments kept per character: the feed pages through them, and older ones go with their screenshots. */
export const MOMENTS_KEPT_PER_MEMBER = 500;
/** Bosses and team sizes one character holds a time for: every board there is, and no more. */
export const PERSONAL_BESTS_PER_MEMBER = 300;
/**
 * Moments of one character announced to Discord in an hour: a lucky raid is a handful, while a
 * flood from one address would hold every other piece of news behind it in each route's queue.
 */
export const MOMENTS_ANNOUNCED_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export async function listPendingPosts(db: Kysely<Database>, limit: number): Promise<PendingPost[]> {
  return db
    .selectFrom('dink_posts')
    .select(['id', 'wom_id', 'dedupe_key', 'type', 'payload', 'received_at'])
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function hasPendingPosts(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('dink_posts')
    .select('id')
    .where('processed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a post done without anything made of it, and drops its screenshot. */
export async function setPostAside(db: Kysely<Database>, postId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('dink_posts')
      .select('image_id')
      .where('id', '=', postId)
      .executeTakeFirst();
    await trx
      .updateTable('dink_posts')
      .set({ processed_at: now.toISOString() })
      .where('id', '=', postId)
      .execute();
    const imageId = post?.image_id ?? null;
    if (imageId !== null) await deleteImages(trx, [imageId]);
  });
}

function notificationOf(payload: string): DinkNotification | null {
  const parsed = parseDinkNotification(readJson(payload));
  return parsed.ok ? parsed.notification : null;
}

async function isPublic(trx: Trx, womId: string): Promise<{ shared: boolean; name: string }> {
  const member = await memberSharing(trx, womId);
  return { shared: member?.shared ?? false, name: member?.name ?? womId };
}

/** The character's moments made in the hour up to now, the one just made included. */
async function momentsInTheHour(trx: Trx, womId: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('dink_moments')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('wom_id', '=', womId)
    .where('occurred_at', '>', new Date(now.getTime() - HOUR_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function savePersonalBest(
  trx: Trx,
  best: { boss: string; team_size: number; time_ms: number },
  womId: string,
  at: string,
  imageId: number | null,
): Promise<void> {
  const row = { ...best, wom_id: womId, occurred_at: at, image_id: imageId };
  const held = await trx
    .selectFrom('dink_personal_bests')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('boards'),
      eb.fn
        .count<number | string>('time_ms')
        .filterWhere((inner) =>
          inner.and([inner('boss', '=', best.boss), inner('team_size', '=', best.team_size)]),
        )
        .as('this_board'),
    ])
    .where('wom_id', '=', womId)
    .executeTakeFirstOrThrow();
  if (Number(held.this_board) === 0 && Number(held.boards) >= PERSONAL_BESTS_PER_MEMBER) return;
  await trx
    .insertInto('dink_personal_bests')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['boss', 'team_size', 'wom_id'])
        .doUpdateSet({ time_ms: best.time_ms, occurred_at: at, image_id: imageId })
        .where('dink_personal_bests.time_ms', '>', best.time_ms),
    )
    .execute();
}

async function saveProgress(trx: Trx, n: DinkNotification, womId: string, at: string): Promise<boolean> {
  const collection = collectionProgressOf(n);
  const pets = petsOf(n);
  if (!collection && !pets) return false;
  const current = await trx
    .selectFrom('dink_progress')
    .select(['collection_completed', 'collection_total', 'pets'])
    .where('wom_id', '=', womId)
    .executeTakeFirst();
  const known = readJson<string[]>(current?.pets ?? '[]') ?? [];
  const merged = pets
    ? pets.replaces
      ? pets.pets
      : [...known, ...pets.pets.filter((pet) => !known.includes(pet))]
    : known;
  const row = {
    collection_completed: collection?.completed ?? current?.collection_completed ?? null,
    collection_total: collection?.total ?? current?.collection_total ?? null,
    pets: JSON.stringify(merged.slice(0, 200)),
    updated_at: at,
  };
  await trx
    .insertInto('dink_progress')
    .values({ wom_id: womId, ...row })
    .onConflict((oc) => oc.column('wom_id').doUpdateSet(row))
    .execute();
  return true;
}

async function addSeasonLoot(trx: Trx, value: number, womId: string): Promise<void> {
  const season = await trx.selectFrom('seasons').select('id').where('is_open', '=', true).executeTakeFirst();
  if (!season) return;
  await trx
    .insertInto('dink_loot_totals')
    .values({ season_id: season.id, wom_id: womId, total_value: value, drops: 1 })
    .onConflict((oc) =>
      oc.columns(['season_id', 'wom_id']).doUpdateSet((eb) => ({
        total_value: eb('dink_loot_totals.total_value', '+', value),
        drops: eb('dink_loot_totals.drops', '+', 1),
      })),
    )
    .execute();
}

/** Drops the character's moments beyond the newest MOMENTS_KEPT_PER_MEMBER, with their screenshots. */
async function trimMoments(trx: Trx, womId: string): Promise<void> {
  const oldestKept = await trx
    .selectFrom('dink_moments')
    .select('id')
    .where('wom_id', '=', womId)
    .orderBy('id', 'desc')
    .offset(MOMENTS_KEPT_PER_MEMBER - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  const dropped = await trx
    .selectFrom('dink_moments')
    .select(['id', 'image_id'])
    .where('wom_id', '=', womId)
    .where('id', '<', oldestKept.id)
    .execute();
  await deleteImages(
    trx,
    dropped.flatMap((row) => (row.image_id === null ? [] : [row.image_id])),
  );
  await trx.deleteFrom('dink_moments').where('wom_id', '=', womId).where('id', '<', oldestKept.id).execute();
}

/**
 * Turns one stored post into what the site shows, in the caller's transaction with the post marked
 * done: its moment (announced to Discord when public), a personal best, collection progress and
 * pets, the season's loot. A screenshot without a moment is not kept. Returns whether anything the
 * public reads show changed.
 */
export async function processDinkPost(
  trx: Trx,
  post: PendingPost,
  thresholds: DinkThresholds,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  await trx.updateTable('dink_posts').set({ processed_at: at }).where('id', '=', post.id).execute();
  // Read again here: the receiver may have let the screenshot go since the post was listed.
  const current = await trx
    .selectFrom('dink_posts')
    .select('image_id')
    .where('id', '=', post.id)
    .executeTakeFirst();
  const imageId = current?.image_id ?? null;
  const n = notificationOf(post.payload);
  if (!n) {
    if (imageId !== null) await deleteImages(trx, [imageId]);
    return false;
  }
  // A bingo tile the post counts for keeps its screenshot as the proof, moment or not.
  const keptByBingo = await recordBingoPost(trx, { ...post, payload: readJson(post.payload) }, imageId, now);
  let changed = false;
  const moment = momentOf(n, thresholds);
  if (moment) {
    const inserted = await trx
      .insertInto('dink_moments')
      .values({
        post_id: post.id,
        wom_id: post.wom_id,
        kind: moment.kind,
        occurred_at: post.received_at,
        title: moment.title,
        details: moment.details,
        value: moment.value,
        image_id: imageId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { shared, name } = await isPublic(trx, post.wom_id);
    if (shared && (await momentsInTheHour(trx, post.wom_id, now)) <= MOMENTS_ANNOUNCED_PER_HOUR) {
      await announce(
        trx,
        {
          kind: 'game_moments',
          moment: {
            id: inserted.id,
            kind: moment.kind,
            wom_id: post.wom_id,
            player_name: name,
            title: moment.title,
            details: moment.details,
            value: moment.value,
            image_id: imageId,
            occurred_at: post.received_at,
          },
        },
        now,
      );
    }
    await trimMoments(trx, post.wom_id);
    changed = true;
  } else if (imageId !== null && !keptByBingo) {
    await deleteImages(trx, [imageId]);
  }
  const best = personalBestOf(n);
  if (best) {
    // The screenshot stays only with a moment (above); the board shows the moment's.
    await savePersonalBest(trx, best, post.wom_id, post.received_at, moment ? imageId : null);
    changed = true;
  }
  if (await saveProgress(trx, n, post.wom_id, at)) changed = true;
  const loot = lootValueOf(n);
  if (loot !== null && loot > 0) {
    await addSeasonLoot(trx, loot, post.wom_id);
    changed = true;
  }
  return changed;
}
