import type { Kysely, Transaction } from 'kysely';
import { highestKey, rankRoleKeys, roleDiff, type RoleDiff } from '#core/discord/rank-roles.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { SETTING_KEYS, readClanRules, readSetting, saveSetting } from '../clan-settings/clan-settings.ts';
import { botAccess, readDiscordApp, readRankRoles } from './discord-app-settings.ts';
import { discordApiRoot } from './discord-rest.ts';
import type { BotAccess } from './role-calls.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What asked for a role sync; shown in the server's audit log on Discord. */
export type RoleSyncReason = 'rank' | 'link' | 'claim' | 'reconcile';

export const ROLE_SYNC_REASONS: Record<RoleSyncReason, string> = {
  rank: 'Rank changed on the clan site',
  link: 'Discord linked on the clan site',
  claim: 'Character claimed on the clan site',
  reconcile: 'Roles reconciled by a clan site admin',
};

/**
 * Queues a role sync for each of these accounts that has Discord linked, in the caller's transaction
 * (the rank change's own), unless one is already waiting: the job reads the rank when it runs, so
 * one waiting row covers every change before it.
 */
export async function queueRoleSyncs(
  db: Db,
  userIds: readonly number[],
  reason: RoleSyncReason,
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const linked = await db
    .selectFrom('users')
    .select(['id', 'discord_user_id'])
    .where('id', 'in', [...new Set(userIds)])
    .where('discord_user_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('discord_role_syncs')
            .select('discord_role_syncs.id')
            .whereRef('discord_role_syncs.user_id', '=', 'users.id')
            .where('discord_role_syncs.status', '=', 'pending'),
        ),
      ),
    )
    .execute();
  if (linked.length === 0) return 0;
  const at = now.toISOString();
  await db
    .insertInto('discord_role_syncs')
    .values(
      linked.map((user) => ({
        user_id: user.id,
        discord_user_id: user.discord_user_id ?? '',
        reason,
        status: 'pending' as const,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
  return linked.length;
}

/** Queues role syncs for the accounts that claimed these characters (a rank changed). */
export async function queueRoleSyncsForMembers(
  db: Db,
  womIds: readonly string[],
  reason: RoleSyncReason,
  now: Date,
): Promise<number> {
  if (womIds.length === 0) return 0;
  const owners = await db
    .selectFrom('player_claims')
    .select('user_id')
    .where('wom_id', 'in', [...new Set(womIds)])
    .execute();
  return queueRoleSyncs(
    db,
    owners.map((owner) => owner.user_id),
    reason,
    now,
  );
}

/** The ranks of the characters each account claimed that are in the clan now. */
async function heldRanks(db: Db, userIds: readonly number[]): Promise<Map<number, Array<string | null>>> {
  const held = new Map<number, Array<string | null>>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return held;
  const rows = await db
    .selectFrom('player_claims')
    .innerJoin('members', 'members.wom_id', 'player_claims.wom_id')
    .select(['player_claims.user_id', 'members.womrole'])
    .where('player_claims.user_id', 'in', [...userIds])
    .where('members.left_at', 'is', null)
    .where('members.deleted_at', 'is', null)
    .execute();
  for (const row of rows) held.get(row.user_id)?.push(row.womrole);
  return held;
}

/** What role syncs need, read once per run: the bot, the map and each key's height. */
export interface RolePlan {
  bot: BotAccess;
  mapping: Record<string, string>;
  /** The mapped role each account should hold; null for none (no character in the clan). */
  wanted(userIds: readonly number[]): Promise<Map<number, string | null>>;
  diff(wantedKey: string | null, current: readonly string[]): RoleDiff;
}

/** Null while the bot token or the server id is missing: role syncs then wait. */
export async function rolePlan(db: Db, config: Config): Promise<RolePlan | null> {
  const app = await readDiscordApp(db, config.discord.app);
  const access = botAccess(app);
  if (access === null) return null;
  const mapping = await readRankRoles(db);
  const keys = rankRoleKeys((await readClanRules(db)).ladder);
  return {
    bot: { root: discordApiRoot(config.discord.apiBaseUrl), ...access },
    mapping,
    async wanted(userIds) {
      const held = await heldRanks(db, userIds);
      return new Map([...held].map(([userId, roles]) => [userId, highestKey(keys, roles)]));
    },
    diff: (wantedKey, current) => roleDiff(mapping, wantedKey, current),
  };
}

/** Why role changes stopped, or null while they run. */
export async function rolesStoppedReason(db: Db): Promise<string | null> {
  const value = await readSetting(db, SETTING_KEYS.discordRolesStopped);
  return typeof value === 'string' ? value : null;
}

/** Stops role changes with a reason, or (null) lets them run again. */
export async function setRolesStopped(trx: Transaction<Database>, reason: string | null, now: Date) {
  await saveSetting(trx, SETTING_KEYS.discordRolesStopped, reason, now);
}

export async function countPendingRoleSyncs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('discord_role_syncs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
