import type { Kysely, Transaction } from 'kysely';
import type { DinkThresholds } from '#core/dink/dink.schema.ts';
import { collectionProgressOf, lootValueOf, momentOf, personalBestOf, petsOf } from '#core/dink/moments.ts';
import { parseDinkNotification, type DinkNotification } from '#core/dink/notification.ts';
import type { Database } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { announce } from '../discord/discord-outbox.ts';
import { deleteImages } from './dink-inbox.repository.ts';
import { sharesPublicly } from './dink-visibility.ts';

type Trx = Transaction<Database>;

export interface PendingPost {
  id: number;
  wom_id: string;
  payload: string;
  image_id: number | null;
  received_at: string;
}

/** Moments kept per character: the feed pages through them, and older ones go with their screenshots. */
export const MOMENTS_KEPT_PER_MEMBER = 500;

export async function listPendingPosts(db: Kysely<Database>, limit: number): Promise<PendingPost[]> {
  return db
    .selectFrom('dink_posts')
    .select(['id', 'wom_id', 'payload', 'image_id', 'received_at'])
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

function notificationOf(payload: string): DinkNotification | null {
  const parsed = parseDinkNotification(readJson(payload));
  return parsed.ok ? parsed.notification : null;
}

async function isPublic(trx: Trx, womId: string): Promise<{ shared: boolean; name: string }> {
  const row = await trx
    .selectFrom('members')
    .leftJoin('dink_links', 'dink_links.wom_id', 'members.wom_id')
    .select((eb) => ['members.name', sharesPublicly(eb).as('shared')])
    .where('members.wom_id', '=', womId)
    .executeTakeFirst();
  return { shared: row ? Boolean(row.shared) : false, name: row?.name ?? womId };
}

async function savePersonalBest(
  trx: Trx,
  best: { boss: string; team_size: number; time_ms: number },
  womId: string,
  at: string,
): Promise<void> {
  const row = { ...best, wom_id: womId, occurred_at: at };
  await trx
    .insertInto('dink_personal_bests')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['boss', 'team_size', 'wom_id'])
        .doUpdateSet({ time_ms: best.time_ms, occurred_at: at })
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
  const n = notificationOf(post.payload);
  if (!n) return false;
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
        image_id: post.image_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { shared, name } = await isPublic(trx, post.wom_id);
    if (shared) {
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
            image_id: post.image_id,
            occurred_at: post.received_at,
          },
        },
        now,
      );
    }
    await trimMoments(trx, post.wom_id);
    changed = true;
  } else if (post.image_id !== null) {
    await deleteImages(trx, [post.image_id]);
  }
  const best = personalBestOf(n);
  if (best) {
    await savePersonalBest(trx, best, post.wom_id, post.received_at);
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
