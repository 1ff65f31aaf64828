import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { syncGoalsResultSchema } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';
import { playerStatsQueryKey } from './get-player-stats.ts';

type SyncResult = z.infer<typeof syncGoalsResultSchema>;

export const syncProgress = (womId: string) =>
  api.post<SyncResult>('/api/user-goals/sync', { wom_id: womId });

/**
 * Refreshes one character from WOM, then its active goals; every goal list, and the character's
 * current values in the Set a Goal form, show the new values.
 */
export function useSyncProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProgress,
    onSuccess: (_result, womId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: playerStatsQueryKey(womId) }),
      ]),
  });
}
