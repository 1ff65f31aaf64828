import { useInfiniteQuery } from '@tanstack/react-query';
import type { DinkMomentKind, FeedItem } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedListOptions, type ListPage } from '../../../lib/paged-list.ts';

/** What the feed is narrowed to; an absent key is not filtered on. */
export interface FeedFilter {
  kind?: DinkMomentKind | undefined;
  wom_id?: string | undefined;
}

/**
 * One page of the public feed, newest first. The first page of the unfiltered feed is `/api/feed`
 * exactly, the URL the page's HTML preloads; the server's own page size applies.
 */
export const getFeedPage = (filter: FeedFilter, cursor: string | undefined) =>
  api.get<ListPage<FeedItem>>('/api/feed', { kind: filter.kind, wom_id: filter.wom_id, cursor });

export const getFeedQueryOptions = (filter: FeedFilter) =>
  pagedListOptions(['feed', filter.kind ?? null, filter.wom_id ?? null], (cursor) =>
    getFeedPage(filter, cursor),
  );

/** The clan's recent public moments matching the filter, a page at a time. */
export function useFeed(filter: FeedFilter) {
  return useInfiniteQuery(getFeedQueryOptions(filter));
}
