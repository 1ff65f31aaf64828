import type { Kysely, Transaction } from 'kysely';
import { newsMessage, plainTitle } from '#core/discord/news-messages.ts';
import type { News } from '#core/discord/news.ts';
import { newsForRoute } from '#core/discord/route-filters.ts';
import type { Database } from '../../db/schema.ts';
import { listActiveRoutes } from './discord-routes.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The history's one line for a news item: its message's title, without links. */
export function newsSummary(news: News): string {
  const title = newsMessage(news, '').embeds?.[0]?.title;
  return title === undefined ? news.kind : plainTitle(title);
}

function liveEventId(news: News): number | null {
  return news.kind === 'live_standings' ? news.competition.event_id : null;
}

/**
 * Puts a news item in the outbox of every route that carries its kind (narrowed by the route's
 * filters). Call it inside the transaction of the change it announces: a rolled-back change then
 * announces nothing, and a committed one is never lost. Returns how many messages were queued.
 */
export async function announce(db: Db, news: News, at: Date): Promise<number> {
  const now = at.toISOString();
  let queued = 0;
  for (const route of await listActiveRoutes(db)) {
    if (!route.kinds.includes(news.kind)) continue;
    const carried = newsForRoute(news, route.filters);
    if (!carried) continue;
    const eventId = liveEventId(carried);
    if (eventId !== null) await supersedeLiveUpdates(db, route.id, eventId, now);
    await db
      .insertInto('discord_deliveries')
      .values({
        route_id: route.id,
        kind: carried.kind,
        news: JSON.stringify(carried),
        summary: newsSummary(carried),
        live_event_id: eventId,
        status: 'pending',
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    queued += 1;
  }
  return queued;
}

/** A newer standings update replaces one still waiting: the message shows only the latest. */
async function supersedeLiveUpdates(db: Db, routeId: number, eventId: number, now: string) {
  await db
    .updateTable('discord_deliveries')
    .set({ status: 'dropped', error: 'Replaced by a newer update', next_attempt_at: now })
    .where('route_id', '=', routeId)
    .where('live_event_id', '=', eventId)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .execute();
}

/**
 * Marks a time-based announcement as made, inside its transaction: true the first time for a key,
 * false after, so a competition's reminder or a day's anniversaries go out once across restarts and
 * instances.
 */
export async function markNewsOnce(db: Db, key: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('news_marks')
    .values({ key, created_at: at.toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
