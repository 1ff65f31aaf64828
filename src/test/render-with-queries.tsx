import { QueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProvider } from '#web/app/provider.tsx';
import type { ListPage } from '#web/lib/paged-list.ts';

/**
 * Renders one component (an admin tab) with the app's providers, its server state seeded into the
 * query cache by key. Queries are never retried, so a failed request shows at once.
 */
export function renderWithQueries(ui: ReactElement, queries: Array<[QueryKey, unknown]> = []) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  const view = render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>);
  return { ...view, queryClient };
}

export interface FakeRequest {
  url: URL;
  /** The JSON body sent, parsed. */
  body: unknown;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Stands in for the server: each request goes to the handler named by its method and path
 * (`'POST /api/admin/sync'`). A request no handler names fails the fetch, so the page shows
 * 'Connection failed' and the test's own expectations fail.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[route];
    if (!handler) throw new Error(`unexpected request ${route}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ url, body });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The server's error body with its status. */
export const apiError = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status });

/** A paged list's cache entry holding one page, to seed a list that `useInfiniteQuery` reads. */
export function onePage<T>(items: T[], nextCursor: string | null = null): InfiniteData<ListPage<T>> {
  return { pages: [{ items, next_cursor: nextCursor }], pageParams: [undefined] };
}
