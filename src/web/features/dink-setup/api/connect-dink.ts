import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DinkLinkCreated } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { myDinkLinksQueryKey } from './get-my-dink-links.ts';

export const dinkLinkPath = (womId: string) => `/api/me/characters/${encodeURIComponent(womId)}/dink`;

/** A new Dink address for a character, replacing any earlier one; the answer is its only showing. */
export function useConnectDink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (womId: string) => api.post<DinkLinkCreated>(dinkLinkPath(womId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myDinkLinksQueryKey }),
  });
}
