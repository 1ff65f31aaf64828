import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminBingoExtrasSchema, BingoTemplate, CreateBingoInput } from '#core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { PointBatch } from '#core/members/point-batches.schema.ts';
import { api } from '../../../lib/api-client.ts';
import type { tilePayload } from '../lib/board-form.ts';

export type AdminBoard = BingoBoardView & z.infer<typeof adminBingoExtrasSchema>;

export interface BoardListItem {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  status: 'upcoming' | 'running' | 'finished';
}

const boardsKey = ['admin', 'bingo'] as const;
const boardKey = (id: number) => ['admin', 'bingo', id] as const;

/** The boards, newest first (the first page of 20), as the public list has them. */
export function useBoards() {
  return useQuery(
    queryOptions({ queryKey: boardsKey, queryFn: () => api.get<{ items: BoardListItem[] }>('/api/bingo') }),
  );
}

export function useAdminBoard(id: number) {
  return useQuery(
    queryOptions({ queryKey: boardKey(id), queryFn: () => api.get<AdminBoard>(`/api/admin/bingo/${id}`) }),
  );
}

/** After any change the dashboard's boards and the public ones are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: boardsKey });
    void queryClient.invalidateQueries({ queryKey: ['bingo'] });
  };
}

export function useSaveBoard(id: number | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateBingoInput) =>
      id === null
        ? api.post<BingoBoardView>('/api/admin/bingo', body)
        : api.put<BingoBoardView>(`/api/admin/bingo/${id}`, body),
    onSuccess: refresh,
  });
}

export function useAddTile(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (tile: ReturnType<typeof tilePayload>) =>
      api.post<BingoBoardView>(`/api/admin/bingo/${id}/tiles`, tile),
    onSuccess: refresh,
  });
}

export function useDeleteBoard(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => api.delete<null>(`/api/admin/bingo/${id}`), onSuccess: refresh });
}

export function useSetReferees(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (usernames: string[]) => api.put<null>(`/api/admin/bingo/${id}/referees`, { usernames }),
    onSuccess: refresh,
  });
}

export function useBookPoints(id: number) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PointBatch>(`/api/admin/bingo/${id}/points`),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
    },
  });
}

export interface Balanced {
  total: number;
  members: Array<{ wom_id: string; name: string }>;
}

/** Splits members into teams of near-equal EHB + EHP; nothing is saved until the board is. */
export function useBalance() {
  return useMutation({
    mutationFn: (body: { members: string[]; teams: number }) =>
      api.post<Balanced[]>('/api/admin/bingo/balance', body),
  });
}

const templatesKey = ['admin', 'bingo-templates'] as const;

export function useTemplates() {
  return useQuery(
    queryOptions({
      queryKey: templatesKey,
      queryFn: () => api.get<BingoTemplate[]>('/api/admin/bingo/templates'),
    }),
  );
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; board_id: number }) =>
      api.post<BingoTemplate>('/api/admin/bingo/templates', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
