import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getPlayerStats = (womId: string) => api.get<WomPlayerItem>('/api/pwom-player', { id: womId });

export const playerStatsQueryKey = (womId: string) => ['pwom-player', womId] as const;

/** A character's latest stored snapshot, once a character is chosen. */
export function usePlayerStats(womId: string) {
  return useQuery(
    queryOptions({
      queryKey: playerStatsQueryKey(womId),
      queryFn: () => getPlayerStats(womId),
      enabled: womId !== '',
    }),
  );
}
