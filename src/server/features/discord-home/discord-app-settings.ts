import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DiscordApp, DiscordAppInput } from '#core/discord/discord-home.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { SETTING_KEYS, readSetting, saveSetting } from '../clan-settings/clan-settings.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The Discord application as stored: what the dashboard shows, plus the two secrets it never shows. */
const storedAppSchema = z.object({
  application_id: z.string().nullable(),
  guild_id: z.string().nullable(),
  public_key: z.string().nullable(),
  oauth_authorize_url: z.string(),
  bot_token: z.string().nullable(),
  client_secret: z.string().nullable(),
  members_only: z.boolean(),
  admin_role_ids: z.array(z.string()),
});
export type DiscordAppSettings = z.infer<typeof storedAppSchema>;

/** The application a fresh database starts from: the environment's DISCORD_* values. */
export function seedDiscordAppSettings(app: Config['discord']['app']): DiscordAppSettings {
  return {
    application_id: app.applicationId,
    guild_id: app.guildId,
    public_key: app.publicKey?.toLowerCase() ?? null,
    oauth_authorize_url: app.oauthAuthorizeUrl,
    bot_token: app.botToken,
    client_secret: app.clientSecret,
    // A clan's Discord server is its door: sign-ups by Discord come only through it, once one is named.
    members_only: true,
    admin_role_ids: [],
  };
}

/** Stores the environment's application unless the database already has one (the dashboard's stays). */
export async function seedDiscordApp(db: Kysely<Database>, app: Config['discord']['app'], now: Date) {
  await db
    .insertInto('clan_settings')
    .values({
      key: SETTING_KEYS.discordApp,
      value: JSON.stringify(seedDiscordAppSettings(app)),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The stored application; one that no longer reads is the environment's. */
export async function readDiscordApp(db: Db, seed: Config['discord']['app']): Promise<DiscordAppSettings> {
  const parsed = storedAppSchema.safeParse(await readSetting(db, SETTING_KEYS.discordApp));
  return parsed.success ? parsed.data : seedDiscordAppSettings(seed);
}

/** The settings as the dashboard sees them: secrets only say whether they are set. */
export function shownApp(app: DiscordAppSettings): DiscordApp {
  return {
    application_id: app.application_id,
    guild_id: app.guild_id,
    public_key: app.public_key,
    oauth_authorize_url: app.oauth_authorize_url,
    bot_token_set: app.bot_token !== null,
    client_secret_set: app.client_secret !== null,
    members_only: app.members_only,
    admin_role_ids: app.admin_role_ids,
  };
}

/** What OAuth sign-in needs; null while any of it is missing. */
export function oauthClient(app: DiscordAppSettings) {
  if (app.application_id === null || app.client_secret === null) return null;
  return {
    clientId: app.application_id,
    clientSecret: app.client_secret,
    authorizeUrl: app.oauth_authorize_url,
  };
}

/** What the bot's REST calls need; null while any of it is missing. */
export function botAccess(app: DiscordAppSettings) {
  if (app.bot_token === null || app.guild_id === null) return null;
  return { authorization: `Bot ${app.bot_token}`, guildId: app.guild_id };
}

export interface DiscordAppDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
}

/** Saves the dashboard's change; the audit says which settings changed, never a secret's value. */
export async function putDiscordApp(
  deps: DiscordAppDeps,
  input: DiscordAppInput,
  actor: AuditActor,
): Promise<DiscordApp> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await readDiscordApp(trx, deps.config.discord.app);
    const after: DiscordAppSettings = { ...before };
    if (input.application_id !== undefined) after.application_id = input.application_id;
    if (input.guild_id !== undefined) after.guild_id = input.guild_id;
    if (input.public_key !== undefined) after.public_key = input.public_key?.toLowerCase() ?? null;
    if (input.oauth_authorize_url !== undefined) after.oauth_authorize_url = input.oauth_authorize_url;
    if (input.bot_token !== undefined) after.bot_token = input.bot_token;
    if (input.client_secret !== undefined) after.client_secret = input.client_secret;
    if (input.members_only !== undefined) after.members_only = input.members_only;
    if (input.admin_role_ids !== undefined) after.admin_role_ids = [...new Set(input.admin_role_ids)];
    await saveSetting(trx, SETTING_KEYS.discordApp, after, now);
    await recordAudit(trx, {
      actor,
      action: 'discord.app',
      targetType: 'clan',
      targetId: null,
      before: shownApp(before),
      after: shownApp(after),
      at: now,
    });
    return shownApp(after);
  });
}

/** Each rank role key's Discord role id, as the admin mapped them. */
export async function readRankRoles(db: Db): Promise<Record<string, string>> {
  const parsed = z
    .record(z.string(), z.string())
    .safeParse(await readSetting(db, SETTING_KEYS.discordRankRoles));
  return parsed.success ? parsed.data : {};
}
