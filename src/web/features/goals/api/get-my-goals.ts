import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** Every goal list in the cache starts with this key, so a change to one goal refreshes them all. */
export const goalsQueryKey = ['user-goals'] as const;

export const myGoalsQueryKey = [...goalsQueryKey, 'mine'] as const;

export const getMyGoals = () => api.get<Goal[]>('/api/user-goals', { scope: 'mine' });

/** The signed-in user's goals, private ones too, brought up to date by the server as they load. */
export function useMyGoals() {
  return useQuery(queryOptions({ queryKey: myGoalsQueryKey, queryFn: getMyGoals }));
}
