import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyDinkLink } from '#core/dink/dink.schema.ts';
import { api } from '../../../lib/api-client.ts';
import { dinkLinkPath } from './connect-dink.ts';
import { myDinkLinksQueryKey } from './get-my-dink-links.ts';

/** Puts a character's moments on the public feed or keeps them off it; the list takes the answer. */
export function useSetDinkSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ womId, sharePublic }: { womId: string; sharePublic: boolean }) =>
      api.patch<MyDinkLink>(dinkLinkPath(womId), { share_public: sharePublic }),
    onSuccess: (saved) =>
      queryClient.setQueryData<MyDinkLink[]>(myDinkLinksQueryKey, (links) =>
        links?.map((link) => (link.wom_id === saved.wom_id ? saved : link)),
      ),
  });
}
