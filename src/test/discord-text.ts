/**
 * What a Discord client would make of a message's text, for tests that check member text stays
 * text: the addresses it would link (any `scheme://`), and controls that would reorder a line.
 */
export function linkedAddresses(text: string): string[] {
  return [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s<>()[\]]*/gi)].map((match) => match[0]);
}

export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Every text of a message Discord shows: content, and each embed's title, description, fields and footer. */
export function messageTexts(body: { content?: unknown; embeds?: unknown }): string[] {
  const embeds = (body.embeds ?? []) as {
    title?: string;
    description?: string;
    fields?: { name: string; value: string }[];
    footer?: { text: string };
  }[];
  return [
    typeof body.content === 'string' ? body.content : '',
    ...embeds.flatMap((embed) => [
      embed.title ?? '',
      embed.description ?? '',
      embed.footer?.text ?? '',
      ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
    ]),
  ].filter((text) => text !== '');
}
