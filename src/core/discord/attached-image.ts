import type { DiscordMessage } from './discord-message.ts';

/** The screenshot type the site keeps (decision 031), by the extension Discord shows. */
const EXTENSIONS: Readonly<Record<string, string>> = { 'image/webp': 'webp' };

/** The name a moment's screenshot is sent under (`moment.webp`); null for another type. */
export function momentImageName(contentType: string): string | null {
  const extension = EXTENSIONS[contentType.toLowerCase()];
  return extension === undefined ? null : `moment.${extension}`;
}

/** The message with its first embed showing the file sent beside it under `name`. */
export function withAttachedImage(message: DiscordMessage, name: string): DiscordMessage {
  const [first, ...rest] = message.embeds ?? [];
  if (first === undefined) return message;
  return { ...message, embeds: [{ ...first, image: { url: `attachment://${name}` } }, ...rest] };
}
