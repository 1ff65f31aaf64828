import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dinkLinkPath } from './connect-dink.ts';
import { myDinkLinksQueryKey } from './get-my-dink-links.ts';

/** Revokes a character's Dink address: Dink's posts to it are refused from then on. */
export function useDisconnectDink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (womId: string) => api.delete<null>(dinkLinkPath(womId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myDinkLinksQueryKey }),
  });
}
