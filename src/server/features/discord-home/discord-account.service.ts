import type { Kysely } from 'kysely';
import { DISCORD_HOME_MESSAGES, type MyDiscord } from '#core/discord/discord-home.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { oauthClient, readDiscordApp } from './discord-app-settings.ts';

export interface DiscordAccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
}

export async function myDiscord(deps: DiscordAccountDeps, userId: number): Promise<MyDiscord> {
  const row = await deps.db
    .selectFrom('users')
    .select(['discord_user_id', 'discord_username', 'discord_mention_opt_in', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const app = await readDiscordApp(deps.db, deps.config.discord.app);
  return {
    linked:
      row.discord_user_id === null
        ? null
        : {
            id: row.discord_user_id,
            username: row.discord_username ?? row.discord_user_id,
            mention_opt_in: Boolean(row.discord_mention_opt_in),
          },
    can_link: oauthClient(app) !== null,
    has_password: row.password_hash !== '',
  };
}

export async function setMentionOptIn(
  deps: DiscordAccountDeps,
  userId: number,
  optIn: boolean,
): Promise<MyDiscord> {
  const updated = await deps.db
    .updateTable('users')
    .set({ discord_mention_opt_in: optIn })
    .where('id', '=', userId)
    .where('discord_user_id', 'is not', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw new HttpError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.notLinked);
  return myDiscord(deps, userId);
}

/**
 * Forgets the link; refused while the account has no password, which would leave its owner no way
 * back in. Roles the site gave stay on Discord: the site no longer knows whose they are to keep.
 */
export async function unlinkDiscord(deps: DiscordAccountDeps, actor: AuditActor & { userId: number }) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['discord_user_id', 'discord_username', 'password_hash'])
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (row.discord_user_id === null) throw new HttpError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.notLinked);
    if (row.password_hash === '')
      throw new HttpError(409, 'CONFLICT', DISCORD_HOME_MESSAGES.unlinkNeedsPassword);
    await trx
      .updateTable('users')
      .set({
        discord_user_id: null,
        discord_username: null,
        discord_mention_opt_in: false,
        updated_at: now.toISOString(),
      })
      .where('id', '=', actor.userId)
      .execute();
    await trx
      .deleteFrom('discord_role_syncs')
      .where('user_id', '=', actor.userId)
      .where('status', '=', 'pending')
      .execute();
    await recordAudit(trx, {
      actor,
      action: 'user.discord.unlink',
      targetType: 'user',
      targetId: actor.userId,
      before: { discord_user_id: row.discord_user_id, discord_username: row.discord_username },
      at: now,
    });
  });
}
