import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyBingo } from '#core/bingo/bingo.schema.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { api } from '../../../lib/api-client.ts';

const myBingoKey = (boardId: number) => ['me', 'bingo', boardId] as const;

/** The signed-in member's team on a board, the codeword once it runs, and their sign-ups. */
export function useMyBingo(boardId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: myBingoKey(boardId),
      queryFn: () => api.get<MyBingo>(`/api/me/bingo/${boardId}`),
      enabled,
    }),
  );
}

/** Puts a character on the board's sign-up list, or takes it off. */
export function useSetSignup(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ womId, signedUp }: { womId: string; signedUp: boolean }) =>
      signedUp
        ? api.put<MyBingo>(`/api/bingo/${boardId}/signups/${womId}`)
        : api.delete<MyBingo>(`/api/bingo/${boardId}/signups/${womId}`),
    onSuccess: (mine) => queryClient.setQueryData(myBingoKey(boardId), mine),
  });
}

/** The member's own proofs, newest first, with the referee's decision. */
export function useMySubmissions() {
  return useQuery(
    queryOptions({
      queryKey: ['me', 'bingo', 'submissions'],
      queryFn: () => api.get<BingoSubmission[]>('/api/me/bingo/submissions'),
    }),
  );
}
