import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { api } from '../../../lib/api-client.ts';

export interface BingoListItem {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  status: 'upcoming' | 'running' | 'finished';
}

/** The boards, newest first (the first page of 20). */
export function useBingoList() {
  return useQuery(
    queryOptions({ queryKey: ['bingo'], queryFn: () => api.get<{ items: BingoListItem[] }>('/api/bingo') }),
  );
}

/** One board with every team's progress; it moves as posts and syncs arrive, so it is read again each minute. */
export function useBingoBoard(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['bingo', id],
      queryFn: () => api.get<BingoBoardView>(`/api/bingo/${encodeURIComponent(id)}`),
      refetchInterval: 60_000,
    }),
  );
}
