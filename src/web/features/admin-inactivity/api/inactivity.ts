import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AwayResult, InactivityList } from '#core/members/inactivity.ts';
import { api } from '../../../lib/api-client.ts';

export const INACTIVITY_PAGE_SIZE = 100;

export const inactivityQueryKey = ['admin', 'inactivity'] as const;

/** Members inactive for `days`, a page at a time, longest inactive first; each page holds the away list. */
export function useInactivity(days: number) {
  return useInfiniteQuery({
    queryKey: [...inactivityQueryKey, days],
    queryFn: ({ pageParam }) =>
      api.get<InactivityList>('/api/admin/inactivity', {
        days,
        limit: INACTIVITY_PAGE_SIZE,
        offset: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => {
      const next = page.offset + page.members.length;
      return next < page.total ? next : undefined;
    },
  });
}

/** Sets or clears a member's away date; every window's list is then stale. */
export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ womId, awayUntil }: { womId: string; awayUntil: string | null }) =>
      api.put<AwayResult>(`/api/admin/members/${encodeURIComponent(womId)}/away`, { away_until: awayUntil }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inactivityQueryKey }),
  });
}

/** The server's CSV of every member inactive for `days`, its file name and row count. */
async function exportInactivity(days: number): Promise<{ blob: Blob; filename: string; count: number }> {
  const { blob, headers } = await api.download(`/api/admin/inactivity/export.csv?days=${days}`);
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `siege-inactive-${days}d.csv`;
  return { blob, filename, count: Number(headers.get('x-member-count') ?? 0) };
}

export function useExportInactivity() {
  return useMutation({ mutationFn: exportInactivity });
}
