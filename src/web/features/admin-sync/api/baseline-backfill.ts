import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BaselineBackfillStatus } from '#core/members/baseline-backfill.ts';
import type { SyncStatus } from '#core/sync/sync.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getSyncStatus, syncStatusQueryKey } from './wom-sync.ts';

type WithBackfill = SyncStatus & { baseline_backfill?: BaselineBackfillStatus };

/**
 * The backfill's status rides on GET /api/admin/sync, beside the WOM sync's: this reads the answer
 * the WOM sync panel already polls (it never asks on its own), so the tab sends no extra request.
 */
export function useBackfillStatus() {
  return useQuery({
    queryKey: syncStatusQueryKey,
    queryFn: getSyncStatus,
    staleTime: Infinity,
    select: (status: WithBackfill) => status.baseline_backfill ?? null,
  });
}

export const startBackfill = () => api.post<{ run_id: number }>('/api/admin/members/baselines/backfill');

/** Starts the backfill (409 while one runs), then asks for its progress at once. */
export function useStartBackfill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackfill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncStatusQueryKey }),
  });
}
