import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboards } from '#core/leaderboards/leaderboards.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getLeaderboards = () => api.get<Leaderboards>('/api/leaderboards');

export const getLeaderboardsQueryOptions = () =>
  queryOptions({ queryKey: ['leaderboards'], queryFn: getLeaderboards });

export function useLeaderboards() {
  return useQuery(getLeaderboardsQueryOptions());
}
