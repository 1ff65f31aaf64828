/**
 * Discord's message limits (../shared/reference/discord-webhooks.md, "Sending" and "Embed limits")
 * and the 400 answers Discord gives when a webhook message breaks them.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** All embeds of one message together. */
  embedTotal: 6000,
  /** Ids listed in `allowed_mentions.users` or `.roles`. */
  mentionIds: 100,
  /** The files of one message together ("Files": default limit 10 MiB per message). */
  fileBytes: 10 * 1024 * 1024,
} as const;

/** Discord's JSON error codes for the answers below. */
export const DISCORD_ERROR_CODES = {
  unknownGuild: 10004,
  unknownMember: 10007,
  unknownRole: 10011,
  unknownWebhook: 10015,
  unknownMessage: 10008,
  maxApplicationCommands: 30032,
  missingAccess: 50001,
  missingPermissions: 50013,
  invalidWebhookToken: 50027,
  emptyMessage: 50006,
  invalidFormBody: 50035,
  invalidJson: 50109,
  requestTooLarge: 40005,
} as const;

export interface DiscordFieldError {
  code: string;
  message: string;
}

/** Discord nests form errors by path: `{"embeds": {"0": {"title": {"_errors": [...]}}}}`. */
export interface DiscordErrorTree {
  _errors?: DiscordFieldError[];
  [key: string]: DiscordErrorTree | DiscordFieldError[] | undefined;
}

export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: DiscordErrorTree;
}

export const EMPTY_MESSAGE: DiscordErrorBody = {
  message: 'Cannot send an empty message',
  code: DISCORD_ERROR_CODES.emptyMessage,
};

export const INVALID_JSON: DiscordErrorBody = {
  message: 'The request body contains invalid JSON.',
  code: DISCORD_ERROR_CODES.invalidJson,
};

export const REQUEST_TOO_LARGE: DiscordErrorBody = {
  message: 'Request entity too large',
  code: DISCORD_ERROR_CODES.requestTooLarge,
};

export const INVALID_FORM_BODY: DiscordErrorBody = {
  message: 'Invalid Form Body',
  code: DISCORD_ERROR_CODES.invalidFormBody,
};

/** Discord counts characters, not UTF-16 units: an emoji is one. */
export const characterCount = (text: string): number => [...text].length;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class FormErrors {
  readonly tree: DiscordErrorTree = {};

  add(path: readonly (string | number)[], error: DiscordFieldError): void {
    let node = this.tree;
    for (const key of path) {
      const child = node[String(key)];
      if (child === undefined || Array.isArray(child)) {
        const created: DiscordErrorTree = {};
        node[String(key)] = created;
        node = created;
      } else {
        node = child;
      }
    }
    (node._errors ??= []).push(error);
  }

  get empty(): boolean {
    return Object.keys(this.tree).length === 0;
  }
}

export const tooLong = (limit: number): DiscordFieldError => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${limit} or fewer in length.`,
});

const notAString: DiscordFieldError = { code: 'BASE_TYPE_BAD_TYPE', message: 'Must be a string.' };
export const notAnArray: DiscordFieldError = { code: 'BASE_TYPE_BAD_TYPE', message: 'Must be an array.' };
const notAnObject: DiscordFieldError = {
  code: 'DICT_TYPE_CONVERT',
  message: 'Only dictionaries may be used in a DictType',
};

/** Checks an optional string at `path` against `limit`; returns its length towards the 6,000 total. */
function checkText(
  errors: FormErrors,
  path: readonly (string | number)[],
  value: unknown,
  limit: number,
): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'string') {
    errors.add(path, notAString);
    return 0;
  }
  const length = characterCount(value);
  if (length > limit) errors.add(path, tooLong(limit));
  return length;
}

/** The embed's own limits; returns its characters towards the message's 6,000. */
function checkEmbed(errors: FormErrors, index: number, embed: unknown): number {
  const at = ['embeds', index];
  if (!isRecord(embed)) {
    errors.add(at, notAnObject);
    return 0;
  }
  let total = checkText(errors, [...at, 'title'], embed.title, DISCORD_LIMITS.title);
  total += checkText(errors, [...at, 'description'], embed.description, DISCORD_LIMITS.description);
  if (embed.footer !== undefined && embed.footer !== null) {
    if (isRecord(embed.footer))
      total += checkText(errors, [...at, 'footer', 'text'], embed.footer.text, DISCORD_LIMITS.footerText);
    else errors.add([...at, 'footer'], notAnObject);
  }
  if (embed.author !== undefined && embed.author !== null) {
    if (isRecord(embed.author))
      total += checkText(errors, [...at, 'author', 'name'], embed.author.name, DISCORD_LIMITS.authorName);
    else errors.add([...at, 'author'], notAnObject);
  }
  if (embed.fields !== undefined && embed.fields !== null) {
    if (!Array.isArray(embed.fields)) {
      errors.add([...at, 'fields'], notAnArray);
      return total;
    }
    if (embed.fields.length > DISCORD_LIMITS.fields)
      errors.add([...at, 'fields'], tooLong(DISCORD_LIMITS.fields));
    embed.fields.forEach((field: unknown, fieldIndex) => {
      const fieldAt = [...at, 'fields', fieldIndex];
      if (!isRecord(field)) {
        errors.add(fieldAt, notAnObject);
        return;
      }
      total += checkText(errors, [...fieldAt, 'name'], field.name, DISCORD_LIMITS.fieldName);
      total += checkText(errors, [...fieldAt, 'value'], field.value, DISCORD_LIMITS.fieldValue);
    });
  }
  return total;
}

/** `parse` and an explicit list of the same kind cannot be combined; a list holds at most 100 ids. */
function checkAllowedMentions(errors: FormErrors, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add(['allowed_mentions'], notAnObject);
    return;
  }
  const parse = Array.isArray(value.parse) ? value.parse : [];
  for (const kind of ['users', 'roles'] as const) {
    const ids = value[kind];
    if (ids === undefined || ids === null) continue;
    if (!Array.isArray(ids)) {
      errors.add(['allowed_mentions', kind], notAnArray);
      continue;
    }
    if (ids.length > DISCORD_LIMITS.mentionIds)
      errors.add(['allowed_mentions', kind], tooLong(DISCORD_LIMITS.mentionIds));
    if (parse.includes(kind))
      errors.add(['allowed_mentions'], {
        code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      });
  }
}

const hasContent = (body: Record<string, unknown>, files: number): boolean =>
  files > 0 ||
  (typeof body.content === 'string' && body.content.length > 0) ||
  (Array.isArray(body.embeds) && body.embeds.length > 0) ||
  (Array.isArray(body.components) && body.components.length > 0) ||
  isRecord(body.poll);

/**
 * Null when Discord would take the message, else the 400 body it answers. The limits apply to the
 * fields sent; for a PATCH, which may change only some of them, `merged` is the message as it would
 * be after the edit, which must not end up empty. A message with `files` attached is not empty.
 */
export function messageError(
  body: Record<string, unknown>,
  merged: Record<string, unknown> = body,
  files = 0,
): DiscordErrorBody | null {
  const errors = new FormErrors();
  checkText(errors, ['content'], body.content, DISCORD_LIMITS.content);
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds)) errors.add(['embeds'], notAnArray);
    else {
      if (body.embeds.length > DISCORD_LIMITS.embeds) errors.add(['embeds'], tooLong(DISCORD_LIMITS.embeds));
      const total = body.embeds.reduce<number>(
        (sum, embed: unknown, index) => sum + checkEmbed(errors, index, embed),
        0,
      );
      if (total > DISCORD_LIMITS.embedTotal)
        errors.add(['embeds'], {
          code: 'MAX_EMBED_SIZE_EXCEEDED',
          message: `Embed size exceeds maximum size of ${DISCORD_LIMITS.embedTotal}`,
        });
    }
  }
  checkAllowedMentions(errors, body.allowed_mentions);
  if (!errors.empty) return { ...INVALID_FORM_BODY, errors: errors.tree };
  return hasContent(merged, files) ? null : EMPTY_MESSAGE;
}
