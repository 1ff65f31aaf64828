import type { DiscordMessage } from './discord-message.ts';

/** The screenshot types Dink sends and the site keeps, by the extension Discord shows. */
const EXTENSIONS: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The name a moment's screenshot is sent under (`moment.png`, `moment.jpg`); null for another type. */
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
