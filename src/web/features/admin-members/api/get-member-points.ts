import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PointsHistory } from '#core/members/points-history.ts';
import { api } from '../../../lib/api-client.ts';

/** How many ledger rows the expanded row shows at first and adds with each "Show more". */
export const POINTS_PAGE_SIZE = 10;

export const getMemberPoints = (womId: string, cursor?: string) =>
  api.get<PointsHistory>(`/api/admin/members/${encodeURIComponent(womId)}/points`, {
    limit: POINTS_PAGE_SIZE,
    cursor,
  });

/**
 * The member's ledger, keyed also by when the member last changed: every write that moves a score
 * also sets `updated_at`, so points given from the row (or by a sync) show here without a reload.
 */
export const memberPointsQueryKey = (womId: string, memberUpdatedAt: string | null) =>
  ['admin', 'member-points', womId, memberUpdatedAt] as const;

/**
 * The member's points in the open season, newest first, a page at a time. While a newer version
 * of the same member's list loads, the one shown stays rather than blinking to "Loading"; another
 * member's never stands in.
 */
export function useMemberPoints(womId: string, memberUpdatedAt: string | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: memberPointsQueryKey(womId, memberUpdatedAt),
      queryFn: ({ pageParam }) => getMemberPoints(womId, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page: PointsHistory) => page.next_cursor ?? undefined,
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[2] === womId ? previous : undefined,
    }),
  );
}
