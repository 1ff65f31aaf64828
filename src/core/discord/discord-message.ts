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
}

export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  /** Always `{parse: []}` once fitted: nothing the site posts may ping anyone. */
  allowed_mentions?: { parse: [] };
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

/**
 * Text cut to `limit` at a line break, ending in "+N more" for the lines left out, so a long list
 * reads as a list; a single line too long for the limit is cut in the middle.
 */
export function cutLines(text: string, limit: number): string {
  if (length(text) <= limit) return text;
  const lines = text.split('\n');
  for (let kept = lines.length - 1; kept > 0; kept -= 1) {
    const candidate = `${lines.slice(0, kept).join('\n')}\n${moreLine(lines.length - kept)}`;
    if (length(candidate) <= limit) return candidate;
  }
  return cutText(text, limit);
}

function embedLength(embed: DiscordEmbed): number {
  const fields = (embed.fields ?? []).reduce((sum, f) => sum + length(f.name) + length(f.value), 0);
  return length(embed.title) + length(embed.description) + length(embed.footer?.text) + fields;
}

function fitFields(fields: DiscordEmbedField[]): DiscordEmbedField[] {
  const fitted = fields.map((field) => ({
    ...field,
    name: cutText(field.name, DISCORD_LIMITS.fieldName) || '\u200b',
    value: cutLines(field.value, DISCORD_LIMITS.fieldValue) || '\u200b',
  }));
  if (fitted.length <= DISCORD_LIMITS.fields) return fitted;
  const kept = fitted.slice(0, DISCORD_LIMITS.fields - 1);
  return [...kept, { name: '\u200b', value: moreLine(fitted.length - kept.length) }];
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

/** Shortens the last embeds' descriptions, then drops whole embeds, until all fit in 6,000. */
function fitTotal(embeds: DiscordEmbed[]): DiscordEmbed[] {
  const result = [...embeds];
  let total = result.reduce((sum, embed) => sum + embedLength(embed), 0);
  for (let index = result.length - 1; index >= 0 && total > DISCORD_LIMITS.embedTotal; index -= 1) {
    const embed = result[index] as DiscordEmbed;
    const others = total - embedLength(embed);
    const room = DISCORD_LIMITS.embedTotal - others - (embedLength(embed) - length(embed.description));
    if (embed.description && room >= 40) {
      result[index] = { ...embed, description: cutLines(embed.description, room) };
      total = others + embedLength(result[index] as DiscordEmbed);
    } else if (index > 0) {
      result.splice(index, 1);
      total = others;
    } else {
      // One embed whose title, fields and footer alone pass the limit: keep the title only.
      result[0] = { title: embed.title ?? moreLine(0), ...(embed.url ? { url: embed.url } : {}) };
      total = embedLength(result[0]);
    }
  }
  return result;
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
