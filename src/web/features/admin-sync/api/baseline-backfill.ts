import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BaselineBackfillStatus } from '#core/members/baseline-backfill.ts';
import type { SyncStatus } from '#core/sync/sync.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { getSyncStatus, syncStatusQueryKey } from './wom-sync.ts';

type WithBackfill = SyncStatus & { baseline_backfill?: BaselineBackfillStatus };

/**
 * The backfill's status rides on GET /api/admin/sync, beside the WOM sync's: this reads the answer
 * the WOM sync panel already polls, so the tab sends no extra request except while a backfill runs.
 */
export function useBackfillStatus() {
  return useQuery<WithBackfill, Error, BaselineBackfillStatus | null>({
    queryKey: syncStatusQueryKey,
    queryFn: getSyncStatus,
    staleTime: Infinity,
    // The WOM panel polls every 10 s while no sync runs: a running backfill's stage is asked every second.
    refetchInterval: (query) => (query.state.data?.baseline_backfill?.running ? 1_000 : false),
    select: (status) => status.baseline_backfill ?? null,
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
