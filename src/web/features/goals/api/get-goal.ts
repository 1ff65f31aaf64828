import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoalDetail } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';

export const getGoal = (id: number) => api.get<GoalDetail>(`/api/user-goals/${id}`);

/** One goal with every value a sync saw for it; a private goal only for its owner (and admins). */
export function useGoal(id: number) {
  return useQuery(queryOptions({ queryKey: [...goalsQueryKey, 'detail', id], queryFn: () => getGoal(id) }));
}
