import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  asksForPublicFirstPage,
  decodeCursor,
  encodeCursor,
  PAGE_LIMITS,
  pageQueryShape,
  toPage,
} from './paging.ts';

const query = z.object(pageQueryShape);

describe('page query', () => {
  it('holds 20 items unless asked, and at most 100', () => {
    expect(query.parse({})).toEqual({ limit: PAGE_LIMITS.default });
    expect(query.parse({ limit: '1' }).limit).toBe(1);
    expect(query.parse({ limit: '100' }).limit).toBe(100);
    expect(PAGE_LIMITS).toEqual({ default: 20, max: 100 });
  });

  it.each(['0', '101', '-1', '1e2', '0x10', ' 5', '5.5', '', 'abc', '007'])(
    'rejects the limit %j',
    (limit) => {
      expect(query.safeParse({ limit }).success).toBe(false);
    },
  );

  it('reads back a cursor it gave out', () => {
    const cursor = { createdAt: '2026-11-21T12:00:00.000Z', id: 42 };
    expect(query.parse({ cursor: encodeCursor(cursor) }).cursor).toEqual(cursor);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['base64url of something else', encodeCursor({ createdAt: 'x', id: 1 })],
    ['an impossible date', btoa('2026-02-31T12:00:00.000Z 4').replaceAll('=', '')],
    [
      'an id past the largest integer column',
      btoa('2026-11-21T12:00:00.000Z 2147483648').replaceAll('=', ''),
    ],
    ['too long', 'A'.repeat(81)],
    ['empty', ''],
  ])('rejects a cursor that is %s', (_what, cursor) => {
    expect(query.safeParse({ cursor }).success).toBe(false);
    expect(decodeCursor(cursor)).toBeNull();
  });
});

describe('toPage', () => {
  const rows = [3, 2, 1].map((id) => ({ id, created_at: `2026-11-2${id}T00:00:00.000Z` }));

  it('gives the cursor after the last item shown when a row is left over', () => {
    const page = toPage(rows, 2, (row) => row.id);
    expect(page.items).toEqual([3, 2]);
    expect(decodeCursor(page.next_cursor!)).toEqual({ createdAt: '2026-11-22T00:00:00.000Z', id: 2 });
  });

  it('gives no cursor on the last page, even one that fills exactly', () => {
    expect(toPage(rows, 3, (row) => row.id)).toEqual({ items: [3, 2, 1], next_cursor: null });
    expect(toPage([], 3, (row: (typeof rows)[number]) => row.id)).toEqual({ items: [], next_cursor: null });
  });
});

describe('asksForPublicFirstPage', () => {
  it.each([
    '',
    'scope=public',
    'limit=20',
    'scope=public&limit=20',
    'limit=20&scope=public',
    'scope=publi%63',
  ])('reads %j as the public first page', (query) => {
    expect(asksForPublicFirstPage(query)).toBe(true);
  });

  it.each([
    'scope=mine',
    'limit=21',
    'limit=020',
    'cursor=abc',
    'scope=public&scope=mine',
    'scope=public&scope=public',
    'scope=public&wom_id=42',
    'other=1',
  ])('leaves %j to the route', (query) => {
    expect(asksForPublicFirstPage(query)).toBe(false);
  });
});
