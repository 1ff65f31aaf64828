import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PastSeason } from '#core/seasons/past-seasons.ts';
import { api } from '../../../lib/api-client.ts';

export const getPastSeasons = () => api.get<PastSeason[]>('/api/admin/seasons/past');

export const pastSeasonsQueryKey = ['admin', 'seasons', 'past'] as const;

/** Every season a reset closed, newest first, each with the top of its final standings. */
export function usePastSeasons() {
  return useQuery(queryOptions({ queryKey: pastSeasonsQueryKey, queryFn: getPastSeasons }));
}
