import type { Kysely } from 'kysely';
import {
  DISCORD_HOME_MESSAGES,
  type Reconcile,
  type RankRoles,
  type RoleChange,
} from '#core/discord/discord-home.schema.ts';
import { CLAN_COMMANDS } from '#core/discord/interactions.ts';
import { bucketWait } from '#core/discord/delivery-outcome.ts';
import { rankRoleKeys } from '#core/discord/rank-roles.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { SETTING_KEYS, readClanRules, saveSetting } from '../clan-settings/clan-settings.ts';
import { DiscordUnreachableError } from '../discord/discord-client.ts';
import { botAccess, readDiscordApp, readRankRoles } from './discord-app-settings.ts';
import { DISCORD_ROLES } from './discord-roles.job.ts';
import { DiscordRestError, discordApiRoot, discordRest } from './discord-rest.ts';
import { listGuildRoles, memberRoles, type BotAccess, type GuildRole } from './role-calls.ts';
import {
  countPendingRoleSyncs,
  queueRoleSyncs,
  rolePlan,
  rolesStoppedReason,
  setRolesStopped,
} from './role-sync.ts';

export interface DiscordAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  jobs: JobRunner;
}

const botNotSetUp = () => new HttpError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.botNotSetUp);

async function bot(deps: DiscordAdminDeps): Promise<BotAccess | null> {
  const access = botAccess(await readDiscordApp(deps.db, deps.config.discord.app));
  return access && { root: discordApiRoot(deps.config.discord.apiBaseUrl), ...access };
}

const unreadable = (error: unknown): string => {
  if (error instanceof DiscordRestError || error instanceof DiscordUnreachableError)
    return `Could not read the server's roles: ${error.message}`;
  throw error;
};

/** The map, what can be mapped, the server's roles (read with the bot now) and the outbox's state. */
export async function rankRolesView(deps: DiscordAdminDeps): Promise<RankRoles> {
  const access = await bot(deps);
  let serverRoles: GuildRole[] | null = null;
  let serverError: string | null = access === null ? DISCORD_HOME_MESSAGES.botNotSetUp : null;
  if (access !== null) {
    try {
      serverRoles = await listGuildRoles(access);
    } catch (error) {
      serverError = unreadable(error);
    }
  }
  return {
    roles: await readRankRoles(deps.db),
    keys: rankRoleKeys((await readClanRules(deps.db)).ladder),
    server_roles: serverRoles,
    server_error: serverError,
    pending: await countPendingRoleSyncs(deps.db),
    stopped_reason: await rolesStoppedReason(deps.db),
  };
}

/**
 * Saves the map. Keys must be the ladder's ranks or the admin titles, and, when the server's roles
 * can be read, each role one of them that people can hold (not @everyone, not a bot's own).
 * Saving resumes role changes a refusal stopped: the admin has looked at them.
 */
export async function putRankRoles(
  deps: DiscordAdminDeps,
  roles: Record<string, string>,
  actor: AuditActor,
): Promise<{ roles: Record<string, string> }> {
  const keys = new Set(rankRoleKeys((await readClanRules(deps.db)).ladder).map((key) => key.key));
  const unknown = Object.keys(roles).filter((key) => !keys.has(key));
  if (unknown.length > 0) throw badRequest(`"${unknown[0]}" is not a rank or admin title of the clan`);
  const access = await bot(deps);
  if (access !== null) {
    const server = await listGuildRoles(access).catch(() => null);
    if (server !== null) {
      const givable = new Set(
        server.filter((role) => !role.managed && role.id !== access.guildId).map((role) => role.id),
      );
      const wrong = Object.values(roles).find((id) => !givable.has(id));
      if (wrong !== undefined)
        throw badRequest(`The role ${wrong} is not one the server's members can be given`);
    }
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await readRankRoles(trx);
    await saveSetting(trx, SETTING_KEYS.discordRankRoles, roles, now);
    await setRolesStopped(trx, null, now);
    await recordAudit(trx, {
      actor,
      action: 'discord.rank_roles',
      targetType: 'clan',
      targetId: null,
      before: { roles: before },
      after: { roles },
      at: now,
    });
  });
  return { roles };
}

/** Tries per member before a reconcile counts them unreadable: a 429 is waited out, within a bound. */
const READ_TRIES = 3;
const LONGEST_WAIT_MS = 5_000;

async function readRoles(access: BotAccess, discordUserId: string, clock: Clock): Promise<string[] | null> {
  for (let attempt = 1; attempt <= READ_TRIES; attempt += 1) {
    try {
      return await memberRoles(access, discordUserId);
    } catch (error) {
      if (error instanceof DiscordUnreachableError) return null;
      if (!(error instanceof DiscordRestError)) throw error;
      const wait = error.answer.status === 429 ? bucketWait(error.answer, clock.now()) : null;
      if (wait === null) return null;
      const ms = wait.until.getTime() - clock.now().getTime();
      if (ms > LONGEST_WAIT_MS) return null;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    }
  }
  return null;
}

/**
 * Reads every linked member's roles and says what differs from their rank's role; unless it is a dry
 * run, queues the fixes (the role job makes them, honouring Discord's limits, and audits each) and
 * resumes role changes a refusal had stopped.
 */
export async function reconcileRoles(
  deps: DiscordAdminDeps,
  dryRun: boolean,
  actor: AuditActor,
): Promise<Reconcile> {
  const plan = await rolePlan(deps.db, deps.config);
  if (plan === null) throw botNotSetUp();
  const linked = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'discord_user_id'])
    .where('discord_user_id', 'is not', null)
    .orderBy('id')
    .execute();
  const wanted = await plan.wanted(linked.map((user) => user.id));
  const changes: Array<RoleChange & { userId: number }> = [];
  let unreadableCount = 0;
  for (const user of linked) {
    const discordUserId = user.discord_user_id ?? '';
    const current = await readRoles(plan.bot, discordUserId, deps.clock);
    if (current === null) {
      unreadableCount += 1;
      continue;
    }
    const diff = plan.diff(wanted.get(user.id) ?? null, current);
    if (diff.add.length + diff.remove.length > 0)
      changes.push({ userId: user.id, discord_user_id: discordUserId, username: user.username, ...diff });
  }
  if (!dryRun) {
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await setRolesStopped(trx, null, now);
      await queueRoleSyncs(
        trx,
        changes.map((change) => change.userId),
        'reconcile',
        now,
      );
    });
    if (changes.length > 0) await deps.jobs.start(DISCORD_ROLES, actor.userId);
  }
  return {
    changes: changes.map(({ userId: _userId, ...change }) => change),
    unreadable: unreadableCount,
  };
}

/** Registers the clan's slash commands on its server (a bulk overwrite: the list is the whole set). */
export async function registerCommands(
  deps: Pick<DiscordAdminDeps, 'db' | 'clock' | 'config'>,
  actor: AuditActor,
): Promise<{ registered: string[] }> {
  const app = await readDiscordApp(deps.db, deps.config.discord.app);
  const access = botAccess(app);
  if (access === null || app.application_id === null) throw botNotSetUp();
  try {
    await discordRest({
      root: discordApiRoot(deps.config.discord.apiBaseUrl),
      method: 'PUT',
      path: `/applications/${encodeURIComponent(app.application_id)}/guilds/${encodeURIComponent(access.guildId)}/commands`,
      authorization: access.authorization,
      json: CLAN_COMMANDS,
    });
  } catch (error) {
    if (error instanceof DiscordRestError || error instanceof DiscordUnreachableError)
      throw new HttpError(
        502,
        'DISCORD_UNAVAILABLE',
        `Discord did not register the commands: ${error.message}`,
      );
    throw error;
  }
  const registered = CLAN_COMMANDS.map((command) => command.name);
  await deps.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actor,
      action: 'discord.commands',
      targetType: 'clan',
      targetId: null,
      after: { commands: registered },
      at: deps.clock.now(),
    });
  });
  return { registered };
}
