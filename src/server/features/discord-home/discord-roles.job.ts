import type { Kysely } from 'kysely';
import { backoffMs, bucketWait } from '#core/discord/delivery-outcome.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import type { Job, JobContext } from '../../jobs/job.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { DiscordUnreachableError } from '../discord/discord-client.ts';
import { blockBucket, bucketBlockedUntil } from '../discord/discord-deliveries.repository.ts';
import { DiscordRestError } from './discord-rest.ts';
import { changeMemberRole, memberRoles } from './role-calls.ts';
import {
  ROLE_SYNC_REASONS,
  rolePlan,
  rolesStoppedReason,
  setRolesStopped,
  type RolePlan,
  type RoleSyncReason,
} from './role-sync.ts';

export const DISCORD_ROLES = 'discord-roles';

/** The bot's own buckets, apart from the webhooks': role changes on the server, and its global limit. */
export const ROLES_BUCKET = 'bot:guild-member-roles';
export const BOT_GLOBAL_BUCKET = 'bot:global';

/** Accounts one run brings to their rank at most; the next run, seconds later, goes on. */
const MAX_PER_RUN = 50;
/** Discord's code for a member who left the server. */
const UNKNOWN_MEMBER = 10007;
const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DiscordRolesDeps {
  db: Kysely<Database>;
  config: Config;
  log?: { warn(message: string): void };
}

async function isDue(db: Kysely<Database>, now: string): Promise<boolean> {
  if ((await rolesStoppedReason(db)) !== null) return false;
  if ((await bucketBlockedUntil(db, [ROLES_BUCKET, BOT_GLOBAL_BUCKET], now)) !== null) return false;
  const row = await db
    .selectFrom('discord_role_syncs')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Looks for role changes as often as for news, and runs only when one is due and Discord may be asked. */
export function discordRolesSchedule(db: Kysely<Database>, clock: Clock, intervalMs: number): JobSchedule {
  return {
    name: DISCORD_ROLES,
    intervalMs,
    runAtStart: true,
    due: () => isDue(db, clock.now().toISOString()),
  };
}

type Row = { id: number; user_id: number; discord_user_id: string; reason: string; attempts: number };

type Outcome =
  | { result: 'done'; add: string[]; remove: string[] }
  | { result: 'departed' }
  | { result: 'retry'; at: Date; error: string; wait: { until: Date; global: boolean } | null }
  | { result: 'stop'; error: string };

/** Reads the member's roles on Discord and changes only what differs from their rank's role. */
async function syncOne(
  plan: RolePlan,
  row: Row,
  wantedKey: string | null,
  now: () => Date,
): Promise<Outcome> {
  const reason = ROLE_SYNC_REASONS[row.reason as RoleSyncReason] ?? ROLE_SYNC_REASONS.rank;
  try {
    const current = await memberRoles(plan.bot, row.discord_user_id);
    const diff = plan.diff(wantedKey, current);
    for (const role of diff.add) await changeMemberRole(plan.bot, row.discord_user_id, role, 'add', reason);
    for (const role of diff.remove)
      await changeMemberRole(plan.bot, row.discord_user_id, role, 'remove', reason);
    return { result: 'done', ...diff };
  } catch (error) {
    const attempts = row.attempts + 1;
    if (error instanceof DiscordUnreachableError)
      return {
        result: 'retry',
        at: new Date(now().getTime() + backoffMs(attempts)),
        error: error.message,
        wait: null,
      };
    if (!(error instanceof DiscordRestError)) throw error;
    const { status } = error.answer;
    if (status === 404 && error.code === UNKNOWN_MEMBER) return { result: 'departed' };
    if (status === 401 || status === 403) return { result: 'stop', error: error.message };
    const wait = bucketWait(error.answer, now());
    if (status === 429 && wait) return { result: 'retry', at: wait.until, error: error.message, wait };
    return {
      result: 'retry',
      at: new Date(now().getTime() + backoffMs(attempts)),
      error: error.message,
      wait,
    };
  }
}

/**
 * Brings linked members' Discord roles to their rank: the outbox rows in the order they were
 * written, each read fresh from Discord, so a row tried again after a crash or a 429 changes only
 * what still differs. A 404 for a member who left ends the row; a 401 or 403 (the bot was removed,
 * or its role sits below the one it must give) stops every role change until an admin resumes them.
 */
export function discordRolesJob(deps: DiscordRolesDeps): Job {
  return {
    name: DISCORD_ROLES,
    async run(context) {
      const counts = { changed: 0, unchanged: 0, departed: 0, retried: 0, stopped: 0 };
      const plan = await rolePlan(deps.db, deps.config);
      if (plan !== null && (await rolesStoppedReason(deps.db)) === null)
        await syncDue(deps, context, plan, counts);
      const now = context.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await trx
          .deleteFrom('discord_role_syncs')
          .where('status', '!=', 'pending')
          .where('created_at', '<', new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString())
          .execute();
        await context.recordSuccess(trx, counts);
      });
    },
  };
}

async function syncDue(
  deps: DiscordRolesDeps,
  context: JobContext,
  plan: RolePlan,
  counts: Record<'changed' | 'unchanged' | 'departed' | 'retried' | 'stopped', number>,
): Promise<void> {
  const rows = await deps.db
    .selectFrom('discord_role_syncs')
    .select(['id', 'user_id', 'discord_user_id', 'reason', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', context.clock.now().toISOString())
    .orderBy('id')
    .limit(MAX_PER_RUN)
    .execute();
  const wanted = await plan.wanted(rows.map((row) => row.user_id));
  for (const row of rows) {
    const now = context.clock.now();
    if (await bucketBlockedUntil(deps.db, [ROLES_BUCKET, BOT_GLOBAL_BUCKET], now.toISOString())) return;
    const outcome = await syncOne(plan, row, wanted.get(row.user_id) ?? null, () => context.clock.now());
    const at = context.clock.now();
    const iso = at.toISOString();
    await deps.db.transaction().execute(async (trx) => {
      await context.holdLease(trx);
      if (outcome.result === 'done' || outcome.result === 'departed') {
        await trx
          .updateTable('discord_role_syncs')
          .set({ status: outcome.result, done_at: iso, attempts: row.attempts + 1, error: null })
          .where('id', '=', row.id)
          .execute();
        if (outcome.result === 'done' && outcome.add.length + outcome.remove.length > 0)
          await recordAudit(trx, {
            actor: { userId: null, label: DISCORD_ROLES },
            action: 'discord.roles_changed',
            targetType: 'user',
            targetId: row.user_id,
            after: {
              discord_user_id: row.discord_user_id,
              add: outcome.add,
              remove: outcome.remove,
              reason: row.reason,
            },
            at,
          });
        return;
      }
      if (outcome.result === 'retry') {
        if (outcome.wait)
          await blockBucket(
            trx,
            outcome.wait.global ? BOT_GLOBAL_BUCKET : ROLES_BUCKET,
            outcome.wait.until.toISOString(),
          );
        await trx
          .updateTable('discord_role_syncs')
          .set({
            attempts: row.attempts + 1,
            error: outcome.error,
            next_attempt_at: outcome.at.toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      const reason = `Discord answered ${outcome.error}. Check the bot is in the server and its role sits above every mapped role, then resume.`;
      await trx
        .updateTable('discord_role_syncs')
        .set({ attempts: row.attempts + 1, error: outcome.error })
        .where('id', '=', row.id)
        .execute();
      await setRolesStopped(trx, reason, at);
      await recordAudit(trx, {
        actor: { userId: null, label: DISCORD_ROLES },
        action: 'discord.roles_stopped',
        targetType: 'clan',
        targetId: null,
        after: { reason: outcome.error },
        at,
      });
    });
    if (outcome.result === 'done')
      counts[outcome.add.length + outcome.remove.length > 0 ? 'changed' : 'unchanged'] += 1;
    else if (outcome.result === 'departed') counts.departed += 1;
    else if (outcome.result === 'retry') {
      counts.retried += 1;
      if (outcome.wait) return;
    } else {
      counts.stopped += 1;
      deps.log?.warn(`Discord role changes stopped: Discord answered ${outcome.error}`);
      return;
    }
  }
}
