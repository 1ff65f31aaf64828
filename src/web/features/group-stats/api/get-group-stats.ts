import { queryOptions, useQuery } from '@tanstack/react-query';
import { womGroupStatsSchema } from '#core/wom/wom-data.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getGroupStats = () => api.get('/api/wom-group-stats', womGroupStatsSchema);

export const getGroupStatsQueryOptions = () =>
  queryOptions({ queryKey: ['wom-group-stats'], queryFn: getGroupStats });

/** Maxed counts, averages and each boss's and activity's clan leader. */
export function useGroupStats() {
  return useQuery(getGroupStatsQueryOptions());
}
