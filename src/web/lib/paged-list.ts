import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/** One page of a paged list, as `GET /api/races` and `GET /api/user-goals` answer. */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A paged list as an infinite query: the first page without a cursor (the URL the server may have
 * prebuilt), each next one from the cursor the last page gave.
 */
export function pagedListOptions<T, K extends QueryKey>(
  queryKey: K,
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: ListPage<T>) => page.next_cursor ?? undefined,
  });
}

/** Every item of the pages loaded so far, in order. */
export function itemsOf<T>(data: InfiniteData<ListPage<T>>): T[] {
  return data.pages.flatMap((page) => page.items);
}
