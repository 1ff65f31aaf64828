import type { Kysely } from 'kysely';
import {
  bucketWait,
  deliveryOutcome,
  networkFailure,
  type DeliveryOutcome,
  type DiscordAnswer,
} from '#core/discord/delivery-outcome.ts';
import { momentImageName, withAttachedImage } from '#core/discord/attached-image.ts';
import { fitToDiscordLimits, withMentions } from '#core/discord/discord-message.ts';
import { newsMessage } from '#core/discord/news-messages.ts';
import type { News } from '#core/discord/news.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import type { Job, JobContext } from '../../jobs/job.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  DISCORD_TIMEOUT_MS,
  DiscordUnreachableError,
  sendToWebhook,
  type WebhookFile,
  type WebhookRequest,
} from './discord-client.ts';
import {
  blockBucket,
  bucketBlockedUntil,
  claimDelivery,
  dropPendingDeliveries,
  findLiveMessageId,
  finishDelivery,
  forgetLiveMessage,
  GLOBAL_BUCKET,
  hasDueDeliveries,
  listRoutesWithDueDeliveries,
  dropDelivery,
  nextPendingDelivery,
  pruneDeliveries,
  retryDelivery,
  saveLiveMessage,
  type DeliveryRow,
} from './discord-deliveries.repository.ts';
import { findRoute, markRouteDelivered, stopRoute, type StoredRoute } from './discord-routes.repository.ts';
import { findMomentImage, isMomentStillPublic } from './moment-image.repository.ts';
import { mentionedUsers } from './mentions.ts';

/** The job's name: its lease and run records. */
export const DISCORD_DELIVERY = 'discord-delivery';
export const MOMENT_NO_LONGER_PUBLIC = 'The member took this moment off the public pages before it was sent';

/**
 * A message being sent is retried this long after its claim if the sender died meanwhile: longer
 * than a request may take, so a live sender always records its answer first.
 */
const IN_FLIGHT_MS = 2 * DISCORD_TIMEOUT_MS;
/** Messages one run sends at most; the next run, seconds later, goes on. */
const MAX_PER_RUN = 200;
const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DiscordDeliveryDeps {
  db: Kysely<Database>;
  /** The site's address for the links in messages. */
  siteUrl: string;
  send?: (request: WebhookRequest) => Promise<DiscordAnswer>;
  log?: { warn(message: string): void };
}

/**
 * Looks for news every few seconds, and starts a run (and its record) only when a message is waiting
 * and its webhook may be used.
 */
export function discordDeliverySchedule(db: Kysely<Database>, clock: Clock, intervalMs: number): JobSchedule {
  return {
    name: DISCORD_DELIVERY,
    intervalMs,
    runAtStart: true,
    due: () => hasDueDeliveries(db, clock.now().toISOString()),
  };
}

interface Counts {
  delivered: number;
  retried: number;
  failed: number;
  stopped: number;
}

/**
 * Delivers the outbox: one queue per route in the order messages were written, each webhook resting
 * as Discord's rate-limit headers and 429s say. Every attempt is recorded before it is made and its
 * outcome right after, each in its own transaction, so a crash re-sends at most the one message that
 * was in flight.
 */
export function discordDeliveryJob(deps: DiscordDeliveryDeps): Job {
  const send = deps.send ?? sendToWebhook;
  return {
    name: DISCORD_DELIVERY,
    async run(context) {
      const counts: Counts = { delivered: 0, retried: 0, failed: 0, stopped: 0 };
      let budget = MAX_PER_RUN;
      const routeIds = await listRoutesWithDueDeliveries(deps.db, context.clock.now().toISOString());
      for (const routeId of routeIds) {
        if (budget <= 0) break;
        budget -= await deliverRoute(deps, send, context, routeId, budget, counts);
      }
      const now = context.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await pruneDeliveries(trx, new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString());
        await context.recordSuccess(trx, { ...counts });
      });
    },
  };
}

/** Sends a route's due messages in order until its queue is empty, waits, or the budget is spent. */
async function deliverRoute(
  deps: DiscordDeliveryDeps,
  send: NonNullable<DiscordDeliveryDeps['send']>,
  context: JobContext,
  routeId: number,
  budget: number,
  counts: Counts,
): Promise<number> {
  let sent = 0;
  while (sent < budget) {
    const route = await findRoute(deps.db, routeId);
    if (!route || !route.enabled || route.disabledReason) break;
    const now = context.clock.now();
    const iso = now.toISOString();
    if (await bucketBlockedUntil(deps.db, [route.webhookId, GLOBAL_BUCKET], iso)) break;
    const delivery = await nextPendingDelivery(deps.db, routeId);
    if (!delivery || delivery.next_attempt_at > iso) break;
    const pending = JSON.parse(delivery.news) as News;
    if (pending.kind === 'game_moments' && !(await isMomentStillPublic(deps.db, pending.moment.id))) {
      await dropDelivery(deps.db, delivery.id, MOMENT_NO_LONGER_PUBLIC);
      continue;
    }
    const attempts = delivery.attempts + 1;
    const claimed = await deps.db.transaction().execute(async (trx) => {
      await context.holdLease(trx);
      return claimDelivery(trx, delivery, new Date(now.getTime() + IN_FLIGHT_MS).toISOString());
    });
    if (claimed === null) continue;
    sent += 1;
    const news = JSON.parse(claimed) as News;
    const liveId =
      delivery.live_event_id === null
        ? null
        : await findLiveMessageId(deps.db, routeId, delivery.live_event_id);
    const { message, files } = await outgoing(deps, news);
    let answer: DiscordAnswer | null = null;
    let outcome: DeliveryOutcome;
    try {
      answer = await send({ url: route.url, message, files, messageId: liveId });
      outcome = deliveryOutcome(answer, attempts, context.clock.now());
    } catch (error) {
      if (!(error instanceof DiscordUnreachableError)) throw error;
      outcome = networkFailure(error.message, attempts, context.clock.now());
    }
    await recordOutcome(deps, context, { route, delivery, news, answer, outcome });
    if (outcome.result === 'delivered') counts.delivered += 1;
    else if (outcome.result === 'failed') counts.failed += 1;
    else if (outcome.result === 'stop_route') counts.stopped += 1;
    else counts.retried += 1;
    if (outcome.result !== 'delivered' && outcome.result !== 'failed' && outcome.result !== 'message_gone')
      break;
  }
  return sent;
}

/**
 * The message for a news item, with an in-game moment's screenshot attached while the site still
 * keeps it; a screenshot removed since (with its moment, or over the storage cap) is left out.
 */
async function outgoing(
  deps: DiscordDeliveryDeps,
  news: News,
): Promise<{ message: WebhookRequest['message']; files: WebhookFile[] }> {
  const message = withMentions(
    fitToDiscordLimits(newsMessage(news, deps.siteUrl)),
    await mentionedUsers(deps.db, news),
  );
  const imageId =
    news.kind === 'game_moments'
      ? news.moment.image_id
      : news.kind === 'bingo' && news.update.what === 'tile'
        ? news.update.image_id
        : null;
  const image = imageId === null ? undefined : await findMomentImage(deps.db, imageId);
  const name = image ? momentImageName(image.content_type) : null;
  if (!image || name === null) return { message, files: [] };
  return {
    message: withAttachedImage(message, name),
    files: [{ name, contentType: image.content_type, bytes: image.bytes }],
  };
}

interface Attempt {
  route: StoredRoute;
  delivery: DeliveryRow;
  news: News;
  answer: DiscordAnswer | null;
  outcome: DeliveryOutcome;
}

async function recordOutcome(deps: DiscordDeliveryDeps, context: JobContext, attempt: Attempt) {
  const { route, delivery, news, answer, outcome } = attempt;
  const now = context.clock.now();
  const iso = now.toISOString();
  const status = answer?.status ?? null;
  await deps.db.transaction().execute(async (trx) => {
    await context.holdLease(trx);
    const wait = answer ? bucketWait(answer, now) : null;
    if (wait) await blockBucket(trx, wait.global ? GLOBAL_BUCKET : route.webhookId, wait.until.toISOString());
    switch (outcome.result) {
      case 'delivered':
        await finishDelivery(trx, delivery.id, {
          status: 'delivered',
          discordStatus: status,
          error: null,
          now: iso,
        });
        await markRouteDelivered(trx, route.id, iso);
        if (delivery.live_event_id !== null)
          await keepLiveMessage(trx, route.id, delivery.live_event_id, news, outcome, iso);
        return;
      case 'failed':
        await finishDelivery(trx, delivery.id, {
          status: 'failed',
          discordStatus: status,
          error: outcome.reason,
          now: iso,
        });
        return;
      case 'retry':
        await retryDelivery(trx, delivery.id, {
          discordStatus: status,
          error: outcome.reason,
          at: outcome.retryAt.toISOString(),
        });
        return;
      case 'message_gone':
        await forgetLiveMessage(trx, route.id, delivery.live_event_id ?? 0);
        await retryDelivery(trx, delivery.id, {
          discordStatus: status,
          error: 'The standings message was deleted; posting a new one',
          at: iso,
        });
        return;
      case 'stop_route': {
        const reason = `Discord answered ${outcome.reason}: the webhook no longer works. Paste a new webhook URL to resume.`;
        await finishDelivery(trx, delivery.id, {
          status: 'failed',
          discordStatus: status,
          error: outcome.reason,
          now: iso,
        });
        await stopRoute(trx, route.id, reason, iso);
        await dropPendingDeliveries(trx, route.id, 'The route was stopped');
        await recordAudit(trx, {
          actor: { userId: null, label: 'discord-delivery' },
          action: 'discord.route_stopped',
          targetType: 'discord_route',
          targetId: route.id,
          after: { name: route.name, reason: outcome.reason },
          at: now,
        });
        return;
      }
    }
  });
  if (outcome.result === 'stop_route') {
    deps.log?.warn(`Discord route "${route.name}" stopped: Discord answered ${outcome.reason}`);
  }
}

/** A live standings message is kept for edits while the competition runs, and let go once final. */
async function keepLiveMessage(
  trx: Parameters<typeof saveLiveMessage>[0],
  routeId: number,
  eventId: number,
  news: News,
  outcome: Extract<DeliveryOutcome, { result: 'delivered' }>,
  now: string,
) {
  if (news.kind === 'live_standings' && news.finished) await forgetLiveMessage(trx, routeId, eventId);
  else if (outcome.messageId) await saveLiveMessage(trx, routeId, eventId, outcome.messageId, now);
}
