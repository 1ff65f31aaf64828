import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalInput, Goal } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';

export const createGoal = (body: CreateGoalInput) => api.post<Goal>('/api/user-goals', body);

/** Sets a goal; the server takes its start value from the character's snapshot. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  });
}
