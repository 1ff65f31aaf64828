import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetScoresResultSchema } from '#core/seasons/season.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { adminMembersQueryKey } from './get-admin-members.ts';

export type ResetScoresResult = z.infer<typeof resetScoresResultSchema>;

export const resetScores = (confirmation: string) =>
  api.post<ResetScoresResult>('/api/admin/siege-scores/reset', { confirmation });

/** Closes the season on the server (one transaction), then reloads every member's score. */
export function useResetScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetScores,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminMembersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['leaderboards'] });
    },
  });
}
