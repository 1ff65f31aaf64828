import {
  discordAppInputSchema,
  type DiscordApp,
  type DiscordAppInput,
} from '#core/discord/discord-home.schema.ts';

/** What the Discord application form holds while an admin edits it. */
export interface DiscordAppFormValues {
  applicationId: string;
  guildId: string;
  publicKey: string;
  authorizeUrl: string;
  /** Blank: the browser never has the stored token, and blank keeps it. */
  botToken: string;
  /** Forget the stored token (sent as null). */
  clearBotToken: boolean;
  clientSecret: string;
  clearClientSecret: boolean;
  membersOnly: boolean;
  adminRoleIds: string[];
}

export type DiscordAppFormErrors = Partial<Record<keyof DiscordAppFormValues, string>>;

/** The request's field each form field fills, for the contract's messages to land beside it. */
const FIELD_OF: Readonly<Record<keyof DiscordAppInput, keyof DiscordAppFormValues>> = {
  application_id: 'applicationId',
  guild_id: 'guildId',
  public_key: 'publicKey',
  oauth_authorize_url: 'authorizeUrl',
  bot_token: 'botToken',
  client_secret: 'clientSecret',
  members_only: 'membersOnly',
  admin_role_ids: 'adminRoleIds',
};

export function discordAppFormValues(app: DiscordApp): DiscordAppFormValues {
  return {
    applicationId: app.application_id ?? '',
    guildId: app.guild_id ?? '',
    publicKey: app.public_key ?? '',
    authorizeUrl: app.oauth_authorize_url,
    botToken: '',
    clearBotToken: false,
    clientSecret: '',
    clearClientSecret: false,
    membersOnly: app.members_only,
    adminRoleIds: [...app.admin_role_ids],
  };
}

/**
 * A secret goes out only when typed (the new value) or cleared (null); undefined leaves it out, so
 * the stored one stays.
 */
function secret(value: string, clear: boolean): string | null | undefined {
  if (clear) return null;
  return value.trim() || undefined;
}

const idOrNull = (value: string) => value.trim() || null;

/** The request body: every setting as the form shows it, and each secret only when it changes. */
export function discordAppInput(values: DiscordAppFormValues): DiscordAppInput {
  const botToken = secret(values.botToken, values.clearBotToken);
  const clientSecret = secret(values.clientSecret, values.clearClientSecret);
  return {
    application_id: idOrNull(values.applicationId),
    guild_id: idOrNull(values.guildId),
    public_key: idOrNull(values.publicKey),
    oauth_authorize_url: values.authorizeUrl.trim(),
    ...(botToken === undefined ? {} : { bot_token: botToken }),
    ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
    members_only: values.membersOnly,
    admin_role_ids: values.adminRoleIds,
  };
}

/** The contract's own checks, in its words, under the form's fields, before anything is sent. */
export function discordAppFormErrors(values: DiscordAppFormValues): DiscordAppFormErrors {
  const parsed = discordAppInputSchema.safeParse(discordAppInput(values));
  const errors: DiscordAppFormErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0];
    const field = typeof key === 'string' && key in FIELD_OF ? FIELD_OF[key as keyof DiscordAppInput] : null;
    // One message a field: the first says what to fix.
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Role ids typed into one field, separated by commas or spaces, each once. */
export function parseRoleIds(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((id) => id !== ''))];
}
