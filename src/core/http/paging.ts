import { z } from 'zod';
import { MAX_SERIAL_ID } from './params.schema.ts';

/** How many items one page of a list holds unless asked (`limit`), and the most it may hold. */
export const PAGE_LIMITS = { default: 20, max: 100 } as const;

/** Where the next page starts, in newest-first order: after the item created then, with this id. */
export interface PageCursor {
  createdAt: string;
  id: number;
}

export interface Page {
  limit: number;
  cursor?: PageCursor;
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMITS.max}`;
const CURSOR_MESSAGE = 'cursor is not one this list gave out';
/** A cursor's text: base64url, so it passes through a query string untouched. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,80}$/;
const CURSOR_BODY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) ([1-9]\d{0,9})$/;

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replaceAll('-', '+').replaceAll('_', '/'));

/**
 * Opaque to clients, who only send back what `next_cursor` gave them: the server may change what it
 * holds without breaking them.
 */
export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(`${cursor.createdAt} ${cursor.id}`);
}

/** The cursor a text stands for, or null when no list gave it out. */
export function decodeCursor(text: string): PageCursor | null {
  if (!CURSOR_TEXT.test(text)) return null;
  let body: string;
  try {
    body = fromBase64Url(text);
  } catch {
    return null;
  }
  const match = CURSOR_BODY.exec(body);
  if (!match) return null;
  const [, createdAt = '', id = ''] = match;
  if (Number.isNaN(Date.parse(createdAt)) || new Date(createdAt).toISOString() !== createdAt) return null;
  if (Number(id) > MAX_SERIAL_ID) return null;
  return { createdAt, id: Number(id) };
}

/** `limit` and `cursor` of a paged list's query string; anything else is a 400. */
export const pageQueryShape = {
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(PAGE_LIMITS.max, LIMIT_MESSAGE))
    .default(PAGE_LIMITS.default),
  cursor: z
    .string()
    .regex(CURSOR_TEXT, CURSOR_MESSAGE)
    .transform((text, ctx) => {
      const cursor = decodeCursor(text);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    })
    .optional(),
};

/**
 * Whether a list's query string asks for the public first page at the default size, however it is
 * written (none, `scope=public`, `limit=20&scope=public`): the one page of a list kept prebuilt.
 */
export function asksForPublicFirstPage(query: string): boolean {
  const params = [...new URLSearchParams(query)];
  if (new Set(params.map(([key]) => key)).size !== params.length) return false;
  return params.every(([key, value]) =>
    key === 'scope' ? value === 'public' : key === 'limit' && value === String(PAGE_LIMITS.default),
  );
}

/** A page of a list: its items, and the cursor of the next page, null on the last one. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

/**
 * The page out of the rows read for it: the query reads one row past `limit`, so a page that
 * fills exactly is not followed by an empty one.
 */
export function toPage<R extends { created_at: string; id: number }, T>(
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
): { items: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
