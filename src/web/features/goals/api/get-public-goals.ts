import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';

export const publicGoalsQueryKey = [...goalsQueryKey, 'public'] as const;

export const getPublicGoals = () => api.get<Goal[]>('/api/user-goals', { scope: 'public' });

/** Every member's public goals, newest first: the progress page's Member Goals. */
export function usePublicGoals() {
  return useQuery(queryOptions({ queryKey: publicGoalsQueryKey, queryFn: getPublicGoals }));
}
