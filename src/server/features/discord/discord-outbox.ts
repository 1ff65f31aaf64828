import type { Kysely, Transaction } from 'kysely';
import { GATHER_MS, gatheredNews, gathers, saysNothing } from '#core/discord/news-digest.ts';
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
 * announces nothing, and a committed one is never lost. News of a gathering kind (rank changes)
 * waits a minute, and news of its kind queued meanwhile joins it: one message for a batch. Returns
 * how many messages were queued or joined.
 */
export async function announce(db: Db, news: News, at: Date): Promise<number> {
  const now = at.toISOString();
  let queued = 0;
  for (const route of await listActiveRoutes(db)) {
    if (!route.kinds.includes(news.kind)) continue;
    const carried = newsForRoute(news, route.filters);
    if (!carried) continue;
    queued += 1;
    const gathering = gathers(carried.kind);
    if (gathering && (await gatherInto(db, route.id, carried, now))) continue;
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
        next_attempt_at: gathering ? new Date(at.getTime() + GATHER_MS).toISOString() : now,
        created_at: now,
      })
      .execute();
  }
  return queued;
}

/** Tries at joining news to the route's waiting message of its kind, when another writer joins too. */
const GATHER_TRIES = 3;

/**
 * Joins the news to the route's message of its kind still gathering (never tried, its minute not
 * over), or says there is none. The message is rewritten only if it is as read (not claimed by the
 * delivery job, nor joined by another writer, meanwhile), else read again. A message whose changes
 * were all undone is dropped.
 */
async function gatherInto(db: Db, routeId: number, news: News, now: string): Promise<boolean> {
  for (let tries = 0; tries < GATHER_TRIES; tries += 1) {
    const waiting = await db
      .selectFrom('discord_deliveries')
      .select(['id', 'news'])
      .where('route_id', '=', routeId)
      .where('kind', '=', news.kind)
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .where('next_attempt_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const gathered = waiting && gatheredNews(JSON.parse(waiting.news) as News, news);
    if (!waiting || !gathered) return false;
    const joined = await db
      .updateTable('discord_deliveries')
      .set(
        saysNothing(gathered)
          ? { status: 'dropped', error: 'Every change in it was undone before it was sent' }
          : { news: JSON.stringify(gathered), summary: newsSummary(gathered) },
      )
      .where('id', '=', waiting.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .where('news', '=', waiting.news)
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) > 0) return true;
  }
  return false;
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
