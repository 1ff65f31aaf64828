import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncStatus } from '#core/sync/sync.schema.ts';
import { api } from '../../../lib/api-client.ts';

export const getSyncStatus = () => api.get<SyncStatus>('/api/admin/sync');

export const syncStatusQueryKey = ['admin', 'sync'] as const;

export const startSync = () => api.post<{ run_id: number }>('/api/admin/sync');

/** 'Sync now': starts a WOM sync (409 while one runs), then asks for its progress at once. */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncStatusQueryKey }),
  });
}
