import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { api } from '../../../lib/api-client.ts';

export type QueueFilter = BingoSubmission['status'];

const queueKey = (boardId: number) => ['bingo', 'queue', boardId] as const;

/** A board's submissions in one state, oldest first (the first 20), for its admins and referees. */
export function useRefereeQueue(boardId: number, status: QueueFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...queueKey(boardId), status],
      queryFn: () => api.get<BingoSubmission[]>(`/api/bingo/${boardId}/queue`, { status }),
    }),
  );
}

/** A decision: approve, deny with a reason, or back to pending; the queue and the board are read again. */
export function useDecide(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: QueueFilter; reason?: string }) =>
      api.patch<BingoSubmission>(`/api/bingo/${boardId}/queue/${id}`, { status, reason }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queueKey(boardId) });
      void queryClient.invalidateQueries({ queryKey: ['bingo', String(boardId)] });
    },
  });
}
