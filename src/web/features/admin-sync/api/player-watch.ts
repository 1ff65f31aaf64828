import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchImportResult } from '#core/player-watch/player-watch.schema.ts';
import type { PlayerWatchStatus } from '#core/sync/sync.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getPlayerWatchStatus = () => api.get<PlayerWatchStatus>('/api/admin/player-watch');

export const playerWatchQueryKey = ['admin', 'player-watch'] as const;

/** The admin members list, whose player-watch flags an import changes (the alerts tab reads them). */
export const adminMembersKey = ['admin', 'members'] as const;

export const runPlayerWatch = () => api.post<{ run_id: number }>('/api/admin/player-watch/run');

/** The list as uploaded: the server checks each case against the contract. */
export const importPlayerWatch = (cases: unknown[]) =>
  api.post<WatchImportResult>('/api/admin/player-watch/import', cases);

/** 'Download now': fetches the list from its configured address in the background. */
export function useRunPlayerWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runPlayerWatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerWatchQueryKey }),
  });
}

export function useImportPlayerWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPlayerWatch,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: playerWatchQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminMembersKey });
    },
  });
}
