import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';

export const deleteGoal = (id: number) => api.delete<null>(`/api/user-goals/${id}`);

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  });
}
