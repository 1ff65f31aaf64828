import { queryOptions, useQuery } from '@tanstack/react-query';
import { leaderboardsSchema } from '#core/leaderboards/leaderboards.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getLeaderboards = () => api.get('/api/leaderboards', leaderboardsSchema);

export const getLeaderboardsQueryOptions = () =>
  queryOptions({ queryKey: ['leaderboards'], queryFn: getLeaderboards });

export function useLeaderboards() {
  return useQuery(getLeaderboardsQueryOptions());
}
