import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getGroupStats = () => api.get<WomGroupStats>('/api/wom-group-stats');

export const getGroupStatsQueryOptions = () =>
  queryOptions({ queryKey: ['wom-group-stats'], queryFn: getGroupStats });

/** Maxed counts, averages and each boss's and activity's clan leader. */
export function useGroupStats() {
  return useQuery(getGroupStatsQueryOptions());
}
