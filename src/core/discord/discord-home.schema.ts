import { z } from 'zod';

/**
 * Issue 32's account and admin shapes: Discord sign-in, the Discord application's settings and the
 * rank-to-role map. The routes in the issue's API contract keep these names.
 */

/** A Discord snowflake id: digits, as Discord sends them (strings, they pass 2^53). */
export const snowflakeSchema = z.string().regex(/^\d{1,20}$/, 'A Discord id is a number of up to 20 digits');

export const DISCORD_HOME_MESSAGES = {
  notSetUp: 'Sign-in with Discord is not set up on this site.',
  wrongState: 'This Discord sign-in link has expired or was already used. Start again from the sign-in page.',
  unlinkNeedsPassword: 'Set a password before you unlink Discord, or you could not sign in again.',
  notLinked: 'No Discord account is linked.',
  alreadyLinked: 'That Discord account is linked to another account on this site.',
  botNotSetUp: 'Add the bot token and the server id under Discord application first.',
} as const;

/** Why a Discord sign-in came back to the sign-in page (`/login?discord_error=…`), in the page's words. */
export const DISCORD_SIGN_IN_ERRORS = {
  denied: 'Discord sign-in was cancelled.',
  not_member: "Only members of the clan's Discord server can sign in with Discord.",
  taken: DISCORD_HOME_MESSAGES.alreadyLinked,
  failed: 'Discord could not be reached. Try again in a minute.',
} as const;
export type DiscordSignInError = keyof typeof DISCORD_SIGN_IN_ERRORS;

/** `GET /api/auth/providers`: which sign-ins the sign-in page offers besides the password. */
export const authProvidersSchema = z.object({ discord: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** `GET|PUT /api/me/discord`: the caller's link. */
export const myDiscordSchema = z.object({
  linked: z
    .object({
      id: z.string(),
      username: z.string(),
      /** Whether news about this member may mention (ping) them. */
      mention_opt_in: z.boolean(),
    })
    .nullable(),
  /** Whether the site can link Discord at all (the application is set up). */
  can_link: z.boolean(),
  /** An account made by Discord sign-in has no password until its owner sets one. */
  has_password: z.boolean(),
});
export type MyDiscord = z.infer<typeof myDiscordSchema>;

export const myDiscordInputSchema = z.object({ mention_opt_in: z.boolean() }).strict();

/** `GET /api/admin/discord/app`: the application's settings; secrets only say whether they are set. */
export const discordAppSchema = z.object({
  application_id: z.string().nullable(),
  guild_id: z.string().nullable(),
  public_key: z.string().nullable(),
  oauth_authorize_url: z.string(),
  bot_token_set: z.boolean(),
  client_secret_set: z.boolean(),
  /** First sign-in makes an account only for members of the server. */
  members_only: z.boolean(),
  /** Holders of these server roles are the site's admins, re-checked at each sign-in; empty: off. */
  admin_role_ids: z.array(z.string()),
});
export type DiscordApp = z.infer<typeof discordAppSchema>;

const optionalId = snowflakeSchema.nullable().optional();
/** `PUT /api/admin/discord/app`: omitted fields stay; a secret sent as null is forgotten. */
export const discordAppInputSchema = z
  .object({
    application_id: optionalId,
    guild_id: optionalId,
    public_key: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'The public key is 64 hexadecimal characters')
      .nullable()
      .optional(),
    oauth_authorize_url: z.url('The authorize URL must be a web address').max(500).optional(),
    bot_token: z.string().trim().min(1).max(200).nullable().optional(),
    client_secret: z.string().trim().min(1).max(200).nullable().optional(),
    members_only: z.boolean().optional(),
    admin_role_ids: z.array(snowflakeSchema).max(20).optional(),
  })
  .strict();
export type DiscordAppInput = z.infer<typeof discordAppInputSchema>;

/** A role of the clan's server as the admin screen lists it. */
export const serverRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.number().int(),
  position: z.number().int(),
  /** Made by an integration (a bot's own role): Discord refuses to give it to people. */
  managed: z.boolean(),
});
export type ServerRole = z.infer<typeof serverRoleSchema>;

/**
 * Rank role keys are members' womrole values: the ladder's ranks and the admin titles (the service
 * refuses a well-formed key the clan does not have, naming it).
 */
const roleMapSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), snowflakeSchema);

export const rankRolesInputSchema = z
  .object({ roles: roleMapSchema.refine((map) => Object.keys(map).length <= 100, 'At most 100 roles') })
  .strict();
export type RankRolesInput = z.infer<typeof rankRolesInputSchema>;

/** `GET /api/admin/discord/rank-roles`. */
export const rankRolesSchema = z.object({
  roles: z.record(z.string(), z.string()),
  /** Every key that can be mapped, highest first: the admin titles, then each path's ranks from the top. */
  keys: z.array(z.object({ key: z.string(), name: z.string(), group: z.enum(['title', 'rank']) })),
  /** The server's roles read with the bot token; null when it could not be read (see `server_error`). */
  server_roles: z.array(serverRoleSchema).nullable(),
  server_error: z.string().nullable(),
  /** Role changes waiting to be sent, and why sending stopped (a 403), if it did. */
  pending: z.number().int(),
  stopped_reason: z.string().nullable(),
});
export type RankRoles = z.infer<typeof rankRolesSchema>;

export const reconcileInputSchema = z.object({ dry_run: z.boolean() }).strict();

export const roleChangeSchema = z.object({
  discord_user_id: z.string(),
  /** The site account's username, for the admin's list. */
  username: z.string(),
  add: z.array(z.string()),
  remove: z.array(z.string()),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** `POST /api/admin/discord/rank-roles/reconcile`. */
export const reconcileSchema = z.object({
  changes: z.array(roleChangeSchema),
  /** Linked members whose roles could not be read (left the server, Discord failing). */
  unreadable: z.number().int(),
});
export type Reconcile = z.infer<typeof reconcileSchema>;

/** `POST /api/admin/discord/commands`: the commands now registered on the clan's server. */
export const registeredCommandsSchema = z.object({ registered: z.array(z.string()) });
