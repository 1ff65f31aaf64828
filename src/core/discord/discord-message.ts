/** What the site posts to a webhook: the part of Discord's message body it uses. */
export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  fields?: DiscordEmbedField[];
  footer?: { text: string };
  /** `attachment://{name}` shows a file sent with the message (multipart `files[n]`). */
  image?: { url: string };
}

export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  /**
   * `{parse: []}` once fitted: nothing the site posts may ping anyone, except the members named in
   * `users` who chose to be mentioned in news about them (`withMentions`).
   */
  allowed_mentions?: { parse: []; users?: string[] };
}

/** Discord's documented limits (reference/discord-webhooks.md); a message over any is refused. */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedTotal: 6000,
} as const;

const ELLIPSIS = '…';

/** "+N more" for what a list had to leave out. */
export function moreLine(count: number): string {
  return `+${count} more`;
}

function cutText(text: string, limit: number): string {
  const chars = [...text];
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join('')}${ELLIPSIS}`;
}

function length(text: string | undefined): number {
  return text ? [...text].length : 0;
}

/** The line a list already cut upstream ends with (`moreLine`): its count is left out too. */
const MORE_LINE = /^\+(\d+) more$/;

/**
 * Text cut to `limit` at a line break, ending in "+N more" for the lines left out, so a long list
 * reads as a list; a single line too long for the limit is cut in the middle. A list that already
 * ends in "+M more" keeps one such line, counting both.
 */
export function cutLines(text: string, limit: number): string {
  if (length(text) <= limit) return text;
  const lines = text.split('\n');
  const already = MORE_LINE.exec(lines.at(-1) ?? '');
  const items = already ? lines.slice(0, -1) : lines;
  const leftBefore = already ? Number(already[1]) : 0;
  // Lengths of the first k lines joined, for every k: one pass instead of one join per try.
  const kept: number[] = [0];
  items.forEach((line, index) => kept.push((kept[index] as number) + length(line) + (index > 0 ? 1 : 0)));
  for (let count = items.length - 1; count > 0; count -= 1) {
    const more = moreLine(items.length - count + leftBefore);
    if ((kept[count] as number) + 1 + length(more) <= limit) {
      return `${items.slice(0, count).join('\n')}\n${more}`;
    }
  }
  return cutText(text, limit);
}

function embedLength(embed: DiscordEmbed): number {
  const fields = fieldsLength(embed.fields ?? []);
  return length(embed.title) + length(embed.description) + length(embed.footer?.text) + fields;
}

/** A field's name Discord requires but a "+N more" field does not need. */
const BLANK = '\u200b';

function moreField(count: number): DiscordEmbedField {
  return { name: BLANK, value: moreLine(count) };
}

function fieldsLength(fields: DiscordEmbedField[]): number {
  return fields.reduce((sum, field) => sum + length(field.name) + length(field.value), 0);
}

function fitFields(fields: DiscordEmbedField[]): DiscordEmbedField[] {
  const fitted = fields.map((field) => ({
    ...field,
    name: cutText(field.name, DISCORD_LIMITS.fieldName) || BLANK,
    value: cutLines(field.value, DISCORD_LIMITS.fieldValue) || BLANK,
  }));
  if (fitted.length <= DISCORD_LIMITS.fields) return fitted;
  const kept = fitted.slice(0, DISCORD_LIMITS.fields - 1);
  return [...kept, moreField(fitted.length - kept.length)];
}

function fitEmbed(embed: DiscordEmbed): DiscordEmbed {
  const fitted: DiscordEmbed = { ...embed };
  if (embed.title !== undefined) fitted.title = cutText(embed.title, DISCORD_LIMITS.title);
  if (embed.description !== undefined) {
    fitted.description = cutLines(embed.description, DISCORD_LIMITS.description);
  }
  if (embed.footer) fitted.footer = { text: cutText(embed.footer.text, DISCORD_LIMITS.footer) };
  if (embed.fields) fitted.fields = fitFields(embed.fields);
  return fitted;
}

/** A description shorter than this is not worth keeping cut: the embed's fields go first. */
const SHORTEST_DESCRIPTION = 40;

/**
 * The embed within `budget` characters: its last fields left out (and counted in a "+N more" field)
 * until its description has room, then the description cut; null when even that does not fit.
 */
function shrinkEmbed(embed: DiscordEmbed, budget: number): DiscordEmbed | null {
  const all = embed.fields ?? [];
  const last = all.at(-1);
  const already = last?.name === BLANK ? MORE_LINE.exec(last.value) : null;
  const items = already ? all.slice(0, -1) : all;
  const leftBefore = already ? Number(already[1]) : 0;
  const fixed = length(embed.title) + length(embed.footer?.text);
  const wanted = Math.min(length(embed.description), SHORTEST_DESCRIPTION);
  let fields = all;
  for (let kept = items.length - 1; kept >= 0 && budget - fixed - fieldsLength(fields) < wanted; kept -= 1) {
    fields = [...items.slice(0, kept), moreField(items.length - kept + leftBefore)];
  }
  const room = budget - fixed - fieldsLength(fields);
  if (room < wanted) return null;
  const shrunk: DiscordEmbed = { ...embed };
  if (embed.fields) shrunk.fields = fields;
  if (embed.description !== undefined) shrunk.description = cutLines(embed.description, room);
  return shrunk;
}

/** How many embeds an embed stands for: a "+N more" embed counts the N it replaced. */
function embedsCounted(embed: DiscordEmbed): number {
  const more = embed.title === undefined && !embed.fields ? MORE_LINE.exec(embed.description ?? '') : null;
  return more ? Number(more[1]) : 1;
}

/**
 * Shrinks the last embeds, then drops whole ones, until all fit in 6,000 characters together; the
 * ones dropped are counted in a last "+N more" embed, whose characters count too.
 */
function fitTotal(embeds: DiscordEmbed[]): DiscordEmbed[] {
  const result = [...embeds];
  let dropped = 0;
  const total = () =>
    result.reduce((sum, embed) => sum + embedLength(embed), 0) +
    (dropped > 0 ? length(moreLine(dropped)) : 0);
  for (let index = result.length - 1; index >= 0 && total() > DISCORD_LIMITS.embedTotal; index -= 1) {
    const embed = result[index] as DiscordEmbed;
    const shrunk = shrinkEmbed(embed, DISCORD_LIMITS.embedTotal - (total() - embedLength(embed)));
    if (shrunk === null && index > 0) {
      result.splice(index, 1);
      dropped += embedsCounted(embed);
    } else {
      // The first embed always fits: its title and footer take at most 2,304 characters.
      result[index] = shrunk as DiscordEmbed;
    }
  }
  return dropped > 0 ? [...result, { description: moreLine(dropped) }] : result;
}

/**
 * A message within every limit Discord enforces, cut with "+N more" where a list was long, and with
 * mentions disabled so no player's name or achievement can ping anyone.
 */
export function fitToDiscordLimits(message: DiscordMessage): DiscordMessage {
  const fitted: DiscordMessage = { allowed_mentions: { parse: [] } };
  if (message.content) fitted.content = cutLines(message.content, DISCORD_LIMITS.content);
  if (message.embeds && message.embeds.length > 0) {
    let embeds = message.embeds.map(fitEmbed);
    if (embeds.length > DISCORD_LIMITS.embeds) {
      const left = embeds.length - (DISCORD_LIMITS.embeds - 1);
      embeds = [...embeds.slice(0, DISCORD_LIMITS.embeds - 1), { description: moreLine(left) }];
    }
    fitted.embeds = fitTotal(embeds);
  }
  if (!fitted.content && !fitted.embeds) fitted.content = ELLIPSIS;
  return fitted;
}

/** Discord allows at most this many users in `allowed_mentions.users`. */
export const MAX_MENTIONED_USERS = 100;

/**
 * A fitted message that pings these Discord users, and only them: each is named at the start of the
 * content and listed in `allowed_mentions.users` (Discord pings a mention only when it is listed).
 */
export function withMentions(message: DiscordMessage, userIds: readonly string[]): DiscordMessage {
  const users = [...new Set(userIds)].filter((id) => /^\d{1,20}$/.test(id)).slice(0, MAX_MENTIONED_USERS);
  if (users.length === 0) return message;
  const mentions = users.map((id) => `<@${id}>`).join(' ');
  const room = DISCORD_LIMITS.content - mentions.length - 1;
  const content = message.content ? `${mentions}\n${cutLines(message.content, room)}` : mentions;
  return {
    ...message,
    content,
    allowed_mentions: { parse: [], users },
  };
}
