import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { api } from '../../../lib/api-client.ts';

/** A member's proof for a tile: the note and the screenshot as a form; the board is read again. */
export function useSendProof(boardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tileId, note, file }: { tileId: number; note: string; file: File }) => {
      const form = new FormData();
      form.append('note', note);
      form.append('file', file);
      return api.post<BingoSubmission>(`/api/bingo/${boardId}/tiles/${tileId}/submissions`, form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['bingo', String(boardId)] }),
  });
}
