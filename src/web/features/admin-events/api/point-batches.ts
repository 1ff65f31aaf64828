import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventStanding } from '#core/events/admin-events.schema.ts';
import type { PointBatch, PointBatchInput } from '#core/members/point-batches.schema.ts';
import { api } from '../../../lib/api-client.ts';

const pointBatchesQueryKey = ['admin', 'point-batches'] as const;

/** The members an event's stored standings would pay, best first; empty without standings. */
export function useEventStandings(eventId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'events', eventId, 'standings'],
      queryFn: () => api.get<EventStanding[]>(`/api/admin/events/${eventId ?? 0}/standings`),
      enabled: eventId !== null,
    }),
  );
}

/** The latest awards made in one go (the first page), for the events tab to list and undo. */
export function usePointBatches() {
  return useQuery(
    queryOptions({
      queryKey: pointBatchesQueryKey,
      queryFn: () => api.get<PointBatch[]>('/api/admin/point-batches'),
    }),
  );
}

/** Scores and leaderboards move with an award or its undo: they are read again. */
function useBatchMutation<V>(mutationFn: (variables: V) => Promise<PointBatch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [pointBatchesQueryKey, ['admin', 'members'], ['members'], ['leaderboards']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useAwardBatch = () =>
  useBatchMutation((input: PointBatchInput) => api.post<PointBatch>('/api/admin/point-batches', input));

export const useUndoBatch = () =>
  useBatchMutation((id: number) => api.post<PointBatch>(`/api/admin/point-batches/${id}/undo`));
