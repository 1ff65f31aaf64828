import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncGoalsResult } from '#core/goals/goals.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { goalsQueryKey } from './get-my-goals.ts';
import { playerStatsQueryKey } from './get-player-stats.ts';

export const syncProgress = (womId: string) =>
  api.post<SyncGoalsResult>('/api/user-goals/sync', { wom_id: womId });

/** What the page refreshes after a sync besides this feature's own queries (the character's card). */
export type OnSynced = (womId: string) => Promise<unknown> | void;

/**
 * Refreshes one character from WOM, then its active goals; every goal list, the character's current
 * values in the Set a Goal form and whatever `onSynced` refreshes show the new values before the
 * sync counts as done.
 */
export function useSyncProgress(onSynced?: OnSynced) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProgress,
    onSuccess: (_result, womId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: playerStatsQueryKey(womId) }),
        onSynced?.(womId),
      ]),
  });
}
