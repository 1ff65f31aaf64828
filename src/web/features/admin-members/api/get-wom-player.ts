import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WomPlayerCheck } from '#core/members/wom-player-check.ts';
import { api } from '../../../lib/api-client.ts';

export const getWomPlayer = (womId: string) =>
  api.get<WomPlayerCheck>(`/api/admin/wom-players/${encodeURIComponent(womId)}`);

/** An id as the server takes one: digits, not starting with 0. */
const WOM_ID = /^[1-9]\d{0,9}$/;

/**
 * Who Wise Old Man has for the WOM id typed into Add Member, asked once per id (issue 29). WOM's
 * answer does not change while the form is open: no refetch, and no retry of a refusal.
 */
export function useWomPlayer(womId: string | null) {
  const id = womId?.trim() ?? '';
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'wom-player', id] as const,
      queryFn: () => getWomPlayer(id),
      enabled: WOM_ID.test(id),
      staleTime: Infinity,
      refetchInterval: false,
      retry: false,
    }),
  );
}
