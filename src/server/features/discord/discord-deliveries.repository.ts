import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DiscordDelivery } from '#core/discord/discord-routes.schema.ts';
import type { Database, DiscordDeliveriesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type DeliveryRow = Selectable<DiscordDeliveriesTable>;

/** The bucket of a global 429: it holds every webhook back. */
export const GLOBAL_BUCKET = 'global';

/** Pending deliveries of active routes whose turn has come, as the job's `due` check asks. */
export async function hasDueDeliveries(db: Db, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('discord_deliveries as d')
    .innerJoin('discord_routes as r', 'r.id', 'd.route_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('r.enabled', '=', true)
    .where('r.disabled_reason', 'is', null)
    .where((outer) =>
      outer.not(
        outer.exists(
          outer
            .selectFrom('discord_buckets as b')
            .select('b.bucket')
            .where((eb) =>
              eb.or([eb('b.bucket', '=', eb.ref('r.webhook_id')), eb('b.bucket', '=', GLOBAL_BUCKET)]),
            )
            .where('b.blocked_until', '>', now),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Routes (id and webhook) with a pending delivery whose turn has come. */
export async function listRoutesWithDueDeliveries(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('discord_deliveries as d')
    .innerJoin('discord_routes as r', 'r.id', 'd.route_id')
    .select('d.route_id')
    .distinct()
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('r.enabled', '=', true)
    .where('r.disabled_reason', 'is', null)
    .orderBy('d.route_id')
    .execute();
  return rows.map((row) => row.route_id);
}

/** The head of a route's queue: messages go out in the order they were written. */
export async function nextPendingDelivery(db: Db, routeId: number): Promise<DeliveryRow | null> {
  const row = await db
    .selectFrom('discord_deliveries')
    .selectAll()
    .where('route_id', '=', routeId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Counts an attempt before it is made, and puts the next one `inFlightUntil` away: if the process
 * dies while Discord is being asked, the message goes out once more after that, never more often.
 * Only a message still as read is claimed; its news as claimed is returned (a rank change may have
 * joined it since it was read), or null when it was dropped or claimed meanwhile.
 */
export async function claimDelivery(
  db: Db,
  delivery: DeliveryRow,
  inFlightUntil: string,
): Promise<string | null> {
  const claimed = await db
    .updateTable('discord_deliveries')
    .set({ attempts: delivery.attempts + 1, next_attempt_at: inFlightUntil })
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', delivery.attempts)
    .returning('news')
    .executeTakeFirst();
  return claimed?.news ?? null;
}

export async function finishDelivery(
  db: Db,
  id: number,
  result: { status: 'delivered' | 'failed'; discordStatus: number | null; error: string | null; now: string },
) {
  await db
    .updateTable('discord_deliveries')
    .set({
      status: result.status,
      discord_status: result.discordStatus,
      error: result.error,
      delivered_at: result.status === 'delivered' ? result.now : null,
    })
    .where('id', '=', id)
    .execute();
}

export async function retryDelivery(
  db: Db,
  id: number,
  retry: { discordStatus: number | null; error: string; at: string },
) {
  await db
    .updateTable('discord_deliveries')
    .set({ discord_status: retry.discordStatus, error: retry.error, next_attempt_at: retry.at })
    .where('id', '=', id)
    .execute();
}

/** One message that must not go out any more, with why. */
export async function dropDelivery(db: Db, id: number, reason: string) {
  await db
    .updateTable('discord_deliveries')
    .set({ status: 'dropped', error: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A stopped route's queue: dropped, not kept to flood the channel when the route is mended. */
export async function dropPendingDeliveries(db: Db, routeId: number, reason: string) {
  await db
    .updateTable('discord_deliveries')
    .set({ status: 'dropped', error: reason })
    .where('route_id', '=', routeId)
    .where('status', '=', 'pending')
    .execute();
}

export async function bucketBlockedUntil(db: Db, buckets: string[], now: string): Promise<string | null> {
  const row = await db
    .selectFrom('discord_buckets')
    .select((eb) => eb.fn.max('blocked_until').as('until'))
    .where('bucket', 'in', buckets)
    .where('blocked_until', '>', now)
    .executeTakeFirst();
  return row?.until ?? null;
}

export async function blockBucket(db: Db, bucket: string, until: string) {
  await db
    .insertInto('discord_buckets')
    .values({ bucket, blocked_until: until })
    .onConflict((conflict) => conflict.column('bucket').doUpdateSet({ blocked_until: until }))
    .execute();
}

export async function findLiveMessageId(db: Db, routeId: number, eventId: number): Promise<string | null> {
  const row = await db
    .selectFrom('discord_live_messages')
    .select('message_id')
    .where('route_id', '=', routeId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.message_id ?? null;
}

export async function saveLiveMessage(
  db: Db,
  routeId: number,
  eventId: number,
  messageId: string,
  now: string,
) {
  await db
    .insertInto('discord_live_messages')
    .values({ route_id: routeId, event_id: eventId, message_id: messageId, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['route_id', 'event_id']).doUpdateSet({ message_id: messageId, updated_at: now }),
    )
    .execute();
}

export async function forgetLiveMessage(db: Db, routeId: number, eventId: number) {
  await db
    .deleteFrom('discord_live_messages')
    .where('route_id', '=', routeId)
    .where('event_id', '=', eventId)
    .execute();
}

/** Finished deliveries older than this leave the history, so the outbox stays small. */
export async function pruneDeliveries(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('discord_deliveries')
    .where('status', '!=', 'pending')
    .where('created_at', '<', before)
    .execute();
}

export async function listDeliveries(
  db: Db,
  routeId: number | undefined,
  limit: number,
): Promise<DiscordDelivery[]> {
  let query = db.selectFrom('discord_deliveries').selectAll().orderBy('id', 'desc').limit(limit);
  if (routeId !== undefined) query = query.where('route_id', '=', routeId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    route_id: row.route_id,
    kind: row.kind,
    summary: row.summary,
    status: row.status,
    discord_status: row.discord_status,
    error: row.error,
    attempts: row.attempts,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
  }));
}
